// The game as a player feels it (issue 20): every stroke is seen, no
// stroke is played by accident, a touch draw-back on a phone never drags
// the striker, a disc that jumps a pocket is named, and the table's box
// stays put when an error or a long line appears. The real server on
// loopback, Debian's Chromium, a player's mouse and (at phone size) real
// touch events sent through the DevTools protocol.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, launchBrowser, removeTemps, startServer, tempDir as mkdtemp } from './support/harness.mjs';

const LONG = 90_000;

let server;
let base;
let desktop;
let phone;

before(async () => {
  const s = await startServer(mkdtemp('novuss-feel-data-'));
  server = s.child;
  base = s.url;
  desktop = await launchBrowser('novuss-feel-desktop-');
  phone = await launchBrowser('novuss-feel-phone-', { viewport: { width: 390, height: 844 }, hasTouch: true, deviceScaleFactor: 2 });
});

after(async () => {
  await desktop?.close();
  await phone?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

async function openPage(context, url = base) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(base);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  return page;
}

const debug = (page, fn, arg) => page.evaluate(fn, arg);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** A new game made through the API from `page`; resolves with its id. */
function createGame(page, players) {
  return page.evaluate(async (ps) => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'singles', profile: 'lnf-2017', sets: 1, players: ps }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(JSON.stringify(body));
    return body.id;
  }, players);
}

async function waitIdle(page, after = 0) {
  await page.waitForFunction((e) => {
    const d = window.novussDebug;
    return d.event !== null && d.event >= e && document.body.dataset.phase === 'idle';
  }, after, { timeout: LONG });
}

/** Page coordinates of a point `back` metres behind the striker along the aim. */
function behindStriker(page, back) {
  return debug(page, (b) => {
    const d = window.novussDebug;
    const s = d.stroke;
    const l = Math.hypot(...s.direction);
    return d.toPage([s.striker[0] - (s.direction[0] / l) * b, s.striker[1] - (s.direction[1] / l) * b]);
  }, back);
}

test('strokes played elsewhere in quick succession are each animated on the page, in order', { timeout: 180_000 }, async () => {
  const watcher = await openPage(desktop);
  const id = await createGame(watcher, [{ kind: 'human', name: 'Anna' }, { kind: 'human', name: 'Bruno' }]);
  await watcher.goto(`${base}#game=${id}`);
  await waitIdle(watcher);
  // Another window of the same game plays three strokes as fast as the
  // server answers, each the server's own greedy hint.
  const other = await desktop.newPage();
  await other.goto(base);
  const played = await other.evaluate((gameId) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/api/games/${gameId}/ws`);
    const events = [];
    let last = null;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'error') { reject(new Error(JSON.stringify(m))); return; }
      if (m.type === 'hint') {
        ws.send(JSON.stringify({ type: 'stroke', event: m.event, seat: m.seat, ...m.best.stroke }));
        return;
      }
      if (m.type !== 'state' && m.type !== 'stroke') return;
      if (m.type === 'stroke') events.push(m.event);
      last = m.state;
      if (events.length >= 3 || last.match.over) { ws.close(); resolve(events); return; }
      ws.send(JSON.stringify({ type: 'hint', event: last.event, level: 'greedy' }));
    };
    ws.onerror = () => reject(new Error('the socket failed'));
  }), id);
  assert.equal(played.length, 3);
  await watcher.waitForFunction((e) => window.novussDebug.event >= e && document.body.dataset.phase !== 'animating', played[2], { timeout: LONG });
  const animated = await debug(watcher, () => window.novussDebug.animated);
  assert.deepEqual(animated.map((a) => a.event), played, 'each stroke was animated, in order');
  for (const a of animated) assert.ok(a.frames >= 2, `stroke ${a.event} moved on screen (${a.frames} frames)`);
  assert.equal(await debug(watcher, () => window.novussDebug.missed), null, 'nothing was skipped');
  assert.deepEqual(watcher.errors, []);
  await watcher.close();
  await other.close();
});

test('the computer\'s stroke waits a person\'s pause with its aim shown; the fast pace is shorter', { timeout: 180_000 }, async () => {
  const page = await openPage(desktop);
  const id = await createGame(page, [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'beginner' }]);
  await page.goto(`${base}#game=${id}`);
  await waitIdle(page);
  assert.match(await page.textContent('#pace'), /normal/i, 'the pace is shown where it is set');
  // A soft stroke straight ahead: the turn passes to the computer.
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.novussDebug.animated.some((a) => a.by === 'computer'), null, { timeout: LONG });
  await page.waitForTimeout(300);
  await shot(page, 'feel-01-computer-aims');
  const first = (await debug(page, () => window.novussDebug.animated)).find((a) => a.by === 'computer');
  assert.ok(first.lead >= 1.5, `the computer settles before it strikes (${first.lead} s)`);
  await page.click('#pace');
  assert.match(await page.textContent('#pace'), /fast/i);
  assert.equal(await debug(page, () => JSON.parse(localStorage.getItem('novuss.prefs')).pace), 'fast', 'the choice is remembered');
  // The animation's speed goes on to slow motion for studying a stroke.
  const rates = [];
  for (let k = 0; k < 5; k += 1) {
    await page.click('#rate');
    rates.push((await page.textContent('#rate')).trim());
  }
  assert.deepEqual(rates.map((r) => r.replace(/^.*×/, '')), ['2', '4', '0.25', '0.5', '1']);
  await page.close();
});

test('a press behind the striker that wobbles 2 px plays nothing, says so, and keeps the power', { timeout: 120_000 }, async () => {
  const page = await openPage(desktop);
  const id = await createGame(page, [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'beginner' }]);
  await page.goto(`${base}#game=${id}`);
  await waitIdle(page);
  const before = await debug(page, () => window.novussDebug.stroke);
  const a = await behindStriker(page, 0.03);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x, a.y + 2, { steps: 2 });
  await page.mouse.move(a.x + 1, a.y + 1, { steps: 2 });
  await page.mouse.up();
  await page.waitForTimeout(600);
  assert.equal(await debug(page, () => window.novussDebug.event), 0, 'no stroke was sent');
  assert.equal(await debug(page, () => document.body.dataset.phase), 'idle');
  assert.match(await page.textContent('#now'), /too little/i);
  const after = await debug(page, () => window.novussDebug.stroke);
  assert.equal(after.speed, before.speed, 'the slider keeps the power chosen before');
  assert.deepEqual(after.striker, before.striker);
  await page.close();
});

test('at phone size a touch draw-back plays a stroke without moving the striker; the verdict is in view', { timeout: 180_000 }, async () => {
  const page = await openPage(phone);
  const id = await createGame(page, [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'beginner' }]);
  await page.goto(`${base}#game=${id}`);
  await waitIdle(page);
  const placed = (await debug(page, () => window.novussDebug.stroke)).striker;
  // Touch the striker's back half, the spot a finger lands on when it
  // means to draw back, and draw 12 cm back along the aim.
  const R = await debug(page, () => window.novussDebug.state.table.striker.radius);
  const from = await behindStriker(page, 0.5 * R);
  const to = await behindStriker(page, 0.5 * R + 0.12);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', from);
  for (let k = 1; k <= 10; k += 1) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * k) / 10, y: from.y + ((to.y - from.y) * k) / 10 });
  }
  const drawn = await debug(page, () => window.novussDebug.stroke);
  assert.deepEqual(drawn.striker, placed, 'drawing back did not drag the striker');
  assert.ok(drawn.speed > 0.5, `the draw-back set a power (${drawn.speed})`);
  await touch('touchEnd');
  await page.waitForFunction(() => window.novussDebug.event >= 1, null, { timeout: LONG });
  const mine = (await debug(page, () => window.novussDebug.animated))[0];
  assert.deepEqual(mine.striker, placed, 'the stroke was played from where the striker stood');
  await page.waitForFunction(() => document.body.dataset.phase !== 'animating', null, { timeout: LONG });
  await shot(page, 'feel-02-phone-after-touch-stroke');
  // The stroke's line is on screen without scrolling.
  const box = await page.locator('#summary').boundingBox();
  assert.ok(box && box.height > 0 && box.y >= 0 && box.y + box.height <= 844, `the verdict's line is in view (${JSON.stringify(box)})`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a disc that jumped a pocket is named in the verdict and the stroke\'s line', { timeout: 60_000 }, async () => {
  const page = await openPage(desktop);
  const texts = await page.evaluate(async () => {
    const panel = await import('/shared/panel.js');
    const state = { set: { discs: [{ id: 3, side: 0 }, { id: 9, side: 1 }] }, turn: null, players: [] };
    const msg = { state, player: 0, verdict: { pocketed: [], reasons: [], jumped: [{ disc: 3, pocket: 'north_east' }, { pocket: 'north_east' }] } };
    const box = document.createElement('div');
    panel.renderVerdict(box, { ...msg, seat: 'south' });
    return { lines: panel.jumpedTexts(msg), summary: panel.summaryText(msg), shown: [...box.querySelectorAll('.verdict-jumped')].map((e) => e.textContent) };
  });
  assert.equal(texts.lines.length, 2);
  assert.match(texts.lines[0], /disc 3 .*north-east pocket/i);
  assert.match(texts.lines[1], /^The striker/);
  assert.deepEqual(texts.shown, texts.lines, 'the verdict panel shows each');
  assert.match(texts.summary, /Nothing pocketed\. .*disc 3 .*jumped the pocket/i);
  await page.close();
});

test('the table keeps its box when an error appears and when the status changes', { timeout: 180_000 }, async () => {
  for (const viewport of [{ width: 1280, height: 860 }, { width: 900, height: 700 }, { width: 390, height: 844 }]) {
    const page = await openPage(desktop);
    await page.setViewportSize(viewport);
    const id = await createGame(page, [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'beginner' }]);
    await page.goto(`${base}#game=${id}`);
    await waitIdle(page);
    await page.waitForTimeout(300);
    const box0 = await page.locator('#table').boundingBox();
    // A draw-back that comes to nothing: the status says so in a long line.
    const a = await behindStriker(page, 0.03);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x, a.y + 3, { steps: 2 });
    await page.mouse.up();
    // And the server's refusal, in the page's error box.
    await page.evaluate(() => window.novussDebug.showError('storage'));
    await page.waitForTimeout(400);
    assert.equal(await page.isVisible('#error'), true);
    const box1 = await page.locator('#table').boundingBox();
    assert.deepEqual(box1, box0, `at ${viewport.width}×${viewport.height} the table stayed put`);
    await shot(page, `feel-03-error-${viewport.width}`);
    await page.close();
  }
});

test('resigning asks first, ends the match for the other side, and a rematch swaps the seats', { timeout: 180_000 }, async () => {
  const page = await openPage(desktop);
  const id = await createGame(page, [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }]);
  await page.goto(`${base}#game=${id}`);
  await waitIdle(page);
  assert.match(await page.textContent('#now'), /^Your stroke/, 'the one person at the table, unnamed, is "you"');
  // Both sides stroke (a soft stroke, then the computer's answer): now
  // there is a result to resign.
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.novussDebug.state.can_abort === false && document.body.dataset.phase === 'idle', null, { timeout: LONG });
  assert.equal(await page.isVisible('#abort'), false);
  await page.click('#resign');
  assert.equal(await page.isVisible('#resign-dialog'), true);
  // Changing one's mind plays on.
  await page.click('#resign-dialog button[value=cancel]');
  assert.equal(await debug(page, () => window.novussDebug.state.match.over), false);
  await page.click('#resign');
  await page.click('#resign-dialog button[value=resign]');
  await page.waitForFunction(() => document.body.dataset.phase === 'over', null, { timeout: LONG });
  const st = await debug(page, () => window.novussDebug.state);
  assert.equal(st.match.resigned, 0);
  assert.equal(st.match.winner, 1);
  assert.match(await page.textContent('#banner-text'), /^You resigned\. Computer \(Beginner\) wins the match\.$/);
  await shot(page, 'feel-04-resigned');
  assert.equal(await page.isVisible('#rematch'), true);
  await page.click('#rematch');
  await page.waitForFunction((old) => window.novussDebug.state && window.novussDebug.state.id !== old, id, { timeout: LONG });
  const again = await debug(page, () => window.novussDebug.state);
  assert.deepEqual(again.players.map((p) => p.kind), ['computer', 'human'], 'the seats are swapped: the computer opens');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a first-timer is walked through one real stroke in five steps, once', { timeout: 180_000 }, async () => {
  const page = await openPage(desktop);
  await page.waitForSelector('dialog#start[open] #start-learn');
  await page.click('#start-learn');
  await waitIdle(page);
  const step = () => page.getAttribute('#coach', 'data-step');
  assert.equal(await page.isVisible('#coach'), true);
  assert.equal(await step(), 'place');
  // 1. Place: drag the striker 6 cm to the left.
  const s0 = await debug(page, () => window.novussDebug.stroke);
  const a = await debug(page, (p) => window.novussDebug.toPage(p), s0.striker);
  const b = await debug(page, (p) => window.novussDebug.toPage(p), [s0.striker[0] - 0.06, s0.striker[1]]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  assert.equal(await step(), 'aim');
  // 2. Aim: click one of the player's own discs.
  const disc = await debug(page, () => window.novussDebug.state.set.discs.find((d) => d.side === 0 && d.id === 3));
  const at = await debug(page, (p) => window.novussDebug.toPage(p), disc.at);
  await page.mouse.click(at.x, at.y);
  assert.equal(await step(), 'pull');
  // 3. Strike: draw back behind the striker and let go.
  const from = await behindStriker(page, 0.03);
  const to = await behindStriker(page, 0.2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => ['watch', 'verdict'].includes(document.getElementById('coach').dataset.step), null, { timeout: LONG });
  // 4. Watch, then 5. the verdict.
  await page.waitForFunction(() => document.getElementById('coach').dataset.step === 'verdict', null, { timeout: LONG });
  await shot(page, 'feel-05-coach-verdict');
  await page.click('#coach-done');
  assert.equal(await page.isVisible('#coach'), false);
  assert.equal(await debug(page, () => localStorage.getItem('novuss.coach')), 'done');
  // Offered once: the next new game's form has no walkthrough.
  await page.click('#new-game');
  await page.waitForSelector('dialog#start[open] #start-game');
  assert.equal(await page.locator('#start-learn').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('before both sides have stroked the game can be called off instead of resigned', { timeout: 120_000 }, async () => {
  const page = await openPage(desktop);
  const id = await createGame(page, [{ kind: 'human', name: 'Anna' }, { kind: 'human', name: 'Bruno' }]);
  await page.goto(`${base}#game=${id}`);
  await waitIdle(page);
  assert.equal(await page.isVisible('#abort'), true);
  assert.equal(await page.isVisible('#resign'), false, 'nothing to resign yet');
  await page.click('#abort');
  await page.waitForFunction(() => document.body.dataset.phase === 'over', null, { timeout: LONG });
  assert.match(await page.textContent('#banner-text'), /called off/);
  const st = await debug(page, () => window.novussDebug.state);
  assert.equal(st.match.aborted, true);
  await page.goto(`${base}history.html`);
  await page.waitForSelector(`tr[data-game="${id}"]`);
  assert.match(await page.textContent(`tr[data-game="${id}"]`), /Called off/);
  await page.close();
});
