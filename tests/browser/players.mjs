// The leaderboard and a player's page (docs/protocol.md, "Ratings"): two
// people at two browsers, each with their own cookies, play rated
// matches through an invitation (created, joined and resigned over the
// server's own HTTP and WebSocket from inside their pages), then the
// player page shows the ratings with "?" while provisional, the rating
// plot as SVG with its words for screen readers, the results and the
// games to replay; the leaderboard shows its format switch and the
// computer levels' estimates. axe-core finds no serious problem, in
// English and Latvian, at desktop and phone size; screenshots in
// artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';

const RATED = {
  format: 'singles', profile: 'lnf-2017', sets: 1, rated: true, casual: false, public: true,
  players: [{ kind: 'human', name: 'Anna' }, { kind: 'human', invite: true }],
};

const table = tableFor('players');

async function person(name, options = {}) {
  const page = await table.person(name, options);
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(`${table.base}leaderboard.html`);
  await page.evaluate(() => localStorage.setItem('novuss.lang', 'en'));
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

/** `creator` makes a rated match, `guest` takes the invited seat, `loser` (one of them) resigns. */
async function ratedMatch(creator, guest, loserIsCreator) {
  const made = await creator.evaluate(async (body) => {
    const res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  }, RATED);
  assert.ok(made.id, JSON.stringify(made));
  const joined = await guest.evaluate(async ([id, invite]) => {
    const res = await fetch(`/api/games/${id}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite }) });
    return res.status;
  }, [made.id, made.invites[0].invite]);
  assert.equal(joined, 200);
  const loser = loserIsCreator ? creator : guest;
  const seat = loserIsCreator ? 'south' : 'north';
  const end = await loser.evaluate(([id, s]) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === 'state') ws.send(JSON.stringify({ type: 'resign', event: msg.state.event, seat: s }));
      if (msg.type === 'resigned' || msg.type === 'error') { ws.close(); resolve(msg.type); }
    };
    ws.onerror = () => reject(new Error('socket'));
  }), [made.id, seat]);
  assert.equal(end, 'resigned');
  return made.id;
}

test('a player page and the leaderboard render, with the rating plot, and pass axe', { timeout: 300_000 }, async () => {
  const anna = await person('anna');
  const bruno = await person('bruno');
  // Bruno names himself; three rated matches: Anna loses, wins, loses.
  await bruno.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bruno"}' }));
  const ids = [await ratedMatch(anna, bruno, true), await ratedMatch(anna, bruno, false), await ratedMatch(anna, bruno, true)];

  // Bruno's own page (no id in the address: the visitor's own).
  await bruno.goto(`${table.base}player.html`);
  await bruno.waitForSelector('#player:not([hidden]) .rating-card[data-format=singles]');
  assert.equal(await bruno.textContent('#name'), 'Bruno');
  const figure = await bruno.textContent('.rating-card[data-format=singles] .rating-figure');
  assert.match(figure, /^\d{4}\? ± \d{3}$/, 'a provisional rating with its deviation');
  const data = await bruno.evaluate(() => window.novussPlayer.player);
  const singles = data.ratings.find((r) => r.format === 'singles');
  assert.equal(singles.games, 3);
  assert.equal(singles.wins, 2);
  assert.equal(singles.losses, 1);
  assert.ok(singles.rating > 1500, 'two wins of three');
  // The plot: a line through four points (the start and three games),
  // named and described for screen readers.
  assert.equal(await bruno.locator('svg.rating-plot circle.dot').count(), 4);
  const label = await bruno.getAttribute('svg.rating-plot', 'aria-labelledby');
  const [titleId, descId] = label.split(' ');
  assert.match(await bruno.textContent(`#${titleId}`), /Rating over time, Singles/);
  assert.match(await bruno.textContent(`#${descId}`), /3 rated games/);
  assert.equal(await bruno.locator('#results-body tr').count(), 3);
  assert.equal(await bruno.locator('#results-body tr.result-win').count(), 2);
  // Games ended in the same second may list in either order.
  const replays = await bruno.locator('#games-body a.button').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(replays.sort(), ids.map((id) => `replay.html#game=${id}`).sort());
  // The other player's name leads to her page.
  const annaPage = await bruno.locator('#games-body tr:first-child a.other').getAttribute('href');
  assert.match(annaPage, /^player\.html#id=[0-9a-f]{32}$/);
  assert.equal(await bruno.locator('#games-body tr:first-child a.other').textContent(), 'Anna');
  // Each rated result names the opponent (by the name Anna typed for her
  // seat when she made the game, hers from then on) and links her page,
  // beside the change.
  const opponents = await bruno.locator('#results-body a.opponent').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
  assert.deepEqual(opponents, [[annaPage, 'Anna'], [annaPage, 'Anna'], [annaPage, 'Anna']]);
  assert.match(await bruno.textContent('#results-body tr:first-child'), /\d+ → \d+ \([+−-]\d+\)/);
  assert.deepEqual(await axeProblems(bruno), [], 'the player page');
  await shot(bruno, 'players-01-player-desktop');

  // In Latvian.
  await bruno.selectOption('select.language', 'lv');
  await bruno.waitForFunction(() => document.querySelector('#ratings-heading')?.textContent === 'Reitingi');
  assert.match(await bruno.textContent('#results-heading'), /Reitinga spēļu rezultāti/);
  assert.deepEqual(await axeProblems(bruno), [], 'the player page in Latvian');
  await bruno.selectOption('select.language', 'en');

  // Anna, on a phone, opens Bruno's page from its address.
  const phone = await person('anna-phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await phone.goto(`${table.base}player.html#id=${data.id}`);
  await phone.waitForSelector('svg.rating-plot');
  const box = await phone.locator('svg.rating-plot').boundingBox();
  assert.ok(box.width <= 390 && box.width > 250, `the plot fits the phone: ${box.width}`);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `nothing wider than the phone: ${overflow}px`);
  assert.deepEqual(await axeProblems(phone), [], 'the player page on a phone');
  await shot(phone, 'players-02-player-phone');

  // The leaderboard: nobody is settled after three games; the switch,
  // the thresholds and the computer levels are there.
  await anna.goto(`${table.base}leaderboard.html`);
  await anna.waitForSelector('#levels-body tr');
  await anna.waitForFunction(() => window.novussLeaderboard.board !== null);
  assert.match(await anna.textContent('#board-status'), /Nobody is on this leaderboard yet/);
  assert.match(await anna.textContent('#intro'), /below 110 and at least 5 rated games/);
  // ...but both are listed apart as provisional, with "?", and the
  // threshold is said in words.
  assert.equal(await anna.locator('#provisional-body tr').count(), 2);
  assert.match(await anna.textContent('#provisional-body tr:first-child .rating'), /^\d+\?$/);
  assert.match(await anna.textContent('#provisional-body'), /Bruno/);
  assert.match(await anna.textContent('#threshold'), /falls below 110 and the player has at least 5 rated games/);
  assert.equal(await anna.getAttribute('#formats button[data-format=singles]', 'aria-pressed'), 'true');
  await anna.click('#formats button[data-format=doubles]');
  await anna.waitForFunction(() => window.novussLeaderboard.board?.format === 'doubles');
  assert.ok(anna.url().endsWith('#format=doubles'));
  assert.equal(await anna.getAttribute('#formats button[data-format=doubles]', 'aria-pressed'), 'true');
  const levels = await anna.locator('#levels-body tr').count();
  assert.ok(levels >= 7, `every level's estimate: ${levels}`);
  assert.deepEqual(await axeProblems(anna), [], 'the leaderboard');
  await shot(anna, 'players-03-leaderboard-desktop');
  await phone.goto(`${table.base}leaderboard.html`);
  await phone.waitForSelector('#levels-body tr');
  assert.deepEqual(await axeProblems(phone), [], 'the leaderboard on a phone');
  await shot(phone, 'players-04-leaderboard-phone');

  // The history page links the players' pages from its navigation.
  await anna.goto(`${table.base}history.html`);
  assert.equal(await anna.getAttribute('nav a[href="leaderboard.html"]', 'href'), 'leaderboard.html');

  for (const p of [anna, bruno, phone]) assert.deepEqual(p.errors, []);
});
