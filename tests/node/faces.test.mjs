// The npm package's `call` and typed exports given what JavaScript can pass
// them: wrong types, missing arguments, lone surrogates, empty text. Every
// case is a coded failure or answer, never a throw, and no wasm memory is
// touched for an argument of the wrong type.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as core from 'hapi-a2a-core';

const parsed = (text) => JSON.parse(text);

test('call with an input of the wrong JavaScript type answers call/invalid-argument', () => {
  for (const bad of [42, true, {}, [], { length: 1e9 }, Symbol('s'), 10n, () => 1]) {
    const a = parsed(core.call('validate', bad));
    assert.equal(a.type, 'failure', String(typeof bad));
    assert.equal(a.error.code, 'call/invalid-argument', String(typeof bad));
  }
});

test('call with an op of the wrong JavaScript type answers call/invalid-argument', () => {
  for (const bad of [undefined, null, 7, {}, ['validate']]) {
    const a = parsed(core.call(bad, '{}'));
    assert.equal(a.error.code, 'call/invalid-argument');
  }
});

test('a wrong type never grows wasm memory', () => {
  const before = core.call('capabilities', '{}');
  const memory = () => process.memoryUsage().arrayBuffers;
  const start = memory();
  for (let i = 0; i < 20; i++) core.call('validate', { length: 1e9 });
  // A gigabyte per call before; nothing now.
  assert.ok(memory() - start < 64 * 1024 * 1024, `grew by ${memory() - start}`);
  assert.equal(core.call('capabilities', '{}'), before);
});

test('a missing, null or empty input is the empty call {}, as on the CLI', () => {
  for (const op of core.ops()) {
    const want = core.call(op, '{}');
    assert.equal(core.call(op), want, op);
    assert.equal(core.call(op, null), want, op);
    assert.equal(core.call(op, ''), want, op);
    assert.equal(core.call(op, ' \n\t'), want, op);
    assert.doesNotMatch(core.call(op, ''), /parse\/invalid-json/, op);
  }
  assert.equal(core.call('capabilities'), core.call('capabilities', '{}'));
  assert.deepEqual(core.capabilities(undefined), parsed(core.call('capabilities', '{}')));
});

test('a raw lone surrogate in call is refused as the typed export refuses it', () => {
  const doc = { kind: 'human', id: 'a\ud800b' };
  const typed = core.validate({ kind: 'principal', document: doc });
  assert.equal(typed.type, 'failure');
  assert.equal(typed.error.code, 'parse/lone-surrogate');
  // JSON text holding the raw (unescaped) lone surrogate.
  const raw = `{"kind":"principal","document":{"kind":"human","id":"a\ud800b"}}`;
  const a = parsed(core.call('validate', raw));
  assert.equal(a.type, 'failure');
  assert.equal(a.error.code, typed.error.code);
  // The escaped form is the same refusal.
  assert.equal(parsed(core.call('validate', JSON.stringify({ kind: 'principal', document: doc }))).error.code,
    'parse/lone-surrogate');
  // A well-formed pair is fine.
  const ok = parsed(core.call('validate', `{"kind":"principal","document":{"kind":"human","id":"a\ud83d\ude00"}}`));
  assert.equal(ok.type, 'success');
});

test('an array or an unknown field is refused through every face', () => {
  const array = parsed(core.call('validate', '["principal","strict",{"kind":"human","id":"1"}]'));
  assert.equal(array.error.code, 'call/invalid-call');
  assert.doesNotMatch(array.error.message, /struct|ValidateCall/);
  const typo = core.validate({ kind: 'principal', mdoe: 'lenient', document: { kind: 'agent', id: 'a' } });
  assert.equal(typo.error.code, 'call/unknown-field');
  assert.match(typo.error.message, /`mdoe`/);
});

test('a typed export given something JSON cannot write answers a failure', () => {
  assert.equal(core.validate({ kind: 'principal', document: 10n }).error.code, 'call/invalid-argument');
});

test('an over-long call is refused before it is copied', () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  const a = parsed(core.call('peer.badge', big));
  assert.equal(a.error.code, 'call/too-large');
  const b = core.peerBadge({ meta: { sentFrom: 'peer', peer: { sourceSessionId: 's', sourceName: big } } });
  assert.equal(b.error.code, 'call/too-large');
});

test('a typed export given a value JSON.stringify writes as nothing answers call/invalid-argument', () => {
  // Only undefined and null are the empty call; a function, a symbol or a
  // toJSON returning undefined is not a call at all.
  for (const op of core.ops()) {
    const name = op.replace(/[._-](.)/g, (_, c) => c.toUpperCase());
    for (const bad of [() => 1, Symbol('s'), { toJSON: () => undefined }]) {
      const a = core[name](bad);
      assert.equal(a.type, 'failure', `${name}(${String(typeof bad)})`);
      assert.equal(a.error.code, 'call/invalid-argument', `${name}(${String(typeof bad)})`);
    }
  }
  assert.equal(core.capabilities(undefined).type, 'success');
  assert.equal(core.capabilities(null).type, 'success');
});

test('a RangeError from JSON.stringify is not called a cycle or a BigInt', () => {
  // What JSON.stringify throws for text longer than the engine's longest string.
  const long = core.validate({ toJSON() { throw new RangeError('Invalid string length'); } });
  assert.equal(long.error.code, 'call/too-large');
  assert.doesNotMatch(long.error.message, /cycle|BigInt/);
  const cycle = { kind: 'principal' };
  cycle.document = cycle;
  assert.match(core.validate(cycle).error.message, /cycle/);
});

// The module's linear memory (initSync hands back the instance's exports).
const wasmBytes = () => core.initSync().memory.buffer.byteLength;

test('an unknown op is answered without copying its input', () => {
  const want = core.call('nope');
  const big = 'x'.repeat(2 ** 27);
  const start = wasmBytes();
  assert.equal(core.call('nope', big), want);
  assert.equal(core.call('nope', 'é'.repeat(2 ** 20)), want);
  assert.ok(wasmBytes() - start < 64 * 1024 * 1024, `grew by ${wasmBytes() - start}`);
});

test('a typed export checks the written text against the cap before copying it', () => {
  const start = wasmBytes();
  const a = core.validate({ kind: 'principal', document: 'x'.repeat(2 ** 27) });
  assert.equal(a.error.code, 'call/too-large');
  assert.match(a.error.message, /UTF-16 code units, over the cap of 1048576 bytes/);
  assert.ok(wasmBytes() - start < 64 * 1024 * 1024, `grew by ${wasmBytes() - start}`);
});

test('a raw lone surrogate answers byte for byte what the typed export answers for the same value', () => {
  const values = [
    ['ledger.view', 'ledgerView', { events: [{ x: '\ud800' }], links: [], now: 0, query: { by: 'fleet' } }],
    ['validate', 'validate', { kind: 'principal', document: { kind: 'human', id: 'a\udc00b' } }],
    ['secrets.scan', 'secretsScan', { value: ['\ud83d\ude00', '\ude00\ud83d', 'z\udbff'] }],
  ];
  for (const [op, name, value] of values) {
    const escaped = JSON.stringify(value);
    const raw = escaped.replace(/\\u(d[89a-f][0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    assert.notEqual(raw, escaped);
    const typed = JSON.stringify(core[name](value));
    assert.equal(core.call(op, raw), typed, op);
    assert.equal(core.call(op, escaped), typed, op);
  }
  const view = core.ledgerView(values[0][2]);
  assert.equal(view.type, 'success');
});
