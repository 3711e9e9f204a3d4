// The game page without a mouse, without sight of the canvas, in Latvian,
// and by the WCAG's automated checks: the real `novuss serve` on loopback
// and Debian's Chromium (playwright-core; never a downloaded browser), as
// in e2e.mjs. Each test plays what a player would and asserts what they
// would notice: the event number moves on, a verdict and an announcement
// appear, words change language, a choice survives a reload.
//
//   cargo build --bin novuss && node --test tests/browser/a11y.mjs
//
// NOVUSS_BIN overrides the server binary (default target/debug/novuss from
// the repository root); CHROMIUM the browser (default /usr/bin/chromium).
// Games are hot-seat (no computer to wait for), animated at 4×.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, injectAxe, launchBrowser, removeTemps, root, startServer, tempDir } from './support/harness.mjs';

const WAIT = 30_000;

// The page's own word tables, read the way the page reads them.
const lang = await import(path.join(root, 'web/shared/lang.js'));
const words = await import(path.join(root, 'web/shared/text.js'));
const { lv } = await import(path.join(root, 'web/locales/lv/game.js'));
const { rulesHref } = await import(path.join(root, 'web/shared/rulelinks.js'));

let server;
let base;
let context;

before(async () => {
  ({ child: server, url: base } = await startServer(tempDir('novuss-a11y-data-')));
  context = await launchBrowser('novuss-a11y-chromium-');
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

// ---- Helpers -----------------------------------------------------------------

/** A fresh page in English with nothing remembered but a fast animation. */
async function freshPage(viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(m.text()); });
  await page.goto(base);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('novuss.lang', 'en');
    localStorage.setItem('novuss.prefs', JSON.stringify({ rate: 4 }));
  });
  await page.goto(base);
  await page.waitForSelector('dialog#start[open] #start-game');
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `a11y-${name}.png`) });
const eventOf = (page) => page.evaluate(() => window.novussDebug.event);
const active = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** Press Tab until the element with `id` has the focus (at most `limit` times). */
async function tabTo(page, id, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if ((await active(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id} (focus on ${await active(page)})`);
}

/** A hot-seat singles game started from the form with the keyboard alone. */
async function startByKeyboard(page) {
  // The form opens with its first control focused: the "against the computer" radio.
  assert.equal(await active(page), 'mode-computer');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.isChecked('#mode-hot_seat'), true, '↓ chooses hot-seat');
  await tabTo(page, 'start-game');
  await page.keyboard.press('Enter');
  await waitIdle(page, 0);
  assert.equal(await active(page), 'table', 'the keys go to the table once the form closes');
}

/** Wait until a human may stroke at an event past `after` (or the set is over). */
async function waitIdle(page, after) {
  await page.waitForFunction((e) => window.novussDebug.event !== null && window.novussDebug.event >= e
    && ['idle', 'between', 'over'].includes(document.body.dataset.phase), after, { timeout: WAIT });
}

/** Strike from the table with Enter at the power of `digit`; returns the event it led to. */
async function strike(page, digit) {
  const e = await eventOf(page);
  if (digit) await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
  await waitIdle(page, e + 1);
  return eventOf(page);
}

/** The axe-core audit of the page as it is: violations by impact. */
async function audit(page) {
  await injectAxe(page);
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  }));
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Waits for the aim tool's answer: the server plans the stroke
 * (POST /api/games/{id}/aim), and the result is `aria-busy` until it comes.
 */
async function answered(page) {
  await page.waitForFunction(() => !document.getElementById('target-result').hasAttribute('aria-busy'), null, { timeout: 20_000 });
}

// ---- Tests ---------------------------------------------------------------------

test('a whole stroke by keyboard alone: skip link, place, aim, a named target, power, strike', { timeout: 90_000 }, async (t) => {
  const page = await freshPage();
  await startByKeyboard(page);

  // From the top of the page (opened again at the game's address), the
  // first Tab reaches the skip link, which shows itself and takes the keys
  // to the table without losing the game's URL.
  await page.reload();
  await waitIdle(page, 0);
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'skip-link');
  const box = await page.locator('#skip-link').boundingBox();
  assert.ok(box && box.y >= 0 && box.height > 10, 'the focused skip link is on screen');
  await shot(page, '01-skip-link');
  const url = page.url();
  await page.keyboard.press('Enter');
  assert.equal(await active(page), 'table');
  assert.equal(page.url(), url, 'the game stays in the URL');
  const ring = await page.evaluate(() => getComputedStyle(document.getElementById('table')).outlineStyle);
  assert.equal(ring, 'solid', 'the table shows that it has the focus');

  // Place and aim with the arrows, set the power with a digit, strike with Enter.
  const s0 = await page.evaluate(() => window.novussDebug.stroke);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  const s1 = await page.evaluate(() => window.novussDebug.stroke);
  assert.ok(s1.striker[0] < s0.striker[0] - 0.01, 'the striker moved left');
  assert.notDeepEqual(s1.direction, s0.direction, 'the aim turned');
  assert.equal(s1.placeProblem, null);
  assert.equal(s1.aimProblem, null);
  const e1 = await strike(page, '8');
  assert.ok(e1 >= 1, 'the stroke was played');
  assert.ok(await page.locator('#verdict .reasons li').count() >= 1, 'its verdict is shown');
  // Each sentence of the verdict links to the rules page's paragraph on it.
  const reasons = await page.evaluate(() => window.novussDebug.last.verdict.reasons);
  const links = await page.$$eval('#verdict .reasons li', (lis) => lis.map((li) => li.querySelector('a.rule-link')?.getAttribute('href') ?? null));
  assert.deepEqual(links, reasons.map(rulesHref), 'the links are rulelinks.js\'s');
  assert.ok(links.every((href) => /^rules\.html#[\w-]+$/.test(href)), `links to rules.html: ${links}`);

  // The named-target tool, by keyboard: T opens it on the disc list; try
  // each disc for the easiest pocket until one has a direct stroke. Right
  // after the break the lined-up discs may have none: then Esc, another
  // full-power stroke, and again.
  // Back to the disc list: T from the table, Shift+Tab from the tool's buttons.
  const toList = async () => {
    if ((await active(page)) === 'table') await page.keyboard.press('t');
    for (let i = 0; i < 4 && (await active(page)) !== 'target-disc'; i++) await page.keyboard.press('Shift+Tab');
    assert.equal(await active(page), 'target-disc');
  };
  let planned = null;
  for (let round = 0; round < 4 && !planned; round++) {
    await page.keyboard.press('t');
    assert.equal(await active(page), 'target-disc', 'T opens the tool on its disc list');
    const options = await page.$$eval('#target-disc option', (os) => os.map((o) => o.textContent));
    assert.ok(options.length >= 1 && options.every((o) => /^\d: /.test(o)), `the discs by number: ${options}`);
    const found = [];
    for (let k = 0; k < options.length; k++) {
      await toList();
      await page.keyboard.press('Home');
      for (let i = 0; i < k; i++) await page.keyboard.press('ArrowDown');
      await tabTo(page, 'target-apply', 4);
      await page.keyboard.press('Enter');
      await answered(page);
      const said = await page.textContent('#target-result');
      if ((await active(page)) === 'table') found.push({ k, said, disc: Number(options[k][0]), clean: !/may |stands between|fall short/.test(said) });
      else assert.match(said, /rebound|blocked|cushion/, `a disc without a direct stroke says why: ${said}`);
    }
    // The cleanest plan, made again.
    planned = found.find((f) => f.clean) ?? found[0] ?? null;
    if (planned) {
      await toList();
      await page.keyboard.press('Home');
      for (let i = 0; i < planned.k; i++) await page.keyboard.press('ArrowDown');
      await tabTo(page, 'target-apply', 4);
      await page.keyboard.press('Enter');
      await answered(page);
      assert.equal(await page.textContent('#target-result'), planned.said);
      assert.equal(await active(page), 'table', 'a plan gives the keys back to the table');
    } else {
      await toList();
      await page.keyboard.press('Escape');
      assert.equal(await active(page), 'table', 'Esc leaves the tool for the table');
      await strike(page, '8');
    }
  }
  assert.ok(planned, 'some disc has a direct stroke after the break');
  t.diagnostic(planned.said);
  assert.match(planned.said, new RegExp(`disc ${planned.disc} into the`), planned.said);
  const s2 = await page.evaluate(() => window.novussDebug.stroke);
  assert.equal(s2.placeProblem, null, 'the tool chose a legal placement');
  assert.equal(s2.aimProblem, null, 'and a legal aim');
  assert.ok(s2.speed > 0.5 && s2.speed <= 8, `and a speed (${s2.speed})`);
  // The numbers are drawn on the discs while the tool is open.
  await shot(page, '02-named-target');
  const st = await page.evaluate(() => window.novussDebug.state);
  const own = st.set.discs.filter((d) => d.side === st.turn.side).sort((a, b) => a.id - b.id);
  const target = own[planned.disc - 1];
  const before = await eventOf(page);
  const e2 = await strike(page, null);
  assert.ok(e2 > before && before >= e1);
  assert.ok(await page.locator('#verdict .reasons li').count() >= 1);
  // A plan with no warning pots its disc (contact geometry and friction).
  if (planned.clean) {
    const last = await page.evaluate(() => window.novussDebug.last);
    assert.ok(last.verdict.pocketed.includes(target.id), `disc ${planned.disc} (id ${target.id}) went in: ${JSON.stringify(last.verdict.pocketed)}`);
  }
  await shot(page, '03-named-target-played');

  // The new-game form is no trap: Esc closes it and the focus comes back.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await active(page), 'new-game', 'Shift+Tab from the table reaches the header');
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog#start[open]');
  assert.equal(await active(page), 'mode-computer', 'the form takes the focus');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('dialog#start[open]').count(), 0, 'Esc closes it');
  // The dialog's close event (which puts the focus back) is a task of its
  // own: on a busy machine it can come after a key pressed at once.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await active(page), 'new-game', 'and the focus is back on its button');
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'table');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the table in words names the discs and whose stroke it is, and the live region tells each result', { timeout: 60_000 }, async () => {
  const page = await freshPage();
  await startByKeyboard(page);
  const st0 = await page.evaluate(() => window.novussDebug.state);
  const canvasRole = await page.getAttribute('#table', 'role');
  assert.equal(canvasRole, 'application', 'the canvas is a widget that takes the keys');
  assert.match(await page.getAttribute('#table', 'aria-label'), /Player 1 to stroke/);

  // Readable without being shown (visually hidden, in the accessibility tree).
  const text0 = await page.textContent('#describe');
  assert.match(text0, /Player 1 to stroke from the south cushion, with the Red discs/);
  assert.match(text0, /Disc 3: in the north edge zone, 12 o'clock, \d+ cm from the centre/);
  assert.match(text0, /Black discs \(inner ring\), Player 2: 8 on the table/);
  assert.equal(await page.locator('#describe li').count(), st0.set.discs.length, 'one line per disc');
  // I shows it and gives it the focus; Esc goes back to the table.
  await page.keyboard.press('i');
  assert.equal(await active(page), 'describe');
  assert.equal(await page.getAttribute('#describe-open', 'aria-expanded'), 'true');
  await shot(page, '04-described');
  await page.keyboard.press('Escape');
  assert.equal(await active(page), 'table');

  assert.equal((await page.textContent('#announce')).trim(), '', 'nothing announced before a stroke');
  await strike(page, '8');
  await page.waitForFunction(() => document.getElementById('announce').textContent.length > 0, null, { timeout: WAIT });
  const said = await page.textContent('#announce');
  assert.match(said, /^Player 1, South: /, said);
  assert.match(said, /Next: Player 2 \(North\)\.|Player 1 strokes again\./, said);
  assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
  const text1 = await page.textContent('#describe');
  assert.notEqual(text1, text0, 'the description follows the stroke');
  assert.match(text1, /Last stroke/);
  assert.ok(text1.includes(said.split(' Next:')[0]), 'it tells the last stroke too');
  const st1 = await page.evaluate(() => window.novussDebug.state);
  // Nobody was named: the page names each player by their place.
  const mover = st1.players[st1.turn.player].name ?? `Player ${st1.turn.player + 1}`;
  assert.ok(text1.includes(`${mover} to stroke`), `whose stroke: ${mover}`);
  assert.match(await page.getAttribute('#table', 'aria-label'), new RegExp(`${mover} to stroke`));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('switching to Latvian redraws every word at once, the verdict too, and keeps the game', { timeout: 60_000 }, async () => {
  for (const id of ['btn.new_game', 'turn_ends.no_own_disc']) assert.ok(lv[id], `the Latvian table has ${id}`);
  const page = await freshPage();
  await startByKeyboard(page);
  await strike(page, '8');
  const before = await page.evaluate(() => { window.sameDocument = true; return window.novussDebug.state; });
  const reasons = await page.evaluate(() => window.novussDebug.last.verdict.reasons);
  await page.focus('select.language');
  await page.selectOption('select.language', 'lv');
  assert.equal(await page.getAttribute('html', 'lang'), 'lv');
  assert.equal(await page.textContent('#new-game'), lv['btn.new_game']);
  // The verdict's sentences, as the Latvian table words them.
  lang.chooseLanguage('lv');
  const shown = await page.$$eval('#verdict .reasons .sentence', (els) => els.map((e) => e.textContent));
  assert.deepEqual(shown, reasons.map(words.reasonText));
  assert.ok(reasons.some((r) => words.reasonText(r) !== words.en[`turn_ends.${r.why}`]), 'at least one sentence is not English');
  for (const id of ['app.tagline', 'btn.strike', 'panel.verdict', 'btn.describe']) {
    if (lv[id]) assert.equal(await page.textContent(`[data-text="${id}"]`), lv[id], id);
  }
  if (lv['describe.title']) assert.equal(await page.textContent('#describe-title'), lv['describe.title']);
  lang.chooseLanguage('en');
  // The same document and game: nothing was reloaded.
  assert.equal(await page.evaluate(() => window.sameDocument), true);
  assert.equal(await eventOf(page), before.event);
  await shot(page, '05-latvian');
  // And back.
  await page.selectOption('select.language', 'en');
  assert.equal(await page.textContent('#new-game'), words.en['btn.new_game']);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the mute switch is a pressed button, remembered across a reload; sounds follow the contacts', { timeout: 60_000 }, async (t) => {
  const page = await freshPage();
  await startByKeyboard(page);
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  // Sound is on: the stroke's contacts are played as the animation reaches them.
  await strike(page, '8');
  const last = await page.evaluate(() => window.novussDebug.last);
  const sounds = await page.evaluate(() => window.novussDebug.sounds);
  t.diagnostic(`contacts ${last.motion?.contacts?.length ?? 'none'}, sounds ${sounds.played}`);
  if (last.motion?.contacts?.length) {
    assert.equal(sounds.ready, true, 'the keys woke the sound');
    assert.ok(sounds.played >= 1, `contacts sounded (${sounds.played} of ${last.motion.contacts.length})`);
  }
  // M mutes from the table; the button says so; a reload remembers it.
  await page.keyboard.press('m');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
  await page.reload();
  await waitIdle(page, 1);
  // The page has heard the stroke it resumed after: a stroke still rolling
  // when the page came back is shown rolling first, and a key pressed
  // meanwhile is no stroke.
  await page.waitForFunction(() => window.novussDebug.last?.event >= 1 && document.body.dataset.phase === 'idle', null, { timeout: WAIT });
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true', 'still muted after a reload');
  const played = (await page.evaluate(() => window.novussDebug.sounds)).played;
  await page.focus('#table');
  await strike(page, '8');
  assert.equal((await page.evaluate(() => window.novussDebug.sounds)).played, played, 'muted: no sound');
  // By keyboard on the button itself.
  await page.focus('#mute');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  await page.reload();
  await page.waitForSelector('#mute[aria-pressed="false"]');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('axe-core finds no serious or critical problem on the game page, on a desktop and a phone', { timeout: 60_000 }, async () => {
  const page = await freshPage();
  // The start form, before a game.
  const form = (await audit(page)).filter((v) => ['serious', 'critical'].includes(v.impact));
  assert.deepEqual(form, [], 'the start form');
  await startByKeyboard(page);
  await strike(page, '8');
  // A game in progress with a verdict, the aim tool and the description shown.
  await page.keyboard.press('t');
  await page.keyboard.press('Escape');
  await page.click('#target-open');
  await page.click('#describe-open');
  const violations = await audit(page);
  fs.writeFileSync(path.join(ARTIFACTS, 'a11y-axe.json'), JSON.stringify(violations, null, 2));
  assert.deepEqual(violations.filter((v) => ['serious', 'critical'].includes(v.impact)), [], 'the game page');
  await shot(page, '06-audited');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const phone = (await audit(page)).filter((v) => ['serious', 'critical'].includes(v.impact));
  assert.deepEqual(phone, [], 'the game page on a phone');
  await shot(page, '07-phone');
  assert.deepEqual(page.problems, []);
  await page.close();
});
