// @ts-check
// A rematch: the same match again with the seats swapped, so that the
// other player (in doubles, the other team) opens from the south seat.
// Pure, tested in Node (tests/browser/rematch.mjs).

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').NewGame} NewGame */
/** @typedef {import('../shared/protocol.js').NewPlayer} NewPlayer */

/**
 * The body of `POST /api/games` for a rematch of the game in `st`: names,
 * levels, format, profile, match format and take-backs are kept; player 0 of the
 * new game is the one who sat second (in doubles, team 1 comes first).
 * @param {State} st
 * @returns {NewGame}
 */
export function rematchRequest(st) {
  const n = st.players.length;
  const order = st.format === 'doubles' ? [2, 3, 0, 1] : st.players.map((_, k) => (k + 1) % n);
  const players = order.map((k) => {
    const p = st.players[k];
    const base = p.kind === 'computer' ? { kind: 'computer', level: p.level } : { kind: 'human' };
    return /** @type {NewPlayer} */ (p.name ? { ...base, name: p.name } : base);
  });
  // A best of is asked for by its sets, as always; another format as
  // itself, so that a rematch of six sets is six sets again.
  const f = st.match.format;
  const length = f && f.kind !== 'best_of' ? { match_format: { kind: f.kind, sets: f.sets } } : { sets: st.match.sets };
  return { format: st.format, profile: st.profile, ...length, casual: st.casual, players };
}
