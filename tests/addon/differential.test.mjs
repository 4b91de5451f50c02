// The addon against the wasm package (its full build, with the same
// features) on call texts cut and spliced from the golden corpus: cut at
// fixed fractions, cut inside a surrogate pair, with a lone surrogate or a
// U+FFFD spliced in. Text like this is where reading a JavaScript string
// natively could go wrong (a lone surrogate read as U+FFFD, a length off by
// the difference between UTF-16 and UTF-8); the two faces must give the
// same bytes. The sample is fixed: no randomness, no clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as wasm from '../../pkg-full/node.js';
import { addon, callText, casesOnDisk, engine } from './support.mjs';

function variants(text) {
  const out = [text];
  for (const f of [0.1, 0.37, 0.5, 0.81, 0.99]) out.push(text.slice(0, Math.floor(text.length * f)));
  const astral = /[\ud800-\udbff][\udc00-\udfff]/.exec(text);
  if (astral) {
    out.push(text.slice(0, astral.index + 1));
    out.push(text.slice(0, astral.index + 1) + text.slice(astral.index + 2));
  }
  const quote = text.indexOf('"', Math.floor(text.length / 2));
  if (quote > 0) {
    for (const s of ['\ud800', '\udfff', '\ufffd', '\ud83d\ude00', '\\ud800', '\u0000']) {
      out.push(text.slice(0, quote) + s + text.slice(quote));
    }
  }
  return out;
}

test(`addon (${engine}) and wasm answers are byte-identical on cut and spliced golden calls`, () => {
  const differ = [];
  let n = 0;
  for (const [op, name] of casesOnDisk()) {
    for (const text of variants(callText(op, name))) {
      n += 1;
      const got = addon.call(op, text);
      const want = wasm.call(op, text);
      if (got !== want) differ.push(`${op}/${name} (${text.length} units)\n  addon ${got.slice(0, 200)}\n  wasm  ${want.slice(0, 200)}`);
    }
  }
  assert.ok(n > 5000, `only ${n} calls`);
  assert.equal(differ.length, 0, `${differ.length} of ${n} differ:\n${differ.slice(0, 10).join('\n')}`);
});
