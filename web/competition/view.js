// @ts-check
// One competition in words, for everyone: an entrant by number and name,
// a board's result or state, a rest's bye, and the tables of standings,
// entrants and earlier rounds. No state of its own: main.js draws with it.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').Board} Board */
/** @typedef {import('../shared/protocol.js').PairedRound} PairedRound */
/** @typedef {import('../shared/protocol.js').Rest} Rest */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */

/**
 * Reads competition `id` (`GET /api/competitions/{id}`): the competition
 * and what the visitor may do with it; a failure throws an error with the
 * refusal's `code` (`network` when the server was not reached), which
 * `refusalText` words. The competition's page, its printed pages and the
 * big screen read it so.
 * @param {string} id
 * @returns {Promise<import('../shared/protocol.js').CompetitionPage>}
 */
export async function readCompetition(id) {
  const res = await fetch(`/api/competitions/${encodeURIComponent(id)}`)
    .catch(() => { throw Object.assign(new Error('load'), { code: 'network' }); });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error('load'), { code: body?.code || 'unknown' });
  return body;
}

/**
 * An entry's name as shown: "Deleted player" in the reader's language for
 * a person who deleted their account (the server keeps no name for them).
 * @param {import('../shared/protocol.js').Entry} entry
 */
export function entryName(entry) {
  return entry.forgotten ? ct('entry.forgotten') : entry.name;
}

/** An entrant's name. @param {Competition} c @param {number} n */
export function nameOf(c, n) {
  const e = c.entrants.find((x) => x.entrant === n);
  return e ? entryName(e.entry) : `#${n}`;
}

/** An entrant as a board shows them: their number, name and club. @param {Competition} c @param {number} n */
function who(c, n) {
  const e = c.entrants.find((x) => x.entrant === n);
  return el('span', { class: 'who' },
    el('span', { class: 'no' }, String(n)), ' ',
    el('span', { class: 'pname' }, e ? entryName(e.entry) : ''),
    e?.entry.club ? el('span', { class: 'club muted' }, ` ${e.entry.club}`) : null);
}

/**
 * A knock-out round's name: the final, the semi-finals, the
 * quarter-finals, else the round of N; `null` for other systems.
 * @param {Competition} c @param {number} round
 */
export function knockoutRoundName(c, round) {
  if (c.setup.system.kind !== 'knockout') return null;
  const fromEnd = c.round_count - round;
  if (fromEnd === 0) return ct(c.bracket?.ties.some((t) => t.third_place) ? 'ko.final_third' : 'ko.final');
  if (fromEnd === 1) return ct('ko.semi');
  if (fromEnd === 2) return ct('ko.quarter');
  return ct('ko.round_of', { n: 2 ** (fromEnd + 1), half: 2 ** fromEnd });
}

/** A result in words. @param {MatchOutcome} o */
export function outcomeText(o) {
  if (o.kind === 'sets') return ct('outcome.sets', { first: o.first, second: o.second });
  if (o.kind === 'forfeit') return ct(o.winner === 'first' ? 'outcome.forfeit_first' : 'outcome.forfeit_second');
  if (o.kind === 'team') return ct('outcome.team', { first: o.first, second: o.second });
  // Played, its sets not known (a result read from a TRF file).
  if (o.kind === 'decided') return ct(o.winner === 'first' ? 'outcome.decided_first' : o.winner === 'second' ? 'outcome.decided_second' : 'outcome.decided_draw');
  return ct('outcome.both_absent');
}

/** A board's result, or whether it is being played or waits for a table. @param {Board} b */
function stateOf(b) {
  if (b.outcome) return el('span', { class: 'result done' }, outcomeText(b.outcome));
  return el('span', { class: 'result pending muted' }, ct(b.table === null ? 'board.waiting' : 'board.playing'));
}

/** The heading line of a board: its number and table. @param {Board} b @param {number} i */
function boardHead(b, i) {
  return el('span', { class: 'board-head' },
    el('span', { class: 'board-no' }, ct('board.label', { n: i + 1 })), ' · ',
    el('span', { class: 'table-no' }, b.table === null ? ct('board.no_table') : ct('board.table', { n: b.table })));
}

/** What a board shows everyone. @param {Competition} c @param {Board} b @param {number} i */
export function boardView(c, b, i) {
  return el('div', { class: 'board-view' }, boardHead(b, i),
    el('span', { class: 'pair' }, who(c, b.first), el('span', { class: 'vs muted' }, ` ${ct('board.vs')} `), who(c, b.second)),
    stateOf(b));
}

/**
 * Who rests in a round, with their bye (in a knock-out, who goes through
 * without playing).
 * @param {Competition} c @param {PairedRound} r
 */
export function restItems(c, r) {
  // A bracket's bye (a knock-out's, a double elimination's, the
  // knock-out's after groups) is going through; a Swiss's is a bye.
  const through = (/** @type {Rest} */ x) => c.setup.system.kind !== 'swiss' && x.bye === 'pairing_allocated';
  return r.rests.map((x) => el('li', { 'data-entrant': x.entrant }, who(c, x.entrant), ' — ', ct(through(x) ? 'ko.through' : `bye.${x.bye}`)));
}

/** A round's heading: its number, and in a knock-out its name. @param {Competition} c @param {number} n */
export function roundTitle(c, n) {
  const name = knockoutRoundName(c, n);
  return name ? `${name} (${ct('round.heading', { n })})` : ct('round.heading', { n });
}

/** How many of a round's boards have a result. @param {PairedRound} r */
export function resultsIn(r) {
  return r.boards.filter((b) => b.outcome).length;
}

/** A round's state in words. @param {PairedRound} r */
export function roundState(r) {
  const n = resultsIn(r);
  return n === r.boards.length ? ct('round.complete') : ct('round.open', { n, total: r.boards.length });
}

/** The entrants' rows. @param {Competition} c */
export function entrantRows(c) {
  return c.entrants.map((e) => {
    const notes = [
      e.entered_for > 1 ? ct('entrants.late', { round: e.entered_for }) : null,
      e.withdrawn_from !== null ? ct('entrants.withdrawn', { round: e.withdrawn_from }) : null,
    ].filter(Boolean).join(', ');
    return el('tr', { 'data-entrant': e.entrant, class: e.withdrawn_from !== null ? 'withdrawn' : null },
      el('td', { class: 'num' }, String(e.entrant)),
      el('td', { class: 'names' }, entryName(e.entry), notes ? el('span', { class: 'muted small' }, ` (${notes})`) : null),
      el('td', {}, e.entry.club ?? ''),
      el('td', { class: 'wide' }, e.entry.category ? ct(`category.${e.entry.category}`) : ''),
      el('td', { class: 'num wide' }, e.entry.birth_year === null ? '' : String(e.entry.birth_year)),
      el('td', { class: 'num' }, e.entry.rating === null ? '' : String(e.entry.rating)));
  });
}

/** An earlier round, folded: its boards and rests. @param {Competition} c @param {PairedRound} r */
export function earlierRound(c, r) {
  return el('details', { class: 'earlier-round', 'data-round': r.number },
    el('summary', {}, roundTitle(c, r.number), ' · ', roundState(r)),
    el('ol', { class: 'boards compact' }, r.boards.map((b, i) => el('li', { 'data-board': i + 1 }, boardView(c, b, i)))),
    r.rests.length ? el('ul', { class: 'rests' }, restItems(c, r)) : null);
}
