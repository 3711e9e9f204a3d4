// @ts-check
// The replay viewer: a stored game stroke by stroke (GET
// /api/games/{id}/replay). The table shows the position after the strokes
// shown so far; stepping forward plays the next stroke's stored motion,
// exactly as the players saw it, stepping back shows the position before
// at once. The address follows the stroke shown (#game=ID&stroke=N), so it
// is a link to that moment of the game. Analysis (analysis.js) asks the
// computer about any position and plays its strokes out on a copy.

import { t, reasonText } from '../shared/text.js';
import { TableView } from '../shared/table.js';
import { frameAt, play } from '../shared/motion.js';
import * as panel from '../shared/panel.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage, when, whoName, playersLine, refusal, el, icon } from '../shared/pages.js';
import { Analysis } from './analysis.js';
import { errorCode } from '../shared/net.js';
import { byId as $ } from '../shared/dom.js';

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Verdict} Verdict */
/** @typedef {import('../shared/protocol.js').PlayedStroke} PlayedStroke */
/** @typedef {import('../shared/protocol.js').ReplayStroke} ReplayStroke */
/** @typedef {import('../shared/protocol.js').Replay} Replay */

/**
 * A stroke playing: the picture before it, the stroke, where everything is
 * at the animation's clock `time`, and its player (motion.js `play`).
 * @typedef {{before: State, msg: PlayedStroke, frame: ReturnType<typeof frameAt>, time: number, player: ReturnType<typeof play> | null}} ReplayAnimation
 */
// Seconds (at ×1) the striker and the drawn-back cue are shown before a
// stroke moves, and the pause between strokes while playing.
const LEAD = 0.45;
const PAUSE = 0.9;
const RATE_KEY = 'novuss.replay.rate';
const RATES = [1, 2, 4];

const app = {
  /** @type {string | null} */
  id: null,
  /** @type {Replay | null} */
  replay: null,
  pos: 0, // strokes shown so far: 0 (the opening) … the number of strokes
  /** @type {ReplayAnimation | null} while a stroke plays */
  anim: null,
  playing: false,
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  timer: undefined,
  rate: readRate(),
  /** @type {string | null} */
  loadError: null,
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  announceTimer: undefined,
  /** @type {HTMLElement[]} the stroke list's items */
  listItems: [],
};

function readRate() {
  try {
    const r = Number(localStorage.getItem(RATE_KEY));
    return RATES.includes(r) ? r : 1;
  } catch {
    return 1;
  }
}

const canvas = $('board', HTMLCanvasElement);
const view = new TableView(canvas);

// ---- The game's positions ------------------------------------------------

const strokes = () => app.replay?.strokes ?? [];
const total = () => strokes().length;

/** The replay shown (the functions that read it run once it is loaded). */
function loaded() {
  if (!app.replay) throw new Error('no replay loaded');
  return app.replay;
}

/** @param {number} setNumber */
function setStart(setNumber) {
  return loaded().sets?.find((s) => s.set_number === setNumber)?.start ?? null;
}

/**
 * The position after the first `n` strokes (0: the first set's start).
 * @param {number} n
 * @returns {State}
 */
function stateAt(n) {
  if (n <= 0) return loaded().sets?.[0]?.start ?? loaded().state;
  return strokes()[n - 1].state;
}

/**
 * The picture before stroke `k` (from 1): the stroke before it, or its set's start.
 * @param {number} k
 * @returns {State}
 */
function stateBefore(k) {
  const s = strokes()[k - 1];
  const prev = strokes()[k - 2];
  if (!prev || prev.set_number !== s.set_number) return setStart(s.set_number) ?? (prev ? prev.state : stateAt(0));
  return prev.state;
}

/**
 * A state with the players named in the page's language (computers by level).
 * @param {State} st
 * @returns {State}
 */
function localState(st) {
  if (!st) return st;
  return { ...st, players: (st.players ?? []).map((p, i) => ({ ...p, name: whoName(p, i) })) };
}
/**
 * A stroke with its players named in the page's language.
 * @template {{state: State}} M
 * @param {M} s
 * @returns {M}
 */
export function localMsg(s) {
  return { ...s, state: localState(s.state) };
}

/**
 * A stroke's decisive reason in one sentence (from the typed reasons).
 * @param {Verdict | null | undefined} v
 */
export function keyReason(v) {
  const rs = v?.reasons ?? [];
  const r = rs.find((x) => x.reason === 'foul')
    ?? rs.find((x) => ['won', 'replayed', 'both_last_discs'].includes(x.reason))
    ?? rs.find((x) => x.reason === 'series_continues' || x.reason === 'turn_passes')
    ?? rs[0];
  return r ? reasonText(r) : '';
}

// ---- Drawing ---------------------------------------------------------------

/** @param {State | null} st */
function viewSeat(st) {
  return st?.players?.find((p) => p.kind === 'human')?.seat ?? st?.players?.[0]?.seat ?? 'south';
}

/** @returns {import('../shared/table.js').Scene} */
function scene() {
  if (app.anim) {
    const { before, msg, frame, time } = app.anim;
    /** @type {import('../shared/table.js').Scene} */
    const s = { discs: [], moverSide: null };
    s.discs = before.set.discs.map((d) => (frame.discs.has(d.id) ? { ...d, at: frame.discs.get(d.id) ?? null, dark: false } : { ...d, dark: false }));
    const side = msg.verdict?.side ?? before.turn?.side ?? 0;
    s.striker = frame.striker ? { at: frame.striker, side } : null;
    if (time < 0 && msg.stroke) {
      const drawn = Math.min(1, (LEAD + time) / (LEAD * 0.7));
      s.cue = { dir: msg.stroke.direction, pull: Math.min(1, msg.stroke.speed / (before.max_speed || 8)) * drawn };
      s.striker = { at: msg.stroke.striker, side };
    }
    return s;
  }
  if (analysis.showing) return analysis.scene();
  const st = stateAt(app.pos);
  return { discs: st.set.discs, moverSide: st.turn?.side ?? null };
}

function shownState() {
  if (app.anim) return app.anim.before;
  if (analysis.showing) return analysis.state;
  return stateAt(app.pos);
}

let frameQueued = false;
function render() {
  if (frameQueued || !app.replay) return;
  frameQueued = true;
  requestAnimationFrame(() => {
    frameQueued = false;
    const st = shownState();
    if (!st) return;
    view.setGeometry(st.table);
    view.setView(viewSeat(st));
    view.draw(scene());
  });
}

function layout() {
  const wrap = $('board-wrap');
  const stage = $('stage');
  const stacked = window.matchMedia('(max-width: 900px)').matches;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const keys = stage.querySelector('.keys');
  const below = $('transport').offsetHeight + $('extras').offsetHeight + (keys instanceof HTMLElement ? keys.offsetHeight : 0) + 34;
  const byHeight = window.innerHeight - top - below;
  const size = Math.max(240, Math.floor(Math.min(stage.clientWidth, stacked ? window.innerHeight * 0.62 : byHeight)));
  wrap.style.width = `${size}px`;
  wrap.style.height = `${size}px`;
  view.resize(size);
  render();
}

// ---- Showing a position ------------------------------------------------------

function stopAnim() {
  if (app.anim?.player) app.anim.player.cancel();
  app.anim = null;
}

/**
 * Show the position after `n` strokes at once.
 * @param {number} n
 */
function show(n) {
  stopAnim();
  app.pos = Math.max(0, Math.min(total(), n));
  analysis.positionChanged();
  refresh();
  announce();
}

/**
 * Play stroke `k` (from 1) from the picture before it, then show the position after it.
 * @param {number} k
 * @param {() => void} [then]
 */
function animate(k, then) {
  const s = strokes()[k - 1];
  stopAnim();
  if (!s.motion) { show(k); then?.(); return; }
  app.pos = k;
  analysis.positionChanged();
  runMotion(stateBefore(k), s, () => { refresh(); announce(); then?.(); });
  refresh();
}

/**
 * Play a stroke's motion over the picture `before` (also used by the
 * analysis for the strokes it plays on its copy).
 * @param {State} before
 * @param {PlayedStroke} msg
 * @param {() => void} onDone
 */
function runMotion(before, msg, onDone) {
  stopAnim();
  /** @type {ReplayAnimation} */
  const anim = { before, msg, frame: frameAt(msg.motion, 0), time: 0, player: null };
  app.anim = anim;
  document.body.dataset.animating = 'true';
  anim.player = play(msg.motion, {
    rate: app.rate,
    lead: LEAD,
    onFrame: (time) => {
      if (app.anim !== anim) return;
      anim.time = time;
      anim.frame = frameAt(msg.motion, Math.max(0, time));
      render();
    },
    onDone: () => {
      if (app.anim !== anim) return;
      app.anim = null;
      delete document.body.dataset.animating;
      onDone();
      render();
    },
  });
}

/** Finish the stroke playing now (its end position shows). */
function finishAnim() {
  if (app.anim?.player && !app.anim.player.done) app.anim.player.skip();
}

// ---- Controls ------------------------------------------------------------------

function pause() {
  app.playing = false;
  clearTimeout(app.timer);
  refreshControls();
}

function forward() {
  if (analysis.copyMode) return;
  pause();
  finishAnim();
  if (app.pos < total()) animate(app.pos + 1);
}

function back() {
  if (analysis.copyMode) return;
  pause();
  // While a stroke plays, back stops it and shows the position before it.
  show(app.pos - 1);
}

function first() { if (!analysis.copyMode) { pause(); show(0); } }
function last() { if (!analysis.copyMode) { pause(); show(total()); } }

function playStep() {
  if (!app.playing) return;
  if (app.pos >= total()) { pause(); return; }
  animate(app.pos + 1, () => {
    if (!app.playing) return;
    if (app.pos >= total()) { pause(); return; }
    app.timer = setTimeout(playStep, (PAUSE * 1000) / app.rate);
  });
}

function togglePlay() {
  if (analysis.copyMode || !total()) return;
  if (app.playing) { pause(); return; }
  app.playing = true;
  finishAnim();
  if (app.pos >= total()) show(0);
  refreshControls();
  playStep();
}

/**
 * Go to stroke `n` from the list or a link: the next one animates, others show at once.
 * @param {number} n
 */
function goTo(n) {
  if (analysis.copyMode) return;
  pause();
  finishAnim();
  if (n === app.pos + 1) animate(n);
  else show(n);
}

/** @param {number} r the playback rate */
function setRate(r) {
  app.rate = r;
  try { localStorage.setItem(RATE_KEY, String(r)); } catch { /* remembered for this page only */ }
  if (app.anim?.player) app.anim.player.rate = r;
  for (const input of rateInputs()) input.checked = Number(input.value) === r;
}

/** The playback rate's radio buttons. */
function rateInputs() {
  return [...document.querySelectorAll('input[name=rate]')].filter((i) => i instanceof HTMLInputElement);
}

/** @type {ReturnType<typeof setTimeout> | undefined} when the copy's note goes */
let copyTimer;

async function copyLink() {
  syncHash();
  const url = location.href;
  let ok = false;
  try {
    await navigator.clipboard.writeText(url);
    ok = true;
  } catch {
    // Without the clipboard API (an insecure origin): the old way.
    const area = el('textarea', { class: 'visually-hidden', readonly: true });
    area.value = url;
    document.body.append(area);
    area.select();
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    area.remove();
  }
  const status = $('copy-status');
  status.textContent = pt(ok ? 'ctl.copied' : 'ctl.copy_failed');
  status.dataset.url = url;
  clearTimeout(copyTimer);
  copyTimer = setTimeout(() => { status.textContent = ''; }, 4000);
}

// ---- Rendering the panels ----------------------------------------------------

function syncHash() {
  if (!app.id) return;
  const want = `#game=${encodeURIComponent(app.id)}&stroke=${app.pos}`;
  if (location.hash !== want) history.replaceState(null, '', want);
}

function refresh() {
  if (!app.replay) return;
  syncHash();
  document.body.dataset.state = 'ready';
  document.body.dataset.position = String(app.pos);
  refreshControls();
  refreshList();
  renderShown();
  refreshBanner();
  render();
}

function refreshControls() {
  const n = total();
  const copy = analysis.copyMode;
  $('first', HTMLButtonElement).disabled = copy || app.pos === 0;
  $('back', HTMLButtonElement).disabled = copy || app.pos === 0;
  $('forward', HTMLButtonElement).disabled = copy || app.pos >= n;
  $('last', HTMLButtonElement).disabled = copy || app.pos >= n;
  $('play', HTMLButtonElement).disabled = copy || n === 0;
  const playBtn = $('play');
  playBtn.replaceChildren(icon(app.playing ? 'pause' : 'play'));
  playBtn.setAttribute('aria-label', pt(app.playing ? 'ctl.pause' : 'ctl.play'));
  playBtn.title = pt(app.playing ? 'ctl.pause' : 'ctl.play');
  playBtn.setAttribute('aria-pressed', String(app.playing));
  const jump = $('jump', HTMLInputElement);
  jump.max = String(n);
  jump.value = String(app.pos);
  jump.disabled = copy || n === 0;
  jump.setAttribute('aria-valuetext', positionText());
  $('position').textContent = `${app.pos} / ${n}`;
  document.body.dataset.playing = String(app.playing);
  $('copy-banner').hidden = !copy;
}

function positionText() {
  return app.pos === 0 ? pt('replay.position_opening') : pt('replay.position', { n: app.pos, total: total() });
}

function renderAbout() {
  const r = loaded();
  const st = r.state;
  $('title').textContent = playersLine(st.format, st.players ?? []);
  document.title = `${$('title').textContent} — ${pt('replay.title')}`;
  $('match-line').textContent = pt('replay.match_line', {
    profile: t(`profile.${st.profile}`),
    format: t(`format.short.${st.format}`),
    sets: panel.formatText(st.match?.format, st.match?.sets ?? 1),
    when: when(st.created),
  });
  const uploaded = strokes().length > 0 && strokes().every((s) => s.by === null || s.by === undefined);
  const result = st.match?.over ? panel.resultText(localState(st)) : pt('replay.unfinished', { score: (st.match?.score ?? []).join('–') });
  $('result-line').replaceChildren(
    el('span', { class: st.match?.over ? 'result over' : 'result open' }, result),
    ...(uploaded ? [el('span', { class: 'tag uploaded', title: pt('game.uploaded_title') }, pt('game.uploaded'))] : []),
  );
  $('download', HTMLAnchorElement).href = `/api/games/${encodeURIComponent(app.id ?? '')}/record`;
  renderCheck();
}

/**
 * What differs, in words (`paths`, `fates`, `verdict`; another name as it is).
 * @param {string} what
 */
function divWhat(what) {
  return pt.has(`div.what.${what}`) ? pt(`div.what.${what}`) : pt('div.what.other', { what });
}

/** The re-simulation's outcome: divergences shown prominently, or a quiet note. */
function renderCheck() {
  const box = $('check');
  const list = strokes();
  const divs = loaded().divergences ?? [];
  if (divs.length) {
    /** @type {Map<number, string[]>} */
    const byStroke = new Map();
    for (const d of divs) {
      if (!byStroke.has(d.number)) byStroke.set(d.number, []);
      byStroke.get(d.number)?.push(divWhat(d.what));
    }
    box.className = 'notice warn divergences';
    box.replaceChildren(
      el('h2', { class: 'notice-head' }, icon('warn'), pt('div.heading')),
      el('p', {}, pt('div.intro')),
      el('ul', {}, [...byStroke].map(([n, whats]) => el('li', { 'data-stroke': String(n) },
        el('a', { href: `#game=${encodeURIComponent(app.id ?? '')}&stroke=${n}`, 'data-goto': String(n) }, pt('div.item', { n, what: whats.join('; ') }))))),
      el('p', { class: 'muted' }, pt('div.shown')),
    );
    return;
  }
  const n = list.length;
  const checked = list.filter((s) => s.checked).length;
  let text;
  if (!n) text = pt('check.empty');
  else if (checked === n) text = n === 1 ? pt('check.ok_one') : pt('check.ok', { n });
  else if (!checked) text = pt('check.none');
  else text = pt('check.partial', { checked, n, unchecked: n - checked });
  box.className = 'check-note';
  box.replaceChildren(el('p', { class: checked === n && n ? 'ok' : 'muted' }, checked === n && n ? icon('check') : null, text));
}

function buildList() {
  const box = $('stroke-list');
  /** @typedef {{set: number, items: HTMLLIElement[], last: ReplayStroke | null}} Group */
  /** @type {Group[]} */
  const groups = [];
  /** @type {Group | null} */
  let group = null;
  strokes().forEach((s, i) => {
    const k = i + 1;
    if (!group || group.set !== s.set_number || (strokes()[i - 1]?.state?.set?.result && group.set === s.set_number)) {
      group = { set: s.set_number, items: [], last: null };
      groups.push(group);
    }
    group.items.push(item(s, k));
    group.last = s;
  });
  box.replaceChildren(...groups.map((g) => {
    const res = g.last?.state?.set?.result;
    return el('section', { class: 'set-group' },
      el('h3', {}, el('span', { class: 'set-label' }, pt('replay.set', { n: g.set })), res && g.last ? el('span', { class: 'set-result' }, setResultText(g.last.state, g.set)) : null),
      el('ol', {}, g.items));
  }));
  app.listItems = [...box.querySelectorAll('li[data-stroke]')].filter((li) => li instanceof HTMLElement);
}

/**
 * How a set ended, in one line for the stroke list.
 * @param {State} st its last state
 * @param {number} n the set
 */
function setResultText(st, n) {
  const r = st.set.result;
  if (!r) return '';
  if (r.result === 'won') return t('result.won', { name: panel.sideName(localState(st), r.winner), n });
  if (r.result === 'drawn') return t('result.drawn', { n });
  return t('result.replay', { n });
}

/**
 * A stroke of the list: who, what went in, the decision, and a link to it.
 * @param {ReplayStroke} s
 * @param {number} k its number
 */
function item(s, k) {
  /** @type {Partial<Verdict>} */
  const v = s.verdict ?? {};
  const foul = (v.fouls ?? []).length > 0;
  const pocketed = (v.pocketed ?? []).map((id) => s.state.set.discs.find((d) => d.id === id)?.side).filter((x) => x !== undefined);
  const who = whoName(s.player === null ? undefined : s.state.players?.[s.player], s.player ?? 0);
  return el('li', { 'data-stroke': String(k), class: [foul ? 'foul' : '', s.diverged ? 'diverged' : ''].join(' ').trim() || null },
    el('a', { href: `#game=${encodeURIComponent(app.id ?? '')}&stroke=${k}`, 'data-goto': String(k) },
      el('span', { class: 'n' }, String(k)),
      el('span', { class: 'body' },
        el('span', { class: 'who' }, panel.swatch(v.side ?? 0), ' ', who, el('span', { class: 'seat' }, ` · ${t(`seat.${s.seat}`)}`),
          s.by === 'computer' ? el('span', { class: 'by', title: pt('replay.by_computer') }, icon('computer')) : null,
          pocketed.length ? el('span', { class: 'potted' }, pocketed.map((side) => panel.swatch(side))) : null,
          s.diverged ? el('span', { class: 'flag', title: pt('div.flag') }, icon('warn')) : null),
        el('span', { class: 'what' }, keyReason(s.verdict)))));
}

function refreshList() {
  const items = app.listItems ?? [];
  for (const li of items) {
    const on = Number(li.dataset.stroke) === app.pos;
    li.classList.toggle('current', on);
    const a = li.firstElementChild;
    if (on) a?.setAttribute('aria-current', 'step');
    else a?.removeAttribute('aria-current');
  }
  // Keep the shown stroke in sight inside the list (not scrolling the page).
  const cur = items[app.pos - 1];
  const box = $('stroke-list');
  if (cur && box.scrollHeight > box.clientHeight) {
    const top = cur.offsetTop - box.offsetTop;
    if (top < box.scrollTop + 8) box.scrollTop = Math.max(0, top - 40);
    else if (top + cur.offsetHeight > box.scrollTop + box.clientHeight - 8) box.scrollTop = top + cur.offsetHeight - box.clientHeight + 40;
  } else if (app.pos === 0) box.scrollTop = 0;
}

function renderShown() {
  const box = $('verdict');
  $('shown-number').textContent = positionText();
  // While a stroke plays, its verdict waits for the discs to stop.
  box.classList.toggle('pending', !!app.anim && !analysis.copyMode);
  if (app.anim && !analysis.copyMode) return;
  if (app.pos === 0) {
    box.replaceChildren(el('p', { class: 'muted' }, pt('replay.opening')));
    return;
  }
  const s = strokes()[app.pos - 1];
  panel.renderVerdict(box, localMsg(s));
  if (s.state?.set?.result) box.append(el('p', { class: 'set-end' }, panel.resultText(localState(s.state))));
  if (s.diverged) {
    const whats = (loaded().divergences ?? []).filter((d) => d.number === app.pos).map((d) => divWhat(d.what));
    box.append(el('p', { class: 'notice warn small' }, icon('warn'), whats.length ? pt('div.this', { what: whats.join('; ') }) : pt('div.this_unknown')));
  }
}

function refreshBanner() {
  const b = $('set-banner');
  const s = app.pos > 0 ? strokes()[app.pos - 1] : null;
  const show = !!s?.state?.set?.result && !app.anim && !analysis.showing;
  b.hidden = !show;
  if (show && s) b.textContent = panel.resultText(localState(s.state));
  canvas.setAttribute('aria-label', app.pos === 0 ? pt('replay.table_opening') : pt('replay.table', { n: app.pos, total: total() }));
}

/** Tell a screen reader the shown stroke's verdict, once the steps settle. */
function announce() {
  clearTimeout(app.announceTimer);
  app.announceTimer = setTimeout(() => {
    const s = app.pos > 0 ? strokes()[app.pos - 1] : null;
    const text = s ? panel.summaryText(localMsg(s)) : pt('replay.opening');
    $('announce').textContent = s ? pt('replay.announce', { n: app.pos, total: total(), text }) : text;
  }, 250);
}

// ---- Loading -------------------------------------------------------------------

function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const q = new URLSearchParams(location.search);
  const id = p.get('game') || q.get('game');
  const raw = p.get('stroke') ?? q.get('stroke');
  const n = raw === null || raw === '' ? null : Number.parseInt(raw, 10);
  return { id, stroke: Number.isFinite(n) ? n : null };
}

/**
 * Loads game `id`'s replay and shows stroke `stroke` (null: the opening; negative: from the end).
 * @param {string} id
 * @param {number | null} stroke
 */
async function load(id, stroke) {
  pause();
  stopAnim();
  app.id = id;
  app.replay = null;
  app.loadError = null;
  document.body.dataset.state = 'loading';
  $('title').textContent = pt('replay.loading');
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/replay`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body?.strokes) throw Object.assign(new Error(body?.detail || 'replay'), { code: body?.code || (res.status === 404 ? 'unknown_game' : 'unknown') });
    if (app.id !== id) return;
    app.replay = body;
  } catch (e) {
    if (app.id !== id) return;
    showLoadError(errorCode(e));
    return;
  }
  $('load-error').hidden = true;
  analysis.reset(id);
  // A negative stroke counts from the end (the game page's "watch the
  // strokes you missed" link knows how many, not where they start).
  const at = stroke !== null && stroke < 0 ? total() + stroke : stroke ?? 0;
  app.pos = Math.max(0, Math.min(total(), at));
  renderAbout();
  buildList();
  layout();
  refresh();
  announce();
}

/** @param {string} code why the replay did not load */
function showLoadError(code) {
  document.body.dataset.state = 'error';
  $('title').textContent = pt('replay.heading');
  const box = $('load-error');
  box.hidden = false;
  box.dataset.code = code;
  box.replaceChildren(el('p', {}, code === 'no_game' ? pt('replay.no_game') : `${pt('replay.load_failed')} ${refusal(code)}`),
    el('p', {}, el('a', { href: 'history.html' }, pt('nav.history'))));
}

function rerender() {
  if (!app.replay) {
    if (app.loadError) showLoadError(app.loadError);
    return;
  }
  renderAbout();
  buildList();
  refresh();
  analysis.render();
}

// ---- Wiring ----------------------------------------------------------------------

const analysis = new Analysis($('analysis'), {
  gameId: () => app.id,
  at: () => app.pos,
  total,
  localMsg,
  keyReason,
  runMotion,
  changed: () => { refresh(); },
  render,
});

function wire() {
  $('first').addEventListener('click', first);
  $('back').addEventListener('click', back);
  $('forward').addEventListener('click', forward);
  $('last').addEventListener('click', last);
  $('play').addEventListener('click', togglePlay);
  $('first').append(icon('first'));
  $('back').append(icon('back'));
  $('forward').append(icon('forward'));
  $('last').append(icon('last'));
  $('copy-icon').replaceWith(icon('link'));
  $('download-icon').replaceWith(icon('download'));
  $('jump').addEventListener('input', () => {
    const n = Number($('jump', HTMLInputElement).value);
    if (!analysis.copyMode) { pause(); show(n); }
  });
  for (const input of rateInputs()) {
    input.addEventListener('change', () => { if (input.checked) setRate(Number(input.value)); });
  }
  setRate(app.rate);
  $('copy-link').addEventListener('click', copyLink);
  // Links to strokes (the list, the divergences): the next stroke plays, others show at once.
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[data-goto]') : null;
    if (!(a instanceof HTMLElement) || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    goTo(Number(a.dataset.goto));
  });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !app.replay) return;
    const target = e.target instanceof Element ? e.target : null;
    // Keys typed into a form field belong to it.
    if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
    if (e.key === 'Escape' && analysis.copyMode) { analysis.leave(); e.preventDefault(); return; }
    if (analysis.copyMode) return;
    switch (e.key) {
      case 'ArrowRight': forward(); break;
      case 'ArrowLeft': back(); break;
      case 'Home': first(); break;
      case 'End': last(); break;
      case ' ':
        // A focused button or link takes Space itself.
        if (target?.closest('button, a, summary')) return;
        togglePlay();
        break;
      default: return;
    }
    e.preventDefault();
  });
  window.addEventListener('hashchange', () => {
    const { id, stroke } = fromHash();
    if (!id) return;
    if (id !== app.id) { load(id, stroke); return; }
    if (stroke !== null && stroke !== app.pos && !analysis.copyMode) { pause(); show(stroke); }
    else syncHash();
  });
  window.addEventListener('resize', layout);
  new ResizeObserver(() => layout()).observe($('stage'));
}

// For tests and the curious: where the replay is.
Object.assign(window, {
  novussReplay: {
    get position() { return app.pos; },
    get total() { return total(); },
    get animating() { return !!app.anim; },
    get playing() { return app.playing; },
    get ready() { return !!app.replay; },
    get replay() { return app.replay; },
    get analysis() { return analysis.debug(); },
    /** @param {import('../shared/protocol.js').Vec2} p */
    toPage(p) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = view.toScreen(p);
      return { x: r.left + x, y: r.top + y };
    },
  },
});

setUpPage('replay.title', rerender, null);
wire();
layout();
const start = fromHash();
if (start.id) load(start.id, start.stroke);
else { app.loadError = 'no_game'; showLoadError('no_game'); }
