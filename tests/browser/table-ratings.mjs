// Ratings for the real table in a browser against the real `novuss serve`
// on loopback (docs/competitions.md, "Ratings for the real table"): two
// rated double round robins of eight played to the end at the desk make
// the real-table pool; the leaderboard links to its list; the list shows
// what the server answers, established players apart from provisional
// ones, and its category select filters it (kept in the address); a phone
// reads it in Latvian; a player without an account has a page of their
// own with the history a competition at a time, and a person with an
// account has it on their own player page. Screenshots at 1280×800 and
// 390×844; axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/players.js';
import { lv } from '../../web/locales/lv/players.js';
import { ok } from './support/api.mjs';

const table = tableFor('table-ratings');
const LONG = 20_000;
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `table-ratings-${name}.png`), fullPage: true });

const PLAYERS = [
  { name: 'Jānis Bērziņš', club: 'Rīgas NK', licence: 'LV-101', category: 'men', birth_year: 1985 },
  { name: 'Pēteris Kalniņš', club: 'Rīgas NK', licence: 'LV-102', category: 'men', birth_year: 1979 },
  { name: 'Māris Ozols', club: 'Madonas NK', licence: null, category: 'men', birth_year: 1990 },
  { name: 'Ilze Liepa', club: 'Madonas NK', licence: 'LV-201', category: 'women', birth_year: 1992 },
  { name: 'Dace Priede', club: 'Cēsu NK', licence: 'LV-202', category: 'women', birth_year: 1988 },
  { name: 'Anna Krūmiņa', club: 'Cēsu NK', licence: null, category: 'women', birth_year: 1995 },
  { name: 'Līga Zariņa', club: 'Rīgas NK', licence: 'LV-204', category: 'women', birth_year: 1983 },
  { name: 'Zane Vītola', club: 'Cēsu NK', licence: 'LV-205', category: 'women', birth_year: 2001 },
];

/** A spread of results: wins, losses and 3:3 draws. */
function outcome(round, a, b) {
  const pick = (a * 3 + b * 5 + round) % 7;
  const [first, second] = [[3, 3], [4, 0], [4, 2], [2, 4], [4, 1], a < b ? [4, 1] : [1, 4], a < b ? [4, 2] : [0, 4]][pick];
  return { kind: 'sets', first, second };
}

/** A rated double round robin on real tables, played to its end. */
async function playRated(org, name, dates, who) {
  const c = await ok(org, '/api/competitions', {
    name, tables: 4, rated: true, ...dates,
    system: { kind: 'round_robin', cycles: 'double' }, format: { kind: 'sets', sets: 6 },
  });
  for (const k of who) await ok(org, `/api/competitions/${c.id}/changes`, { change: 'enter', entry: { ...PLAYERS[k], rating: 1900 - 20 * k } });
  await ok(org, `/api/competitions/${c.id}/enter`, { username: 'sniedze_rt' });
  let view;
  for (let round = 1; ; round++) {
    view = await ok(org, `/api/competitions/${c.id}/changes`, { change: 'pair_next', round });
    const boards = view.rounds[round - 1].boards;
    for (let k = 0; k < boards.length; k++) {
      view = await ok(org, `/api/competitions/${c.id}/changes`, { change: 'result', round, board: k + 1, outcome: outcome(round, boards[k].first, boards[k].second) });
    }
    if (view.finished) break;
  }
  return c.id;
}

/** The rows of one of the list's tables as the page shows them. */
const rows = (page, body) => page.$$eval(`#${body} tr`, (trs) => trs.map((tr) => ({
  player: tr.getAttribute('data-player'),
  href: tr.querySelector('td.who a')?.getAttribute('href'),
  cells: [...tr.cells].map((c) => c.textContent?.trim()),
})));

/** What the page should show of the list `places`. */
const expected = (places, provisional) => places.map((p) => ({
  player: p.player,
  href: p.person ? `player.html#id=${p.person}` : `table-player.html#player=${p.player}`,
  cells: [String(p.rank), p.name, p.club || '', p.licence || '', `${Math.round(p.rating)}${provisional ? '?' : ''}`,
    `± ${Math.round(p.deviation)}`, String(p.competitions), String(p.games)],
}));

test('the real table\'s rating list per category, a player\'s history, in both languages', { timeout: 180_000 }, async () => {
  const org = await table.person('org');
  await org.goto(`${table.base}competitions.html`);
  await ok(org, '/api/account/register', { username: 'org_rt', password: 'correct horse 1' });
  const sniedze = await table.person('sniedze');
  await sniedze.goto(`${table.base}competitions.html`);
  await ok(sniedze, '/api/account/register', { username: 'sniedze_rt', password: 'correct horse 2' });
  const sniedzeId = (await ok(sniedze, '/api/me')).person;

  // October: Līga plays; November: Zane instead of her.
  const october = await playRated(org, 'Oktobra kauss', { starts: '2026-10-03', ends: '2026-10-04' }, [0, 1, 2, 3, 4, 5, 6]);
  const november = await playRated(org, 'Novembra kauss', { starts: '2026-11-14' }, [0, 1, 2, 3, 4, 5, 7]);
  const all = await ok(org, '/api/ratings/tables');
  assert.equal(all.players.length + all.provisional.length, 9);
  assert.ok(all.players.length > 0 && all.provisional.length > 0, JSON.stringify(all));

  // The online leaderboard links to the real table's list.
  await org.setViewportSize({ width: 1280, height: 800 });
  await org.goto(`${table.base}leaderboard.html`);
  assert.equal(await org.textContent('#table-link'), en['rt.link']);
  await org.click('#table-link');
  await org.waitForURL(/table-ratings\.html/, { timeout: LONG });
  await org.waitForSelector('#list:not([hidden])', { timeout: LONG });
  assert.equal(await org.textContent('#heading'), en['rt.heading']);
  assert.equal(await org.title(), en['rt.title']);
  assert.deepEqual(await rows(org, 'list-body'), expected(all.players, false));
  assert.deepEqual(await rows(org, 'provisional-body'), expected(all.provisional, true));
  await shot(org, 'desktop');
  assert.deepEqual(await axeProblems(org), [], 'the real-table list');

  // The women only: the select filters, and the address keeps it.
  await org.selectOption('#category', 'women');
  await org.waitForFunction(() => window.novussTableRatings.list?.category === 'women', null, { timeout: LONG });
  assert.ok(org.url().endsWith('#category=women'), org.url());
  const women = await ok(org, '/api/ratings/tables?category=women');
  const shownWomen = [...await rows(org, 'list-body'), ...await rows(org, 'provisional-body')];
  assert.deepEqual(shownWomen.map((r) => r.cells[1]).sort(),
    PLAYERS.filter((p) => p.category === 'women').map((p) => p.name).sort());
  assert.deepEqual(await rows(org, 'list-body'), expected(women.players, false));
  assert.equal(await org.textContent('#list-caption'), en['rt.caption'].replace('{category}', en['rt.category.women']));
  await shot(org, 'women');

  // A phone in Latvian, at the women's list by its address.
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(`${table.base}table-ratings.html#category=women`);
  await fan.waitForSelector('#provisional:not([hidden])', { timeout: LONG });
  assert.equal(await fan.textContent('#heading'), lv['rt.heading']);
  assert.equal(await fan.inputValue('#category'), 'women');
  assert.equal(await fan.textContent('#category option[value="women"]'), lv['rt.category.women']);
  assert.equal(await fan.textContent('#provisional-heading'), lv['rt.provisional_heading']);
  assert.deepEqual(await rows(fan, 'provisional-body'), expected(women.provisional, true));
  await shot(fan, 'phone-lv');
  assert.deepEqual(await axeProblems(fan), [], 'the list on a phone');

  // Ilze has no account: her name leads to her real-table page, with her
  // two competitions, November's first.
  const ilze = [...all.players, ...all.provisional].find((p) => p.licence === 'LV-201');
  await fan.click(`tr[data-player="${ilze.player}"] td.who a`);
  await fan.waitForURL(/table-player\.html#player=/, { timeout: LONG });
  await fan.waitForSelector('#player:not([hidden])', { timeout: LONG });
  assert.equal(await fan.textContent('#name'), 'Ilze Liepa');
  const page = await ok(fan, `/api/ratings/tables/players/${ilze.player}`);
  const history = await fan.$$eval('table.table-history tbody tr', (trs) => trs.map((tr) => ({
    competition: tr.getAttribute('data-competition'),
    cells: [...tr.cells].map((c) => c.textContent?.trim()),
  })));
  assert.deepEqual(history.map((h) => h.competition), [november, october]);
  assert.equal(history[0].cells[1], 'Novembra kauss');
  const last = page.history[1];
  const delta = Math.round(last.rating - last.rating_before);
  assert.ok(history[0].cells[3].startsWith(`${Math.round(last.rating_before)} → ${Math.round(last.rating)}`), history[0].cells[3]);
  assert.ok(history[0].cells[3].includes(delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0'), history[0].cells[3]);
  assert.ok((await fan.textContent('.table-rating-card .rating-figure')).startsWith(`${Math.round(page.rating)}`));
  assert.equal(await fan.textContent('#to-list'), lv['rt.to_list']);
  await shot(fan, 'player-lv');
  assert.deepEqual(await axeProblems(fan), [], 'a real-table player on a phone');

  // Sniedze has an account: her own page shows her real-table rating and
  // history beside the online part.
  await sniedze.setViewportSize({ width: 1280, height: 800 });
  await sniedze.goto(`${table.base}player.html`);
  await sniedze.waitForSelector('#table-rating-box:not([hidden])', { timeout: LONG });
  const mine = await ok(sniedze, `/api/ratings/tables/people/${sniedzeId}`);
  assert.equal(await sniedze.textContent('#table-rating-heading'), en['rt.heading']);
  const card = await sniedze.textContent('#table-rating .rating-figure');
  assert.equal(card, `${Math.round(mine.rating)}${mine.provisional ? '?' : ''} ± ${Math.round(mine.deviation)}`);
  assert.equal(await sniedze.$$eval('#table-history tbody tr', (trs) => trs.length), 2);
  await sniedze.locator('#table-rating-box').scrollIntoViewIfNeeded();
  await shot(sniedze, 'own-page');
  assert.deepEqual(await axeProblems(sniedze), [], 'a player page with a real-table rating');

  // The organiser plays on no real table: no such part on his page.
  await org.goto(`${table.base}player.html`);
  await org.waitForSelector('#player:not([hidden])', { timeout: LONG });
  await org.waitForFunction(() => window.novussPlayer.player !== null, null, { timeout: LONG });
  assert.ok(await org.isHidden('#table-rating-box'));
  for (const p of [org, fan, sniedze]) assert.deepEqual(p.errors, []);
});
