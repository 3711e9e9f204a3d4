// @ts-check
// The game page's state: the game as the page sees it (what the server
// sent, what is queued and playing) and the page's own (the player's
// preferences, the error shown, the people at the game). One object, held
// by the page's store (store.js): modules read `store.state` and change it
// only through `store.update`, after which the page is drawn from it.

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Seat} Seat */
/** @typedef {import('../shared/protocol.js').SeatView} SeatView */
/** @typedef {import('../shared/protocol.js').EventMessage} EventMessage */
/** @typedef {import('../shared/protocol.js').StrokeMessage} StrokeMessage */
/** @typedef {import('../shared/protocol.js').ThinkingMessage} ThinkingMessage */
/** @typedef {import('../shared/protocol.js').HintMessage} HintMessage */
/** @typedef {import('../shared/protocol.js').Invite} Invite */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('./events.js').Animation} Animation */

/**
 * What the player chose, remembered on this browser.
 * @typedef {object} Prefs
 * @property {boolean} guide the aim guide is drawn
 * @property {'south' | 'mover'} view the table seen from one's own seat, or from the player to stroke
 * @property {number} rate the animations' playback rate
 * @property {'normal' | 'fast'} pace the computer's pace
 * @property {boolean} refs the verdict shows its clauses
 * @property {string} hint the level hints are asked at
 */

/**
 * The page's state.
 * @typedef {object} GameView
 * @property {string | null} id the game shown
 * @property {State | null} state the state drawn: the last event shown
 * @property {number | null} seen the last event received (shown or queued): what `hello` asks after
 * @property {EventMessage[]} queue events received and not shown yet
 * @property {Animation | null} anim the stroke playing, if one is
 * @property {ThinkingMessage | null} thinking the last `thinking` message
 * @property {boolean} waiting a request is out and its event has not come
 * @property {HintMessage | null} hint the last hint for the event shown
 * @property {Vec2 | null} [hintFrom] where the striker stood when the hint came (null: not yet seen): moved from there, the hint's arrow is stale
 * @property {boolean} hintWaiting a hint was asked for and has not come
 * @property {string | null} say a status line set by the stroke maker (a word id)
 * @property {{msg: StrokeMessage, foul: boolean} | null} summary the last stroke, in one line under the table
 * @property {import('../shared/protocol.js').CalledMessage | null} called the last event, if the server called it (a time-out, a claim): said under the table and over it
 * @property {number | null} sentAt the event a stroke of this page was sent at
 * @property {number} history events up to this one are a resumed page's past: no animation
 * @property {'connecting' | 'open' | 'closed'} connection the game's socket
 * @property {boolean} wasOpen the socket has been open: a drop is a reconnection
 * @property {{first: number, last: number, count: number} | null} [missed] strokes shown at once while catching up, to watch in the replay
 * @property {string | null | undefined} me this browser's person (null: none yet; undefined: not asked yet), whose seats the page plays
 * @property {Seat} viewSeat the seat of the last person to stroke: the table's view when it follows the mover
 * @property {{id: string, list: Invite[]} | null} invites the invitation secrets of the game this page made
 * @property {SeatView[] | null} presence who holds each seat and who is connected, as the last `seats` message said
 * @property {{code: string, detail: string} | null} error the refusal or failure shown
 * @property {string[] | null} hintLevels the levels a hint may be asked at (from the server's options)
 * @property {boolean} rematchAsked a rematch against the computer is being made
 * @property {Prefs} prefs
 */

const PREFS = 'novuss.prefs';

/** @returns {Prefs} the preferences remembered, the defaults for the rest */
export function readPrefs() {
  /** @type {Partial<Prefs>} */
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(PREFS) ?? 'null') || {}; } catch { /* none kept */ }
  return { guide: true, view: 'south', rate: 1, pace: 'normal', refs: false, hint: 'expert', ...kept };
}

/** @param {Prefs} prefs */
export function savePrefs(prefs) {
  localStorage.setItem(PREFS, JSON.stringify(prefs));
}

/**
 * What a game just opened starts from: nothing shown, received or asked.
 * @param {string | null} id
 * @returns {Partial<GameView>}
 */
export function freshGame(id) {
  return {
    id, state: null, seen: null, queue: [], thinking: null, waiting: false,
    hint: null, hintWaiting: false, say: null, summary: null, called: null, sentAt: null, history: 0,
    connection: id ? 'connecting' : 'closed', wasOpen: false,
  };
}

/**
 * The page before any game.
 * @returns {GameView}
 */
export function initialState() {
  return {
    id: null,
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
    called: null,
    sentAt: null,
    history: 0,
    connection: 'closed',
    wasOpen: false,
    missed: null,
    viewSeat: 'south',
    me: undefined,
    invites: null,
    presence: null,
    error: null,
    hintLevels: null,
    rematchAsked: false,
    prefs: readPrefs(),
  };
}

/**
 * After a state is shown: when the view follows the mover, it turns to a
 * person to stroke (and stays with them through the computer's strokes).
 * @param {GameView} page
 */
export function followTurn(page) {
  const turn = page.state?.turn;
  if (turn && turn.kind === 'human' && !page.anim) page.viewSeat = turn.seat;
}
