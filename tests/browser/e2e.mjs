// End-to-end tests of the web client: the real `novuss serve` on loopback
// with a fresh data directory, Debian's Chromium driven by playwright-core
// (never a downloaded browser), a player's mouse and keyboard. Each test
// asserts what a player would check (the event number moves on, the
// verdict is there, the disc counts agree) and leaves a screenshot in
// artifacts/.
//
//   cargo build -p novuss && cd tests/browser && npm install && npm test
//
// NOVUSS_BIN overrides the server binary (default target/debug/novuss from
// the repository root); CHROMIUM the browser (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, launchBrowser, removeTemps, startServer, tempDir as mkdtemp } from './support/harness.mjs';
import { hintArrowOnCanvas } from './support/canvas.mjs';
// The words of the page cover every reason and error code (no browser needed).
import './text.mjs';

const LONG = 90_000; // a computer turn plus two animations, with room to spare

let server;
let base;
let context;

let dataDir;

before(async () => {
  dataDir = mkdtemp('novuss-e2e-data-');
  const s = await startServer(dataDir);
  server = s.child;
  base = s.url;
  context = await launchBrowser('novuss-e2e-chromium-', { deviceScaleFactor: 2 });
  // Every phase the page goes through, so a test can see it animated.
  await context.addInitScript(() => {
    window.__phases = [];
    const note = () => {
      const p = document.body?.dataset.phase;
      if (p && window.__phases[window.__phases.length - 1] !== p) window.__phases.push(p);
    };
    new MutationObserver(note).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-phase'] });
  });
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

// ---- Helpers -------------------------------------------------------------

async function openPage(viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.errors = errors;
  await page.goto(base);
  await page.evaluate(() => localStorage.clear());
  await page.goto(base);
  return page;
}

const debug = (page, fn, arg) => page.evaluate(fn, arg);
const phase = (page) => page.evaluate(() => document.body.dataset.phase);
const event = (page) => page.evaluate(() => window.novussDebug.event);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
const toPage = (page, p) => page.evaluate((q) => window.novussDebug.toPage(q), p);

async function newGame(page, { mode = 'computer', level = 'beginner', format = 'singles' } = {}) {
  await page.waitForSelector('dialog#start[open] #start-game');
  await page.check(`#mode-${mode}`);
  if (mode === 'computer') await page.selectOption('#level', level);
  await page.selectOption('#format', format);
  await page.click('#start-game');
  await waitHumanTurn(page, 0);
  assert.match(page.url(), /#game=[0-9a-f]+/, 'the game id is in the URL');
}

/** Wait until a human may stroke (or the set or match is over) at an event past `after`. */
async function waitHumanTurn(page, after) {
  await page.waitForFunction((e) => {
    const d = window.novussDebug;
    return d.event !== null && d.event >= e && ['idle', 'over', 'between'].includes(document.body.dataset.phase);
  }, after, { timeout: LONG });
}

async function waitEventPast(page, e) {
  await page.waitForFunction((x) => window.novussDebug.event > x, e, { timeout: LONG });
}

/** Set the power with a digit key and strike with Enter; the server answers with the next event. */
async function strikeWithKeys(page, digit) {
  const e = await event(page);
  await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
  try {
    await page.waitForFunction((x) => window.novussDebug.event > x, e, { timeout: 20_000 });
  } catch (err) {
    const why = await debug(page, () => ({
      phase: document.body.dataset.phase,
      active: `${document.activeElement?.tagName}#${document.activeElement?.id}`,
      dialog: !!document.querySelector('dialog[open]'),
      stroke: window.novussDebug.stroke,
      status: document.getElementById('status').textContent,
      error: document.getElementById('error').textContent,
      phases: window.__phases,
    }));
    throw new Error(`no event after ${digit} and Enter: ${JSON.stringify(why)}`);
  }
}

/** The disc counts the panel shows, per side, as the state has them. */
async function assertPanelMatchesState(page) {
  const { shown, state } = await debug(page, () => ({
    shown: [...document.querySelectorAll('#sides tbody tr')].map((tr) => ({
      side: Number(tr.dataset.side),
      on_table: Number(tr.querySelector('.on-table').textContent),
      pocketed: Number(tr.querySelector('.pocketed').textContent),
      debt: Number(tr.querySelector('.debt').textContent),
    })),
    state: window.novussDebug.state,
  }));
  const expected = state.set.sides.map((s) => ({ side: s.side, on_table: s.on_table, pocketed: s.pocketed, debt: s.debt }));
  assert.deepEqual(shown, expected);
  for (const s of state.set.sides) {
    const onTable = state.set.discs.filter((d) => d.side === s.side && d.at).length;
    assert.equal(s.on_table, onTable, `side ${s.side}: on_table agrees with the discs`);
  }
}

/** Drag the striker from where it is to `to` (table metres) with the mouse. */
async function dragStriker(page, to) {
  const from = (await debug(page, () => window.novussDebug.stroke)).striker;
  const a = await toPage(page, from);
  const b = await toPage(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** Press behind the striker (on the near edge board), draw the cue back `pull` metres, release. */
async function drawBackAndRelease(page, pull) {
  const { a, b } = await debug(page, (far) => {
    const d = window.novussDebug;
    const s = d.stroke;
    const f = d.seatFrame(d.state.turn.seat, 1);
    const l = Math.hypot(...s.direction);
    const u = [s.direction[0] / l, s.direction[1] / l];
    // Back along the cue to 2 cm behind the near cushion, then `far` further.
    const back = (f.depth(s.striker) + 0.02) / f.localDir(u)[1];
    const start = [s.striker[0] - u[0] * back, s.striker[1] - u[1] * back];
    const end = [start[0] - u[0] * far, start[1] - u[1] * far];
    return { a: d.toPage(start), b: d.toPage(end) };
  }, pull);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 10 });
  const speed = (await debug(page, () => window.novussDebug.stroke)).speed;
  await page.mouse.up();
  return speed;
}

// ---- Tests -------------------------------------------------------------------

test('against the computer: place with the mouse, draw back, release; the stroke animates and the verdict appears', { timeout: 180_000 }, async () => {
  const page = await openPage();
  await shot(page, '01-start-form');
  await newGame(page, { mode: 'computer', level: 'beginner' });
  assert.equal(await event(page), 0);
  assert.equal(await phase(page), 'idle');
  const st0 = await debug(page, () => window.novussDebug.state);
  assert.equal(st0.turn.seat, 'south');
  assert.equal(st0.players[1].kind, 'computer');
  await assertPanelMatchesState(page);

  // Place the striker 7 cm to the left with the mouse.
  const s0 = await debug(page, () => window.novussDebug.stroke);
  assert.equal(s0.placeProblem, null, 'the default spot is legal');
  const target = [s0.striker[0] - 0.07, s0.striker[1] + 0.01];
  await dragStriker(page, target);
  const s1 = await debug(page, () => window.novussDebug.stroke);
  assert.ok(Math.abs(s1.striker[0] - target[0]) < 0.004 && Math.abs(s1.striker[1] - target[1]) < 0.004, `striker at ${s1.striker}`);
  assert.equal(s1.placeProblem, null);

  // Aim at one of south's own discs (they stand at the north cushion) by clicking it.
  const disc = st0.set.discs.find((d) => d.side === 0 && d.id === 2);
  const at = await toPage(page, disc.at);
  await page.mouse.click(at.x, at.y);
  const s2 = await debug(page, () => window.novussDebug.stroke);
  const want = [disc.at[0] - s2.striker[0], disc.at[1] - s2.striker[1]];
  const cos = (want[0] * s2.direction[0] + want[1] * s2.direction[1]) / Math.hypot(...want);
  assert.ok(cos > 0.9999, 'the aim points at the clicked disc');
  assert.equal(s2.aimProblem, null);
  await shot(page, '02-aimed');

  const speed = await drawBackAndRelease(page, 0.13);
  assert.ok(speed > 2 && speed < 6, `drawing back 13 cm gives a middling speed (${speed})`);
  await waitEventPast(page, 0);
  await page.waitForTimeout(250);
  await shot(page, '03-animating');
  await waitHumanTurn(page, 1);
  const phases = await debug(page, () => window.__phases);
  assert.ok(phases.includes('animating'), `the stroke was animated (${phases})`);

  const st1 = await debug(page, () => window.novussDebug.state);
  assert.ok(st1.event >= 1);
  const verdict = (await page.textContent('#verdict')).trim();
  assert.ok(verdict.length > 20, 'the verdict is in words');
  assert.ok(await page.locator('#verdict .reasons li').count() >= 1, 'at least one decision listed');
  assert.match(await page.textContent('#verdict .refs'), /\b00[0-3] /, 'each decision shows its rule references');
  assert.ok(await page.locator('#log li').count() >= 1);
  await assertPanelMatchesState(page);
  await shot(page, '04-verdict');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a stroke made with the keyboard only', { timeout: 180_000 }, async () => {
  const page = await openPage();
  // The form itself: the first control has the focus; Enter sends it.
  await page.waitForSelector('dialog#start[open] #start-game');
  await page.focus('#start-game');
  await page.keyboard.press('Enter');
  await waitHumanTurn(page, 0);
  const s0 = await debug(page, () => window.novussDebug.stroke);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('5');
  const s1 = await debug(page, () => window.novussDebug.stroke);
  assert.ok(Math.abs(s1.striker[0] - (s0.striker[0] - 0.021)) < 1e-6, `← moves 5 mm, Shift+← 1 mm (${s1.striker[0]})`);
  const turned = Math.atan2(s1.direction[1], s1.direction[0]) - Math.atan2(s0.direction[1], s0.direction[0]);
  assert.ok(Math.abs(turned - (3 * Math.PI) / 180) < 1e-6, '↑ turns the aim 1° to the left');
  assert.equal(s1.speed, 4, '5 sets half the maximum speed');
  assert.equal(await page.locator('#power-value').textContent(), '4.00 m/s');
  await shot(page, '05-keyboard-aimed');
  await page.keyboard.press('Enter');
  await waitEventPast(page, 0);
  await waitHumanTurn(page, 1);
  assert.ok((await page.textContent('#verdict')).trim().length > 20);
  // The stroke the server played is the one the keys made.
  const first = await debug(page, () => document.querySelector('#log li:last-child')?.textContent);
  assert.ok(first && first.length > 5);
  await assertPanelMatchesState(page);
  await shot(page, '06-keyboard-verdict');

  // Space: hold to draw the cue back, release to strike (if it is still a human's turn).
  if ((await phase(page)) === 'idle') {
    const e = await event(page);
    await page.keyboard.down(' ');
    await page.waitForTimeout(500);
    const charging = (await debug(page, () => window.novussDebug.stroke)).speed;
    assert.ok(charging > 0.5, `holding Space charges (${charging})`);
    await page.keyboard.up(' ');
    await waitEventPast(page, e);
    await waitHumanTurn(page, e + 1);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('taking a stroke back returns the table to where it was', { timeout: 180_000 }, async () => {
  const page = await openPage();
  await newGame(page);
  const st0 = await debug(page, () => window.novussDebug.state);
  assert.equal(st0.can_take_back, false);
  assert.equal(await page.isDisabled('#take-back'), true, 'nothing to take back yet');
  await strikeWithKeys(page, '7');
  await waitHumanTurn(page, 1);
  const st1 = await debug(page, () => window.novussDebug.state);
  assert.equal(st1.can_take_back, true);
  const moved = st1.set.discs.some((d, i) => JSON.stringify(d.at) !== JSON.stringify(st0.set.discs[i].at));
  assert.ok(moved, 'a 5.6 m/s stroke moved something');
  await shot(page, '07-before-take-back');
  await page.click('#take-back');
  await waitEventPast(page, st1.event);
  await waitHumanTurn(page, st1.event + 1);
  const st2 = await debug(page, () => window.novussDebug.state);
  assert.deepEqual(st2.set.discs.map((d) => d.at), st0.set.discs.map((d) => d.at), 'every disc is back');
  assert.equal(st2.set.strokes, 0);
  assert.equal(st2.turn.seat, 'south');
  assert.equal(st2.can_take_back, false);
  assert.match(await page.textContent('#verdict'), /taken back/i);
  await assertPanelMatchesState(page);
  await shot(page, '08-taken-back');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hint is drawn on the table and can be used', { timeout: 180_000 }, async () => {
  const page = await openPage();
  await newGame(page);
  // The hint plays at the level chosen beside it.
  assert.equal(await page.inputValue('#hint-level'), 'expert');
  await page.selectOption('#hint-level', 'club');
  await page.click('#hint');
  await page.waitForFunction(() => window.novussDebug.hint?.best, null, { timeout: LONG });
  assert.equal(await debug(page, () => window.novussDebug.hint.level), 'club');
  assert.match(await page.textContent('#hint-text'), /as a club player plays it, tried \d+ times/);
  await page.waitForSelector('#hint-box:not([hidden])');
  const text = await page.textContent('#hint-text');
  assert.match(text, /m\/s .* \d+%/);
  const best = await debug(page, () => window.novussDebug.hint.best);
  // The hint's arrow is drawn in its own colour just ahead of the suggested spot.
  const found = await hintArrowOnCanvas(page, best.stroke);
  assert.ok(found, 'the hint arrow is on the canvas');
  await shot(page, '09-hint');
  await page.click('#use-hint');
  const s = await debug(page, () => window.novussDebug.stroke);
  assert.deepEqual(s.striker, best.stroke.striker);
  assert.ok(Math.abs(s.speed - Math.min(best.stroke.speed, 8)) < 1e-9);
  assert.equal(s.placeProblem, null);
  assert.equal(s.aimProblem, null);
  await page.click('#strike');
  await waitEventPast(page, 0);
  await waitHumanTurn(page, 1);
  assert.ok((await page.textContent('#verdict')).trim().length > 20);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('hot-seat: each side plays a stroke', { timeout: 240_000 }, async () => {
  const page = await openPage();
  await newGame(page, { mode: 'hot_seat' });
  const st0 = await debug(page, () => window.novussDebug.state);
  assert.deepEqual(st0.players.map((p) => p.kind), ['human', 'human']);
  const played = [];
  for (let i = 0; i < 8 && !(played.includes('south') && played.includes('north')); i++) {
    if ((await phase(page)) !== 'idle') break;
    const st = await debug(page, () => window.novussDebug.state);
    played.push(st.turn.seat);
    await page.keyboard.press('4');
    await page.keyboard.press('Enter');
    await waitEventPast(page, st.event);
    await waitHumanTurn(page, st.event + 1);
    const after = await debug(page, () => window.novussDebug.state);
    assert.equal(after.event, st.event + 1, 'one event per stroke: no computer in between');
    if (i === 0) {
      await shot(page, '10-hot-seat-first');
      // Seen from the player to stroke, the table turns for north.
      if (after.turn?.seat === 'north') {
        await page.click('#view');
        assert.equal(await debug(page, () => window.novussDebug.viewSeat), 'north');
        await shot(page, '11-hot-seat-north-view');
        await page.click('#view');
      }
    }
  }
  assert.ok(played.includes('south') && played.includes('north'), `both seats played (${played})`);
  assert.equal(await page.locator('#log li').count(), played.length);
  await assertPanelMatchesState(page);
  await shot(page, '12-hot-seat-after');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an illegal placement is shown as illegal and cannot be played', { timeout: 120_000 }, async () => {
  const page = await openPage();
  await newGame(page);
  const st = await debug(page, () => window.novussDebug.state);
  // North's discs stand against the south cushion: put the striker on one.
  const disc = st.set.discs.find((d) => d.side === 1 && Math.abs(d.at[1] - 0.015) < 1e-9);
  await dragStriker(page, [disc.at[0], 0.04]);
  const s = await debug(page, () => window.novussDebug.stroke);
  assert.equal(s.placeProblem, 'striker_touches');
  assert.equal(await page.isDisabled('#strike'), true, 'Strike is off');
  assert.match(await page.textContent('#status'), /may not stand there/);
  // The striker is drawn red.
  const red = await debug(page, (p) => {
    const c = document.getElementById('table');
    const r = c.getBoundingClientRect();
    const q = window.novussDebug.toPage(p);
    const k = c.width / r.width;
    const R = 0.0225 * window.novussDebug.pixelsPerMetre() * k;
    const data = c.getContext('2d').getImageData(Math.round((q.x - r.left) * k + R + 2 * k), Math.round((q.y - r.top) * k) - 2, 3, 5).data;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] < 90 && data[i + 2] < 90) return true;
    return false;
  }, s.striker);
  assert.ok(red, 'a red ring round the striker');
  await shot(page, '13-illegal-placement');
  // Neither drawing back nor the keys send it.
  await drawBackAndRelease(page, 0.15);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  assert.equal(await event(page), 0, 'nothing was played');
  assert.equal(await phase(page), 'idle');
  assert.equal(await page.isHidden('#error'), true, 'nothing was sent for the server to refuse');
  // Moved clear of the discs, it is legal again.
  await dragStriker(page, [0.3, 0.08]);
  assert.equal((await debug(page, () => window.novussDebug.stroke)).placeProblem, null);
  assert.equal(await page.isDisabled('#strike'), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('reloading the page resumes the game; a phone in portrait gets the whole table', { timeout: 180_000 }, async () => {
  const page = await openPage({ width: 390, height: 844 });
  await newGame(page);
  await strikeWithKeys(page, '4');
  await waitHumanTurn(page, 1);
  const before = await debug(page, () => window.novussDebug.state);
  await page.reload();
  await waitHumanTurn(page, before.event);
  const afterReload = await debug(page, () => window.novussDebug.state);
  assert.equal(afterReload.id, before.id);
  assert.equal(afterReload.event, before.event);
  assert.deepEqual(afterReload.set.discs, before.set.discs);
  // The last verdict and the log come back too (the server replays the events).
  await page.waitForSelector('#verdict .reasons li');
  assert.ok(await page.locator('#log li').count() >= 1);
  const box = await page.locator('#table').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390 + 0.5, 'the table fits the width');
  assert.ok(Math.abs(box.width - box.height) < 1, 'and is square');
  assert.ok(box.width > 330, 'and uses the width');
  const px = await debug(page, () => document.getElementById('table').width);
  assert.equal(px, Math.round(box.width * 2), 'drawn at the device pixel ratio');
  await shot(page, '14-phone-resumed');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the page reconnects by itself when the server is restarted, and play goes on', { timeout: 180_000 }, async () => {
  const page = await openPage();
  await newGame(page);
  await strikeWithKeys(page, '3');
  await waitHumanTurn(page, 1);
  const before = await debug(page, () => window.novussDebug.state);
  // Kill the server outright, as a crash would; the page notices.
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGKILL');
  await exited;
  await page.waitForSelector('#connection:not([hidden])', { timeout: 20_000 });
  assert.match(await page.textContent('#now'), /reconnecting/i);
  await shot(page, '15-reconnecting');
  // The same address and database: every event the page saw is still there.
  const s = await startServer(dataDir, new URL(base).host);
  server = s.child;
  await page.waitForSelector('#connection', { state: 'hidden', timeout: 30_000 });
  await waitHumanTurn(page, before.event);
  assert.equal(await event(page), before.event);
  assert.deepEqual((await debug(page, () => window.novussDebug.state)).set.discs, before.set.discs);
  await strikeWithKeys(page, '3');
  await waitHumanTurn(page, before.event + 1);
  assert.ok((await page.textContent('#verdict')).trim().length > 20);
  await shot(page, '16-reconnected');
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)), []);
  await page.close();
});
