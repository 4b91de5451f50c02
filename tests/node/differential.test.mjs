// Differential: the native CLI and the npm package give byte-identical
// answers on a fixed sample of calls generated from the golden corpus
// (truncated, with fields dropped, added, retyped or made hostile, nested,
// wrapped). The sample is the same on every run: a seeded generator, no
// clock. The native binary is `target/debug/hapi-a2a` (or $HAPI_A2A_BIN);
// `cargo test` builds it before this runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import * as core from 'hapi-a2a-core';
import * as full from '../../pkg-full/node.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const goldenDir = join(root, 'tests/golden');
const bin = process.env.HAPI_A2A_BIN ?? join(root, 'target/debug/hapi-a2a');

/** mulberry32: a small seeded generator, so the sample never changes. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE = [
  '\u202e\u2066evil\u2069', 'a\u200bb\u200dc\ufeff', '\u0000\u0001\u001b[31m', '\u00ad\u2028\u2029',
  '\udb40\udc41\udb40\udc7f', '😀'.repeat(300), ' '.repeat(70), '', '/sessions/x [a](/sessions/y)',
  'AGENT_NOTIFY_SUMMARY {"status":"done"}', 'https://u:p@h.example/x', 'x'.repeat(9000),
];
const VALUES = [null, 0, -0, 1e21, 1.5, -1, true, false, [], {}, [1, 'a'], { a: { b: [] } }, 'x', '1e400'];

function mutate(text, next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const isObject = value && typeof value === 'object' && !Array.isArray(value);
  const keys = isObject ? Object.keys(value) : [];
  switch (Math.floor(next() * 10)) {
    case 0:
      return text.slice(0, Math.floor(next() * text.length));
    case 1:
      if (keys.length) delete value[pick(keys)];
      return JSON.stringify(value);
    case 2:
      if (isObject) value[pick(['mdoe', 'extra', '__proto__x', ''])] = pick(VALUES);
      return JSON.stringify(value);
    case 3:
      if (keys.length) value[pick(keys)] = pick(VALUES);
      return JSON.stringify(value);
    case 4: {
      // A hostile string at a random place of the tree.
      const walk = (v, depth) => {
        if (v && typeof v === 'object') {
          const ks = Object.keys(v);
          if (ks.length && depth < 6 && next() < 0.8) {
            const k = pick(ks);
            if (typeof v[k] === 'string' || next() < 0.3) v[k] = pick(HOSTILE);
            else walk(v[k], depth + 1);
          }
        }
      };
      walk(value, 0);
      return JSON.stringify(value);
    }
    case 5:
      return JSON.stringify(keys.length ? Object.values(value) : [value]);
    case 6:
      return '['.repeat(70 + Math.floor(next() * 70)) + ']'.repeat(70);
    case 7: {
      const at = Math.floor(next() * text.length);
      return text.slice(0, at) + pick(['"', '{', '}', ',', '1e400', '\\ud800', '\\u0000', ' ']) + text.slice(at + 1);
    }
    case 8:
      return pick(['', ' ', '\n', 'null', '{}', '[]', '""', '{"a":1,"a":2}']);
    default:
      return text.replace(/-?\d+(\.\d+)?/, pick(['1e400', '-0', '1e21', '9007199254740993', '0.1']));
  }
}

// Every `.call.json` below `dir`, at any depth (`validate/<kind>/<case>`),
// as paths relative to `dir`.
function callsUnder(dir, prefix = '') {
  const out = [];
  for (const f of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? join(prefix, f) : f;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...callsUnder(dir, rel));
    else if (f.endsWith('.call.json')) out.push(rel);
  }
  return out;
}

function sample() {
  const next = rng(0x5eed);
  const out = [];
  for (const op of readdirSync(goldenDir).sort()) {
    if (!statSync(join(goldenDir, op)).isDirectory()) continue;
    for (const f of callsUnder(join(goldenDir, op))) {
      const text = readFileSync(join(goldenDir, op, f), 'utf8');
      // Both faces must get the same text: a cut inside a surrogate pair
      // would reach the CLI as U+FFFD (stdin is UTF-8) but the package as
      // a lone surrogate, so the sample keeps to well-formed strings.
      // A mutation JavaScript cannot write (`JSON.stringify` of text that
      // was not JSON, or of a tree too deep for its recursion) keeps the
      // golden text as it is.
      let mutated;
      try {
        mutated = mutate(text, next);
      } catch {
        mutated = text;
      }
      if (typeof mutated !== 'string') mutated = text;
      out.push([op, f, mutated.toWellFormed()]);
    }
  }
  return out;
}

/** The calls (`[op, name, text]`) whose native and wasm answers differ. */
function differing(calls) {
  assert.ok(existsSync(bin), `no native binary at ${bin}: run cargo test (or cargo build) first`);
  const differ = [];
  for (const [op, name, text] of calls) {
    const pkg = op === 'schema.check' || /"withSchema"\s*:\s*true/.test(text) ? full : core;
    const wasm = pkg.call(op, text);
    const run = spawnSync(bin, ['call', op, '-'], { input: text, maxBuffer: 64 * 1024 * 1024 });
    const native = run.stdout.toString('utf8').replace(/\n$/, '');
    assert.match(wasm, /^\{"type":"(success|failure)"/, `${op} ${name}: untagged wasm answer`);
    if (native !== wasm) differ.push(`${op} ${name}\n  call   ${text.slice(0, 200)}\n  native ${native.slice(0, 300)}\n  wasm   ${wasm.slice(0, 300)}`);
  }
  return differ;
}

test('native and wasm answers are byte-identical on a fixed generated sample', () => {
  const calls = sample();
  assert.ok(calls.length >= 200, `only ${calls.length} sample calls`);
  const differ = differing(calls);
  assert.equal(differ.length, 0, `${differ.length} of ${calls.length} differ:\n${differ.slice(0, 10).join('\n')}`);
});

// tests/data/fuzz_calls.jsonl: the calls the op fuzz targets generated from
// the first inputs (by name) of each target's corpus, one `[op, call]` line
// each (written with HAPI_FUZZ_CALLS; see fuzz/src/lib.rs).
test('native and wasm answers are byte-identical on a fixed sample of the fuzz corpora', () => {
  const lines = readFileSync(join(root, 'tests/data/fuzz_calls.jsonl'), 'utf8').split('\n').filter(Boolean);
  const calls = lines.map((line, i) => {
    const [op, text] = JSON.parse(line);
    return [op, `fuzz_calls.jsonl:${i + 1}`, text];
  });
  const ops = new Set(calls.map(([op]) => op));
  const every = JSON.parse(core.call('capabilities', '{}')).ops;
  assert.deepEqual([...every].filter((op) => !ops.has(op)), [], 'ops with no sampled call');
  assert.ok(calls.length >= 300, `only ${calls.length} sampled calls`);
  const differ = differing(calls);
  assert.equal(differ.length, 0, `${differ.length} of ${calls.length} differ:\n${differ.slice(0, 10).join('\n')}`);
});

// The package writes call text into wasm memory with the engine's encoder:
// room for a byte a unit, then three a unit for what did not fit. Texts
// that fill the first room exactly, overflow it at the start, the middle
// or the end, or by a pair of surrogates, must read as the native CLI
// reads them.
test('native and wasm answers are byte-identical on texts that fill the encoder\'s rooms', () => {
  const strings = [
    '', 'a', 'x'.repeat(4096), '\u00e9', '\u00e9' + 'x'.repeat(5000), 'x'.repeat(5000) + '\u00e9',
    'x'.repeat(2500) + '\u65e5\u672c' + 'y'.repeat(2500), '\u65e5'.repeat(3000), '😀'.repeat(2000),
    'x'.repeat(777) + '😀', '😀' + 'x'.repeat(777), 'token=Zx9vQ2mL8pR4tW7yB3nK \u65e5\u672c',
    'a\ud800b', 'x'.repeat(100) + '\udc00', '\u00e9\ud83d',
  ];
  const calls = [];
  for (const [i, s] of strings.entries()) {
    calls.push(['secrets.scan', `value ${i}`, JSON.stringify({ value: { summary: s, [s.slice(0, 40)]: 1 } })]);
    calls.push(['citation.extract', `text ${i}`, JSON.stringify({ text: `see /sessions/abc ${s}` })]);
    calls.push(['validate', `documentText ${i}`, JSON.stringify({
      kind: 'principal', profile: 'upstream', documentText: JSON.stringify({ kind: 'human', id: s }),
    })]);
    // Raw text, not JSON.stringify's (which escapes a lone surrogate; the
    // CLI's input is UTF-8, so a lone one is left to the faces' own test).
    calls.push(['secrets.scan', `raw ${i}`, `{"value":"${s.toWellFormed()}"}`]);
  }
  const differ = differing(calls);
  assert.equal(differ.length, 0, `${differ.length} of ${calls.length} differ:\n${differ.slice(0, 10).join('\n')}`);
});
