// @ts-check
// What the player does on the game page, other than making a stroke: the
// messages sent on the game's socket (a stroke made, a hint, a take-back,
// the next set, resigning), the commands of the keys and buttons, the
// preferences, and the requests over HTTP a game's players make (new
// invitation links, a rematch against the computer, one's name). Each
// changes the page's state only through its store.

import { t } from '../shared/text.js';
import { api, errorCode, errorDetail } from '../shared/net.js';
import { byId as $ } from '../shared/dom.js';
import * as panel from '../shared/panel.js';
import { phase as phaseOf } from './events.js';
import { rematchRequest } from './rematch.js';
import { resignSeat } from './controls.js';
import { savePrefs } from './state.js';
import * as people from './online.js';

/** @typedef {import('./state.js').GameView} GameView */
/** @typedef {import('./state.js').Prefs} Prefs */
/** @typedef {import('./store.js').Store<GameView>} Store */
/** @typedef {import('../shared/protocol.js').ClientMessage} ClientMessage */
/** @typedef {import('../shared/protocol.js').Stroke} Stroke */
/** @typedef {import('../shared/protocol.js').State} State */

/**
 * What the actions act on, besides the state.
 * @typedef {object} ActionParts
 * @property {Store} store
 * @property {() => import('../shared/net.js').GameSocket | null} socket the game's socket, if one is open
 * @property {{make(kind: 'take_back' | 'rematch'): void}} offers
 * @property {{show(focus: boolean): void}} aimTool
 * @property {{toggleDescription(focus: boolean): void, announce(text: string): void}} narrator
 * @property {() => boolean} toggleSound turns the sound on or off; true when it is on now
 * @property {() => import('./controls.js').Controls} controls the controls as they stand
 * @property {(id: string, state?: State) => Promise<void>} openGame
 */

/**
 * The names of the commands of the keys (input.js) and buttons.
 * @typedef {'hint' | 'take_back' | 'next_set' | 'guide' | 'view' | 'help' | 'target' | 'describe' | 'mute' | 'escape'} Command
 */

/** The tab's mark that it loaded again because its session ended. */
const SIGNED_OUT = 'novuss.signedOut';

/** Whether this tab loaded again because its session ended (the mark is taken). */
function wasSignedOut() {
  try {
    const was = sessionStorage.getItem(SIGNED_OUT) === '1';
    sessionStorage.removeItem(SIGNED_OUT);
    return was;
  } catch {
    return false;
  }
}

/** @param {ActionParts} parts */
export function createActions(parts) {
  const { store } = parts;

  /**
   * A refusal or failure, shown in the error box until the player does something else.
   * @param {string} code
   * @param {string} [detail]
   */
  const showError = (code, detail) => store.update({ error: { code, detail: detail || '' } });
  const clearError = () => { if (store.state.error) store.update({ error: null }); };
  /**
   * A failed request, shown.
   * @param {unknown} e
   */
  const failed = (e) => showError(errorCode(e), errorDetail(e));

  /**
   * Sends `msg` on the game's socket; false (and says so) when not connected.
   * @param {ClientMessage} msg
   */
  const send = (msg) => {
    if (!parts.socket()?.send(msg)) {
      showError('not_connected');
      return false;
    }
    clearError();
    return true;
  };

  /**
   * Changes the player's preferences, and remembers them.
   * @param {Partial<Prefs>} change
   */
  const setPrefs = (change) => {
    store.update((s) => { Object.assign(s.prefs, change); });
    savePrefs(store.state.prefs);
  };

  /** @param {Stroke} stroke the stroke made */
  const sendStroke = (stroke) => {
    const st = store.state.state;
    if (phaseOf(store.state) !== 'idle' || !st?.turn) return;
    if (send({ type: 'stroke', event: st.event, seat: st.turn.seat, ...stroke })) {
      store.update({ sentAt: st.event, waiting: true, say: null });
    }
  };

  /** @param {Command} name */
  const command = (name) => {
    const page = store.state;
    const st = page.state;
    const ph = phaseOf(page);
    switch (name) {
      case 'hint':
        // The hint plays at the level the player chose: a beginner's advice
        // is not a master's.
        if (st && ph === 'idle' && !page.hintWaiting && send({ type: 'hint', event: st.event, level: page.prefs.hint })) {
          store.update({ hintWaiting: true });
        }
        break;
      case 'take_back':
        if (!st || !parts.controls().takeBack.enabled) break;
        // Between people: asked of the other side.
        if (people.allowed(st, page.me ?? null).offered.has('offer_take_back')) parts.offers.make('take_back');
        else send({ type: 'take_back', event: st.event });
        break;
      case 'next_set':
        if (st && ph === 'between') send({ type: 'next_set', event: st.event });
        break;
      case 'guide':
        setPrefs({ guide: !page.prefs.guide });
        break;
      case 'view':
        setPrefs({ view: page.prefs.view === 'mover' ? 'south' : 'mover' });
        break;
      case 'help': {
        const keys = $('keys', HTMLDetailsElement);
        keys.open = !keys.open;
        break;
      }
      case 'target':
        parts.aimTool.show(true);
        break;
      case 'describe':
        parts.narrator.toggleDescription(true);
        break;
      case 'mute':
        parts.narrator.announce(t(parts.toggleSound() ? 'sound.on' : 'sound.off'));
        break;
      case 'escape':
        store.update({ say: null });
        break;
      default:
        break;
    }
  };

  /** Asks first whether to resign the match. */
  const askResign = () => {
    const st = store.state.state;
    const seat = resignSeat(store.state);
    if (!st || !seat) return;
    const k = st.players.findIndex((p) => p.seat === seat);
    $('resign-text').textContent = t('resign.text', { name: panel.playerName(st, k) });
    const dialog = $('resign-dialog', HTMLDialogElement);
    dialog.returnValue = '';
    dialog.showModal();
  };

  /** The resign dialog closed: resigns if that was the answer. */
  const resignAnswered = () => {
    const st = store.state.state;
    const seat = resignSeat(store.state);
    if (st && $('resign-dialog', HTMLDialogElement).returnValue === 'resign' && seat) send({ type: 'resign', event: st.event, seat });
  };

  /** Calls the match off, before both sides have stroked. */
  const abort = () => {
    const st = store.state.state;
    const seat = resignSeat(store.state);
    if (st && seat && st.can_abort) send({ type: 'abort', event: st.event, seat });
  };

  /**
   * The same match again with the seats swapped: the other player (in
   * doubles, the other team) opens from the south seat this time. Names,
   * levels, format, profile, sets and take-backs are kept. Between people
   * it is offered to the other side.
   */
  const rematch = async () => {
    const st = store.state.state;
    if (!st) return;
    if (people.allowed(st, store.state.me ?? null).offered.has('offer_rematch')) {
      parts.offers.make('rematch');
      return;
    }
    store.update({ rematchAsked: true });
    try {
      const next = await api.create(rematchRequest(st));
      await parts.openGame(next.id, next);
    } catch (e) {
      failed(e);
    } finally {
      store.update({ rematchAsked: false });
    }
  };

  /** New invitation links for the seats still open (the old ones stop working). */
  const renewInvites = async () => {
    const st = store.state.state;
    if (!st) return;
    try {
      const r = await api.invites(st.id);
      store.update({ invites: { id: st.id, list: r.invites ?? [] } });
    } catch (e) {
      failed(e);
    }
  };

  /**
   * The name this person goes by, as typed beside the table.
   * @param {string | null} name
   */
  const setName = async (name) => {
    try {
      await api.setMe(name);
      clearError();
    } catch (e) {
      failed(e);
    }
  };

  /**
   * The socket closed because this device's session ended (a password
   * changed on another device, a sign-out in another tab): the page loads
   * again as whoever the browser is now (watching, if the seat was the
   * account's), and says why once it has (see `wasSignedOut`).
   */
  const sessionEnded = () => {
    try { sessionStorage.setItem(SIGNED_OUT, '1'); } catch { /* said no more */ }
    location.reload();
  };

  return { send, sendStroke, command, setPrefs, showError, clearError, failed, askResign, resignAnswered, abort, rematch, renewInvites, setName, sessionEnded, wasSignedOut };
}
