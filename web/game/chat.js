// @ts-check
// The chat beside the table (docs/protocol.md, "Chat"): preset phrases,
// which each reader sees in their own language, and free text, which the
// game's creator may switch off and each reader may hide. Players and
// watchers have rooms of their own while the match is played; the server
// decides who reads what. Every word a person wrote goes into the page as
// text (textContent), never as markup. Lines that come while the chat is
// folded or out of sight are counted as unread, beside its fold button
// and on the button that brings a phone's reader to it (the chat sits
// below the table and its tools there).

import { h } from '../shared/panel.js';
import { t } from '../shared/text.js';
import { openReport } from '../shared/report.js';

/** The preset phrases, by the ids the server knows. */
export const PRESETS = ['hello', 'good_luck', 'well_played', 'nice_shot', 'thanks', 'sorry', 'one_moment', 'good_game', 'bye'];

/** The longest free line, in characters (the server counts the same way). */
export const MAX_TEXT = 200;

/** Lines kept on the page; older ones scroll away. */
const SHOWN = 100;

const HIDDEN_KEY = 'novuss.chat.hidden';
const TEXT_HIDDEN_KEY = 'novuss.chat.textHidden';
/** The last line read, per game, for this tab: a reload does not make old lines new. */
const READ_KEY = 'novuss.chat.read.';

/** How much of the log must be on the screen for its lines to count as read. */
const READ_RATIO = 0.6;

/** @param {string} key */
function remembered(key) {
  try { return localStorage.getItem(key) === '1'; } catch { return false; }
}

/**
 * @param {string} key
 * @param {boolean} on
 */
function remember(key, on) {
  try { localStorage.setItem(key, on ? '1' : '0'); } catch { /* storage blocked: for this page only */ }
}

/**
 * Characters as the server counts them (code points, not UTF-16 units).
 * @param {string} text
 */
export function length(text) {
  return [...text.trim()].length;
}

/**
 * The chat panel in `el`.
 * @param {HTMLElement} el
 * @param {{
 *   send: (msg: import('../shared/protocol.js').ClientMessage) => boolean,
 *   me: () => string | null,
 *   becomePerson: () => Promise<boolean>,
 *   nameOf: (player: number) => string,
 *   showError: (code: string) => void,
 *   game: () => string | null,
 * }} hooks
 */
export function createChat(el, hooks) {
  /** @type {import('../shared/protocol.js').ChatMessage[]} */
  let lines = [];
  /** @type {{free_text: boolean, creator: string | null}} */
  let settings = { free_text: true, creator: null };
  let shown = false;
  let player = false;
  let over = false;
  let hidden = remembered(HIDDEN_KEY);
  let textHidden = remembered(TEXT_HIDDEN_KEY);
  /** A line written before this browser was a person: sent once the socket knows who it is. */
  /** @type {import('../shared/protocol.js').ClientMessage | null} */
  let pending = null;
  /** The number of the last line this reader has had in sight. */
  let readUpTo = 0;
  /** Whether the log is on the screen, unfolded, in a tab in view. */
  let inSight = false;

  const title = h('h2', { id: 'chat-title' });
  const toggleText = h('span', {});
  const badge = () => h('span', { class: 'chat-badge', hidden: '' });
  const toggleBadge = badge();
  const toggle = h('button', { type: 'button', id: 'chat-toggle', 'aria-controls': 'chat-body' }, toggleText, toggleBadge);
  // Fixed to the foot of a narrow screen while the chat is out of sight
  // (style.css shows it on narrow screens only).
  const jumpText = h('span', {});
  const jumpBadge = badge();
  const jump = h('button', { type: 'button', id: 'chat-jump', class: 'chat-jump', 'aria-controls': 'chat', hidden: '' }, jumpText, jumpBadge);
  // The list sits inside the log region: a log's role would hide the list's.
  const list = h('ol', { class: 'chat-lines' });
  const log = h('div', { id: 'chat-log', class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'chat-title', tabindex: '0' }, list);
  const presetBox = h('div', { class: 'chat-presets', role: 'group', id: 'chat-presets' });
  const input = /** @type {HTMLInputElement} */ (h('input', { id: 'chat-input', type: 'text', maxlength: String(MAX_TEXT * 2), autocomplete: 'off', 'aria-describedby': 'chat-count' }));
  const inputLabel = h('label', { for: 'chat-input' });
  const count = h('span', { id: 'chat-count', class: 'chat-count' });
  const sendButton = h('button', { type: 'submit', id: 'chat-send' });
  const form = h('form', { id: 'chat-form', class: 'chat-form' }, inputLabel, h('div', { class: 'chat-input-row' }, input, sendButton), count);
  const off = h('p', { id: 'chat-off', class: 'chat-note' });
  const textBox = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'chat-text-hidden' }));
  const textLabel = h('label', { for: 'chat-text-hidden' });
  const freeBox = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'chat-free' }));
  const freeLabel = h('label', { for: 'chat-free' });
  const freeRow = h('div', { class: 'chat-option', id: 'chat-free-row' }, freeBox, freeLabel);
  const body = h('div', { id: 'chat-body', class: 'chat-body' },
    log, presetBox, form, off,
    h('div', { class: 'chat-option' }, textBox, textLabel),
    freeRow);
  el.replaceChildren(h('div', { class: 'chat-head' }, title, toggle), body);
  el.after(jump);

  jump.onclick = () => {
    if (hidden) {
      hidden = false;
      remember(HIDDEN_KEY, hidden);
      render();
    }
    log.scrollTop = log.scrollHeight;
    el.scrollIntoView({ block: 'end' });
  };
  // What is in sight: the log on the screen, in a tab the reader looks at.
  let logOnScreen = false;
  const sight = () => {
    inSight = logOnScreen && !hidden && shown && document.visibilityState === 'visible';
    if (inSight) markRead();
    renderUnread();
  };
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver((entries) => {
      for (const e of entries) logOnScreen = e.isIntersecting && e.intersectionRatio >= READ_RATIO;
      sight();
    }, { threshold: [0, READ_RATIO, 1] }).observe(log);
  } else {
    logOnScreen = true;
  }
  document.addEventListener('visibilitychange', sight);

  toggle.onclick = () => {
    hidden = !hidden;
    remember(HIDDEN_KEY, hidden);
    render();
    if (!hidden) log.scrollTop = log.scrollHeight;
    sight();
  };
  textBox.onchange = () => {
    textHidden = textBox.checked;
    remember(TEXT_HIDDEN_KEY, textHidden);
    renderLog();
  };
  freeBox.onchange = () => {
    if (!hooks.send({ type: 'chat_settings', free_text: freeBox.checked })) {
      freeBox.checked = settings.free_text;
      hooks.showError('network');
    }
  };
  input.oninput = () => renderCount();
  form.onsubmit = (/** @type {Event} */ e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text || length(text) > MAX_TEXT) return;
    write({ type: 'chat', text }).then((sent) => { if (sent) input.value = ''; renderCount(); });
  };

  /**
   * Sends a line; a visitor who is not yet a person becomes one first, and
   * the line goes once the socket is open again as them.
   * @param {import('../shared/protocol.js').ClientMessage} msg
   */
  async function write(msg) {
    if (!hooks.me()) {
      pending = msg;
      if (!(await hooks.becomePerson())) { pending = null; return false; }
      return true;
    }
    if (!hooks.send(msg)) { hooks.showError('network'); return false; }
    return true;
  }

  /** The lines shown to this reader (typed ones may be hidden). */
  const visible = () => lines.filter((m) => !(textHidden && m.text !== undefined));

  /** Lines by others that came after the last one read. */
  function unread() {
    const me = hooks.me();
    return visible().filter((m) => m.number > readUpTo && m.person !== me).length;
  }

  /** Everything shown is read: remembered for this tab. */
  function markRead() {
    const last = lines.length ? lines[lines.length - 1].number : 0;
    if (last <= readUpTo) return;
    readUpTo = last;
    const game = hooks.game();
    try { if (game) sessionStorage.setItem(READ_KEY + game, String(readUpTo)); } catch { /* storage blocked: for this page only */ }
  }

  /** The unread count beside the fold button and on the jump button. */
  function renderUnread() {
    const n = shown ? unread() : 0;
    // The number is seen; a screen reader hears it in words, as part of
    // the button's name.
    for (const b of [toggleBadge, jumpBadge]) {
      b.hidden = n === 0;
      b.replaceChildren(...(n ? [h('span', { 'aria-hidden': 'true' }, String(n)), h('span', { class: 'visually-hidden' }, ` (${t('chat.unread', { n })})`)] : []));
    }
    jump.title = t('chat.open');
    jump.hidden = !shown || inSight;
  }

  function renderCount() {
    const n = length(input.value);
    count.textContent = t('chat.count', { n, max: MAX_TEXT });
    count.classList.toggle('over', n > MAX_TEXT);
    sendButton.toggleAttribute('disabled', n === 0 || n > MAX_TEXT);
  }

  /** @param {import('../shared/protocol.js').ChatMessage} m */
  function author(m) {
    if (m.player !== undefined && m.player !== null) return m.name || hooks.nameOf(m.player);
    // A watcher's name is marked as a watcher's: anyone may choose any
    // name, and a watcher who chose a player's must not pass for them.
    return m.name ? t('chat.watcher_named', { name: m.name }) : t('chat.watcher');
  }

  /** @param {import('../shared/protocol.js').ChatMessage} m */
  function lineItem(m) {
    const said = m.preset ? t(`chat.preset.${m.preset}`) : (m.text ?? '');
    const who = h('span', { class: 'chat-author' });
    who.textContent = author(m);
    const what = h('span', { class: 'chat-said' });
    what.textContent = said;
    const li = h('li', { class: m.preset ? 'chat-line preset' : 'chat-line text', 'data-room': m.room, 'data-number': String(m.number) }, who, ': ', what);
    // Anyone may report another's line to the site's moderators.
    const game = hooks.game();
    if (game && m.person !== hooks.me()) {
      const report = h('button', { type: 'button', class: 'chat-report', 'aria-label': t('report.line_label', { name: author(m) }) }, t('report.line'));
      report.addEventListener('click', () => openReport({ kind: 'chat_line', game, line: m.number }, `${author(m)}: ${said}`, report));
      li.append(report);
    }
    if (over && m.room === 'watchers' && player) li.append(' ', h('span', { class: 'chat-room' }, t('chat.from_watchers')));
    if (over && m.room === 'players' && !player) li.append(' ', h('span', { class: 'chat-room' }, t('chat.from_players')));
    return li;
  }

  function renderLog() {
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    list.replaceChildren(...visible().map(lineItem));
    if (atEnd) log.scrollTop = log.scrollHeight;
    if (inSight) markRead();
    renderUnread();
  }

  function render() {
    el.hidden = !shown;
    if (!shown) {
      renderUnread();
      return;
    }
    title.textContent = t(player ? 'chat.title_players' : 'chat.title_watchers');
    toggleText.textContent = t(hidden ? 'chat.show' : 'chat.hide');
    jumpText.textContent = t('chat.jump');
    toggle.setAttribute('aria-expanded', String(!hidden));
    body.hidden = hidden;
    presetBox.setAttribute('aria-label', t('chat.presets'));
    presetBox.replaceChildren(...PRESETS.map((p) => {
      const b = h('button', { type: 'button', class: 'chat-preset', 'data-preset': p });
      b.textContent = t(`chat.preset.${p}`);
      b.onclick = () => { write({ type: 'chat', preset: p }); };
      return b;
    }));
    inputLabel.textContent = t('chat.message');
    sendButton.textContent = t('chat.send');
    form.hidden = !settings.free_text;
    off.hidden = settings.free_text;
    off.textContent = t('chat.free_text_off');
    textBox.checked = textHidden;
    textLabel.textContent = t('chat.hide_text');
    const me = hooks.me();
    freeRow.hidden = !me || settings.creator !== me;
    freeBox.checked = settings.free_text;
    freeLabel.textContent = t('chat.allow_free_text');
    renderCount();
    renderLog();
  }

  return {
    /**
     * A message of the game's socket; `true` if it was the chat's.
     * @param {import('../shared/protocol.js').ServerMessage} msg
     */
    onMessage(msg) {
      if (msg.type === 'chat') {
        // A reconnection sends the last lines again.
        if (lines.some((m) => m.number === msg.number)) return true;
        lines.push(msg);
        lines.sort((a, b) => a.number - b.number);
        if (lines.length > SHOWN) lines = lines.slice(-SHOWN);
        renderLog();
        return true;
      }
      if (msg.type === 'chat_removed') {
        // Their author was forgotten at their request: the lines go from the log.
        const gone = new Set(msg.numbers);
        lines = lines.filter((m) => !gone.has(m.number));
        renderLog();
        return true;
      }
      if (msg.type === 'chat_settings') {
        settings = { free_text: msg.free_text, creator: msg.creator };
        render();
        // The socket (re)opened as the person this browser now is.
        if (pending && hooks.me()) {
          const m = pending;
          pending = null;
          hooks.send(m);
        }
        return true;
      }
      // A refused switch leaves the box as the settings are; the page words the refusal.
      if (msg.type === 'error' && msg.code === 'not_creator') freeBox.checked = settings.free_text;
      return false;
    },

    /**
     * The game changed: the panel shows in games between people and to
     * everyone watching.
     * @param {boolean} show
     * @param {boolean} isPlayer
     * @param {boolean} matchOver
     */
    update(show, isPlayer, matchOver) {
      const was = shown;
      shown = show;
      player = isPlayer;
      over = matchOver;
      render();
      if (was !== show) sight();
    },

    /** Another game opened: its chat starts empty, read as far as this tab read it. */
    reset() {
      lines = [];
      settings = { free_text: true, creator: null };
      pending = null;
      const game = hooks.game();
      try { readUpTo = Number((game && sessionStorage.getItem(READ_KEY + game)) || 0) || 0; } catch { readUpTo = 0; }
      render();
    },

    /** The language changed. */
    relabel() { render(); },
  };
}
