// Deleting an account from the account page (issue 34, "People's data is
// theirs"; docs/privacy.md): Anna, signed in, plays Bruno at another
// browser and says something in the chat; she deletes her account (a
// wrong password first, which deletes nothing). Bruno's page, open the
// whole time, shows her as "a deleted player", her line gone and the
// game resigned; the replay still plays. Then a person entered by her
// user name in a rated Swiss on real tables deletes hers: the organiser's
// desk and a follower's phone, open all along, take the rewritten
// competition live; the table's phone, the real-table list and the
// printed standings say "Deleted player" with every place and rating
// unchanged. The real `novuss serve` on loopback, Debian's Chromium;
// screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ARTIFACTS, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';
import { en } from '../../web/locales/en/pages.js';
import { en as words } from '../../web/locales/en/game.js';
import { lv } from '../../web/locales/lv/pages.js';
import { en as ct } from '../../web/locales/en/competitions.js';
import { lv as lct } from '../../web/locales/lv/competitions.js';
import { lv as ltt } from '../../web/locales/lv/table.js';
import { en as rt } from '../../web/locales/en/players.js';
import { ok } from './support/api.mjs';
import { register } from './support/desk.mjs';

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

/** Whether `page`'s text has `t`. */
const shows = (page, t) => page.evaluate((s) => document.body.innerText.includes(s), t);

test('a deleted account leaves its competition entry nameless on every page, open or not, and on paper', { timeout: 300_000 }, async () => {
  // Zane has an account and a name; the organiser enters her by her
  // user name into a rated Swiss on real tables with three others.
  const zane = await table.person('zane', { viewport: { width: 1280, height: 900 } });
  await register(zane, table.base, 'zane_enters', 'a long password');
  await ok(zane, '/api/me', { name: 'Zane Kalna' });

  const org = await table.person('olga', { viewport: { width: 1280, height: 900 } });
  await register(org, table.base, 'olga_organises');
  const c = await ok(org, '/api/competitions', {
    name: 'Decembra kauss', tables: 2, rated: true, club: 'Cēsu NK',
    system: { kind: 'swiss', rounds: 3 }, format: { kind: 'sets', sets: 6 },
  });
  for (const [name, rating] of [['Jānis Bērziņš', 1700], ['Ilze Liepa', 1650], ['Māris Ozols', 1600]]) {
    await ok(org, `/api/competitions/${c.id}/changes`, { change: 'enter', entry: { name, rating, club: 'Cēsu NK' } });
  }
  await ok(org, `/api/competitions/${c.id}/enter`, { username: 'zane_enters' });
  let view;
  for (let round = 1; round <= 3; round++) {
    view = await ok(org, `/api/competitions/${c.id}/changes`, { change: 'pair_next', round });
    const boards = view.rounds[round - 1].boards;
    for (let k = 0; k < boards.length; k++) {
      const outcome = [{ kind: 'sets', first: 4, second: 2 }, { kind: 'sets', first: 3, second: 3 }][(round + k) % 2];
      view = await ok(org, `/api/competitions/${c.id}/changes`, { change: 'result', round, board: k + 1, outcome });
    }
  }
  assert.ok(view.finished, 'played to its end');
  const zaneNo = view.entrants.findIndex((e) => e.entry.name === 'Zane Kalna') + 1;
  assert.ok(zaneNo > 0, 'entered under the name she chose');
  const board = view.rounds[2].boards.findIndex((b) => b.first === zaneNo || b.second === zaneNo) + 1;
  const cards = await ok(org, `/api/competitions/${c.id}/tables`);
  const card = cards.find((x) => x.round === 3 && x.board === board);
  assert.ok(card, `a card for round 3's board ${board}: ${JSON.stringify(cards.map((x) => [x.round, x.board]))}`);

  // Open before she goes: the organiser's desk, a follower's phone in
  // Latvian, the table's phone (Latvian) and the real-table list.
  const url = `${table.base}competition.html?id=${c.id}`;
  await org.goto(url);
  await org.waitForSelector('#live-state[data-connected="true"]', { timeout: LONG });
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(url);
  await fan.waitForSelector('#live-state[data-connected="true"]', { timeout: LONG });
  await fan.evaluate(() => { window.sameLoad = true; });
  const phone = await table.person('galds', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await phone.goto(card.address);
  await phone.waitForSelector('#sheet:not([hidden])', { timeout: LONG });
  for (const p of [org, fan, phone]) assert.ok(await shows(p, 'Zane Kalna'), 'her name, before');
  const list = await table.person('saraksts', { viewport: { width: 1280, height: 900 } });
  await list.goto(`${table.base}table-ratings.html`);
  // Three games each: all four are still provisional.
  await list.waitForSelector('#provisional:not([hidden])', { timeout: LONG });
  const before = await list.$$eval('#list tr[data-player], #provisional tr[data-player]', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent?.trim())));
  assert.ok(before.some((r) => r.includes('Zane Kalna')), JSON.stringify(before));

  // She deletes her account on her account page.
  await zane.goto(`${table.base}account.html`);
  await zane.waitForSelector('#signed-in:not([hidden]) #delete-form');
  await zane.fill('#delete-password', 'a long password');
  await zane.check('#delete-sure');
  await zane.click('#delete');
  await zane.waitForFunction((t) => document.getElementById('who')?.textContent === t, en['account.deleted'], { timeout: LONG });

  // The pages open all along take the competition as it is now, without
  // reloading: the organiser's in English, the follower's in Latvian.
  await org.waitForFunction((t) => document.body.innerText.includes(t), ct['entry.forgotten'], { timeout: LONG });
  assert.ok(!(await shows(org, 'Zane Kalna')), 'her name is gone from the desk');
  await fan.waitForFunction((t) => document.body.innerText.includes(t), lct['entry.forgotten'], { timeout: LONG });
  assert.ok(!(await shows(fan, 'Zane Kalna')), 'her name is gone from the phone');
  assert.ok(await fan.evaluate(() => window.sameLoad), 'taken live, not by a reload');
  assert.deepEqual(await axeProblems(org), []);
  await org.screenshot({ path: path.join(ARTIFACTS, 'forget-competition-desktop.png'), fullPage: true });
  await fan.screenshot({ path: path.join(ARTIFACTS, 'forget-competition-phone-lv.png'), fullPage: true });
  // The standings keep her place: four rows, one of them hers, unnamed.
  const names = await org.$$eval('#standings tbody tr td.names', (tds) => tds.map((td) => td.textContent));
  assert.equal(names.length, 4, JSON.stringify(names));
  assert.equal(names.filter((n) => n?.startsWith(ct['entry.forgotten'])).length, 1, JSON.stringify(names));

  // The table's phone, opened again.
  await phone.reload();
  await phone.waitForSelector('#sheet:not([hidden])', { timeout: LONG });
  assert.ok(await shows(phone, ltt['table.forgotten']), 'the table says "Dzēsts spēlētājs"');
  assert.ok(!(await shows(phone, 'Zane Kalna')));
  await phone.screenshot({ path: path.join(ARTIFACTS, 'forget-table-phone-lv.png'), fullPage: true });

  // The real-table list: every rating as it was, her row without a name.
  await list.reload();
  await list.waitForSelector('#provisional:not([hidden])', { timeout: LONG });
  const after = await list.$$eval('#list tr[data-player], #provisional tr[data-player]', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent?.trim())));
  assert.equal(after.length, before.length);
  assert.ok(!JSON.stringify(after).includes('Zane Kalna'), JSON.stringify(after));
  const was = before.find((r) => r.includes('Zane Kalna'));
  const now = after.find((r) => r.some((cell) => cell?.startsWith(rt['rt.forgotten'])));
  assert.ok(now, JSON.stringify(after));
  // Rating, deviation, competitions and games (the columns after rank,
  // name, club and licence); her rank among players of the very same
  // rating may change, as they are ordered by their ids.
  assert.deepEqual(now.slice(4), was.slice(4), 'the same rating, deviation and counts');
  assert.equal(now.slice(4).length, 4, JSON.stringify(now));
  await list.screenshot({ path: path.join(ARTIFACTS, 'forget-table-ratings.png'), fullPage: true });

  // On paper: the standings, printed to A4, name her as deleted.
  await org.goto(`${table.base}competition-print.html?id=${c.id}&sheet=standings`);
  await org.waitForSelector('body[data-ready="true"]', { timeout: LONG });
  const pdf = path.join(ARTIFACTS, 'forget-standings.pdf');
  await org.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true, printBackground: true });
  execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', pdf, path.join(ARTIFACTS, 'forget-standings')]);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  assert.ok(text.includes(ct['entry.forgotten']) && !text.includes('Zane Kalna'), text);
  for (const p of [org, fan, phone, list, zane]) assert.deepEqual(p.errors, []);
});
