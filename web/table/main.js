// @ts-check
// A table's protocol on a player's phone (table.html#LINK; docs/
// competitions.md "At the tables"): opened from the QR code on the table's
// card, no account needed. The players record each set as it ends (who
// won it or that it was drawn, who broke, and, if they like, a first-turn
// clear and penalty discs), take back the last set until the result
// stands, and confirm the final score once the format ends the match; the
// result stands when both have confirmed, or a referee has.
//
// A lost connection loses nothing: each step is kept on the phone
// (localStorage, by the link) until the server has taken it, sent in order
// when the connection is back, and made once however often it is sent
// (each carries its own id). The page follows the competition's live
// stream, so the other phone's sets appear here as they are recorded.
// The organiser or an arbiter, signed in, may record as the referee; their
// steps go through the competition's changes, as the desk's do.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { el } from '../shared/pages.js';
import { refusalText } from '../competitions/text.js';
import { outcomeText } from '../competition/view.js';
import { tt } from './text.js';
import { breaker, entryId, phoneId, shown } from './sheet.js';
import { place, placeKey, samePlace } from '../competition/places.js';

/** @typedef {import('../shared/protocol.js').TableView} TableView */
/** @typedef {import('../shared/protocol.js').TableProtocol} TableProtocol */
/** @typedef {import('../shared/protocol.js').SetRecord} SetRecord */
/** @typedef {import('../shared/protocol.js').TableStepKind} TableStepKind */
/** @typedef {import('./sheet.js').Pending} Pending */
/** @typedef {'first' | 'second'} Side */
/** @typedef {Side | 'referee'} Recorder */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const link = decodeURIComponent(location.hash.slice(1));
const KEY = `novuss.table.v1.${link}`;
// How long after a failed send the phone tries again (and at once when the
// browser says it is back online).
const RETRY_MS = 3_000;

/**
 * What the phone keeps for this link: its id prefix, how many steps it has
 * made, who records on it, the steps the server has not taken yet, and the
 * table as last seen (so that a phone that opens offline still shows it).
 * @typedef {{phone: string, made: number, by: Recorder | null, pending: Pending[], view: TableView | null}} Kept
 */

/** @returns {Kept} */
function readKept() {
  try {
    const k = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (k && typeof k.phone === 'string' && Array.isArray(k.pending)) return k;
  } catch { /* nothing kept, or storage blocked */ }
  return { phone: phoneId(), made: 0, by: null, pending: [], view: null };
}

const kept = readKept();
function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch { /* storage blocked: kept for this page's life only */ }
}

const state = {
  /** @type {TableView | null} */ view: kept.view,
  /** @type {string | null} */ failed: null,
  /** Whether the visitor may record as the referee (the organiser or an arbiter). */ referee: false,
  /** Whether the last send reached the server. */ online: true,
  /** Whether a send is under way. */ sending: false,
  /** @type {string | null} */ refused: null,
  /** The set being recorded: its winner (undefined: not chosen), who broke, a clear, penalty discs. */
  draft: /** @type {{winner: Side | null | undefined, broke: Side | null, cleared: boolean, discs: [number, number], more: boolean}} */ ({ winner: undefined, broke: null, cleared: false, discs: [0, 0], more: false }),
  /** Whether the player is choosing who records (again). */ choosing: false,
};

/** A side's name; a person who deleted their account has none left. @param {TableView} v @param {Side} s */
const nameOf = (v, s) => (v[s].forgotten ? tt('table.forgotten') : v[s].name);

/** The protocol shown: the server's with this phone's waiting steps over it. @param {TableView} v */
function protocolOf(v) {
  return shown(v.protocol, v, v.format, kept.pending);
}

/** A new step by whoever records here, kept, then sent. @param {TableStepKind} step */
function take(step) {
  if (!kept.by) return;
  kept.made += 1;
  kept.pending.push({ by: kept.by, entry: entryId(kept.phone, kept.made), step });
  save();
  state.refused = null;
  render();
  flush();
}

/** The answer to a request: its status and body (null: no connection). */
async function request(/** @type {string} */ path, /** @type {RequestInit} */ init = {}) {
  try {
    const res = await fetch(path, init);
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

/** Reads the table again: `false` when the connection failed. */
async function reload() {
  const got = await request(`/api/tables/${encodeURIComponent(link)}`);
  if (!got) {
    state.online = false;
    render();
    return false;
  }
  state.online = true;
  if (got.status === 200) {
    state.view = /** @type {TableView} */ (got.body);
    state.failed = null;
    kept.view = state.view;
    save();
  } else if (!state.view || got.status === 404) {
    state.failed = refusalText(got.body ?? { code: 'unknown' });
    state.view = null;
  }
  render();
  return true;
}

/** Sends the waiting steps in order, until none is left or the connection fails. */
async function flush() {
  if (state.sending) return;
  state.sending = true;
  try {
    while (kept.pending.length && state.view) {
      const step = kept.pending[0];
      const v = state.view;
      const got = step.by === 'referee'
        ? await request(`/api/competitions/${encodeURIComponent(v.competition)}/changes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ change: 'at_table', ...place(v), entry: step.entry, step: step.step }),
        })
        : await request(`/api/tables/${encodeURIComponent(link)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(step),
        });
      // No connection, the server busy or failing, or this table too fast:
      // the step stays, and is sent again later.
      if (!got || got.status >= 500 || got.status === 429) {
        state.online = !!got;
        render();
        setTimeout(flush, RETRY_MS);
        return;
      }
      state.online = true;
      kept.pending.shift();
      // A repeat of a step the server took already (its answer was lost
      // on the way) is no refusal: the table is read again as it stands.
      const seen = got.body?.refusal?.code === 'step_seen';
      if (seen) await reload();
      else if (got.status === 200) {
        if (step.by === 'referee') await reload();
        else {
          state.view = /** @type {TableView} */ (got.body);
          kept.view = state.view;
        }
      } else {
        // Refused (the other phone recorded the set otherwise, the round
        // is over, …): said, and the table read again as it stands.
        state.refused = tt('table.refused', { why: refusalText(got.body ?? { code: 'unknown' }, v.format) });
        await reload();
      }
      save();
      render();
    }
  } finally {
    state.sending = false;
  }
}

/** The heading: where this table is, and who plays (on a team match's board, which teams and which board). @param {TableView} v */
function where(v) {
  const at = v.table === null
    ? tt('table.where_waiting', { name: v.name, round: v.round, board: v.board })
    : tt('table.where', { name: v.name, round: v.round, table: v.table });
  $('where').textContent = v.team_match && v.first.team && v.second.team
    ? `${at} · ${tt('table.team_board', { first: v.first.team, second: v.second.team, board: v.board })}`
    : at;
  document.title = tt('table.title', { table: v.table ?? v.board, name: v.name });
}

/** The two sides and the sets each has won. @param {TableView} v @param {TableProtocol} p */
function scoreboard(v, p) {
  const side = (/** @type {Side} */ s) => el('div', { class: `table-side ${s}`, 'data-side': s },
    el('span', { class: 'table-name' }, nameOf(v, s)),
    v[s].team || v[s].club ? el('span', { class: 'table-club muted' }, v[s].team ?? v[s].club) : null);
  $('scoreboard').replaceChildren(
    side('first'),
    el('div', { class: 'table-score', 'aria-label': tt('table.score_label') },
      el('span', { id: 'score-first' }, String(p.score[0])), ':', el('span', { id: 'score-second' }, String(p.score[1]))),
    side('second'));
}

/** Who records on this phone: chosen once, changeable. @param {TableView} v */
function who(v) {
  const box = $('who');
  const choosing = !kept.by || state.choosing;
  box.hidden = !v.open;
  if (!v.open) return;
  if (!choosing) {
    const by = /** @type {Recorder} */ (kept.by);
    box.replaceChildren(el('p', { class: 'table-recording' },
      by === 'referee' ? tt('table.recording_as_referee') : tt('table.recording_as', { name: nameOf(v, by) }), ' ',
      el('button', { type: 'button', class: 'link-button', id: 'change-who', onclick: () => { state.choosing = true; render(); } }, tt('table.change_who'))));
    return;
  }
  const choose = (/** @type {Recorder} */ by, /** @type {string} */ label) => el('button', {
    type: 'button', class: 'button big', 'data-who': by,
    onclick: () => { kept.by = by; state.choosing = false; save(); render(); },
  }, label);
  box.replaceChildren(
    el('h2', {}, tt('table.who')),
    el('div', { class: 'table-choices' },
      choose('first', nameOf(v, 'first')), choose('second', nameOf(v, 'second')),
      state.referee ? choose('referee', tt('table.as_referee')) : null),
    el('p', { class: 'muted small' }, tt('table.who_hint')));
}

/** A choice of one of a few, as buttons that say which is chosen. */
function choices(/** @type {string} */ name, /** @type {{value: string, label: string}[]} */ options, /** @type {string | undefined} */ chosen, /** @type {(v: string) => void} */ pick) {
  return el('div', { class: 'table-choices', role: 'group', 'data-choice': name },
    options.map((o) => el('button', {
      type: 'button', class: `button big${o.value === chosen ? ' chosen' : ''}`, 'aria-pressed': String(o.value === chosen),
      'data-value': o.value, onclick: () => pick(o.value),
    }, o.label)));
}

/** The next set's form, while the match goes on. @param {TableView} v @param {TableProtocol} p */
function recordForm(v, p) {
  const box = $('record');
  box.hidden = !v.open || !kept.by || state.choosing || !!p.over || p.stands;
  if (box.hidden) return;
  const n = p.sets.length + 1;
  const d = state.draft;
  const broke = d.broke ?? breaker(n, v.breaks);
  const winner = d.winner === undefined ? undefined : d.winner ?? 'drawn';
  const counter = (/** @type {0 | 1} */ k, /** @type {Side} */ s) => el('div', { class: 'table-counter', 'data-discs': s },
    el('span', {}, tt('table.penalty_discs', { name: nameOf(v, s) })),
    el('button', { type: 'button', class: 'button', 'aria-label': tt('table.fewer'), onclick: () => { d.discs[k] = Math.max(0, d.discs[k] - 1); render(); } }, '−'),
    el('output', {}, String(d.discs[k])),
    el('button', { type: 'button', class: 'button', 'aria-label': tt('table.more_discs'), onclick: () => { d.discs[k] = Math.min(8, d.discs[k] + 1); render(); } }, '+'));
  const canClear = d.winner === 'first' || d.winner === 'second';
  box.replaceChildren(
    el('h2', {}, tt('table.set_heading', { n })),
    el('p', { class: 'muted' }, tt('table.next_breaks', { n, name: nameOf(v, broke) })),
    el('h3', {}, tt('table.won_by', { n })),
    choices('winner', [
      { value: 'first', label: nameOf(v, 'first') },
      { value: 'drawn', label: tt('table.drawn') },
      { value: 'second', label: nameOf(v, 'second') },
    ], winner, (w) => { d.winner = w === 'drawn' ? null : /** @type {Side} */ (w); if (!canClear) d.cleared = false; render(); }),
    el('h3', {}, tt('table.broke')),
    choices('broke', [
      { value: 'first', label: nameOf(v, 'first') },
      { value: 'second', label: nameOf(v, 'second') },
    ], broke, (b) => { d.broke = /** @type {Side} */ (b); render(); }),
    // Open as the player left it: the page is drawn again whenever the
    // table or the competition changes.
    el('details', { class: 'table-more', open: d.more, ontoggle: (/** @type {Event} */ e) => { d.more = /** @type {HTMLDetailsElement} */ (e.target).open; } },
      el('summary', {}, tt('table.more')),
      el('p', { class: 'muted small' }, tt('table.drawn_hint')),
      canClear
        ? el('label', { class: 'table-check' },
          el('input', { type: 'checkbox', id: 'cleared', checked: d.cleared, onchange: (/** @type {Event} */ e) => { d.cleared = /** @type {HTMLInputElement} */ (e.target).checked; } }),
          ' ', tt('table.cleared', { name: nameOf(v, /** @type {Side} */ (d.winner)) }))
        : null,
      counter(0, 'first'), counter(1, 'second')),
    el('button', {
      type: 'button', id: 'record-set', class: 'button primary big',
      onclick: () => {
        if (d.winner === undefined) {
          state.refused = tt('table.choose_winner');
          render();
          return;
        }
        /** @type {SetRecord} */
        const record = { winner: d.winner, broke, cleared: d.cleared && d.winner ? d.winner : null, penalty_discs: [d.discs[0], d.discs[1]] };
        state.draft = { winner: undefined, broke: null, cleared: false, discs: [0, 0], more: false };
        take({ kind: 'set', set: n, record });
      },
    }, tt('table.record', { n })));
}

/** The end of the match: the score, and the confirmations. @param {TableView} v @param {TableProtocol} p */
function confirmBox(v, p) {
  const box = $('confirm');
  box.hidden = !p.over || (!v.open && !p.stands);
  if (box.hidden) return;
  const [a, b] = p.score;
  const over = p.over === 'drawn'
    ? tt('table.over_drawn', { first: a, second: b })
    : tt('table.over_first', { name: nameOf(v, /** @type {Side} */ (p.over)), first: Math.max(a, b), second: Math.min(a, b) });
  /** @type {HTMLElement[]} */
  const kids = [el('p', { class: 'table-over', id: 'over' }, over)];
  if (p.stands) {
    kids.push(el('p', { class: 'notice ok', id: 'stands' }, tt('table.stands', { first: nameOf(v, 'first'), score: `${a}:${b}`, second: nameOf(v, 'second') })));
  } else {
    const names = p.confirmed.map((r) => (r === 'referee' ? tt('table.as_referee') : nameOf(v, r)));
    if (names.length) kids.push(el('p', { id: 'confirmed' }, tt('table.confirmed_by', { names: names.join(', ') })));
    const mine = kept.by && p.confirmed.includes(kept.by);
    if (mine) {
      kids.push(el('p', { class: 'muted' }, tt('table.you_confirmed')));
      const other = kept.by === 'first' ? 'second' : kept.by === 'second' ? 'first' : null;
      if (other && !p.confirmed.includes(other)) kids.push(el('p', { class: 'muted', id: 'waiting' }, tt('table.waiting_for', { name: nameOf(v, other) })));
    } else if (kept.by && !state.choosing) {
      kids.push(el('button', { type: 'button', id: 'confirm-score', class: 'button primary big', onclick: () => take({ kind: 'confirm' }) },
        tt('table.confirm', { first: a, second: b })));
      kids.push(el('p', { class: 'muted small' }, tt('table.confirm_hint')));
    }
  }
  box.replaceChildren(...kids);
}

/**
 * The referee's conduct penalty on this table's match (`000` 1.28: a
 * warning, then a set or the match forfeited), recorded with its clause
 * through the competition's changes, as the desk records one; the
 * referee's only.
 * @param {TableView} v
 */
function penaltyForm(v) {
  const box = $('penalty');
  box.hidden = !v.open || kept.by !== 'referee' || state.choosing;
  const drawn = placeKey(v);
  if (box.hidden || box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  const side = el('select', { id: 'pen-side' },
    el('option', { value: 'first' }, nameOf(v, 'first')), el('option', { value: 'second' }, nameOf(v, 'second')));
  const conduct = el('select', { id: 'pen-conduct' },
    ['warning', 'set_forfeited', 'match_forfeited'].map((k) => el('option', { value: k }, tt(`conduct.${k}`))));
  const clause = el('input', { id: 'pen-clause', type: 'text', maxlength: 100, value: '000 1.28', autocomplete: 'off' });
  const said = el('p', { class: 'notice', role: 'status', hidden: true });
  const send = el('button', {
    type: 'button', class: 'button big', id: 'record-penalty',
    onclick: async () => {
      const got = await request(`/api/competitions/${encodeURIComponent(v.competition)}/changes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          change: 'penalty', ...place(v),
          side: /** @type {HTMLSelectElement} */ (side).value,
          conduct: /** @type {HTMLSelectElement} */ (conduct).value,
          clause: /** @type {HTMLInputElement} */ (clause).value,
        }),
      });
      said.hidden = false;
      said.className = got?.status === 200 ? 'notice ok' : 'notice bad';
      said.textContent = got?.status === 200 ? tt('table.penalty_recorded') : refusalText(got?.body ?? { code: 'network' });
    },
  }, tt('conduct.record'));
  box.replaceChildren(el('details', {},
    el('summary', {}, tt('conduct.heading')),
    el('p', { class: 'muted small' }, tt('conduct.hint')),
    el('label', { class: 'table-field' }, tt('conduct.player'), side),
    el('label', { class: 'table-field' }, tt('conduct.what'), conduct),
    el('label', { class: 'table-field' }, tt('conduct.clause'), clause),
    send, said));
}

/** The sets so far, the last one with its undo. @param {TableView} v @param {TableProtocol} p */
function setList(v, p) {
  const n = p.sets.length;
  const line = (/** @type {SetRecord} */ s, /** @type {number} */ k) => {
    const parts = [s.winner ? tt('table.set_line', { n: k + 1, winner: nameOf(v, s.winner) }) : tt('table.set_line_drawn', { n: k + 1 })];
    const extra = [tt('table.set_broke', { name: nameOf(v, s.broke) })];
    if (s.cleared) extra.push(tt('table.set_cleared'));
    const discs = s.penalty_discs ?? [0, 0];
    if (discs[0] || discs[1]) extra.push(tt('table.set_penalties', { first: discs[0], second: discs[1] }));
    return el('li', { 'data-set': k + 1, 'data-winner': s.winner ?? 'drawn' }, el('span', {}, parts[0]), el('span', { class: 'muted small' }, ` · ${extra.join(' · ')}`));
  };
  const canUndo = v.open && !!kept.by && !state.choosing && n > 0 && !p.stands;
  $('sets').replaceChildren(
    el('h2', {}, tt('table.sets_heading')),
    n ? el('ol', { class: 'table-sets', id: 'set-list' }, p.sets.map(line)) : el('p', { class: 'muted' }, tt('table.no_sets')),
    ...(canUndo ? [el('button', { type: 'button', id: 'undo', class: 'button', onclick: () => take({ kind: 'undo', set: n }) }, tt('table.undo', { n }))] : []));
}

/** The table's state in a line, and the connection's. @param {TableView} v */
function status(v) {
  /** @type {string | null} */
  let line = null;
  if (!v.open && v.outcome && !v.protocol?.stands) line = tt('table.entered', { result: outcomeText(v.outcome) });
  else if (!v.open && !v.outcome) line = tt('table.closed');
  $('status').hidden = !line;
  $('status').textContent = line ?? '';
  $('refused').hidden = !state.refused;
  $('refused').textContent = state.refused ?? '';
  const waiting = kept.pending.length;
  const conn = $('connection');
  conn.dataset.online = String(state.online);
  conn.dataset.waiting = String(waiting);
  conn.textContent = !state.online ? tt('table.offline', { n: waiting }) : waiting ? tt('table.sending') : tt('table.online');
}

function render() {
  const v = state.view;
  $('loading').hidden = !!v || !!state.failed;
  $('failed').hidden = !state.failed || !!v;
  $('failed').textContent = state.failed ?? '';
  $('sheet').hidden = !v;
  if (!v) return;
  const p = protocolOf(v);
  where(v);
  scoreboard(v, p);
  who(v);
  recordForm(v, p);
  confirmBox(v, p);
  setList(v, p);
  penaltyForm(v);
  status(v);
  document.body.dataset.ready = 'true';
  document.body.dataset.sets = String(p.sets.length);
  document.body.dataset.stands = String(p.stands || !!v.outcome);
}

/**
 * A step at a table (the `table` event) as the change right after the one
 * this phone has: this table's protocol taken as it comes, another
 * table's counted; `false` when it is not the next change (one was
 * missed: the table is read again).
 * @param {{changes: number, protocol: TableProtocol}} t
 */
function stepped(t) {
  const v = state.view;
  if (!v || t.changes !== v.changes + 1) return false;
  // A step that leaves the result open changes nothing but its protocol.
  state.view = samePlace(t.protocol, v) ? { ...v, protocol: t.protocol, changes: t.changes } : { ...v, changes: t.changes };
  kept.view = state.view;
  save();
  render();
  return true;
}

/** Follows the competition: each change read again as this table stands, a table's step taken as it comes. @param {string} competition */
function follow(competition) {
  const source = new EventSource(`/api/competitions/${encodeURIComponent(competition)}/live`);
  const changed = (/** @type {Event} */ e) => {
    let body = null;
    try {
      body = JSON.parse(/** @type {MessageEvent} */ (e).data);
    } catch { /* read it again anyway */ }
    const changes = Number(body?.changes) || 0;
    if (state.view && changes <= state.view.changes) return;
    if (e.type === 'table' && body?.protocol && stepped(body)) {
      flush();
      return;
    }
    reload().then(flush);
  };
  for (const kind of ['competition', 'result', 'table']) source.addEventListener(kind, changed);
  source.addEventListener('open', () => { state.online = true; render(); flush(); });
  source.addEventListener('error', () => { state.online = false; render(); });
}

/** Whether the visitor may record as the referee. @param {string} competition */
async function mayReferee(competition) {
  const got = await request(`/api/competitions/${encodeURIComponent(competition)}`);
  state.referee = !!got && got.status === 200 && got.body?.may_change === true;
  if (!state.referee && kept.by === 'referee') kept.by = null;
  render();
}

async function start() {
  if (!link) {
    state.failed = tt('table.no_link');
    render();
    return;
  }
  render();
  await reload();
  const v = state.view;
  if (!v) return;
  follow(v.competition);
  await mayReferee(v.competition);
  flush();
}

window.addEventListener('online', () => { reload().then(flush); });
// Another table's link opened in this tab (a new card scanned): the page
// is that table's from the start.
window.addEventListener('hashchange', () => location.reload());
mountHeader(null);
const words = () => {
  fillTexts(document, tt);
  if (!state.view) document.title = tt('table.title_loading');
  render();
};
words();
onLanguage(words);
start();
