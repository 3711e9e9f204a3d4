// @ts-check
// The side panel: the match, whose stroke it is, the discs of each side,
// and the referee's verdict in words (text.js) with the clauses behind
// each decision. Built from the state alone: the panel keeps nothing.

import { t, has, reasonText, ruleRef } from './text.js';
import { SIDE_COLOURS, MARK_COLOURS } from './table.js';
// Where the rules page explains a reason (kept by the rules page's author):
// `rulesHref(reason)` gives e.g. `rules.html#penalty-spot`, or null.
import { rulesHref } from './rulelinks.js';

/** @typedef {import('./protocol.js').State} State */
/** @typedef {import('./protocol.js').Reason} Reason */

/**
 * A judged stroke as the panel shows it: a `stroke` event, a replay's or
 * an analysis's stroke, or a call of the referee's that judged one; the
 * state is the one after it.
 * @typedef {object} Judged
 * @property {State} state
 * @property {import('./protocol.js').Verdict | null} [verdict]
 * @property {import('./protocol.js').RuleRef[][]} [rules]
 * @property {number | null} [player]
 * @property {string} seat
 * @property {import('./protocol.js').Stroke} [stroke]
 * @property {import('./protocol.js').CalledMessage['call']} [call] what the server called, if it was a call
 * @property {string | null} [by] who claimed, for a claim (a stroke's: who played it)
 */

/** What an element is made of: text, elements, and nothing (null, undefined, false). @typedef {string | Node | null | undefined | false} Kid */
/** Attributes by name (`class`: the class name); null and undefined are left out. @typedef {Record<string, string | null | undefined>} Attrs */

/**
 * Elements from text only (names are the players' own words): no HTML strings.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Kid | Kid[])} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
const h = (tag, attrs = {}, ...kids) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') el.className = v ?? '';
    else if (v !== undefined && v !== null) el.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) el.append(kid);
  return el;
};
export { h };

/**
 * A reason's sentence, linked to the paragraph of the rules page that explains it.
 * @param {Reason} r
 * @param {string | null} [call] the server's call, if the verdict is one
 */
function reasonLink(r, call = null) {
  const href = rulesHref(r);
  // A set won because the opponent stayed away was claimed by a player,
  // not forfeited by an organiser: the reason is worded as the call was.
  const claimed = (call === 'claimed_set' || call === 'claimed_match') && r.reason === 'won' && r.how === 'opponent_forfeited';
  const text = claimed ? t('win.claimed') : reasonText(r);
  // The rules open beside the game, never in its place.
  return href ? h('a', { href, class: 'rule-link', title: t('verdict.rule_link'), target: '_blank', rel: 'noopener' }, text) : text;
}

/**
 * A message's verdict; none (a record that kept none) reads as no reasons.
 * @param {{verdict?: import('./protocol.js').Verdict | null}} msg
 * @returns {Partial<import('./protocol.js').Verdict> & {reasons: Reason[]}}
 */
const verdictOf = (msg) => msg.verdict ?? { reasons: [] };

/**
 * replaceChildren without the nulls
 (it would print them as text).
 * @param {Element} el
 * @param {...(Kid | Kid[])} kids
 */
export function put(el, ...kids) {
  el.replaceChildren(...kids.flat().filter(/** @returns {k is string | Node} */ (k) => k !== null && k !== undefined && k !== false));
}

/**
 * A small picture of a side's disc: its colour and its mark, as on the table.
 * @param {number} side
 */
export function swatch(side) {
  const c = SIDE_COLOURS[side] ?? '#888';
  const mark = MARK_COLOURS[side] ?? '#fff';
  const marks = [
    '',
    `<circle cx="8" cy="8" r="4.6" fill="none" stroke="${mark}" stroke-width="1.2"/>`,
    [45, 135, 225, 315].map((a) => `<circle cx="${8 + 4.6 * Math.cos((a * Math.PI) / 180)}" cy="${8 + 4.6 * Math.sin((a * Math.PI) / 180)}" r="1.1" fill="${mark}"/>`).join(''),
    `<path d="M8 1.5V5.5M8 10.5V14.5M1.5 8H5.5M10.5 8H14.5" stroke="${mark}" stroke-width="1.3"/>`,
  ][side] ?? '';
  const span = h('span', { class: 'swatch', role: 'img', 'aria-label': t(`side.${side}`), title: t(`side.${side}`) });
  span.innerHTML = `<svg viewBox="0 0 16 16" width="16" height="16"><circle cx="8" cy="8" r="7.5" fill="${c}" stroke="rgba(0,0,0,.5)"/>${marks}<circle cx="8" cy="8" r="2" fill="var(--hole)"/></svg>`;
  return span;
}

/**
 * The name player `i` goes by on this page.
 * @param {{players?: State['players'], seats?: State['seats']}} state
 * @param {number | null | undefined} i
 */
export function playerName(state, i) {
  const players = state.players ?? [];
  const p = i === null || i === undefined ? undefined : players[i];
  if (!p || i === null || i === undefined) return t('start.player_n', { n: (i ?? 0) + 1 });
  // Forgotten at their request (docs/privacy.md): the seat keeps no name.
  if (state.seats?.[i]?.forgotten) return t('people.forgotten');
  // Between people, a person in a seat goes by their own name (the one
  // they chose, else their account's), the one the lists show. The server
  // sends it only for a person holding one seat, so a hot-seat game keeps
  // the names typed for its seats; against the computer, the one person
  // at the table is named as typed, else "you".
  const chosen = state.seats?.[i]?.name;
  if (chosen && betweenPeople(state)) return chosen;
  if (p.name) return p.name;
  if (chosen && !isYou(state, i)) return chosen;
  const computers = players.filter((q) => q.kind === 'computer');
  if (p.kind === 'computer') {
    // Two computers at one table are told apart by their place.
    if (computers.length < 2) return t('computer.name', { level: t(`level.${p.level}`) });
    return t('computer.name_n', { n: computers.indexOf(p) + 1, level: t(`level.${p.level}`) });
  }
  return isYou(state, i) ? t('start.you') : t('start.player_n', { n: i + 1 });
}

/**
 * Whether people at more than one screen play: a second person, or a seat
 * waiting for one. Only for what the page shows of them (who is connected,
 * the name field, whose name a seat goes by), never for what it allows:
 * that is online.js `allowed`.
 * @param {{seats?: State['seats']} | null | undefined} state
 */
export function betweenPeople(state) {
  const seats = state?.seats ?? [];
  const people = new Set(seats.filter((s) => s.holder === 'person').map((s) => s.person));
  return seats.some((s) => s.holder === 'open') || people.size > 1;
}

/**
 * Whether player `i` is, for this page, simply "you": the one person at a
 * table of computers, who gave no name.
 * @param {{players?: State['players']}} state
 * @param {number | null | undefined} i
 */
export function isYou(state, i) {
  if (i === null || i === undefined) return false;
  const players = state.players ?? [];
  const p = players[i];
  return !!p && !p.name && p.kind === 'human' && players.filter((q) => q.kind === 'human').length === 1 && players.length > 1;
}

/**
 * The players (by index) of a side: as the set lists them, else by the
 * side each player's seat is on.
 * @param {State} state
 * @param {number} side
 * @returns {number[]}
 */
function sidePlayers(state, side) {
  const s = state.set?.sides?.find((x) => x.side === side);
  return s?.players ?? state.players.map((p, i) => (p.side === side ? i : -1)).filter((i) => i >= 0);
}

/**
 * The names of a side's players ("Anna", or "Anna & Bob" in doubles).
 * @param {State} state
 * @param {number} side
 */
export function sideName(state, side) {
  const names = sidePlayers(state, side).map((i) => playerName(state, i));
  return names.length === 2 ? t('panel.team', { a: names[0], b: names[1] }) : names.join(', ');
}

/**
 * Player `i`'s rating beside their name in a rated game: "1523?" while
 * provisional, and once the match is rated its change ("+14", "−14"); ''
 * when the game shows no rating.
 * @param {{seats?: State['seats']}} state
 * @param {number} i
 * @returns {HTMLElement | ''}
 */
export function ratingBadge(state, i) {
  const r = state.seats?.[i]?.rating;
  if (!r) return '';
  const shown = `${r.rating}${r.provisional ? '?' : ''}`;
  const title = t(r.provisional ? 'panel.rating_provisional' : 'panel.rating', { r: r.rating });
  // Seen as "1523?", heard as the sentence.
  const badge = h('span', { class: 'rating', title }, h('span', { 'aria-hidden': 'true' }, shown), h('span', { class: 'visually-hidden' }, title));
  if (r.change !== undefined) {
    const d = r.change > 0 ? `+${r.change}` : r.change < 0 ? `\u2212${-r.change}` : '\u00b10';
    const said = t('panel.rating_change', { d });
    badge.append(' ', h('span', { class: `rating-change ${r.change > 0 ? 'up' : r.change < 0 ? 'down' : ''}`, title: said },
      h('span', { 'aria-hidden': 'true' }, d), h('span', { class: 'visually-hidden' }, `, ${said}`)));
  }
  return badge;
}

/**
 * A side's players' names, each with their rating in a rated game.
 * @param {State} state
 * @param {number} side
 * @returns {(string | HTMLElement)[]}
 */
function sideNamesRated(state, side) {
  const players = sidePlayers(state, side);
  if (!players.some((i) => state.seats?.[i]?.rating)) return [sideName(state, side)];
  /** @type {(string | HTMLElement)[]} */
  const out = [];
  players.forEach((i, k) => {
    if (k > 0) out.push(players.length === 2 ? ` ${t('panel.team_and')} ` : ', ');
    out.push(playerName(state, i), ' ', ratingBadge(state, i));
  });
  return out;
}

/**
 * Who `match.score[k]` counts for: a player, or in doubles a team (players 0–1 and 2–3).
 * @param {State} state
 * @param {number} k
 */
export function contenderName(state, k) {
  if (state.format === 'doubles') {
    return t('panel.team', { a: playerName(state, 2 * k), b: playerName(state, 2 * k + 1) });
  }
  return playerName(state, k);
}

/**
 * "One set", "best of 3".
 * @param {number | string} n
 */
export function setsText(n) {
  return has(`sets.${n}`) ? t(`sets.${n}`) : t('sets.n', { n });
}

/**
 * A match format in words (issue 32): "Best of 3 sets", "6 sets (a draw
 * at 3:3)", "First to 3 sets". A state from an older server has no
 * format: a best of `sets`.
 * @param {{kind: string, sets: number} | null | undefined} f
 * @param {number} [sets] the match's sets, when `f` is missing
 */
export function formatText(f, sets = 1) {
  if (!f || f.kind === 'best_of' || (f.kind === 'sets' && f.sets === 1)) return setsText(f?.sets ?? sets);
  if (f.kind === 'first_to') return t('mf.first_to', { n: f.sets });
  return f.sets % 2 === 0 ? t('mf.sets_draw', { n: f.sets, h: f.sets / 2 }) : t('mf.sets', { n: f.sets });
}

/**
 * The set shown, in the format's terms: "set 5 of 6" in a fixed number
 * of sets (until drawn sets carry it past the last), "set 5" otherwise.
 * @param {{format?: {kind: string, sets: number}, set_number: number}} m
 */
export function setNumberText(m) {
  const f = m.format;
  return f && f.kind === 'sets' && m.set_number <= f.sets
    ? t('panel.set_of_n', { n: m.set_number, of: f.sets })
    : t('panel.set_of', { n: m.set_number });
}

/**
 * The rule profile and the format in one line.
 * @param {{profile: string, format: string}} state
 */
export function formatLine(state) {
  return [t(`profile.${state.profile}`), t(`format.short.${state.format}`)].join(' · ');
}

/** @param {State} state */
function matchLine(state) {
  const m = state.match;
  const parts = [formatText(m.format, m.sets)];
  if (m.sets > 1) parts.push(setNumberText(m));
  // A first to K says what is needed already.
  if (m.sets > 1 && m.format?.kind !== 'first_to') parts.push(t('panel.needed', { n: m.needed }));
  parts.push(t(state.casual ? 'panel.casual' : 'panel.strict'));
  return parts.join(' · ');
}

/**
 * The match: its terms and the score.
 * @param {Element} el
 * @param {State} state
 */
export function renderMatch(el, state) {
  const m = state.match;
  put(el,
    h('div', { class: 'muted' }, formatLine(state)),
    h('div', { class: 'muted' }, matchLine(state)),
    h('table', { class: 'score' },
      h('tbody', {}, m.score.map((s, k) => h('tr', { class: m.winner === k ? 'winner' : '' },
        h('td', {}, contenderName(state, k)),
        h('td', { class: 'num', 'data-score': String(s) }, String(s)))))),
    // A level score at the end is a result of its own, said as one.
    m.over && m.drawn ? h('div', { class: 'match-drawn', id: 'match-drawn' }, t('match.score_drawn', { score: m.score.join(':') })) : null,
  );
}

/**
 * Whose stroke it is, and whether the computer is choosing it.
 * @param {Element} el
 * @param {State} state
 * @param {boolean} thinking
 */
export function renderTurn(el, state, thinking) {
  const turn = state.turn;
  if (!turn) {
    put(el, h('span', { class: 'muted' }, t(state.match?.over ? 'match.over' : 'panel.turn_none')));
    return;
  }
  const name = playerName(state, turn.player);
  put(el,
    swatch(turn.side),
    h('span', { class: 'turn-name', 'data-seat': turn.seat }, t('panel.turn_line', { name, seat: t(`seat.${turn.seat}`) })),
    turn.kind === 'computer' && thinking ? h('span', { class: 'thinking', id: 'thinking' }, t('status.thinking', { name })) : null,
  );
}

/**
 * Each side's discs: on the table, pocketed, owed.
 * @param {Element} el
 * @param {State} state
 */
export function renderSides(el, state) {
  const sides = state.set?.sides ?? [];
  put(el, h('table', { class: 'sides' },
    h('thead', {}, h('tr', {},
      h('th', {}, t('panel.col.side')), h('th', { class: 'num' }, t('panel.col.on_table')),
      h('th', { class: 'num' }, t('panel.col.pocketed')),
      h('th', { class: 'num' }, h('abbr', { title: t('panel.col.debt_long') }, t('panel.col.debt'))))),
    h('tbody', {}, sides.map((s) => h('tr', { 'data-side': String(s.side), class: state.turn?.side === s.side ? 'to-play' : '' },
      h('td', {}, swatch(s.side), ' ', ...sideNamesRated(state, s.side)),
      h('td', { class: 'num on-table' }, String(s.on_table)),
      h('td', { class: 'num pocketed' }, String(s.pocketed)),
      h('td', { class: 'num debt' }, String(s.debt))))),
  ));
  // "Owed" is a word of this game's rules: say what it is where it is shown.
  if (sides.some((x) => x.debt > 0)) {
    el.append(h('p', { class: 'muted debt-note' }, t('panel.debt_note'), ' ',
      h('a', { href: 'rules.html#debt', target: '_blank', rel: 'noopener' }, t('panel.debt_link'))));
  }
}

/**
 * "2 Red, 1 Black": the pocketed discs of a stroke, by side.
 * @param {{verdict?: {pocketed?: number[]} | null, state: State}} msg
 */
function pocketedList(msg) {
  const ids = msg.verdict?.pocketed ?? [];
  /** @type {Map<number | undefined, number>} */
  const bySide = new Map();
  for (const id of ids) {
    const side = msg.state.set.discs.find((d) => d.id === id)?.side;
    bySide.set(side, (bySide.get(side) || 0) + 1);
  }
  return [...bySide].map(([side, n]) => t(n === 1 ? 'discs.one' : 'discs.many', { n, side: t(`side.${side}`) })).join(', ');
}

/**
 * What ran over a pocket too fast to fall in, one sentence each: no rule
 * turns on it, but a player who watched a disc cross a pocket and stay
 * asks why nothing went in.
 * @param {{verdict?: {jumped?: import('./protocol.js').Verdict['jumped']} | null, state: State}} msg
 */
export function jumpedTexts(msg) {
  return (msg.verdict?.jumped ?? []).map((j) => {
    const disc = j.disc === undefined || j.disc === null ? null : msg.state.set.discs.find((d) => d.id === j.disc);
    const what = disc ? t('describe.disc_name', { side: t(`side.${disc.side}`), n: disc.id }) : t('verdict.jumped_striker');
    const text = t('verdict.jumped', { what, pocket: t(`pocket.${j.pocket}`) });
    // A sentence may start with the disc's name.
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}

/**
 * What a call of the server's (a time-out, a claim, an abandonment) did,
 * in words: who was called, and who claimed.
 * @param {{call: import('./protocol.js').CalledMessage['call'], state: State, player?: number | null, by?: string | null}} m
 */
export function calledText(m) {
  return t(`called.${m.call}`, {
    name: playerName(m.state, m.player),
    // The claimant, by name (players change ends between sets: the
    // state of the event says who sits where).
    by: m.by ? playerName(m.state, m.state.players.findIndex((p) => p.seat === m.by)) : '',
  });
}

/**
 * The verdict of a stroke event: who played, what went in, each decision and its clauses.
 * @param {Element} el
 * @param {Judged} msg
 */
export function renderVerdict(el, msg) {
  const st = msg.state;
  const v = verdictOf(msg);
  const who = t('verdict.by', { name: playerName(st, msg.player), seat: t(`seat.${msg.seat}`) });
  const stroke = msg.stroke;
  const list = pocketedList(msg);
  const next = v.turn?.turn === 'continues' && st.turn
    ? t('verdict.again', { name: playerName(st, st.turn.player) })
    : st.turn ? t('verdict.next', { name: playerName(st, st.turn.player), seat: t(`seat.${st.turn.seat}`) }) : null;
  put(el,
    h('div', { class: 'verdict-head' }, swatch(v.side ?? 0), h('strong', {}, who),
      stroke ? h('span', { class: 'muted' }, ` · ${t('verdict.speed', { speed: stroke.speed.toFixed(2) })}`) : null),
    msg.call ? h('div', { class: 'verdict-call' }, calledText({ ...msg, call: msg.call })) : null,
    h('div', { class: 'verdict-pocketed' }, list ? t('verdict.pocketed', { list }) : t('verdict.pocketed_none')),
    jumpedTexts(msg).map((text) => h('div', { class: 'verdict-jumped' }, text)),
    h('ul', { class: 'reasons' }, (v.reasons ?? []).map((r, k) => h('li', { 'data-reason': r.reason, class: r.reason === 'foul' ? 'foul' : r.reason === 'won' ? 'won' : '' },
      h('span', { class: 'sentence' }, reasonLink(r, msg.call ?? null)),
      (msg.rules?.[k] ?? []).length ? h('span', { class: 'refs' }, (msg.rules?.[k] ?? []).map((ref) => h('abbr', { title: t(`doc.${ref.doc}`) }, ruleRef(ref)))) : null))),
    next ? h('div', { class: 'verdict-next' }, next) : null,
  );
}

/**
 * One line of the game's stroke log.
 * @param {Judged} msg
 */
export function logEntry(msg) {
  const st = msg.state;
  const v = verdictOf(msg);
  const first = (v.reasons ?? []).find((r) => r.reason === 'foul' || r.reason === 'won') ?? (v.reasons ?? [])[0];
  const list = pocketedList(msg);
  return h('li', {},
    swatch(v.side ?? 0), ' ',
    h('strong', {}, playerName(st, msg.player)), ' ',
    list ? `${t('verdict.pocketed', { list })} ` : '',
    first ? reasonLink(first) : '');
}

/**
 * The banner over the table when a set or the match is over. Until the
 * next set starts, the state shows the finished set with its own seating,
 * so its winning side names who won.
 * @param {State} state
 * @param {boolean} [explained] whether what ended the set is said already
 *   (a call's own words): then only who won is said
 */
export function resultText(state, explained = false) {
  const m = state.match;
  if (m.over) {
    // The winner's sets first, as a result is said: "wins 2–0", not "0–2".
    const winner = m.winner ?? null;
    const score = (winner === null ? m.score : [m.score[winner], ...m.score.filter((_, k) => k !== winner)]).join('–');
    if (m.aborted) return t('match.aborted');
    if (m.drawn) return t('match.drawn', { score: m.score.join(':') });
    if (m.winner === null || m.winner === undefined) return t('match.over');
    if (m.resigned === null || m.resigned === undefined) return t('match.won', { name: contenderName(state, m.winner), score });
    // A resignation is said first, and the score left out: it does not
    // explain this result.
    return `${t('match.resigned', { name: playerName(state, m.resigned) })} ${t('match.won_resigned', { name: contenderName(state, m.winner) })}`;
  }
  const r = state.set?.result;
  const n = Math.max(1, m.results?.length ?? m.set_number);
  if (!r) return '';
  if (r.result === 'won') {
    const who = t('result.won', { name: sideName(state, r.winner), n });
    return explained ? who : `${who} ${t(`win.${r.how}`)}`;
  }
  if (r.result === 'drawn') return t('result.drawn', { n });
  return `${t('result.replay', { n })} ${t(`replay.${r.why}`)}`;
}

/**
 * What the marks on the table mean.
 * @param {Element} el
 * @param {State} state
 */
export function renderLegend(el, state) {
  const n = state.set?.sides?.length ?? 2;
  /** @type {HTMLElement[]} */
  const items = [];
  for (let s = 0; s < n; s++) items.push(h('span', { class: 'legend-side' }, swatch(s), ` ${t(`side.${s}`)} (${t(`side.mark.${s}`)})`));
  put(el,
    h('p', {}, items),
    h('p', {}, t('legend.dark')),
    h('p', {}, t('legend.penalty')),
    h('p', {}, t('legend.region')),
    h('p', {}, t('legend.light')),
    h('p', {}, t('legend.guide')),
    h('p', {}, t('legend.shapes')),
    h('p', {}, t('legend.numbers')),
  );
}

/**
 * A stroke in one line for the toast over the table: who, what went in, the main decision.
 * @param {Judged} msg
 */
export function summaryText(msg) {
  const v = verdictOf(msg);
  const key = (v.reasons ?? []).find((r) => r.reason === 'foul')
    ?? (v.reasons ?? []).find((r) => r.reason === 'won' || r.reason === 'replayed' || r.reason === 'both_last_discs')
    ?? (v.reasons ?? []).find((r) => r.reason === 'series_continues' || r.reason === 'turn_passes');
  const list = pocketedList(msg);
  return [
    `${playerName(msg.state, msg.player)}:`,
    list ? t('verdict.pocketed', { list }) : t('verdict.pocketed_none'),
    // "Nothing pocketed" next to a disc seen crossing a pocket needs its why.
    list ? '' : jumpedTexts(msg)[0] ?? '',
    key ? reasonText(key) : '',
  ].join(' ').trim();
}
