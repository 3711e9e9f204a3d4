// @ts-check
// A team competition on its page (issue 32, "Teams"; docs/competitions.md
// "Teams"): each team match of a round with its boards (who plays whom on
// which table, each board's result or state), the team standings, the
// rosters with each player's boards; for the organiser, a team entered
// with its players one per line, each board's result as one choice, and a
// team's line-up by roster places (or "did not come": a walkover). Every
// control sends one change (docs/protocol.md "Competitions"), worded
// beside it when refused.

import { el } from '../shared/pages.js';
import { ct, finalScores } from '../competitions/text.js';
import { nameOf } from './view.js';
import { boardPenalties } from './conduct.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').TeamMatchView} TeamMatchView */
/** @typedef {import('../shared/protocol.js').TeamBoard} TeamBoard */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */
/** @typedef {import('../shared/protocol.js').TeamsView} TeamsView */
/** @typedef {(change: CompetitionChange, box: HTMLElement) => Promise<boolean>} Send */

/** A team's player by roster place. @param {TeamsView} t @param {number} team @param {number | null} place */
function player(t, team, place) {
  if (place === null) return null;
  return t.teams.find((x) => x.entrant === team)?.roster[place - 1]?.name ?? `#${place}`;
}

/** A team match's state in words: its board points and how it ended, or that it runs. @param {Competition} c @param {TeamMatchView} m */
export function teamMatchState(c, m) {
  const score = `${m.first_points}:${m.second_points}`;
  const o = m.outcome;
  if (!o) return ct('teams.running', { score });
  if (o.kind === 'drawn') return ct('teams.drawn', { score });
  if (o.kind === 'neither_came') return ct('teams.neither_came');
  const winner = nameOf(c, o.side === 'first' ? m.first : m.second);
  if (o.kind === 'walkover') return ct('teams.walkover', { team: winner });
  return ct(m.deciding_board ? 'teams.won_early' : 'teams.won', { team: winner, score, board: m.deciding_board ?? '' });
}

/** A board's result or state in words. @param {TeamBoard} b */
function boardState(b) {
  const entered = b.entered;
  const sets = entered?.kind === 'sets' ? `${entered.first}:${entered.second}` : null;
  if (b.status === 'playing') return ct('board.playing');
  if (b.status === 'not_needed') return ct('teams.not_needed');
  const r = b.result;
  let words = '';
  if (r?.kind === 'won' || r?.kind === 'drawn') words = sets ?? '';
  else if (r?.kind === 'absent') words = ct(r.side === 'first' ? 'outcome.forfeit_second' : 'outcome.forfeit_first');
  else if (r?.kind === 'both_absent') words = ct('outcome.both_absent');
  return b.status === 'after_decision' ? ct('teams.after_decision', { result: words }) : words;
}

/**
 * One team match of round `round` (the `m`-th, from 1): its heading, its
 * boards as a table, and the organiser's controls when `send` is given.
 * @param {Competition} c @param {number} round @param {number} m @param {Send | null} send
 */
export function teamMatchView(c, round, m, send) {
  const t = /** @type {TeamsView} */ (c.teams);
  const tm = t.rounds[round - 1]?.matches[m - 1];
  if (!tm) return el('div', { class: 'board-view' });
  const first = nameOf(c, tm.first);
  const second = nameOf(c, tm.second);
  const tables = tm.boards.map((b) => b.table).filter((x) => x !== null);
  const where = tables.length ? ct('teams.tables', { a: Math.min(...tables), b: Math.max(...tables) }) : ct('board.no_table');
  const captionId = `tm-r${round}m${m}`;
  const rows = tm.boards.map((b) => el('tr', { 'data-board': b.number, 'data-status': b.status },
    el('th', { scope: 'row', class: 'num' }, String(b.number)),
    el('td', { class: 'num wide' }, b.table === null ? '' : String(b.table)),
    el('td', {}, player(t, tm.first, b.first) ?? ct('teams.empty'), b.breaks_first === 'first' ? el('span', { class: 'muted small' }, ` ${ct('teams.breaks')}`) : null),
    el('td', {}, player(t, tm.second, b.second) ?? ct('teams.empty'), b.breaks_first === 'second' ? el('span', { class: 'muted small' }, ` ${ct('teams.breaks')}`) : null),
    el('td', { class: `result ${b.status}` }, boardState(b), boardPenalties(c, { round, team_match: m, board: b.number }, send)),
    send ? el('td', { class: 'desk-cell' }, boardControl(c, round, m, b, send)) : null));
  return el('div', { class: 'board-view team-match' },
    el('h3', { class: 'team-match-head', id: captionId },
      el('span', { class: 'board-head' }, ct('teams.match', { n: m }), ' · ', where), ' ',
      el('span', { class: 'pair' }, first, el('span', { class: 'vs muted' }, ` ${ct('board.vs')} `), second)),
    el('p', { class: `team-match-state ${tm.outcome ? 'done' : 'pending'}` }, teamMatchState(c, tm)),
    // A region that can be scrolled from the keyboard on a phone.
    el('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-labelledby': captionId },
      el('table', { class: 'comp-table team-boards', 'aria-labelledby': captionId },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col', class: 'num' }, ct('teams.col.board')),
          el('th', { scope: 'col', class: 'num wide' }, ct('teams.col.table')),
          el('th', { scope: 'col' }, first),
          el('th', { scope: 'col' }, second),
          el('th', { scope: 'col' }, ct('teams.col.result')),
          send ? el('th', { scope: 'col' }, ct('teams.col.enter')) : null)),
        el('tbody', {}, rows))),
    send ? lineUps(c, round, m, tm, send) : null);
}

/**
 * A board's result as one choice (the format's final scores, the first
 * team's player's sets first; a forfeit; both absent) and a button.
 * @param {Competition} c @param {number} round @param {number} m @param {TeamBoard} b @param {Send} send
 */
function boardControl(c, round, m, b, send) {
  const t = /** @type {TeamsView} */ (c.teams);
  const tm = t.rounds[round - 1].matches[m - 1];
  const a = player(t, tm.first, b.first) ?? '';
  const z = player(t, tm.second, b.second) ?? '';
  const id = `br-r${round}m${m}b${b.number}`;
  const error = el('div', { class: 'notice bad', role: 'alert', hidden: true });
  const choice = /** @type {HTMLSelectElement} */ (el('select', { id, class: 'board-choice' },
    el('option', { value: '' }, ct('teams.choose')),
    ...finalScores(c.setup.format).map(([x, y]) => el('option', { value: `${x}:${y}` }, `${x}:${y}`)),
    el('option', { value: 'absent-first' }, ct('desk.forfeit_by', { name: a })),
    el('option', { value: 'absent-second' }, ct('desk.forfeit_by', { name: z })),
    el('option', { value: 'both' }, ct('desk.both_absent'))));
  const label = el('label', { for: id, class: 'visually-hidden' }, ct('teams.result_of', { board: b.number, first: a, second: z }));
  const button = el('button', { type: 'button', class: 'button enter-board' }, ct(b.entered ? 'desk.correct_result' : 'desk.enter_result'));
  button.setAttribute('aria-label', `${ct(b.entered ? 'desk.correct_result' : 'desk.enter_result')}: ${ct('teams.result_of', { board: b.number, first: a, second: z })}`);
  button.addEventListener('click', () => {
    const v = choice.value;
    /** @type {MatchOutcome | null} */
    let outcome = null;
    if (v === 'absent-first') outcome = { kind: 'forfeit', winner: 'second' };
    else if (v === 'absent-second') outcome = { kind: 'forfeit', winner: 'first' };
    else if (v === 'both') outcome = { kind: 'both_absent' };
    else if (v) {
      const [x, y] = v.split(':').map(Number);
      outcome = { kind: 'sets', first: x, second: y };
    }
    if (!outcome) {
      error.textContent = ct('teams.choose_first');
      error.hidden = false;
      return;
    }
    send({ change: 'board_result', round, team_match: m, board: b.number, outcome }, error);
  });
  return el('span', { class: 'board-control' }, label, choice, ' ', button, error);
}

/**
 * Each team's line-up for the match: roster places, board 1 first; or
 * "did not come" (nobody: a walkover).
 * @param {Competition} c @param {number} round @param {number} m @param {TeamMatchView} tm @param {Send} send
 */
function lineUps(c, round, m, tm, send) {
  const error = el('div', { class: 'notice bad', role: 'alert', hidden: true });
  const side = (/** @type {'first' | 'second'} */ s) => {
    const team = s === 'first' ? tm.first : tm.second;
    const id = `lu-r${round}m${m}${s}`;
    const now = tm.boards.map((b) => (s === 'first' ? b.first : b.second)).filter((p) => p !== null).join(' ');
    const field = /** @type {HTMLInputElement} */ (el('input', { id, type: 'text', inputmode: 'numeric', value: now, autocomplete: 'off', 'aria-describedby': `lu-hint-r${round}m${m}` }));
    const set = el('button', { type: 'button', class: 'button set-line-up' }, ct('teams.set_line_up'));
    const gone = el('button', { type: 'button', class: 'button did-not-come' }, ct('teams.did_not_come', { team: nameOf(c, team) }));
    set.addEventListener('click', () => {
      const words = field.value.trim().split(/[\s,;]+/).filter(Boolean);
      const players = words.map(Number);
      if (!players.every((p) => Number.isInteger(p) && p > 0)) {
        error.textContent = ct('error.bad_numbers');
        error.hidden = false;
        return;
      }
      send({ change: 'line_up', round, team_match: m, side: s, players }, error);
    });
    gone.addEventListener('click', () => send({ change: 'line_up', round, team_match: m, side: s, players: [] }, error));
    return el('div', { class: 'row line-up' },
      el('label', { for: id }, ct('teams.line_up_of', { team: nameOf(c, team) })), field, set, gone);
  };
  return el('details', { class: 'desk-box line-ups' },
    el('summary', {}, ct('teams.line_ups')),
    el('p', { class: 'muted small', id: `lu-hint-r${round}m${m}` }, ct('teams.line_up_hint')),
    side('first'), side('second'), error);
}

/**
 * The boards whose result came in or changed between `a` and `b`, in
 * words, for the live region.
 * @param {Competition} a @param {Competition} b
 */
export function newBoardResults(a, b) {
  if (!a.teams || !b.teams) return [];
  const t = b.teams;
  /** @type {string[]} */
  const said = [];
  t.rounds.forEach((r, ri) => r.matches.forEach((m, mi) => m.boards.forEach((bd, bi) => {
    const before = a.teams?.rounds[ri]?.matches[mi]?.boards[bi];
    if (!bd.entered || JSON.stringify(before?.entered) === JSON.stringify(bd.entered)) return;
    said.push(ct('teams.announce_board', {
      round: r.number, match: mi + 1, board: bd.number,
      first: player(t, m.first, bd.first) ?? '', second: player(t, m.second, bd.second) ?? '', result: boardState(bd),
    }));
  })));
  return said;
}

/** The team standings as a table's caption, head and rows. @param {Competition} c */
export function teamStandingsTable(c) {
  const t = /** @type {TeamsView} */ (c.teams);
  const head = el('thead', {}, el('tr', {},
    ...[['col.place', 'num'], ['teams.col.team', ''], ['teams.col.played', 'num'], ['teams.col.won', 'num wide'], ['teams.col.drawn', 'num wide'], ['teams.col.lost', 'num wide'], ['teams.col.match_points', 'num'], ['teams.col.board_points', 'num']]
      .map(([k, cls]) => el('th', { scope: 'col', class: cls || null }, ct(k)))));
  const rows = t.standings.map((r) => el('tr', { 'data-team': r.team },
    el('td', { class: 'num' }, r.place.first === r.place.last ? String(r.place.first) : `${r.place.first}–${r.place.last}`),
    el('th', { scope: 'row' }, nameOf(c, r.team)),
    el('td', { class: 'num' }, String(r.played)),
    el('td', { class: 'num wide' }, String(r.won)),
    el('td', { class: 'num wide' }, String(r.drawn)),
    el('td', { class: 'num wide' }, String(r.lost)),
    el('td', { class: 'num points' }, String(r.match_points)),
    el('td', { class: 'num' }, `${r.board_points}:${r.board_points_against}`)));
  return [el('caption', { class: 'visually-hidden' }, ct('teams.standings_caption')), head, el('tbody', {}, rows)];
}

/** Each team's roster, board order, with each player's boards and board points so far. @param {Competition} c */
export function rosters(c) {
  const t = /** @type {TeamsView} */ (c.teams);
  return t.teams.map((team) => el('details', { class: 'roster', 'data-team': team.entrant },
    el('summary', {}, `${team.entrant} ${team.name}`, team.club ? el('span', { class: 'muted' }, ` ${team.club}`) : null),
    el('ol', {}, team.roster.map((p, i) => {
      const rec = t.players.find((x) => x.team === team.entrant && x.place === i + 1);
      const reserve = i >= t.rules.boards ? ct('teams.reserve') : null;
      return el('li', {}, p.name,
        el('span', { class: 'muted small' }, ` ${[reserve, ct('teams.record', { boards: rec?.boards ?? 0, points: rec?.points ?? 0 })].filter(Boolean).join(' · ')}`));
    }))));
}

/**
 * A roster line: a name, then after a `;` what tells two players of one
 * name apart (a team may not hold the same person twice, nor two teams
 * one person): a birth year (four digits) or a licence.
 * @param {string} line
 */
export function rosterLine(line) {
  const [name, ...rest] = line.split(';').map((s) => s.trim());
  /** @type {{name: string, licence?: string, birth_year?: number}} */
  const entry = { name };
  for (const part of rest.filter(Boolean)) {
    if (/^(19|20)\d\d$/.test(part)) entry.birth_year = Number(part);
    else entry.licence = part;
  }
  return entry;
}

/**
 * The organiser's "enter a team" form: a name, a club, the players one
 * per line in board order (reserves last).
 * @param {Send} send @param {() => Competition | null} current
 */
export function mountTeamEntry(send, current) {
  const form = /** @type {HTMLFormElement} */ (document.getElementById('enter-team'));
  const field = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const note = /** @type {HTMLElement} */ (document.getElementById('enter-team-note'));
    note.hidden = true;
    const roster = field('t-players').value.split('\n').map((s) => s.trim()).filter(Boolean).map(rosterLine);
    const team = { name: field('t-name').value, club: field('t-club').value.trim() || null, roster };
    const box = /** @type {HTMLElement} */ (document.getElementById('enter-team-error'));
    if (await send({ change: 'enter_team', team }, box)) {
      const c = current();
      note.textContent = ct('teams.entered', { name: team.name.trim(), n: c?.entrants.length ?? '' });
      note.hidden = false;
      for (const f of ['t-name', 't-club', 't-players']) field(f).value = '';
      field('t-name').focus();
    }
  });
}

