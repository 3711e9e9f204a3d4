// @ts-check
// Following a competition live (docs/protocol.md "Competitions"): the
// server-sent events of GET /api/competitions/{id}/live. A `competition`
// event is the whole competition; a `result` event is the next change,
// one board's result with the standings it makes, and a `table` event a
// step at a table (its protocol), each applied here to the competition
// held. The browser reconnects by itself after a lost
// connection (the first event then brings the whole state back); after a
// refusal, which ends an EventSource, a new one is opened later. Never
// polled. Used by the competition's page and by its big screen.

import { samePlace } from './places.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionResult} CompetitionResult */
/** @typedef {import('../shared/protocol.js').TableStepped} TableStepped */

// How long after the server refused the stream (an EventSource then stops
// for good) a new one is opened.
const RETRY_MS = 5_000;

/**
 * `c` after the result event `r`, or null if `r` is not the change after
 * `c`'s last (a missed change: the caller starts a new stream, which
 * begins whole).
 * @param {Competition} c @param {CompetitionResult} r @returns {Competition | null}
 */
export function withResult(c, r) {
  if (r.changes !== c.changes + 1) return null;
  const board = c.rounds[r.round - 1]?.boards[r.board - 1];
  if (!board) return null;
  const next = structuredClone(c);
  next.rounds[r.round - 1].boards[r.board - 1].outcome = r.outcome;
  next.changes = r.changes;
  next.finished = r.finished;
  next.standings = r.standings;
  next.bracket = r.bracket ?? null;
  next.groups = r.groups ?? null;
  return next;
}

/**
 * `c` after the table event `t` (a step at a table that left its result
 * open), or null if `t` is not the change after `c`'s last.
 * @param {Competition} c @param {TableStepped} t @returns {Competition | null}
 */
export function withTable(c, t) {
  if (t.changes !== c.changes + 1) return null;
  const next = structuredClone(c);
  const p = t.protocol;
  // Its place, a team match's board included: two team matches' board 1
  // are two tables. Kept in the server's order (round, team match, board).
  const tables = (next.tables ?? []).filter((x) => !samePlace(x, p));
  tables.push(p);
  tables.sort((a, b) => a.round - b.round || (a.team_match ?? 0) - (b.team_match ?? 0) || a.board - b.board);
  next.tables = tables;
  next.changes = t.changes;
  return next;
}

/**
 * The results `b` has that `a` did not (entered or corrected since), round
 * by round, board by board: what the page announces and the big screen
 * lights.
 * @param {Competition} a @param {Competition} b
 * @returns {{round: number, board: number, first: number, second: number, outcome: import('../shared/protocol.js').MatchOutcome}[]}
 */
export function newResults(a, b) {
  /** @type {{round: number, board: number, first: number, second: number, outcome: import('../shared/protocol.js').MatchOutcome}[]} */
  const out = [];
  for (const r of b.rounds) {
    const old = a.rounds.find((x) => x.number === r.number);
    r.boards.forEach((bd, i) => {
      if (bd.outcome && JSON.stringify(bd.outcome) !== JSON.stringify(old?.boards[i]?.outcome)) {
        out.push({ round: r.number, board: i + 1, first: bd.first, second: bd.second, outcome: bd.outcome });
      }
    });
  }
  return out;
}

/**
 * Follows competition `id`: `take` is given each competition as it
 * arrives (never an older one than the last), `connection` whether the
 * stream is open. Returns `stop`, which ends it.
 * @param {string} id
 * @param {{held: () => Competition | null, take: (c: Competition) => void, connection: (open: boolean) => void}} on
 * @returns {() => void}
 */
export function followCompetition(id, on) {
  /** @type {EventSource | null} */
  let source = null;
  let stopped = false;
  const open = () => {
    source?.close();
    if (stopped) return;
    const s = new EventSource(`/api/competitions/${encodeURIComponent(id)}/live`);
    source = s;
    s.addEventListener('open', () => on.connection(true));
    s.addEventListener('competition', (e) => {
      on.connection(true);
      try {
        on.take(/** @type {Competition} */ (JSON.parse(/** @type {MessageEvent} */ (e).data)));
      } catch {
        on.connection(true);
      }
    });
    s.addEventListener('result', (e) => {
      on.connection(true);
      const c = on.held();
      let r;
      try {
        r = /** @type {CompetitionResult} */ (JSON.parse(/** @type {MessageEvent} */ (e).data));
      } catch {
        return;
      }
      if (!c || r.changes <= c.changes) return;
      const next = withResult(c, r);
      if (next) on.take(next);
      else open();
    });
    s.addEventListener('table', (e) => {
      on.connection(true);
      const c = on.held();
      let t;
      try {
        t = /** @type {TableStepped} */ (JSON.parse(/** @type {MessageEvent} */ (e).data));
      } catch {
        return;
      }
      if (!c || t.changes <= c.changes) return;
      const next = withTable(c, t);
      if (next) on.take(next);
      else open();
    });
    s.addEventListener('error', () => {
      on.connection(false);
      if (s.readyState === EventSource.CLOSED && source === s) {
        setTimeout(() => { if (source === s) open(); }, RETRY_MS);
      }
    });
  };
  open();
  return () => { stopped = true; source?.close(); };
}
