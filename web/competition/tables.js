// @ts-check
// The tables of the round being played, on the organiser's page (issue 33,
// "The table protocol"; docs/competitions.md "At the tables"): each board's
// table live as its phones record it (which set it is in, the score,
// waiting for a confirmation, confirmed, or entered at the desk), its QR
// code and link to show a player who has no card, a new link when a card
// went astray, and the table opened as the referee. In a team competition
// each board of each team match is a table, listed under its match. The links and QR codes
// come from the server (GET /api/competitions/{id}/tables), read again
// only when the round or a link changes; the states come with the
// competition as it is followed live.

import { el } from '../shared/pages.js';
import { tt } from '../table/text.js';
import { sheetHref } from '../paper/sheets.js';
import { place, placeKey, samePlace, tableMatches } from './places.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').TableCard} TableCard */
/** @typedef {import('../shared/protocol.js').TableProtocol} TableProtocol */
/** @typedef {import('./places.js').TableMatch} TableMatch */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Whether competition `c`'s round being played is recorded at tables. @param {Competition} c */
export function atTables(c) {
  return c.rounds.length > 0 && c.setup.play?.kind !== 'online';
}

/** A table's match in a few words. @param {TableMatch} m @param {TableProtocol | undefined} p */
export function tableState(m, p) {
  if (m.outcome && !p?.stands) return tt('tables.entered');
  if (!p || !p.sets.length) return tt('tables.not_started');
  const [first, second] = p.score;
  if (p.stands) return tt('tables.stands', { first, second });
  if (p.over) {
    const by = p.confirmed.filter((r) => r !== 'referee');
    if (by.length === 1) return tt('tables.awaiting_one', { first, second, name: by[0] === 'first' ? m.first : m.second });
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

  /** One table's row. @param {Competition} c @param {TableMatch} m */
  function row(c, m) {
    const key = placeKey(m.at);
    const p = c.tables?.find((t) => samePlace(t, m.at));
    const card = cards.find((k) => samePlace(k, m.at));
    const label = m.table === null ? tt('tables.board', { board: m.at.board }) : tt('tables.table', { table: m.table });
    const error = el('span', { class: 'notice bad', role: 'alert', hidden: true });
    const open = !m.outcome;
    const qrShown = shownQr.has(key) && card;
    const qrButton = card ? el('button', {
      type: 'button', class: 'button small', 'data-action': 'qr', 'aria-expanded': String(!!qrShown),
      onclick: () => { if (shownQr.has(key)) shownQr.delete(key); else shownQr.add(key); draw(c); },
    }, tt(qrShown ? 'tables.hide_qr' : 'tables.show_qr')) : null;
    const referee = card && open ? el('a', { class: 'button small', href: `table.html#${card.link}`, target: '_blank', 'data-action': 'referee' }, tt('tables.take_over')) : null;
    const renew = open ? el('button', {
      type: 'button', class: 'button small', 'data-action': 'new-link',
      onclick: async () => {
        if (!window.confirm(tt('tables.new_link_confirm', { table: m.table ?? m.at.board }))) return;
        shownQr.add(key);
        await send({ change: 'revoke_table_link', ...place(m.at) }, error);
      },
    }, tt('tables.new_link')) : null;
    const copied = el('span', { class: 'muted small', role: 'status' });
    const qr = qrShown ? el('div', { class: 'table-qr' },
      el('img', { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qr)}`, alt: tt('tables.qr_label', { table: m.table ?? m.at.board }), width: 196, height: 196 }),
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
    return el('li', {
      class: 'table-row', 'data-board': m.at.board, 'data-team-match': m.at.team_match ?? null, 'data-place': key,
      'data-state': p?.stands || m.outcome ? 'done' : p?.over ? 'awaiting' : p?.sets.length ? 'recording' : 'waiting',
    },
    el('div', { class: 'table-row-head' },
      el('strong', {}, label), ' · ',
      m.teams ? el('span', { class: 'muted' }, `${tt('tables.team_board', { board: m.at.board })} · `) : null,
      el('span', {}, `${m.first} – ${m.second}`), ' · ',
      el('span', { class: 'table-state' }, tableState(m, p))),
    el('div', { class: 'table-row-actions' }, qrButton, referee, renew, error),
    qr);
  }

  /** Draws the tables of `c`'s round being played: a team match's boards under its teams. @param {Competition} c */
  function draw(c) {
    const r = c.rounds[c.rounds.length - 1];
    $('tables-heading').textContent = tt('tables.heading', { round: r.number });
    /** @type {HTMLAnchorElement} */ ($('cards-link')).href = sheetHref(id, 'cards', r.number);
    $('cards-link').textContent = tt('tables.print_cards');
    const matches = tableMatches(c, r.number);
    /** @type {HTMLElement[]} */
    const items = [];
    let match = 0;
    for (const m of matches) {
      if (m.teams && m.at.team_match !== match) {
        match = m.at.team_match ?? 0;
        items.push(el('li', { class: 'table-match', 'data-team-match': match }, el('strong', {}, `${m.teams[0]} – ${m.teams[1]}`)));
      }
      items.push(row(c, m));
    }
    $('tables-list').replaceChildren(...items);
  }

  return {
    /** Shows the tables of `c` (the organiser's and the arbiters' only). @param {Competition} c */
    render(c) {
      const show = atTables(c) && c.rounds.length > 0;
      $('tables-box').hidden = !show;
      if (!show) return;
      const r = c.rounds.length;
      // The line-ups decide which team boards have a table.
      const key = `${r}:${(c.tables ?? []).filter((t) => t.round === r).map((t) => `${placeKey(t)}.${t.link}`).join(',')}:${tableMatches(c, r).map((m) => placeKey(m.at)).join(',')}`;
      if (key !== readFor) refresh(key, c);
      else draw(c);
    },
  };
}
