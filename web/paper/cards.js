// @ts-check
// The table cards of the round being played (issue 33, "Paper"; docs/
// competitions.md "At the tables"): one card per table, to fold and stand
// on it, with the table's number large enough to find across a hall, the
// round, who plays there, and the QR code of the table's link that the
// players scan to record their match on their phones (the address under
// it for a phone that cannot scan). Four cards to an A4 page, cut along
// the dashed lines. The links are the server's (the organiser's and the
// arbiters' only: a card records results); a card of a link revoked since
// no longer works, so the sheet says when it was printed. In a team
// competition each board of each team match has its card.

import { el } from '../shared/pages.js';
import { samePlace, tableMatches } from '../competition/places.js';
import { pt } from './text.js';
import { sheet, roundName } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').TableCard} TableCard */

/** One table's card: on a team match's board, the teams and the board too. @param {Competition} c @param {TableCard} card */
function card(c, card) {
  const m = tableMatches(c, card.round).find((x) => samePlace(x.at, card));
  const label = card.table === null ? pt('tables.board', { board: card.board }) : pt('tables.table', { table: card.table });
  return el('div', { class: 'table-card', 'data-board': card.board, 'data-team-match': card.team_match ?? null },
    el('p', { class: 'card-table' }, label),
    el('p', { class: 'card-round' }, roundName(c, card.round)),
    m?.teams ? el('p', { class: 'card-teams' }, `${m.teams[0]} – ${m.teams[1]} · ${pt('tables.team_board', { board: card.board })}`) : null,
    m ? el('p', { class: 'card-names' }, m.first, el('br'), '–', el('br'), m.second) : null,
    el('img', { class: 'card-qr', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr)}`, alt: pt('tables.qr_label', { table: card.table ?? card.board }), width: 196, height: 196 }),
    el('p', { class: 'card-scan' }, pt('cards.scan')),
    el('p', { class: 'card-address' }, card.address));
}

/** The cards of the round being played. @param {Competition} c @param {TableCard[]} cards */
export function cardsSheet(c, cards) {
  return sheet(c, 'cards', pt('sheet.cards'), [el('div', { class: 'table-cards' }, cards.map((k) => card(c, k)))]);
}
