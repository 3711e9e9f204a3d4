// @ts-check
// The standings on paper (docs/competitions.md "Paper"): place, number,
// name, points and the competition's tie-breaks in its order, as the
// server ranks them (docs/standings.md), laid out by the competition
// page's own helpers (competition/standings.js), with each tie-break's
// acronym spelled out under the table. A team competition prints its
// team standings (competition/teams.js) with their note.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { nameOf } from '../competition/view.js';
import { standingHead, standingRows } from '../competition/standings.js';
import { teamStandingsTable } from '../competition/teams.js';
import { pt } from './text.js';
import { sheet } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */

/** How far the competition has gone, as the standings' title. @param {Competition} c */
function title(c) {
  return pt('standings.heading_after', { n: c.rounds.length, count: c.round_count });
}

/** The standings sheet. @param {Competition} c */
export function standingsSheet(c) {
  if (c.teams) {
    return sheet(c, 'standings', title(c), [
      el('table', { class: 'paper-table standings-table team' }, teamStandingsTable(c)),
      el('p', { class: 'note' }, ct('teams.standings_note')),
    ]);
  }
  const s = c.standings;
  const tiebreaks = s?.tiebreaks ?? c.setup.tiebreaks;
  return sheet(c, 'standings', title(c), [
    el('table', { class: 'paper-table standings-table' },
      el('thead', {}, standingHead(tiebreaks)),
      el('tbody', {}, standingRows(c, nameOf))),
    tiebreaks.length ? el('p', { class: 'note legend' }, pt('standings.legend'), ' ',
      tiebreaks.flatMap((t, i) => [i ? '; ' : '', el('b', {}, ct(`tiebreak.${t}`)), ` ${ct(`tiebreak.${t}.long`)}`])) : null,
    el('p', { class: 'note' }, ct('standings.note')),
  ]);
}
