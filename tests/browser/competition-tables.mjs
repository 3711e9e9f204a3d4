// A whole round recorded at the tables (issue 33, "The table protocol" and
// its test): against the real `novuss serve` on loopback, an organiser
// pairs round 1 of a 16-player Swiss on 8 tables; 7 tables are recorded by
// two phones each (390x844, touch: 14 browser contexts of one Chromium)
// opened from the tables' links, all at once, each a 6-set match set by
// set (4:0, 4:1, 4:2, 3:3 with a drawn set, an undo, a phone that loses
// its connection and sends when it is back, the other phone's set appearing
// on each); the 8th table by the organiser as its referee. The organiser's
// page follows every table live (which set, waiting for a confirmation,
// confirmed); the standings take every result; the next round is paired
// and its tables get new links, the old ones closed. The referee records
// a conduct penalty from the table's page. The table cards
// printed to an A4 PDF, rendered to PNGs to be looked at; screenshots of a
// phone and of the organiser's tables; axe finds nothing serious on the
// phone's page; the phone's page in Latvian.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, pairNext, register } from './support/desk.mjs';
import { en } from '../../web/locales/en/table.js';
import { lv } from '../../web/locales/lv/table.js';
import { en as comp } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-tables');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-tables-${name}.png`), fullPage: true });

const PLAYERS = [
  'Anna Bērziņa', 'Jānis Ozols', 'Pēteris Kalniņš', 'Līga Liepa', 'Mārtiņš Krūmiņš', 'Ilze Vītola', 'Rūdolfs Eglītis', 'Kārlis Zariņš',
  'Dace Siliņa', 'Edgars Lapa', 'Ojārs Putniņš', 'Zane Kļava', 'Inese Bērza', 'Guntis Ābele', 'Laura Priede', 'Viesturs Oša',
];

/**
 * The matches the tables play, set by set: each set's winner ('first',
 * 'second' or 'drawn'), and what else happens at the table.
 */
const MATCHES = [
  { sets: ['first', 'first', 'first', 'first'], result: [4, 0] },
  { sets: ['first', 'second', 'first', 'first', 'first'], result: [4, 1], undo: 2 },
  { sets: ['second', 'first', 'second', 'second', 'first', 'second'], result: [2, 4], offline: 3 },
  { sets: ['first', 'drawn', 'second', 'first', 'second', 'first', 'second'], result: [3, 3] },
  { sets: ['second', 'second', 'second', 'first', 'second'], result: [1, 4], details: true },
  { sets: ['first', 'second', 'second', 'first', 'first', 'first'], result: [4, 2] },
  { sets: ['first', 'first', 'second', 'first', 'first'], result: [4, 1] },
];

/** Taps the button of `choice` whose value is `value`, in the set form. */
const choose = (phone, choice, value) => phone.tap(`#record [data-choice="${choice}"] [data-value="${value}"]`);

/** Waits until `phone` shows `n` sets. */
const showsSets = (phone, n) => phone.waitForFunction((k) => Number(document.body.dataset.sets) === k, n, { timeout: LONG });

/**
 * Table `k`'s two phones record match `m`: the phone of the set's number's
 * parity records it (so each sees the other's), one set taken back and
 * recorded again, one phone offline for a set.
 */
async function recordMatch(k, [a, b], m) {
  const phones = [a, b];
  for (const [i, w] of m.sets.entries()) {
    const n = i + 1;
    const phone = phones[i % 2];
    const other = phones[(i + 1) % 2];
    const offline = m.offline === n;
    if (offline) await phone.context().setOffline(true);
    if (m.details && n === 1) {
      // A first-turn clear and a penalty disc, written in "More".
      await choose(phone, 'winner', w);
      await phone.click('#record details summary');
      await phone.check('#cleared');
      await phone.tap('#record [data-discs="first"] button:last-of-type');
    } else {
      await choose(phone, 'winner', w);
    }
    await phone.tap('#record-set');
    await showsSets(phone, n);
    if (offline) {
      // Kept on the phone, said, and sent when the connection is back.
      await phone.waitForSelector('#connection[data-online="false"]', { timeout: LONG });
      assert.equal(await phone.getAttribute('#connection', 'data-waiting'), '1', `table ${k}: the step waits on the phone`);
      assert.equal(await other.evaluate(() => Number(document.body.dataset.sets)), n - 1, `table ${k}: not sent while offline`);
      await phone.context().setOffline(false);
      await phone.evaluate(() => window.dispatchEvent(new Event('online')));
      await phone.waitForSelector('#connection[data-waiting="0"][data-online="true"]', { timeout: LONG });
    }
    // The other phone sees the set as it is recorded.
    await showsSets(other, n);
    if (m.undo === n) {
      // Recorded by mistake: taken back on the other phone, then again.
      await other.tap('#undo');
      await showsSets(other, n - 1);
      await showsSets(phone, n - 1);
      const wrong = w === 'first' ? 'second' : 'first';
      await choose(phone, 'winner', wrong);
      await phone.tap('#record-set');
      await showsSets(other, n);
      await other.tap('#undo');
      await showsSets(phone, n - 1);
      await choose(phone, 'winner', w);
      await phone.tap('#record-set');
      await showsSets(other, n);
    }
  }
  // The match is over at its score: no more sets are offered; both confirm.
  for (const p of phones) {
    await p.waitForSelector('#confirm-score', { timeout: LONG });
    assert.ok(await p.isHidden('#record'), `table ${k}: no seventh set`);
  }
  const [x, y] = m.result;
  assert.equal(await a.textContent('#confirm-score'), fill(en['table.confirm'], { first: x, second: y }));
  await a.tap('#confirm-score');
  await b.waitForSelector('#confirmed', { timeout: LONG });
  await b.tap('#confirm-score');
  for (const p of phones) await p.waitForSelector('#stands', { timeout: LONG });
}

test('a round of 8 tables recorded on 14 phones and by a referee, followed live by the organiser', { timeout: 300_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 900 } });
  await register(org, table.base, 'Tables_organiser', 'correct horse 2');
  const made = await call(org, '/api/competitions', {
    name: 'Galdu kauss 2026', venue: 'Rīga', tables: 8,
    system: { kind: 'swiss', rounds: 3 }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  for (const [i, name] of PLAYERS.entries()) {
    const r = await call(org, `/api/competitions/${id}/changes`, { change: 'enter', entry: { name, club: ['RNK', 'Madona', 'Cēsis', 'Ogre'][i % 4], rating: 1900 - 20 * i } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#desk:not([hidden])');
  // Before a round there are no tables to show.
  assert.ok(await org.isHidden('#tables-box'));
  await pairNext(org, 1);
  await org.waitForSelector('#tables-box:not([hidden])');
  await org.waitForFunction(() => document.querySelectorAll('#tables-list [data-action="qr"]').length === 8, null, { timeout: LONG });
  assert.equal(await org.textContent('#tables-heading'), fill(en['tables.heading'], { round: 1 }));
  // Every table waits, its QR code shown on asking.
  const states = await org.$$eval('#tables-list .table-row', (rows) => rows.map((r) => r.getAttribute('data-state')));
  assert.deepEqual(states, Array(8).fill('waiting'));
  await org.click('#tables-list [data-board="1"] [data-action="qr"]');
  await org.waitForSelector('#tables-list [data-board="1"] .table-qr img');
  const cardsAnswer = await call(org, `/api/competitions/${id}/tables`, null, 'GET');
  assert.equal(cardsAnswer.status, 200);
  const cards = cardsAnswer.body;
  assert.equal(cards.length, 8);
  assert.equal(await org.getAttribute('#tables-list [data-board="1"] .table-address a', 'href'), cards[0].address);
  // The QR code is the server's drawing of the address, shown as an image.
  const qrLoaded = await org.$eval('#tables-list [data-board="1"] .table-qr img', (img) => img.complete && img.naturalWidth > 0);
  assert.ok(qrLoaded, 'the QR code is drawn');
  await shot(org, 'organiser-tables-waiting');

  // Fourteen phones in one Chromium, each its own context (its own
  // storage and cookies: its own phone).
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  try {
    const phone = async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
      const page = await context.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e.message));
      return page;
    };
    /** Both phones of table `k` opened from its card, each choosing its player. */
    const pairOfPhones = async (k) => {
      const card = cards[k - 1];
      const pair = [await phone(), await phone()];
      for (const [i, p] of pair.entries()) {
        // The address the QR code holds (an http:// address of this server).
        assert.ok(card.address.startsWith(table.base), card.address);
        await p.goto(card.address);
        await p.waitForSelector('#who [data-who]');
        assert.ok(await p.isHidden('#who [data-who="referee"]'), 'a phone is no referee');
        await p.tap(`#who [data-who="${i === 0 ? 'first' : 'second'}"]`);
        await p.waitForSelector('#record:not([hidden])');
      }
      return pair;
    };
    const phones = [];
    for (let k = 1; k <= 7; k++) phones.push(await pairOfPhones(k));
    const first = phones[0][0];
    const view = await call(first, `/api/tables/${cards[0].link}`, null, 'GET');
    assert.equal(await first.textContent('#where'), fill(en['table.where'], { name: 'Galdu kauss 2026', round: 1, table: view.body.table }));
    assert.deepEqual(await first.$$eval('#scoreboard .table-name', (e) => e.map((x) => x.textContent)), [view.body.first.name, view.body.second.name]);
    assert.deepEqual(await axeProblems(first), [], 'axe on the phone');
    await shot(first, 'phone-start');

    // Seven tables at once.
    await Promise.all(phones.map((pair, i) => recordMatch(i + 1, pair, MATCHES[i])));
    await shot(phones[3][1], 'phone-draw-confirmed');
    await shot(phones[1][0], 'phone-after-undo');

    // The organiser's page followed them all: seven confirmed, the 8th
    // not started.
    await org.waitForFunction(() => [...document.querySelectorAll('#tables-list .table-row')].filter((r) => r.getAttribute('data-state') === 'done').length === 7, null, { timeout: LONG });
    assert.equal(await org.getAttribute('#tables-list [data-board="8"]', 'data-state'), 'waiting');
    assert.equal(await org.textContent('#tables-list [data-board="4"] .table-state'), fill(en['tables.stands'], { first: 3, second: 3 }));
    // The results are the boards' and the standings': the 3:3 draw is a
    // point each (2/1/0).
    const c = (await call(org, `/api/competitions/${id}`, null, 'GET')).body.competition;
    for (const [i, m] of MATCHES.entries()) {
      assert.deepEqual(c.rounds[0].boards[i].outcome, { kind: 'sets', first: m.result[0], second: m.result[1] }, `board ${i + 1}`);
    }
    const board4 = c.rounds[0].boards[3];
    const pointsOf = (n) => c.standings.rows.find((r) => r.entrant === n)?.points;
    assert.equal(pointsOf(board4.first), 1);
    assert.equal(pointsOf(board4.second), 1);
    const protocol5 = c.tables.find((t) => t.board === 5);
    assert.deepEqual(protocol5.sets[0], { winner: 'second', broke: 'first', cleared: 'second', penalty_discs: [1, 0] });
    const protocol4 = c.tables.find((t) => t.board === 4);
    assert.equal(protocol4.sets[1].winner, null, 'the drawn set');
    assert.deepEqual(protocol4.sets.map((s) => s.broke), ['first', 'second', 'first', 'second', 'first', 'second', 'first'], 'the break alternates (000 4.3)');

    // Table 8 by its referee: the organiser opens its link, records as
    // the referee, and one confirmation makes it stand; the organiser's
    // page shows each set as it comes.
    const ref = await table.person('referee', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const cookies = await org.context().cookies();
    await ref.context().addCookies(cookies);
    await ref.goto(cards[7].address);
    await ref.waitForSelector('#who [data-who="referee"]');
    await ref.tap('#who [data-who="referee"]');
    for (const [i, w] of ['second', 'first', 'first', 'first', 'first'].entries()) {
      await choose(ref, 'winner', w);
      await ref.tap('#record-set');
      await showsSets(ref, i + 1);
      if (i === 0) {
        await org.waitForFunction(() => document.querySelector('#tables-list [data-board="8"]')?.getAttribute('data-state') === 'recording', null, { timeout: LONG });
        assert.equal(await org.textContent('#tables-list [data-board="8"] .table-state'), fill(en['tables.recording'], { n: 2, first: 0, second: 1 }));
      }
    }
    // The referee records a conduct penalty at the table, with its
    // clause (000 1.28); everyone following sees it under the board.
    await ref.click('#penalty summary');
    await ref.selectOption('#pen-side', 'second');
    await ref.selectOption('#pen-conduct', 'warning');
    assert.equal(await ref.inputValue('#pen-clause'), '000 1.28');
    await ref.tap('#record-penalty');
    await ref.waitForSelector('#penalty .notice.ok');
    await org.waitForSelector('#boards > li[data-board="8"] .penalty', { timeout: LONG });
    await ref.waitForSelector('#confirm-score');
    await ref.tap('#confirm-score');
    await ref.waitForSelector('#stands');
    await org.waitForFunction(() => document.querySelector('#tables-list [data-board="8"]')?.getAttribute('data-state') === 'done', null, { timeout: LONG });
    await shot(org, 'organiser-tables-done');

    // The record: each step with who made it and when, the phones' as
    // their players' phones, the referee's as the organiser's.
    await org.click('#record-box summary');
    await org.waitForSelector('#record-list li', { timeout: LONG });
    const lines = await org.$$eval('#record-list li', (items) => items.map((li) => li.textContent ?? ''));
    assert.ok(lines[0].includes(fill(comp['record.by_organiser'], { name: 'Tables_organiser' })), lines[0]);
    assert.ok(lines[0].includes(fill(comp['record.table_confirm'], { where: fill(comp['record.at_board'], { round: 1, board: 8 }) })), lines[0]);
    const firstPair = await call(first, `/api/tables/${cards[0].link}`, null, 'GET');
    const phoneLine = lines.find((l) => l.includes(`${firstPair.body.first.name}’s phone`) && l.includes(fill(comp['record.table_set'], { where: fill(comp['record.at_board'], { round: 1, board: 1 }), set: 1, winner: firstPair.body.first.name })));
    assert.ok(phoneLine, lines.join('\n'));

    // The table cards on A4, for the organiser.
    const print = await table.person('print', { viewport: { width: 1280, height: 900 } });
    await print.context().addCookies(cookies);
    await print.goto(`${table.base}competition-print.html?id=${id}&sheet=cards`);
    await print.waitForSelector('body[data-ready="true"]');
    assert.equal(await print.$$eval('.table-card', (e) => e.length), 8);
    const pdf = path.join(ARTIFACTS, 'competition-tables-cards.pdf');
    await print.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true, printBackground: true });
    for (const f of fs.readdirSync(ARTIFACTS)) if (f.startsWith('competition-tables-cards-') && f.endsWith('.png')) fs.rmSync(path.join(ARTIFACTS, f));
    execFileSync('pdftoppm', ['-r', '60', '-png', pdf, path.join(ARTIFACTS, 'competition-tables-cards')]);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    assert.ok(text.includes(fill(en['tables.table'], { table: 1 })), text);
    assert.ok(text.includes(en['cards.scan']), text);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    assert.equal(pages, 2, 'eight cards, four to a page');
    // A stranger gets no cards.
    const stranger = await phone();
    await stranger.goto(`${table.base}competition-print.html?id=${id}&sheet=cards`);
    await stranger.waitForSelector('body[data-ready="true"]');
    assert.equal(await stranger.textContent('#notice'), en['cards.organiser_only']);

    // The next round: its tables have new links; the old ones are closed.
    await pairNext(org, 2);
    await org.waitForFunction(() => document.querySelector('#tables-heading')?.textContent?.includes('2'), null, { timeout: LONG });
    const next = (await call(org, `/api/competitions/${id}/tables`, null, 'GET')).body;
    assert.equal(next[0].round, 2);
    await first.reload();
    await first.waitForSelector('body[data-ready="true"]');
    assert.ok(await first.isHidden('#record'), 'a closed table records nothing');
    await first.goto(next[0].address);
    await first.waitForSelector('#who [data-who]');

    // In Latvian.
    await first.evaluate(() => localStorage.setItem('novuss.lang', 'lv'));
    await first.reload();
    await first.waitForSelector('#who [data-who]');
    assert.equal(await first.textContent('#who h2'), lv['table.who']);
    await shot(first, 'phone-lv');

    for (const pair of phones) for (const p of pair) assert.deepEqual(p.errors, [], 'no page errors on a phone');
    assert.deepEqual(org.errors, []);
  } finally {
    await browser.close();
  }
});
