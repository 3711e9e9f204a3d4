// @ts-check
// Talking to the server (docs/protocol.md): JSON over HTTP for games and
// options, one WebSocket per game for events. The connection heals itself:
// after a drop it reconnects and says `hello {since}` with the last event
// the page has seen, so the server replays what was missed, in order.

/** @typedef {import('./protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('./protocol.js').ClientMessage} ClientMessage */
/** @typedef {import('./protocol.js').State} State */
/** @typedef {import('./protocol.js').Options} Options */

/** A refused request: the HTTP status and the error body's stable `code`. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} [detail]
   */
  constructor(status, code, detail) {
    super(detail || code);
    this.status = status;
    this.code = code;
  }
}

/**
 * The stable code of a failed request's error: its `code` (an HttpError's,
 * or one a page gave an Error of its own), else `fallback`.
 * @param {unknown} e
 * @param {string} [fallback]
 */
export function errorCode(e, fallback = 'network') {
  const code = e && typeof e === 'object' && 'code' in e ? e.code : undefined;
  return typeof code === 'string' && code ? code : fallback;
}

/**
 * What a failed request's error says (its detail, for logs and titles).
 * @param {unknown} e
 * @returns {string | undefined}
 */
export function errorDetail(e) {
  return e instanceof Error ? e.message : undefined;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function request(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    throw new HttpError(0, 'network', String(e));
  }
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: a proxy's page */ }
  if (!res.ok) throw new HttpError(res.status, json?.code || (res.status === 404 ? 'unknown_game' : 'unknown'), json?.detail || text);
  return json;
}

export const api = {
  /** @returns {Promise<Options>} */
  options: () => request('GET', '/api/options'),
  /**
   * @param {import('./protocol.js').NewGame} game a new game (docs/protocol.md "A new game")
   * @returns {Promise<import('./protocol.js').Created>}
   */
  create: (game) => request('POST', '/api/games', game),
  /**
   * @param {string} id
   * @returns {Promise<State>}
   */
  game: (id) => request('GET', `/api/games/${encodeURIComponent(id)}`),
  /** @returns {Promise<import('./protocol.js').GameSummary[]>} */
  games: () => request('GET', '/api/games'),
  /**
   * Who this browser is: `{person, name, account}`, `person` null until it plays.
   * @returns {Promise<import('./protocol.js').Me>}
   */
  me: () => request('GET', '/api/me'),
  /**
   * Makes this browser a person (if it is not one) with the display name
   * `name` (null: none).
   * @param {string | null} name
   * @returns {Promise<import('./protocol.js').Named>}
   */
  setMe: (name) => request('POST', '/api/me', { name }),
  /**
   * Takes the invited seat whose secret is `invite`.
   * @param {string} id
   * @param {string} invite
   * @returns {Promise<import('./protocol.js').Joined>}
   */
  join: (id, invite) => request('POST', `/api/games/${encodeURIComponent(id)}/join`, { invite }),
  /**
   * New links for the seats nobody took yet (the old ones stop working).
   * @param {string} id
   * @returns {Promise<import('./protocol.js').Invites>}
   */
  invites: (id) =>
 request('POST', `/api/games/${encodeURIComponent(id)}/invites`),
  /**
   * The stroke that pockets a disc, from the planner the hint uses.
   * @param {string} id
   * @param {import('./protocol.js').AimRequest} ask
   * @returns {Promise<import('./protocol.js').AimAnswer>}
   */
  aim: (id, ask) => request('POST', `/api/games/${encodeURIComponent(id)}/aim`, ask),
};

/**
 * The close code of a socket whose session ended (signed out, or the
 * password changed on another device): docs/protocol.md, "Closing".
 */
export const SESSION_ENDED = 4001;

/**
 * The game's WebSocket. `since()` is asked at every (re)connection for the
 * last event the page holds; `onMessage(msg)` gets every message;
 * `onStatus('open' | 'connecting' | 'closed')` follows the connection;
 * `onSessionEnded()` is told, instead of a reconnection, when the server
 * closes the socket because the page's session ended.
 */
export class GameSocket {
  /**
   * @param {string} id
   * @param {{since: () => number | null | undefined, onMessage: (msg: ServerMessage) => void, onStatus: (status: 'open' | 'connecting' | 'closed') => void, onSessionEnded: () => void}} hooks
   */
  constructor(id, { since, onMessage, onStatus, onSessionEnded }) {
    this.id = id;
    this.since = since;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onSessionEnded = onSessionEnded;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus('connecting');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const since = this.since();
      ws.send(JSON.stringify(since === null || since === undefined ? { type: 'hello' } : { type: 'hello', since }));
      this.onStatus('open');
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // The session this page acted under ended (signed out, or the
      // password changed on another device): no reconnection under it.
      if (ev.code === SESSION_ENDED) {
        this.closed = true;
        this.onSessionEnded();
        return;
      }
      this.onStatus('closed');
      // Back off, but not so far that a restarted server waits long for us.
      const delay = Math.min(8000, 400 * 2 ** this.retry++) * (0.75 + Math.random() * 0.5);
      this.timer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => { /* onclose follows and reconnects */ };
  }

  get open() { return this.ws?.readyState === WebSocket.OPEN; }

  /**
   * Send a message; false when not connected (the caller says so).
   * @param {ClientMessage} msg
   */
  send(msg) {
    if (!this.ws || !this.open) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Ask again for everything after `since` (after a `stale` refusal or a gap). */
  resync() {
    const since = this.since();
    this.send(since === null || since === undefined ? { type: 'hello' } : { type: 'hello', since });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
  }
}
