// Moderation through real browsers (issue 34, "Moderated": "a reported
// line hidden on every page that shows it"): Bruno writes a line to Anna;
// Anna reports it from the chat beside
// the game; Ola, made an administrator by `novuss admin grant`, opens the
// moderators' page, reads the report and hides the line; it leaves
// Anna's and Bruno's pages at once. Undone from the log, it comes back.
// A visitor who is not an administrator sees only that the page is not
// theirs. The real `novuss serve` on loopback, Debian's Chromium;
// screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ARTIFACTS, BIN, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';
import { en } from '../../web/locales/en/pages.js';
import { en as words } from '../../web/locales/en/game.js';

const LONG = 60_000;
const table = tableFor('moderation');

/** Whether `page`'s chat shows a line containing `text`. */
const shows = (page, text) => page.evaluate((x) => [...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes(x)), text);
const untilShown = (page, text, yes = true) => page.waitForFunction(([x, y]) => [...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes(x)) === y, [text, yes], { timeout: LONG });

test('a reported line is hidden from every page that shows it, and shown again by undoing', { timeout: 300_000 }, async () => {
  const anna = await table.person('anna');
  const { link } = await inviteFriend(anna, table.base, { name: 'Anna' });
  const bruno = await table.person('bruno');
  await bruno.goto(link);
  await bruno.waitForSelector('#chat:not([hidden]) #chat-log', { timeout: LONG });
  await anna.waitForSelector('#chat:not([hidden]) #chat-log', { timeout: LONG });
  await bruno.fill('#chat-input', 'tu esi muļķis');
  await bruno.click('#chat-send');
  await untilShown(anna, 'tu esi muļķis');
  await untilShown(bruno, 'tu esi muļķis');
  assert.equal(await bruno.locator('#chat-log .chat-report').count(), 0, 'nobody reports their own line');

  // Anna reports it from the chat.
  await anna.click('#chat-log li:has-text("tu esi muļķis") .chat-report');
  await anna.waitForSelector('dialog#report-dialog[open]');
  assert.equal(await anna.textContent('#report-heading'), words['report.heading.chat_line']);
  await anna.selectOption('#report-reason', 'abuse');
  await anna.fill('#report-note', 'an insult');
  assert.deepEqual(await axeProblems(anna), []);
  await anna.screenshot({ path: path.join(ARTIFACTS, 'moderation-report.png') });
  await anna.click('#report-send');
  await anna.waitForFunction((x) => document.getElementById('report-heading')?.textContent === x, words['report.thanks'], { timeout: LONG });
  await anna.click('#report-close');
  await anna.waitForSelector('dialog#report-dialog', { state: 'detached' });

  // A visitor who is no administrator gets nothing of the page.
  const ola = await table.person('ola', { viewport: { width: 1280, height: 1000 } });
  await ola.goto(`${table.base}account.html`);
  await ola.waitForSelector('#register-form');
  await ola.fill('#register-username', 'ola_mod');
  await ola.fill('#register-password', 'a long password');
  await ola.click('#register-form button[type=submit]');
  await ola.waitForSelector('#signed-in:not([hidden])', { timeout: LONG });
  await ola.goto(`${table.base}admin.html`);
  await ola.waitForFunction((x) => document.getElementById('admin-status')?.textContent === x, en['admin.not_admin'], { timeout: LONG });
  assert.ok(await ola.isHidden('#admin-body'));

  // Made one from the command line, she reads the report and hides the line.
  execFileSync(BIN, ['admin', 'grant', 'ola_mod', '--data-dir', table.data]);
  await ola.reload();
  const report = ola.locator('#reports li.open');
  await report.first().waitFor({ timeout: LONG });
  assert.match(await report.first().textContent(), /tu esi muļķis/);
  assert.match(await report.first().textContent(), /an insult/);
  // An action without a reason is not taken: the field says so.
  await report.first().locator('[data-hide]').click();
  await ola.waitForFunction((x) => document.getElementById('reason-hint')?.textContent === x, en['admin.reason_needed']);
  assert.ok(await shows(anna, 'tu esi muļķis'), 'nothing was done');
  await ola.fill('#reason', 'an insult in the players’ chat');
  await report.first().locator('[data-hide]').click();
  await ola.waitForFunction((x) => document.getElementById('admin-status')?.textContent === x, en['admin.done'], { timeout: LONG });

  // Gone from both players' pages, which were open all along.
  await untilShown(anna, 'tu esi muļķis', false);
  await untilShown(bruno, 'tu esi muļķis', false);
  assert.equal(await ola.locator('#reports li.open').count(), 0, 'the report was answered');
  assert.deepEqual(await axeProblems(ola), []);
  await ola.screenshot({ path: path.join(ARTIFACTS, 'moderation-admin.png'), fullPage: true });
  // A page opened now does not show it either.
  await anna.reload();
  await anna.waitForSelector('#chat:not([hidden]) #chat-log', { timeout: LONG });
  assert.ok(!(await shows(anna, 'tu esi muļķis')));

  // Undone from the log: the line is back on both pages.
  await ola.fill('#reason', 'it was a joke between friends');
  await ola.locator('#log [data-undo]').first().click();
  await untilShown(bruno, 'tu esi muļķis');
  await untilShown(anna, 'tu esi muļķis');
  await ola.waitForSelector('#log li.undone', { timeout: LONG });

  // His history: the line, both actions; muted from there, his next line
  // is refused on his own page in his words.
  await ola.locator('#log li').first().getByRole('button', { name: en['admin.open_person'] }).click();
  await ola.waitForSelector('#person-box:not([hidden]) #person-lines li[data-line]', { timeout: LONG });
  assert.match(await ola.textContent('#person-lines'), /tu esi muļķis/);
  assert.equal(await ola.locator('#person-log li').count(), 2);
  await ola.fill('#reason', 'cool down for a while');
  await ola.click('#person-actions [data-act="mute"]');
  await ola.waitForFunction((x) => document.getElementById('person-standing')?.textContent.includes(x), en['admin.standing.muted'], { timeout: LONG });
  await ola.screenshot({ path: path.join(ARTIFACTS, 'moderation-log.png'), fullPage: true });
  await bruno.fill('#chat-input', 'vēl viena rinda');
  await bruno.click('#chat-send');
  await bruno.waitForFunction((x) => document.body.textContent.includes(x), words['error.muted'], { timeout: LONG });
  assert.ok(!(await shows(anna, 'vēl viena rinda')), 'his line reached nobody');

  // Anna blocks Bruno from his page; her account page lists him, and
  // unblocks him.
  const game = new URL(bruno.url()).hash.match(/game=([0-9a-f]+)/)[1];
  const brunoId = await anna.evaluate(async (g) => (await (await fetch(`/api/games/${g}`)).json()).seats[1].person, game);
  await anna.goto(`${table.base}player.html#id=${brunoId}`);
  await anna.waitForSelector('#report-actions:not([hidden]) [data-block="on"]', { timeout: LONG });
  await anna.click('[data-block="on"]');
  await anna.waitForSelector('#blocked-note', { timeout: LONG });
  assert.equal(await anna.textContent('[data-block]'), words['block.unblock']);
  await anna.goto(`${table.base}account.html`);
  await anna.waitForSelector('#blocks-card:not([hidden]) #blocks li', { timeout: LONG });
  assert.equal(await anna.locator('#blocks li').count(), 1);
  assert.deepEqual(await axeProblems(anna), []);
  await anna.screenshot({ path: path.join(ARTIFACTS, 'moderation-blocks.png'), fullPage: true });
  await anna.click('#blocks li button');
  await anna.waitForSelector('#no-blocks:not([hidden])', { timeout: LONG });
  for (const p of [anna, bruno, ola]) assert.deepEqual(p.errors, []);
});
