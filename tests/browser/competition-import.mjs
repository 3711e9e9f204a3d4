// Moving a competition to another organiser in a browser, against the real
// `novuss serve` on loopback: Anna runs a round robin of four and downloads
// it as JSON from its page; Dana, signed in to her own account on a phone,
// chooses that file on the competitions' page and lands on a new
// competition of hers with the same players, pairings and results, her
// desk open. The same file with a result made impossible is refused with
// the change's number and the reason in words, and nothing is stored; a
// file that is no competition's is told so; a visitor without an account
// is not offered the import. Screenshots at 390×844; axe finds nothing
// serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-import');
const LONG = 20_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-import-${name}.png`), fullPage: true });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The competitions this server lists, by name. */
const listed = (page) => page.evaluate(async () => (await (await fetch('/api/competitions')).json()).map((c) => c.setup.name));

/** Chooses `text` as the file `name` in the competitions' import input. */
const choose = (page, name, text) => page.setInputFiles('#import-competition', { name, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });

test('a competition downloaded as JSON is imported by another organiser; a file that no longer fits is refused in words', { timeout: 100_000 }, async () => {
  // Anna's round robin: four players, round 1 played.
  const anna = await table.person('anna');
  await anna.goto(`${table.base}competitions.html`);
  assert.equal((await call(anna, '/api/account/register', { username: 'anna_import', password: 'correct horse 1' })).status, 201);
  const created = await call(anna, '/api/competitions', {
    name: 'Ogres novusa kauss', venue: 'Ogre', tables: 2,
    system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const change = (c) => call(anna, `/api/competitions/${id}/changes`, c);
  for (const [name, club] of [['Anna Bērziņa', 'Ogre'], ['Jānis Ozols', 'Madona'], ['Līga Liepa', 'RNK'], ['Ilze Vītola', 'Cēsis']]) {
    assert.equal((await change({ change: 'enter', entry: { name, club } })).status, 200);
  }
  assert.equal((await change({ change: 'pair_next', round: 1 })).status, 200);
  assert.equal((await change({ change: 'result', round: 1, board: 1, outcome: { kind: 'sets', first: 4, second: 2 } })).status, 200);
  assert.equal((await change({ change: 'result', round: 1, board: 2, outcome: { kind: 'sets', first: 3, second: 3 } })).status, 200);
  // The file, as the page's "Download" list gives it.
  await anna.goto(`${table.base}competition.html?id=${id}`);
  await anna.waitForFunction(() => document.body.dataset.changes === '7', null, { timeout: LONG });
  const file = await anna.evaluate(async () => {
    const a = /** @type {HTMLAnchorElement} */ (document.getElementById('download-json'));
    return (await fetch(a.href)).text();
  });
  const original = JSON.parse(file);
  assert.equal(original.changes.length, 7);

  // A visitor without an account is not offered the import.
  const guest = await table.person('guest', PHONE);
  await guest.goto(`${table.base}competitions.html`);
  await guest.waitForSelector('#need-account:not([hidden])');
  assert.ok(await guest.isHidden('#import-card'));

  // Dana, on her phone, with an account of her own.
  const dana = await table.person('dana', PHONE);
  await dana.goto(`${table.base}competitions.html`);
  assert.equal((await call(dana, '/api/account/register', { username: 'dana_import', password: 'correct horse 2' })).status, 201);
  await dana.reload();
  await dana.waitForSelector('#import-card:not([hidden])');
  assert.equal(await dana.textContent('#import-heading'), en['import.heading']);

  // Not a competition's file: told so, nothing made.
  await choose(dana, 'notes.json', '{"hello": "world"}');
  await dana.waitForSelector('#import-refused:not([hidden])', { timeout: LONG });
  assert.equal(await dana.textContent('#import-refused'), en['import.not_a_file']);

  // A result changed to 5:0 in a six-set match: change 7 is refused,
  // with the reason, and no competition is made of it.
  const broken = JSON.parse(file);
  broken.changes[6].change.outcome = { kind: 'sets', first: 5, second: 0 };
  await choose(dana, 'broken.json', JSON.stringify(broken));
  await dana.waitForFunction((t) => document.getElementById('import-refused')?.textContent !== t, en['import.not_a_file'], { timeout: LONG });
  const why = fill(en['refusal.score.past_the_end'], { first: 5, second: 0, needed: 4 });
  assert.equal(await dana.textContent('#import-refused'), fill(en['import.change_refused'], { change: 7, why }));
  assert.deepEqual(await listed(dana), ['Ogres novusa kauss']);
  await dana.locator('#import-refused').scrollIntoViewIfNeeded();
  await shot(dana, 'phone-refused');
  assert.deepEqual(await axeProblems(dana), [], 'the refusal on the phone');

  // The file as it was: a new competition of Dana's, the same as Anna's.
  await choose(dana, 'Ogres-novusa-kauss-competition.json', file);
  await dana.waitForURL(/competition\.html\?id=/, { timeout: LONG });
  const copy = new URL(dana.url()).searchParams.get('id');
  assert.notEqual(copy, id);
  await dana.waitForFunction(() => document.body.dataset.changes === '7', null, { timeout: LONG });
  await dana.waitForSelector('#desk:not([hidden])');
  const names = await dana.$$eval('#entrants-body tr', (rows) => rows.map((r) => r.cells[1].textContent));
  assert.deepEqual(names, ['Anna Bērziņa', 'Jānis Ozols', 'Līga Liepa', 'Ilze Vītola']);
  const theirs = await dana.evaluate(async ([a, b]) => {
    const read = async (i) => (await (await fetch(`/api/competitions/${i}`)).json()).competition;
    const [x, y] = [await read(a), await read(b)];
    return { same: JSON.stringify([x.rounds, x.standings]) === JSON.stringify([y.rounds, y.standings]), organisers: [x.organiser === y.organiser] };
  }, [id, copy]);
  assert.ok(theirs.same, 'the imported rounds and standings are the original\'s');
  assert.deepEqual(theirs.organisers, [false]);
  assert.deepEqual((await listed(dana)).sort(), ['Ogres novusa kauss', 'Ogres novusa kauss']);
  await shot(dana, 'phone-imported');
  for (const p of [anna, guest, dana]) assert.deepEqual(p.errors, []);
});

test('a Swiss moved here from its TRF-16 file goes on: its results without sets, its next round paired at the new desk', { timeout: 100_000 }, async () => {
  // Anna's Swiss of six, round 1 played (a win, a 3:3 draw, a forfeit).
  const anna = await table.person('anna-trf');
  await anna.goto(`${table.base}competitions.html`);
  assert.equal((await call(anna, '/api/account/register', { username: 'anna_trf', password: 'correct horse 1' })).status, 201);
  const created = await call(anna, '/api/competitions', {
    name: 'Siguldas Šveices turnīrs', venue: 'Sigulda', tables: 3,
    system: { kind: 'swiss', rounds: 4 }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const change = (c) => call(anna, `/api/competitions/${id}/changes`, c);
  const players = ['Anna Bērziņa', 'Jānis Ozols', 'Līga Liepa', 'Ilze Vītola', 'Pēteris Kalniņš', 'Dace Zariņa'];
  for (const [k, name] of players.entries()) {
    assert.equal((await change({ change: 'enter', entry: { name, rating: 1900 - 10 * k } })).status, 200);
  }
  assert.equal((await change({ change: 'pair_next', round: 1 })).status, 200);
  const outcomes = [{ kind: 'sets', first: 4, second: 1 }, { kind: 'sets', first: 3, second: 3 }, { kind: 'forfeit', winner: 'second' }];
  for (const [k, outcome] of outcomes.entries()) {
    assert.equal((await change({ change: 'result', round: 1, board: k + 1, outcome })).status, 200);
  }
  await anna.goto(`${table.base}competition.html?id=${id}`);
  await anna.waitForFunction(() => document.body.dataset.changes === '10', null, { timeout: LONG });
  const trf = await anna.evaluate(async () => {
    const a = /** @type {HTMLAnchorElement} */ (document.getElementById('download-trf'));
    return (await fetch(a.href)).text();
  });
  assert.ok(trf.startsWith('012 Siguldas Šveices turnīrs\n'), trf);

  // Dana moves it here from the file, its games played in six sets.
  const dana = await table.person('dana-trf', PHONE);
  await dana.goto(`${table.base}competitions.html`);
  assert.equal((await call(dana, '/api/account/register', { username: 'dana_trf', password: 'correct horse 2' })).status, 201);
  await dana.reload();
  await dana.waitForSelector('#import-card:not([hidden])');
  assert.equal(await dana.textContent('#import-trf-hint'), en['import.trf_hint']);
  // A file that is no TRF: told at its line, nothing made.
  await dana.setInputFiles('#import-competition', { name: 'broken.trf', mimeType: 'text/plain', buffer: Buffer.from('001    1 m    Anna\n', 'utf8') });
  await dana.waitForSelector('#import-refused:not([hidden])', { timeout: LONG });
  assert.match(await dana.textContent('#import-refused'), /^Line 1, column \d+ of the TRF file cannot be read\.$/);
  await dana.selectOption('#import-trf-format', 'sets:6');
  await dana.setInputFiles('#import-competition', { name: 'Siguldas-turniirs.trf', mimeType: 'text/plain', buffer: Buffer.from(trf, 'utf8') });
  await dana.waitForURL(/competition\.html\?id=/, { timeout: LONG });
  await dana.waitForSelector('#desk:not([hidden])');
  assert.equal(await dana.textContent('#name'), 'Siguldas Šveices turnīrs');
  // Round 1's results, without their sets: a win, a draw, a forfeit.
  const results = await dana.$$eval('#boards > li', (items) => items.map((li) => li.dataset.result));
  assert.deepEqual(results.sort(), [en['outcome.decided_first'], en['outcome.decided_draw'], en['outcome.forfeit_second']].sort());
  // It goes on here: round 2 paired at her desk.
  const before = Number(await dana.evaluate(() => document.body.dataset.changes));
  await dana.click('#pair');
  await dana.waitForFunction((n) => Number(document.body.dataset.changes) > n, before, { timeout: LONG });
  assert.equal(await dana.locator('#boards > li').count(), 3);
  await shot(dana, 'phone-trf');
  assert.deepEqual(await axeProblems(dana), [], 'the competition moved from TRF');
  for (const p of [anna, dana]) assert.deepEqual(p.errors, []);
});
