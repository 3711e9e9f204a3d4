// @ts-check
// The account page (docs/protocol.md, "Accounts"): who this browser is, and
// registering, signing in, signing out and changing the password. Accounts
// are optional; everything else on the site works without one.

import { errorText } from '../shared/text.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Who the browser is: `GET /api/me` and every account route answer so. @typedef {import('../shared/protocol.js').Me} Me */

const page = {
  /** @type {Me | null} */
  me: null,
  /** @type {{id: string, vars?: import('../shared/lang.js').Params} | null} the last thing done, said in the status line */
  done: null,
  /** @type {string | null} the code of the last refusal */
  problem: null,
  busy: false,
};

/**
 * A JSON request; a refusal throws its stable code.
 * @param {string} method
 * @param {string} path
 * @param {import('../shared/protocol.js').Credentials | import('../shared/protocol.js').PasswordChange | Record<string, never>} [body]
 * @returns {Promise<Me>}
 */
async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw Object.assign(new Error('network'), { code: 'network' });
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error('refused'), { code: json?.code || 'unknown' });
  return json;
}

/** A refusal in words: this page's own where the game's would mislead. @param {string} code */
function refusal(code) {
  return pt.has(`account.${code}`) ? pt(`account.${code}`) : errorText(code);
}

function render() {
  const me = page.me;
  const who = $('who');
  if (page.done) who.textContent = pt(page.done.id, page.done.vars);
  else if (!me) who.textContent = pt('account.loading');
  else if (me.account) who.textContent = pt('account.signed_in', { username: me.account.username });
  else who.textContent = pt('account.anonymous');
  $('anonymous').hidden = !me || !!me.account;
  $('signed-in').hidden = !me?.account;
  const problem = $('problem');
  problem.hidden = !page.problem;
  problem.textContent = page.problem ? `${pt('account.failed')} ${refusal(page.problem)}` : '';
  for (const b of document.querySelectorAll('main button')) /** @type {HTMLButtonElement} */ (b).disabled = page.busy;
}

/**
 * Runs one account request and shows what came of it.
 * @param {() => Promise<Me>} send
 * @param {(me: Me) => {id: string, vars?: import('../shared/lang.js').Params}} said
 * @param {HTMLFormElement | null} form
 */
async function act(send, said, form) {
  if (page.busy) return;
  page.busy = true;
  page.problem = null;
  render();
  try {
    page.me = await send();
    page.done = said(page.me);
    form?.reset();
    // The forms just shown or hidden: focus goes to the line that says
    // what happened, so that nobody is left on a vanished control.
    $('who').setAttribute('tabindex', '-1');
    $('who').focus();
  } catch (e) {
    page.problem = errorCode(e, 'unknown');
    page.done = null;
  }
  page.busy = false;
  render();
}

/** @param {string} id */
function field(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id)).value;
}

function wire() {
  const signIn = /** @type {HTMLFormElement} */ ($('signin-form'));
  signIn.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/api/account/signin', { username: field('signin-username').trim(), password: field('signin-password') }),
      (me) => ({ id: 'account.signed_in_now', vars: { username: me.account?.username } }), signIn);
  });
  const register = /** @type {HTMLFormElement} */ ($('register-form'));
  register.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/api/account/register', { username: field('register-username').trim(), password: field('register-password') }),
      (me) => ({ id: 'account.registered', vars: { username: me.account?.username } }), register);
  });
  const change = /** @type {HTMLFormElement} */ ($('password-form'));
  change.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/api/account/password', { old: field('old-password'), new: field('new-password') }),
      () => ({ id: 'account.changed' }), change);
  });
  $('signout').addEventListener('click', () => {
    act(() => call('POST', '/api/account/signout', {}), () => ({ id: 'account.signed_out' }), null);
  });
}

async function load() {
  try {
    page.me = await call('GET', '/api/me');
  } catch (e) {
    page.problem = errorCode(e, 'unknown');
  }
  render();
}

setUpPage('account.title', render, 'account');
wire();
load();
