// @ts-check
// Games between people at different screens (docs/protocol.md, "Seats"):
// who this browser is, which seats are its own, the invitation links a
// game's creator hands out, and taking a seat from such a link. A seat is
// its holder's alone: the page offers the cue only on this person's turn,
// and the server checks it again.

import { api, HttpError } from '../shared/net.js';
import { h, betweenPeople } from '../shared/panel.js';
import { t } from '../shared/text.js';

/** @typedef {import('../shared/protocol.js').State} State */
/** What these read of a state: who holds its seats. @typedef {{seats?: import('../shared/protocol.js').SeatView[]} | null | undefined} Seated */

/**
 * Whether the person `me` holds player `k`'s seat. A state without seats
 * (a replay's) is everyone's to look at, nobody's to play.
 * @param {Seated} state
 * @param {string | null | undefined} me
 * @param {number | null | undefined} k
 */
export function holds(state, me, k) {
  const seat = k === null || k === undefined ? undefined : state?.seats?.[k];
  if (!seat) return false;
  return seat.holder === 'person' && !!me && seat.person === me;
}

/**
 * Whether `me` holds any seat of the game.
 * @param {Seated} state
 * @param {string | null | undefined} me
 */
export function isPlayer(state, me) {
  return (state?.seats ?? []).some((_, k) => holds(state, me, k));
}

/**
 * What this page may do in the game, as the server's one policy says
 * (docs/protocol.md, "What a client may do"): the state's `may` (kept up to
 * date by the `seats`, `offer` and `answered` messages) for each seat this
 * person holds, or a watcher's when they hold none. `offered`: the game
 * allows it at all, so its control is shown; `now`: it can be used now.
 * The page keeps no rules of its own about who may do what.
 * A seat of a game stored before there were people (`unclaimed`) is
 * whoever's acts first there, so it counts as this person's.
 * @param {any} state
 * @param {string | null} me
 * @returns {{offered: Set<string>, now: Set<string>}}
 */
export function allowed(state, me) {
  /** @type {Set<string>} */ const offered = new Set();
  /** @type {Set<string>} */ const now = new Set();
  const may = state?.may;
  if (!may) return { offered, now };
  const seats = state?.seats ?? [];
  const held = seats.flatMap((/** @type {any} */ s, /** @type {number} */ k) => (holds(state, me, k) || s.holder === 'unclaimed' ? [k] : []));
  const rows = held.length ? held.map((/** @type {number} */ k) => may.players?.[k]) : [may.watcher];
  for (const row of rows) {
    for (const a of row?.offered ?? []) offered.add(a);
    for (const a of row?.now ?? []) now.add(a);
  }
  return { offered, now };
}

// Whether people at more than one screen play (shared/panel.js, which
// names the players by it).
export { betweenPeople };

/**
 * The seats still waiting for an invited person, by player.
 * @param {Seated} state
 * @returns {number[]}
 */
export function openSeats(state) {
  return (state?.seats ?? []).flatMap((s, k) => (s.holder === 'open' ? [k] : []));
}

/**
 * The link that takes player `k`'s seat: the game's page with the secret
 * in the fragment, which browsers never send to a server.
 * @param {string} id
 * @param {string} invite
 */
export function inviteLink(id, invite) {
  return `${location.origin}${location.pathname}#game=${encodeURIComponent(id)}&join=${encodeURIComponent(invite)}`;
}

/**
 * The link that watches the game.
 * @param {string} id
 */
export function watchLink(id) {
  return `${location.origin}${location.pathname}#game=${encodeURIComponent(id)}`;
}

/**
 * Fills `el` with the invitations of game `id`: a link per open seat to
 * copy and send, and the watch link. `invites` are the creator's secrets
 * (`[{player, invite}]`), known only right after creating the game or
 * asking for new links; without them the panel offers new links.
 * @param {HTMLElement} el
 * @param {State | null} state
 * @param {{player: number, invite: string}[] | null} invites
 * @param {(k: number) => string} nameOf
 * @param {() => void} renew
 */
export function renderInvites(el, state, invites, nameOf, renew) {
  const open = openSeats(state);
  if (!state || !open.length) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  /** @param {string} label @param {string} link @param {string} id */
  const copyRow = (label, link, id) => {
    const input = h('input', { id, type: 'text', readonly: '', value: link, 'aria-label': label });
    const copy = h('button', { type: 'button' }, t('online.copy'));
    copy.onclick = async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); copy.textContent = t('online.copied'); } catch { /* the field is selected: Ctrl+C */ }
    };
    return h('div', { class: 'invite-row' }, h('label', { for: id }, label), input, copy);
  };
  const rows = open.map((k) => {
    const mine = invites?.find((i) => i.player === k);
    return mine
      ? copyRow(t('online.invite_for', { name: nameOf(k) }), inviteLink(state.id, mine.invite), `invite-${k}`)
      : h('p', {}, t('online.waiting_for', { name: nameOf(k) }));
  });
  const renewButton = h('button', { type: 'button', id: 'invite-renew' }, t('online.new_links'));
  renewButton.onclick = renew;
  el.replaceChildren(
    h('h2', {}, t('online.title')),
    h('p', {}, t('online.explain')),
    ...rows,
    invites ? '' : renewButton,
    copyRow(t('online.watch'), watchLink(state.id), 'watch-link'),
  );
}

/**
 * The invitation in the address (`#game=ID&join=SECRET`), if any.
 * @returns {{game: string, invite: string} | null}
 */
export function inviteFromUrl() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const game = hash.get('game');
  const invite = hash.get('join');
  return game && invite ? { game, invite } : null;
}

/**
 * Takes the seat of the invitation in the address, then cleans the address
 * so that the secret is neither kept in the history nor copied on. Resolves
 * with `{taken: true}` or the refusal's code (`seat_taken`: watch instead).
 * @param {{game: string, invite: string}} inv
 */
export async function acceptInvite(inv) {
  history.replaceState(null, '', `${location.pathname}#game=${encodeURIComponent(inv.game)}`);
  try {
    await api.join(inv.game, inv.invite);
    return { taken: true, code: null };
  } catch (e) {
    return { taken: false, code: (e instanceof HttpError && e.code) || 'network' };
  }
}

/**
 * A game this browser's person plays in and has not finished, as the
 * new-game form offers it back: its entry in the list of games, its state,
 * and whether the next thing to do in it is this person's (their stroke,
 * or the next set).
 * @typedef {object} InProgress
 * @property {import('../shared/protocol.js').GameSummary} game
 * @property {State} state
 * @property {boolean} yourMove
 */

/**
 * This person's games in progress among `games` (GET /api/games, which
 * lists the public games too), those where it is their move first, each
 * group newest first. The list does not say who holds the seats, so the
 * newest `limit` unfinished games are looked at (GET /api/games/{id}); one
 * that cannot be loaded is left out.
 * @param {import('../shared/protocol.js').GameSummary[]} games
 * @param {string | null} me
 * @param {(id: string) => Promise<State>} load
 * @param {number} [limit]
 * @returns {Promise<InProgress[]>}
 */
export async function gamesInProgress(games, me, load, limit = 8) {
  if (!me) return [];
  const open = games.filter((g) => !g.over).slice(0, limit);
  const states = await Promise.all(open.map((g) => load(g.id).catch(() => null)));
  /** @type {InProgress[]} */
  const mine = [];
  open.forEach((game, i) => {
    const state = states[i];
    if (!state || state.match?.over || state.abandoned || !isPlayer(state, me)) return;
    const now = allowed(state, me).now;
    mine.push({ game, state, yourMove: now.has('stroke') || now.has('next_set') });
  });
  return [...mine.filter((g) => g.yourMove), ...mine.filter((g) => !g.yourMove)];
}

/** Who this browser is: its person's id, or null. */
export async function whoAmI() {
  try {
    return (await api.me())?.person ?? null;
  } catch {
    return null;
  }
}
