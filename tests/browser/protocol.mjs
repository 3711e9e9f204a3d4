// One protocol, checked on both sides (docs/protocol.md). The server writes
// one real example of every WebSocket message and request into
// tests/golden/protocol.json (crates/novuss-server/src/golden.rs); here, in
// Node, the page's side is held against it:
// - its JSDoc types (web/shared/protocol.js), read with TypeScript's own
//   checker: every message the server sends has a type the page knows, the
//   page declares no message the server never sends, and every field the
//   page's types say it reads is one the server sends (a required field in
//   every example), and the reverse;
// - its handlers: every message that is not the chat's is fed to the game
//   page's event queue (web/game/events.js), which must do something with
//   it (change the page's view or call one of its hooks);
// - the HTTP bodies (`http` of the golden file: the answers the server
//   sends and the request bodies it reads, by the page's type): each is a
//   typedef of protocol.js, held field by field as the messages are, and
//   so are the objects inside it (its lists' items too), down to the types
//   held elsewhere (the state, a verdict, a motion).
// Regenerating the golden file is one command: see golden.rs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const golden = JSON.parse(fs.readFileSync(path.join(root, 'tests/golden/protocol.json'), 'utf8'));
const PROTOCOL = path.join(root, 'web/shared/protocol.js');

/** The page's JSDoc types, read by TypeScript's checker. */
const program = ts.createProgram([PROTOCOL], { allowJs: true, checkJs: true, noEmit: true, strict: true, target: ts.ScriptTarget.ES2022 });
const checker = program.getTypeChecker();
const source = program.getSourceFile(PROTOCOL);
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source));

/** A type protocol.js declares (its typedefs are the module's exports). */
function typedef(name) {
  const symbol = exported.find((s) => s.name === name);
  assert.ok(symbol, `web/shared/protocol.js declares ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** A type's properties: each name, and whether it is optional. */
function properties(type) {
  return new Map(type.getProperties().map((p) => [p.name, (p.flags & ts.SymbolFlags.Optional) !== 0]));
}

/**
 * The page's declared shape of a union of messages: by `type`, each
 * property's name and whether it is optional.
 */
function declared(unionName) {
  const union = typedef(unionName);
  const members = union.isUnion() ? union.types : [union];
  const out = new Map();
  for (const member of members) {
    const typeProp = member.getProperty('type');
    assert.ok(typeProp, `a member of ${unionName} without a type: ${checker.typeToString(member)}`);
    const literal = checker.getTypeOfSymbolAtLocation(typeProp, source);
    const names = literal.isUnion() ? literal.types.map((t) => t.value) : [literal.value];
    for (const name of names) {
      // A request declared in parts (`{type, event, seat} & Stroke`) is one
      // type: the union of its parts' fields.
      const props = out.get(name) ?? new Map();
      for (const [k, v] of properties(member)) props.set(k, v);
      out.set(name, props);
    }
  }
  return out;
}

/** The properties of a declared object type (a typedef by its name). */
function declaredObject(name) {
  return properties(typedef(name));
}

/** The fields sent in any example of a named type, and the optional ones not yet seen (with where). */
const seenOf = new Map();
const unseen = new Map();

/**
 * Holds examples against a declared shape: every field the page reads is
 * sent (a required one always), and every field sent is one the page knows.
 */
function sameFields(what, props, examples, typeName) {
  const seen = new Set(examples.flatMap((e) => Object.keys(e)));
  if (typeName) {
    const all = seenOf.get(typeName) ?? new Set();
    for (const k of seen) all.add(k);
    seenOf.set(typeName, all);
  }
  for (const [name, optional] of props) {
    // An optional field of a named type may be missing here (a
    // competition of players sends no `team_match`): it must be sent
    // in some example of that type (checked once all are seen).
    if (optional && typeName && !seen.has(name)) {
      (unseen.get(typeName) ?? unseen.set(typeName, new Map()).get(typeName)).set(name, what);
      continue;
    }
    assert.ok(seen.has(name), `${what}: the page reads \`${name}\`, which the server never sends`);
    if (!optional) {
      for (const e of examples) assert.ok(name in e, `${what}: \`${name}\` is required by the page but missing in ${JSON.stringify(e).slice(0, 200)}`);
    }
  }
  for (const name of seen) assert.ok(props.has(name), `${what}: the server sends \`${name}\`, which web/shared/protocol.js does not declare`);
}

test('every message the server sends is one the page declares, field by field', () => {
  const page = declared('ServerMessage');
  const sent = golden.server;
  for (const type of Object.keys(sent)) assert.ok(page.has(type), `the server sends \`${type}\`, which the page does not know`);
  for (const type of page.keys()) assert.ok(type in sent, `the page declares \`${type}\`, which the server never sends (or the golden file lacks it)`);
  for (const [type, examples] of Object.entries(sent)) sameFields(`message \`${type}\``, page.get(type), examples);
});

test('the state, in every message that carries one, is the page\'s State', () => {
  const states = Object.values(golden.server).flat().filter((m) => m.state).map((m) => m.state);
  assert.ok(states.length >= 8, 'states from several kinds of message');
  sameFields('the state', declaredObject('State'), states);
});

test('every request the page may send is one the server understands, field by field', () => {
  const page = declared('ClientMessage');
  const byType = {};
  for (const r of golden.client) (byType[r.type] ??= []).push(r);
  for (const type of page.keys()) assert.ok(type in byType, `the page declares a \`${type}\` request the server does not understand`);
  for (const type of Object.keys(byType)) assert.ok(page.has(type), `the server understands \`${type}\`, which web/shared/protocol.js does not declare`);
  for (const [type, examples] of Object.entries(byType)) sameFields(`request \`${type}\``, page.get(type), examples);
});

/** Types whose fields are held elsewhere (the state by its own test) or are the core's own. */
const HELD_ELSEWHERE = new Set(['State', 'Verdict', 'Motion', 'Choice', 'Table', 'Physics', 'ProfileSettings', 'Stroke', 'Plan']);

/**
 * Holds examples against a declared object type, and every object inside
 * them against the declared type of its field: a list's items against the
 * list's item type. A union of shapes told apart by a literal field
 * (`kind`, `change`) is held member by member; any other union and a
 * record (any keys) are not looked into.
 */
function sameShape(what, type, examples) {
  const name = type.aliasSymbol?.name ?? type.symbol?.name;
  if (HELD_ELSEWHERE.has(name)) return;
  if (type.isUnion()) {
    const members = discriminated(type);
    if (!members) return;
    const [key, byValue] = members;
    for (const e of examples) assert.ok(byValue.has(e[key]), `${what}: the server sends ${key} \`${e[key]}\`, which web/shared/protocol.js does not declare`);
    for (const [value, member] of byValue) {
      const mine = examples.filter((e) => e[key] === value);
      if (mine.length > 0) sameShape(`${what} (${key} ${value})`, member, mine);
    }
    return;
  }
  const props = properties(type);
  // A body that is a state (a new game's, a game's) is held to the state's
  // fields by the state's own test, over every kind of state the server
  // makes; here only its own fields must be seen, and none undeclared.
  const state = properties(typedef('State'));
  const isState = [...state.keys()].every((k) => props.has(k));
  sameFields(what, isState ? new Map([...props].filter(([k]) => !state.has(k))) : props, examples.map((e) => (isState ? Object.fromEntries(Object.entries(e).filter(([k]) => !state.has(k))) : e)), name);
  if (isState) for (const e of examples) for (const k of Object.keys(e)) assert.ok(props.has(k), `${what}: the server sends \`${k}\`, which web/shared/protocol.js does not declare`);
  for (const prop of type.getProperties()) {
    if (isState && state.has(prop.name)) continue;
    let inner = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, source));
    let values = examples.map((e) => e[prop.name]).filter((v) => v !== undefined && v !== null);
    if (checker.isArrayType(inner)) {
      inner = checker.getNonNullableType(checker.getTypeArguments(inner)[0]);
      values = values.flat().filter((v) => v !== null);
    }
    const objects = values.filter((v) => typeof v === 'object' && !Array.isArray(v));
    if (objects.length === 0 || (inner.isUnion() && !discriminated(inner)) || inner.getStringIndexType() || (!inner.isUnion() && inner.getProperties().length === 0)) continue;
    sameShape(`${what}.${prop.name}`, inner, objects);
  }
}

/**
 * A union of object shapes told apart by one property whose type is a
 * different string literal in each (`kind`, `change`): that key, and each
 * member by its value; `null` for any other union.
 */
function discriminated(union) {
  const members = union.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  if (members.length < 2 || members.some((m) => m.getProperties().length === 0)) return null;
  for (const prop of members[0].getProperties()) {
    const byValue = new Map();
    for (const m of members) {
      const p = m.getProperty(prop.name);
      const t = p && checker.getTypeOfSymbolAtLocation(p, source);
      if (!t || !t.isStringLiteral()) break;
      byValue.set(t.value, m);
    }
    if (byValue.size === members.length) return [prop.name, byValue];
  }
  return null;
}

test('every HTTP body is one the page declares, field by field and inside', () => {
  for (const side of ['answers', 'requests']) {
    const bodies = golden.http[side];
    assert.ok(Object.keys(bodies).length > 0, `the golden file has HTTP ${side}`);
    for (const [name, { routes, examples }] of Object.entries(bodies)) {
      assert.ok(examples.length > 0, `no example of ${name} (${routes})`);
      sameShape(`${name} (${routes})`, typedef(name), examples);
    }
  }
  for (const [type, fields] of unseen) {
    for (const [name, what] of fields) assert.ok(seenOf.get(type)?.has(name), `${what}: the page reads \`${name}\`, which the server never sends in any ${type}`);
  }
});

test('the game page does something with every message that is not the chat\'s', async () => {
  const { EventQueue } = await import(path.join(root, 'web/game/events.js'));
  const { createStore } = await import(path.join(root, 'web/game/store.js'));
  for (const [type, examples] of Object.entries(golden.server)) {
    if (type === 'chat' || type === 'chat_settings' || type === 'chat_removed') continue; // the chat's own handler (web/game/chat.js)
    for (const msg of examples) {
      const first = golden.server.state[0].state;
      const app = {
        id: first.id, state: first, seen: null, queue: [], anim: null, thinking: null, waiting: false, hintWaiting: false,
        hint: null, history: 0, connection: 'open', me: null, missed: null, sentAt: null, say: null,
      };
      const before = JSON.stringify(app);
      const called = [];
      const store = createStore(app, () => called.push('draw'));
      const hooks = new Proxy({}, {
        get: (_, name) => (...args) => {
          called.push(name);
          // The animation player: a handle whose end is never reached here.
          if (name === 'play') return { stop() {}, done: new Promise(() => {}) };
          return name === 'rate' ? 1 : name === 'pace' ? 'normal' : undefined;
        },
      });
      const queue = new EventQueue(store, hooks);
      try {
        queue.onMessage(structuredClone(msg));
      } catch (e) {
        assert.fail(`the page failed on \`${type}\`: ${e.message}`);
      }
      assert.ok(called.length > 0 || JSON.stringify(app) !== before, `the page ignores \`${type}\``);
    }
  }
});
