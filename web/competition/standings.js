// @ts-check
// A simple standings table from a competition's rounds: match points by
// the competition's own (a played result, a forfeit, a bye), wins, draws
// and losses, sets won and lost; placed by points, then set difference,
// then pairing number, a place shared when points and set difference are
// equal. FIDE's tie-breaks come next (docs/standings.md); the page says so.

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').ByeKind} ByeKind */

/**
 * One entrant's line: `place` from 1, `shared` the last place of those
 * sharing it (equal to `place` when nobody does).
 * @typedef {{entrant: number, points: number, wins: number, draws: number, losses: number, won: number, lost: number, place: number, shared: number}} Line
 */

/**
 * What a bye is worth: a pairing-allocated or full-point bye a win, a
 * half-point bye a draw, a zero-point one a loss's points.
 * @param {ByeKind} bye @param {Competition['setup']['points']} p
 */
function byePoints(bye, p) {
  if (bye === 'pairing_allocated' || bye === 'full') return p.win;
  return bye === 'half' ? p.draw : p.loss;
}

/** @param {Competition} c @returns {Line[]} the lines, first place first */
export function standings(c) {
  const p = c.setup.points;
  /** @type {Map<number, Line>} */
  const lines = new Map();
  for (const e of c.entrants) {
    lines.set(e.entrant, { entrant: e.entrant, points: 0, wins: 0, draws: 0, losses: 0, won: 0, lost: 0, place: 0, shared: 0 });
  }
  /** @param {number} who @param {'win' | 'draw' | 'loss'} how @param {number} won @param {number} lost */
  const add = (who, how, won, lost) => {
    const l = lines.get(who);
    if (!l) return;
    l.points += p[how];
    if (how === 'win') l.wins++;
    else if (how === 'draw') l.draws++;
    else l.losses++;
    l.won += won;
    l.lost += lost;
  };
  for (const r of c.rounds) {
    for (const b of r.boards) {
      const o = b.outcome;
      if (!o) continue;
      if (o.kind === 'sets') {
        const how = o.first > o.second ? 'win' : o.first < o.second ? 'loss' : 'draw';
        add(b.first, how, o.first, o.second);
        add(b.second, how === 'win' ? 'loss' : how === 'loss' ? 'win' : 'draw', o.second, o.first);
      } else if (o.kind === 'forfeit') {
        add(b.first, o.winner === 'first' ? 'win' : 'loss', 0, 0);
        add(b.second, o.winner === 'second' ? 'win' : 'loss', 0, 0);
      } else {
        add(b.first, 'loss', 0, 0);
        add(b.second, 'loss', 0, 0);
      }
    }
    for (const rest of r.rests) {
      const l = lines.get(rest.entrant);
      if (l) l.points += byePoints(rest.bye, p);
    }
  }
  const rank = new Map(c.ranking.map((e, i) => [e, i]));
  const pairing = (/** @type {Line} */ l) => rank.get(l.entrant) ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...lines.values()].sort((a, b) => b.points - a.points
    || (b.won - b.lost) - (a.won - a.lost) || pairing(a) - pairing(b));
  const same = (/** @type {Line} */ a, /** @type {Line} */ b) => a.points === b.points && a.won - a.lost === b.won - b.lost;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && same(sorted[j + 1], sorted[i])) j++;
    for (let k = i; k <= j; k++) Object.assign(sorted[k], { place: i + 1, shared: j + 1 });
    i = j + 1;
  }
  return sorted;
}
