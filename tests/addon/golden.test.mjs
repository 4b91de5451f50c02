// The golden corpus through the Node-API addon (node/), the fourth runner
// after the native, wasm and npm package ones. Runs under `node --test` and
// `bun test`. Each case's `call` answer must be the recorded native answer
// byte for byte (the recording is pretty-printed: its layout is taken out,
// nothing else), and the typed export must answer what `call` answers for
// the same object.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { addon, answerText, callText, casesInIndex, casesOnDisk, compact, engine, exportName } from './support.mjs';

const cases = casesOnDisk();

test(`the addon runner (${engine}) sees the same case list as the native and wasm runners`, () => {
  assert.ok(cases.length > 0, 'no golden cases');
  assert.ok(cases.some(([, name]) => name.includes('/')), 'no case in a folder: is the walk still recursive?');
  assert.deepEqual(cases, casesInIndex());
});

test('the layout-stripping reader keeps strings and numbers as written', () => {
  assert.equal(compact('{\n  "a b": "x \\" y",\n  "n": [1.50, -0]\n}\n'), '{"a b":"x \\" y","n":[1.50,-0]}');
});

for (const [op, name] of cases) {
  test(`${op}/${name}`, () => {
    const call = callText(op, name);
    const got = addon.call(op, call);
    assert.equal(got, compact(answerText(op, name)));
    const typed = addon[exportName(op)];
    assert.equal(typeof typed, 'function', `no typed export for ${op}`);
    // The typed export sees what JSON.parse makes of the call: duplicate keys
    // and text-level problems only exist in the text form.
    let object;
    try {
      object = JSON.parse(call);
    } catch {
      return;
    }
    let again;
    try {
      again = JSON.stringify(object);
    } catch {
      // Too deep for JavaScript to write back: a failure, never a throw.
      const a = typed(object);
      assert.equal(a.type, 'failure');
      assert.equal(a.error.code, 'call/invalid-argument');
      return;
    }
    assert.deepEqual(typed(object), JSON.parse(addon.call(op, again)));
  });
}
