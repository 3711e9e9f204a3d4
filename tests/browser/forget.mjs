// Deleting an account from the account page (issue 34, "People's data is
// theirs"; docs/privacy.md): Anna, signed in, plays Bruno at another
// browser and says something in the chat; she deletes her account (a
// wrong password first, which deletes nothing). Bruno's page, open the
// whole time, shows her as "a deleted player", her line gone and the
// game resigned; the replay still plays. The real `novuss serve` on
// loopback, Debian's Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';
import { en } from '../../web/locales/en/pages.js';
import { en as words } from '../../web/locales/en/game.js';
import { lv } from '../../web/locales/lv/pages.js';

const LONG = 60_000;
const table = tableFor('forget');

/** The chat's lines on `page`. */
const lines = (page) => page.$$eval('#chat-log li', (li) => li.map((l) => l.textContent));

test('a deleted account leaves the game to its opponent, named "a deleted player"', { timeout: 300_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 900 } });
  // She registers first, so that the account is what she deletes.
  await anna.goto(`${table.base}account.html`);
  await anna.waitForSelector('#register-form');
  await anna.fill('#register-username', 'anna_forgets');
  await anna.fill('#register-password', 'a long password');
  await anna.click('#register-form button[type=submit]');
  await anna.waitForSelector('#signed-in:not([hidden])', { timeout: LONG });

  const { link } = await inviteFriend(anna, table.base, { name: 'Anna Ozola' });
  const bruno = await table.person('bruno');
  await bruno.goto(link);
  await bruno.waitForSelector('#chat:not([hidden]) #chat-log', { timeout: LONG });
  await bruno.waitForFunction(() => (document.getElementById('sides')?.textContent ?? '').includes('Anna Ozola'), null, { timeout: LONG });
  await anna.waitForSelector('#chat:not([hidden]) #chat-log', { timeout: LONG });
  await anna.fill('#chat-input', 'Veiksmi!');
  await anna.click('#chat-send');
  await bruno.waitForFunction(() => [...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes('Veiksmi!')), null, { timeout: LONG });
  const game = new URL(bruno.url()).hash.match(/game=([0-9a-f]+)/)[1];

  // On her account page: the box must be ticked before the button works.
  await anna.goto(`${table.base}account.html`);
  await anna.waitForSelector('#signed-in:not([hidden]) #delete-form');
  assert.equal(await anna.textContent('#delete-heading'), en['account.delete_heading']);
  assert.ok(await anna.isDisabled('#delete'), 'not before the box is ticked');
  await anna.fill('#delete-password', 'not my password');
  await anna.check('#delete-sure');
  assert.ok(await anna.isEnabled('#delete'));
  assert.deepEqual(await axeProblems(anna), []);
  await anna.screenshot({ path: path.join(ARTIFACTS, 'forget-account-desktop.png'), fullPage: true });
  await anna.click('#delete');
  await anna.waitForSelector('#problem:not([hidden])', { timeout: LONG });
  assert.match(await anna.textContent('#problem'), new RegExp(en['account.wrong_delete_password']));
  assert.ok(await anna.isVisible('#signed-in'), 'still signed in: nothing was deleted');
  assert.match(await bruno.textContent('#sides'), /Anna Ozola/);

  // The right password.
  await anna.fill('#delete-password', 'a long password');
  await anna.check('#delete-sure');
  await anna.click('#delete');
  await anna.waitForFunction((t) => document.getElementById('who')?.textContent === t, en['account.deleted'], { timeout: LONG });
  assert.ok(await anna.isHidden('#signed-in'));
  assert.ok(await anna.isHidden('#forget-card'), 'nobody left to forget');
  assert.equal((await anna.context().cookies()).filter((c) => c.value).length, 0, 'both cookies dropped');

  // Bruno's page, open all along: her name and her line gone, the game his.
  await bruno.waitForFunction((t) => (document.getElementById('sides')?.textContent ?? '').includes(t), words['people.forgotten'], { timeout: LONG });
  assert.doesNotMatch(await bruno.textContent('#sides'), /Anna Ozola/);
  await bruno.waitForFunction(() => ![...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes('Veiksmi!')), null, { timeout: LONG });
  assert.ok(!(await lines(bruno)).some((l) => l.includes('Veiksmi')), 'her line is gone');
  await bruno.screenshot({ path: path.join(ARTIFACTS, 'forget-opponent.png') });
  // The list of games says the same.
  await bruno.goto(`${table.base}history.html`);
  const row = bruno.locator(`[data-game="${game}"]`);
  await row.waitFor({ timeout: LONG });
  assert.match(await row.textContent(), new RegExp(words['people.forgotten']));
  assert.doesNotMatch(await row.textContent(), /Anna Ozola/);
  // The replay still loads, naming her as the game page does.
  await bruno.goto(`${table.base}replay.html#game=${game}`);
  await bruno.waitForFunction(() => window.novussReplay?.ready, null, { timeout: LONG });
  assert.doesNotMatch(await bruno.textContent('body'), /Anna Ozola/);

  // A person without an account, in Latvian: "Forget me" after one tick.
  const phone = await table.person('telefons', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await phone.goto(`${table.base}account.html`);
  await phone.waitForSelector('#anonymous:not([hidden])');
  assert.ok(await phone.isHidden('#forget-card'), 'a browser that holds nobody has nobody to forget');
  await phone.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Līga' }) }));
  await phone.reload();
  await phone.waitForSelector('#forget-card:not([hidden])', { timeout: LONG });
  assert.equal(await phone.textContent('#forget-heading'), lv['account.forget_heading']);
  assert.deepEqual(await axeProblems(phone), []);
  await phone.screenshot({ path: path.join(ARTIFACTS, 'forget-phone-lv.png'), fullPage: true });
  await phone.check('#forget-sure');
  await phone.click('#forget');
  await phone.waitForFunction((t) => document.getElementById('who')?.textContent === t, lv['account.forgotten'], { timeout: LONG });
  const me = await phone.evaluate(async () => (await fetch('/api/me')).json());
  assert.equal(me.person, null);
  for (const p of [anna, bruno, phone]) assert.deepEqual(p.errors, []);
});
