// A competition's files in a browser (issue 33), against the real `novuss
// serve` on loopback: the organiser imports a CSV of players through the
// desk's file input and sees them listed; a file with a player entered
// already is refused at its row and column, in words, with nothing
// entered; every download link works (fetched in the page: its status,
// type and file name). A spectator's phone sees the downloads and no
// desk. Screenshots at 1280×800 and 390×844; axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-files');
const LONG = 20_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-files-${name}.png`), fullPage: true });

const GOOD = 'Vārds, uzvārds;Klubs;Dzimšanas gads;Reitings\n'
  + 'Anna Bērziņa;RNK;1990;1850\nJānis Ozols;Madona;1985;1790\nPēteris Kalniņš;RNK;1958;1760\n'
  + 'Līga Liepa;Ogre;1995;1720\nMārtiņš Krūmiņš;Madona;1979;1700\nIlze Vītola;Cēsis;2001;1650\n';
// Row 3 is Jānis again (same name, same year).
const BAD = 'Name,Club,Birth year\nZane Kļava,Cēsis,2008\nJānis  Ozols,Madona,1985\n';

/** Chooses `text` as the file `name` in the desk's file input. */
const choose = (page, name, text) => page.setInputFiles('#import-file', { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('the organiser imports a CSV of players, a bad file shows its row, and the downloads work', { timeout: 100_000 }, async () => {
  const org = await table.person('organiser');
  await org.goto(`${table.base}competitions.html`);
  const registered = await call(org, '/api/account/register', { username: 'organiser_files', password: 'correct horse 1' });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const created = await call(org, '/api/competitions', {
    name: 'Rīgas kauss 2026', venue: 'Rīga', tables: 3,
    system: { kind: 'swiss', rounds: 3 }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#desk:not([hidden])');

  // The good file: six players, one change.
  await org.click('#import-box summary');
  await choose(org, 'dalibnieki.csv', GOOD);
  await org.waitForFunction(() => document.body.dataset.changes === '1' && !document.body.dataset.busy, null, { timeout: LONG });
  await org.waitForSelector('#import-note:not([hidden])');
  assert.equal(await org.textContent('#import-note'), fill(en['files.entered'], { name: 'dalibnieki.csv', n: 6 }));
  const names = await org.$$eval('#entrants-body tr', (rows) => rows.map((r) => r.cells[1].textContent));
  assert.deepEqual(names, ['Anna Bērziņa', 'Jānis Ozols', 'Pēteris Kalniņš', 'Līga Liepa', 'Mārtiņš Krūmiņš', 'Ilze Vītola']);
  await shot(org, 'desktop-imported');

  // The bad file: refused at row 3, column "Name"; nobody entered.
  await choose(org, 'more.csv', BAD);
  await org.waitForSelector('#import-error:not([hidden])', { timeout: LONG });
  const said = await org.textContent('#import-error');
  const problem = fill(en['files.problem.entered'], { entrant: 2 });
  assert.equal(said, `${fill(en['files.at_cell'], { row: 3, column: 'Name', problem })} ${en['files.nothing_entered']}`);
  assert.ok(await org.isHidden('#import-note'));
  assert.equal(await org.evaluate(() => document.body.dataset.changes), '1');
  assert.equal(await org.$$eval('#entrants-body tr', (rows) => rows.length), 6);
  await org.locator('#import-error').scrollIntoViewIfNeeded();
  await shot(org, 'desktop-refused');

  // A round paired and played, so that the standings have something.
  const paired = await call(org, `/api/competitions/${id}/changes`, { change: 'pair_next', round: 1 });
  assert.equal(paired.status, 200, JSON.stringify(paired.body));
  for (let board = 1; board <= 3; board++) {
    const r = await call(org, `/api/competitions/${id}/changes`, { change: 'result', round: 1, board, outcome: { kind: 'sets', first: 4, second: board - 1 } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await org.waitForFunction(() => document.body.dataset.changes === '5', null, { timeout: LONG });

  // Every download, fetched from the page by its link.
  const wanted = {
    'download-workbook': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'competition.xlsx'],
    'download-standings-xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'standings.xlsx'],
    'download-standings-csv': ['text/csv; charset=utf-8', 'standings.csv'],
    'download-results-csv': ['text/csv; charset=utf-8', 'results.csv'],
    'download-crosstable-csv': ['text/csv; charset=utf-8', 'crosstable.csv'],
    'download-trf': ['text/plain; charset=utf-8', 'competition.trf'],
    'download-json': ['application/json', 'competition.json'],
  };
  for (const [link, [type, file]] of Object.entries(wanted)) {
    const got = await org.evaluate(async (l) => {
      const a = /** @type {HTMLAnchorElement} */ (document.getElementById(l));
      const res = await fetch(a.href);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), size: bytes.length, text: a.textContent, download: a.hasAttribute('download'), head: new TextDecoder().decode(bytes.slice(0, 120)) };
    }, link);
    assert.equal(got.status, 200, link);
    assert.equal(got.type, type, link);
    assert.ok(got.disposition.startsWith(`attachment; filename="Rigas-kauss-2026-${file}"`), got.disposition);
    assert.ok(got.size > 0 && got.download && got.text.length > 0, link);
    if (file === 'standings.csv') assert.ok(got.head.includes('Place,Name,Club,Points,BH-C1,BH,SB,Sets won,Sets lost'), got.head);
    if (file === 'crosstable.csv') assert.ok(got.head.includes('Place,No.,Name,Club,Points,Round 1'), got.head);
    if (file === 'competition.trf') assert.ok(got.head.startsWith('012 Rīgas kauss 2026\n'), got.head);
  }
  assert.deepEqual(org.errors, []);
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');

  // A spectator's phone: the downloads, no desk.
  const fan = await table.person('spectator', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await fan.goto(`${table.base}competition.html?id=${id}`);
  await fan.waitForFunction(() => document.body.dataset.changes === '5', null, { timeout: LONG });
  assert.ok(await fan.isHidden('#desk'));
  assert.equal(await fan.textContent('#downloads-heading'), en['download.heading']);
  const href = await fan.getAttribute('#download-standings-xlsx', 'href');
  assert.equal(href, `/api/competitions/${encodeURIComponent(id)}/standings.xlsx`);
  await fan.locator('#downloads').scrollIntoViewIfNeeded();
  await shot(fan, 'phone-downloads');
  assert.deepEqual(fan.errors, []);
  assert.deepEqual(await axeProblems(fan), [], 'the spectator\'s phone');
});
