// Match formats in screen games (issue 32), as people meet them: the
// new-game form offers six sets (a draw at 3:3), four sets (2:2, doubles'
// usual) and, under "Other", first to K; a four-player game cannot have a
// fixed number of sets; the game page says the format and "set 1 of 6".
// A six-set match between two people at their own screens is then played
// to 3:3 through the protocol (each set claimed from the player who
// stayed away on their turn, the real claim after the real grace of the
// server's `--absence-grace`), and opened in the browser: "Drawn match,
// 3:3" in the banner and the narration, "3:3 — a draw" under the score,
// in English and in Latvian. Real `novuss serve` on loopback, Debian's
// Chromium; screenshots at desktop (1280x800) and phone (390x844) size
// in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, root } from './support/harness.mjs';

const { rematchRequest } = await import(path.join(root, 'web/game/rematch.js'));

const LONG = 60_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const GRACE_MS = 1_000;

const table = tableFor('match-formats', ['--absence-grace', '1s']);

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `match-formats-${name}.png`) });

/** The sizes a page is looked at. */
const SIZES = [['desktop', { viewport: DESKTOP }], ['phone', { viewport: { width: PHONE.width, height: PHONE.height }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }]];

for (const [size, options] of SIZES) {
  test(`the form offers six sets, and the game page says so (${size})`, { timeout: 120_000 }, async () => {
    const page = await table.person(`form-${size}`, options);
    await page.goto(table.base);
    await page.waitForSelector('dialog#start[open] #start-game');
    await page.check('#mode-hot_seat');
    const offered = await page.$$eval('#sets option', (os) => os.map((o) => [o.value, o.textContent]));
    const named = Object.fromEntries(offered);
    assert.equal(named['1'], 'One set');
    assert.equal(named['3'], 'Best of 3 sets');
    assert.equal(named['sets:6'], '6 sets (a draw at 3:3)');
    assert.equal(named['sets:4'], '4 sets (a draw at 2:2)');
    assert.equal(named['first_to:3'], 'First to 3 sets');
    assert.equal(await page.$eval('option[value="first_to:3"]', (o) => o.parentElement?.getAttribute('label')), 'Other');

    // Four players play a best of or a first to: the fixed numbers are
    // not to be chosen there.
    await page.selectOption('#format', 'four_player');
    assert.equal(await page.$eval('option[value="sets:6"]', (o) => o.disabled), true);
    await page.selectOption('#format', 'singles');
    assert.equal(await page.$eval('option[value="sets:6"]', (o) => o.disabled), false);

    await page.selectOption('#sets', 'sets:6');
    await page.fill('#name-0', 'Anna');
    await page.fill('#name-1', 'Bruno');
    await shot(page, `01-form-${size}`);
    await page.click('#start-game');
    await page.waitForFunction(() => window.novussDebug?.state?.match?.format?.kind === 'sets', null, { timeout: LONG });
    await settledAt(page, 0);
    const st = await page.evaluate(() => window.novussDebug.state);
    assert.deepEqual(st.match.format, { kind: 'sets', sets: 6 });
    assert.equal(st.match.needed, 4);
    const line = await page.textContent('#match');
    assert.match(line, /6 sets \(a draw at 3:3\)/, line);
    assert.match(line, /set 1 of 6/, line);
    await shot(page, `02-game-${size}`);
    assert.deepEqual(await axeProblems(page), [], 'the game page');
    assert.deepEqual(page.errors, []);
  });
}

/**
 * A WebSocket on game `id` opened in `page` (its cookie is the page's
 * person's), kept in the page as `window.mf[name]`, with the messages it
 * got so far.
 */
async function openSocket(page, id, name) {
  await page.evaluate(([id, name]) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
    const w = /** @type {any} */ (window);
    w.mf = w.mf || {};
    w.mf[name] = { ws, got: [] };
    ws.onmessage = (e) => w.mf[name].got.push(JSON.parse(e.data));
    ws.onopen = () => { ws.send(JSON.stringify({ type: 'hello' })); resolve(undefined); };
    ws.onerror = () => reject(new Error('the socket did not open'));
  }), [id, name]);
}

/** Sends `msg` on socket `name` and waits for the answer of a type in `types`. */
async function ask(page, name, msg, types) {
  return page.evaluate(([name, msg, types]) => new Promise((resolve) => {
    const s = /** @type {any} */ (window).mf[name];
    const from = s.got.length;
    s.ws.send(JSON.stringify(msg));
    const look = () => {
      const m = s.got.slice(from).find((x) => types.includes(x.type));
      if (m) resolve(m); else setTimeout(look, 50);
    };
    look();
  }), [name, msg, types]);
}

async function closeSocket(page, name) {
  await page.evaluate((name) => new Promise((resolve) => {
    const s = /** @type {any} */ (window).mf[name];
    s.ws.onclose = () => resolve(undefined);
    s.ws.close();
  }), name);
}

/** `fetch` in `page`: the JSON answer and its status. */
async function api(page, url, body) {
  return page.evaluate(async ([url, body]) => {
    const r = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, json: await r.json() };
  }, [url, body]);
}

test('a six-set match played to 3:3 is shown as a drawn match, in English and Latvian', { timeout: 240_000 }, async () => {
  const anna = await table.person('anna', { viewport: DESKTOP });
  const bruno = await table.person('bruno', { viewport: { width: PHONE.width, height: PHONE.height }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await anna.goto(`${table.base}api/options`);
  await bruno.goto(`${table.base}api/options`);
  const made = await api(anna, '/api/games', {
    format: 'singles', profile: 'lnf-2017', match_format: { kind: 'sets', sets: 6 }, casual: false,
    players: [{ kind: 'human', name: 'Anna' }, { kind: 'human', invite: true }],
  });
  assert.equal(made.status, 201, JSON.stringify(made.json));
  const id = made.json.id;
  const joined = await api(bruno, `/api/games/${id}/join`, { invite: made.json.invites[0].invite });
  assert.equal(joined.status, 200, JSON.stringify(joined.json));
  await api(bruno, '/api/me', { name: 'Bruno' });

  // Each set: the player to stroke came and went; after the grace the
  // other claims the set. The players change ends and the other opens
  // the next set, so the sets go to each in turn: 3:3.
  const pages = [anna, bruno];
  let st = made.json;
  for (let k = 0; k < 6; k++) {
    const away = st.turn.player;
    const here = 1 - away;
    await openSocket(pages[away], id, `s${k}`);
    await closeSocket(pages[away], `s${k}`);
    await openSocket(pages[here], id, `s${k}`);
    await new Promise((r) => setTimeout(r, GRACE_MS + 300));
    const seatOf = (p) => st.players[p].seat;
    let called;
    for (let tries = 0; tries < 20; tries++) {
      called = await ask(pages[here], `s${k}`, { type: 'claim', event: st.event, seat: seatOf(here), absent: seatOf(away), what: 'set' }, ['called', 'error']);
      if (called.type === 'called') break;
      assert.equal(called.code, 'too_early', JSON.stringify(called));
      await new Promise((r) => setTimeout(r, 300));
    }
    assert.equal(called.type, 'called', JSON.stringify(called));
    st = called.state;
    if (k < 5) {
      const next = await ask(pages[here], `s${k}`, { type: 'next_set', event: st.event }, ['set_started', 'error']);
      assert.equal(next.type, 'set_started', JSON.stringify(next));
      st = next.state;
    }
    await closeSocket(pages[here], `s${k}`);
  }
  assert.deepEqual(st.match.score, [3, 3]);
  assert.equal(st.match.drawn, true);
  assert.equal(st.match.over, true);

  // Anna opens the game: the end is a drawn match, said as one.
  await anna.goto(`${table.base}#game=${id}`);
  await anna.waitForFunction(() => window.novussDebug?.state?.match?.drawn === true, null, { timeout: LONG });
  await settledAt(anna, st.event);
  await anna.waitForFunction(() => /Drawn match, 3:3/.test(document.getElementById('banner-text')?.textContent ?? ''), null, { timeout: LONG });
  assert.match(await anna.textContent('#match-drawn'), /^3:3 — a draw$/);
  assert.match(await anna.textContent('#match'), /6 sets \(a draw at 3:3\)/);
  await shot(anna, '03-drawn-desktop');
  await anna.locator('#match').screenshot({ path: path.join(ARTIFACTS, 'match-formats-03b-drawn-score-desktop.png') });
  assert.deepEqual(await axeProblems(anna), [], 'the drawn match');

  // Bruno, on his phone, reads it in Latvian.
  await bruno.evaluate(() => localStorage.setItem('novuss.lang', 'lv'));
  await bruno.goto(`${table.base}#game=${id}`);
  await bruno.waitForFunction(() => window.novussDebug?.state?.match?.drawn === true, null, { timeout: LONG });
  await settledAt(bruno, st.event);
  await bruno.waitForFunction(() => /Spēle beidzas neizšķirti, 3:3/.test(document.getElementById('banner-text')?.textContent ?? ''), null, { timeout: LONG });
  assert.match(await bruno.textContent('#match-drawn'), /^3:3 — neizšķirts$/);
  assert.match(await bruno.textContent('#match'), /6 seti \(neizšķirts pie 3:3\)/);
  await shot(bruno, '04-drawn-phone-lv');
  assert.deepEqual(await axeProblems(bruno), [], 'the drawn match in Latvian');

  // The list of games says the format.
  const list = await api(anna, '/api/games');
  const row = list.json.find((g) => g.id === id);
  assert.deepEqual(row.match_format, { kind: 'sets', sets: 6 });
  assert.equal(row.drawn, true);
  // The list of games says it was drawn, at 3–3.
  await anna.goto(`${table.base}history.html`);
  const cell = anna.locator(`tr[data-game="${id}"] td.result`);
  await cell.waitFor({ timeout: LONG });
  assert.equal(await cell.textContent(), 'Drawnsets 3–3');
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bruno.errors, []);
});

test('a rematch of six sets is six sets again; of a best of, its sets as before', () => {
  const players = [{ name: 'Anna', kind: 'human' }, { name: 'Bruno', kind: 'human' }];
  const six = { format: 'singles', profile: 'lnf-2017', casual: true, players, match: { sets: 6, format: { kind: 'sets', sets: 6 } } };
  const body = rematchRequest(six);
  assert.deepEqual(body.match_format, { kind: 'sets', sets: 6 });
  assert.equal(body.sets, undefined);
  const three = { ...six, match: { sets: 3, format: { kind: 'best_of', sets: 3 } } };
  assert.equal(rematchRequest(three).sets, 3);
  assert.equal(rematchRequest(three).match_format, undefined);
});
