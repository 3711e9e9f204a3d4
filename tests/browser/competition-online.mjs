// A competition played on this server in a browser (issue 32;
// docs/competitions.md, "Played on this server"), against the real
// `novuss serve` on loopback: two people with accounts, each at a browser
// of their own, enter themselves with the page's "Enter"; once the
// organiser pairs the round each sees "Your game", opens it, and they play
// until the match can no longer be called off; one resigns, and the result
// appears on the competition page, live, for the organiser watching it.
// The organiser makes it from the new-competition form. Screenshots at 1280×800 and 390×844; axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, playUntilResignable, settledAt, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-online');
const LONG = 30_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-online-${name}.png`), fullPage: true });

/** Reads JSON from the page. */
const read = (page, url) => page.evaluate(async (u) => (await fetch(u)).json(), url);

test('two players enter, see their game, play it, and the result appears live', { timeout: 240_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'online_desk', password: 'correct horse 1' })).status, 201);
  // The organiser makes it from the form: played on this server, no
  // clock, ten minutes to come, players entering themselves.
  await org.reload();
  await org.waitForSelector('#new:not([hidden]) #c-play');
  assert.ok(await org.isHidden('#online-rows'));
  await org.fill('#c-name', 'Tiešsaistes kauss');
  await org.fill('#c-tables', '1');
  await org.selectOption('#c-system', 'swiss');
  await org.fill('#c-rounds', '1');
  await org.selectOption('#c-format', 'best_of');
  await org.fill('#c-sets', '1');
  await org.selectOption('#c-play', 'online');
  await org.waitForSelector('#online-rows:not([hidden])');
  assert.equal(await org.textContent('#c-clock option[value=""]'), en['new.clock.none']);
  await org.fill('#c-grace', '10');
  await org.check('#c-open-entry');
  await org.locator('#play-choice').scrollIntoViewIfNeeded();
  await shot(org, 'desktop-form');
  assert.deepEqual(await axeProblems(org), [], 'the form with its online choice');
  await Promise.all([org.waitForURL(/competition\.html\?id=/), org.click('#create')]);
  const id = new URL(org.url()).searchParams.get('id');
  const made = await read(org, `/api/competitions/${id}`);
  assert.deepEqual(made.competition.setup.play, { kind: 'online', stroke_clock: null, grace_secs: 600, next_round: 'after_last_game' });
  assert.equal(made.competition.setup.open_entry, true);
  const url = `${table.base}competition.html?id=${id}`;

  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const people = [[anna, 'anna_online'], [bruno, 'bruno_online']];
  for (const [p, name] of people) {
    await p.goto(`${table.base}competitions.html`);
    assert.equal((await call(p, '/api/account/register', { username: name, password: 'correct horse 1' })).status, 201);
    await p.goto(url);
    await p.waitForSelector('#online-box:not([hidden])');
    await p.waitForSelector('#online-enter:not([hidden])');
    await p.click('#online-enter');
    await p.waitForSelector('#online-entered:not([hidden])', { timeout: LONG });
  }
  assert.equal(await bruno.textContent('#online-entered'), fill(en['online.entered'], { n: 2 }));
  await shot(bruno, 'phone-entered');

  // The organiser pairs the round: each player's page shows their game.
  await org.goto(url);
  await org.waitForSelector('#desk:not([hidden])');
  const paired = await call(org, `/api/competitions/${id}/changes`, { change: 'pair_next', round: 1 });
  assert.equal(paired.status, 200, JSON.stringify(paired.body));
  for (const [p] of people) await p.waitForSelector('#your-game:not([hidden]) #your-game-link', { timeout: LONG });
  assert.match(await anna.textContent('#your-game'), new RegExp(fill(en['online.your_game'], { round: 1, opponent: 'bruno_online' })));
  await org.waitForSelector('#boards .watch', { timeout: LONG });
  await shot(anna, 'desktop-your-game');
  assert.deepEqual(await axeProblems(anna), [], 'the player\'s competition page');

  // The first seat is the first-named entrant's: each page by its seat.
  const [game] = await read(org, `/api/competitions/${id}/games`);
  const me = async (p) => (await read(p, '/api/me')).person;
  const south = (await me(anna)) === game.people[0] ? anna : bruno;
  const north = south === anna ? bruno : anna;
  for (const p of [anna, bruno]) {
    await p.click('#your-game-link');
    await settledAt(p, 0);
  }
  // The game's page names its competition, round and board.
  await anna.waitForSelector('#competition-line:not([hidden]) a', { timeout: LONG });
  assert.equal(await anna.textContent('#competition-line'), fill(en['game.competition'], { name: 'Tiešsaistes kauss', round: 1, board: 1 }));
  await shot(anna, 'desktop-game');
  await playUntilResignable({ south, north });
  const changes = Number(await org.evaluate(() => document.body.dataset.changes));
  await north.click('#resign');
  await north.click('#resign-dialog button[value=resign]');
  for (const p of [anna, bruno]) await p.waitForFunction(() => document.body.dataset.phase === 'over', null, { timeout: LONG });

  // The result arrives on the organiser's page without a reload.
  await org.waitForFunction((n) => Number(document.body.dataset.changes) > n, changes, { timeout: LONG });
  await org.waitForFunction(() => document.querySelector('#boards .board')?.getAttribute('data-result') === '1:0', null, { timeout: LONG });
  assert.equal(await org.textContent('#progress'), fill(en['comp.finished'], { count: 1 }));
  await shot(org, 'desktop-result');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bruno.errors, []);
});

test('an organiser sets the rounds\' times; the page says when the next round is paired', { timeout: 120_000 }, async () => {
  const org = await table.person('scheduler', { viewport: { width: 1280, height: 800 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'timed_desk', password: 'correct horse 1' })).status, 201);
  await org.reload();
  await org.waitForSelector('#new:not([hidden]) #c-play');
  await org.fill('#c-name', 'Vakara Šveices turnīrs');
  await org.fill('#c-tables', '4');
  await org.selectOption('#c-system', 'swiss');
  await org.fill('#c-rounds', '5');
  await org.selectOption('#c-format', 'best_of');
  await org.fill('#c-sets', '1');
  await org.selectOption('#c-play', 'online');
  await org.waitForSelector('#online-rows:not([hidden])');
  assert.ok(await org.isHidden('#schedule-rows'), 'the times are asked for only when chosen');
  await org.fill('#c-grace', '5');
  await org.selectOption('#c-next', 'scheduled');
  await org.waitForSelector('#schedule-rows:not([hidden])');
  // Round 1 tomorrow at 19:00 in the organiser's own time; rounds 45 min apart.
  const day = await org.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await org.fill('#c-first-round', `${day}T19:00`);
  await org.fill('#c-interval', '45');
  await org.check('#c-open-entry');
  await org.locator('#play-choice').scrollIntoViewIfNeeded();
  await shot(org, 'schedule-form');
  assert.deepEqual(await axeProblems(org), [], 'the form with the rounds\' times');
  await Promise.all([org.waitForURL(/competition\.html\?id=/), org.click('#create')]);
  const id = new URL(org.url()).searchParams.get('id');
  const made = await read(org, `/api/competitions/${id}`);
  const starts = await org.evaluate((v) => new Date(v).getTime(), `${day}T19:00`);
  assert.deepEqual(made.competition.setup.play.next_round, { scheduled: { starts_ms: starts, interval_secs: 2700 } });
  await org.waitForSelector('#online-next:not([hidden])');
  const said = await org.textContent('#online-next');
  assert.ok(said.startsWith('Round 1 is paired at ') && said.includes('(rounds every 45 min;'), said);

  // A phone in Latvian reads it in Latvian.
  const fan = await table.person('fan-lv', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(`${table.base}competition.html?id=${id}`);
  await fan.waitForSelector('#online-next:not([hidden])');
  assert.match(await fan.textContent('#online-next'), /^1\. kārtu izlozēs .* \(kārtas ik pēc 45 min;/);
  await shot(fan, 'schedule-phone-lv');
  assert.deepEqual(await axeProblems(fan), [], 'the scheduled competition on a phone');

  // A first round already past is refused at the form, worded, nothing made.
  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden]) #c-play');
  await org.fill('#c-name', 'Par vēlu');
  await org.selectOption('#c-play', 'online');
  await org.selectOption('#c-next', 'scheduled');
  await org.fill('#c-first-round', '2020-01-01T10:00');
  await org.click('#create');
  await org.waitForSelector('#new-error:not([hidden])', { timeout: LONG });
  assert.ok(org.url().endsWith('competitions.html'));
  for (const p of [org, fan]) assert.deepEqual(p.errors, []);
});
