// The rules page (web/rules.html): its words and anchors checked in Node,
// then the page itself in Debian's Chromium against the real server — both
// languages, the language kept over a reload, a disc moved across the zone
// line with the keyboard alone, every verdict's link landing on an existing
// paragraph, an axe-core audit, and screenshots at desktop and phone sizes.
//
//   cargo build --bin novuss && cd tests/browser && node --test rules.mjs
//
// NOVUSS_BIN overrides the server binary (default target/debug/novuss from
// the repository root); CHROMIUM the browser (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, injectAxe, launchBrowser, removeTemps, root, startServer, tempDir as mkdtemp } from './support/harness.mjs';

const read = (p) => fs.readFileSync(path.join(root, p), 'utf8');
const web = (p) => import(path.join(root, 'web', p));

const { ruleAnchor, rulesHref } = await web('shared/rulelinks.js');
const { anchorIds, textKeys } = await web('rules/content.js');
const words = await web('rules/text.js');
const gameText = await web('shared/text.js');
const geometry = await web('rules/geometry.js');

const snake = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The variants of `pub enum name` in a Rust source, in snake case. */
function variants(source, name) {
  const start = source.indexOf(`pub enum ${name} {`);
  assert.ok(start >= 0, `enum ${name} found`);
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {4}([A-Z]\w*)\b/gm)].map((m) => snake(m[1]));
}

/**
 * Every typed verdict reason the game page has words for (web/locales/en/game.js
 * foul.*, turn_ends.*, win.*, replay.*, reason.*) and every variant of the
 * core's enums, as the reason objects the server sends.
 */
function everyReason() {
  const out = [];
  const seen = new Set();
  const add = (r) => {
    const k = JSON.stringify(r);
    if (!seen.has(k)) { seen.add(k); out.push(r); }
  };
  for (const key of Object.keys(gameText.en)) {
    const [group, kind] = key.split('.');
    if (group === 'foul') add({ reason: 'foul', kind });
    else if (group === 'turn_ends') add({ reason: 'turn_passes', why: kind });
    else if (group === 'win') add({ reason: 'won', how: kind });
    else if (group === 'replay') add({ reason: 'replayed', why: kind });
    else if (group === 'reason' && kind !== 'unknown') add({ reason: kind });
  }
  const verdict = read('crates/novuss-core/src/rules/verdict/mod.rs');
  const reason = read('crates/novuss-core/src/rules/verdict/reason.rs');
  const result = read('crates/novuss-core/src/rules/set/result.rs');
  for (const kind of variants(verdict, 'FoulKind')) add({ reason: 'foul', kind });
  for (const why of variants(reason, 'TurnEnds')) add({ reason: 'turn_passes', why });
  for (const how of variants(result, 'WinReason')) add({ reason: 'won', how });
  for (const why of variants(result, 'ReplayReason')) add({ reason: 'replayed', why });
  const typed = ['foul', 'turn_passes', 'won', 'replayed'];
  for (const r of variants(reason, 'Reason')) if (!typed.includes(r)) add({ reason: r });
  return out;
}

// ---- No browser needed ----------------------------------------------------

test('every verdict reason links to a paragraph of the rules page', () => {
  const ids = new Set(anchorIds());
  const reasons = everyReason();
  assert.ok(reasons.length >= 16 + 5 + 7 + 4 + 15, `${reasons.length} reasons`);
  for (const r of reasons) {
    const a = ruleAnchor(r);
    assert.ok(a, `an anchor for ${JSON.stringify(r)}`);
    assert.ok(ids.has(a), `#${a} (for ${JSON.stringify(r)}) is on the page`);
    assert.equal(rulesHref(r), `rules.html#${a}`);
  }
  // Each foul has a paragraph of its own.
  assert.equal(ruleAnchor({ reason: 'foul', kind: 'direct_opponent_first' }), 'foul-direct-opponent-first');
  assert.equal(ruleAnchor({ reason: 'turn_passes', why: 'striker_returned' }), 'turn-striker-returned');
  assert.equal(ruleAnchor({ reason: 'won', how: 'cleared_in_opening_turn' }), 'opening-cleared');
  assert.equal(ruleAnchor({ reason: 'replayed', why: 'both_last_discs' }), 'both-last-discs');
  assert.equal(ruleAnchor({ reason: 'penalty_placed' }), 'penalty-spot');
  // Unknown reasons have no link; a new kind of a known group gets the group's paragraph.
  assert.equal(ruleAnchor({ reason: 'something_new' }), null);
  assert.equal(rulesHref({ reason: 'something_new' }), null);
  assert.equal(ruleAnchor(null), null);
  assert.equal(ruleAnchor({ reason: 'foul', kind: 'a_new_foul' }), 'fouls');
  assert.equal(ruleAnchor('series_continues'), 'series');
});

test('the rules page has all its words in English and Latvian', () => {
  const { en, lv } = words;
  assert.deepEqual(Object.keys(lv).filter((k) => !(k in en)), [], 'no Latvian word without an English one');
  assert.deepEqual(Object.keys(en).filter((k) => !(k in lv)), [], 'every English word has a Latvian one');
  for (const k of textKeys()) assert.ok(k in en, `${k} is written`);
  const ids = anchorIds();
  assert.equal(new Set(ids).size, ids.length, 'element ids are unique');
  for (const [k, s] of Object.entries(lv)) {
    // Latvian text, not English left in place (names, numbers and citations aside).
    if (/^(p|sec|fig\.\w+\.(label|keys))\b/.test(k) && s.length > 40) assert.notEqual(s, en[k], k);
  }
  assert.match(lv['p.dark-disc'], /tumšais kauliņš/);
  assert.match(lv['p.penalty-spot'], /soda kauliņ/);
});

test('the light and dark rule is the referee\'s: the hole must clear the 1 mm line', () => {
  // crates/novuss-core/src/rules/zone.rs: dark within 130 − 0.5 − 4 = 125.5 mm of the
  // own cushion, more than 134.5 mm from the side cushions, or within
  // 120.5 mm of the centre (`000` 2.3; `001` "Direct strokes").
  // The server's table, as the page gets it (GET /api/options).
  const T = JSON.parse(read('tests/golden/rules.json')).table;
  const e = 1e-6;
  assert.equal(geometry.isDark(T, 'south', [0.3, 0.1255 - e]), true);
  assert.equal(geometry.isDark(T, 'south', [0.3, 0.1255 + e]), false);
  assert.equal(geometry.isDark(T, 'north', [0.3, 1 - 0.1255 + e]), true);
  assert.equal(geometry.isDark(T, 'south', [0.1345 + e, 0.05]), true);
  assert.equal(geometry.isDark(T, 'south', [0.1345 - e, 0.05]), false, 'a corner square is never dark');
  assert.equal(geometry.isDark(T, 'east', [0.5 + 0.1205 - e, 0.5]), true);
  assert.equal(geometry.isDark(T, 'east', [0.5, 0.5 + 0.1205 + e]), false);
  assert.equal(geometry.isDark(T, 'south', [0.4, 0.95]), false, 'North\'s edge zone is not dark for South');
  // The penalty spot and its tie-breaks (`002` 5.2), as placement/penalty.rs.
  const taken = [{ at: [0.5, 0.985], penalty: false }];
  assert.deepEqual(geometry.penaltySpot(T, 'south', [], [0.5, 0.05]), { at: [0.5, 0.985], rule: 'middle' });
  assert.deepEqual(geometry.penaltySpot(T, 'south', taken, [0.3, 0.05]).at.map((v) => +v.toFixed(9)), [0.47, 0.985]);
  assert.equal(geometry.penaltySpot(T, 'south', [...taken, { at: [0.2, 0.5], penalty: false }], [0.3, 0.05]).rule, 'fewer_discs');
  // Off the table (`000` 1.20; `002` 3.9): centre, then the exit side's point.
  assert.deepEqual(geometry.offTableSpot(T, [], 'north').at, [0.5, 0.5]);
  assert.deepEqual(geometry.offTableSpot(T, [[0.5, 0.5]], 'east').at.map((v) => +v.toFixed(9)), [0.6095, 0.5]);
});

// ---- In the browser -------------------------------------------------------

let server;
let base;
let context;

before(async () => {
  const s = await startServer(mkdtemp('novuss-rules-data-'));
  server = s.child;
  base = s.url;
  context = await launchBrowser('novuss-rules-chromium-', { deviceScaleFactor: 2, locale: 'en-GB' });
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

test('the server sends the page the core\'s table, profiles and physics, as the golden file has them', async () => {
  // What the rules page draws and judges with, and the aiming tool sums
  // with: the core's own values (tests/golden/rules.json, docs/golden.md).
  const golden = JSON.parse(read('tests/golden/rules.json'));
  const options = await (await fetch(`${base}api/options`)).json();
  assert.deepEqual(options.table, golden.table);
  assert.deepEqual(options.profile_settings, golden.profiles);
  assert.deepEqual([...options.profiles].sort(), Object.keys(golden.profiles).sort());
  const res = await fetch(`${base}api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'singles', profile: 'koroona', sets: 1, players: [{ kind: 'human' }, { kind: 'human' }] }),
  });
  const state = await res.json();
  assert.deepEqual(state.physics, golden.physics);
  assert.deepEqual(state.table, golden.table);
});

/** The rules page in `lang` (or the browser's language), rendered, with its errors collected. */
async function openRules(lang = null, hash = '', viewport = null) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.errors = errors;
  await page.goto(`${base}rules.html`);
  await page.evaluate((l) => (l ? localStorage.setItem('novuss.lang', l) : localStorage.clear()), lang);
  await page.goto(`${base}rules.html${hash}`);
  await page.waitForSelector('body[data-ready]');
  return page;
}

const live = (page, fig) => page.locator(`#${fig}-diagram .live`).textContent();

test('the page loads in English, switches to Latvian in place and stays Latvian after a reload', { timeout: 60_000 }, async () => {
  const page = await openRules();
  assert.equal(await page.locator('h1').textContent(), words.en['page.heading']);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // The header leads to the same pages as every other page's.
  const links = () => page.locator('#pages a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
  assert.deepEqual(await links(), [
    ['history.html', 'Games'], ['lobby.html', 'Lobby'], ['leaderboard.html', 'Players'],
    ['competitions.html', 'Competitions'], ['./', 'New game'], ['rules.html', 'Rules'], ['account.html', 'Account'],
  ]);
  // A diagram's state survives the switch: move the disc first.
  await page.locator('#light-dark-diagram canvas[tabindex]').focus();
  await page.keyboard.press('Shift+ArrowDown');
  const before = await live(page, 'light-dark');
  await page.selectOption('select.language', 'lv');
  await page.waitForSelector('body[data-ready="lv"]');
  assert.equal(await page.locator('h1').textContent(), words.lv['page.heading']);
  assert.deepEqual((await links()).map(([, text]) => text), ['Spēles', 'Vestibils', 'Spēlētāji', 'Sacensības', 'Jauna spēle', 'Noteikumi', 'Konts']);
  assert.equal(await page.locator('#penalty h2 span:not(.num)').first().textContent(), words.lv['sec.penalty']);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'lv');
  const after = await live(page, 'light-dark');
  assert.notEqual(after, before, 'the diagram speaks Latvian');
  assert.match(after, /140 mm/, 'and kept its disc where it was moved');
  assert.equal(await page.title(), words.lv['page.title']);
  await page.reload();
  await page.waitForSelector('body[data-ready="lv"]');
  assert.equal(await page.locator('h1').textContent(), words.lv['page.heading']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a disc moved across the zone line with the keyboard turns dark, then light again', { timeout: 60_000 }, async () => {
  const page = await openRules('en');
  const canvas = page.locator('#light-dark-diagram canvas[tabindex]');
  // Reach the canvas with Tab alone, as a keyboard user would.
  await page.locator('#light-dark-diagram fieldset input').first().focus();
  await page.keyboard.press('Shift+Tab');
  let guard = 0;
  while (!(await canvas.evaluate((c) => c === document.activeElement)) && guard++ < 10) await page.keyboard.press('Tab');
  assert.ok(await canvas.evaluate((c) => c === document.activeElement), 'the diagram takes keyboard focus');
  assert.ok(await canvas.evaluate((c) => c.matches(':focus-visible') && getComputedStyle(c).outlineStyle !== 'none'), 'focus is visible');
  assert.equal(await canvas.getAttribute('aria-describedby'), await page.locator('#light-dark-diagram .live').getAttribute('id'));
  assert.match(await live(page, 'light-dark'), /150 mm from the south cushion.*light for South/);
  // 1 mm a press towards the south cushion: the hole clears the line at 125.5 mm.
  for (let k = 0; k < 24; k++) await page.keyboard.press('ArrowDown');
  assert.match(await live(page, 'light-dark'), /126 mm.*zone line shows through its hole.*light for South/);
  await page.keyboard.press('ArrowDown');
  assert.match(await live(page, 'light-dark'), /125 mm.*no line shows through its hole.*dark for South/);
  await page.keyboard.press('ArrowUp');
  assert.match(await live(page, 'light-dark'), /light for South/);
  // The same place is light for North: it is South's edge zone, not North's.
  await page.keyboard.press('ArrowDown');
  await page.check('#light-dark-diagram input[value="north"]', { force: true });
  assert.match(await live(page, 'light-dark'), /another player's edge zone.*light for North/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-light-dark.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every anchor of every verdict exists on the page, and a link marks its paragraph', { timeout: 60_000 }, async () => {
  const anchors = [...new Set(everyReason().map((r) => ruleAnchor(r)))];
  const page = await openRules('en', '#foul-blind-drive');
  const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), anchors);
  assert.deepEqual(missing, []);
  // Opening rules.html#anchor scrolls to that paragraph and marks it.
  await page.waitForFunction(() => document.getElementById('foul-blind-drive').classList.contains('target'));
  const box = await page.locator('#foul-blind-drive').boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 860, `in view (${box.y})`);
  assert.match(await page.locator('#foul-blind-drive').textContent(), /dark area.*000 3\.6\.4/);
  // A link followed within the page moves the mark.
  await page.evaluate(() => { location.hash = '#debt-paid'; });
  await page.waitForFunction(() => document.getElementById('debt-paid').classList.contains('target')
    && !document.getElementById('foul-blind-drive').classList.contains('target'));
  // Every paragraph cites its clauses.
  const uncited = await page.evaluate(() => [...document.querySelectorAll('.rule')]
    .filter((p) => !p.querySelector('.refs cite')).map((p) => p.id || p.textContent.slice(0, 30)));
  assert.deepEqual(uncited, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the other diagrams answer the keyboard and say what they show', { timeout: 60_000 }, async () => {
  const page = await openRules('en');
  const press = async (fig, ...keys) => {
    await page.locator(`#${fig}-diagram canvas[tabindex]`).focus();
    for (const k of keys) await page.keyboard.press(k);
    return live(page, fig);
  };
  assert.match(await live(page, 'strokes'), /direct, at your light disc\. A correct stroke/);
  assert.match(await press('strokes', '2'), /Foul: a dark disc may not be struck directly/);
  assert.match(await press('strokes', 'p'), /off the opposite cushion.*A correct stroke/);
  assert.match(await press('strokes', '4', 'p', 'p', 'p'), /direct, at an opponent's disc\. Foul: a direct stroke may not touch an opponent's disc first/);
  assert.match(await live(page, 'penalty'), /30 mm west of the middle line.*nearest/);
  assert.match(await press('penalty', 'Enter'), /Penalty disc 1 is on the table/);
  assert.match(await press('off-table', 'Enter', 'Enter'), /Disc 2 left over the north cushion\. The centre is taken/);
  assert.match(await press('turn', 'ArrowRight'), /^North strokes/);
  assert.match(await press('profiles', 'ArrowDown'), /Under Australia 1992: A correct stroke/);
  await page.click('#debt-diagram button:nth-of-type(2)');
  assert.match(await live(page, 'debt'), /penalty disc is owed.*1 owed/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** axe-core's serious and critical findings on the page as it is. */
async function axeProblems(page) {
  await injectAxe(page);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('axe-core finds no serious or critical problem, in English and Latvian; screenshots at desktop and phone sizes', { timeout: 60_000 }, async () => {
  const page = await openRules('en');
  assert.deepEqual(await axeProblems(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-desktop.png') });
  await page.locator('#strokes-diagram').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-desktop-strokes.png') });
  await page.selectOption('select.language', 'lv');
  await page.waitForSelector('body[data-ready="lv"]');
  assert.deepEqual(await axeProblems(page), []);
  await page.locator('#penalty-diagram').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-desktop-lv-penalty.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-phone-lv.png') });
  await page.locator('#light-dark-diagram').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'rules-phone-lv-light-dark.png') });
  // Nothing sticks out sideways on a phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `page width ${wide}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
