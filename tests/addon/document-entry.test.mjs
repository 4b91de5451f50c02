// The document entry beside `call`, through the Node-API addon: every golden
// `validate` case whose call sets only the entry's options answers through
// `validateDocument(document, kind, options)` as through `call` — `true`
// where `call` says valid with nothing to say and the verdict alone was
// asked for, else `call`'s text byte for byte. Runs under `node --test` and
// `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { addon, callText, casesOnDisk, engine } from './support.mjs';

const OPTIONS = ['mode', 'profile', 'owner', 'httpWriter', 'withNormalized', 'jsValues'];
const CLEAN = '{"type":"success","valid":true,"diagnostics":[]}';

test(`every golden validate case answers through the document entry as through call (${engine})`, () => {
  let cases = 0;
  let clean = 0;
  for (const [op, name] of casesOnDisk()) {
    if (op !== 'validate') continue;
    let call;
    try {
      call = JSON.parse(callText(op, name));
    } catch {
      continue;
    }
    const keys = Object.keys(call);
    if (!keys.every((k) => ['kind', 'document', 'documentText', ...OPTIONS].includes(k))) continue;
    if (typeof call.kind !== 'string' || ('document' in call) === ('documentText' in call)) continue;
    const document = 'document' in call ? JSON.stringify(call.document) : call.documentText;
    if (typeof document !== 'string') continue;
    for (const withNormalized of [false, true]) {
      const options = Object.fromEntries(OPTIONS.filter((k) => k in call).map((k) => [k, call[k]]));
      options.withNormalized = withNormalized;
      const want = addon.call('validate', JSON.stringify({ kind: call.kind, documentText: document, ...options }));
      const got = addon.validateDocument(document, call.kind, options);
      if (got === true) {
        assert.equal(withNormalized, false, name);
        assert.equal(want, CLEAN, name);
        clean += 1;
      } else {
        assert.equal(got, want, name);
      }
    }
    cases += 1;
  }
  assert.ok(cases > 250 && clean > 40, `${cases} cases, ${clean} clean`);
});

test('the document entry refuses arguments of the wrong type unread, naming them', () => {
  const code = (a) => JSON.parse(a).error.code;
  assert.equal(code(addon.validateDocument(42, 'principal')), 'call/invalid-argument');
  assert.equal(code(addon.validateDocument('{}', null)), 'call/invalid-argument');
  assert.equal(code(addon.validateDocument('{}', 'principal', 'strict')), 'call/invalid-argument');
  const wrong = addon.validateDocument('{}', 'principal', { httpWriter: 'yes' });
  assert.match(JSON.parse(wrong).error.message, /the option `httpWriter` is string, not a boolean/);
  assert.equal(addon.validateDocument('{"kind":"human","id":"1"}', 'principal'), true);
  assert.equal(addon.validateDocument('{"kind":"human","id":"1"}', 'principal', { withNormalized: true }), addon.call('validate', '{"kind":"principal","documentText":"{\\"kind\\":\\"human\\",\\"id\\":\\"1\\"}"}'));
  // A lone surrogate is read as JSON.stringify writes it, as in `call`.
  const lone = '{"kind":"human","id":"a\ud800b"}';
  const escaped = JSON.stringify(lone).slice(1, -1).replace('\\ud800', '\\\\ud800');
  const got = JSON.parse(addon.validateDocument(lone, 'principal'));
  assert.equal(got.diagnostics[0].code, 'parse/lone-surrogate');
  assert.deepEqual(got, JSON.parse(addon.call('validate', `{"kind":"principal","withNormalized":false,"documentText":"${escaped}"}`)));
});
