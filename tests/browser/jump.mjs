// The aim guide's warning that a target disc would jump a pocket
// (web/game/jump.js), in Node, with the core's own table and physics from
// the golden file: the same shot as the referee's scenario
// (crates/novuss-core/tests/core/referee_strokes.rs,
// `a_disc_too_fast_for_the_pocket_is_named_as_having_jumped_it`): a disc
// 6 cm short of the north-east pocket on the line from the striker, struck
// head-on hard (it jumps) and softly (it falls).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const golden = JSON.parse(fs.readFileSync(path.join(root, 'tests/golden/rules.json'), 'utf8'));
const { jumpedPocket } = await import(path.join(root, 'web/game/jump.js'));
const { aimGuide } = await import(path.join(root, 'web/shared/guide.js'));
const { pocketCentre } = await import(path.join(root, 'web/game/target.js'));

const T = golden.table;
const state = { table: T, physics: golden.physics };
const S0 = [0.6, 0.08];
const pocket = pocketCentre(T, 'north_east');
const u = (() => { const d = [pocket[0] - S0[0], pocket[1] - S0[1]]; const l = Math.hypot(...d); return [d[0] / l, d[1] / l]; })();
// 6 cm short of the pocket's rim, on the line from the striker.
const back = T.pocket_radius + 0.06;
const disc = { id: 0, at: [pocket[0] - u[0] * back, pocket[1] - u[1] * back] };
const guide = aimGuide(T, [disc], S0, u);

test('a hard head-on stroke sends the disc over the pocket too fast: the guide names the pocket', () => {
  assert.equal(guide.contact.kind, 'disc');
  assert.equal(jumpedPocket(state, guide, golden.physics.max_stroke_speed), 'north_east');
});

test('a soft one lets it fall, or stop short: no warning', () => {
  assert.equal(jumpedPocket(state, guide, 0.5), null);
  assert.equal(jumpedPocket(state, guide, 2.0), null);
});

test('no disc ahead, or no pocket on the disc\'s way: no warning', () => {
  assert.equal(jumpedPocket(state, null, 8), null);
  const aside = aimGuide(T, [{ id: 1, at: [0.3, 0.5] }], [0.3, 0.08], [0, 1]);
  assert.equal(jumpedPocket(state, aside, 8), null);
});
