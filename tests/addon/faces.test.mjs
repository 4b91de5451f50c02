// The addon given what JavaScript can pass it, against the wasm package
// given the same: wrong types, missing arguments, lone surrogates, empty and
// over-long text, objects JSON cannot write. The addon must answer exactly
// as the npm package does (the full build, pkg-full/, whose features the
// addon has): the same text from `call`, the same object from a typed
// export, and never a throw. Runs under `node --test` and `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as wasm from '../../pkg-full/node.js';
import { addon, engine, exportName } from './support.mjs';

const ops = addon.ops();

/** Values of every JavaScript type, and objects of unusual kinds. */
function oddValues() {
  return [
    undefined, null, 0, 42, -1.5, NaN, Infinity, true, false, 10n, Symbol('s'), () => 1,
    {}, [], ['validate'], { length: 1e9 }, new String('validate'), new Number(1), new Date(0),
    new Map([['kind', 'principal']]), new Uint8Array([123, 125]), /x/,
  ];
}

/** Strings a caller could pass as call text. */
function texts() {
  return [
    '', ' \n\t', '{}', 'null', '[]', '{', '"x"', '\ufeff{}',
    // Raw lone surrogates (high, low, at the end) and their escaped forms.
    '{"kind":"principal","document":{"kind":"human","id":"a\ud800b"}}',
    '{"kind":"principal","document":{"kind":"human","id":"a\udc00"}}',
    '{"kind":"principal","document":{"kind":"human","id":"\ud83d',
    '{"kind":"principal","document":{"kind":"human","id":"a\\ud800b"}}',
    // Real U+FFFD and a well-formed pair: not lone surrogates.
    '{"kind":"principal","document":{"kind":"human","id":"a\ufffdb"}}',
    '{"kind":"principal","document":{"kind":"human","id":"a\ud83d\ude00b"}}',
    '{"kind":"principal","document":{"kind":"human","id":"\ufffd\ud800"}}',
    '\u0000',
  ];
}

const opNames = () => [
  ...oddValues(), ...ops, 'no.such.op', '', 'Validate', 'validate\u0000', 'val\ud800',
  'x'.repeat(64), 'x'.repeat(65), 'é'.repeat(64), '\ud83d\ude00'.repeat(40),
];

const show = (v) => {
  try {
    return typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v === 'bigint' ? `${v}n` : String(v);
  } catch {
    return typeof v;
  }
};

test(`the addon (${engine}) exports what the npm package exports`, () => {
  assert.deepEqual(ops, wasm.ops());
  // `LedgerFold` keeps a fold in the module for a viewer that shows one
  // ledger for a while; a hub answers one view per request (`ledgerView`),
  // so the addon does not carry it.
  const wasmOnly = new Set(['initSync', 'LedgerFold']);
  const want = Object.keys(wasm).filter((k) => !wasmOnly.has(k)).sort();
  assert.deepEqual(Object.keys(addon).sort(), want);
  for (const op of ops) assert.equal(typeof addon[exportName(op)], 'function', op);
});

test('call answers every op name and call text as the npm package does', () => {
  const differ = [];
  let n = 0;
  for (const op of opNames()) {
    for (const input of [...oddValues(), ...texts()]) {
      const got = addon.call(op, input);
      const want = wasm.call(op, input);
      n += 1;
      if (got !== want) differ.push(`call(${show(op)}, ${show(input)})\n  addon ${got.slice(0, 200)}\n  wasm  ${want.slice(0, 200)}`);
    }
    // Left out, and extra arguments.
    if (addon.call(op) !== wasm.call(op)) differ.push(`call(${show(op)})`);
    if (addon.call(op, '{}', 'extra') !== wasm.call(op, '{}', 'extra')) differ.push(`call(${show(op)}, '{}', extra)`);
  }
  if (addon.call() !== wasm.call()) differ.push('call()');
  assert.ok(n > 1000, `only ${n} calls`);
  assert.equal(differ.length, 0, `${differ.length} differ:\n${differ.slice(0, 10).join('\n')}`);
});

test('wrong types answer call/invalid-argument, never a throw', () => {
  for (const bad of [42, true, {}, [], { length: 1e9 }, Symbol('s'), 10n, () => 1]) {
    const a = JSON.parse(addon.call('validate', bad));
    assert.equal(a.error.code, 'call/invalid-argument', show(bad));
    assert.match(a.error.message, /^the call is (number|boolean|object|symbol|bigint|function), not a string/);
  }
  for (const bad of [undefined, null, 7, {}, ['validate']]) {
    const a = JSON.parse(addon.call(bad, '{}'));
    assert.equal(a.error.code, 'call/invalid-argument', show(bad));
    assert.match(a.error.message, /^the operation name is (undefined|null|number|object), not a string/);
  }
});

test('a raw lone surrogate is refused; a real U+FFFD is text', () => {
  const raw = JSON.parse(addon.call('validate', '{"kind":"principal","document":{"kind":"human","id":"a\ud800b"}}'));
  assert.equal(raw.error.code, 'parse/lone-surrogate');
  const replacement = JSON.parse(addon.call('validate', '{"kind":"principal","document":{"kind":"human","id":"a\ufffdb"}}'));
  assert.equal(replacement.type, 'success');
  assert.equal(replacement.normalized.id, 'a\ufffdb');
});

test('over-long text is refused as the npm package refuses it', () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  for (const op of ops) assert.equal(addon.call(op, big), wasm.call(op, big), op);
  const a = JSON.parse(addon.call('peer.badge', big));
  assert.equal(a.error.code, 'call/too-large');
  assert.match(a.error.message, /UTF-16 code units, over the cap of/);
});

/** Objects a typed export could be given that JSON cannot write as they are. */
function oddObjects() {
  const cycle = { kind: 'principal' };
  cycle.document = cycle;
  let deep = {};
  for (let i = 0; i < 10_000; i += 1) deep = { d: deep };
  return [
    cycle,
    { kind: 'principal', document: 10n },
    { kind: 'principal', document: deep },
    { toJSON() { throw new Error('no'); } },
    { toJSON() { return undefined; } },
    { toJSON() { return { kind: 'principal', document: { kind: 'human', id: 'j' } }; } },
    { kind: 'principal', document: { kind: 'human', id: 'a\ud800' } },
    { kind: 'principal', document: { kind: 'human', id: 'a\ufffd' } },
    { kind: 'principal', document: { kind: 'human', id: 'u', extra: undefined, f() {} } },
    { kind: 'principal', document: { kind: 'human', id: 1e400 } },
    Object.create(null),
  ];
}

test('typed exports answer every value as the npm package does', () => {
  const differ = [];
  for (const op of ops) {
    const name = exportName(op);
    for (const v of [...oddValues(), ...oddObjects(), ...texts()]) {
      const got = JSON.stringify(addon[name](v));
      const want = JSON.stringify(wasm[name](v));
      if (got !== want) differ.push(`${name}(${show(v)})\n  addon ${got.slice(0, 200)}\n  wasm  ${want.slice(0, 200)}`);
    }
    if (JSON.stringify(addon[name]()) !== JSON.stringify(wasm[name]())) differ.push(`${name}()`);
  }
  assert.equal(differ.length, 0, `${differ.length} differ:\n${differ.slice(0, 10).join('\n')}`);
});

test('a typed export given a cycle or a BigInt answers call/invalid-argument', () => {
  const [cycle, bigint, deep] = oddObjects();
  for (const v of [cycle, bigint]) {
    const a = addon.validate(v);
    assert.equal(a.type, 'failure');
    assert.equal(a.error.code, 'call/invalid-argument');
  }
  // 10,000 levels: V8's JSON.stringify cannot write them (invalid argument);
  // JavaScriptCore's can, and the core refuses the depth.
  let written = true;
  try {
    JSON.stringify(deep);
  } catch {
    written = false;
  }
  assert.equal(addon.validate(deep).error.code, written ? 'parse/too-deep' : 'call/invalid-argument');
});

test('a typed export given a value JSON.stringify writes as nothing answers call/invalid-argument', () => {
  for (const op of ops) {
    const name = exportName(op);
    for (const bad of [() => 1, Symbol('s'), { toJSON: () => undefined }]) {
      const a = addon[name](bad);
      assert.equal(a.error?.code, 'call/invalid-argument', `${name}(${String(typeof bad)})`);
      assert.deepEqual(a, wasm[name](bad));
    }
  }
  const long = addon.validate({ toJSON() { throw new RangeError('Invalid string length'); } });
  assert.equal(long.error.code, 'call/too-large');
  assert.doesNotMatch(long.error.message, /cycle|BigInt/);
});

test('a typed export checks the written text against the cap before copying it', () => {
  const a = addon.validate({ kind: 'principal', document: 'x'.repeat(2 ** 27) });
  assert.equal(a.error.code, 'call/too-large');
  assert.match(a.error.message, /UTF-16 code units, over the cap of 1048576 bytes/);
});

test('an unknown op is answered without copying its input', () => {
  const want = addon.call('nope');
  const big = 'x'.repeat(2 ** 27);
  /x$/.test(big); // flat before measuring: the engine's own copy is not the addon's
  const start = process.memoryUsage().rss;
  assert.equal(addon.call('nope', big), want);
  assert.equal(addon.call('nope', 'é'.repeat(2 ** 20)), want);
  assert.ok(process.memoryUsage().rss - start < 64 * 1024 * 1024, `grew by ${process.memoryUsage().rss - start}`);
});

test('a raw lone surrogate answers byte for byte what the typed export answers for the same value', () => {
  const values = [
    ['ledger.view', { events: [{ x: '\ud800' }], links: [], now: 0, query: { by: 'fleet' } }],
    ['validate', { kind: 'principal', document: { kind: 'human', id: 'a\udc00b' } }],
    ['secrets.scan', { value: ['\ud83d\ude00', '\ude00\ud83d', 'z\udbff', '\ufffd\ud800'] }],
  ];
  for (const [op, value] of values) {
    const escaped = JSON.stringify(value);
    const raw = escaped.replace(/\\u(d[89a-f][0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    assert.notEqual(raw, escaped);
    const typed = JSON.stringify(addon[exportName(op)](value));
    assert.equal(addon.call(op, raw), typed, op);
    assert.equal(addon.call(op, escaped), typed, op);
    assert.equal(wasm.call(op, raw), typed, op);
  }
});

test(`validateDocument answers as the npm package does, whatever it is given (${engine})`, () => {
  const throwing = Object.defineProperty({}, 'mode', { get() { throw new Error('no'); } });
  const documents = [
    '{"kind":"human","id":"1"}', '{"kind":"agent","id":"a"}', '{"kind":"human","id":"a\ud800b"}', 'not json', '',
    Buffer.from('{"kind":"human","id":"1"}'), new TextEncoder().encode('{"kind":"agent","id":"a"}'),
    Uint8Array.of(0x7b, 0xff), new Uint8Array(0), new Uint16Array(2), new DataView(new ArrayBuffer(2)),
    ...oddValues(),
  ];
  const kinds = ['principal', 'event_create', 'nope', 42, null, undefined, new String('principal')];
  const options = [
    undefined, null, {}, { withNormalized: true }, { mode: 'lenient', httpWriter: true }, { mode: 1 },
    { profile: 'upstream' }, { owner: 'o', withNormalized: 'yes' }, { withColumns: true }, { withColumns: 1 },
    'x', 42, Symbol('s'), [], throwing,
  ];
  let n = 0;
  for (const d of documents) {
    for (const k of kinds) {
      for (const o of options) {
        const want = wasm.validateDocument(d, k, o);
        assert.deepEqual(addon.validateDocument(d, k, o), want, `${String(d)} / ${String(k)}`);
        // The entry made once answers each document as the call does.
        assert.deepEqual(addon.documentEntry(k, o)(d), want, `entry: ${String(d)} / ${String(k)}`);
        assert.deepEqual(wasm.documentEntry(k, o)(d), want, `wasm entry: ${String(d)} / ${String(k)}`);
        n += 1;
      }
    }
  }
  assert.ok(n > 1000, `${n} combinations`);
});

