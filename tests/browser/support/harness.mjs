// What every browser test file shares: the real `novuss serve` on a free
// loopback port with its own data directory, Debian's Chromium driven by
// playwright-core (never a downloaded browser), temporary directories
// removed at the end, and axe-core put into a page. (In a folder of its
// own, so `node --test tests/browser/*.mjs` does not take it for a test.)
//
// NOVUSS_BIN overrides the server binary (default target/debug/novuss from
// the repository root); CHROMIUM the browser (default /usr/bin/chromium).

import { after, before } from 'node:test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(here, '../..');
export const BIN = path.resolve(root, process.env.NOVUSS_BIN || 'target/debug/novuss');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARTIFACTS = path.join(here, 'artifacts');
const AXE = path.join(here, 'node_modules/axe-core/axe.min.js');

const temps = [];

/** A new temporary directory, removed by `removeTemps`. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made. */
export function removeTemps() {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/**
 * Starts the server (on `addr`, by default any free port, with `extra`
 * flags of `novuss serve`) and reads its URL from the line it prints.
 */
export function startServer(data, addr = '127.0.0.1:0', extra = []) {
  if (!fs.existsSync(BIN)) throw new Error(`no server binary at ${BIN}: run cargo build --bin novuss, or set NOVUSS_BIN`);
  const child = spawn(BIN, ['serve', '--addr', addr, '--data-dir', data, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL in 30 s:\n${log}`)), 30_000);
    const look = (chunk) => {
      log += chunk;
      const m = log.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', (c) => { log += c; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}):\n${log}`)); });
  });
}

/** Headless Chromium with a fresh profile; `options` are playwright's context options. */
export function launchBrowser(prefix, options = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launchPersistentContext(tempDir(prefix), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 860 },
    ...options,
  });
}

/** Puts axe-core into `page` once. Evaluated, not a <script>: the page's CSP allows only its own scripts. */
export async function injectAxe(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
}

/** axe-core's serious and critical problems on `page`, one line each (none: an empty list). */
export async function axeProblems(page) {
  await injectAxe(page);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The set-up of a browser test between people: one real server on
 * loopback (started by `setUp`, in `before`), and a browser of their own
 * per person (own cookies, as on their own computers), each page
 * collecting its errors in `page.errors`; `tearDown` (in `after`) closes
 * them all and stops the server.
 * @param {string} name the test's name, for its temporary folders
 * @param {string[]} [serverArgs] more flags for `novuss serve`
 */
export function peopleAt(name, serverArgs = []) {
  const browsers = [];
  const table = {
    /** The server's address, once set up. */
    base: '',
    /** The server's process. */
    server: null,
    /** The server's data directory (for a command such as `novuss admin`). */
    data: '',
    async setUp() {
      table.data = tempDir(`novuss-${name}-data-`);
      const s = await startServer(table.data, '127.0.0.1:0', serverArgs);
      table.server = s.child;
      table.base = s.url;
    },
    async tearDown() {
      for (const b of browsers) await b.close();
      table.server?.kill('SIGTERM');
      removeTemps();
    },
    /** A person at a browser of their own, with a fresh page. */
    async person(who, options = {}) {
      const context = await launchBrowser(`novuss-${name}-${who}-`, { locale: 'en-GB', ...options });
      browsers.push(context);
      const page = await context.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e.message));
      return page;
    },
  };
  return table;
}

/**
 * `peopleAt`, set up before the test file's tests and torn down after
 * them (node:test's `before` and `after`).
 * @param {string} name the test's name, for its temporary folders
 * @param {string[]} [serverArgs] more flags for `novuss serve`
 */
export function tableFor(name, serverArgs = []) {
  const table = peopleAt(name, serverArgs);
  before(() => table.setUp());
  after(() => table.tearDown());
  return table;
}

/**
 * Waits until the game page shows event `e` or later, settled (not
 * animating, loading or connecting).
 */
export async function settledAt(page, e, timeout = 90_000) {
  await page.waitForFunction((x) => {
    const d = window.novussDebug;
    return d && d.event !== null && d.event >= x && !['animating', 'loading', 'connecting'].includes(document.body.dataset.phase);
  }, e, { timeout });
}

/**
 * Anna, at `page`, makes a game with a friend at another screen from the
 * new-game form as the plain page opens it: her own seat named `name`,
 * the other seat invited, and whatever `choose` sets on the form before
 * she starts (rated, public, sets, a clock…). Returns the invitation link
 * and the watch link the page then shows her.
 * @param {import('playwright-core').Page} page
 * @param {string} base the server's address
 * @param {{name?: string, choose?: (page: import('playwright-core').Page) => Promise<void>}} [how]
 * @returns {Promise<{link: string, watch: string}>}
 */
export async function inviteFriend(page, base, { name = 'Anna', choose } = {}) {
  await page.goto(base);
  await page.waitForSelector('dialog#start[open] #start-game');
  await page.check('#mode-hot_seat');
  await page.selectOption('#kind-1', 'invite');
  await page.fill('#name-0', name);
  if (choose) await choose(page);
  await page.click('#start-game');
  await page.waitForSelector('#invites:not([hidden]) #invite-1');
  return { link: await page.inputValue('#invite-1'), watch: await page.inputValue('#watch-link') };
}

/**
 * The players at `pages` (by seat) stroke in turn, each with the keyboard
 * ("4", Enter), until the match can no longer be called off (every side
 * has stroked), so that resigning is what ends it; each stroke waits for
 * every page to show it.
 * @param {Record<string, import('playwright-core').Page>} pages the page of each seat's player
 */
export async function playUntilResignable(pages) {
  const all = Object.values(pages);
  const state = () => all[0].evaluate(() => window.novussDebug.state);
  for (let st = await state(); st.can_abort; st = await state()) {
    const mover = pages[st.turn.seat];
    await settledAt(mover, st.event);
    await mover.locator('#table').focus();
    await mover.keyboard.press('4');
    await mover.keyboard.press('Enter');
    for (const p of all) await settledAt(p, st.event + 1);
  }
}
