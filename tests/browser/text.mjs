// The page's words cover everything the server can say: every variant of
// the core's typed verdict reasons (read from the Rust enums themselves)
// and every error code of docs/protocol.md has its own sentence in
// web/locales/<lang>/game.js, so no reason or refusal ever reaches a
// player as a raw id.
// No browser needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => fs.readFileSync(path.join(root, p), 'utf8');
const { t, has, reasonText, errorText } = await import(path.join(root, 'web/shared/text.js'));

const snake = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The variants of `pub enum name` in a Rust source, in snake case. */
function variants(source, name) {
  const start = source.indexOf(`pub enum ${name} {`);
  assert.ok(start >= 0, `enum ${name} found`);
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {4}([A-Z]\w*)\b/gm)].map((m) => snake(m[1]));
}

const verdict = read('crates/novuss-core/src/rules/verdict/mod.rs');
const reason = read('crates/novuss-core/src/rules/verdict/reason.rs');
const result = read('crates/novuss-core/src/rules/set/result.rs');

test('every foul, turn end, win, replay and other reason has a sentence', () => {
  const groups = {
    foul: variants(verdict, 'FoulKind'),
    turn_ends: variants(reason, 'TurnEnds'),
    win: variants(result, 'WinReason'),
    replay: variants(result, 'ReplayReason'),
  };
  assert.ok(groups.foul.length >= 16 && groups.win.length >= 7);
  for (const [prefix, names] of Object.entries(groups)) {
    for (const n of names) assert.ok(has(`${prefix}.${n}`), `${prefix}.${n}`);
  }
  const typed = { foul: 'foul', turn_passes: 'turn_ends', won: 'win', replayed: 'replay' };
  for (const r of variants(reason, 'Reason')) {
    if (typed[r]) continue;
    assert.ok(has(`reason.${r}`), `reason.${r}`);
  }
  // And reasonText uses them, with the fields filled in.
  assert.equal(reasonText({ reason: 'foul', kind: 'direct_opponent_first' }), t('foul.direct_opponent_first'));
  assert.equal(reasonText({ reason: 'turn_passes', why: 'no_own_disc' }), t('turn_ends.no_own_disc'));
  assert.equal(reasonText({ reason: 'won', how: 'pocketed_all' }), t('win.pocketed_all'));
  assert.equal(reasonText({ reason: 'replayed', why: 'blind_misses' }), t('replay.blind_misses'));
  assert.match(reasonText({ reason: 'several_restored', count: 3 }), /^3 /);
  assert.match(reasonText({ reason: 'warning', note: 'slow play' }), /slow play/);
  assert.match(reasonText({ reason: 'something_new' }), /something_new/, 'an unknown reason is still shown');
});

test('every error code of the protocol has a message', () => {
  const protocol = read('docs/protocol.md');
  const table = protocol.slice(protocol.indexOf('| code | when |'));
  const codes = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
  assert.ok(codes.length >= 18, `codes found: ${codes}`);
  for (const c of codes) {
    assert.ok(has(`error.${c}`), `error.${c}`);
    assert.notEqual(errorText(c), t('error.unknown', { code: c }));
  }
});

test('the page markup takes its words from text.js', () => {
  const html = read('web/index.html');
  const ids = [...html.matchAll(/data-text="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids.length > 20);
  for (const id of ids) assert.ok(has(id), id);
  // No words between tags: every visible text comes from the table.
  const body = html.slice(html.indexOf('<body'));
  const loose = [...body.replace(/<!--[\s\S]*?-->/g, '').matchAll(/>([^<]*[A-Za-z][^<]*)</g)].map((m) => m[1].trim());
  assert.deepEqual(loose, []);
});

test('every word of the game page is in Latvian too, with the same placeholders', async () => {
  const { en } = await import(path.join(root, 'web/shared/text.js'));
  const { lv } = await import(path.join(root, 'web/locales/lv/game.js'));
  const slots = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
  assert.deepEqual(Object.keys(en).filter((k) => !(k in lv)), [], 'missing in Latvian');
  assert.deepEqual(Object.keys(lv).filter((k) => !(k in en)), [], 'Latvian words for no English key');
  for (const k of Object.keys(en)) {
    assert.equal(slots(lv[k]), slots(en[k]), `placeholders of ${k}`);
    assert.notEqual(lv[k].trim(), '', `${k} is empty in Latvian`);
  }
});
