// @ts-check
// A competition played on this server (docs/competitions.md, "Played on
// this server"): "Enter" for a person signed in to an account where the
// organiser lets players enter themselves, "Your game: play" for an entrant
// whose game runs, and a watch link on every board. The games are read
// (GET /api/competitions/{id}/games) when the page loads and whenever the
// live stream brings a round paired or a result: the stream is the clock,
// nothing polls.

import { el } from '../shared/pages.js';
import { dateTime } from '../shared/text.js';
import { ct, post, refusalText } from '../competitions/text.js';
import { nameOf } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').BoardGame} BoardGame */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The online part of competition `id`'s page; `take` draws a competition
 * the server answered with.
 * @param {string} id
 * @param {(c: Competition) => void} take
 * @param {() => void} redraw draws the whole page again (the boards'
 * watch links come from the games)
 */
export function makeOnline(id, take, redraw) {
  const state = {
    /** @type {{person: string | null, account: boolean} | null} */ me: null,
    /** @type {BoardGame[]} */ games: [],
    /** the competition's changes the games were read at */ readAt: -1,
    /** @type {Competition | null} */ last: null,
    /** a competition arrived since the games were last read */ fresh: false,
  };

  fetch('/api/me').then((r) => r.json()).then((me) => {
    state.me = { person: me?.person ?? null, account: !!me?.account };
    redraw();
  }).catch(() => {});

  $('online-enter').addEventListener('click', async () => {
    const error = $('online-error');
    error.hidden = true;
    try {
      take(await post(`/api/competitions/${encodeURIComponent(id)}/enter`, {}));
    } catch (e) {
      error.textContent = refusalText(e);
      error.hidden = false;
    }
  });

  /**
   * Reads the games when the competition changed since, or when a board
   * still to be played has no game yet (a round's games are made just
   * after its pairing is pushed; the server then sends the competition
   * again).
   * @param {Competition} c
   */
  async function refresh(c) {
    const round = c.rounds[c.rounds.length - 1];
    const missing = !!round && round.boards.some((b, i) => !b.outcome
      && !state.games.some((g) => g.round === round.number && g.board === i + 1));
    if (state.readAt === c.changes && !(state.fresh && missing)) return;
    state.readAt = c.changes;
    state.fresh = false;
    try {
      const res = await fetch(`/api/competitions/${encodeURIComponent(id)}/games`);
      if (res.ok) state.games = await res.json();
    } catch {
      return;
    }
    redraw();
  }

  /**
   * The next round's set time, if the rounds have them and one is still
   * to be paired.
   * @param {Competition} c
   */
  function nextDue(c) {
    const play = c.setup.play;
    if (!play || play.kind !== 'online' || typeof play.next_round !== 'object') return null;
    const { starts_ms: starts, interval_secs: interval } = play.next_round.scheduled;
    const round = c.rounds.length + 1;
    if (c.rounds.length > 0 && round > c.round_count) return null;
    return { round, at: starts + (round - 1) * interval * 1000, minutes: Math.round(interval / 60) };
  }

  /** The grace in words. @param {number} secs */
  function graceText(secs) {
    return secs % 60 === 0 ? ct('online.minutes', { n: secs / 60 }) : ct('online.seconds', { n: secs });
  }

  /**
   * Draws the box: the note, "Enter", "Your game"; reads the games again
   * when they may have changed.
   * @param {Competition} c
   */
  function render(c) {
    state.last = c;
    const play = c.setup.play;
    const box = $('online-box');
    box.hidden = !play || play.kind !== 'online';
    if (!play || play.kind !== 'online') return;
    refresh(c);
    $('online-note').textContent = ct('online.note', { grace: graceText(play.grace_secs) });
    const due = nextDue(c);
    $('online-next').hidden = !due;
    if (due) $('online-next').textContent = ct('online.next_at', { round: due.round, time: dateTime(due.at / 1000), minutes: due.minutes });
    const me = state.me;
    const mine = me?.person ? c.entrants.find((e) => e.entry.person === me.person) : undefined;
    const open = !!c.setup.open_entry && c.rounds.length === 0;
    /** @type {HTMLButtonElement} */ ($('online-enter')).hidden = !open || !me?.account || !!mine;
    $('online-sign-in').hidden = !open || !!me?.account;
    $('online-entered').hidden = !mine;
    if (mine) $('online-entered').textContent = ct('online.entered', { n: mine.entrant });
    const yours = $('your-game');
    yours.replaceChildren();
    yours.hidden = true;
    const round = c.rounds[c.rounds.length - 1];
    if (!mine || !round) return;
    round.boards.forEach((b, i) => {
      if (b.outcome || (b.first !== mine.entrant && b.second !== mine.entrant)) return;
      const g = state.games.find((x) => x.round === round.number && x.board === i + 1);
      if (!g || g.settled) return;
      const other = b.first === mine.entrant ? b.second : b.first;
      const name = nameOf(c, other);
      yours.append(
        el('span', {}, ct('online.your_game', { round: round.number, opponent: name }), ' '),
        el('a', { class: 'button primary', href: `/#game=${g.game}`, id: 'your-game-link' }, ct('online.play')));
      yours.hidden = false;
    });
  }

  /**
   * The watch link of board `board` of round `round`, if it has a game.
   * @param {number} round @param {number} board
   */
  function watchLink(round, board) {
    const g = state.games.find((x) => x.round === round && x.board === board);
    if (!g) return null;
    return el('a', { class: 'watch small', href: `/#game=${g.game}`, 'data-game': g.game }, ct('online.watch'));
  }

  /** A competition arrived (the stream, or an answer). */
  function heard() {
    state.fresh = true;
  }

  return { render, watchLink, heard };
}
