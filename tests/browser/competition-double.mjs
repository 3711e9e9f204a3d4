// A double-elimination cup in a browser (issue 32), against the real
// `novuss serve` on loopback: an organiser creates it through the form
// (the reset asked, on by default; no tie-breaks), enters six players
// and runs it from the desk to the end: the winners' bracket with two
// byes, the losers' bracket beside it, upsets in both, the winners'
// final's loser coming back through the losers' final to win the grand
// final and its reset. A phone follows live: the losers' bracket and the
// grand final are drawn under the winners' bracket, each side filling in
// as its match is decided; the places follow. Screenshots at desktop
// (1280x800) and phone (390x844) size; axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, changesOf, enterPlayers, pairNext, phoneFollowing, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';

const table = tableFor('competition-double');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-double-${name}.png`), fullPage: true });

// Seeded by rating: Anna is seed 1, … Ilze seed 6.
const PLAYERS = [
  ['Anna Bērziņa', 1850], ['Jānis Ozols', 1790], ['Pēteris Kalniņš', 1760],
  ['Līga Liepa', 1720], ['Mārtiņš Krūmiņš', 1700], ['Ilze Vītola', 1650],
];

/** The names on a part's column of the bracket, match by match. */
const column = (page, part, n) => page.$$eval(`.bracket[data-part="${part}"] .bracket-round[data-column="${n}"] .tie`, (ties) => ties.map((t) => [...t.querySelectorAll('.side .pname')].map((x) => x.textContent).join(' v ')));
/** The round's boards as 'first v second'. */
const boards = (page) => page.$$eval('#boards > li', (ls) => ls.map((l) => [...l.querySelectorAll('.pair .pname')].map((x) => x.textContent).join(' v ')));

/** Enters a 2:1 win for each winner named, on the board where they play. */
async function winners(org, names) {
  for (const name of names) {
    const pairs = await boards(org);
    const i = pairs.findIndex((p) => p.split(' v ').includes(name));
    assert.ok(i >= 0, `${name} plays this round: ${pairs.join(', ')}`);
    const score = pairs[i].split(' v ')[0] === name ? '2:1' : '1:2';
    const before = await changesOf(org);
    await org.locator(`#boards li[data-board="${i + 1}"] form.result-form button.score[data-score="${score}"]`).click();
    await upTo(org, before + 1);
  }
}

/** The round's boards as sorted name pairs, whichever side is named first. */
const pairsOf = async (page) => (await boards(page)).map((p) => p.split(' v ').sort().join(' v ')).sort();

test('an organiser runs a six-player double elimination to its reset; a phone follows both brackets live', { timeout: 150_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Double_organiser', 'correct horse 2');

  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Dubultais kauss');
  await org.fill('#c-tables', '4');
  assert.ok(await org.isHidden('#reset-row'), 'a Swiss has no reset');
  await org.selectOption('#c-system', 'double_elimination');
  assert.ok(await org.isVisible('#reset-row'));
  assert.ok(await org.isChecked('#c-reset'), 'the reset is on by default');
  assert.ok(await org.isHidden('#third-row'), 'the losers\' final decides third');
  assert.ok(await org.isHidden('#tiebreaks'));
  assert.ok(await org.isHidden('#groups-row'));
  await shot(org, 'form');
  // Six sets can end 3:3: refused in words.
  await org.click('#create');
  await org.waitForSelector('#new-error:not([hidden])');
  assert.equal(await org.textContent('#new-error'), fill(en['refusal.draws_in_knockout'], { format: fill(en['format.sets'], { n: 6 }) }));
  await org.selectOption('#c-format', 'best_of');
  await org.fill('#c-sets', '3');
  await org.click('#create');
  await org.waitForURL(/competition\.html\?id=/);
  const url = org.url();
  const id = new URL(url).searchParams.get('id');
  await org.waitForSelector('#desk:not([hidden])');
  assert.match(await org.textContent('#setup'), new RegExp(`^${en['system.double_elimination_reset']} · best of 3 · `));

  const fan = await phoneFollowing(table, url);

  await enterPlayers(org, id, PLAYERS);
  await upTo(org, 6);
  await upTo(fan, 6);
  // Before the draw: the three parts, one under another, headed.
  await fan.waitForSelector('#bracket-box:not([hidden])');
  assert.deepEqual(await fan.$$eval('.bracket-part > h3', (hs) => hs.map((h) => h.textContent)), [en['ko.winners'], en['ko.losers'], en['ko.final_part']]);
  assert.deepEqual(await column(fan, 'winners', 1), ['Līga Liepa v Mārtiņš Krūmiņš', 'Pēteris Kalniņš v Ilze Vītola']);
  assert.deepEqual(await fan.$$eval('.bracket[data-part="final"] h3', (hs) => hs.map((h) => h.textContent)), [en['ko.grand_final'], en['ko.reset']]);

  // Round 1: two boards, the top seeds through. An upset: Mārtiņš beats Līga.
  await pairNext(org, 1);
  assert.equal(await org.locator('#boards > li').count(), 2);
  assert.deepEqual(await org.$$eval('#rests li', (ls) => ls.map((l) => l.textContent.split(' — ')[1])), [en['ko.through'], en['ko.through']]);
  await winners(org, ['Mārtiņš Krūmiņš', 'Pēteris Kalniņš']);
  // Round 2: the winners' semi-finals; the first round's losers wait.
  await pairNext(org, 2);
  assert.deepEqual(await pairsOf(org), ['Anna Bērziņa v Mārtiņš Krūmiņš', 'Jānis Ozols v Pēteris Kalniņš']);
  await winners(org, ['Anna Bērziņa', 'Pēteris Kalniņš']);
  // Round 3: the winners' final beside the losers' bracket's first
  // matches, the second round's losers crossed in.
  await pairNext(org, 3);
  assert.deepEqual(await pairsOf(org), ['Anna Bērziņa v Pēteris Kalniņš', 'Ilze Vītola v Mārtiņš Krūmiņš', 'Jānis Ozols v Līga Liepa']);
  await upTo(fan, await changesOf(org));
  assert.deepEqual(await column(fan, 'losers', 2), ['Jānis Ozols v Līga Liepa', 'Mārtiņš Krūmiņš v Ilze Vītola']);
  await winners(org, ['Pēteris Kalniņš', 'Līga Liepa', 'Mārtiņš Krūmiņš']);
  await pairNext(org, 4);
  assert.deepEqual(await pairsOf(org), ['Līga Liepa v Mārtiņš Krūmiņš']);
  await winners(org, ['Līga Liepa']);
  // The losers' final: the winners' final's loser comes back.
  await pairNext(org, 5);
  assert.deepEqual(await pairsOf(org), ['Anna Bērziņa v Līga Liepa']);
  await winners(org, ['Anna Bērziņa']);
  await pairNext(org, 6);
  assert.deepEqual(await pairsOf(org), ['Anna Bērziņa v Pēteris Kalniņš']);
  await upTo(fan, await changesOf(org));
  await shot(fan, 'phone-grand-final');
  await winners(org, ['Anna Bērziņa']);
  // Both have lost once: the grand final again.
  await pairNext(org, 7);
  assert.deepEqual(await pairsOf(org), ['Anna Bērziņa v Pēteris Kalniņš']);
  await winners(org, ['Anna Bērziņa']);

  await org.waitForFunction(() => document.getElementById('progress')?.textContent?.startsWith('Finished'));
  assert.ok(await org.isHidden('#pair'));
  await upTo(fan, await changesOf(org));
  const places = await fan.$$eval('#standings-body tr', (rows) => rows.map((r) => `${r.cells[0].textContent} ${r.cells[2].textContent}`));
  assert.deepEqual(places, ['1 Anna Bērziņa', '2 Pēteris Kalniņš', '3 Līga Liepa', '4 Mārtiņš Krūmiņš',
    fill(en['place.shared'], { a: 5, b: 6 }) + ' Jānis Ozols', fill(en['place.shared'], { a: 5, b: 6 }) + ' Ilze Vītola']);
  assert.equal(await fan.textContent('#standings-note'), en['standings.note_double']);
  assert.equal(await fan.textContent('.bracket[data-part="final"] .bracket-round[data-column="2"] .side.won .pname'), 'Anna Bērziņa');
  assert.ok(await fan.evaluate(() => window.sameLoad === true), 'the phone never reloaded');

  await org.locator('#bracket-box').scrollIntoViewIfNeeded();
  await shot(org, 'desktop-end');
  await shot(fan, 'phone-end');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the phone');
  await fan.selectOption('select.language', 'lv');
  await fan.waitForFunction(() => document.querySelector('.bracket-part > h3')?.textContent === 'Uzvarētāju tabula');
  assert.equal(await fan.textContent('.bracket[data-part="losers"] .bracket-round:last-child h3'), 'Zaudētāju fināls');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});
