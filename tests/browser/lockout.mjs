// Issue 31, the sign-in lockout, in Debian's Chromium against the real
// `novuss serve`: a stranger's browser guesses at the owner's user name a
// dozen times, and the owner is not locked out of the devices they signed
// in on, even one at the stranger's own address (one home network); a new
// device there is told to wait, and for how long. And a wrong current
// password in "Change password" says so, in English and in Latvian.
//
// The server limits sign-ins per address and user name and does not lock
// the name (net/accounts.rs); a device signed in before is held to its
// address's limit only. Chromium cannot choose its source address, so the
// stranger's browser (and the owner's phone beside them) reach the server
// through a small TCP relay here that connects from 127.0.0.2: the server
// sees them at another address than the owner's desk, at 127.0.0.1.
//
//   cargo build --bin novuss && NOVUSS_BIN=… node --test tests/browser/lockout.mjs

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import path from 'node:path';
import { ARTIFACTS, root, tableFor } from './support/harness.mjs';

const { en } = await import(path.join(root, 'web/locales/en/pages.js'));
const { lv } = await import(path.join(root, 'web/locales/lv/pages.js'));
const game = await import(path.join(root, 'web/locales/en/game.js'));

const table = tableFor('lockout');
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const OWNER = 'owner31';
const PASSWORD = 'the real password';

/** The relay's address: the server, as reached from 127.0.0.2. */
let away = '';
/** @type {net.Server | null} */
let relay = null;

/** Starts the relay once the server is up (the first test's first step). */
async function relayUp() {
  if (relay) return;
  const port = Number(new URL(table.base).port);
  relay = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' });
    client.pipe(upstream).pipe(client);
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  away = `http://127.0.0.1:${relay.address().port}/`;
}

after(() => new Promise((resolve) => { if (relay) relay.close(() => resolve()); else resolve(); }));

const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => vars[k]);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `lockout-${name}.png`), fullPage: true });

/** A person's own browser with the account page open at `base`, in `lang`. */
async function open(who, base, viewport, lang = 'en') {
  const page = await table.person(who, { viewport });
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text()); });
  await page.goto(`${base}account.html`);
  await page.evaluate((l) => localStorage.setItem('novuss.lang', l), lang);
  await page.reload();
  await page.waitForFunction(() => !document.getElementById('anonymous').hidden || !document.getElementById('signed-in').hidden);
  return page;
}

/** Submits `form` by its button and waits for the server's answer and the page's words. */
async function submit(page, form, route) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/account/${route}`)),
    page.click(`#${form} button[type=submit]`),
  ]);
  await page.waitForFunction((f) => !document.querySelector(`#${f} button[type=submit]`).disabled, form);
}

/** Types `username` and `password` into the sign-in form and sends it. */
async function signIn(page, username, password) {
  await page.fill('#signin-username', username);
  await page.fill('#signin-password', password);
  await submit(page, 'signin-form', 'signin');
}

const problem = async (page) => ((await page.isVisible('#problem')) ? page.textContent('#problem') : null);
const who = (page) => page.textContent('#who');

/** The words of a rate limit with its wait, and the seconds said. */
function waitSaid(text) {
  const quote = (x) => x.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const [head, tail] = en['account.rate_limited_in'].split('{seconds}');
  const m = text?.match(new RegExp(`^${quote(`${en['account.failed']} ${head}`)}(\\d+)${quote(tail)}$`));
  return m ? Number(m[1]) : null;
}

test('a stranger guessing twelve times locks the owner out of no device of theirs', { timeout: 180_000 }, async () => {
  await relayUp();
  // The owner registers at their desk (127.0.0.1) and signs in on their
  // phone, which is on the stranger's network (127.0.0.2).
  const desk = await open('owner-desk', table.base, DESK);
  await desk.fill('#register-username', OWNER);
  await desk.fill('#register-password', PASSWORD);
  await submit(desk, 'register-form', 'register');
  assert.equal(await who(desk), fill(en['account.registered'], { username: OWNER }));
  const phone = await open('owner-phone', away, PHONE);
  await signIn(phone, OWNER, PASSWORD);
  assert.equal(await who(phone), fill(en['account.signed_in_now'], { username: OWNER }));

  // The stranger, at 127.0.0.2, tries twelve passwords by hand.
  const stranger = await open('stranger', away, DESK);
  const answers = [];
  for (let k = 1; k <= 12; k++) {
    await signIn(stranger, OWNER, `guess number ${k}`);
    answers.push(await problem(stranger));
  }
  const wrong = `${en['account.failed']} ${game.en['error.wrong_password']}`;
  const held = answers.filter((a) => waitSaid(a) !== null);
  assert.ok(answers.every((a) => a === wrong || waitSaid(a) !== null), answers.join('\n'));
  assert.ok(held.length >= 2, `the stranger is held back: ${answers.join('\n')}`);
  assert.equal(answers[0], wrong, 'the first guesses are told wrong, not held');
  const seconds = waitSaid(answers[answers.length - 1]);
  assert.ok(seconds > 0 && seconds <= 60, `a wait in seconds: ${seconds}`);
  // Under the refusal, the wait counts down, quietly (the refusal said it
  // once; the countdown is no live region).
  const retry = await stranger.textContent('#retry');
  const [before, after] = en['account.retry_in'].split('{seconds}');
  assert.ok(retry?.startsWith(before) && retry.endsWith(after), retry ?? '');
  const left = Number(retry.slice(before.length, retry.length - after.length));
  assert.ok(left > 0 && left <= seconds, `${left} s left of ${seconds}`);
  await stranger.waitForFunction(([was, head]) => {
    const now = document.getElementById('retry')?.textContent ?? '';
    return now.startsWith(head) && parseInt(now.slice(head.length), 10) < was;
  }, [left, before], { timeout: 30_000 });
  assert.equal(await stranger.getAttribute('#retry', 'role'), null);
  assert.equal(await stranger.getAttribute('#retry', 'aria-live'), null);
  await shot(stranger, '01-stranger-held-desk');

  // A new device at the stranger's address, with the right password,
  // waits too, and is told for how long.
  const fresh = await open('fresh', away, PHONE);
  await signIn(fresh, OWNER, PASSWORD);
  assert.ok(waitSaid(await problem(fresh)) > 0, await problem(fresh));
  assert.equal(await who(fresh), en['account.anonymous']);
  await shot(fresh, '02-new-device-waits-phone');

  // The owner's phone, at the stranger's address, signed in there
  // before: it signs out and in again, and changes the password.
  await phone.click('#signout');
  await phone.waitForSelector('#signin-form', { state: 'visible' });
  await signIn(phone, OWNER, PASSWORD);
  assert.equal(await problem(phone), null);
  assert.equal(await who(phone), fill(en['account.signed_in_now'], { username: OWNER }));
  await phone.fill('#old-password', PASSWORD);
  await phone.fill('#new-password', 'a second password');
  await submit(phone, 'password-form', 'password');
  assert.equal(await problem(phone), null);
  assert.equal(await who(phone), en['account.changed']);
  await shot(phone, '03-owner-phone-changed');
  // A new device there still waits, new password or not.
  await signIn(fresh, OWNER, 'a second password');
  assert.ok(waitSaid(await problem(fresh)) > 0, await problem(fresh));

  // The desk, at the owner's own address, was signed out by the change:
  // it says so, and signs in with the new password.
  await desk.reload();
  await desk.waitForSelector('#ended', { state: 'visible' });
  assert.equal(await desk.textContent('#ended'), fill(en['account.signed_out_elsewhere'], { username: OWNER }));
  await signIn(desk, OWNER, 'a second password');
  assert.equal(await problem(desk), null);
  assert.equal(await who(desk), fill(en['account.signed_in_now'], { username: OWNER }));
  assert.ok(await desk.isHidden('#ended'));
  await shot(desk, '04-owner-desk-signed-in');

  for (const p of [desk, phone, stranger, fresh]) assert.deepEqual(p.errors, []);
});

test('a wrong current password in "Change password" says so, in English and in Latvian', { timeout: 120_000 }, async () => {
  const desk = await open('changer', table.base, DESK);
  await desk.fill('#register-username', 'changer31');
  await desk.fill('#register-password', PASSWORD);
  await submit(desk, 'register-form', 'register');
  await desk.fill('#old-password', 'not my password');
  await desk.fill('#new-password', 'a second password');
  await submit(desk, 'password-form', 'password');
  assert.equal(await problem(desk), `${en['account.failed']} ${en['account.wrong_current_password']}`);
  assert.equal(await desk.getAttribute('#problem', 'role'), 'alert');
  await shot(desk, '05-wrong-current-desk');

  const phone = await open('changer-lv', table.base, PHONE, 'lv');
  await signIn(phone, 'changer31', PASSWORD);
  assert.equal(await who(phone), fill(lv['account.signed_in_now'], { username: 'changer31' }));
  await phone.fill('#old-password', 'ne mana parole');
  await phone.fill('#new-password', 'a second password');
  await submit(phone, 'password-form', 'password');
  assert.equal(await problem(phone), `${lv['account.failed']} ${lv['account.wrong_current_password']}`);
  await shot(phone, '06-wrong-current-lv-phone');
  // The password is unchanged: the right one still changes it.
  await phone.fill('#old-password', PASSWORD);
  await phone.fill('#new-password', 'a second password');
  await submit(phone, 'password-form', 'password');
  assert.equal(await who(phone), lv['account.changed']);
  for (const p of [desk, phone]) assert.deepEqual(p.errors, []);
});
