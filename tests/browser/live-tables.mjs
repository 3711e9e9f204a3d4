// A table's step applied to the competition a page follows (web/
// competition/live.js, `withTable`), with no browser: a step is put in
// its own table's place, a team match's board told apart from the same
// board of another team match, in the server's order (round, team match,
// board); a step that is not the next change is not applied.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withTable } from '../../web/competition/live.js';

const protocol = (team_match, board, sets) => ({
  round: 1, ...(team_match ? { team_match } : {}), board,
  sets: Array.from({ length: sets }, () => ({ winner: 'first', broke: 'first', cleared: null, penalty_discs: [0, 0] })),
  score: [sets, 0], over: null, confirmed: [], stands: false, link: 0,
});

test('a step at a team match’s board replaces that table’s protocol only', () => {
  const c = /** @type {any} */ ({ changes: 7, tables: [protocol(1, 1, 2), protocol(2, 2, 1)] });
  const next = withTable(c, { changes: 8, protocol: protocol(2, 1, 1) });
  assert.ok(next);
  assert.deepEqual(next.tables.map((t) => [t.team_match, t.board, t.sets.length]), [[1, 1, 2], [2, 1, 1], [2, 2, 1]]);
  const again = withTable(next, { changes: 9, protocol: protocol(1, 1, 3) });
  assert.deepEqual(again?.tables.map((t) => [t.team_match, t.board, t.sets.length]), [[1, 1, 3], [2, 1, 1], [2, 2, 1]]);
  assert.equal(c.tables.length, 2, 'the competition held is not changed');
  // A competition of players: boards by their number.
  const singles = /** @type {any} */ ({ changes: 1, tables: [protocol(null, 2, 1)] });
  assert.deepEqual(withTable(singles, { changes: 2, protocol: protocol(null, 1, 1) })?.tables.map((t) => t.board), [1, 2]);
  // Not the next change: nothing applied, the page reads the whole again.
  assert.equal(withTable(c, { changes: 9, protocol: protocol(1, 1, 3) }), null);
});
