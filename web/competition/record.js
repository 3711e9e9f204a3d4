// @ts-check
// A competition's record on the desk (issue 33, "Trust and failure":
// "every change is kept with who made it and when"): its changes newest
// first, each with its number, when it was stored, who made it (the
// organiser or an arbiter by name, the server, a player's phone at a
// table, someone entering themselves) and what it did, in words; older
// pages on asking. Read when opened and again as the competition changes
// while it is open.

import { el, when } from '../shared/pages.js';
import { ct, refusalText } from '../competitions/text.js';
import { entryName, nameOf, outcomeText } from './view.js';
import { samePlace, tableMatches } from './places.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').RecordPage} RecordPage */
/** @typedef {import('../shared/protocol.js').RecordedChange} RecordedChange */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Who made a change, in words. @param {Competition} c @param {RecordedChange} r */
function maker(c, r) {
  const b = r.by;
  if (b.kind === 'organiser') return ct('record.by_organiser', { name: b.name ?? '' });
  if (b.kind === 'arbiter') return ct('record.by_arbiter', { name: b.name ?? '' });
  if (b.kind === 'server') return ct('record.by_server');
  if (b.kind === 'phone') {
    const ch = /** @type {{round?: number, team_match?: number, board?: number}} */ (r.change);
    const at = { round: ch.round ?? 0, team_match: ch.team_match, board: ch.board ?? 0 };
    const m = tableMatches(c, at.round).find((x) => samePlace(x.at, at));
    const who = m ? (b.side === 'first' ? m.first : m.second) : '';
    return ct('record.by_phone', { name: who, phone: b.person.slice(0, 6) });
  }
  return ct('record.by_someone', { name: b.name ?? b.person.slice(0, 6) });
}

/** Where a change about one match was made: a board of a round, or of a team match. @param {Record<string, any>} ch */
function where(ch) {
  return ch.team_match
    ? ct('record.at_team_board', { round: ch.round, match: ch.team_match, board: ch.board })
    : ct('record.at_board', { round: ch.round, board: ch.board });
}

/** What a change did, in words. @param {Competition} c @param {RecordedChange} r */
export function changeText(c, r) {
  const ch = /** @type {Record<string, any>} */ (r.change);
  const who = (/** @type {number} */ n) => `${n} ${nameOf(c, n)}`;
  switch (ch.change) {
    case 'enter': return ct('record.enter', { name: ch.entry ? entryName(ch.entry) : '' });
    case 'enter_list': return ct('record.enter_list', { n: ch.entries?.length ?? 0 });
    case 'enter_team': return ct('record.enter_team', { name: ch.team?.name ?? '' });
    case 'enter_teams': return ct('record.enter_teams', { n: ch.teams?.length ?? 0 });
    case 'withdraw': return ct('record.withdraw', { who: who(ch.entrant) });
    case 'request_bye': return ct('record.request_bye', { who: who(ch.entrant), round: ch.round });
    case 'pair': return ct('record.pair', { round: ch.round, boards: ch.boards?.length ?? 0 });
    case 'unpair': return ct('record.unpair', { round: ch.round });
    case 'seed': return ct('record.seed');
    case 'result': return ct('record.result', { round: ch.round, board: ch.board, result: outcomeText(ch.outcome) });
    case 'board_result': return ct('record.board_result', { where: where(ch), result: outcomeText(ch.outcome) });
    case 'line_up': return ct('record.line_up', { round: ch.round, match: ch.team_match });
    case 'penalty': return ct('record.penalty', { where: where(ch), conduct: ct(`conduct.${ch.conduct}`), clause: ch.clause });
    case 'take_back_penalty': return ct('record.take_back_penalty', { n: ch.penalty });
    case 'revoke_table_link': return ct('record.revoke_table_link', { where: where(ch) });
    case 'at_table': {
      const step = ch.step ?? {};
      const params = { where: where(ch), set: step.set };
      if (step.kind === 'set') {
        const m = tableMatches(c, ch.round).find((x) => samePlace(x.at, /** @type {import("./places.js").TablePlace} */ (ch)));
        const w = step.record?.winner;
        const winner = !w ? ct('record.drawn') : m ? (w === 'first' ? m.first : m.second) : w;
        return ct('record.table_set', { ...params, winner });
      }
      if (step.kind === 'undo') return ct('record.table_undo', params);
      return ct('record.table_confirm', params);
    }
    default: return String(ch.change);
  }
}

/**
 * The desk's record: `id` the competition's.
 * @param {string} id
 */
export function makeRecord(id) {
  const box = /** @type {HTMLDetailsElement} */ ($('record-box'));
  /** @type {RecordedChange[]} */
  let held = [];
  let more = false;
  /** The number of changes the record was read at. */
  let readAt = -1;
  /** @type {Competition | null} */
  let competition = null;

  /** Reads the newest page, or the page below `before`. @param {number} [before] */
  async function read(before) {
    const q = before ? `?before=${before}` : '';
    try {
      const res = await fetch(`/api/competitions/${encodeURIComponent(id)}/record${q}`);
      const body = await res.json().catch(() => null);
      if (!res.ok) throw Object.assign(new Error('record'), { code: body?.code || 'unknown' });
      const page = /** @type {RecordPage} */ (body);
      held = before ? [...held, ...page.changes] : page.changes;
      more = page.more;
      $('record-error').hidden = true;
    } catch (e) {
      $('record-error').textContent = refusalText(e);
      $('record-error').hidden = false;
    }
    draw();
  }

  function draw() {
    const c = competition;
    if (!c) return;
    $('record-list').replaceChildren(...held.map((r) => el('li', { 'data-change': r.number },
      el('span', { class: 'record-no' }, `${r.number}.`), ' ',
      el('span', { class: 'muted small' }, when(r.at)), ' · ',
      el('span', { class: 'record-by' }, maker(c, r)), ' · ',
      el('span', { class: 'record-what' }, changeText(c, r)))));
    $('record-more').hidden = !more;
  }

  $('record-more').addEventListener('click', () => read(held[held.length - 1]?.number));
  box.addEventListener('toggle', () => {
    if (box.open && competition && readAt !== competition.changes) {
      readAt = competition.changes;
      read();
    }
  });

  return {
    /** The competition as it now stands: read again if the record is open. @param {Competition} c */
    render(c) {
      competition = c;
      if (box.open && readAt !== c.changes) {
        readAt = c.changes;
        read();
      }
    },
  };
}
