// The big screen of a competition (issue 32), in a browser against the
// real server: a projector's 1920×1080 page for a 30-player Swiss shows
// the round's boards by table a page at a time, then the standings, in
// turn; a result entered at the desk appears on it live, lit, without a
// reload; the page never scrolls. The organiser's requests go through the
// API from their signed-in page, as the desk's would.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';

const table = tableFor('competition-screen');
const LONG = 20_000;
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-screen-${name}.png`) });

/** Sends one API request from `page` (its cookie); the answer's JSON. */
async function api(page, method, url, body) {
  return page.evaluate(async ([m, u, b]) => {
    const res = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
    return { status: res.status, body: await res.json() };
  }, [method, url, body]);
}

test('a projector shows the round and the standings in turn, and a result as it comes', { timeout: 60_000 }, async () => {
  const org = await table.person('organiser');
  await org.goto(table.base);
  const registered = await api(org, 'POST', '/api/account/register', { username: 'screen_org', password: 'a hall of tables' });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const made = await api(org, 'POST', '/api/competitions', {
    name: 'Madonas kauss', venue: 'Madona', tables: 20,
    system: { kind: 'swiss', rounds: 5 }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  const change = async (c) => {
    const r = await api(org, 'POST', `/api/competitions/${id}/changes`, c);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };
  for (let i = 0; i < 30; i++) {
    await change({ change: 'enter', entry: { name: `Spēlētājs ${i + 1}`, club: ['Madona', 'RNK', 'Ogre'][i % 3], rating: 1900 - 10 * i } });
  }

  // The hall's screen, opened before the first round: the entrants, two pages.
  const hall = await table.person('projector', { viewport: { width: 1920, height: 1080 } });
  await hall.goto(`${table.base}competition-screen.html?id=${id}&every=3`);
  await hall.waitForSelector('#live-state[data-connected="true"]');
  assert.equal(await hall.textContent('#name'), 'Madonas kauss');
  assert.equal(await hall.getAttribute('body', 'data-slide'), 'entrants');
  assert.equal(await hall.locator('#slide-body tr').count(), 14);
  assert.equal(await hall.textContent('#slide-page'), fill(en['screen.page'], { a: 1, b: 3 }));

  // Round 1 paired: its fifteen boards, fourteen on the first page.
  let c = await change({ change: 'pair_next', round: 1 });
  await hall.waitForFunction((n) => document.body.dataset.changes === String(n), c.changes, { timeout: LONG });
  await hall.waitForFunction(() => document.body.dataset.slide === 'round' && document.getElementById('slide-page')?.textContent?.startsWith('Page 1'), null, { timeout: LONG });
  assert.equal(await hall.locator('#slide-body tr').count(), 14);
  assert.equal(await hall.textContent('#progress'), `${fill(en['round.current'], { n: 1, count: 5 })} · ${fill(en['round.open'], { n: 0, total: 15 })}`);

  // A result at the desk: on the screen at once, lit, on board 1's row.
  c = await change({ change: 'result', round: 1, board: 1, outcome: { kind: 'sets', first: 4, second: 2 } });
  await hall.waitForFunction((n) => document.body.dataset.changes === String(n), c.changes, { timeout: LONG });
  await hall.waitForFunction(() => document.body.dataset.slide === 'round' && document.getElementById('slide-page')?.textContent?.startsWith('Page 1'), null, { timeout: LONG });
  const row = hall.locator('#slide-body tr[data-board="1"]');
  assert.equal(await row.locator('td.result').textContent(), '4:2');
  assert.equal(await row.getAttribute('class'), 'fresh');
  await shot(hall, 'round');

  // In turn: the round's second page, then the standings, led by the winner.
  await hall.waitForFunction(() => document.body.dataset.slide === 'standings', null, { timeout: LONG });
  assert.equal(await hall.textContent('#slide-heading'), fill(en['screen.standings'], { n: 1 }));
  const heads = await hall.$$eval('#slide-head th', (ths) => ths.map((t) => t.textContent));
  assert.deepEqual(heads, [en['col.place'], en['col.name'], en['col.club'], en['col.points'], 'BH-C1', 'BH']);
  const first = c.rounds[0].boards[0].first;
  const leader = c.entrants.find((e) => e.entrant === first).entry.name;
  assert.equal(await hall.textContent('#slide-body tr:first-child td:nth-child(2)'), leader);
  assert.equal(await hall.textContent('#slide-body tr:first-child td.points'), '2');
  await shot(hall, 'standings');

  // A projector never scrolls: everything fits the screen.
  const fits = await hall.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, 'the page fits 1920×1080');
  // The competition's page links to it.
  await org.goto(`${table.base}competition.html?id=${id}`);
  assert.equal(await org.getAttribute('#screen-link', 'href'), `competition-screen.html?id=${id}`);
  assert.deepEqual(await axeProblems(hall), []);
  assert.deepEqual(hall.errors, []);
  assert.deepEqual(org.errors, []);
});
