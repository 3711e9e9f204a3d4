// Groups then knock-out in a browser (issue 32), against the real
// `novuss serve` on loopback: an organiser creates it through the form
// (the number of groups refused when it cannot be, then two groups, each
// played once, with a match for third place), enters six players and
// runs it from the desk to the end: three group rounds with both groups
// side by side (group B level on wins, its order by the set ratio), then
// the semi-finals crossed (each group's winner against the other's
// runner-up), the final and the match for third place. A phone follows
// live: the group tables, then the bracket drawn from them; the places
// follow. Screenshots at desktop (1280x800) and phone (390x844) size;
// axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, changesOf, enterPlayers, pairNext, phoneFollowing, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';

const table = tableFor('competition-groups');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-groups-${name}.png`), fullPage: true });

// Seeded by rating; the snake makes group A of seeds 1, 4, 5 and group
// B of seeds 2, 3, 6.
const PLAYERS = [
  ['Anna Bērziņa', 1850], ['Jānis Ozols', 1790], ['Pēteris Kalniņš', 1760],
  ['Līga Liepa', 1720], ['Mārtiņš Krūmiņš', 1700], ['Ilze Vītola', 1650],
];
// Group A by rating; group B goes round: Jānis beats Pēteris 2:0, Ilze
// beats Jānis 2:1, Pēteris beats Ilze 2:1 — a win each, the sets 3:2
// (Jānis), 3:3 (Ilze), 2:3 (Pēteris).
const GROUP_RESULTS = {
  'Anna Bērziņa v Līga Liepa': ['Anna Bērziņa', 2, 0],
  'Anna Bērziņa v Mārtiņš Krūmiņš': ['Anna Bērziņa', 2, 0],
  'Līga Liepa v Mārtiņš Krūmiņš': ['Līga Liepa', 2, 1],
  'Jānis Ozols v Pēteris Kalniņš': ['Jānis Ozols', 2, 0],
  'Ilze Vītola v Jānis Ozols': ['Ilze Vītola', 2, 1],
  'Ilze Vītola v Pēteris Kalniņš': ['Pēteris Kalniņš', 2, 1],
};

const boards = (page) => page.$$eval('#boards > li', (ls) => ls.map((l) => [...l.querySelectorAll('.pair .pname')].map((x) => x.textContent)));
const groupRows = (page, letter) => page.$$eval(`.group[data-group="${letter}"] tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.childNodes[0]?.textContent ?? '').join(' | ')));

/** Enters `won`:`lost` for `winner` on the board where they play. */
async function score(org, winner, won, lost) {
  const pairs = await boards(org);
  const i = pairs.findIndex((p) => p.includes(winner));
  assert.ok(i >= 0, `${winner} plays this round`);
  const shown = pairs[i][0] === winner ? `${won}:${lost}` : `${lost}:${won}`;
  const before = await changesOf(org);
  await org.locator(`#boards li[data-board="${i + 1}"] form.result-form button.score[data-score="${shown}"]`).click();
  await upTo(org, before + 1);
}

test('an organiser runs two groups into a knock-out to its final; a phone follows the tables and the bracket live', { timeout: 150_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Groups_organiser', 'correct horse 2');

  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Grupu turnīrs');
  await org.fill('#c-tables', '3');
  await org.selectOption('#c-format', 'best_of');
  await org.fill('#c-sets', '3');
  assert.ok(await org.isHidden('#groups-row'));
  await org.selectOption('#c-system', 'groups');
  // Groups ask how many, once or twice, third place; they have tie-breaks.
  assert.ok(await org.isVisible('#groups-row'));
  assert.ok(await org.isVisible('#group-cycles-row'));
  assert.ok(await org.isVisible('#third-row'));
  assert.ok(await org.isVisible('#tiebreaks'));
  assert.ok(await org.isHidden('#reset-row'));
  await shot(org, 'form');
  await org.fill('#c-groups', '0');
  await org.click('#create');
  await org.waitForSelector('#new-error:not([hidden])');
  assert.equal(await org.textContent('#new-error'), fill(en['refusal.group_sizes'], { groups: 0, entrants: 0 }));
  await org.fill('#c-groups', '2');
  await org.click('#create');
  await org.waitForURL(/competition\.html\?id=/);
  const url = org.url();
  const id = new URL(url).searchParams.get('id');
  await org.waitForSelector('#desk:not([hidden])');
  assert.match(await org.textContent('#setup'), new RegExp(`^${fill(en['system.groups_third'], { groups: 2 }).replace(/[()]/g, '\\$&')} · best of 3 · `));

  const fan = await phoneFollowing(table, url);

  await enterPlayers(org, id, PLAYERS);
  await upTo(org, 6);
  await upTo(fan, 6);
  // The groups as the snake draws them, no bracket before they are played.
  await fan.waitForSelector('#groups-box:not([hidden])');
  assert.deepEqual(await fan.$$eval('.group h3', (hs) => hs.map((h) => h.textContent)), [fill(en['groups.name'], { letter: 'A' }), fill(en['groups.name'], { letter: 'B' })]);
  assert.ok(await fan.isHidden('#bracket-box'));

  for (let round = 1; round <= 3; round++) {
    await pairNext(org, round);
    const pairs = await boards(org);
    // One match a group, side by side; a third of each group rests.
    assert.equal(pairs.length, 2);
    for (const p of pairs) {
      const key = [...p].sort().join(' v ');
      const [winner, won, lost] = GROUP_RESULTS[key];
      await score(org, winner, won, lost);
    }
  }
  await upTo(fan, await changesOf(org));
  // Group B: a win each, ordered by the set ratio; the top two marked.
  assert.deepEqual(await groupRows(fan, 'A'), ['1 | Anna Bērziņa | 2 | 4 | 4:0', '2 | Līga Liepa | 2 | 2 | 2:3', '3 | Mārtiņš Krūmiņš | 2 | 0 | 1:4']);
  assert.deepEqual(await groupRows(fan, 'B'), ['1 | Jānis Ozols | 2 | 2 | 3:2', '2 | Ilze Vītola | 2 | 2 | 3:3', '3 | Pēteris Kalniņš | 2 | 2 | 2:3']);
  assert.equal(await fan.locator('.group tr.through').count(), 4);
  await shot(fan, 'phone-groups');

  // The semi-finals crossed: A1–B2, B1–A2.
  await fan.waitForSelector('#bracket-box:not([hidden])');
  await pairNext(org, 4);
  assert.deepEqual(await boards(org), [['Anna Bērziņa', 'Ilze Vītola'], ['Jānis Ozols', 'Līga Liepa']]);
  await score(org, 'Anna Bērziņa', 2, 0);
  await score(org, 'Līga Liepa', 2, 1);
  await pairNext(org, 5);
  // The final on the top board, the match for third place after it.
  assert.deepEqual(await boards(org), [['Anna Bērziņa', 'Līga Liepa'], ['Jānis Ozols', 'Ilze Vītola']]);
  await score(org, 'Līga Liepa', 2, 1);
  await score(org, 'Jānis Ozols', 2, 0);

  await org.waitForFunction(() => document.getElementById('progress')?.textContent?.startsWith('Finished'));
  assert.ok(await org.isHidden('#pair'));
  await upTo(fan, await changesOf(org));
  const places = await fan.$$eval('#standings-body tr', (rows) => rows.map((r) => `${r.cells[0].textContent} ${r.cells[2].textContent}`));
  assert.deepEqual(places, ['1 Līga Liepa', '2 Anna Bērziņa', '3 Jānis Ozols', '4 Ilze Vītola',
    fill(en['place.shared'], { a: 5, b: 6 }) + ' Pēteris Kalniņš', fill(en['place.shared'], { a: 5, b: 6 }) + ' Mārtiņš Krūmiņš']);
  assert.equal(await fan.textContent('#standings-note'), en['standings.note_groups']);
  assert.ok(await fan.evaluate(() => window.sameLoad === true), 'the phone never reloaded');

  await org.locator('#groups-box').scrollIntoViewIfNeeded();
  await shot(org, 'desktop-end');
  await shot(fan, 'phone-end');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the phone');
  await fan.selectOption('select.language', 'lv');
  await fan.waitForFunction(() => document.querySelector('.group h3')?.textContent === 'A grupa');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});
