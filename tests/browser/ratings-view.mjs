// Ratings in view (issue 31): in a rated game each player's rating stands
// beside their name ("1500?" while provisional), and when the match ends
// each player sees both changes (+N / −N), live and after a reload; the
// change adds up to what the player page then says, and the rematch
// starts from the moved ratings. Anna plays at a desktop, Bruno on a
// phone with touch. A long player page shows the latest 50 results and
// brings the older ones a page at a time. The real `novuss serve` on loopback, Debian's
// Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, inviteFriend, playUntilResignable } from './support/harness.mjs';

const LONG = 90_000;

// The long player page's fifty-odd games come faster than the door lets
// one person make games by default.
const table = tableFor('ratings-view', ['--create-per-minute', '1000', '--create-burst', '1000']);

const debug = (page, fn) => page.evaluate(fn);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

/** The sides table's rows as the player reads them: "Anna 1500?", … */
const sides = (page) => page.$$eval('#sides tbody tr td:first-child', (tds) => tds.map((td) => {
  // What is seen: the words for screen readers left out.
  const seen = /** @type {HTMLElement} */ (td.cloneNode(true));
  for (const hidden of seen.querySelectorAll('.visually-hidden')) hidden.remove();
  return (seen.textContent ?? '').replace(/\s+/g, ' ').trim();
}));

/** A person's rounded rating in singles, as their player page's API gives it. */
async function ratingOf(page, person) {
  const body = await page.evaluate(async (id) => (await fetch(`/api/players/${id}`)).json(), person);
  const singles = body.ratings.find((r) => r.format === 'singles');
  return Math.round(singles.rating);
}

test('a rated game shows each rating beside its name, and the change when it ends', { timeout: 600_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const { link } = await inviteFriend(anna, table.base, { choose: (p) => p.check('#rated') });
  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await bruno.goto(link);
  await settledAt(bruno, 0);
  await bruno.fill('#my-name-input', 'Bruno');
  await bruno.tap('#my-name button[type=submit]');
  await anna.waitForFunction(() => document.getElementById('sides').textContent.includes('Bruno'), null, { timeout: LONG });
  await settledAt(anna, 0);

  // Two newcomers: 1500, provisional, on both screens; the "?" is
  // explained to a screen reader.
  for (const p of [anna, bruno]) {
    await p.waitForFunction(() => document.querySelectorAll('#sides .rating').length === 2, null, { timeout: LONG });
    assert.deepEqual(await sides(p), ['Anna 1500?', 'Bruno 1500?']);
  }
  assert.match(await anna.textContent('#sides .rating .visually-hidden'), /Rating 1500, provisional/);
  assert.match(await anna.textContent('#presence'), /Bruno 1500\?/, 'who is connected names the rating too');
  assert.deepEqual(await axeProblems(anna), [], 'ratings beside the names');
  await shot(bruno, 'ratings-view-01-bruno-phone');

  // They play until the match can no longer be called off, then Anna
  // resigns.
  const pages = { south: anna, north: bruno };
  await playUntilResignable(pages);
  const e = await debug(anna, () => window.novussDebug.event);
  await anna.click('#resign');
  await anna.click('#resign-dialog button[value=resign]');
  for (const p of [anna, bruno]) {
    await p.waitForFunction((x) => window.novussDebug.event > x && document.body.dataset.phase === 'over', e, { timeout: LONG });
    await p.waitForFunction(() => document.querySelectorAll('#sides .rating-change').length === 2, null, { timeout: LONG });
  }
  const [annaRow, brunoRow] = await sides(anna);
  const down = /^Anna 1500\? −(\d+)$/.exec(annaRow);
  const up = /^Bruno 1500\? \+(\d+)$/.exec(brunoRow);
  assert.ok(down && up, `the changes: ${annaRow} / ${brunoRow}`);
  assert.deepEqual(await sides(bruno), [annaRow, brunoRow], 'both see both changes');
  assert.equal(await anna.getAttribute('#sides .rating-change.down', 'title'), `−${down[1]} after this match`);

  // The change adds up to the player pages' ratings.
  const st = await debug(anna, () => window.novussDebug.state);
  assert.equal(await ratingOf(anna, st.seats[0].person), 1500 - Number(down[1]));
  assert.equal(await ratingOf(anna, st.seats[1].person), 1500 + Number(up[1]));
  assert.deepEqual(await axeProblems(bruno), [], 'the changes on a phone');
  await shot(anna, 'ratings-view-02-anna-over-desktop');
  await shot(bruno, 'ratings-view-03-bruno-over-phone');

  // A reload still says so.
  await bruno.reload();
  await bruno.waitForFunction(() => document.querySelectorAll('#sides .rating-change').length === 2, null, { timeout: LONG });
  assert.deepEqual(await sides(bruno), [annaRow, brunoRow], 'after a reload');

  // The rematch starts from the moved ratings, still provisional.
  await bruno.waitForSelector('#rematch:not([hidden]):not([disabled])', { timeout: LONG });
  await bruno.tap('#rematch');
  await anna.waitForSelector('#offer:not([hidden]) [data-answer=accept]', { timeout: LONG });
  await anna.click('#offer [data-answer=accept]');
  for (const p of [anna, bruno]) {
    await p.waitForFunction((id) => window.novussDebug.state?.id !== id, st.id, { timeout: LONG });
    await settledAt(p, 0);
  }
  const next = await sides(anna);
  // The rematch swaps the seats: Bruno breaks first now.
  assert.deepEqual([...next].sort(), [`Anna ${1500 - Number(down[1])}?`, `Bruno ${1500 + Number(up[1])}?`].sort());
  assert.equal(await anna.$$eval('#sides .rating-change', (x) => x.length), 0, 'no change before the match ends');
  for (const p of [anna, bruno]) assert.deepEqual(p.errors, []);
});

/** A rated match made over the server's own HTTP and WebSocket from inside the pages: the creator resigns at once. */
async function ratedMatch(creator, guest) {
  const made = await creator.evaluate(async () => (await fetch('/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'singles', profile: 'lnf-2017', sets: 1, rated: true, casual: false, players: [{ kind: 'human', name: 'Dace' }, { kind: 'human', invite: true }] }),
  })).json());
  assert.ok(made.id, JSON.stringify(made));
  const joined = await guest.evaluate(async ([id, invite]) => (await fetch(`/api/games/${id}/join`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite }),
  })).status, [made.id, made.invites[0].invite]);
  assert.equal(joined, 200);
  const end = await creator.evaluate((id) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === 'state') ws.send(JSON.stringify({ type: 'resign', event: msg.state.event, seat: 'south' }));
      if (msg.type === 'resigned' || msg.type === 'error') { ws.close(); resolve(msg.type); }
    };
    ws.onerror = () => reject(new Error('socket'));
  }), made.id);
  assert.equal(end, 'resigned');
  return made.id;
}

test('a long player page shows the latest results and the older ones a page at a time', { timeout: 600_000 }, async () => {
  const dace = await table.person('dace', { viewport: { width: 1280, height: 800 } });
  const egils = await table.person('egils', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  for (const p of [dace, egils]) await p.goto(`${table.base}leaderboard.html`);
  const games = 53;
  for (let k = 0; k < games; k += 1) await ratedMatch(dace, egils);
  const me = await dace.evaluate(async () => (await fetch('/api/me')).json());

  // Egils, on his phone, reads Dace's page.
  await egils.goto(`${table.base}player.html#id=${me.person}`);
  await egils.waitForSelector('#results-body tr');
  assert.equal(await egils.locator('#results-body tr').count(), 50, 'the latest 50');
  assert.equal(await egils.textContent('#older-results'), `Older results (50 of ${games} shown)`);
  // The plot has every game: 53 results and the start.
  assert.equal(await egils.locator('#plots svg circle.dot').count(), games + 1);
  await egils.locator('#older-results').scrollIntoViewIfNeeded();
  await egils.screenshot({ path: path.join(ARTIFACTS, 'ratings-view-04-older-button-phone.png') });
  await egils.tap('#older-results');
  await egils.waitForFunction((n) => document.querySelectorAll('#results-body tr').length === n, games);
  assert.ok(await egils.isHidden('#older-results'), 'nothing older is left');
  // The oldest result is last, Dace's first game from 1500.
  assert.match(await egils.textContent('#results-body tr:last-child'), /1500 → \d+ \(−\d+\)/);
  assert.equal(await egils.evaluate(() => document.activeElement?.closest('tr') === document.querySelectorAll('#results-body tr')[50]), true,
    'the first row just shown has the focus');
  assert.deepEqual(await axeProblems(egils), [], 'a long player page on a phone');
  for (const p of [dace, egils]) assert.deepEqual(p.errors, []);
});
