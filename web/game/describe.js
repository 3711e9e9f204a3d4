// @ts-check
// The table in words, for players who cannot see the canvas: whose stroke
// it is, every disc by its short name (side and number, shared/discs.js), where
// it lies (zone and clock direction) and what the last stroke did, from
// the state and the verdict's typed reasons alone. Also the one-line
// summaries: the canvas's label and what the live region announces.

import { t, reasonText } from '../shared/text.js';
import { h, put, playerName, sideName } from '../shared/panel.js';
import { seatFrame } from '../shared/zone.js';
import { discNumbers } from '../shared/discs.js';

// Closer to the centre than this (m), a disc is "at the centre": no clock
// direction means anything there.
const AT_CENTRE = 0.015;

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Table} Table */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../shared/protocol.js').StrokeMessage} StrokeMessage */

/** @type {Record<string, string>} The cushion across the table from each. */
const FAR = { south: 'north', north: 'south', east: 'west', west: 'east' };

/**
 * Where a point lies, as a word-table id: the centre circle, an edge zone
 * (by its cushion), a corner square (by its pocket), or else the half of
 * the table on the viewer's near or far side (`000` 7.1.2 draws the lines).
 * @param {Table} table
 * @param {Vec2} p
 * @param {string} viewSeat
 */
export function zoneOf(table, p, viewSeat) {
  const S = table.size;
  const L = table.line_offset;
  if (Math.hypot(p[0] - S / 2, p[1] - S / 2) < table.circle_radius) return 'zone.circle';
  const near = { west: p[0] < L, east: p[0] > S - L, south: p[1] < L, north: p[1] > S - L };
  const ns = near.south ? 'south' : near.north ? 'north' : null;
  const ew = near.west ? 'west' : near.east ? 'east' : null;
  if (ns && ew) return `zone.corner.${ns}_${ew}`;
  if (ns || ew) return `zone.edge.${ns || ew}`;
  const f = seatFrame(viewSeat, S);
  const far = FAR[viewSeat] ?? 'north';
  return `zone.half.${f.depth(p) > S / 2 ? far : viewSeat}`;
}

/**
 * The clock hour of `p` from the centre, 12 o'clock being the far cushion from `viewSeat`; null at the centre.
 * @param {Table} table
 * @param {Vec2} p
 * @param {string} viewSeat
 */
export function clockHour(table, p, viewSeat) {
  const f = seatFrame(viewSeat, table.size);
  const [a, d] = f.local(p);
  const x = a - table.size / 2;
  const y = d - table.size / 2;
  if (Math.hypot(x, y) < AT_CENTRE) return null;
  const hour = Math.round((Math.atan2(x, y) * 6) / Math.PI);
  return ((hour + 11) % 12) + 1;
}

/**
 * "Red disc 3".
 * @param {State} state
 * @param {number} id
 * @param {Map<number, number>} [numbers]
 */
export function discName(state, id, numbers = discNumbers(state)) {
  const d = state.set.discs.find((x) => x.id === id);
  return t('describe.disc_name', { side: t(`side.${d?.side ?? 0}`), n: numbers.get(id) ?? '?' });
}

/**
 * The short form, for a list of choices: "2 o'clock, in the south half".
 * @param {Table} table
 * @param {Vec2} at
 * @param {string} viewSeat
 */
export function whereShort(table, at, viewSeat) {
  const zone = t(zoneOf(table, at, viewSeat));
  const hour = clockHour(table, at, viewSeat);
  return hour === null ? zone : t('describe.where_short', { zone, hour });
}

/**
 * Where a disc on the table lies: "in the south half, 2 o'clock, 25 cm from the centre".
 * @param {Table} table
 * @param {Vec2} at
 * @param {string} viewSeat
 */
export function whereText(table, at, viewSeat) {
  const zone = t(zoneOf(table, at, viewSeat));
  const hour = clockHour(table, at, viewSeat);
  if (hour === null) return t('describe.where_centre', { zone });
  const cm = Math.round(Math.hypot(at[0] - table.size / 2, at[1] - table.size / 2) * 100);
  return t('describe.where', { zone, hour, cm });
}

/** @param {State} state */
function turnText(state) {
  const turn = state.turn;
  if (!turn) return t(state.match?.over ? 'match.over' : 'panel.turn_none');
  return t('describe.turn', {
    name: playerName(state, turn.player), seat: t(`cushion.${turn.seat}`),
    side: t(`side.${turn.side}`), mark: t(`side.mark.${turn.side}`),
  });
}

/**
 * "In the pockets: Red disc 3, Black disc 1." for a stroke message.
 * @param {{verdict?: {pocketed?: number[]} | null, state: State}} msg
 */
export function pocketedText(msg) {
  const ids = msg.verdict?.pocketed ?? [];
  if (!ids.length) return t('verdict.pocketed_none');
  const numbers = discNumbers(msg.state);
  return t('verdict.pocketed', { list: ids.map((id) => discName(msg.state, id, numbers)).join(', ') });
}

/**
 * Who strokes after an event, or null when no one does.
 * @param {State} state
 * @param {boolean} continues the player who stroke goes on
 */
export function nextText(state, continues) {
  if (!state.turn) return null;
  const name = playerName(state, state.turn.player);
  return continues ? t('verdict.again', { name }) : t('verdict.next', { name, seat: t(`seat.${state.turn.seat}`) });
}

/**
 * The stroke in a few sentences: who, what went in (by name), each decision, who is next.
 * @param {StrokeMessage} msg
 */
export function strokeText(msg) {
  /** @type {Partial<import('../shared/protocol.js').Verdict>} */
  const v = msg.verdict ?? {};
  const who = t('verdict.by', { name: playerName(msg.state, msg.player), seat: t(`seat.${msg.seat}`) });
  const parts = [`${who}:`, pocketedText(msg), ...(v.reasons ?? []).map(reasonText)];
  const next = nextText(msg.state, v.turn?.turn === 'continues');
  if (next) parts.push(next);
  return parts.join(' ');
}

/**
 * The canvas's accessible name: whose stroke, and the discs left per side.
 * @param {State | null} state
 */
export function tableLabel(state) {
  if (!state) return t('app.title');
  const sides = (state.set?.sides ?? []).map((s) => t('describe.side_short', { side: t(`side.${s.side}`), n: s.on_table })).join('; ');
  return t('canvas.label', { turn: turnText(state), sides });
}

/**
 * Fill `el` with the whole description: how to read it, whose stroke,
 * the dark discs, the last stroke (`last`: a message with `text`), and
 * every side's discs one by one.
 * @param {Element} el
 * @param {State | null} state
 * @param {string} viewSeat
 * @param {{text: string | null} | null} last
 */
export function renderDescription(el, state, viewSeat, last) {
  if (!state?.set) { put(el); return; }
  const T = state.table;
  const numbers = discNumbers(state);
  const far = FAR[viewSeat] ?? 'north';
  const mover = state.turn;
  const dark = mover ? state.set.discs.filter((d) => d.at && d.side === mover.side && d.dark) : [];
  const darkLine = !mover ? null : dark.length
    ? t('describe.dark', { list: dark.map((d) => t('describe.disc_n', { n: numbers.get(d.id) })).join(', ') })
    : t('describe.dark_none');
  put(el,
    h('h2', { id: 'describe-title' }, t('describe.title')),
    h('p', { class: 'muted' }, t('describe.how', { seat: t(`cushion.${viewSeat}`), far: t(`cushion.${far}`) })),
    h('p', { class: 'describe-turn' }, turnText(state)),
    darkLine ? h('p', { class: 'describe-dark' }, darkLine) : null,
    h('h3', {}, t('panel.verdict')),
    h('p', { class: 'describe-last' }, last?.text ?? t('panel.no_verdict')),
    (state.set.sides ?? []).flatMap((s) => {
      const discs = state.set.discs.filter((d) => d.side === s.side);
      const onTable = discs.filter(/** @returns {d is import('../shared/protocol.js').DiscView & {at: Vec2}} */ (d) => !!d.at);
      const gone = discs.filter((d) => !d.at);
      const head = t(s.debt ? 'describe.side_debt' : 'describe.side', {
        side: t(`side.${s.side}`), mark: t(`side.mark.${s.side}`), names: sideName(state, s.side),
        on_table: s.on_table, pocketed: s.pocketed, debt: s.debt,
      });
      return [
        h('h3', { 'data-side': String(s.side) }, head),
        onTable.length ? h('ul', { class: 'describe-discs' }, onTable.map((d) => {
          /** @type {string[]} */
          const notes = [];
          if (mover && d.side === mover.side && d.dark) notes.push(t('describe.note_dark'));
          if (d.penalty) notes.push(t('describe.note_penalty'));
          return h('li', { 'data-disc': String(d.id) }, t('describe.disc', {
            n: numbers.get(d.id), where: whereText(T, d.at, viewSeat),
            notes: notes.length ? ` (${notes.join('; ')})` : '',
          }));
        })) : null,
        gone.length ? h('p', { class: 'muted' }, t('describe.pocketed_list', { list: gone.map((d) => t('describe.disc_n', { n: numbers.get(d.id) })).join(', ') })) : null,
      ];
    }),
  );
}
