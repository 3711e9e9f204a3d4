// @ts-check
// The outline of the rules page: its sections, the paragraphs in them (each
// with an element id, so the game can link to it, and the clauses it rests
// on), and where each diagram stands. The words are in
// locales/<lang>/rules.js (`sec.<id>` for a heading, `p.<id>` for a
// paragraph); clauses are written as the project cites them (`000 3.6.2`,
// `001 "Penalty disc" •4`, `002 5.2`). No DOM here: the tests read it in Node.

/** @typedef {import('../shared/protocol.js').ProfileSettings} ProfileSettings */

/**
 * A paragraph: its element id (its words are `p.<id>`) and its clauses.
 * @typedef {{id: string, refs: string[]}} Paragraph
 */

/**
 * What a section holds: a paragraph, a list of paragraphs with its
 * introduction, or the table comparing the profiles.
 * @typedef {Paragraph & {items?: Paragraph[], table?: boolean}} Block
 */

/**
 * A section: its id (its heading is `sec.<id>`), its blocks, and the
 * diagram that stands after block `figureAfter`.
 * @typedef {{id: string, figure?: string, figureAfter?: number, blocks: Block[]}} Section
 */

/** @param {string} id @param {string[]} refs @returns {Block} */
const P = (id, refs) => ({ id, refs });
/** @param {string} id @param {string[]} refs @param {Paragraph[]} items @returns {Block} */
const LIST = (id, refs, items) => ({ id, refs, items });

/** @type {Section[]} */
export const SECTIONS = [
  {
    id: 'setup',
    figure: 'setup',
    figureAfter: 3,
    blocks: [
      P('setup-goal', ['001 "The Game"', '000 1.3', '002 9']),
      P('setup-table', ['000 7.1.1', '000 7.1.2', '000 7.2.1', '000 7.2.2']),
      P('setup-singles', ['001 "Initial state"', '000 1.4', '002 1.1', '002 1.2']),
      P('setup-doubles', ['003 "Particularité du jeu en double"', '000 5.1', '000 5.4', '002 8.1']),
      P('setup-four', ['000 1.1', '000 7.2.2']),
      P('setup-striker', ['001 "The Game"', '000 1.6', '000 1.7', '000 1.14', '002 3.1', '002 3.2']),
      P('setup-cue', ['000 1.15', '002 3.4', '000 1.16']),
    ],
  },
  {
    id: 'light-dark',
    figure: 'light-dark',
    figureAfter: 3,
    blocks: [
      P('dark-area', ['001 "Direct strokes"', '000 2.1', '002 2.1', '000 7.1.2']),
      P('dark-disc', ['001 "Direct strokes"', '000 2.3', '002 2.2', '002 2.3', '003 "Pions clairs et pions foncés"']),
      P('dark-exact', ['000 2.3', '000 7.1.2', '002 2.2']),
      P('dark-whose', ['000 2.1', '002 2.1']),
    ],
  },
  {
    id: 'strokes',
    figure: 'strokes',
    figureAfter: 3,
    blocks: [
      P('direct', ['001 "Direct strokes"', '000 2.2', '002 4.1', '000 2.5.2', '000 2.5.3']),
      P('rebound', ['001 "Direct strokes"', '002 4.2', '002 4.3.1', '002 4.3.5', '000 2.5.1']),
      P('opponent-discs', ['001 "Penalty disc" •4', '001 "Penalty disc" •5', '000 2.6', '000 3.6.2', '000 1.29']),
      P('dark-only', ['000 2.4', '000 2.6.1', '002 2.4.2', '002 2.4.3', '002 4.3.6', '000 3.6.9']),
      P('striker-return', ['001 "Losing the rights to stroke" •5', '002 3.7', '003 "Un joueur perd son tour" •4']),
    ],
  },
  {
    id: 'penalty',
    figure: 'penalty',
    figureAfter: 5,
    blocks: [
      P('penalty-disc', ['001 "Penalty disc"', '000 3.1', '000 3.4', '002 5.1']),
      LIST('fouls', ['001 "Penalty disc"', '000 3.6', '002 5.1'], [
        P('foul-striker-pocketed', ['001 "Penalty disc" •1', '000 3.6.17', '002 5.1.4']),
        P('foul-striker-off-table', ['001 "Penalty disc" •2', '000 3.6.17', '002 5.1.5']),
        P('foul-direct-touched-nothing', ['001 "Penalty disc" •3', '000 3.6.1']),
        P('foul-direct-opponent-first', ['001 "Penalty disc" •4', '000 3.6.2', '000 3.6.5', '002 5.1.2']),
        P('foul-direct-own-dark', ['001 "Penalty disc" •6', '000 3.6.3', '002 4.3']),
        P('foul-rebound-opponent-first', ['001 "Penalty disc" •5', '000 3.6.8', '002 5.1.3']),
        P('foul-rebound-dark-without-opposite-cushion', ['001 "Direct strokes"', '002 4.3.1', '002 4.3.5']),
        P('foul-rebound-touched-nothing', ['002 2.4.4', '002 2.4.1']),
        P('foul-dark-only-missed-cushion', ['000 3.6.9', '000 3.6.12', '002 2.4.2', '002 2.4.3']),
        P('foul-blind-drive', ['000 3.6.4', '000 3.6.11', '002 4.5', '002 8.2']),
        P('foul-out-of-blind', ['000 3.6.6', '002 4.4']),
        P('foul-opponent-off-table', ['000 3.6.7', '000 3.6.10']),
        P('foul-touched-moving-striker', ['000 3.6.13']),
        P('foul-dislodged-disc', ['000 3.6.14', '000 6.4']),
        P('foul-refused-stroke', ['000 3.6.15']),
        P('foul-double-stroke', ['000 3.6.16', '000 1.16']),
      ]),
      P('fouls-conduct', ['000 1.28', '000 3.6.13', '000 3.6.16']),
      P('restored', ['001 "Penalty disc" •6', '000 3.6.3', '000 3.6.4', '000 3.6.11', '002 4.5']),
      P('several-restored', ['000 3.6.3', '000 3.6.4', '000 3.6.14', '000 6.1', '000 6.2', '000 6.3']),
      P('penalty-spot', ['001 "Penalty disc"', '002 5.2', '000 3.1']),
      P('penalty-ties', ['002 5.2', '000 3.1']),
      P('penalty-several', ['002 5.2', '002 5.4', '000 3.1']),
      P('penalty-doubles', ['000 5.6']),
      P('four-player-penalties', ['000 1.1', '000 7.2.2', '000 1.28']),
    ],
  },
  {
    id: 'debt',
    figure: 'debt',
    figureAfter: 2,
    blocks: [
      P('debt-owed', ['002 5.3', '000 3.2', '003 "Pion de pénalité" ¶3']),
      P('debt-paid', ['002 5.4', '000 3.2', '000 3.3']),
      P('debt-no-discs-left', ['000 3.3', '003 "Pion de pénalité" ¶3']),
      P('debt-set-over', ['001 "The Game"', '000 4.2']),
    ],
  },
  {
    id: 'off-table',
    figure: 'off-table',
    figureAfter: 2,
    blocks: [
      P('off-table-out', ['000 1.20', '002 3.9', '001 "Losing the rights to stroke" •3', '000 1.18.3']),
      P('off-table-spot', ['000 1.20', '002 3.9', '003 "Un joueur perd son tour" •3']),
      P('off-table-several', ['002 3.9']),
    ],
  },
  {
    id: 'turn',
    figure: 'turn',
    figureAfter: 3,
    blocks: [
      P('series', ['001 "The Game"', '000 1.17', '002 3.8']),
      LIST('turn-passes', ['001 "Losing the rights to stroke"', '000 1.18', '002 6.1'], [
        P('turn-no-own-disc', ['001 "Losing the rights to stroke" •1', '000 1.18.1', '002 6.1.1']),
        P('turn-opponent-disc', ['001 "Losing the rights to stroke" •2', '000 1.18.2', '002 6.1.2']),
        P('turn-disc-left-table', ['001 "Losing the rights to stroke" •3', '000 1.18.3', '002 6.1.3']),
        P('turn-striker-returned', ['001 "Losing the rights to stroke" •5', '002 3.7', '003 "Un joueur perd son tour" •4']),
        P('turn-foul', ['001 "Losing the rights to stroke" •4', '000 1.18.4', '002 6.1.4']),
      ]),
      P('turn-order', ['000 4.1', '000 5.3', '003 "Particularité du jeu en double"']),
    ],
  },
  {
    id: 'winning',
    figure: 'winning',
    figureAfter: 9,
    blocks: [
      P('win-pocketed-all', ['001 "The Game"', '000 4.2', '002 7.1', '002 9']),
      P('win-no-discs-left', ['001 "The Game"', '000 4.2']),
      P('opening-cleared', ['000 4.6', '000 5.5', '002 7.1']),
      P('both-last-discs', ['002 7.2', '000 1.27', '000 4.5']),
      P('last-disc-with-foul', ['000 1.26', '000 4.5', '002 7.2', '001 "Penalty disc"']),
      P('blind-misses', ['000 4.4']),
      P('interference', ['000 1.24']),
      P('out-of-turn', ['000 5.7', '000 6.6']),
      P('conduct', ['000 1.28']),
      P('match', ['000 1.1', '000 4.3', '000 5.3', '000 "Starting a game"']),
    ],
  },
  {
    id: 'profiles',
    figure: 'profiles',
    figureAfter: 2,
    blocks: [
      P('profiles-intro', ['001', '000', '003']),
      { id: 'profiles-table', table: true, refs: [] },
      P('profiles-same', ['001 "Penalty disc"', '000 3.4', '002 5.2', '000 1.20', '002 3.9', '000 4.6', '000 6.6']),
    ],
  },
  {
    id: 'books',
    blocks: [
      LIST('books-list', ['000', '001', '002', '003'], [
        P('book-001', ['001']),
        P('book-002', ['002']),
        P('book-000', ['000']),
        P('book-003', ['003']),
      ]),
      P('books-order', ['001', '002', '000']),
    ],
  },
];

/**
 * The rows of the comparison of the rule profiles: each setting of
 * crates/novuss-core/src/rules/profile.rs in plain words, the words it can take
 * (`pv.<value>` in locales/<lang>/rules.js), which of them a profile's
 * settings give (`of`, read from what the server sends: no copy of the
 * table here), and the clauses. A setting no row reads is the same in every
 * profile (tests/browser/golden.mjs holds the core to that).
 */
/** @type {{id: string, values: string[], of: (p: ProfileSettings) => string, refs: string[]}[]} */
export const PROFILE_ROWS = [
  { id: 'dark_rebound', values: ['opposite_only', 'any_cushion'], of: (p) => (p.dark_rebound_needs_opposite_cushion ? 'opposite_only' : 'any_cushion'), refs: ['001 "Direct strokes"', '002 4.3.1', '002 4.3.5', '000 2.5.1'] },
  { id: 'rebound_nothing', values: ['foul', 'no_foul'], of: (p) => (p.rebound_touching_nothing_is_foul ? 'foul' : 'no_foul'), refs: ['002 2.4.4', '000 3.6.1', '003 "Pion de pénalité" •1'] },
  { id: 'restore', values: ['all_moved', 'named_only'], of: (p) => (p.restore_after_illegal_stroke === 'all_moved' ? 'all_moved' : 'named_only'), refs: ['001 "Penalty disc" •6', '000 3.6.3', '000 3.6.11'] },
  { id: 'blind_drive_dark_only', values: ['foul', 'no_foul'], of: (p) => (p.blind_drive_is_foul && !p.blind_drive_needs_direct_or_light ? 'foul' : 'no_foul'), refs: ['002 4.5', '000 3.6.4', '000 3.6.11'] },
  { id: 'doubles_blind_drive', values: ['penalty_only', 'penalty_and_back'], of: (p) => (p.doubles_blind_drive_restores ? 'penalty_and_back' : 'penalty_only'), refs: ['002 8.2', '000 5.0'] },
  { id: 'out_of_blind', values: ['no_foul', 'foul_stays'], of: (p) => (p.opponent_out_of_blind_is_foul ? 'foul_stays' : 'no_foul'), refs: ['002 4.4', '000 3.6.6'] },
  { id: 'opponent_off', values: ['turn_passes', 'foul'], of: (p) => (p.opponent_off_table_is_foul ? 'foul' : 'turn_passes'), refs: ['001 "Losing the rights to stroke" •3', '002 6.1.3', '000 3.6.7', '000 3.6.10'] },
  { id: 'several_restored', values: ['penalty', 'set_lost'], of: (p) => (p.several_restored_forfeits ? 'set_lost' : 'penalty'), refs: ['000 3.6.3', '000 3.6.4', '000 6.2'] },
  { id: 'striker_return', values: ['turn_passes', 'nothing'], of: (p) => (p.striker_return_ends_turn ? 'turn_passes' : 'nothing'), refs: ['001 "Losing the rights to stroke" •5', '002 3.7', '003 "Un joueur perd son tour" •4'] },
  { id: 'last_disc_foul', values: ['penalty_play_on', 'set_lost'], of: (p) => (p.last_disc_with_foul_loses ? 'set_lost' : 'penalty_play_on'), refs: ['000 1.26', '000 4.5', '001 "Penalty disc"'] },
  { id: 'both_last', values: ['replay', 'draw'], of: (p) => p.both_last_discs, refs: ['002 7.2', '000 1.27', '000 4.5'] },
  { id: 'first_turn_clears', values: ['replay_swapped', 'replay_same'], of: (p) => (p.first_turn_clear_replay_swaps ? 'replay_swapped' : 'replay_same'), refs: ['002 7.1', '000 4.6'] },
  { id: 'several_penalty', values: ['on_the_line', 'symmetric'], of: (p) => p.penalty_layout, refs: ['002 5.2', '000 3.1'] },
];

/**
 * What each situation of the winning and profiles diagrams
 * (figures/situations.js) comes to under a profile's settings, as the
 * server sends them: the key of its verdict (`verdict.<key>` in
 * locales/<lang>/rules.js).
 */
/** @type {Record<string, (p: ProfileSettings) => string>} */
export const SITUATION_VERDICTS = {
  last_clean: () => 'south_wins',
  both_last: (p) => p.both_last_discs,
  last_foul: (p) => (p.last_disc_with_foul_loses ? 'south_loses' : 'foul_play_on'),
  opening_reply: () => 'reply',
  opening_both: (p) => (p.first_turn_clear_replay_swaps ? 'replay_swap' : 'replay_same'),
  blind_misses: () => 'replay_blind',
  side_cushion_dark: (p) => (p.dark_rebound_needs_opposite_cushion ? 'foul_side_cushion' : 'correct'),
  rebound_nothing: (p) => (p.rebound_touching_nothing_is_foul ? 'foul_rebound_nothing' : 'turn_passes'),
  opponent_off: (p) => (p.opponent_off_table_is_foul ? 'foul_off_restored' : 'off_to_circle'),
  out_of_blind: (p) => (p.opponent_out_of_blind_is_foul ? 'foul_stays' : 'no_foul_stays'),
  striker_back: (p) => (p.striker_return_ends_turn ? 'turn_passes_back' : 'no_effect'),
  two_restored: (p) => (p.several_restored_forfeits ? 'set_lost_two' : 'foul_two_back'),
  illegal_restores: (p) => (p.restore_after_illegal_stroke === 'all_moved' ? 'all_back' : 'named_back'),
  dark_only_drive: (p) => (p.blind_drive_is_foul && !p.blind_drive_needs_direct_or_light ? 'foul_drive_back' : 'no_foul_drive'),
};

/** Every element id the page gives a section or paragraph. */
export function anchorIds() {
  /** @type {string[]} */
  const ids = [];
  for (const s of SECTIONS) {
    ids.push(s.id);
    for (const b of s.blocks) {
      ids.push(b.id);
      for (const i of b.items || []) ids.push(i.id);
    }
  }
  return ids;
}

/** Every word-table key the outline needs. */
export function textKeys() {
  /** @type {string[]} */
  const keys = [];
  for (const s of SECTIONS) {
    keys.push(`sec.${s.id}`);
    for (const b of s.blocks) {
      if (!b.table) keys.push(`p.${b.id}`);
      for (const i of b.items || []) keys.push(`p.${i.id}`);
    }
  }
  for (const r of PROFILE_ROWS) {
    keys.push(`pr.${r.id}`);
    for (const v of r.values) keys.push(`pv.${v}`);
  }
  return [...new Set(keys)];
}
