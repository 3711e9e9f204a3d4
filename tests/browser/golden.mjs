// The page's copies of the rules against the core's own answers. The page
// cannot run novuss-core, so web/rules/geometry.js and web/shared/zone.js
// decide again in JavaScript; tests/golden/rules.json holds what the core
// answers for a few hundred positions and strokes (written by
// crates/novuss-core/tests/core/golden.rs, which fails when the core now
// answers otherwise; docs/golden.md). Every JS function runs over every
// case here: discrete answers must be equal, coordinates within TOLERANCE.
// No browser, no server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = (p) => import(path.join(root, 'web', p));
const golden = JSON.parse(fs.readFileSync(path.join(root, 'tests/golden/rules.json'), 'utf8'));

const geometry = await web('rules/geometry.js');
const zone = await web('shared/zone.js');
const { PROFILE_ROWS, SITUATION_VERDICTS } = await web('rules/content.js');
const target = await web('game/target.js');
const rulesWords = await web('rules/text.js');
const gameWords = await web('shared/text.js');

// Metres. The JavaScript computes in the same doubles but not always in the
// same order (a frame's dot product against a subtraction, say), so a
// coordinate may differ in its last bits: a nanometre is far above that and
// far below anything the rules or a player could tell apart.
const TOLERANCE = 1e-9;
const T = golden.table;

const near = (a, b) => (a === null || b === null ? a === b : Math.hypot(a[0] - b[0], a[1] - b[1]) <= TOLERANCE);

/**
 * Runs `check(c)` on every case of `kind` and fails with the first few that
 * differ, each with its case, so a failure says what the core answered.
 */
function every(kind, check) {
  const cases = golden[kind];
  assert.ok(cases.length > 0, `${kind} has cases`);
  const wrong = [];
  for (const [k, c] of cases.entries()) {
    const problem = check(c);
    if (problem) wrong.push(`${kind}[${k}]: ${problem}\n    ${JSON.stringify(c).slice(0, 400)}`);
  }
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} of ${cases.length} ${kind} cases differ from the core`);
  return cases.length;
}

test('the core\'s constants are the page\'s', () => {
  const k = golden.constants;
  assert.equal(geometry.CONTACT_TOLERANCE, k.contact_tolerance);
  assert.equal(geometry.EQUAL_DISTANCE, k.equal_distance);
  assert.ok(Math.abs(geometry.strikerReturnDepth(T) - k.striker_return_depth) <= TOLERANCE);
  assert.ok(Math.abs(geometry.circlePointDistance(T) - k.circle_point_distance) <= TOLERANCE);
  geometry.strikerBounds(T).forEach((v, i) => assert.ok(Math.abs(v - k.striker_bounds[i]) <= TOLERANCE, `strikerBounds[${i}]`));
});

test('seat frames: along and depth from every seat', () => {
  every('frames', (c) => {
    const f = zone.seatFrame(c.seat, T.size);
    const [a, d] = f.local(c.at);
    if (Math.abs(a - c.along) > TOLERANCE || Math.abs(d - c.depth) > TOLERANCE) return `along, depth ${a}, ${d}`;
    return near(f.world(a, d), c.at) ? null : 'world(local(p)) is not p';
  });
});

test('light and dark discs: the blind zone of every seat, to a nanometre of each line', () => {
  every('zones', (c) => {
    const z = geometry.blindZone(T, c.seat, c.at);
    if (z !== c.zone) return `blindZone ${z}`;
    return geometry.isDark(T, c.seat, c.at) === (c.zone !== null) ? null : 'isDark disagrees';
  });
});

test('aim: the cue\'s line meets the near cushion strictly between its corners', () => {
  every('aim', (c) => {
    const got = zone.aimProblem(c.seat, T.size, c.striker, c.direction);
    return got === (c.error === null ? null : 'aim') ? null : `aimProblem ${got}`;
  });
});

test('placement: the striker in its region, clear of every disc', () => {
  every('placement', (c) => {
    const state = { turn: { seat: c.seat, region: c.region }, set: { discs: c.discs.map((at, id) => ({ id, at })) } };
    const got = zone.placementProblem(state, c.at);
    return got === c.problem ? null : `placementProblem ${got}`;
  });
});

test('free spots: on the surface, off the pockets, touching at most', () => {
  every('free', (c) => {
    const got = geometry.isFree(T, c.discs, c.at);
    return got === c.free ? null : `isFree ${got}`;
  });
});

test('the line-up: rows against each cushion, and each format\'s seats and sides', () => {
  every('rows', (c) => {
    const row = geometry.rowAgainst(T, c.cushion);
    return row.length === c.discs.length && row.every((p, k) => near(p, c.discs[k])) ? null : `rowAgainst ${JSON.stringify(row)}`;
  });
  every('line_ups', (c) => {
    const { seats, discs } = geometry.lineUp(T, c.format);
    if (JSON.stringify(seats) !== JSON.stringify(c.seats)) return `seats ${seats}`;
    if (discs.length !== c.discs.length) return `${discs.length} discs`;
    const k = discs.findIndex((d, i) => d.side !== c.discs[i].side || !near(d.at, c.discs[i].at));
    return k < 0 ? null : `disc ${k}: ${JSON.stringify(discs[k])}`;
  });
});

test('penalty spots and the tie-break that placed each', () => {
  const rules = new Set();
  every('penalty', (c) => {
    const got = geometry.penaltySpot(T, c.offender, c.discs, c.struck_from);
    if (got === null || c.at === null) return got === c.at ? null : `penaltySpot ${JSON.stringify(got)}`;
    rules.add(c.rule);
    if (!near(got.at, c.at)) return `penaltySpot at ${got.at}`;
    return got.rule === c.rule ? null : `penaltySpot by ${got.rule}`;
  });
  assert.deepEqual([...rules].sort(), ['fewer_discs', 'fewer_penalty', 'middle', 'nearest', 'striker_side']);
});

test('off-table spots, from every exit', () => {
  every('off_table', (c) => {
    const got = geometry.offTableSpot(T, c.discs, c.exit);
    return near(got?.at ?? null, c.at) ? null : `offTableSpot ${JSON.stringify(got)}`;
  });
});

test('first-contact fouls, as the referee judged simulated strokes', () => {
  const fouls = new Set();
  every('first_contact', (c) => {
    const own = (d) => d.side === c.side;
    const hit = c.first === null ? null : c.discs.find((d) => d.id === c.first);
    const got = geometry.judgeFirstContact({
      kind: c.kind,
      cushions: c.cushions_before,
      first: hit && { own: own(hit), dark: own(hit) && geometry.isDark(T, c.seat, hit.at), zone: geometry.blindZone(T, c.seat, hit.at) },
      light: c.discs.some((d) => own(d) && !geometry.isDark(T, c.seat, d.at)),
      opposite: geometry.OPPOSITE[c.seat],
      profile: golden.profiles[c.profile],
    });
    fouls.add(c.foul);
    return got === c.foul ? null : `judgeFirstContact ${got}`;
  });
  assert.ok(fouls.size >= 8, `every first-contact foul and none come up: ${[...fouls]}`);
});

/** `profile` as a proxy that notes every setting read from it. */
function watched(profile, read) {
  return new Proxy(profile, { get: (p, k) => { read.add(k); return p[k]; } });
}

test('every profile setting the page reads is the core\'s, and one it shows nowhere is the same in every profile', () => {
  const ids = Object.keys(golden.profiles);
  const read = new Set();
  for (const id of ids) {
    const p = watched(golden.profiles[id], read);
    for (const row of PROFILE_ROWS) {
      const v = row.of(p);
      assert.ok(row.values.includes(v), `${row.id} under ${id} is ${v}, one of ${row.values}`);
    }
    for (const [situation, verdict] of Object.entries(SITUATION_VERDICTS)) {
      const key = `verdict.${verdict(p)}`;
      assert.ok(key in rulesWords.en && key in rulesWords.lv, `${situation} under ${id}: words for ${key}`);
    }
    // Each profile is named on the rules page and in the new-game form.
    assert.ok(`profile.${id}` in rulesWords.en && `profile.${id}` in gameWords.en, `words for profile ${id}`);
  }
  const settings = Object.keys(golden.profiles[ids[0]]).filter((k) => k !== 'id');
  assert.deepEqual([...read].filter((k) => !settings.includes(k)), [], 'settings the core does not have');
  for (const k of settings.filter((s) => !read.has(s))) {
    const values = new Set(ids.map((id) => JSON.stringify(golden.profiles[id][k])));
    assert.equal(values.size, 1, `${k} differs between profiles but the rules page shows it nowhere (rules/content.js)`);
  }
});

test('the aiming tool words every answer the server\'s planner gives, in both languages', () => {
  // The page no longer plans strokes (the server does, with the hint's
  // planner); what it must still do is say each reason and risk.
  const keys = [
    ...target.REASONS.map((r) => `target.why.${r}`),
    'target.why.turn',
    ...target.WARNINGS.map((w) => `target.warn.${w}`),
    'target.route.direct', 'target.route.rebound', 'target.asking', 'target.done',
  ];
  const missing = keys.filter((k) => !(k in gameWords.en && k in gameWords.lv));
  assert.deepEqual(missing, []);
  for (const lang of ['en', 'lv']) {
    for (const p of ['{n}', '{pocket}', '{route}', '{chance}']) assert.ok(gameWords[lang]['target.done'].includes(p), `${lang} target.done has ${p}`);
  }
  assert.deepEqual(target.POCKETS.map((p) => target.pocketCentre(T, p)).map(([x, y]) => [x < T.size / 2, y < T.size / 2]),
    [[true, true], [false, true], [false, false], [true, false]], 'pockets in corner order');
});
