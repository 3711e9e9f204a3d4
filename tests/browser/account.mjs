// The account page (docs/protocol.md, "Accounts") in Debian's Chromium
// against the real `novuss serve` on loopback: register, sign out, sign in
// again from a second browser, change the password there (which signs the
// first one out), and the WCAG's automated checks at desktop and phone
// size, in English and Latvian.
//
//   cargo build --bin novuss && cd tests/browser && node --test account.mjs
//
// NOVUSS_BIN overrides the server binary; CHROMIUM the browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, injectAxe, launchBrowser, removeTemps, root, startServer, tempDir } from './support/harness.mjs';

const { en } = await import(path.join(root, 'web/locales/en/pages.js'));
const { lv } = await import(path.join(root, 'web/locales/lv/pages.js'));
const game = await import(path.join(root, 'web/locales/en/game.js'));

let server;
let base;
const contexts = [];

before(async () => {
  ({ child: server, url: base } = await startServer(tempDir('novuss-account-data-')));
});

after(async () => {
  for (const c of contexts) await c.close();
  server?.kill('SIGTERM');
  removeTemps();
});

/** A browser of its own (its own cookies) with the account page open in `lang`. */
async function open(name, lang = 'en', viewport) {
  const context = await launchBrowser(`novuss-account-${name}-`, viewport ? { viewport } : {});
  contexts.push(context);
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.problems.push(m.text()); });
  await page.goto(`${base}account.html`);
  await page.evaluate((l) => localStorage.setItem('novuss.lang', l), lang);
  await page.reload();
  await page.waitForFunction(() => !document.getElementById('anonymous').hidden || !document.getElementById('signed-in').hidden);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `account-${name}.png`), fullPage: true });
const who = (page) => page.textContent('#who');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => vars[k]);

/** The axe-core audit: the serious and critical violations. */
async function audit(page) {
  await injectAxe(page);
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  }));
  return result.violations
    .filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Waits until the status line says `text`. */
async function says(page, text) {
  await page.waitForFunction((t) => document.getElementById('who').textContent === t, text, { timeout: 30_000 });
}

test('register, sign out, sign in elsewhere and change the password', async () => {
  const desk = await open('desk');
  assert.equal(await who(desk), en['account.anonymous']);
  assert.deepEqual(await audit(desk), [], 'the page, not signed in');
  await shot(desk, '01-anonymous');

  // A name that cannot be one is refused in words, and nothing is made.
  await desk.fill('#register-username', 'no');
  await desk.fill('#register-password', 'correct horse 1');
  await desk.click('#register-form button[type=submit]');
  await desk.waitForSelector('#problem:not([hidden])');
  assert.match(await desk.textContent('#problem'), new RegExp(game.en['error.bad_username'].slice(0, 20)));

  await desk.fill('#register-username', 'Mara_L');
  await desk.fill('#register-password', 'correct horse 1');
  await desk.click('#register-form button[type=submit]');
  await says(desk, fill(en['account.registered'], { username: 'Mara_L' }));
  assert.ok(await desk.isHidden('#problem'));
  assert.ok(await desk.isVisible('#password-form'));
  assert.equal(await desk.evaluate(() => document.activeElement?.id), 'who', 'focus on what happened');
  await desk.reload();
  await says(desk, fill(en['account.signed_in'], { username: 'Mara_L' }));
  assert.deepEqual(await audit(desk), [], 'the page, signed in');
  await shot(desk, '02-signed-in');

  await desk.click('#signout');
  await says(desk, en['account.signed_out']);
  assert.ok(await desk.isVisible('#signin-form'));
  await desk.reload();
  await says(desk, en['account.anonymous']);

  // A second browser, on a phone, signs in (the name in another case).
  const phone = await open('phone', 'en', { width: 390, height: 844 });
  await phone.fill('#signin-username', 'mara_l');
  await phone.fill('#signin-password', 'correct horse 1');
  await phone.click('#signin-form button[type=submit]');
  await says(phone, fill(en['account.signed_in_now'], { username: 'Mara_L' }));
  assert.deepEqual(await audit(phone), [], 'the page on a phone');
  await shot(phone, '03-phone-signed-in');

  // The first browser signs in again, then the phone changes the password:
  // the first is signed out, and the old password fails.
  await desk.fill('#signin-username', 'Mara_L');
  await desk.fill('#signin-password', 'correct horse 1');
  await desk.click('#signin-form button[type=submit]');
  await says(desk, fill(en['account.signed_in_now'], { username: 'Mara_L' }));
  await phone.fill('#old-password', 'wrong one at all');
  await phone.fill('#new-password', 'battery staple 2');
  await phone.click('#password-form button[type=submit]');
  await phone.waitForSelector('#problem:not([hidden])');
  // A wrong current password is said as such, not as a failed sign-in.
  assert.ok((await phone.textContent('#problem')).includes(en['account.wrong_current_password']), await phone.textContent('#problem'));
  await phone.fill('#old-password', 'correct horse 1');
  await phone.fill('#new-password', 'battery staple 2');
  await phone.click('#password-form button[type=submit]');
  await says(phone, en['account.changed']);
  await shot(phone, '04-phone-changed');
  await desk.reload();
  await says(desk, en['account.anonymous']);
  await desk.fill('#signin-username', 'Mara_L');
  await desk.fill('#signin-password', 'correct horse 1');
  await desk.click('#signin-form button[type=submit]');
  await desk.waitForSelector('#problem:not([hidden])');
  assert.match(await desk.textContent('#problem'), new RegExp(game.en['error.wrong_password']));
  await desk.fill('#signin-password', 'battery staple 2');
  await desk.click('#signin-form button[type=submit]');
  await says(desk, fill(en['account.signed_in_now'], { username: 'Mara_L' }));
  await shot(desk, '05-signed-in-again');

  for (const p of [desk, phone]) assert.deepEqual(p.problems, []);
});

test('the page in Latvian, and the link to it from the others', async () => {
  const page = await open('lv', 'lv', { width: 390, height: 844 });
  assert.equal(await page.textContent('h1'), lv['account.heading']);
  assert.equal(await who(page), lv['account.anonymous']);
  assert.equal(await page.textContent('#signin-form button[type=submit]'), lv['account.signin']);
  assert.deepEqual(await audit(page), [], 'in Latvian on a phone');
  await shot(page, '06-lv-phone');
  for (const other of ['history.html', 'replay.html', '']) {
    await page.goto(`${base}${other}`);
    const link = page.locator('a[href="account.html"]');
    await link.waitFor({ state: 'attached' });
    assert.equal(await link.textContent(), lv['nav.account'], other || 'index.html');
  }
  await page.goto(`${base}rules.html`);
  await page.waitForFunction(() => document.getElementById('nav-account')?.textContent === 'Konts');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
