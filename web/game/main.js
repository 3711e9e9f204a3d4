// Wiring: the start form, the game's connection, the queue of events and
// their animation (events.js, with the sounds of sound.js), the stroke
// maker and the aim tool, the panel and what is said about the game
// (narrate.js), the page's phase and its language. The server is authoritative: the page shows a state only
// when the server sends it, and animates exactly the motion that came with it.

import { t, errorText } from '../shared/text.js';
import { onLanguage, languageSwitch, fillTexts as fillWords } from '../shared/lang.js';
import { api, GameSocket } from '../shared/net.js';
import { TableView } from '../shared/table.js';
import { StrokeMaker } from './input.js';
import { play } from '../shared/motion.js';
import { aimGuide } from '../shared/guide.js';
import { discsOnTable, seatFrame } from '../shared/zone.js';
import { StartDialog } from './start.js';
import * as panel from '../shared/panel.js';
import { tableLabel } from './describe.js';
import { Sounds } from './sound.js';
import { AimTool } from './aimtool.js';
import { discNumbers } from '../shared/discs.js';
import { Narrator } from './narrate.js';
import { EventQueue, adopt, phase as phaseOf } from './events.js';
import { rematchRequest } from './rematch.js';
import { jumpedPocket } from './jump.js';
import { Coach, coachDone } from './coach.js';
import * as people from './online.js';
import { whoAmI } from './online.js';
import { Clocks } from './clocks.js';
import { Offers } from './offers.js';
import { createChat } from './chat.js';
import { mountHeader } from '../shared/header.js';

const $ = (id) => document.getElementById(id);
// How many past events a resumed page asks for, for its verdict and log.
const RESUME_EVENTS = 30;
const PREFS = 'novuss.prefs';
const prefs = { guide: true, view: 'south', rate: 1, pace: 'normal', refs: false, hint: 'expert', ...readPrefs() };

function readPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}
function savePrefs() { localStorage.setItem(PREFS, JSON.stringify(prefs)); }

// The game as the page sees it (events.js `GameView`), and the page's own.
const app = {
  id: null,
  socket: null,
  state: null,
  seen: null,
  queue: [],
  anim: null,
  thinking: null,
  waiting: false,
  hint: null,
  hintWaiting: false,
  say: null,
  summary: null,
  sentAt: null,
  history: 0,
  connection: 'closed',
  wasOpen: false, // the socket has been open: a drop is a reconnection
  viewSeat: 'south',
  options: null,
  // This browser's person (null: none yet; undefined: not yet asked), the
  // invitation secrets of the game it just created, and who is connected.
  me: undefined,
  invites: null,
  presence: null,
};

const canvas = $('table');
const view = new TableView(canvas);
const maker = new StrokeMaker(view, canvas, {
  state: () => app.state,
  enabled: () => phase() === 'idle',
  // The player doing something new: an error about what they did before
  // no longer applies.
  changed: () => { clearError(); syncPower(); refreshControls(); refreshStatus(); render(); coach.update(); },
  strike: (stroke) => sendStroke(stroke),
  say: (id) => {
    app.say = id;
    refreshStatus();
    if (id) narrator.announce(t(id));
  },
  command: (name) => command(name),
});
const sounds = new Sounds();
const aimTool = new AimTool({
  state: () => app.state,
  enabled: () => phase() === 'idle',
  viewSeat: () => viewSeat(),
  use: (stroke) => maker.use(stroke),
  changed: () => render(),
  toTable: () => canvas.focus({ preventScroll: true }),
});
const startDialog = new StartDialog({
  options: () => api.options(),
  games: () => api.games(),
  create: async (body) => {
    const created = await api.create(body);
    // The secrets of the invited seats come once, with the new game.
    app.invites = created.invites?.length ? { id: created.id, list: created.invites } : null;
    app.me = await whoAmI();
    return created;
  },
  opened: async (st, learn) => {
    await openGame(st.id, st);
    if (learn) coach.start();
  },
  offerCoach: () => !coachDone(),
  hasGame: () => !!app.state,
  gameId: () => app.id,
  showError: (code, detail) => showError(code, detail),
  toTable: () => canvas.focus({ preventScroll: true }),
  changed: () => { document.body.dataset.phase = phase(); },
});
const narrator = new Narrator({
  state: () => app.state,
  viewSeat: () => viewSeat(),
  toTable: () => canvas.focus({ preventScroll: true }),
});
const coach = new Coach($('coach'), {
  stroke: () => (maker.at ? maker.stroke() : null),
  phase: () => phase(),
  event: () => app.state?.event ?? null,
});
const clocks = new Clocks($('clocks'), {
  state: () => app.state,
  me: () => app.me,
  send: (msg) => send(msg),
});
const offers = new Offers($('offer'), {
  state: () => app.state,
  me: () => app.me,
  send: (msg) => send(msg),
  lastStroke: () => app.summary?.msg ?? null,
});
// The chat beside the table, between people and for watchers.
const chat = createChat($('chat'), {
  send: (msg) => !!app.socket?.send(msg),
  me: () => app.me ?? null,
  becomePerson: async () => {
    // Writing makes a watcher a person: the socket then opens again as
    // them, and the line goes once it has (chat.js).
    try {
      app.me = (await api.setMe(null))?.person ?? null;
    } catch (e) {
      showError(e.code || 'network', e.message);
      return false;
    }
    app.socket?.ws?.close();
    return !!app.me;
  },
  nameOf: (k) => panel.playerName(app.state, k),
  showError: (code) => showError(code),
});
const animated = [];
const events = new EventQueue(app, {
  show: (state) => show(state),
  seats: (seats) => {
    // Who holds the seats may have changed too (an invited seat taken):
    // the state shown takes the holders, and the presence is kept apart.
    app.presence = seats;
    if (app.state) app.state = { ...app.state, seats: seats.map(({ connected, ...held }) => held) };
    refresh();
  },
  timers: (msg) => clocks.update(msg),
  offer: (msg) => {
    if (msg.type === 'offer') offers.offered(msg);
    else if (msg.type === 'answered') offers.answered(msg.kind, msg.accepted);
    // The rematch both sides agreed on: everyone at the game goes there.
    else if (msg.type === 'rematch' && msg.id !== app.id) openGame(msg.id);
    refresh();
  },
  refresh: () => refresh(),
  render: () => render(),
  resync: () => app.socket?.resync(),
  showError: (code, detail) => showError(code, detail),
  clearError: () => clearError(),
  hintShown: () => narrator.announce(`${t('hint.title')}: ${$('hint-text').textContent}`),
  narrate: (msg, live) => narrator.event(msg, live),
  flush: () => narrator.flush(),
  sound: (motion, from, to, rate) => sounds.between(motion, from, to, rate),
  // Every stroke animated, with its frames counted, for the tests.
  play: (motion, options) => {
    const msg = app.anim?.msg;
    const seen = { event: msg?.event ?? null, by: msg?.by ?? null, striker: msg?.stroke?.striker ?? null, lead: options.lead, frames: 0 };
    animated.push(seen);
    if (animated.length > 200) animated.shift();
    return play(motion, { ...options, onFrame: (time) => { if (time > 0) seen.frames += 1; options.onFrame(time); } });
  },
  rate: () => prefs.rate,
  pace: () => (prefs.pace === 'fast' ? 'fast' : 'normal'),
});

// ---- Phase and rendering ---------------------------------------------------

/** What the page is doing; also body[data-phase] for tests and styles. */
function phase() {
  return phaseOf(app);
}

/**
 * The seat the table is seen from: the first human player's (so that
 * against the computer you always stroke from the bottom, whichever seat a
 * set gives you), or the human to stroke.
 */
function viewSeat() {
  if (prefs.view !== 'mover') {
    // From this person's own seat between people; otherwise the first
    // person's (against the computer: yours).
    const st = app.state;
    const own = st?.seats ? st.players.find((_, k) => people.holds(st, app.me ?? null, k)) : null;
    return own?.seat ?? st?.players?.find((p) => p.kind === 'human')?.seat ?? 'south';
  }
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
    if (app.anim.time < 0 && msg.stroke) {
      s.cue = leadCue(msg.stroke, st.max_speed, app.anim.time, app.anim.lead);
      // The computer's aim, drawn while it settles over the striker, so
      // the player sees what it meant before it strikes.
      if (msg.by === 'computer') s.hint = { stroke: msg.stroke, maxSpeed: st.max_speed, label: t('anim.computer_aims') };
    }
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
    s.numbers = aimTool.labels();
    if (aimTool.chosen !== null) s.highlight = new Set([aimTool.chosen]);
    if (app.hint?.best) {
      const b = app.hint.best;
      s.hint = { stroke: b.stroke, maxSpeed: st.max_speed, label: t('hint.label', { pot: Math.round((b.pot_chance ?? 0) * 100) }) };
      if (b.disc !== undefined && b.disc !== null) s.highlight = new Set([b.disc]);
    }
  }
  return s;
}

/** The cue of another player's stroke, drawn back over the lead's last 0.6 s to its speed. */
function leadCue(stroke, maxSpeed, time, lead) {
  const back = Math.min(lead, 0.6);
  const drawn = Math.max(0, Math.min(1, (back + time) / (back * 0.7)));
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

// The room kept under the table for the status, the power and the tools:
// measured when the window's size or the language changes, never when a
// line there wraps or an error appears, so the table never changes size
// under the player's pointer.
let reservedBelow = null;

function layout(remeasure = false) {
  const wrap = $('table-wrap');
  const stacked = window.matchMedia('(max-width: 860px)').matches;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  if (remeasure || reservedBelow === null) reservedBelow = $('status').offsetHeight + $('controls').offsetHeight + $('tools').offsetHeight + 30;
  const below = reservedBelow;
  const byHeight = window.innerHeight - (stacked ? 0 : top) - (stacked ? 0 : below);
  const size = Math.max(240, Math.floor(Math.min(wrap.parentElement.clientWidth, stacked ? window.innerHeight * 0.78 : byHeight)));
  wrap.style.width = `${size}px`;
  wrap.style.height = `${size}px`;
  view.resize(size);
  render();
}

function refresh() {
  document.body.dataset.phase = phase();
  coach.update();
  const st = app.state;
  if (st) {
    // The indicator follows the server's `thinking` message for this event.
    panel.renderTurn($('turn'), st, phase() === 'thinking' && app.thinking?.event === st.event);
    panel.renderSides($('sides'), st);
    panel.renderMatch($('match'), st);
    panel.renderLegend($('legend'), st);
    $('power-input').max = String(st.max_speed ?? 8);
    canvas.setAttribute('aria-label', tableLabel(st));
    narrator.describe();
    aimTool.refresh();
  }
  refreshInvites();
  clocks.render();
  offers.render();
  refreshGameLinks();
  refreshBanner();
  refreshHint();
  refreshControls();
  refreshStatus();
  render();
}

/** The invitation links while seats wait for invited people, and who is connected. */
function refreshInvites() {
  const st = app.state;
  const invites = app.invites && st && app.invites.id === st.id ? app.invites.list : null;
  people.renderInvites($('invites'), st, people.isPlayer(st, app.me) ? invites : null,
    (k) => panel.playerName(st, k), renewInvites);
  if (!people.isPlayer(st, app.me)) $('invites').hidden = true;
  const between = people.betweenPeople(st);
  // Between people, a player goes by the name they choose here (the
  // field starts with the name they go by now).
  $('my-name').hidden = !between || !people.isPlayer(st, app.me);
  const field = $('my-name-input');
  if (!$('my-name').hidden && !field.value && document.activeElement !== field) {
    const k = st.seats.findIndex((_, i) => people.holds(st, app.me, i));
    field.value = st.seats[k]?.name ?? st.players[k]?.name ?? '';
  }
  const watching = !!st?.seats && app.me !== undefined && !people.isPlayer(st, app.me);
  chat.update((between || watching) && !!st?.seats && app.me !== undefined, people.isPlayer(st, app.me), !!st?.match?.over);
  $('presence').hidden = !between && !watching;
  if (!$('presence').hidden) {
    const seats = app.presence ?? st.seats;
    $('presence').replaceChildren(
      watching ? panel.h('p', { class: 'watching' }, t('online.watching')) : '',
      panel.h('ul', {}, (st.seats ?? []).map((seat, k) => seat.holder === 'computer' ? '' : panel.h('li', {},
        panel.h('span', { class: `dot ${seats[k]?.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
        ` ${panel.playerName(st, k)}: `,
        t(seat.holder === 'open' ? 'online.seat_open' : seats[k]?.connected ? 'online.connected' : 'online.away')))),
    );
  }
}

/** The name this browser last typed for itself in the new-game form. */
function rememberedName() {
  try {
    return String(JSON.parse(localStorage.getItem('novuss.newGame') ?? '{}')?.name ?? '').trim().slice(0, 40) || null;
  } catch {
    return null;
  }
}

async function renewInvites() {
  const st = app.state;
  if (!st) return;
  try {
    const r = await api.invites(st.id);
    app.invites = { id: st.id, list: r.invites ?? [] };
  } catch (e) {
    showError(e.code || 'network', e.message);
  }
  refresh();
}

function refreshControls() {
  const ph = phase();
  const st = app.state;
  // Nothing can be sent while the connection is down (it heals by itself).
  const online = app.connection === 'open';
  // Between people a take-back is asked of the other side.
  const asking = people.betweenPeople(st) && !!st?.casual && !st?.rated;
  $('take-back').textContent = t(asking ? 'btn.ask_take_back' : 'btn.take_back');
  $('take-back').disabled = asking
    ? !(online && offers.canAskTakeBack())
    : !(online && st?.can_take_back && ['idle', 'thinking', 'between', 'over'].includes(ph));
  // Resigning hands the match to the other side: only between two sides,
  // only while it is being played.
  // Before both sides have stroked there is no result to resign: the
  // match can only be called off.
  $('resign').hidden = !st || st.format === 'four_player' || !!st.can_abort;
  $('abort').hidden = !st?.can_abort;
  // While another person strokes ('other') a player may still give up.
  $('abort').disabled = !(online && resignSeat(st) && ['idle', 'thinking', 'other'].includes(ph));
  $('resign').disabled = !(online && resignSeat(st) && !st.match.over && ['idle', 'thinking', 'other', 'between'].includes(ph));
  // Between people a hint would be help from outside the table.
  $('hint').disabled = !online || ph !== 'idle' || app.hintWaiting || people.betweenPeople(st);
  $('hint-level').disabled = $('hint').disabled;
  $('strike').disabled = !(online && ph === 'idle' && maker.canStrike && maker.speed >= 0.05);
  $('next-set').disabled = !online;
  $('skip').hidden = ph !== 'animating';
  $('power-input').disabled = ph !== 'idle';
  $('view').textContent = t(prefs.view === 'mover' ? 'btn.view.mover' : 'btn.view.south');
  $('rate').textContent = t('btn.speed', { rate: prefs.rate });
  $('pace').textContent = t(prefs.pace === 'fast' ? 'btn.pace.fast' : 'btn.pace.normal');
  $('guide').checked = !!prefs.guide;
  $('show-refs').checked = !!prefs.refs;
  document.body.classList.toggle('hide-refs', !prefs.refs);
}

function refreshStatus() {
  const ph = phase();
  const st = app.state;
  let text = '';
  if (app.connection !== 'open' && app.id) text = t(app.wasOpen ? 'status.reconnecting' : 'status.connecting');
  else if (app.say) text = t(app.say);
  else if (ph === 'idle') {
    const cushion = t(`cushion.${st.turn.seat}`);
    text = panel.isYou(st, st.turn.player) ? t('status.your_turn_you', { cushion }) : t('status.your_turn', { name: panel.playerName(st, st.turn.player), cushion });
    // The aim guide's warning: at this power the target would jump the pocket.
    const pocket = prefs.guide && maker.at ? jumpedPocket(st, aimGuide(st.table, discsOnTable(st), maker.at, maker.dir), maker.speed) : null;
    if (pocket) text = `${text} ${t('guide.jump', { pocket: t(`pocket.${pocket}`) })}`;
  }
  else if (ph === 'other' && people.openSeats(st).length) text = t('status.waiting_seats', { name: people.openSeats(st).map((k) => panel.playerName(st, k)).join(', ') });
  else if (ph === 'other') text = t('status.other_turn', { name: panel.playerName(st, st.turn.player), cushion: t(`cushion.${st.turn.seat}`) });
  else if (ph === 'thinking') text = t(app.thinking?.event === st.event ? 'status.thinking' : 'status.computer_turn', { name: panel.playerName(st, st.turn.player) });
  else if (ph === 'animating') text = t('status.animating');
  else if (ph === 'waiting') text = t('status.waiting');
  else if (app.hintWaiting) text = t('status.hint_wait');
  $('now').textContent = text;
  $('status').className = app.say ? 'warn' : '';
  $('summary').textContent = app.summary ? panel.summaryText(app.summary.msg) : '';
  $('summary').className = app.summary?.foul ? 'foul' : '';
  // Strokes shown at once while catching up can be watched in the replay.
  const missed = app.missed;
  $('missed').hidden = !missed || !app.id;
  if (missed && app.id) {
    $('missed-link').textContent = t('status.missed', { n: missed.count });
    // From the end: the missed strokes, and the one that played after them.
    $('missed-link').href = `replay.html#game=${encodeURIComponent(app.id)}&stroke=${-(missed.count + 1)}`;
  }
  $('connection').hidden = !(app.id && app.wasOpen && app.connection !== 'open');
  $('connection').title = t('status.reconnecting');
}

function refreshGameLinks() {
  const id = app.id;
  $('game-links').hidden = !id;
  if (!id) return;
  const q = encodeURIComponent(id);
  $('record-link').href = `/api/games/${q}/record`;
  $('record-link').setAttribute('download', `novuss-${id.slice(0, 12)}.json`);
  $('replay-link').href = `replay.html#game=${q}`;
}

function refreshBanner() {
  const ph = phase();
  const show = ph === 'between' || ph === 'over';
  $('banner').hidden = !show;
  if (!show) return;
  $('banner-text').textContent = panel.resultText(app.state);
  // Only the game's players start the next set; a watcher waits for them.
  $('next-set').hidden = ph !== 'between' || (!!app.state?.seats && !people.isPlayer(app.state, app.me));
  $('banner-new-game').hidden = ph !== 'over';
  // A rematch between people is offered to the other side, once.
  const between = people.betweenPeople(app.state);
  $('rematch').hidden = ph !== 'over' || (!!app.state?.seats && !people.isPlayer(app.state, app.me));
  $('rematch').textContent = t(between ? 'btn.offer_rematch' : 'btn.rematch');
  if (between) $('rematch').disabled = !(app.connection === 'open' && offers.canOfferRematch());
}

function refreshHint() {
  const box = $('hint-box');
  const b = app.hint?.best;
  box.hidden = !b || phase() !== 'idle';
  if (!b) return;
  const pct = (x) => Math.round((x ?? 0) * 100);
  // How sure the hint is: its chances are counted over this many tries
  // of the stroke with a hand's errors.
  const parts = [t('hint.line', { speed: b.stroke.speed.toFixed(2), pot: pct(b.pot_chance), foul: pct(b.foul_chance) })];
  if (b.samples) parts.push(t('hint.sure', { n: b.samples, level: t(`level.${app.hint.level}`) }));
  // Discs by the numbers the aim tool shows, not their ids; a stroke found
  // by trying is named by what it pots as meant (the aim tool's judgment).
  const number = (id) => discNumbers(app.state).get(id) ?? id;
  if (b.disc !== undefined && b.disc !== null && b.corner) parts.push(t('hint.target', { disc: number(b.disc), pocket: t(`pocket.${b.corner}`) }));
  else if (b.pots) parts.push(t('hint.target', { disc: number(b.pots.disc), pocket: t(`pocket.${b.pots.pocket}`) }));
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
  if (adopt(app, state)) maker.reset();
  syncPower();
  refresh();
}

// ---- Requests -------------------------------------------------------------

/** The levels a hint may be asked at, from the server's options, weakest first. */
function fillHintLevels(levels) {
  app.hintLevels = levels;
  const sel = $('hint-level');
  const names = levels.length ? levels : [prefs.hint];
  sel.replaceChildren(...names.map((l) => Object.assign(document.createElement('option'), { value: l, textContent: t('hint.level_option', { level: t(`level.${l}`) }) })));
  if (!names.includes(prefs.hint)) prefs.hint = names.includes('expert') ? 'expert' : names[names.length - 1];
  sel.value = prefs.hint;
}

/**
 * The seat that resigns from this page: the one person's against the
 * computer, otherwise (one screen shared) the person to stroke.
 */
function resignSeat(st) {
  if (!st) return null;
  // Between people, this page resigns only for the seat it holds.
  if (st.seats && app.me !== undefined) {
    const k = st.seats.findIndex((_, i) => people.holds(st, app.me, i));
    if (k < 0) return null;
    if (people.betweenPeople(st)) return st.players[k]?.seat ?? null;
  }
  const humans = st.players.filter((p) => p.kind === 'human' && p.seat);
  if (humans.length === 1) return humans[0].seat;
  return st.turn?.kind === 'human' ? st.turn.seat : null;
}

function askResign() {
  const st = app.state;
  const seat = resignSeat(st);
  if (!seat) return;
  const k = st.players.findIndex((p) => p.seat === seat);
  $('resign-text').textContent = t('resign.text', { name: panel.playerName(st, k) });
  $('resign-dialog').returnValue = '';
  $('resign-dialog').showModal();
}

/**
 * The same match again with the seats swapped: the other player (in
 * doubles, the other team) opens from the south seat this time. Names,
 * levels, format, profile, sets and take-backs are kept.
 */
async function rematch() {
  const st = app.state;
  if (!st) return;
  if (people.betweenPeople(st)) {
    offers.make('rematch');
    return;
  }
  $('rematch').disabled = true;
  try {
    const next = await api.create(rematchRequest(st));
    await openGame(next.id, next);
  } catch (e) {
    showError(e.code || 'network', e.message);
  } finally {
    $('rematch').disabled = false;
  }
}

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
      // The hint plays at the level the player chose: a beginner's advice
      // is not a master's.
      if (ph === 'idle' && !app.hintWaiting && send({ type: 'hint', event: st.event, level: prefs.hint })) {
        app.hintWaiting = true;
        refresh();
      }
      break;
    case 'take_back':
      if ($('take-back').disabled) break;
      // Between people: asked of the other side.
      if (people.betweenPeople(st)) offers.make('take_back');
      else if (st?.can_take_back) send({ type: 'take_back', event: st.event });
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
    case 'target':
      aimTool.show(true);
      break;
    case 'describe':
      narrator.toggleDescription(true);
      break;
    case 'mute':
      setSound(!sounds.on);
      narrator.announce(t(sounds.on ? 'sound.on' : 'sound.off'));
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
  events.stop();
  Object.assign(app, {
    id, socket: null, state: null, seen: null, queue: [], thinking: null, waiting: false,
    hint: null, hintWaiting: false, say: null, summary: null, sentAt: null, history: 0,
    connection: 'connecting', wasOpen: false,
  });
  narrator.reset();
  clocks.clear();
  offers.reset();
  chat.reset();
  clearError();
  if (gameIdFromUrl() !== id) history.replaceState(null, '', `${location.pathname}#game=${encodeURIComponent(id)}`);
  refresh();
  try {
    const st = state ?? await api.game(id);
    // This browser may have become a person since the page loaded (a game
    // made in another tab, say).
    if (!app.me) app.me = await whoAmI();
    if (app.id !== id) return;
    // A game kept from before there were people is its first player's:
    // this browser becomes a person to claim it by playing.
    if (!app.me && st.seats?.some((s) => s.holder === 'unclaimed')) {
      app.me = (await api.setMe(null))?.person ?? null;
    }
    show(st);
    // Resuming: ask for the last few events too, to show the last verdict
    // and the log; they are applied without animation (app.history).
    app.seen = state ? st.event : Math.max(0, st.event - RESUME_EVENTS);
    app.history = st.event;
  } catch (e) {
    if (app.id !== id) return;
    app.id = null;
    showError(e.code || 'network', e.message);
    startDialog.open();
    return;
  }
  app.socket = new GameSocket(id, {
    since: () => app.seen,
    onMessage: (msg) => { if (!chat.onMessage(msg)) events.onMessage(msg); },
    onStatus: (s) => {
      app.connection = s;
      if (s === 'open') app.wasOpen = true;
      refresh();
    },
  });
  layout();
}

// ---- Start-up ----------------------------------------------------------------

/** Every word of the page in the language in force (again after a switch). */
function fillTexts() {
  fillWords(document, t);
  document.title = t('app.title');
  canvas.setAttribute('aria-label', tableLabel(app.state));
}

/** The language changed: every word is redrawn at once; the game goes on untouched. */
function relabel() {
  fillTexts();
  const error = $('error');
  if (!error.hidden) error.textContent = errorText(error.dataset.code);
  narrator.relabel();
  chat.relabel();
  syncPower();
  startDialog.relabel();
  coach.render();
  if (app.hintLevels) fillHintLevels(app.hintLevels);
  refresh();
  layout(true); // the words below the table may wrap differently now
}

function setSound(on) {
  sounds.set(on);
  $('mute').setAttribute('aria-pressed', String(!sounds.on));
}

function wire() {
  // The game page lists the others; its own New game is the button.
  mountHeader('game', { listCurrent: false });
  // The form is modal: it has its own switch, last in its order of keys.
  $('start').append(Object.assign(languageSwitch(), { id: 'start-language' }));
  onLanguage(relabel);
  $('skip-link').addEventListener('click', (e) => {
    e.preventDefault(); // the URL keeps the game's id
    canvas.scrollIntoView({ block: 'nearest' });
    canvas.focus({ preventScroll: true });
  });
  $('mute').setAttribute('aria-pressed', String(!sounds.on));
  $('mute').onclick = () => setSound(!sounds.on);
  $('new-game').onclick = () => startDialog.open();
  $('banner-new-game').onclick = () => startDialog.open();
  $('rematch').onclick = () => rematch();
  $('my-name').onsubmit = async (e) => {
    e.preventDefault();
    const name = $('my-name-input').value.trim() || null;
    try {
      await api.setMe(name);
      clearError();
    } catch (err) {
      showError(err.code || 'network', err.message);
    }
  };
  $('resign').onclick = () => askResign();
  $('abort').onclick = () => {
    const st = app.state;
    const seat = resignSeat(st);
    if (seat && st.can_abort) send({ type: 'abort', event: st.event, seat });
  };
  $('resign-dialog').addEventListener('close', () => {
    const st = app.state;
    const seat = resignSeat(st);
    if ($('resign-dialog').returnValue === 'resign' && seat) send({ type: 'resign', event: st.event, seat });
    canvas.focus({ preventScroll: true });
  });
  $('next-set').onclick = () => command('next_set');
  $('take-back').onclick = () => command('take_back');
  $('hint').onclick = () => command('hint');
  $('strike').onclick = () => maker.strike();
  $('skip').onclick = () => {
    if (app.anim) app.anim.skipped = true; // a skipped stroke is silent
    app.anim?.player?.skip();
  };
  $('use-hint').onclick = () => { if (app.hint?.best) maker.use(app.hint.best.stroke); };
  $('view').onclick = () => command('view');
  $('rate').onclick = () => {
    // Normal, faster, then slow motion for studying a stroke, and round.
    const RATES = [1, 2, 4, 0.25, 0.5];
    prefs.rate = RATES[(RATES.indexOf(prefs.rate) + 1) % RATES.length];
    savePrefs();
    if (app.anim?.player) app.anim.player.rate = prefs.rate;
    refreshControls();
  };
  $('hint-level').onchange = () => { prefs.hint = $('hint-level').value; savePrefs(); };
  api.options().then((o) => fillHintLevels(o.levels ?? [])).catch(() => fillHintLevels([]));
  $('show-refs').onchange = () => { prefs.refs = $('show-refs').checked; savePrefs(); refreshControls(); };
  $('pace').onclick = () => {
    prefs.pace = prefs.pace === 'fast' ? 'normal' : 'fast';
    savePrefs();
    refreshControls();
  };
  $('guide').onchange = () => { prefs.guide = $('guide').checked; savePrefs(); render(); };
  $('power-input').oninput = () => maker.setSpeed(Number($('power-input').value));
  // A mouse click on a button must not leave it focused: Space and Enter
  // belong to the stroke afterwards. (The keyboard's focus stays put.)
  for (const b of document.querySelectorAll('#stage button, #panel button, #mute')) {
    b.addEventListener('click', (e) => { if (e.detail > 0) canvas.focus({ preventScroll: true }); });
  }
  window.addEventListener('resize', () => layout(true));
  new ResizeObserver(() => layout()).observe($('stage'));
  window.addEventListener('hashchange', () => {
    const id = gameIdFromUrl();
    if (id && id !== app.id) {
      startDialog.dismiss();
      openGame(id);
    }
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
  get animated() { return animated.map((a) => ({ ...a })); },
  get missed() { return app.missed ?? null; },
  get me() { return app.me ?? null; },
  // The page's own error box, as a refusal from the server shows it.
  showError: (code) => showError(code),
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
  get last() { return narrator.last; },
  get sounds() { return { on: sounds.on, ready: sounds.ready, played: sounds.played }; },
};

fillTexts();
wire();
layout();
syncPower();
refreshControls();
// An invitation in the address takes its seat first (and the address loses
// the secret); a seat somebody took first leaves this page watching.
(async () => {
  const invite = people.inviteFromUrl();
  if (invite) {
    const r = await people.acceptInvite(invite);
    app.me = await whoAmI();
    // The name this browser last gave in the new-game form, if any, names
    // the invited player too (they can change it beside the table).
    const remembered = rememberedName();
    if (r.taken && remembered) await api.setMe(remembered).catch(() => {});
    await openGame(invite.game);
    if (!r.taken) showError(r.code);
    return;
  }
  app.me = await whoAmI();
  const initial = gameIdFromUrl();
  // A game opened meanwhile by its address (hashchange) is already shown.
  if (initial && initial !== app.id) openGame(initial);
  else if (!initial) startDialog.open();
})();

// Closing the page says goodbye: the opponent's wait for an absent player
// is shorter than after a dropped connection (docs/protocol.md, "Clocks
// and absence").
window.addEventListener('pagehide', () => { app.socket?.send({ type: 'bye' }); });
