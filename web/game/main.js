// @ts-check
// The game page's wiring: the page's state in one store (state.js,
// store.js), drawn from it after every change (the controls, controls.js;
// the panels, panels.js; the table, scene.js); the start form, the game's
// connection and its queue of events (events.js, with the sounds of
// sound.js); the stroke maker and the aim tool; what is said about the
// game (narrate.js); the page's language. The server is authoritative: the
// page shows a state only when the server sends it, and animates exactly
// the motion that came with it.

import { t } from '../shared/text.js';
import { onLanguage, languageSwitch, fillTexts as fillWords } from '../shared/lang.js';
import { api, GameSocket } from '../shared/net.js';
import { TableView } from '../shared/table.js';
import { play } from '../shared/motion.js';
import { seatFrame } from '../shared/zone.js';
import * as panel from '../shared/panel.js';
import { mountHeader } from '../shared/header.js';
import { byId as $ } from '../shared/dom.js';
import { StrokeMaker } from './input.js';
import { StartDialog } from './start.js';
import { tableLabel } from './describe.js';
import { Sounds } from './sound.js';
import { AimTool } from './aimtool.js';
import { Narrator } from './narrate.js';
import { EventQueue, adopt, phase as phaseOf } from './events.js';
import { Coach, coachDone } from './coach.js';
import * as people from './online.js';
import { whoAmI } from './online.js';
import { Clocks } from './clocks.js';
import { Offers } from './offers.js';
import { createChat } from './chat.js';
import { Audience } from './audience.js';
import { createStore } from './store.js';
import { initialState, freshGame, followTurn } from './state.js';
import { showCompetition } from './competition.js';
import { controlsFor, drawControls } from './controls.js';
import { drawPanels } from './panels.js';
import { viewSeatOf, tableDrawer, sceneOf } from './scene.js';
import { createActions } from './actions.js';

/** @typedef {import('./state.js').GameView} GameView */
/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */

// How many past events a resumed page asks for, for its verdict and log.
const RESUME_EVENTS = 30;

// The page's state, drawn after every change: the whole page, or for an
// animation's frame the table alone.
const store = createStore(initialState(), (_, scope) => (scope === 'table' ? render() : drawPage()));
/** @type {GameSocket | null} the game's connection */
let socket = null;

/** What the page does (body[data-phase]). */
const phase = () => phaseOf(store.state);

const canvas = $('table', HTMLCanvasElement);
const view = new TableView(canvas);
const toTable = () => canvas.focus({ preventScroll: true });
const maker = new StrokeMaker(view, canvas, {
  state: () => store.state.state,
  enabled: () => phase() === 'idle',
  // The player doing something new: an error about what they did before
  // no longer applies.
  changed: () => {
    actions.clearError();
    drawControlsNow();
    render();
    coach.update();
  },
  strike: (stroke) => actions.sendStroke(stroke),
  say: (id) => {
    if (store.state.say !== id) store.update({ say: id });
    if (id) narrator.announce(t(id));
  },
  command: (name) => actions.command(name),
});
const sounds = new Sounds();
const aimTool = new AimTool({
  state: () => store.state.state,
  enabled: () => phase() === 'idle',
  viewSeat: () => viewSeatOf(store.state),
  use: (stroke) => maker.use(stroke),
  // The hand its chances are counted under: the hint's level's, so that
  // a hinted stroke gets the same chance in both.
  hand: () => store.state.prefs.hint,
  changed: () => render(),
  toTable,
});
const startDialog = new StartDialog({
  options: () => api.options(),
  // This browser's games in progress, its move first (the list names the
  // games; their states say whose move it is).
  games: async () => people.gamesInProgress(await api.games(), await whoAmI(), (id) => api.game(id)),
  create: async (body) => {
    const created = await api.create(body);
    // The secrets of the invited seats come once, with the new game.
    const invites = created.invites?.length ? { id: created.id, list: created.invites } : null;
    store.update({ invites, me: await whoAmI() });
    return created;
  },
  opened: async (st, learn) => {
    await openGame(st.id, st);
    if (learn) coach.start();
  },
  offerCoach: () => !coachDone(),
  hasGame: () => !!store.state.state,
  gameId: () => store.state.id,
  showError: (code, detail) => actions.showError(code, detail),
  toTable,
  changed: () => { document.body.dataset.phase = phase(); },
});
const narrator = new Narrator({
  state: () => store.state.state,
  viewSeat: () => viewSeatOf(store.state),
  toTable,
});
const coach = new Coach($('coach'), {
  stroke: () => (maker.at ? maker.stroke() : null),
  phase: () => phase(),
  event: () => store.state.state?.event ?? null,
});
const clocks = new Clocks($('clocks'), {
  state: () => store.state.state,
  me: () => store.state.me,
  send: (msg) => actions.send(msg),
});
const offers = new Offers($('offer'), {
  state: () => store.state.state,
  me: () => store.state.me,
  send: (msg) => actions.send(msg),
  lastStroke: () => store.state.summary?.msg ?? null,
});
// How many watch the game, at the top of the page.
const audience = new Audience($('audience'));
// The chat beside the table, between people and for watchers.
const chat = createChat($('chat'), {
  send: (msg) => !!socket?.send(msg),
  me: () => store.state.me ?? null,
  becomePerson: async () => {
    // Writing makes a watcher a person: the socket then opens again as
    // them, and the line goes once it has (chat.js).
    try {
      store.update({ me: (await api.setMe(null))?.person ?? null });
    } catch (e) {
      actions.failed(e);
      return false;
    }
    socket?.ws?.close();
    return !!store.state.me;
  },
  nameOf: (k) => (store.state.state ? panel.playerName(store.state.state, k) : ''),
  showError: (code) => actions.showError(code),
  game: () => store.state.id,
});
const actions = createActions({
  store,
  socket: () => socket,
  offers,
  aimTool,
  narrator,
  toggleSound: () => {
    setSound(!sounds.on);
    return sounds.on;
  },
  controls: () => controls(),
  openGame: (id, st) => openGame(id, st),
});
// Every stroke animated, with its frames counted, for the tests.
// `start`: the clock it started at when joined while moving (else null);
// `times`: the clock at each frame drawn.
/** @type {{event: number | null, by: string | null, striker: Vec2 | null, lead: number, start: number | null, duration: number, frames: number, times: number[]}[]} */
const animated = [];
/**
 * Shows `state` as the table's picture: the next turn starts from it.
 * @param {State} state
 */
const show = (state) => store.update((s) => {
  if (adopt(s, state)) maker.reset();
  followTurn(s);
});
const events = new EventQueue(store, {
  show,
  seats: (seats, may) => store.update((s) => {
    // Who holds the seats may have changed too (an invited seat taken):
    // the state shown takes the holders, and the presence is kept apart;
    // what each client may do changes with them.
    s.presence = seats;
    if (s.state) s.state = { ...s.state, seats: seats.map(({ connected, ...held }) => held), may: may ?? s.state.may };
  }),
  timers: (msg) => clocks.update(msg),
  watchers: (count) => audience.set(count),
  offer: (msg) => {
    // What each client may do changes with an offer and its answer.
    if (msg.type !== 'rematch' && msg.may) store.update((s) => { if (s.state) s.state = { ...s.state, may: msg.may }; });
    if (msg.type === 'offer') offers.offered(msg);
    else if (msg.type === 'answered') offers.answered(msg.kind, msg.accepted);
    // The rematch both sides agreed on: everyone at the game goes there.
    else if (msg.type === 'rematch' && msg.id !== store.state.id) openGame(msg.id);
    drawPage();
  },
  resync: () => socket?.resync(),
  showError: (code, detail) => actions.showError(code, detail),
  clearError: () => actions.clearError(),
  hintShown: () => {
    // Where the striker stands now: moved from here, the arrow goes (scene.js).
    const at = maker.at;
    store.update((s) => { s.hintFrom = at ? [at[0], at[1]] : null; }, 'table');
    narrator.announce(`${t('hint.title')}: ${$('hint-text').textContent}`);
  },
  narrate: (msg, live) => narrator.event(msg, live),
  flush: () => narrator.flush(),
  sound: (motion, from, to, rate) => sounds.between(motion, from, to, rate),
  play: (motion, options) => {
    const msg = store.state.anim?.msg;
    const seen = { event: msg?.event ?? null, by: msg?.by ?? null, striker: msg?.stroke?.striker ?? null, lead: options.lead, start: options.start ?? null, duration: motion.duration, frames: 0, times: /** @type {number[]} */ ([]) };
    animated.push(seen);
    if (animated.length > 200) animated.shift();
    return play(motion, {
      ...options,
      onFrame: (time) => {
        if (time > 0) seen.frames += 1;
        if (seen.times.length < 600) seen.times.push(time);
        options.onFrame(time);
      },
    });
  },
  rate: () => store.state.prefs.rate,
  pace: () => (store.state.prefs.pace === 'fast' ? 'fast' : 'normal'),
});
const render = tableDrawer(view, () => store.state, { maker, aimTool });

// ---- Drawing -------------------------------------------------------------------

/** The controls as the state and the stroke being made have them now. */
function controls() {
  return controlsFor(store.state, maker, { askTakeBack: offers.canAskTakeBack(), offerRematch: offers.canOfferRematch() });
}

/** The controls and the status line alone: the stroke being made changed. */
function drawControlsNow() {
  drawControls(controls(), store.state.hintLevels);
}

/** The whole page from its state. */
function drawPage() {
  coach.update();

  drawPanels(store.state, { narrator, aimTool, clocks, offers, chat, renewInvites: actions.renewInvites });
  drawControlsNow();
  render();
}

// The room kept under the table for the status, the power and the tools:
// measured when the window's size or the language changes, never when a
// line there wraps or an error appears, so the table never changes size
// under the player's pointer.
/** @type {number | null} */
let reservedBelow = null;

function layout(remeasure = false) {
  const wrap = $('table-wrap');
  const stacked = window.matchMedia('(max-width: 860px)').matches;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  if (remeasure || reservedBelow === null) reservedBelow = $('status').offsetHeight + $('controls').offsetHeight + $('tools').offsetHeight + 30;
  const below = reservedBelow;
  const byHeight = window.innerHeight - (stacked ? 0 : top) - (stacked ? 0 : below);
  const size = Math.max(240, Math.floor(Math.min(wrap.parentElement?.clientWidth ?? 0, stacked ? window.innerHeight * 0.78 : byHeight)));
  wrap.style.width = `${size}px`;
  wrap.style.height = `${size}px`;
  view.resize(size);
  render();
}

// ---- Games -----------------------------------------------------------------

function gameIdFromUrl() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  return hash.get('game') || query.get('game');
}

/**
 * Shows game `id` (its state `given` when the page has it already) and
 * follows it on its socket.
 * @param {string} id
 * @param {State} [given]
 */
async function openGame(id, given) {
  socket?.close();
  socket = null;
  store.update(() => {
    events.stop();
    store.update(freshGame(id));
    narrator.reset();
    clocks.clear();
    offers.reset();
    chat.reset();
    audience.set(0);
    actions.clearError();
    if (gameIdFromUrl() !== id) history.replaceState(null, '', `${location.pathname}#game=${encodeURIComponent(id)}`);
  });
  try {
    const st = given ?? await api.game(id);
    // This browser may have become a person since the page loaded (a game
    // made in another tab, say).
    if (!store.state.me) store.update({ me: await whoAmI() });
    if (store.state.id !== id) return;
    // A game kept from before there were people is its first player's:
    // this browser becomes a person to claim it by playing.
    if (!store.state.me && st.seats?.some((s) => s.holder === 'unclaimed')) {
      store.update({ me: (await api.setMe(null))?.person ?? null });
    }
    store.update(() => {
      show(st);
      // Resuming: ask for the last few events too, to show the last
      // verdict and the log; they are applied without animation (history).
      store.update({ seen: given ? st.event : Math.max(0, st.event - RESUME_EVENTS), history: st.event });
    });
    // A board of a competition played here names it.
    showCompetition(id);
  } catch (e) {
    if (store.state.id !== id) return;
    store.update({ id: null });
    actions.failed(e);
    startDialog.open();
    return;
  }
  socket = new GameSocket(id, {
    since: () => store.state.seen,
    onMessage: (msg) => { if (!chat.onMessage(msg)) events.onMessage(msg); },
    onStatus: (s) => store.update((v) => {
      // A connection is told how many watch if anyone does.
      if (s === 'open') audience.set(0);
      v.connection = s;
      if (s === 'open') v.wasOpen = true;
    }),
    onSessionEnded: actions.sessionEnded,
  });
  layout();
}

// ---- Start-up ----------------------------------------------------------------

/** Every word of the page in the language in force (again after a switch). */
function fillTexts() {
  fillWords(document, t);
  document.title = t('app.title');
  canvas.setAttribute('aria-label', tableLabel(store.state.state));
}

/** The language changed: every word is redrawn at once; the game goes on untouched. */
function relabel() {
  fillTexts();
  narrator.relabel();
  chat.relabel();
  audience.render();
  startDialog.relabel();
  coach.render();
  drawPage();
  layout(true); // the words below the table may wrap differently now
}

/** @param {boolean} on */
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
    toTable();
  });
  $('mute').setAttribute('aria-pressed', String(!sounds.on));
  $('mute').onclick = () => setSound(!sounds.on);
  $('new-game').onclick = () => startDialog.open();
  $('banner-new-game').onclick = () => startDialog.open();
  $('rematch').onclick = () => actions.rematch();
  $('my-name').onsubmit = (e) => {
    e.preventDefault();
    actions.setName($('my-name-input', HTMLInputElement).value.trim() || null);
  };
  $('resign').onclick = () => actions.askResign();
  $('abort').onclick = () => actions.abort();
  $('resign-dialog').addEventListener('close', () => {
    actions.resignAnswered();
    toTable();
  });
  $('next-set').onclick = () => actions.command('next_set');
  $('take-back').onclick = () => actions.command('take_back');
  $('hint').onclick = () => actions.command('hint');
  $('strike').onclick = () => maker.strike();
  $('skip').onclick = () => {
    const anim = store.state.anim;
    if (anim) store.update(() => { anim.skipped = true; }, 'table'); // a skipped stroke is silent
    anim?.player?.skip();
  };
  $('use-hint').onclick = () => { const best = store.state.hint?.best; if (best) maker.use(best.stroke); };
  $('view').onclick = () => actions.command('view');
  $('rate').onclick = () => {
    // Normal, faster, then slow motion for studying a stroke, and round.
    const RATES = [1, 2, 4, 0.25, 0.5];
    const rate = RATES[(RATES.indexOf(store.state.prefs.rate) + 1) % RATES.length];
    actions.setPrefs({ rate });
    const player = store.state.anim?.player;
    if (player) player.rate = rate;
  };
  const levels = $('hint-level', HTMLSelectElement);
  levels.onchange = () => actions.setPrefs({ hint: levels.value });
  api.options().then((o) => hintLevels(o.levels ?? [])).catch(() => hintLevels([]));
  const refs = $('show-refs', HTMLInputElement);
  refs.onchange = () => actions.setPrefs({ refs: refs.checked });
  $('pace').onclick = () => actions.setPrefs({ pace: store.state.prefs.pace === 'fast' ? 'normal' : 'fast' });
  const guide = $('guide', HTMLInputElement);
  guide.onchange = () => actions.setPrefs({ guide: guide.checked });
  const power = $('power-input', HTMLInputElement);
  power.oninput = () => maker.setSpeed(Number(power.value));
  // A mouse click on a button must not leave it focused: Space and Enter
  // belong to the stroke afterwards. (The keyboard's focus stays put.)
  for (const b of document.querySelectorAll('#stage button, #panel button, #mute')) {
    b.addEventListener('click', (e) => { if (e instanceof MouseEvent && e.detail > 0) toTable(); });
  }
  window.addEventListener('resize', () => layout(true));
  new ResizeObserver(() => layout()).observe($('stage'));
  // The address is the page's to follow whenever it changes: a link
  // pasted into this tab changes only its fragment when the path is the
  // same, and a step back or forward in the history changes it too.
  window.addEventListener('hashchange', followAddress);
  window.addEventListener('popstate', followAddress);
}

/**
 * The address's changes, acted on one after another: hashchange and
 * popstate both tell of one, and the second finds it done (the secret
 * gone, the game shown).
 */
let following = Promise.resolve();

/**
 * Acts on the address: an invitation in it takes its seat (and the
 * address loses the secret; a seat somebody took first leaves this page
 * watching), another game's id opens that game. The new-game form gives
 * way to either.
 */
function followAddress() {
  following = following.then(async () => {
    const invite = people.inviteFromUrl();
    if (invite) {
      startDialog.dismiss();
      const r = await people.acceptInvite(invite);
      const me = await api.me().catch(() => null);
      store.update({ me: me?.person ?? null });
      // A person with no name yet (none chosen, no account) is named by
      // the name this browser last gave in the new-game form, if any (they
      // can change it beside the table).
      const remembered = rememberedName();
      if (r.taken && remembered && !me?.name) await api.setMe(remembered).catch(() => {});
      // Opened again even when it is the game shown: this page is now one
      // of its players, and its connection says so from the start.
      await openGame(invite.game);
      if (!r.taken) actions.showError(r.code ?? 'network');
      return;
    }
    const id = gameIdFromUrl();
    if (id && id !== store.state.id) {
      startDialog.dismiss();
      await openGame(id);
    }
  }).catch((e) => actions.failed(e));
}

/**
 * The levels a hint may be asked at, from the server's options, weakest
 * first; the level chosen is one of them.
 * @param {string[]} levels
 */
function hintLevels(levels) {
  store.update((s) => {
    s.hintLevels = levels;
    const names = levels.length ? levels : [s.prefs.hint];
    if (!names.includes(s.prefs.hint)) s.prefs.hint = names.includes('expert') ? 'expert' : names[names.length - 1];
  });
}

/** The name this browser last typed for itself in the new-game form. */
function rememberedName() {
  try {
    return String(JSON.parse(localStorage.getItem('novuss.newGame') ?? '{}')?.name ?? '').trim().slice(0, 40) || null;
  } catch {
    return null;
  }
}

// Hooks for tests and for the curious: the state, the phase, and where a
// table point is on the page (so a test can drag the striker there).
Object.assign(window, {
  novussDebug: {
    get state() { return store.state.state; },
    get phase() { return phase(); },
    get event() { return store.state.state?.event ?? null; },
    get hint() { return store.state.hint; },
    // Whether the table draws the hint's arrow now.
    get hintArrow() { return !!sceneOf(store.state, { maker, aimTool }).hint; },
    get stroke() { return maker.at ? { ...maker.stroke(), placeProblem: maker.placeProblem, aimProblem: maker.aimProblem } : null; },
    get viewSeat() { return viewSeatOf(store.state); },
    get animated() { return animated.map((a) => ({ ...a })); },
    get missed() { return store.state.missed ?? null; },
    get me() { return store.state.me ?? null; },
    // The page's own error box, as a refusal from the server shows it.
    showError: (/** @type {string} */ code) => actions.showError(code),
    /** @param {Vec2} p */
    toPage(p) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = view.toScreen(p);
      return { x: r.left + x, y: r.top + y };
    },
    /** @param {number} x @param {number} y */
    toTable(x, y) {
      const r = canvas.getBoundingClientRect();
      return view.toTable([x - r.left, y - r.top]);
    },
    seatFrame,
    pixelsPerMetre: () => view.ppm,
    render: () => render(),
    get last() { return narrator.last; },
    get sounds() { return { on: sounds.on, ready: sounds.ready, played: sounds.played }; },
  },
});

fillTexts();
wire();
layout();
drawControlsNow();
// The address names a game (or an invitation to one): it is opened as
// any later change of the address would be. Without one, the new-game
// form is the page, unless a game was opened meanwhile (hashchange).
(async () => {
  if (people.inviteFromUrl() || gameIdFromUrl()) {
    followAddress();
    // Loaded again because the session ended: said once the game shows.
    if (actions.wasSignedOut()) following = following.then(() => actions.showError('signed_out'));
    return;
  }
  store.update({ me: await whoAmI() });
  if (!store.state.id) startDialog.open();
})();

// Closing the page says goodbye: the opponent's wait for an absent player
// is shorter than after a dropped connection (docs/protocol.md, "Clocks
// and absence").
window.addEventListener('pagehide', () => { socket?.send({ type: 'bye' }); });
