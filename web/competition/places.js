// @ts-check
// Where a round's matches are played at tables (docs/competitions.md "At
// the tables"): a board of the round's pairing, or, in a team competition,
// each board of each team match, which is a table of its own (the match's
// block of tables, one per board). The organiser's live tables and the
// printed table cards list the same places; a table's phone names its own.

import { nameOf } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */
/** Where a match is played: its round, its team match in a team competition, its board. @typedef {{round: number, team_match?: number, board: number}} TablePlace */

/**
 * A match at a table as the organiser's pages show it: where, on which
 * table, the two sides' names (a team board's players, with their teams),
 * and its result once in.
 * @typedef {{at: TablePlace, table: number | null, first: string, second: string, teams: [string, string] | null, outcome: MatchOutcome | null}} TableMatch
 */

/** Just the place of `at` (a team match only where there is one). @param {TablePlace} at @returns {TablePlace} */
export function place(at) {
  return at.team_match ? { round: at.round, team_match: at.team_match, board: at.board } : { round: at.round, board: at.board };
}

/** Whether `a` and `b` are the same table's match. @param {TablePlace} a @param {TablePlace} b */
export function samePlace(a, b) {
  return a.round === b.round && (a.team_match ?? 0) === (b.team_match ?? 0) && a.board === b.board;
}

/** A place as one key, for sets and data attributes. @param {TablePlace} at */
export function placeKey(at) {
  return at.team_match ? `${at.round}.${at.team_match}.${at.board}` : `${at.round}.${at.board}`;
}

/**
 * The matches of round `round` of `c` at tables, in table order: its
 * pairing's boards, or each team match's boards that both line-ups fill.
 * @param {Competition} c @param {number} round
 * @returns {TableMatch[]}
 */
export function tableMatches(c, round) {
  const r = c.rounds[round - 1];
  if (!r) return [];
  const teams = c.teams;
  if (!teams) {
    return r.boards.map((b, i) => ({
      at: { round, board: i + 1 }, table: b.table, first: nameOf(c, b.first), second: nameOf(c, b.second), teams: null, outcome: b.outcome,
    }));
  }
  const played = teams.rounds.find((x) => x.number === round);
  /** @type {TableMatch[]} */
  const out = [];
  const player = (/** @type {number} */ team, /** @type {number} */ at) => teams.teams.find((t) => t.entrant === team)?.roster[at - 1]?.name ?? `#${at}`;
  (played?.matches ?? []).forEach((m, i) => {
    const names = /** @type {[string, string]} */ ([nameOf(c, m.first), nameOf(c, m.second)]);
    for (const b of m.boards) {
      if (b.first === null || b.second === null) continue;
      out.push({
        at: { round, team_match: i + 1, board: b.number }, table: b.table,
        first: player(m.first, b.first), second: player(m.second, b.second), teams: names, outcome: b.entered,
      });
    }
  });
  return out;
}
