// @ts-check
// The tables of the round being played, on the organiser's page (issue 33,
// "The table protocol"; docs/competitions.md "At the tables"): each board's
// table live as its phones record it (which set it is in, the score,
// waiting for a confirmation, confirmed, or entered at the desk), its QR
// code and link to show a player who has no card, a new link when a card
// went astray, and the table opened as the referee. The links and QR codes
// come from the server (GET /api/competitions/{id}/tables), read again
// only when the round or a link changes; the states come with the
// competition as it is followed live.

import { el } from '../shared/pages.js';
import { tt } from '../table/text.js';
import { nameOf } from './view.js';
import { sheetHref } from '../paper/sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').TableCard} TableCard */
/** @typedef {import('../shared/protocol.js').TableProtocol} TableProtocol */
/** @typedef {import('../shared/protocol.js').Board} Board */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Whether competition `c`'s round being played is recorded at tables. @param {Competition} c */
export function atTables(c) {
  return c.rounds.length > 0 && c.setup.play?.kind !== 'online' && !c.teams;
}

/** A board's table in a few words. @param {Competition} c @param {Board} b @param {TableProtocol | undefined} p */
export function tableState(c, b, p) {
  if (b.outcome && !p?.stands) return tt('tables.entered');
  if (!p || !p.sets.length) return tt('tables.not_started');
  const [first, second] = p.score;
  if (p.stands) return tt('tables.stands', { first, second });
  if (p.over) {
    const by = p.confirmed.filter((r) => r !== 'referee');
    if (by.length === 1) return tt('tables.awaiting_one', { first, second, name: nameOf(c, by[0] === 'first' ? b.first : b.second) });
    return tt('tables.awaiting', { first, second });
  }
  return tt('tables.recording', { n: p.sets.length + 1, first, second });
}

/**
 * The organiser's tables: `send` makes a change (a new link), `id` is the
 * competition's.
 * @param {string} id
 * @param {(change: CompetitionChange, box: HTMLElement) => Promise<boolean>} send
 */
export function makeTables(id, send) {
  /** @type {TableCard[]} */
  let cards = [];
  /** What the cards were read for: the round and every board's link generation. */
  let readFor = '';
  /** Boards whose QR code is shown. */
  const shownQr = new Set();

  /** The cards, read again when `key` says the round or a link changed. @param {string} key @param {Competition} c */
  async function refresh(key, c) {
    readFor = key;
    try {
      const res = await fetch(`/api/competitions/${encodeURIComponent(id)}/tables`);
      if (res.ok) cards = await res.json();
    } catch { /* shown without QR codes until the next change */ }
    draw(c);
  }

  /** One board's row. @param {Competition} c @param {Board} b @param {number} i */
  function row(c, b, i) {
    const round = c.rounds.length;
    const board = i + 1;
    const p = c.tables?.find((t) => t.round === round && t.board === board);
    const card = cards.find((k) => k.round === round && k.board === board);
    const label = b.table === null ? tt('tables.board', { board }) : tt('tables.table', { table: b.table });
    const error = el('span', { class: 'notice bad', role: 'alert', hidden: true });
    const open = !b.outcome;
    const qrShown = shownQr.has(board) && card;
    const qrButton = card ? el('button', {
      type: 'button', class: 'button small', 'data-action': 'qr', 'aria-expanded': String(!!qrShown),
      onclick: () => { if (shownQr.has(board)) shownQr.delete(board); else shownQr.add(board); draw(c); },
    }, tt(qrShown ? 'tables.hide_qr' : 'tables.show_qr')) : null;
    const referee = card && open ? el('a', { class: 'button small', href: `table.html#${card.link}`, target: '_blank', 'data-action': 'referee' }, tt('tables.take_over')) : null;
    const renew = open ? el('button', {
      type: 'button', class: 'button small', 'data-action': 'new-link',
      onclick: async () => {
        if (!window.confirm(tt('tables.new_link_confirm', { table: b.table ?? board }))) return;
        shownQr.add(board);
        await send({ change: 'revoke_table_link', round, board }, error);
      },
    }, tt('tables.new_link')) : null;
    const copied = el('span', { class: 'muted small', role: 'status' });
    const qr = qrShown ? el('div', { class: 'table-qr' },
      el('img', { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr)}`, alt: tt('tables.qr_label', { table: b.table ?? board }), width: 196, height: 196 }),
      el('p', { class: 'small table-address' }, el('a', { href: card.address, target: '_blank' }, card.address)),
      el('button', {
        type: 'button', class: 'button small',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(card.address);
            copied.textContent = tt('tables.copied');
          } catch { /* the address is shown to copy by hand */ }
        },
      }, tt('tables.copy')), ' ', copied) : null;
    return el('li', { class: 'table-row', 'data-board': board, 'data-state': p?.stands || b.outcome ? 'done' : p?.over ? 'awaiting' : p?.sets.length ? 'recording' : 'waiting' },
      el('div', { class: 'table-row-head' },
        el('strong', {}, label), ' · ',
        el('span', {}, `${nameOf(c, b.first)} – ${nameOf(c, b.second)}`), ' · ',
        el('span', { class: 'table-state' }, tableState(c, b, p))),
      el('div', { class: 'table-row-actions' }, qrButton, referee, renew, error),
      qr);
  }

  /** Draws the tables of `c`'s round being played. @param {Competition} c */
  function draw(c) {
    const r = c.rounds[c.rounds.length - 1];
    $('tables-heading').textContent = tt('tables.heading', { round: r.number });
    /** @type {HTMLAnchorElement} */ ($('cards-link')).href = sheetHref(id, 'cards', r.number);
    $('cards-link').textContent = tt('tables.print_cards');
    $('tables-list').replaceChildren(...r.boards.map((b, i) => row(c, b, i)));
  }

  return {
    /** Shows the tables of `c` (the organiser's and the arbiters' only). @param {Competition} c */
    render(c) {
      const show = atTables(c) && c.rounds.length > 0;
      $('tables-box').hidden = !show;
      if (!show) return;
      const r = c.rounds.length;
      const key = `${r}:${(c.tables ?? []).filter((t) => t.round === r).map((t) => `${t.board}.${t.link}`).join(',')}`;
      if (key !== readFor) refresh(key, c);
      else draw(c);
    },
  };
}
