// Makes README's screenshots (docs/screenshot-*.png) from the real server
// and the page in Debian's Chromium, the way the browser tests run them:
//
//   cargo build --bin novuss && (cd tests/browser && npm ci) && node scripts/screenshots.mjs
//
// A game against the computer in progress, the replay viewer of a finished
// game, and the rules page at its light-and-dark diagram; at 1280×860 and a
// device pixel ratio of 1, so the files stay small.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const harness = await import(path.join(root, 'tests/browser/support/harness.mjs'));
const out = (name) => path.join(root, 'docs', `screenshot-${name}.png`);

const { child: server, url: base } = await harness.startServer(harness.tempDir('novuss-shots-'));
const context = await harness.launchBrowser('novuss-shots-chromium-', { deviceScaleFactor: 1, locale: 'en-GB' });

/** Plays `limit` strokes of a game (Anna's are the server's own hints) and returns its id. */
function playGame(page, limit) {
  return page.evaluate(async (max) => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'singles', profile: 'lnf-2017', sets: 1, players: [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'club' }] }),
    });
    const start = await res.json();
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/api/games/${start.id}/ws`);
      let strokes = 0;
      let last = null;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'error') { reject(new Error(e.data)); return; }
        if (m.type === 'hint') {
          if (m.event === last?.event) ws.send(JSON.stringify({ type: 'stroke', event: m.event, seat: m.seat, ...m.best.stroke }));
          return;
        }
        if (m.type !== 'state' && m.type !== 'stroke') return;
        if (m.type === 'stroke') strokes += 1;
        last = m.state;
        if (last.match.over || strokes >= max) { ws.close(); resolve(start.id); return; }
        if (last.turn?.kind === 'human') ws.send(JSON.stringify({ type: 'hint', event: last.event, level: 'club' }));
      };
    });
  }, limit);
}

try {
  const first = await context.newPage();
  await first.goto(base);
  await first.waitForFunction(() => document.body.dataset.phase !== 'loading');
  const played = await playGame(first, 6);
  await first.close();
  const game = await context.newPage();
  await game.goto(`${base}#game=${played}`);
  await game.waitForFunction(() => !['loading', 'connecting'].includes(document.body.dataset.phase), null, { timeout: 60_000 });
  await game.waitForTimeout(1500);
  await game.screenshot({ path: out('game') });

  const finished = await playGame(game, Infinity);
  const page = await context.newPage();
  await page.goto(`${base}replay.html#game=${finished}&stroke=5`);
  await page.waitForFunction(() => window.novussReplay?.ready);
  await page.waitForTimeout(800);
  await page.screenshot({ path: out('replay') });

  await page.goto(`${base}rules.html#light-dark`);
  await page.waitForTimeout(1200);
  await page.evaluate(() => document.querySelector('#light-dark canvas')?.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(600);
  await page.screenshot({ path: out('rules') });
  console.log('written: docs/screenshot-game.png, docs/screenshot-replay.png, docs/screenshot-rules.png');
} finally {
  await context.close();
  server.kill();
  harness.removeTemps();
}
