// The golden corpus through the built npm package (pkg/), with node --test.
// Each case is replayed through `call` (JSON text) and, for ops with a typed
// export, through the typed export (plain objects); both must give the
// native answer. The case list must equal the index the wasm runner uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as core from 'hapi-a2a-core';
// The same package with the JSON Schema engine and the compatibility checker.
import * as full from '../../pkg-full/node.js';

// Ops the default package leaves out; their cases run through pkg-full.
const fullOnly = new Set(['schema.check']);

const goldenDir = fileURLToPath(new URL('../golden/', import.meta.url));

// Every `.call.json` below `dir`, at any depth, as paths relative to `dir`
// with `/` between folders (`principal/agent-without-owner.call.json`).
function callsUnder(dir, prefix = '') {
  const out = [];
  for (const f of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${f}` : f;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...callsUnder(dir, rel));
    else if (f.endsWith('.call.json')) out.push(rel);
  }
  return out;
}

const byOpThenCase = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

// Every (op, case) on disk; a case may sit in folders that group it
// (`validate/<document kind>/<case>`).
function casesOnDisk() {
  const out = [];
  for (const op of readdirSync(goldenDir).sort()) {
    if (!statSync(join(goldenDir, op)).isDirectory()) continue;
    for (const rel of callsUnder(join(goldenDir, op))) out.push([op, rel.slice(0, -'.call.json'.length)]);
  }
  return out.sort(byOpThenCase);
}

function casesInIndex() {
  const text = readFileSync(join(goldenDir, 'index.rs'), 'utf8');
  return [...text.matchAll(/^\s*\("([^"]+)", "([^"]+)",/gm)].map((m) => [m[1], m[2]]);
}

const cases = casesOnDisk();

test('the node runner sees the same case list as the native and wasm runners', () => {
  assert.ok(cases.length > 0, 'no golden cases');
  assert.ok(cases.some(([, name]) => name.includes('/')), 'no case in a folder: is the walk still recursive?');
  assert.deepEqual(cases, casesInIndex());
});

// camelCase export name of an op: `notify.parse` -> `notifyParse`.
const exportName = (op) => op.replace(/[._-](\w)/g, (_, c) => c.toUpperCase());

for (const [op, name] of cases) {
  test(`${op}/${name}`, () => {
    const callText = readFileSync(join(goldenDir, op, `${name}.call.json`), 'utf8');
    // The JSON Schema engine (`withSchema`) is in the full package only.
    const pkg = fullOnly.has(op) || /"withSchema"\s*:\s*true/.test(callText) ? full : core;
    const want = JSON.parse(readFileSync(join(goldenDir, op, `${name}.answer.json`), 'utf8'));
    assert.deepEqual(JSON.parse(pkg.call(op, callText)), want);
    const typed = pkg[exportName(op)];
    assert.equal(typeof typed, 'function', `no typed export for ${op}`);
    // The typed export sees what JSON.parse makes of the call: duplicate keys
    // and text-level problems only exist in the text form.
    let callObject;
    try {
      callObject = JSON.parse(callText);
    } catch {
      return;
    }
    let again;
    try {
      again = JSON.stringify(callObject);
    } catch {
      // JavaScript cannot write this object back (nested deeper than its
      // recursion): the typed export answers a failure and never throws.
      const a = typed(callObject);
      assert.equal(a.type, 'failure');
      assert.equal(a.error.code, 'call/invalid-argument');
      return;
    }
    const viaText = JSON.parse(pkg.call(op, again));
    assert.deepEqual(typed(callObject), viaText);
  });
}

test('unknown ops answer with a failure, never throw', () => {
  const a = JSON.parse(core.call('no.such.op', '{}'));
  assert.equal(a.type, 'failure');
  assert.equal(a.error.code, 'call/unknown-op');
});

test('a typed export given a cyclic object answers with a failure', () => {
  const cyclic = { kind: 'principal' };
  cyclic.document = cyclic;
  const a = core.validate(cyclic);
  assert.equal(a.type, 'failure');
});

test('await init() works in node too', async () => {
  await core.default();
  assert.equal(core.capabilities({}).type, 'success');
});

test('the default package answers ops it leaves out with feature-unavailable', () => {
  const a = core.schemaCheck({ old: {}, new: {} });
  assert.equal(a.type, 'failure');
  assert.equal(a.error.code, 'call/feature-unavailable');
  assert.equal(full.schemaCheck({ old: {}, new: {} }).type, 'success');
  assert.deepEqual(JSON.parse(core.call('capabilities', '{}')), JSON.parse(full.call('capabilities', '{}')));
});
