// The rematch's request (web/game/rematch.js), in Node.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { rematchRequest } = await import(path.join(root, 'web/game/rematch.js'));

const base = { format: 'singles', profile: 'koroona', match: { sets: 3 }, casual: false };

test('a singles rematch swaps who opens and keeps everything else', () => {
  const st = { ...base, players: [{ name: 'Anna', kind: 'human' }, { name: null, kind: 'computer', level: 'club' }] };
  assert.deepEqual(rematchRequest(st), {
    format: 'singles', profile: 'koroona', sets: 3, casual: false,
    players: [{ kind: 'computer', level: 'club' }, { kind: 'human', name: 'Anna' }],
  });
});

test('a doubles rematch swaps the teams, partners staying together', () => {
  const players = ['A', 'B', 'C', 'D'].map((name) => ({ name, kind: 'human' }));
  const body = rematchRequest({ ...base, format: 'doubles', players });
  assert.deepEqual(body.players.map((p) => p.name), ['C', 'D', 'A', 'B']);
});

test('four players: everyone moves one place, so the second opens', () => {
  const players = ['A', 'B', 'C', 'D'].map((name) => ({ name, kind: 'human' }));
  const body = rematchRequest({ ...base, format: 'four_player', casual: true, players });
  assert.deepEqual(body.players.map((p) => p.name), ['B', 'C', 'D', 'A']);
  assert.equal(body.casual, true);
});
