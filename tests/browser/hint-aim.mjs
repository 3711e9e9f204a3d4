// The hint and the aim tool agree (issue 31, "Hint and aim tool agree"),
// as a player meets them: in a game against the computer they ask for a
// hint, open the "aim at a disc" tool on the disc and pocket the hint
// names, and read the same stroke, the same chance and the same hand ("as
// an expert plays it") in both; then they move the striker, and the
// hint's arrow is gone from the table. At desktop (1280×800) and phone
// (390×844) sizes, with screenshots in artifacts/.
//
//   cargo build --bin novuss && NOVUSS_BIN=target/debug/novuss node --test tests/browser/hint-aim.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, launchBrowser, removeTemps, startServer, tempDir } from './support/harness.mjs';
import { hintArrowOnCanvas } from './support/canvas.mjs';

const LONG = 90_000; // a hint, or a computer turn and two animations, with room to spare

let server;
let base;
let context;

before(async () => {
  const s = await startServer(tempDir('novuss-hint-aim-data-'));
  server = s.child;
  base = s.url;
  context = await launchBrowser('novuss-hint-aim-chromium-');
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  removeTemps();
});

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** A page at `viewport` with a new game against the computer, at the player's first turn. */
async function newGame(viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.errors = errors;
  await page.goto(base);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('novuss.coach', 'done'); });
  await page.goto(base);
  await page.waitForSelector('dialog#start[open] #start-game');
  await page.check('#mode-computer');
  await page.selectOption('#level', 'beginner');
  await page.click('#start-game');
  await humanTurn(page, 0);
  return page;
}

/** Waits for the player's turn at event `after` or later. */
async function humanTurn(page, after) {
  await page.waitForFunction((e) => {
    const d = window.novussDebug;
    return d.event !== null && d.event >= e && document.body.dataset.phase === 'idle' && d.state?.turn?.kind === 'human';
  }, after, { timeout: LONG });
}

/** The disc and pocket a hint's stroke is named by: what it pots as meant, else its planned pot. */
function named(best) {
  if (best.pots) return { disc: best.pots.disc, pocket: best.pots.pocket };
  if (best.disc !== null && best.disc !== undefined && best.corner) return { disc: best.disc, pocket: best.corner };
  return null;
}

/**
 * Asks for a hint (at the page's default level, the expert's) until one
 * names a disc to pocket, playing the hinted stroke when it names none
 * (the break may pocket nothing as meant). The hint as the page shows it.
 */
async function hintNamingADisc(page) {
  for (let round = 0; round < 5; round++) {
    const at = await page.evaluate(() => window.novussDebug.event);
    await page.click('#hint');
    await page.waitForFunction(() => window.novussDebug.hint?.best, null, { timeout: LONG });
    await page.waitForSelector('#hint-box:not([hidden])');
    const best = await page.evaluate(() => window.novussDebug.hint.best);
    if (named(best)) return best;
    await page.click('#use-hint');
    await page.click('#strike');
    await page.waitForFunction((e) => window.novussDebug.event > e, at, { timeout: LONG });
    await humanTurn(page, at + 1);
  }
  throw new Error('no hint named a disc to pocket in five turns');
}

/** "pot chance N%" and "as … plays it, tried N times" out of a text. */
function chanceAndHand(text) {
  const chance = text.match(/pot chance (\d+)%/)?.[1];
  const hand = text.match(/as (.+?) plays it, tried (\d+) times/);
  return { chance: chance === undefined ? null : Number(chance), hand: hand?.[1] ?? null, tries: hand ? Number(hand[2]) : null };
}

/**
 * The whole check at one size: hint, aim tool on its disc and pocket, the
 * same figures; then the striker moved (`move`) and the arrow gone.
 * @param {{width: number, height: number}} viewport
 * @param {string} name the screenshots' prefix
 * @param {(page: import('playwright-core').Page) => Promise<void>} move how the player moves the striker
 */
async function agree(viewport, name, move) {
  const page = await newGame(viewport);
  assert.equal(await page.inputValue('#hint-level'), 'expert', 'hints are asked at the expert\'s level');
  const best = await hintNamingADisc(page);
  const target = named(best);
  const hintText = await page.textContent('#hint-text');
  const fromHint = chanceAndHand(hintText);
  assert.equal(fromHint.hand, 'an expert', `the hint says whose hand: ${hintText}`);
  assert.equal(fromHint.chance, Math.round(best.pot_chance * 100), hintText);
  assert.equal(fromHint.tries, best.samples, hintText);
  assert.ok(await page.evaluate(() => window.novussDebug.hintArrow), 'the hint arrow is drawn');
  assert.ok(await hintArrowOnCanvas(page, best.stroke), 'the hint arrow is on the canvas');

  // The aim tool, on the disc and pocket the hint names.
  await page.click('#target-open');
  await page.selectOption('#target-disc', String(target.disc));
  await page.selectOption('#target-pocket', target.pocket);
  await page.click('#target-apply');
  await page.waitForFunction(() => {
    const out = document.getElementById('target-result');
    return !out.hasAttribute('aria-busy') && out.textContent.trim() !== '';
  }, null, { timeout: 20_000 });
  const aimText = await page.textContent('#target-result');
  const fromAim = chanceAndHand(aimText);
  assert.deepEqual(fromAim, fromHint, `the same chance and hand in both:\n  hint: ${hintText}\n  aim:  ${aimText}`);
  // The very stroke the hint drew.
  const placed = await page.evaluate(() => window.novussDebug.stroke);
  assert.deepEqual(placed.striker, best.stroke.striker, 'the tool places the striker where the hint does');
  assert.deepEqual(placed.direction, best.stroke.direction, 'and aims it as the hint does');
  assert.ok(await page.evaluate(() => window.novussDebug.hintArrow), 'the striker on the hint\'s spot keeps its arrow');
  await page.locator('#target-result').scrollIntoViewIfNeeded();
  await shot(page, `${name}-1-agree`);

  // The player moves the striker: the arrow from the old spot goes at once.
  await move(page);
  const moved = await page.evaluate(() => window.novussDebug.stroke);
  assert.notDeepEqual(moved.striker, best.stroke.striker, 'the striker moved');
  assert.equal(await page.evaluate(() => window.novussDebug.hintArrow), false, 'no hint arrow after the striker moved');
  assert.equal(await hintArrowOnCanvas(page, best.stroke), false, 'and none on the canvas');
  await page.locator('#table').scrollIntoViewIfNeeded();
  await shot(page, `${name}-2-moved`);

  assert.deepEqual(page.errors, []);
  await page.close();
}

test('desktop: the hint and the aim tool name one chance and one hand; the arrow goes when the striker moves', { timeout: 240_000 }, async () => {
  await agree({ width: 1280, height: 800 }, 'hint-aim-desktop', async (page) => {
    // The keys: the tool handed them to the table; the arrows shift the striker.
    await page.focus('#table');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  });
});

test('phone: the same, the striker dragged by a finger\'s worth of pointer', { timeout: 240_000 }, async () => {
  await agree({ width: 390, height: 844 }, 'hint-aim-phone', async (page) => {
    await page.locator('#table').scrollIntoViewIfNeeded();
    const at = await page.evaluate(() => window.novussDebug.stroke.striker);
    const p = await page.evaluate((q) => window.novussDebug.toPage(q), at);
    // Along the player's (South's) baseline, towards the table's middle.
    const middle = await page.evaluate(() => window.novussDebug.state.table.size / 2);
    const toward = at[0] < middle ? 1 : -1;
    const q = await page.evaluate((x) => window.novussDebug.toPage(x), [at[0] + toward * 0.04, at[1]]);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move((p.x + q.x) / 2, (p.y + q.y) / 2, { steps: 4 });
    await page.mouse.move(q.x, q.y, { steps: 4 });
    await page.mouse.up();
  });
});
