// A series in a browser (issue 32, "Series"), against the real `novuss
// serve` on loopback: an organiser registers, creates a series of 3
// stages, best 2 counting, through the form (a refusal worded first),
// and adds two of their round robins as stages through the series' desk;
// a phone follows the series' page and sees the standings counted again,
// live, as the second stage's results come in, with no reload. axe finds
// nothing serious; screenshots at 1280×800 and 390×844, in English and
// in Latvian.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/series.js';
import { lv } from '../../web/locales/lv/series.js';

// Two competitions and two series from one address: no limit on new ones.
const table = tableFor('series', ['--create-per-minute', '0']);
const LONG = 20_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `series-${name}.png`), fullPage: true });

/** The standings as a page shows them: one line of cells per player. */
const standings = (page) => page.$$eval('#standings-body tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' | ')));

/** A request of the page's own (its cookie, its origin): the answer's JSON, or throws. */
async function api(page, method, url, body) {
  return page.evaluate(async ([m, u, b]) => {
    const res = await fetch(u, { method: m, headers: { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${u}: ${JSON.stringify(json)}`);
    return json;
  }, [method, url, body]);
}

/** A round robin of `players`, entered strongest first; its id and the competition. */
async function roundRobin(page, name, players) {
  const c = await api(page, 'POST', '/api/competitions', {
    name, starts: '2026-11-28', tables: 2, system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
  });
  const entered = await api(page, 'POST', `/api/competitions/${c.id}/changes`, { change: 'enter_list', entries: players.map((n) => ({ name: n, club: 'RNK' })) });
  return entered;
}

/** Plays competition `c` through: the better numbered side wins 4:2; `after` is awaited after each result. */
async function play(page, c, after = async () => {}) {
  for (let round = 1; round <= c.round_count; round++) {
    c = await api(page, 'POST', `/api/competitions/${c.id}/changes`, { change: 'pair_next', round });
    const boards = c.rounds[round - 1].boards;
    for (let b = 0; b < boards.length; b++) {
      const first = boards[b].first < boards[b].second;
      c = await api(page, 'POST', `/api/competitions/${c.id}/changes`, {
        change: 'result', round, board: b + 1, outcome: { kind: 'sets', first: first ? 4 : 2, second: first ? 2 : 4 },
      });
      await after(c);
    }
  }
  return c;
}

test('an organiser makes a series and adds stages; a phone follows its standings live', { timeout: 110_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await org.goto(`${table.base}account.html`);
  await org.waitForSelector('#register-form');
  await org.fill('#register-username', 'Series_organiser');
  await org.fill('#register-password', 'correct horse 1');
  await org.click('#register-form button[type=submit]');
  await org.waitForSelector('#signed-in:not([hidden])');

  // Two stages: the first played through, the second not begun.
  const first = await roundRobin(org, 'Posms 1', ['Anna', 'Jānis Bērziņš', 'Chris', 'Dace']);
  await play(org, first);
  const second = await roundRobin(org, 'Posms 2', ['JANIS BERZINS', 'Anna', 'Dace', 'Chris']);

  // From the competitions' list to the series'.
  await org.goto(`${table.base}competitions.html`);
  await org.click('a[href="series.html"]');
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#s-name', 'Rīgas kauss');
  await org.fill('#s-season', '2026/27');
  await org.fill('#s-stages', '3');
  await org.fill('#s-best', '4');
  await org.fill('#s-points', '10, 8, 6, 5');
  await org.click('#create');
  await org.waitForSelector('#new-error:not([hidden])');
  assert.equal(await org.textContent('#new-error'), fill(en['series.refusal.best_over_stages'], { best: 4, stages: 3 }));
  await org.fill('#s-best', '2');
  await org.click('#create');
  await org.waitForURL(/series\.html\?id=/);
  const url = org.url();
  await org.waitForSelector('#desk:not([hidden])');
  assert.equal(await org.textContent('#name'), 'Rīgas kauss');
  assert.match(await org.textContent('#rules'), /2026\/27 · Best 2 of 3 stages count · points by place: 10, 8, 6, 5/);
  assert.equal(await org.locator('#calendar > li').count(), 3);

  // The stages through the desk: the first in place 1, the second in the first place open.
  await org.selectOption('#add-competition', first.id);
  await org.selectOption('#add-stage', '1');
  await org.click('#add-button');
  await org.waitForSelector('#calendar li[data-stage="1"][data-status="final"]');
  await org.selectOption('#add-competition', second.id);
  await org.click('#add-button');
  await org.waitForSelector('#calendar li[data-stage="2"][data-status="waiting"]');
  assert.equal(await org.getAttribute('#calendar li[data-stage="2"] a', 'href'), `competition.html?id=${second.id}`);
  assert.ok(await org.isVisible('#add-none'), 'none of the organiser\'s competitions is left to add');
  assert.deepEqual(await standings(org), [
    '1 | Anna | RNK | 10 | 10 |  |  | 10',
    '2 | Jānis Bērziņš | RNK | 8 | 8 |  |  | 8',
    '3 | Chris | RNK | 6 | 6 |  |  | 6',
    '4 | Dace | RNK | 5 | 5 |  |  | 5',
  ]);

  // A phone follows the series from here on.
  const fan = await table.person('phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await fan.goto(url);
  await fan.waitForFunction((t) => document.getElementById('live-state')?.textContent === t, en['series.live.connected'], { timeout: LONG });
  await fan.evaluate(() => { window.sameLoad = true; });
  assert.ok(await fan.isHidden('#desk'), 'no desk for anyone but the organiser');
  assert.equal(await fan.locator('#standings-body tr').count(), 4);

  // The second stage played: the phone sees it provisional, then final.
  let results = 0;
  await play(org, second, async (c) => {
    results += 1;
    const status = c.finished ? 'final' : 'provisional';
    await fan.waitForSelector(`#calendar li[data-stage="2"][data-status="${status}"]`, { timeout: LONG });
    if (results === 1) {
      await fan.waitForFunction((t) => document.getElementById('announce')?.textContent === t, en['series.updated'], { timeout: LONG });
      await shot(fan, 'phone-provisional');
    }
  });
  assert.equal(results, 6);
  // Anna 10 + 8, Jānis 8 + 10 (the same player as JANIS BERZINS, shown
  // as the latest stage has him): equal counted, best-first and totals,
  // a shared first place; Chris 6 + 5 and Dace 5 + 6 share third.
  await fan.waitForFunction(() => document.querySelectorAll('#standings-body td.provisional').length === 0, null, { timeout: LONG });
  assert.deepEqual(await standings(fan), [
    '1–2 | Anna | RNK | 18 | 10 | 8 |  | 18',
    '1–2 | JANIS BERZINS | RNK | 18 | 8 | 10 |  | 18',
    '3–4 | Chris | RNK | 11 | 6 | 5 |  | 11',
    '3–4 | Dace | RNK | 11 | 5 | 6 |  | 11',
  ]);
  assert.ok(await fan.evaluate(() => window.sameLoad), 'followed live, never reloaded');
  assert.deepEqual(fan.errors, []);
  assert.deepEqual(org.errors, []);

  await shot(org, 'desktop');
  await shot(fan, 'phone');
  assert.deepEqual(await axeProblems(org), []);
  assert.deepEqual(await axeProblems(fan), []);

  // In Latvian, with the same standings.
  await fan.selectOption('select.language', 'lv');
  await fan.waitForFunction((t) => document.getElementById('standings-heading')?.textContent === t, lv['series.standings']);
  assert.equal(await fan.textContent('#calendar li[data-stage="2"] .stage-state'), lv['series.stage.final']);
  assert.equal(await fan.textContent('#standings-body tr:first-child td.place'), '1.–2.');
  await shot(fan, 'phone-lv');
  assert.deepEqual(await axeProblems(fan), []);
});
