// A knock-out cup in a browser (issue 32), against the real `novuss
// serve` on loopback: an organiser creates it through the form (six sets
// refused in words, since a knock-out match must have a winner; best of
// three then), enters six players, and runs it from the desk: two byes to
// the top seeds, an upset in the quarter-finals, the semi-finals, then
// the final and the match for third place paired together. A phone
// follows the bracket live: each match's sides fill in as the matches
// they come from are decided, the rounds are named, the places follow.
// Screenshots at desktop (1280x800) and phone (390x844) size; axe finds
// nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, enterPlayers, pairNext, phoneFollowing, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';

const table = tableFor('competition-knockout');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-knockout-${name}.png`), fullPage: true });

// Seeded by rating: Anna is seed 1, … Ilze seed 6.
const PLAYERS = [
  ['Anna Bērziņa', 1850], ['Jānis Ozols', 1790], ['Pēteris Kalniņš', 1760],
  ['Līga Liepa', 1720], ['Mārtiņš Krūmiņš', 1700], ['Ilze Vītola', 1650],
];

const standings = (page) => page.$$eval('#standings-body tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' | ')));
/** The names on a round's column of the bracket, match by match. */
const column = (page, round) => page.$$eval(`.bracket-round[data-round="${round}"] .tie`, (ties) => ties.map((t) => [...t.querySelectorAll('.side .pname')].map((n) => n.textContent).join(' v ')));

/** Enters `score` for the board where `name` plays, as that board's quick button. */
async function result(org, board, score) {
  const before = await org.evaluate(() => Number(document.body.dataset.changes));
  await org.locator(`#boards li[data-board="${board}"] form.result-form button.score[data-score="${score}"]`).click();
  await upTo(org, before + 1);
}

test('an organiser runs a six-player knock-out to its final; a phone follows the bracket live', { timeout: 110_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Cup_organiser', 'correct horse 2');

  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Madonas kauss');
  await org.fill('#c-tables', '4');
  assert.ok(await org.isHidden('#third-row'), 'a Swiss has no match for third place');
  await org.selectOption('#c-system', 'knockout');
  // A knock-out asks about third place, and has no tie-breaks.
  assert.ok(await org.isVisible('#third-row'));
  assert.ok(await org.isChecked('#c-third'));
  assert.ok(await org.isHidden('#tiebreaks'));
  assert.ok(await org.isHidden('#rounds-row'));
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
  assert.match(await org.textContent('#setup'), /^Knock-out, with a match for third place · best of 3 · /);

  const fan = await phoneFollowing(table, url);

  await enterPlayers(org, id, PLAYERS);
  await upTo(org, 6);
  await upTo(fan, 6);
  // Before the draw: the bracket of eight places, seeds 1 and 2 through.
  await fan.waitForSelector('#bracket-box:not([hidden])');
  assert.deepEqual(await column(fan, 1), ['Līga Liepa v Mārtiņš Krūmiņš', 'Pēteris Kalniņš v Ilze Vītola']);
  assert.deepEqual(await column(fan, 2), [`Anna Bērziņa v ${fill(en['ko.winner_of'], { n: 1 })}`, `Jānis Ozols v ${fill(en['ko.winner_of'], { n: 2 })}`]);

  // Quarter-finals: two boards, the top seeds through without playing.
  await pairNext(org, 1);
  assert.equal(await org.textContent('#round-heading'), `${en['ko.quarter']} (${fill(en['round.current'], { n: 1, count: 3 })})`);
  assert.equal(await org.locator('#boards > li').count(), 2);
  assert.deepEqual(await org.$$eval('#rests li', (ls) => ls.map((l) => l.textContent.split(' — ')[1])), [en['ko.through'], en['ko.through']]);
  // An upset: Mārtiņš (seed 5) beats Līga (seed 4).
  await result(org, 1, '1:2');
  await result(org, 2, '2:0');
  await upTo(fan, 9);
  assert.deepEqual(await column(fan, 2), ['Anna Bērziņa v Mārtiņš Krūmiņš', 'Jānis Ozols v Pēteris Kalniņš']);
  assert.equal(await fan.textContent('.tie[data-tie="1"] .side.won .pname'), 'Mārtiņš Krūmiņš');

  await pairNext(org, 2);
  assert.match(await org.textContent('#round-heading'), new RegExp(`^${en['ko.semi']}`));
  await result(org, 1, '2:1');
  await result(org, 2, '0:2');
  await pairNext(org, 3);
  assert.match(await org.textContent('#round-heading'), new RegExp(`^${en['ko.final_third']}`));
  // The final on the top board, the match for third place after it.
  await upTo(fan, await org.evaluate(() => Number(document.body.dataset.changes)));
  assert.deepEqual(await column(fan, 3), ['Anna Bērziņa v Pēteris Kalniņš', 'Jānis Ozols v Mārtiņš Krūmiņš']);
  await shot(fan, 'phone-final');
  await result(org, 1, '0:2');
  await result(org, 2, '2:1');

  await org.waitForFunction(() => document.getElementById('progress')?.textContent?.startsWith('Finished'));
  assert.ok(await org.isHidden('#pair'));
  const changes = await org.evaluate(() => Number(document.body.dataset.changes));
  await upTo(fan, changes);
  const places = await fan.$$eval('#standings-body tr', (rows) => rows.map((r) => `${r.cells[0].textContent} ${r.cells[2].textContent}`));
  assert.deepEqual(places, ['1 Pēteris Kalniņš', '2 Anna Bērziņa', '3 Jānis Ozols', '4 Mārtiņš Krūmiņš',
    fill(en['place.shared'], { a: 5, b: 6 }) + ' Līga Liepa', fill(en['place.shared'], { a: 5, b: 6 }) + ' Ilze Vītola']);
  assert.deepEqual(await standings(fan), await standings(org));
  assert.equal(await fan.textContent('#standings-note'), en['standings.note_ko']);
  assert.equal(await fan.textContent('.tie[data-tie="5"] .side.won .pname'), 'Pēteris Kalniņš', 'the final\'s winner marked');
  assert.ok(await fan.evaluate(() => window.sameLoad === true), 'the phone never reloaded');

  await org.locator('#bracket-box').scrollIntoViewIfNeeded();
  await shot(org, 'desktop-end');
  await shot(fan, 'phone-end');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the phone');
  // Its Latvian words: the rounds named as Latvian events name them.
  await fan.selectOption('select.language', 'lv');
  await fan.waitForFunction(() => document.querySelector('.bracket-round[data-round="3"] h3')?.textContent === 'Fināls un spēle par 3. vietu');
  assert.equal(await fan.textContent('.bracket-round[data-round="1"] h3'), 'Ceturtdaļfināli');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});

test('an organiser seeds a knock-out by hand from the desk; the bracket is drawn over the seeds', { timeout: 90_000 }, async () => {
  const org = await table.person('seeder', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Seeding_organiser', 'correct horse 2');
  const id = await org.evaluate(async () => {
    const res = await fetch('/api/competitions', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sezonas kauss', tables: 2, system: { kind: 'knockout', third_place: false }, format: { kind: 'best_of', sets: 3 } }),
    });
    return (await res.json()).id;
  });
  // Four players; by rating Anna is seed 1 and Līga seed 4.
  await enterPlayers(org, id, PLAYERS.slice(0, 4));
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#desk:not([hidden])');
  await org.click('#seed-box summary');
  await org.waitForSelector('#seed-list li');
  const names = () => org.$$eval('#seed-list li .seed-name', (ns) => ns.map((n) => n.textContent));
  assert.deepEqual(await names(), ['Anna Bērziņa', 'Jānis Ozols', 'Pēteris Kalniņš', 'Līga Liepa']);
  assert.equal(await org.textContent('#seed-state'), en['seeds.by_rating']);
  assert.ok(await org.isDisabled('#seed-save'), 'nothing to save before a move');
  assert.ok(await org.isDisabled('#seed-list li:first-child .seed-up'));
  // Last season's winner, Līga, is made seed 1: three moves up, by keyboard
  // (focus follows her), then saved.
  await org.focus('#seed-list li[data-entrant="4"] .seed-up');
  for (let i = 0; i < 3; i++) await org.keyboard.press('Enter');
  assert.deepEqual(await names(), ['Līga Liepa', 'Anna Bērziņa', 'Jānis Ozols', 'Pēteris Kalniņš']);
  await shot(org, 'seeds');
  assert.deepEqual(await axeProblems(org), [], 'the desk with its seeds');
  await org.click('#seed-save');
  await org.waitForFunction((t) => document.getElementById('seed-state')?.textContent === t, en['seeds.by_hand'], { timeout: LONG });
  await upTo(org, 5);
  // The bracket follows the seeds: Līga (seed 1) meets the lowest seed, Pēteris.
  assert.deepEqual(await column(org, 1), ['Līga Liepa v Pēteris Kalniņš', 'Anna Bērziņa v Jānis Ozols']);
  await pairNext(org, 1);
  assert.ok(await org.isHidden('#seed-box'), 'no seeding once the draw is made');
  const read = await org.evaluate(async (i) => (await fetch(`/api/competitions/${i}`)).json(), id);
  assert.deepEqual(read.competition.seeding, [4, 1, 2, 3]);
  assert.deepEqual(org.errors, []);
});
