// A doubles competition in a browser (issue 32: "entries (singles;
// doubles pairs; teams)"), against the real `novuss serve` on loopback: an
// organiser ticks "Doubles" on the form (the format follows: four sets),
// enters a pair at the desk, is refused a player already in a pair, in
// words, imports two more pairs from a CSV with a "Pāris" column, pairs
// round 1 and enters a 2:2 draw. A phone follows the pairs and the
// result live. Screenshots at desktop (1280x800) and phone (390x844)
// size; axe finds nothing serious; the desk in Latvian.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, changesOf, pairNext, phoneFollowing, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { lv } from '../../web/locales/lv/competitions.js';

const table = tableFor('competition-doubles');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-doubles-${name}.png`), fullPage: true });

/** Enters a pair through the desk's form. */
async function enterPair(org, [a, aClub], [b, bClub], rating) {
  await org.fill('#d1-name', a);
  await org.fill('#d1-club', aClub);
  await org.fill('#d2-name', b);
  await org.fill('#d2-club', bClub);
  await org.fill('#d-rating', rating);
  await org.click('#enter-pair button[type=submit]');
}

const entrantNames = (page) => page.$$eval('#entrants tbody tr', (rows) => rows.map((r) => r.cells[1]?.textContent ?? ''));

test('an organiser runs a doubles competition: pairs at the desk and from a file, a phone following', { timeout: 120_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Doubles_organiser', 'correct horse 2');

  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Rīgas pāru turnīrs');
  await org.fill('#c-tables', '4');
  await org.selectOption('#c-system', 'single');
  await org.selectOption('#c-format', 'sets');
  assert.equal(await org.inputValue('#c-sets'), '6');
  assert.ok(await org.isHidden('#doubles-hint'));
  await org.check('#c-doubles');
  // Doubles are played in four sets: the form follows, and says why.
  assert.equal(await org.inputValue('#c-sets'), '4');
  assert.equal(await org.textContent('#doubles-hint'), en['new.doubles_hint']);
  await org.click('#create');
  await org.waitForURL(/competition\.html\?id=/);
  const url = org.url();
  await org.waitForSelector('#desk:not([hidden])');
  assert.ok((await org.textContent('#setup')).startsWith(en['pairs.setup']));
  // The desk enters pairs, not players nor people by user name.
  assert.ok(await org.isVisible('#enter-pair-box'));
  assert.ok(await org.isHidden('#enter-box'));
  assert.ok(await org.isHidden('#enter-person-box'));
  assert.equal(await org.textContent('#import-hint'), en['files.import_hint_pairs']);

  const fan = await phoneFollowing(table, url);

  await org.click('#enter-pair-box summary');
  await enterPair(org, ['Anna Ozola', 'Rīgas NK'], ['Ilze Kalna', 'Rīgas NK'], '1600');
  await upTo(org, 1);
  await org.waitForSelector('#enter-pair-note:not([hidden])');
  assert.equal(await org.textContent('#enter-pair-note'), fill(en['desk.entered'], { name: 'Anna Ozola / Ilze Kalna', n: 1 }));
  // Ilze again, with another partner: refused in words, nothing entered,
  // and the form keeps what was typed.
  await enterPair(org, ['Dace Liepa', ''], ['ilze kalna', ''], '');
  await org.waitForSelector('#enter-pair-error:not([hidden])');
  assert.equal(await org.textContent('#enter-pair-error'), fill(en['refusal.entered_twice'], { entrant: 1 }));
  assert.equal(await org.inputValue('#d1-name'), 'Dace Liepa');
  assert.equal(await changesOf(org), 1);

  // Two more pairs from a CSV, paired by its "Pāris" column.
  await org.click('#import-box summary');
  const csv = 'Vārds, uzvārds;Klubs;Pāris\nJānis Bērziņš;Madona;A\nDace Liepa;Cēsis;B\nPēteris Kalniņš;Madona;A\nLīga Zariņa;Cēsis;B\n';
  await org.setInputFiles('#import-file', { name: 'pari.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await upTo(org, 2);
  await org.waitForSelector('#import-note:not([hidden])');
  assert.equal(await org.textContent('#import-note'), fill(en['files.entered'], { name: 'pari.csv', n: 2 }));
  // A pair on one row: refused at its row, in words.
  await org.setInputFiles('#import-file', { name: 'viens.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Pair\nRūta Ozola,9\n', 'utf8') });
  await org.waitForSelector('#import-error:not([hidden])');
  assert.equal(await org.textContent('#import-error'), fill(en['files.at_cell'], {
    row: 2, column: 'Pair', problem: fill(en['files.problem.pair_alone'], { pair: '9' }),
  }) + ' ' + en['files.nothing_entered']);
  assert.equal(await changesOf(org), 2);

  await upTo(fan, 2);
  assert.deepEqual(await entrantNames(fan), ['Anna Ozola / Ilze Kalna', 'Jānis Bērziņš / Pēteris Kalniņš', 'Dace Liepa / Līga Zariņa']);

  // Round 1: one board, one pair resting; a 2:2 draw is one of the
  // format's final scores.
  await pairNext(org, 1);
  const form = org.locator('#boards li[data-board="1"] form.result-form');
  const before = await changesOf(org);
  // The quick scores are the four-set format's: no 4:x.
  assert.ok(await form.locator('button.score[data-score="3:1"]').count() === 1);
  assert.ok(await form.locator('button.score[data-score="4:1"]').count() === 0);
  await form.locator('button.score[data-score="2:2"]').click();
  await upTo(org, before + 1);
  await upTo(fan, before + 1);
  assert.match(await fan.textContent('#boards > li'), /2:2/);

  // A conduct penalty with its clause (rule book 1.28): a warning to the
  // second pair on board 1; every follower sees it; taken back, it stays
  // shown as such. An empty clause is refused in words.
  await org.click('#penalty-box summary');
  const second = await org.$eval('#pen-side option[value="second"]', (o) => o.textContent);
  await org.selectOption('#pen-side', 'second');
  await org.selectOption('#pen-conduct', 'warning');
  await org.click('#penalty button[type=submit]');
  await org.waitForSelector('#penalty-error:not([hidden])');
  assert.equal(await org.textContent('#penalty-error'), fill(en['refusal.missing'], { field: 'clause' }));
  await org.fill('#pen-clause', '000 1.28');
  let n = await changesOf(org);
  await org.click('#penalty button[type=submit]');
  await upTo(org, n + 1);
  const line = fill(en['conduct.line'], { conduct: en['conduct.warning'], name: second, clause: '000 1.28' });
  await upTo(fan, n + 1);
  assert.equal(await fan.textContent('#boards li[data-board="1"] li.penalty'), line);
  assert.equal(await fan.locator('button.take-back').count(), 0, 'a follower takes nothing back');
  // On the table protocol printed for round 1.
  const print = await table.person('print', { viewport: { width: 1280, height: 800 } });
  await print.goto(`${table.base}competition-print.html?id=${new URL(url).searchParams.get('id')}&sheet=protocols&round=1`);
  await print.waitForSelector('body[data-ready="true"]');
  assert.match(await print.textContent('.protocol-penalties'), new RegExp(line.replace(/[()]/g, '\\$&')));
  n = await changesOf(org);
  await org.click('#boards li[data-board="1"] button.take-back');
  await upTo(org, n + 1);
  await upTo(fan, n + 1);
  assert.equal(await fan.textContent('#boards li[data-board="1"] li.penalty'), `${line} — ${en['conduct.taken_back']}`);

  await shot(org, 'desktop');
  await fan.locator('#entrants').scrollIntoViewIfNeeded();
  await shot(fan, 'phone');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the phone');
  await org.setViewportSize({ width: 390, height: 844 });
  await org.selectOption('select.language', 'lv');
  await org.waitForFunction((h) => document.querySelector('#enter-pair-box h3')?.textContent === h, lv['pairs.enter_heading'], { timeout: LONG });
  assert.equal(await org.textContent('#import-hint'), lv['files.import_hint_pairs']);
  await org.locator('#enter-pair-box').scrollIntoViewIfNeeded();
  await shot(org, 'phone-desk-lv');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});
