// @ts-check
// From a verdict of the referee to the paragraph of the rules page that
// explains it. A verdict's reasons arrive typed (docs/formats.md "Reasons";
// crates/novuss-core/src/rules/verdict/reason.rs): `{reason: 'foul', kind}`,
// `{reason: 'turn_passes', why}`, `{reason: 'won', how}`,
// `{reason: 'replayed', why}` and the other `reason` values. Every kind the
// game page has words for (web/locales/en/game.js foul.*, turn_ends.*, win.*,
// replay.*, reason.*) has a paragraph here; tests/browser/rules.mjs checks
// that each anchor exists on the page. The clauses a verdict cites come
// typed too (`{doc, clause}`); `clauseOf` says which heading of a rule
// book a clause is under, so that it is cited in the reader's language.

/** Anchor of each foul (FoulKind): `foul-` and the kind with hyphens. */
const FOULS = [
  'striker_pocketed', 'striker_off_table', 'direct_touched_nothing', 'direct_opponent_first',
  'direct_own_dark', 'rebound_opponent_first', 'rebound_dark_without_opposite_cushion',
  'rebound_touched_nothing', 'dark_only_missed_cushion', 'blind_drive', 'out_of_blind',
  'opponent_off_table', 'touched_moving_striker', 'dislodged_disc', 'refused_stroke', 'double_stroke',
];

/** @type {Record<string, string>} Why the turn passes (TurnEnds). */
const TURN = {
  no_own_disc: 'turn-no-own-disc',
  opponent_disc: 'turn-opponent-disc',
  disc_left_table: 'turn-disc-left-table',
  striker_returned: 'turn-striker-returned',
  foul: 'turn-foul',
};

/** @type {Record<string, string>} How a set is won (WinReason). */
const WON = {
  pocketed_all: 'win-pocketed-all',
  no_discs_left: 'win-no-discs-left',
  cleared_in_opening_turn: 'opening-cleared',
  opponent_last_disc_with_foul: 'last-disc-with-foul',
  opponent_several_restored: 'several-restored',
  opponent_out_of_turn: 'out-of-turn',
  opponent_forfeited: 'conduct',
};

/** @type {Record<string, string>} Why a set is replayed (ReplayReason). */
const REPLAYED = {
  first_turn_clears: 'opening-cleared',
  both_last_discs: 'both-last-discs',
  blind_misses: 'blind-misses',
  interference: 'interference',
};

/** @type {Record<string, string>} The other decisions (Reason), each by its `reason` value. */
const OTHER = {
  all_moved_restored: 'restored',
  restored: 'restored',
  off_table_placed: 'off-table-spot',
  several_restored: 'several-restored',
  series_continues: 'series',
  penalty_owed: 'debt-owed',
  penalty_placed: 'penalty-spot',
  doubles_penalty_waits: 'penalty-doubles',
  debt_paid: 'debt-paid',
  debt_paid_no_discs_left: 'debt-no-discs-left',
  last_disc_with_foul: 'last-disc-with-foul',
  four_player_no_loss: 'four-player-penalties',
  out_of_turn_penalty: 'four-player-penalties',
  out_of_turn_forfeits: 'out-of-turn',
  both_last_discs: 'both-last-discs',
  opening_cleared: 'opening-cleared',
  interference_stroke_again: 'interference',
  warning: 'conduct',
  forfeit: 'conduct',
};

/** The paragraph each typed group falls back to when its kind is new to this page. */
const GROUP = { foul: 'fouls', turn_passes: 'turn-passes', won: 'winning', replayed: 'winning' };

/**
 * The element id of the rules page's paragraph that explains a verdict
 * reason, or null for a reason this page does not know. A known group with
 * a kind added later (a new foul, say) gets the group's own paragraph.
 * A bare string is taken as `{reason: string}`.
 * @param {import('./protocol.js').Reason | string | null | undefined} reason
 * @returns {string | null}
 */
export function ruleAnchor(reason) {
  /** @type {import('./protocol.js').Reason | null | undefined} */
  const r = typeof reason === 'string' ? { reason } : reason;
  if (!r || typeof r.reason !== 'string') return null;
  const kind = String(r.kind);
  const why = String(r.why);
  switch (r.reason) {
    case 'foul':
      return FOULS.includes(kind) ? `foul-${kind.replace(/_/g, '-')}` : GROUP.foul;
    case 'turn_passes':
      return Object.hasOwn(TURN, why) ? TURN[why] : GROUP.turn_passes;
    case 'won':
      return Object.hasOwn(WON, String(r.how)) ? WON[String(r.how)] : GROUP.won;
    case 'replayed':
      return Object.hasOwn(REPLAYED, why) ? REPLAYED[why] : GROUP.replayed;
    default:
      return Object.hasOwn(OTHER, r.reason) ? OTHER[r.reason] : null;
  }
}

/**
 * `rules.html#<anchor>` for a verdict reason, or null (see `ruleAnchor`).
 * @param {import('./protocol.js').Reason | string | null | undefined} reason
 */
export function rulesHref(reason) {
  const a = ruleAnchor(reason);
  return a === null ? null : `rules.html#${a}`;
}

/**
 * The headings of the rule books that name their clauses by heading and
 * item (001 `Penalty disc •4`, 003 `Pion de pénalité ¶3`; the others are
 * numbered), by the id of their words (`rule_heading.<doc>.<id>`).
 * @type {Record<string, Record<string, string>>}
 */
const HEADINGS = {
  '000': {
    'Starting a game': 'starting',
  },
  '001': {
    'Initial state': 'initial_state',
    'The Game': 'game',
    'Direct strokes': 'direct_strokes',
    'Penalty disc': 'penalty_disc',
    'Losing the rights to stroke': 'losing_stroke',
  },
  '003': {
    'Particularité du jeu en double': 'doubles',
    'Pion de pénalité': 'penalty_disc',
    'Pions clairs et pions foncés': 'light_dark',
    'Un joueur perd son tour': 'losing_stroke',
  },
};

/**
 * A clause a verdict cites, as its parts: a numbered clause (`3.6.15`), or
 * a heading of its book (by the id of its words, or null for one this
 * page does not know) with the item under it (`•4`) or the paragraph
 * (`¶3`), if any. The clause is the core's identifier of a place in the
 * book (crates/novuss-core/src/rules/clause.rs), always written so.
 * @param {import('./protocol.js').RuleRef} ref
 * @returns {{number: string} | {heading: string | null, title: string, item: string | null, paragraph: boolean}}
 */
export function clauseOf(ref) {
  const clause = String(ref.clause);
  if (/^\d+(\.\d+)*$/.test(clause)) return { number: clause };
  const m = /^(.*?) ([•¶])(\d+)$/.exec(clause);
  const title = m ? m[1] : clause;
  const heading = Object.hasOwn(HEADINGS, ref.doc) && Object.hasOwn(HEADINGS[ref.doc], title) ? HEADINGS[ref.doc][title] : null;
  return { heading, title, item: m ? m[3] : null, paragraph: m?.[2] === '¶' };
}
