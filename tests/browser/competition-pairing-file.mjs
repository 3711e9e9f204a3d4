// A round's pairing from Swiss-Manager's list in a browser (issue 33,
// "Data in and out": the protocol workbook's "EKSPORT" sheet as an import
// of pairings), against the real `novuss serve` on loopback: the
// organiser chooses a CSV with a player the competition does not have and
// is told so at the file's row and column, nothing paired; then the right
// list pairs round 1 as it says, board by board, with a bye. The desk in
// Latvian.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, tableFor } from './support/harness.mjs';
import { LONG, register } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { lv } from '../../web/locales/lv/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-pairing-file');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

const LIST = 'Rīgas kauss;;;;;;;;;\n'
  + 'Bo.;No.;Name;Rtg;Pts.;Result;Pts.;Name;Rtg;No.\n'
  + '1;1;Bērziņš, Jānis;1900;0;;0;Kalna, Ilze;1840;4\n'
  + '2;5;Liepa, Dace;1820;0;;0;Ozola, Anna;1880;2\n'
  + '3;3;Kalniņš, Pēteris;1860;0;;;bye;;\n';

test('an organiser pairs round 1 from Swiss-Manager’s list, after a wrong list is refused at its row', { timeout: 90_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 900 } });
  await register(org, table.base, 'Pairing_organiser', 'correct horse 2');
  const made = await call(org, '/api/competitions', { name: 'Rīgas kauss', tables: 2, system: { kind: 'swiss', rounds: 3 }, format: { kind: 'sets', sets: 6 } });
  assert.equal(made.status, 201);
  const id = made.body.id;
  for (const [k, name] of ['Jānis Bērziņš', 'Anna Ozola', 'Pēteris Kalniņš', 'Ilze Kalna', 'Dace Liepa'].entries()) {
    assert.equal((await call(org, `/api/competitions/${id}/changes`, { change: 'enter', entry: { name, rating: 1900 - 20 * k } })).status, 200);
  }
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#pairing-box:not([hidden])');
  await org.click('#pairing-box summary');
  const wrong = LIST.replace('Liepa, Dace', 'Liepiņa, Dace');
  await org.setInputFiles('#pairing-file', { name: 'kārta1.csv', mimeType: 'text/csv', buffer: Buffer.from(wrong, 'utf8') });
  await org.waitForSelector('#pairing-error:not([hidden])', { timeout: LONG });
  const problem = fill(en['files.problem.unknown_player'], { name: 'Liepiņa, Dace' });
  assert.equal(await org.textContent('#pairing-error'), `${fill(en['files.at_cell'], { row: 4, column: 'Name', problem })} ${en['pairing_file.nothing_paired']}`);
  assert.equal(await org.evaluate(() => document.body.dataset.rounds), '0');

  await org.setInputFiles('#pairing-file', { name: 'kārta1.csv', mimeType: 'text/csv', buffer: Buffer.from(LIST, 'utf8') });
  // The live stream may bring the round before the answer does: what the
  // desk says of the file is awaited, not the round.
  const paired = fill(en['pairing_file.paired'], { n: 1, name: 'kārta1.csv' });
  await org.waitForFunction((t) => document.getElementById('pairing-note')?.textContent === t, paired, { timeout: LONG });
  assert.equal(await org.evaluate(() => document.body.dataset.rounds), '1');
  const boards = await org.$$eval('#boards > li', (items) => items.map((li) => li.textContent ?? ''));
  assert.equal(boards.length, 2);
  assert.ok(boards[0].includes('Jānis Bērziņš') && boards[0].includes('Ilze Kalna'), boards[0]);
  assert.ok(boards[1].includes('Dace Liepa') && boards[1].includes('Anna Ozola'), boards[1]);
  // Round 1 is being played: the import waits for its results.
  assert.ok(await org.isHidden('#pairing-box'));
  await org.screenshot({ path: path.join(ARTIFACTS, 'competition-pairing-file.png'), fullPage: false });

  // In Latvian.
  await org.evaluate(() => localStorage.setItem('novuss.lang', 'lv'));
  await org.reload();
  await org.waitForSelector('#desk:not([hidden])');
  assert.equal(await org.evaluate(() => document.querySelector('#pairing-box summary h3')?.textContent), lv['pairing_file.heading']);
  assert.deepEqual(org.errors, []);
});
