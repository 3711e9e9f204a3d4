// The history page and the replay viewer in Debian's Chromium against the
// real `novuss serve` with a fresh data directory: a finished game is made
// through the API (a person, whose strokes are the `greedy` hints, against
// the `greedy` computer: a set takes a few seconds), then watched stroke by
// stroke, opened from a shared link, analysed, downloaded and uploaded
// again, and a tampered record is refused. Screenshots go to artifacts/.
//
//   cargo build --bin novuss && cd tests/browser && node --test replay.mjs
//
// NOVUSS_BIN overrides the server binary (default target/debug/novuss from
// the repository root); CHROMIUM the browser (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, axeProblems, launchBrowser, removeTemps, root, startServer, tempDir as mkdtemp } from './support/harness.mjs';

const WAIT = 30_000;
// The page's own words, to compare what it shows (English: the browser's language here).
const { reasonText } = await import(path.join(root, 'web/shared/text.js'));
const { pt } = await import(path.join(root, 'web/shared/pages-text.js'));

let server;
let base;
let context;
let game; // { id, strokes } of the finished game
let dataDir;

/**
 * A game played through the API in the page: Anna's strokes are the
 * server's own `greedy` hints, against the `greedy` computer; `limit`
 * strokes, or to the end of the match. Resolves with the game's id.
 */
function playGame(page, limit = Infinity) {
  return page.evaluate(async (max) => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'singles', profile: 'lnf-2017', sets: 1, players: [{ kind: 'human', name: 'Anna' }, { kind: 'computer', level: 'greedy' }] }),
    });
    const start = await res.json();
    if (!res.ok) throw new Error(JSON.stringify(start));
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/api/games/${start.id}/ws`);
      let strokes = 0;
      let last = null;
      const done = () => { ws.close(); resolve(start.id); };
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'error') { reject(new Error(JSON.stringify(m))); return; }
        if (m.type === 'hint') {
          if (last && m.event === last.event) ws.send(JSON.stringify({ type: 'stroke', event: m.event, seat: m.seat, ...m.best.stroke }));
          return;
        }
        if (m.type !== 'state' && m.type !== 'stroke') return;
        if (m.type === 'stroke') strokes += 1;
        last = m.state;
        if (last.match.over || strokes >= max) { done(); return; }
        if (last.turn?.kind === 'human') ws.send(JSON.stringify({ type: 'hint', event: last.event, level: 'greedy' }));
      };
      ws.onerror = () => reject(new Error('the game socket failed'));
    });
  }, limit);
}

async function openPage(url, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}

async function openReplay(stroke, viewport) {
  const hash = stroke === undefined ? `#game=${game.id}` : `#game=${game.id}&stroke=${stroke}`;
  const page = await openPage(`${base}replay.html${hash}`, viewport);
  await page.waitForFunction(() => window.novussReplay?.ready, null, { timeout: WAIT });
  return page;
}

const position = (page) => page.evaluate(() => window.novussReplay.position);
const settled = (page) => page.waitForFunction(() => !window.novussReplay.animating, null, { timeout: WAIT });
const shot = (page, name, options = {}) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), ...options });
// The list as the browser's person sees it: their own games are private,
// so it is read with the browser context's cookie.
const games = () => context.request.get(`${base}api/games`).then((r) => r.json());

/** axe-core's serious and critical findings on the page as it is (none expected). */
/** The verdict panel shows stroke `k`'s decisions, in the page's sentences. */
async function assertVerdict(page, k) {
  const s = game.strokes[k - 1];
  const shown = await page.$$eval('#verdict .reasons li', (lis) => lis.map((li) => ({ reason: li.dataset.reason, text: li.querySelector('.sentence').textContent })));
  assert.deepEqual(shown.map((x) => x.reason), s.verdict.reasons.map((r) => r.reason), `the reasons of stroke ${k}`);
  assert.deepEqual(shown.map((x) => x.text), s.verdict.reasons.map((r) => reasonText(r)), `the sentences of stroke ${k}`);
  assert.equal(await page.textContent('#shown-number'), pt('replay.position', { n: k, total: game.strokes.length }));
}

before(async () => {
  dataDir = mkdtemp('novuss-replay-data-');
  const s = await startServer(dataDir);
  server = s.child;
  base = s.url;
  context = await launchBrowser('novuss-replay-chromium-', { deviceScaleFactor: 2, locale: 'en-GB', acceptDownloads: true });
  const page = await openPage(`${base}api/health`);
  // One game left unfinished (for the list), then the finished one.
  await playGame(page, 6);
  const id = await playGame(page);
  const state = await (await fetch(`${base}api/games/${id}`)).json();
  assert.ok(state.match.over, 'the game is over');
  const replay = await (await fetch(`${base}api/games/${id}/replay`)).json();
  game = { id, strokes: replay.strokes, replay };
  assert.ok(game.strokes.length >= 8, `a set has some strokes (${game.strokes.length})`);
  await page.close();
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

test('the pages\' words exist in English and Latvian with the same placeholders', async () => {
  const { en, lv } = await import(path.join(root, 'web/shared/pages-text.js'));
  const names = (x) => (x.match(/\{\w+\}/g) ?? []).sort();
  assert.deepEqual(Object.keys(lv).sort(), Object.keys(en).sort());
  for (const k of Object.keys(en)) assert.deepEqual(names(lv[k]), names(en[k]), k);
  // Every refusal an upload can get has its own sentence.
  for (const code of ['bad_record', 'record_diverges', 'unsupported_record', 'too_large']) assert.ok(`upload.${code}` in en, code);
});

test('the history page lists the games, newest first, with their links', { timeout: 60_000 }, async () => {
  const page = await openPage(`${base}history.html`);
  await page.waitForSelector('#games-body tr');
  const rows = await page.$$eval('#games-body tr', (trs) => trs.map((tr) => ({
    id: tr.dataset.game,
    watch: tr.querySelector('a.watch')?.getAttribute('href'),
    resume: tr.querySelector('a.resume')?.getAttribute('href') ?? null,
    strokes: tr.querySelector('.strokes').textContent,
    text: tr.textContent,
  })));
  // In the server's order: the last played first.
  assert.deepEqual(rows.map((r) => r.id), (await games()).map((g) => g.id));
  assert.equal(rows.length, 2);
  const done = rows.find((r) => r.id === game.id);
  const open = rows.find((r) => r.id !== game.id);
  assert.equal(done.watch, `replay.html#game=${game.id}`);
  assert.equal(done.resume, null, 'a finished game cannot be resumed');
  assert.equal(done.strokes, String(game.strokes.length));
  assert.match(done.text, /Anna vs Computer \(Greedy\)/);
  assert.match(open.text, /Unfinished/);
  assert.equal(open.resume, `/#game=${open.id}`, 'an unfinished game can be resumed');
  // An unfinished game can be removed from this browser's list, and put back.
  assert.equal(await page.locator(`tr[data-game="${game.id}"] button.hide`).count(), 0, 'a finished game stays');
  await page.click(`tr[data-game="${open.id}"] button.hide`);
  assert.equal(await page.locator(`tr[data-game="${open.id}"]`).count(), 0, 'removed from the list');
  assert.match(await page.textContent('#games-status'), /nothing was deleted/);
  assert.equal((await games()).length, 2, 'the server still has both');
  await page.click('#show-hidden');
  await page.click(`tr[data-game="${open.id}"] button.hide`);
  await page.click('#show-hidden');
  assert.equal(await page.locator(`tr[data-game="${open.id}"]`).count(), 1, 'put back');
  assert.equal(await page.isVisible('#show-hidden'), false);
  // The file input is in the tab order, with its label.
  assert.equal(await page.getAttribute('#record-file', 'type'), 'file');
  assert.equal(await page.$eval('label[for=record-file]', (l) => l.textContent.trim()), pt('upload.choose'));
  await page.click(`tr[data-game="${game.id}"] a.watch`);
  await page.waitForFunction(() => window.novussReplay?.ready, null, { timeout: WAIT });
  assert.equal(await position(page), 0, 'a replay opens at the opening position');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('stepping through a replay: forward animates, back is at once, the address follows', { timeout: 60_000 }, async () => {
  const page = await openReplay();
  const n = game.strokes.length;
  assert.equal(await page.textContent('#shown-number'), pt('replay.position_opening'));
  await page.check('input[name=rate][value="4"]');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.novussReplay.animating), true, 'the stroke plays');
  await settled(page);
  assert.equal(await position(page), 1);
  assert.ok(page.url().endsWith(`#game=${game.id}&stroke=1`), page.url());
  await assertVerdict(page, 1);
  await page.click('#forward');
  await settled(page);
  assert.equal(await position(page), 2);
  await assertVerdict(page, 2);
  assert.equal(await page.getAttribute('li[data-stroke="2"] a', 'aria-current'), 'step', 'the list shows the stroke');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await page.evaluate(() => [window.novussReplay.position, window.novussReplay.animating]), [1, false], 'back shows the position before at once');
  assert.ok(page.url().endsWith('&stroke=1'));
  await page.keyboard.press('End');
  assert.equal(await position(page), n);
  assert.ok(page.url().endsWith(`&stroke=${n}`));
  // The last stroke ended the match: its verdict says so.
  assert.ok(await page.$eval('#verdict .set-end', (e) => e.textContent.length > 0));
  await page.keyboard.press('Home');
  assert.equal(await position(page), 0);
  // The slider jumps (its own arrow keys move it); a stroke in the list is a link to it.
  await page.focus('#jump');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await position(page), 5);
  await assertVerdict(page, 5);
  await page.click('li[data-stroke="7"] a');
  assert.equal(await position(page), 7);
  // Space plays and pauses (not while typing in a field).
  await page.focus('#board');
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.novussReplay.playing), true);
  await page.waitForFunction(() => window.novussReplay.position >= 8, null, { timeout: WAIT });
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.novussReplay.playing), false);
  await page.focus('#an-level');
  const at = await position(page);
  await page.keyboard.press('ArrowRight');
  assert.equal(await position(page), at, 'keys in a form field stay there');
  assert.match(await page.textContent('#check'), new RegExp(`All ${n} strokes re-simulated and identical`));
  assert.equal(await page.getAttribute('#download', 'href'), `/api/games/${game.id}/record`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a shared link opens the replay at its stroke', { timeout: 60_000 }, async () => {
  const page = await openReplay(3);
  assert.equal(await position(page), 3);
  await assertVerdict(page, 3);
  assert.equal(await page.getAttribute('li[data-stroke="3"] a', 'aria-current'), 'step');
  assert.equal(await page.$eval('#jump', (e) => e.value), '3');
  // Copy link: the address of this stroke.
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-status').textContent.length > 0);
  assert.equal(await page.$eval('#copy-status', (e) => e.dataset.url), `${base}replay.html#game=${game.id}&stroke=3`);
  // The announcement for a screen reader names the stroke and its verdict.
  await page.waitForFunction(() => document.getElementById('announce').textContent.startsWith('Stroke 3 of'));
  await page.close();
});

test('analysis: the computer suggests a stroke, it is played out on a copy, and the game is untouched', { timeout: 60_000 }, async () => {
  // A stroke after which the set goes on.
  const k = game.strokes.findIndex((s, i) => i >= 2 && !s.state.set.result) + 1;
  const page = await openReplay(k);
  assert.equal(await page.$eval('#an-level', (s) => s.value), 'master', 'master by default');
  await page.click('#an-ask');
  await page.waitForSelector('#an-result', { timeout: WAIT });
  const hint = await page.evaluate(() => window.novussReplay.analysis.hint);
  assert.equal(hint.level, 'master');
  assert.ok(hint.best.stroke.speed > 0);
  const chances = await page.$$eval('#an-result .chance .value', (v) => v.map((x) => x.textContent));
  assert.equal(chances.length, 3, 'pot, foul and keep');
  // The side panel scrolled to the suggestion, for the picture.
  await page.$eval('#analysis', (e) => { document.getElementById('side').scrollTop = e.offsetTop; });
  await shot(page, 'replay-analysis');
  assert.deepEqual(await axeProblems(page), [], 'the replay with a suggestion passes axe');
  await page.click('#an-play');
  await page.waitForFunction(() => {
    const a = window.novussReplay.analysis;
    return (a.copyStrokes === 1 || a.error) && !a.pending && !window.novussReplay.animating;
  }, null, { timeout: WAIT });
  const a = await page.evaluate(() => window.novussReplay.analysis);
  assert.equal(a.error, null, 'the suggested stroke was played');
  assert.equal(a.copyStrokes, 1);
  assert.equal(await page.$$eval('#an-copy-strokes li', (l) => l.length), 1);
  assert.ok(await page.$$eval('#an-verdict .reasons li', (l) => l.length) > 0, 'its verdict is shown');
  assert.equal(await page.isDisabled('#forward'), true, 'the game waits while the copy is shown');
  assert.equal(await page.isVisible('#copy-banner'), true);
  // Keep going on the copy: ask again.
  await page.click('#an-ask');
  await page.waitForFunction(() => !window.novussReplay.analysis.pending, null, { timeout: WAIT });
  await page.click('#an-back');
  assert.deepEqual(await page.evaluate(() => [window.novussReplay.analysis.copyMode, window.novussReplay.position]), [false, k]);
  assert.ok(page.url().endsWith(`&stroke=${k}`));
  assert.equal((await games()).find((g) => g.id === game.id).strokes, game.strokes.length, 'nothing was stored');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a downloaded record uploads as a new game with the same strokes; a tampered one is refused', { timeout: 60_000 }, async () => {
  const page = await openReplay(game.strokes.length);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const file = path.join(mkdtemp('novuss-record-'), download.suggestedFilename() || 'record.json');
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(record.format_version, 2);

  await page.goto(`${base}history.html`);
  await page.waitForSelector('#games-body tr');
  await page.setInputFiles('#record-file', file);
  await page.waitForURL(/replay\.html#game=[0-9a-f]+/, { timeout: WAIT });
  await page.waitForFunction(() => window.novussReplay?.ready, null, { timeout: WAIT });
  const copy = await page.evaluate(() => ({ id: new URLSearchParams(location.hash.slice(1)).get('game'), total: window.novussReplay.total }));
  assert.notEqual(copy.id, game.id, 'a new game');
  assert.equal(copy.total, game.strokes.length, 'with the same strokes');
  assert.ok(await page.isVisible('#result-line .tag.uploaded'));
  const listed = await games();
  assert.equal(listed.find((g) => g.id === copy.id)?.origin, 'uploaded');

  // One disc's position after one stroke moved by a centimetre.
  const entry = record.sets[0].entries.find((e) => e.after.some((p) => p));
  const j = entry.after.findIndex((p) => p);
  entry.after[j] = [entry.after[j][0] + 0.01, entry.after[j][1]];
  await page.goto(`${base}history.html`);
  await page.waitForSelector('#games-body tr');
  const rows = await page.$$eval('#games-body tr', (trs) => trs.length);
  await page.setInputFiles('#record-file', { name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.waitForSelector('#upload-error:not([hidden])', { timeout: WAIT });
  assert.equal(await page.getAttribute('#upload-error', 'data-code'), 'record_diverges');
  const said = await page.textContent('#upload-error');
  assert.ok(said.includes(pt('upload.record_diverges')), said);
  assert.ok(said.includes(pt('upload.nothing_stored')), said);
  assert.equal((await games()).length, listed.length, 'no new game');
  await page.waitForFunction((n) => document.querySelectorAll('#games-body tr').length === n, rows);
  await shot(page, 'history-refused', { fullPage: true });

  // Not a record at all.
  await page.setInputFiles('#record-file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.waitForFunction(() => document.getElementById('upload-error').dataset.code === 'bad_record', null, { timeout: WAIT });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the pages at desktop and phone sizes, in English and Latvian (screenshots)', { timeout: 60_000 }, async () => {
  const page = await openPage(`${base}history.html`);
  await page.waitForSelector('#games-body tr');
  await shot(page, 'history');
  assert.deepEqual(await axeProblems(page), [], 'the history page passes axe');
  // The language switch re-renders the page in Latvian.
  await page.selectOption('select.language', 'lv');
  await page.waitForFunction(() => document.documentElement.lang === 'lv');
  assert.equal(await page.textContent('h1'), 'Spēles');
  await shot(page, 'history-lv');
  await page.selectOption('select.language', 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'history-phone', { fullPage: true });
  await page.close();

  const mid = Math.max(3, Math.round(game.strokes.length / 2));
  const desk = await openReplay(mid);
  await desk.waitForTimeout(300);
  await shot(desk, 'replay');
  await desk.close();
  const phone = await openReplay(mid, { width: 390, height: 844 });
  await phone.waitForTimeout(300);
  await shot(phone, 'replay-phone');
  assert.deepEqual(await axeProblems(phone), [], 'the replay on a phone passes axe');
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than a phone');
  await phone.close();
});

test('a link to a stroke still opens it after the server restarts', { timeout: 60_000 }, async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  const s = await startServer(dataDir);
  server = s.child;
  base = s.url;
  const page = await openReplay(4);
  assert.equal(await position(page), 4);
  await assertVerdict(page, 4);
  assert.match(await page.textContent('#check'), /re-simulated and identical/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
