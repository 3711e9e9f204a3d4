// The competition day in a browser (issue 32), against the real `novuss
// serve` on loopback: an organiser registers, creates a 12-player Swiss of
// 5 rounds on 6 tables, enters the players through the desk's form, pairs
// each round and enters every result through the page (draws, a forfeit,
// a 5:0 refused in words and then corrected, a result corrected), while a
// spectator's phone follows the competition's page live: after each round
// both pages show the same standings, with no reload. A stranger sees no
// desk; axe finds nothing serious on either page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';

const table = tableFor('competition-day');
const LONG = 20_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-day-${name}.png`), fullPage: true });

const PLAYERS = [
  ['Anna Bērziņa', 'RNK', 'women', 1990, 1850], ['Jānis Ozols', 'Madona', 'men', 1985, 1790],
  ['Pēteris Kalniņš', 'RNK', 'veterans', 1958, 1760], ['Līga Liepa', 'Ogre', 'women', 1995, 1720],
  ['Mārtiņš Krūmiņš', 'Madona', 'men', 1979, 1700], ['Ilze Vītola', 'Cēsis', 'women', 2001, 1650],
  ['Rūdolfs Eglītis', 'Ogre', 'youth', 2009, 1600], ['Kārlis Zariņš', 'Cēsis', 'men', 1970, 1580],
  ['Dace Siliņa', 'RNK', 'women', 1988, 1540], ['Edgars Lapa', 'Madona', 'men', 1992, 1500],
  ['Ojārs Putniņš', 'Ogre', 'veterans', 1950, 1450], ['Zane Kļava', 'Cēsis', 'youth', 2008, 1400],
];

/** The standings as a page shows them: one line of cells per entrant. */
const standings = (page) => page.$$eval('#standings-body tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' | ')));

/**
 * Waits until `page` shows the competition after `changes` changes, with
 * no change of its own on the way (the stream may bring a change before
 * the organiser's request has its answer).
 */
const upTo = (page, changes) => page.waitForFunction((n) => Number(document.body.dataset.changes) >= n && !document.body.dataset.busy, changes, { timeout: LONG });

/** Enters a result through the board's form and waits for the board to show it. */
async function enter(org, board, how) {
  const form = org.locator(`#boards li[data-board="${board}"] form.result-form`);
  const before = await org.evaluate(() => Number(document.body.dataset.changes));
  if (how === 'forfeit-first') await form.locator('button.forfeit-first').click();
  else if (how === 'both-absent') await form.locator('button.both-absent').click();
  else await form.locator(`button.score[data-score="${how}"]`).click();
  await upTo(org, before + 1);
}

test('an organiser runs a 12-player Swiss of 5 rounds; a spectator\'s phone follows it live', { timeout: 110_000 }, async () => {
  const org = await table.person('organiser');
  // Not signed in: the list says an account is needed, and links to it.
  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#need-account:not([hidden])');
  assert.ok(await org.isHidden('#new'));
  await org.click('#need-account a');
  await org.waitForSelector('#register-form');
  await org.fill('#register-username', 'Organiser_1');
  await org.fill('#register-password', 'correct horse 1');
  await org.click('#register-form button[type=submit]');
  await org.waitForSelector('#signed-in:not([hidden])');

  await org.click('#nav-competitions');
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Rīgas kauss 2026');
  await org.fill('#c-venue', 'Rīga');
  await org.fill('#c-starts', '2026-11-28');
  await org.fill('#c-ends', '2026-11-28');
  await org.fill('#c-tables', '6');
  await org.selectOption('#c-system', 'swiss');
  await org.fill('#c-rounds', '5');
  // The tie-breaks in the organiser's order: Buchholz, then the sets.
  await org.selectOption('#c-tiebreak-1', 'bh');
  await org.selectOption('#c-tiebreak-2', 'set_ratio');
  assert.equal(await org.inputValue('#c-format'), 'sets');
  assert.equal(await org.inputValue('#c-sets'), '6');
  await org.click('#create');
  await org.waitForURL(/competition\.html\?id=/);
  const url = org.url();
  await org.waitForSelector('#desk:not([hidden])');
  assert.match(await org.textContent('#setup'), /Swiss, 5 rounds · 6 sets · 2\/1\/0 match points · 6 tables/);

  // The spectator follows on a phone, from the start; a stranger's page has no desk.
  const fan = await table.person('spectator', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await fan.goto(url);
  await fan.waitForSelector('#live-state[data-connected="true"]');
  await fan.evaluate(() => { window.sameLoad = true; });
  assert.ok(await fan.isHidden('#desk'));

  // Twelve players through the desk's form.
  await org.click('#enter-box summary');
  for (const [i, [name, club, category, born, rating]] of PLAYERS.entries()) {
    await org.fill('#p-name', name);
    await org.fill('#p-club', club);
    await org.fill('#p-licence', `LV-${100 + i}`);
    await org.selectOption('#p-category', category);
    await org.fill('#p-born', String(born));
    await org.fill('#p-rating', String(rating));
    await org.click('#enter-button');
    await org.waitForFunction((text) => document.getElementById('enter-note')?.textContent === text,
      fill(en['desk.entered'], { name, n: i + 1 }), { timeout: LONG });
  }
  assert.equal(await org.locator('#entrants-body tr').count(), 12);
  // The same player twice is refused in words, and the form keeps what was typed.
  await org.fill('#p-name', 'Anna Bērziņa');
  await org.fill('#p-licence', 'LV-100');
  await org.click('#enter-button');
  await org.waitForSelector('#enter-error:not([hidden])');
  assert.equal(await org.textContent('#enter-error'), fill(en['refusal.entered_twice'], { entrant: 1 }));
  assert.equal(await org.inputValue('#p-name'), 'Anna Bērziņa');
  await upTo(fan, 12);
  assert.equal(await fan.locator('#entrants-body tr').count(), 12);

  for (let round = 1; round <= 5; round++) {
    assert.equal(await org.textContent('#pair'), fill(en['desk.pair'], { n: round }));
    await org.click('#pair');
    await org.waitForFunction((r) => document.body.dataset.rounds === String(r) && !document.body.dataset.busy, round, { timeout: LONG });
    assert.equal(await org.locator('#boards > li').count(), 6);
    if (round === 1) {
      // Nothing entered yet: the pairing can be undone, and paired again.
      await org.click('#unpair');
      await org.waitForFunction(() => document.body.dataset.rounds === '0' && !document.body.dataset.busy, null, { timeout: LONG });
      await org.click('#pair');
      await org.waitForFunction(() => document.body.dataset.rounds === '1' && !document.body.dataset.busy, null, { timeout: LONG });
      assert.ok(await org.isDisabled('#pair'), 'no round 2 while round 1 is open');
      await shot(org, 'desktop-organiser-round1');
      // 5:0 in six sets: refused in words, the typed score kept; then 4:1.
      const form = org.locator('#boards li[data-board="1"] form.result-form');
      await form.locator('input.sets-a').fill('5');
      await form.locator('input.sets-b').fill('0');
      await form.locator('button.enter-result').click();
      const alert = form.locator('[role=alert]');
      await alert.waitFor({ state: 'visible', timeout: LONG });
      assert.equal(await alert.textContent(), '5:0 cannot be a result: the match ends when a side has won 4 sets.');
      assert.equal(await form.locator('input.sets-a').inputValue(), '5');
      assert.equal(await form.locator('input.sets-b').inputValue(), '0');
      await enter(org, 1, '4:1');
      assert.ok(await alert.isHidden());
    }
    for (let board = round === 1 ? 2 : 1; board <= 6; board++) {
      let how = ['4:0', '4:2', '3:3', '1:4', '4:1', '2:4'][(board + round) % 6];
      if (round === 2 && board === 3) how = 'forfeit-first';
      await enter(org, board, how);
    }
    if (round === 3) {
      // A result corrected: board 2 was entered wrongly.
      await enter(org, 2, '0:4');
      assert.equal(await org.getAttribute('#boards li[data-board="2"]', 'data-result'), '0:4');
    }
    // The spectator's phone shows what the organiser's page shows, live.
    const changes = await org.evaluate(() => Number(document.body.dataset.changes));
    await upTo(fan, changes);
    assert.deepEqual(await standings(fan), await standings(org), `round ${round}`);
    if (round === 1) {
      // The server's standings, by the tie-breaks chosen, each column
      // under its acronym with its long name as the title.
      const head = await fan.$$eval('#standings-head th', (ths) => ths.map((t) => t.textContent));
      assert.deepEqual(head, [en['col.place'], en['col.no'], en['col.name'], en['col.points'], 'BH', en['tiebreak.set_ratio']]);
      assert.equal(await fan.getAttribute('#standings-head th[data-tiebreak="bh"] abbr', 'title'), en['tiebreak.bh.long']);
      assert.match(await fan.textContent('#standings-body tr:first-child td[data-tiebreak="set_ratio"]'), /^\d+:\d+$/);
    }
    assert.equal(await fan.textContent('#round-heading'), fill(en['round.current'], { n: round, count: 5 }));
    if (round === 2) {
      assert.equal(await fan.locator('#boards li[data-board="3"] .result').textContent(), en['outcome.forfeit_second']);
      await shot(fan, 'phone-spectator-round2');
    }
  }

  // The end: both pages say so, with the same standings and five rounds.
  await org.waitForFunction(() => document.getElementById('progress')?.textContent?.startsWith('Finished'));
  const end = fill(en['comp.finished'], { count: 5 });
  assert.equal(await org.textContent('#progress'), end);
  assert.equal(await fan.textContent('#progress'), end);
  assert.ok(await org.isHidden('#pair'));
  const final = await standings(org);
  assert.equal(final.length, 12);
  assert.deepEqual(await standings(fan), final);
  assert.equal(await fan.locator('#earlier details').count(), 4);
  assert.ok(await fan.evaluate(() => window.sameLoad === true), 'the spectator never reloaded');
  // The points add up: 6 boards a round, 2 points a board (the forfeit's
  // winner 2, its loser 0; a draw 1 and 1).
  const points = await fan.$$eval('#standings-body td.points', (tds) => tds.reduce((s, td) => s + Number(td.textContent), 0));
  assert.equal(points, 5 * 6 * 2);
  // The announcements reached the live region.
  assert.match(await fan.textContent('#announce'), /^Round 5, board \d:/);

  await shot(org, 'desktop-organiser-end');
  await shot(fan, 'phone-spectator-end');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the spectator\'s phone');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});

test('a stranger sees the competition and no desk; the list links to it', { timeout: 30_000 }, async () => {
  const stranger = await table.person('stranger', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await stranger.goto(`${table.base}competitions.html`);
  await stranger.waitForSelector('#list-body tr');
  assert.ok(await stranger.isVisible('#need-account'));
  await shot(stranger, 'phone-list');
  assert.deepEqual(await axeProblems(stranger), [], 'the list');
  await stranger.click('#list-body a');
  await stranger.waitForSelector('#live-state[data-connected="true"]');
  assert.ok(await stranger.isHidden('#desk'));
  assert.equal(await stranger.locator('form.result-form, #pair, #enter').filter({ visible: true }).count(), 0);
  assert.equal(await stranger.locator('#standings-body tr').count(), 12);
  // Its Latvian words.
  await stranger.selectOption('select.language', 'lv');
  await stranger.waitForFunction(() => document.getElementById('standings-heading')?.textContent === 'Kopvērtējums');
  assert.equal(await stranger.textContent('#nav-competitions'), 'Sacensības');
  assert.deepEqual(stranger.errors, []);
});
