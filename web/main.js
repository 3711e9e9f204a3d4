// Wiring: the start form, the game's connection, the queue of events and
// their animation, the stroke maker, the panel and the page's phase. The
// server is authoritative: the page shows a state only when the server
// sends it, and animates exactly the motion that came with it.

import { t, errorText } from './text.js';
import { api, GameSocket } from './net.js';
import { TableView } from './table.js';
import { StrokeMaker } from './input.js';
import { frameAt, play } from './motion.js';
import { aimGuide } from './guide.js';
import { discsOnTable, seatFrame } from './zone.js';
import { buildStartForm, fillRecent } from './start.js';
import * as panel from './panel.js';

const $ = (id) => document.getElementById(id);
// How many past events a resumed page asks for, for its verdict and log.
const RESUME_EVENTS = 30;
const PREFS = 'novuss.prefs';
const prefs = { guide: true, view: 'south', rate: 1, ...readPrefs() };

function readPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}
function savePrefs() { localStorage.setItem(PREFS, JSON.stringify(prefs)); }

const app = {
  id: null,
  socket: null,
  state: null, // the state drawn: the last event shown
  seen: null, // the last event received (shown or queued): what hello asks after
  queue: [], // events received and not shown yet
  anim: null, // { msg, frame, player } while a stroke plays
  thinking: null, // the last `thinking` message
  waiting: false, // a request is out and its event has not come
  hint: null, // the last `hint` message for the event shown
  hintWaiting: false,
  say: null, // a status line set by the stroke maker
  summary: null, // the last stroke in one line, under the table
  sentAt: null, // the event a stroke of this page was sent at
  history: 0, // events up to this one are a resumed page's past: no animation
  connection: 'closed', // the game socket: connecting, open or closed
  wasOpen: false, // it has been open: a drop is a reconnection
  viewSeat: 'south',
  options: null,
};
// A stroke someone else made is shown for this long (s) before it moves:
// the striker where it was placed and the cue drawing back.
const LEAD = 0.6;

const canvas = $('table');
const view = new TableView(canvas);
const maker = new StrokeMaker(view, canvas, {
  state: () => app.state,
  enabled: () => phase() === 'idle',
  changed: () => { syncPower(); refreshControls(); render(); },
  strike: (stroke) => sendStroke(stroke),
  say: (id) => { app.say = id; refreshStatus(); },
  command: (name) => command(name),
});

// ---- Phase and rendering ---------------------------------------------------

/** What the page is doing; also body[data-phase] for tests and styles. */
function phase() {
  const st = app.state;
  if (!st) return app.id ? 'loading' : 'start';
  if (app.anim || app.queue.length) return 'animating';
  // Nothing can be played until the game's socket is open (or open again).
  if (app.connection !== 'open') return 'connecting';
  if (st.match?.over) return 'over';
  if (st.between_sets || !st.turn) return 'between';
  if (st.turn.kind === 'computer') return 'thinking';
  if (app.waiting) return 'waiting';
  return 'idle';
}

/**
 * The seat the table is seen from: the first human player's (so that
 * against the computer you always stroke from the bottom, whichever seat a
 * set gives you), or the human to stroke.
 */
function viewSeat() {
  if (prefs.view !== 'mover') return app.state?.players?.find((p) => p.kind === 'human')?.seat ?? 'south';
  const turn = app.state?.turn;
  if (turn && turn.kind === 'human' && !app.anim) app.viewSeat = turn.seat;
  return app.viewSeat;
}

function scene() {
  const st = app.state;
  const ph = phase();
  const s = { discs: [], moverSide: st?.turn?.side ?? null };
  if (!st) return s;
  if (app.anim) {
    const { msg, frame } = app.anim;
    s.discs = st.set.discs.map((d) => (frame.discs.has(d.id) ? { ...d, at: frame.discs.get(d.id), dark: false } : { ...d, dark: false }));
    s.striker = frame.striker ? { at: frame.striker, side: msg.verdict?.side ?? st.turn?.side ?? 0 } : null;
    if (app.anim.time < 0 && msg.stroke) s.cue = leadCue(msg.stroke, st.max_speed, app.anim.time);
    return s;
  }
  s.discs = st.set.discs;
  if (st.turn?.kind === 'human' && ['idle', 'waiting', 'connecting'].includes(ph)) {
    s.region = st.turn.region;
    s.showExclusion = maker.mode === 'place';
    if (maker.at) {
      const illegalPlace = !!maker.placeProblem;
      const illegalAim = !!maker.aimProblem;
      s.striker = { at: maker.at, side: st.turn.side, illegal: illegalPlace };
      s.cue = { dir: maker.dir, pull: maker.pull, illegal: illegalAim };
      if (maker.mode === 'pull' || maker.mode === 'charge') s.power = { at: maker.at, share: maker.pull, text: t('power.value', { speed: maker.speed.toFixed(2) }) };
      if (prefs.guide) {
        const g = aimGuide(st.table, discsOnTable(st), maker.at, maker.dir);
        if (g) s.guide = { ...g, illegal: illegalPlace || illegalAim };
      }
    }
    if (app.hint?.best) {
      const b = app.hint.best;
      s.hint = { stroke: b.stroke, maxSpeed: st.max_speed, label: t('hint.label', { pot: Math.round((b.pot_chance ?? 0) * 100) }) };
      if (b.disc !== undefined && b.disc !== null) s.highlight = new Set([b.disc]);
    }
  }
  return s;
}

/** The cue of another player's stroke, drawn back over the lead time to its speed. */
function leadCue(stroke, maxSpeed, time) {
  const drawn = Math.min(1, (LEAD + time) / (LEAD * 0.7));
  return { dir: stroke.direction, pull: Math.min(1, stroke.speed / (maxSpeed || 8)) * drawn };
}

let frameQueued = false;
function render() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame(() => {
    frameQueued = false;
    if (!app.state) return;
    view.setGeometry(app.state.table);
    view.setView(viewSeat());
    view.draw(scene());
  });
}

function layout() {
  const wrap = $('table-wrap');
  const stacked = window.matchMedia('(max-width: 860px)').matches;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const below = $('status').offsetHeight + $('controls').offsetHeight + $('tools').offsetHeight + 30;
  const byHeight = window.innerHeight - (stacked ? 0 : top) - (stacked ? 0 : below);
  const size = Math.max(240, Math.floor(Math.min(wrap.parentElement.clientWidth, stacked ? window.innerHeight * 0.78 : byHeight)));
  wrap.style.width = `${size}px`;
  wrap.style.height = `${size}px`;
  view.resize(size);
  render();
}

function refresh() {
  document.body.dataset.phase = phase();
  const st = app.state;
  if (st) {
    // The indicator follows the server's `thinking` message for this event.
    panel.renderTurn($('turn'), st, phase() === 'thinking' && app.thinking?.event === st.event);
    panel.renderSides($('sides'), st);
    panel.renderMatch($('match'), st);
    panel.renderLegend($('legend'), st);
    $('power-input').max = String(st.max_speed ?? 8);
  }
  refreshBanner();
  refreshHint();
  refreshControls();
  refreshStatus();
  render();
}

function refreshControls() {
  const ph = phase();
  const st = app.state;
  // Nothing can be sent while the connection is down (it heals by itself).
  const online = app.connection === 'open';
  $('take-back').disabled = !(online && st?.can_take_back && ['idle', 'thinking', 'between', 'over'].includes(ph));
  $('hint').disabled = !online || ph !== 'idle' || app.hintWaiting;
  $('strike').disabled = !(online && ph === 'idle' && maker.canStrike && maker.speed >= 0.05);
  $('next-set').disabled = !online;
  $('skip').hidden = ph !== 'animating';
  $('power-input').disabled = ph !== 'idle';
  $('view').textContent = t(prefs.view === 'mover' ? 'btn.view.mover' : 'btn.view.south');
  $('rate').textContent = t('btn.speed', { rate: prefs.rate });
  $('guide').checked = !!prefs.guide;
}

function refreshStatus() {
  const ph = phase();
  const st = app.state;
  let text = '';
  if (app.connection !== 'open' && app.id) text = t(app.wasOpen ? 'status.reconnecting' : 'status.connecting');
  else if (app.say) text = t(app.say);
  else if (ph === 'idle') text = t('status.your_turn', { name: panel.playerName(st, st.turn.player), cushion: t(`cushion.${st.turn.seat}`) });
  else if (ph === 'thinking') text = t(app.thinking?.event === st.event ? 'status.thinking' : 'status.computer_turn', { name: panel.playerName(st, st.turn.player) });
  else if (ph === 'animating') text = t('status.animating');
  else if (ph === 'waiting') text = t('status.waiting');
  else if (app.hintWaiting) text = t('status.hint_wait');
  $('now').textContent = text;
  $('status').className = app.say ? 'warn' : '';
  $('summary').textContent = app.summary?.text ?? '';
  $('summary').className = app.summary?.foul ? 'foul' : '';
  $('connection').hidden = !(app.id && app.wasOpen && app.connection !== 'open');
  $('connection').title = t('status.reconnecting');
}

function refreshBanner() {
  const ph = phase();
  const show = ph === 'between' || ph === 'over';
  $('banner').hidden = !show;
  if (!show) return;
  $('banner-text').textContent = panel.resultText(app.state);
  $('next-set').hidden = ph !== 'between';
  $('banner-new-game').hidden = ph !== 'over';
}

function refreshHint() {
  const box = $('hint-box');
  const b = app.hint?.best;
  box.hidden = !b || phase() !== 'idle';
  if (!b) return;
  const pct = (x) => Math.round((x ?? 0) * 100);
  const parts = [t('hint.line', { speed: b.stroke.speed.toFixed(2), pot: pct(b.pot_chance), foul: pct(b.foul_chance) })];
  if (b.disc !== undefined && b.disc !== null && b.corner) parts.push(t('hint.target', { disc: b.disc, pocket: t(`pocket.${b.corner}`) }));
  $('hint-text').textContent = parts.join(' · ');
}

function syncPower() {
  $('power-input').value = String(maker.speed);
  $('power-value').textContent = t('power.value', { speed: maker.speed.toFixed(2) });
  const max = app.state?.max_speed ?? 8;
  $('power-input').style.setProperty('--fill', `${(100 * maker.speed) / max}%`);
}

function showError(code, detail) {
  const el = $('error');
  el.hidden = false;
  el.dataset.code = code;
  el.textContent = errorText(code);
  el.title = detail || '';
}
function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
  delete $('error').dataset.code;
}

// ---- Events ------------------------------------------------------------------

/** Show `state` as the table's picture: the next turn starts from it. */
function show(state) {
  const prev = app.state;
  app.state = state;
  if (app.thinking && app.thinking.event < state.event) app.thinking = null;
  if (!prev || prev.event !== state.event) {
    app.hint = null;
    app.hintWaiting = false;
    app.say = null;
    maker.reset();
  }
  syncPower();
  refresh();
}

function onMessage(msg) {
  switch (msg.type) {
    case 'state':
      stopAnimation();
      app.queue = [];
      app.seen = msg.event;
      app.waiting = false;
      show(msg.state);
      break;
    case 'stroke':
    case 'taken_back':
    case 'set_started':
      if (app.seen !== null && msg.event <= app.seen) return; // replayed after a reconnection
      if (app.seen !== null && msg.event > app.seen + 1) { app.socket.resync(); return; }
      app.seen = msg.event;
      app.waiting = false;
      clearError();
      app.queue.push(msg);
      pump();
      break;
    case 'thinking':
      app.thinking = msg;
      refresh();
      break;
    case 'hint':
      app.hintWaiting = false;
      if (app.state && msg.event === app.state.event) app.hint = msg;
      refresh();
      break;
    case 'error':
      app.waiting = false;
      app.hintWaiting = false;
      showError(msg.code, msg.detail);
      if (msg.code === 'stale') app.socket?.resync();
      refresh();
      break;
    default:
      break;
  }
}

/** Show the queued events in order, animating strokes. */
function pump() {
  if (app.anim) return;
  const msg = app.queue.shift();
  if (!msg) { refresh(); return; }
  if (msg.type === 'stroke') {
    // Behind by more than one stroke (after a reconnection): only the last plays.
    const more = app.queue.some((m) => m.type === 'stroke');
    if (more || !msg.motion || msg.event <= app.history) { finishStroke(msg); pump(); return; }
    app.anim = { msg, frame: frameAt(msg.motion, 0), player: null, time: 0 };
    refresh();
    app.anim.player = play(msg.motion, {
      rate: prefs.rate,
      // Another player's stroke: first show where the striker stands and the cue.
      lead: msg.by !== 'computer' && app.sentAt === msg.event - 1 ? 0 : LEAD,
      onFrame: (time) => {
        if (!app.anim) return;
        app.anim.time = time;
        app.anim.frame = frameAt(msg.motion, Math.max(0, time));
        render();
      },
      onDone: () => { app.anim = null; finishStroke(msg); pump(); },
    });
    return;
  }
  app.summary = null;
  if (msg.type === 'taken_back') {
    // The log keeps the strokes taken back, struck through.
    const kept = [...$('log').children].filter((li) => !li.classList.contains('taken-back'));
    for (const li of kept.slice(0, msg.strokes)) li.classList.add('taken-back');
    $('verdict').replaceChildren(panel.h('p', { class: 'muted' }, t('status.taken_back', { n: msg.strokes })));
    showNewer(msg.state);
  } else if (msg.type === 'set_started') {
    $('verdict').replaceChildren(panel.h('p', { class: 'muted' }, t('status.set_started', { n: msg.set_number ?? msg.state.match.set_number })));
    showNewer(msg.state);
  }
  pump();
}

function finishStroke(msg) {
  panel.renderVerdict($('verdict'), msg);
  app.summary = { text: panel.summaryText(msg), foul: (msg.verdict?.fouls ?? []).length > 0 };
  const log = $('log');
  log.prepend(panel.logEntry(msg));
  while (log.children.length > 200) log.lastChild.remove();
  showNewer(msg.state);
}

/** Show an event's state unless the table already shows a later one (a resumed page's history). */
function showNewer(state) {
  if (app.state && state.event < app.state.event) refresh();
  else show(state);
}

function stopAnimation() {
  if (app.anim?.player) app.anim.player.cancel();
  app.anim = null;
}

// ---- Requests -------------------------------------------------------------

function send(msg) {
  if (!app.socket?.send(msg)) {
    showError('not_connected');
    return false;
  }
  clearError();
  return true;
}

function sendStroke(stroke) {
  const st = app.state;
  if (phase() !== 'idle') return;
  if (send({ type: 'stroke', event: st.event, seat: st.turn.seat, ...stroke })) {
    app.sentAt = st.event;
    app.waiting = true;
    app.say = null;
    refresh();
  }
}

function command(name) {
  const st = app.state;
  const ph = phase();
  switch (name) {
    case 'hint':
      if (ph === 'idle' && !app.hintWaiting && send({ type: 'hint', event: st.event })) {
        app.hintWaiting = true;
        refresh();
      }
      break;
    case 'take_back':
      if (st?.can_take_back && !$('take-back').disabled) send({ type: 'take_back', event: st.event });
      break;
    case 'next_set':
      if (ph === 'between') send({ type: 'next_set', event: st.event });
      break;
    case 'guide':
      prefs.guide = !prefs.guide;
      savePrefs();
      refreshControls();
      render();
      break;
    case 'view':
      prefs.view = prefs.view === 'mover' ? 'south' : 'mover';
      savePrefs();
      refreshControls();
      render();
      break;
    case 'help':
      $('keys').open = !$('keys').open;
      break;
    case 'escape':
      app.say = null;
      refreshStatus();
      break;
    default:
      break;
  }
}

// ---- Games -----------------------------------------------------------------

function gameIdFromUrl() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  return hash.get('game') || query.get('game');
}

async function openGame(id, state) {
  app.socket?.close();
  stopAnimation();
  Object.assign(app, {
    id, socket: null, state: null, seen: null, queue: [], thinking: null, waiting: false,
    hint: null, hintWaiting: false, say: null, summary: null, sentAt: null, history: 0,
    connection: 'connecting', wasOpen: false,
  });
  $('log').replaceChildren();
  $('verdict').replaceChildren(panel.h('p', { class: 'muted' }, t('panel.no_verdict')));
  clearError();
  if (gameIdFromUrl() !== id) history.replaceState(null, '', `${location.pathname}#game=${encodeURIComponent(id)}`);
  refresh();
  try {
    const st = state ?? await api.game(id);
    if (app.id !== id) return;
    show(st);
    // Resuming: ask for the last few events too, to show the last verdict
    // and the log; they are applied without animation (app.history).
    app.seen = state ? st.event : Math.max(0, st.event - RESUME_EVENTS);
    app.history = st.event;
  } catch (e) {
    if (app.id !== id) return;
    app.id = null;
    showError(e.code || 'network', e.message);
    openStart();
    return;
  }
  app.socket = new GameSocket(id, {
    since: () => app.seen,
    onMessage,
    onStatus: (s) => {
      app.connection = s;
      if (s === 'open') app.wasOpen = true;
      refresh();
    },
  });
  layout();
}

async function openStart() {
  const dialog = $('start');
  const form = $('start-form');
  if (!app.options) {
    try { app.options = await api.options(); } catch (e) { app.options = {}; showError(e.code || 'network', e.message); }
  }
  const { cancel, recent } = buildStartForm(form, app.options, async (body) => {
    try {
      const st = await api.create(body);
      dialog.close();
      await openGame(st.id, st);
    } catch (e) {
      showError(e.code || 'network', e.message);
      // Keep the error visible next to the form, where the player is looking.
      form.querySelector('.form-error')?.remove();
      form.append(panel.h('p', { class: 'form-error', role: 'alert' }, errorText(e.code || 'network')));
    }
  });
  cancel.hidden = !app.state;
  cancel.onclick = () => dialog.close();
  api.games().then((games) => fillRecent(recent, games, app.id)).catch(() => {});
  recent.onclick = (e) => { if (e.target.closest('a')) dialog.close(); };
  if (!dialog.open) dialog.showModal();
  document.body.dataset.phase = phase();
}

// ---- Start-up ----------------------------------------------------------------

function fillTexts() {
  for (const el of document.querySelectorAll('[data-text]')) el.textContent = t(el.dataset.text);
  document.title = t('app.title');
  canvas.setAttribute('aria-label', t('app.title'));
}

function wire() {
  $('new-game').onclick = () => openStart();
  $('banner-new-game').onclick = () => openStart();
  $('next-set').onclick = () => command('next_set');
  $('take-back').onclick = () => command('take_back');
  $('hint').onclick = () => command('hint');
  $('strike').onclick = () => maker.strike();
  $('skip').onclick = () => app.anim?.player?.skip();
  $('use-hint').onclick = () => { if (app.hint?.best) maker.use(app.hint.best.stroke); };
  $('view').onclick = () => command('view');
  $('rate').onclick = () => {
    prefs.rate = prefs.rate >= 4 ? 1 : prefs.rate * 2;
    savePrefs();
    if (app.anim?.player) app.anim.player.rate = prefs.rate;
    refreshControls();
  };
  $('guide').onchange = () => { prefs.guide = $('guide').checked; savePrefs(); render(); };
  $('power-input').oninput = () => maker.setSpeed(Number($('power-input').value));
  // A mouse click on a button must not leave it focused: Space and Enter
  // belong to the stroke afterwards.
  for (const b of document.querySelectorAll('#stage button, #panel button')) {
    b.addEventListener('click', (e) => { if (e.detail > 0) canvas.focus({ preventScroll: true }); });
  }
  // The keys belong to the table once the form is gone.
  $('start').addEventListener('close', () => canvas.focus({ preventScroll: true }));
  window.addEventListener('resize', layout);
  new ResizeObserver(layout).observe($('stage'));
  window.addEventListener('hashchange', () => {
    const id = gameIdFromUrl();
    if (id && id !== app.id) openGame(id);
  });
}

// Hooks for tests and for the curious: the state, the phase, and where a
// table point is on the page (so a test can drag the striker there).
window.novussDebug = {
  get state() { return app.state; },
  get phase() { return phase(); },
  get event() { return app.state?.event ?? null; },
  get hint() { return app.hint; },
  get stroke() { return maker.at ? { ...maker.stroke(), placeProblem: maker.placeProblem, aimProblem: maker.aimProblem } : null; },
  get viewSeat() { return viewSeat(); },
  toPage(p) {
    const r = canvas.getBoundingClientRect();
    const [x, y] = view.toScreen(p);
    return { x: r.left + x, y: r.top + y };
  },
  toTable(x, y) {
    const r = canvas.getBoundingClientRect();
    return view.toTable([x - r.left, y - r.top]);
  },
  seatFrame,
  pixelsPerMetre: () => view.ppm,
  render: () => render(),
};

fillTexts();
wire();
layout();
syncPower();
refreshControls();
const initial = gameIdFromUrl();
if (initial) openGame(initial);
else openStart();
