// Issue 31, "you were signed out", in Debian's Chromium against the real
// `novuss serve`: one account on two devices, a game open on one; the
// password changed on the other ends the first one's session, and its
// game page (whose socket the server closes with the session-ended code)
// and its account page say that it was signed out, on a desk and on a
// phone.
//
//   cargo build --bin novuss && NOVUSS_BIN=… node --test tests/browser/signed-out.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, root, settledAt, tableFor } from './support/harness.mjs';

const pages = await import(path.join(root, 'web/locales/en/pages.js'));
const game = await import(path.join(root, 'web/locales/en/game.js'));
const lvGame = await import(path.join(root, 'web/locales/lv/game.js'));

const table = tableFor('signed-out');
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const USER = 'two_devices';

const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => vars[k]);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `signed-out-${name}.png`) });

/** A device of the account's owner: a browser of its own, in `lang`, at the account page. */
async function device(who, viewport, lang = 'en') {
  const page = await table.person(who, { viewport });
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text()); });
  await page.goto(`${table.base}account.html`);
  await page.evaluate((l) => localStorage.setItem('novuss.lang', l), lang);
  await page.reload();
  await page.waitForFunction(() => !document.getElementById('anonymous').hidden || !document.getElementById('signed-in').hidden);
  return page;
}

/** Sends `form` on the account page and waits for the server's answer and the page's words. */
async function submit(page, form, route) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/account/${route}`)),
    page.click(`#${form} button[type=submit]`),
  ]);
  await page.waitForFunction((f) => !document.querySelector(`#${f} button[type=submit]`).disabled, form);
}

/** Signs `page` in to the account with `password`, on the account page. */
async function signIn(page, password) {
  if (!page.url().endsWith('account.html')) await page.goto(`${table.base}account.html`);
  await page.waitForSelector('#signin-form', { state: 'visible' });
  await page.fill('#signin-username', USER);
  await page.fill('#signin-password', password);
  await submit(page, 'signin-form', 'signin');
  assert.equal(await page.textContent('#who'), fill(pages.en['account.signed_in_now'], { username: USER }));
}

/** Changes the account's password on `page` (its account page). */
async function changePassword(page, old, next) {
  if (!page.url().endsWith('account.html')) await page.goto(`${table.base}account.html`);
  await page.waitForSelector('#password-form', { state: 'visible' });
  await page.fill('#old-password', old);
  await page.fill('#new-password', next);
  await submit(page, 'password-form', 'password');
  assert.equal(await page.textContent('#who'), pages.en['account.changed']);
}

/** A game against the computer for the account, opened on `page`'s game page. */
async function openGame(page, id) {
  await page.goto(`${table.base}#game=${id}`);
  await settledAt(page, 0);
  assert.equal(await page.isVisible('#error'), false);
}

/** Waits until the game page, loaded again, says it was signed out. */
async function saysSignedOut(page, words) {
  await page.waitForSelector('#error[data-code="signed_out"]', { state: 'visible', timeout: 30_000 });
  await settledAt(page, 0);
  assert.equal(await page.textContent('#error'), words);
}

test('a password changed on another device: this device\'s pages say it was signed out', { timeout: 240_000 }, async () => {
  const desk = await device('desk', DESK);
  await desk.fill('#register-username', USER);
  await desk.fill('#register-password', 'first password');
  await submit(desk, 'register-form', 'register');
  const id = await desk.evaluate(async () => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'singles', profile: 'lnf-2017', sets: 1, players: [{ kind: 'human', name: 'Owner' }, { kind: 'computer', level: 'club' }] }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(JSON.stringify(body));
    return body.id;
  });
  await openGame(desk, id);
  const owner = await desk.evaluate(() => window.novussDebug.me);
  assert.ok(owner, 'the desk is the account\'s person');

  // The phone signs in to the same account and changes the password: the
  // desk's game page hears its socket closed for the session's end.
  const phone = await device('phone', PHONE);
  await signIn(phone, 'first password');
  await changePassword(phone, 'first password', 'second password');
  await saysSignedOut(desk, game.en['error.signed_out']);
  assert.notEqual(await desk.evaluate(() => window.novussDebug.me), owner, 'no longer the account\'s person');
  await shot(desk, '01-game-desk');
  // Its account page says so too, above "not signed in".
  await desk.goto(`${table.base}account.html`);
  await desk.waitForSelector('#ended', { state: 'visible' });
  assert.equal(await desk.textContent('#ended'), fill(pages.en['account.signed_out_elsewhere'], { username: USER }));
  assert.equal(await desk.textContent('#who'), pages.en['account.anonymous']);
  await desk.screenshot({ path: path.join(ARTIFACTS, 'signed-out-02-account-desk.png'), fullPage: true });
  // Said once: signed in again, and on the next visit, it is gone.
  await signIn(desk, 'second password');
  assert.ok(await desk.isHidden('#ended'));

  // The other way round, in Latvian on the phone: its game page is open
  // when the desk changes the password.
  await phone.evaluate(() => localStorage.setItem('novuss.lang', 'lv'));
  await openGame(phone, id);
  await changePassword(desk, 'second password', 'third password');
  await saysSignedOut(phone, lvGame.lv['error.signed_out']);
  await shot(phone, '03-game-phone-lv');
  await phone.goto(`${table.base}account.html`);
  await phone.waitForSelector('#ended', { state: 'visible' });
  await phone.screenshot({ path: path.join(ARTIFACTS, 'signed-out-04-account-phone-lv.png'), fullPage: true });

  for (const p of [desk, phone]) assert.deepEqual(p.errors, []);
});
