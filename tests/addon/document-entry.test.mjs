// The document entry beside `call`, through the Node-API addon: every golden
// `validate` case whose call sets only the entry's options answers through
// `validateDocument(document, kind, options)` as through `call` — `true`
// where `call` says valid with nothing to say and the verdict alone was
// asked for, else `call`'s text byte for byte. Runs under `node --test` and
// `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { addon, callText, casesOnDisk, engine } from './support.mjs';

const OPTIONS = ['mode', 'profile', 'owner', 'httpWriter', 'withNormalized', 'jsValues', 'withColumns', 'errorsOnly', 'keysAsGiven'];
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
    const rows = call.kind === 'event_create' || call.kind === 'link_create';
    for (const [withNormalized, withColumns] of [[false, call.withColumns], [true, call.withColumns], [false, rows], [true, rows]]) {
      const options = Object.fromEntries(OPTIONS.filter((k) => k in call).map((k) => [k, call[k]]));
      options.withNormalized = withNormalized;
      options.withColumns = withColumns === true;
      const want = addon.call('validate', JSON.stringify({ kind: call.kind, documentText: document, ...options }));
      const got = addon.validateDocument(document, call.kind, options);
      assert.equal(addon.documentEntry(call.kind, options)(document), got, `${name} through an entry made once`);
      if (got === true) {
        assert.equal((withNormalized && !options.keysAsGiven) || options.withColumns, false, name);
        assert.equal(want, CLEAN, name);
        clean += 1;
      } else {
        assert.equal(got, want, name);
      }
      // The same document as its UTF-8 bytes, as a hub holds a body.
      assert.equal(addon.validateDocument(Buffer.from(document), call.kind, options), got, `${name} as bytes`);
      assert.equal(addon.validateDocument(new TextEncoder().encode(document), call.kind, options), got, `${name} as a Uint8Array`);
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

test('an entry made once reads its kind and options then, and answers every document alike', () => {
  let reads = 0;
  const options = {
    get profile() {
      reads += 1;
      return 'upstream';
    },
    errorsOnly: true,
  };
  const entry = addon.documentEntry('event_create', options);
  assert.equal(reads, 1);
  options.errorsOnly = false;
  const secret = JSON.stringify({ source_kind: 's', source_ref: 'r', event_type: 'e', principal: { kind: 'human', id: '1' },
    payload_json: { note: `ghp_${'a1B2'.repeat(9)}` } });
  // Errors alone, as read: the secret's warning is not looked for.
  assert.equal(entry(secret), true);
  assert.equal(reads, 1);
  assert.match(addon.validateDocument(secret, 'event_create', { profile: 'upstream' }), /secret\//);
  // Arguments it refuses are refused for every document, and a document
  // that is no text is refused first, as validateDocument refuses it.
  const code = (a) => JSON.parse(a).error.code;
  for (const [kind, opts] of [[42, undefined], ['principal', 'strict'], ['principal', { httpWriter: 'yes' }]]) {
    const refusing = addon.documentEntry(kind, opts);
    assert.equal(code(refusing('{}')), 'call/invalid-argument');
    assert.equal(refusing('{}'), addon.validateDocument('{}', kind, opts));
    assert.equal(refusing(7), addon.validateDocument(7, kind, opts));
  }
  const nope = addon.documentEntry('nope');
  assert.equal(code(nope('{}')), 'validate/unknown-kind');
  const principal = addon.documentEntry('principal');
  assert.equal(principal('{"kind":"human","id":"1"}'), true);
  assert.equal(principal(new TextEncoder().encode('{"kind":"human","id":"1"}')), true);
  assert.equal(code(principal(new Uint8Array(1024 * 1024 + 1))), 'call/too-large');
});

test('a document as bytes: not UTF-8, over the cap, or another typed array is refused unread', () => {
  const code = (a) => JSON.parse(a).error.code;
  assert.equal(code(addon.validateDocument(Uint8Array.of(0x7b, 0xff, 0x7d), 'principal')), 'parse/invalid-utf8');
  assert.equal(code(addon.validateDocument(new Uint8Array(1024 * 1024 + 1), 'principal')), 'call/too-large');
  const wrong = addon.validateDocument(new Uint16Array(4), 'principal');
  assert.match(JSON.parse(wrong).error.message, /not a string of JSON text or its UTF-8 bytes/);
  // A view into a larger buffer is read from its own offset.
  const text = '[{"kind":"human","id":"1"}]';
  const whole = new TextEncoder().encode(text);
  assert.equal(addon.validateDocument(whole.subarray(1, whole.length - 1), 'principal'), true);
  // Bytes are a body: one byte-order mark is dropped, as TextDecoder drops it.
  const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"kind":"human","id":"1"}')]);
  assert.equal(addon.validateDocument(marked, 'principal'), true);
  assert.equal(JSON.parse(addon.validateDocument('\ufeff{"kind":"human","id":"1"}', 'principal')).diagnostics[0].code, 'parse/invalid-json');
});

// The columns a store writes are JSON.stringify's text of the stored
// document's values: JavaScript's own JSON.stringify of the normalized
// document is the oracle, on bodies whose numbers, keys and strings
// JavaScript spells its own way.
test('the columns are the text JSON.stringify writes for the stored document', () => {
  const bodies = [
    { payload_json: { b: 1.0, 10: [1e21, 0.000001, 1e-7, -0, 123456789012345680000], 2: 'x', '01': { z: null } } },
    { payload_json: [1.5, 'é\n\u0001"', true, { 4294967294: 1, 4294967295: 2 }], tags: ['a', 'b'], confidence: 0.25 },
    { payload_json: 'text', artifact_refs: [{ kind: 'url', url: 'https://example.com/a', extra: { 3: 1, a: 2.50 }, 9: true }] },
    { payload_json: null, expires_at: 1785320480000, severity: '' },
  ];
  for (const profile of ['upstream', 'a2a']) {
    for (const extra of bodies) {
      const body = { source_kind: 'session', source_ref: 's1', event_type: 'note', principal: { kind: 'human', id: '1' }, ...extra };
      const text = JSON.stringify(body).replace('"b":1', '"b":1.0');
      const answer = JSON.parse(addon.validateDocument(text, 'event_create', { profile, withColumns: true, withNormalized: true }));
      assert.equal(answer.valid, true, JSON.stringify(answer.diagnostics));
      const stored = answer.normalized;
      const c = answer.columns;
      assert.equal(c.payload_json, 'payload_json' in stored ? JSON.stringify(stored.payload_json) : null, profile);
      assert.equal(c.artifact_refs, JSON.stringify(stored.artifact_refs ?? []), profile);
      assert.equal(c.tags, JSON.stringify(stored.tags ?? []), profile);
      assert.equal(c.principal_json, JSON.stringify(stored.principal), profile);
      for (const key of ['source_kind', 'source_ref', 'event_type', 'summary', 'confidence', 'severity', 'expires_at']) {
        assert.equal(c[key], stored[key] ?? null, `${profile} ${key}`);
      }
    }
  }
  // Upstream's own route work on a body as received, for the upstream
  // profile: JSON.parse, then JSON.stringify of each column.
  const body = '{"source_kind":"session","source_ref":"s\ud800","event_type":"note","payload_json":{"t":"\udc00!","1":1E2},"principal":{"kind":"human","id":"1"}}';
  const parsed = JSON.parse(body);
  const c = JSON.parse(addon.validateDocument(body, 'event_create', { profile: 'upstream', withColumns: true })).columns;
  assert.equal(c.source_ref, parsed.source_ref);
  assert.equal(c.payload_json, JSON.stringify(parsed.payload_json));
  assert.equal(c.principal_json, JSON.stringify(parsed.principal));
});
