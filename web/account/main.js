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
  /** @type {Refusal | null} the last refusal */
  problem: null,
  /** @type {string | null} the account this device was signed in to until its session ended elsewhere */
  ended: null,
  busy: false,
};

/**
 * A refusal: its stable code, the form it answered, and the seconds to
 * wait before trying again (a rate limit's `Retry-After`).
 * @typedef {{code: string, form: 'signin' | 'register' | 'password' | 'signout' | 'delete' | 'load', seconds: number | null, until: number | null}} Refusal
 */

// The account this device was last seen signed in to (set whenever the
// server says so, cleared when the person signs out here), so that a
// session ended by a password change on another device is told as such.
const REMEMBERED = 'novuss.account';

/** @returns {string | null} */
function remembered() {
  try { return localStorage.getItem(REMEMBERED); } catch { return null; }
}

/** @param {string | null} username */
function remember(username) {
  try {
    if (username) localStorage.setItem(REMEMBERED, username);
    else localStorage.removeItem(REMEMBERED);
  } catch { /* storage off: the page only says less */ }
}

/**
 * Who the server says the browser is now: a device that was signed in and
 * is not any more, without signing out here, was signed out elsewhere.
 * @param {Me} me
 */
function learn(me) {
  const was = remembered();
  if (me.account) {
    page.ended = null;
    remember(me.account.username);
  } else if (was) {
    page.ended = was;
    remember(null);
  }
  page.me = me;
}

/**
 * A JSON request; a refusal throws its stable code.
 * @param {string} method
 * @param {string} path
 * @param {import('../shared/protocol.js').Credentials | import('../shared/protocol.js').PasswordChange | import('../shared/protocol.js').ForgetMe | Record<string, never>} [body]
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
  if (!res.ok) {
    const wait = Number(res.headers.get('retry-after'));
    throw Object.assign(new Error('refused'), { code: json?.code || 'unknown', seconds: wait > 0 ? Math.ceil(wait) : null });
  }
  return json;
}

/**
 * A refusal in words: this page's own where the game's would mislead (a
 * wrong current password is not a wrong user name; a rate limit says
 * when to try again).
 * @param {Refusal} r
 */
function refusal(r) {
  if (r.code === 'wrong_password' && r.form === 'password') return pt('account.wrong_current_password');
  if (r.code === 'wrong_password' && r.form === 'delete') return pt('account.wrong_delete_password');
  if (r.code === 'rate_limited' && r.seconds) return pt('account.rate_limited_in', { seconds: r.seconds });
  return pt.has(`account.${r.code}`) ? pt(`account.${r.code}`) : errorText(r.code);
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
  // Only a browser that holds a person has one to forget.
  $('forget-card').hidden = !me?.person || !!me.account;
  const ended = endedLine();
  ended.hidden = !page.ended;
  ended.textContent = page.ended ? pt('account.signed_out_elsewhere', { username: page.ended }) : '';
  const problem = $('problem');
  problem.hidden = !page.problem;
  problem.textContent = page.problem ? `${pt('account.failed')} ${refusal(page.problem)}` : '';
  renderRetry();
  renderBlocks();
  for (const b of document.querySelectorAll('main button')) /** @type {HTMLButtonElement} */ (b).disabled = page.busy;
  // Deleting waits for its box to be ticked: nobody deletes by one slip.
  for (const [box, button] of [['delete-sure', 'delete'], ['forget-sure', 'forget']]) {
    /** @type {HTMLButtonElement} */ ($(button)).disabled = page.busy || !/** @type {HTMLInputElement} */ ($(box)).checked;
  }
}

/** The pending redraw of the countdown, if one is due. */
let retryTimer = 0;

/**
 * After a refusal that says when to try again, the time left, counted
 * down each second under the refusal until it says "now". It is not a
 * live region: the refusal said the wait once, and a screen reader is not
 * read a number every second.
 */
function renderRetry() {
  const line = $('retry');
  const until = page.problem?.until;
  clearTimeout(retryTimer);
  if (!until) { line.hidden = true; return; }
  const left = Math.ceil((until - Date.now()) / 1000);
  line.hidden = false;
  line.textContent = left > 0 ? pt('account.retry_in', { seconds: left }) : pt('account.retry_now');
  // Next when the whole seconds left change.
  if (left > 0) retryTimer = window.setTimeout(renderRetry, ((until - Date.now()) % 1000) || 1000);
}

/** The line that says this device was signed out elsewhere, made once above the status line. */
function endedLine() {
  let line = document.getElementById('ended');
  if (!line) {
    line = document.createElement('p');
    line.id = 'ended';
    line.className = 'notice warn';
    line.setAttribute('role', 'status');
    line.hidden = true;
    $('who').before(line);
  }
  return line;
}

/**
 * Runs one account request and shows what came of it.
 * @param {() => Promise<Me>} send
 * @param {(me: Me) => {id: string, vars?: import('../shared/lang.js').Params}} said
 * @param {HTMLFormElement | null} form
 * @param {Refusal['form']} which the form (or button) sent
 */
async function act(send, said, form, which) {
  if (page.busy) return;
  page.busy = true;
  page.problem = null;
  render();
  try {
    const me = await send();
    // Signing out here is no surprise: nothing to tell next time.
    if (which === 'signout' || which === 'delete') remember(null);
    learn(me);
    await loadBlocks();
    page.done = said(me);
    form?.reset();
    // The forms just shown or hidden: focus goes to the line that says
    // what happened, so that nobody is left on a vanished control.
    $('who').setAttribute('tabindex', '-1');
    $('who').focus();
  } catch (e) {
    page.problem = refused(e, which);
    page.done = null;
    // Not signed in any more: the session ended meanwhile (a password
    // changed on another device). The page learns who it is now.
    if (page.problem.code === 'not_signed_in') await load(false);
  }
  page.busy = false;
  render();
}

/**
 * @param {unknown} e
 * @param {Refusal['form']} form
 * @returns {Refusal}
 */
function refused(e, form) {
  const seconds = e && typeof e === 'object' && 'seconds' in e && typeof e.seconds === 'number' ? e.seconds : null;
  return { code: errorCode(e, 'unknown'), form, seconds, until: seconds ? Date.now() + seconds * 1000 : null };
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
      (me) => ({ id: 'account.signed_in_now', vars: { username: me.account?.username } }), signIn, 'signin');
  });
  const register = /** @type {HTMLFormElement} */ ($('register-form'));
  register.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/api/account/register', { username: field('register-username').trim(), password: field('register-password') }),
      (me) => ({ id: 'account.registered', vars: { username: me.account?.username } }), register, 'register');
  });
  const change = /** @type {HTMLFormElement} */ ($('password-form'));
  change.addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/api/account/password', { old: field('old-password'), new: field('new-password') }),
      () => ({ id: 'account.changed' }), change, 'password');
  });
  // Deleting the account (its password asked again) or, for a person
  // without one, forgetting them: docs/privacy.md, "Deleting your account".
  const remove = /** @type {HTMLFormElement} */ ($('delete-form'));
  remove.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!/** @type {HTMLInputElement} */ ($('delete-sure')).checked) return;
    act(() => call('POST', '/api/me/forget', { password: field('delete-password') }),
      () => ({ id: 'account.deleted' }), remove, 'delete');
  });
  const forget = /** @type {HTMLFormElement} */ ($('forget-form'));
  forget.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!/** @type {HTMLInputElement} */ ($('forget-sure')).checked) return;
    act(() => call('POST', '/api/me/forget', {}), () => ({ id: 'account.forgotten' }), forget, 'delete');
  });
  for (const box of ['delete-sure', 'forget-sure']) $(box).addEventListener('change', render);
  $('signout').addEventListener('click', () => {
    act(() => call('POST', '/api/account/signout', {}), () => ({ id: 'account.signed_out' }), null, 'signout');
  });
  // Back to this tab: the session may have ended meanwhile elsewhere.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !page.busy) load(false);
  });
}

/**
 * Asks who the browser is.
 * @param {boolean} [first] the page's first look (a failure is shown)
 */
/** The people this browser's person blocked (`GET /api/blocks`). @type {import('../shared/protocol.js').Blocks['blocked']} */
let blocks = [];

/** Reads the blocks again, for a browser that holds a person. */
async function loadBlocks() {
  if (!page.me?.person) { blocks = []; return; }
  try {
    const res = await fetch('/api/blocks');
    blocks = res.ok ? (await res.json()).blocked : [];
  } catch { /* the list stays as it was */ }
}

/** The blocks card: each person blocked, with a button to unblock them. */
function renderBlocks() {
  $('blocks-card').hidden = !page.me?.person;
  $('no-blocks').hidden = blocks.length > 0;
  $('blocks').replaceChildren(...blocks.map((b) => {
    const name = b.name || pt('players.unnamed');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button';
    button.textContent = pt('account.unblock');
    button.setAttribute('aria-label', pt('account.unblock_label', { name }));
    button.addEventListener('click', async () => {
      const res = await fetch(`/api/blocks/${encodeURIComponent(b.person)}`, { method: 'DELETE' }).catch(() => null);
      if (res?.ok) blocks = (await res.json()).blocked;
      render();
    });
    const link = document.createElement('a');
    link.href = `player.html#id=${encodeURIComponent(b.person)}`;
    link.textContent = name;
    const li = document.createElement('li');
    li.append(link, ' ', button);
    return li;
  }));
}

async function load(first = true) {
  try {
    learn(await call('GET', '/api/me'));
    await loadBlocks();
    // Said on its own line, not as what was done last.
    if (page.ended) page.done = null;
  } catch (e) {
    if (first) page.problem = refused(e, 'load');
  }
  render();
}

setUpPage('account.title', render, 'account');
wire();
load();
