// The upstream adapter's behaviours, as upstream's own tests would check
// them: one suite, run against each face's `upstream` module
// (tests/addon/upstream.test.mjs for the addon, tests/node/upstream.test.mjs
// for the npm package). Works under `node --test` and `bun test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const human = { kind: 'human', id: '42' };
const agent = { kind: 'agent', id: 'session:s1', on_behalf_of: '42' };
const event = (extra = {}) => ({ source_kind: 'session', source_ref: 's1', event_type: 'work_ad', principal: human, ...extra });
const link = (extra = {}) => ({ from_event_id: 'e1', to_event_id: 'e2', relation_type: 'follows', ...extra });

const SUFFIX = ' HAPI hub peer - call inspect_peer with that session id; do not Grep/Glob/Read /sessions/ as a local file.';

/** Runs every test against `u`, the `upstream` module of the face named `face`. */
export function upstreamSuite(u, face) {
  const {
    WorkGraphPrincipalSchema: Principal,
    WorkGraphArtifactRefSchema: ArtifactRef,
    WorkGraphEventCreateSchema: EventCreate,
    WorkGraphEventLinkCreateSchema: LinkCreate,
  } = u;

  /** The issues of a refusal (the test fails if the input is accepted). */
  const refused = (schema, input) => {
    const r = schema.safeParse(input);
    assert.equal(r.success, false, `accepted: ${JSON.stringify(r.data)}`);
    return r.error.issues;
  };
  /** The data of an acceptance (the test fails if the input is refused). */
  const accepted = (schema, input) => {
    const r = schema.safeParse(input);
    assert.equal(r.success, true, r.success ? '' : JSON.stringify(r.error.issues));
    return r.data;
  };
  const paths = (issues) => issues.map((i) => i.path);

  const t = (name, fn) => test(`${face}: ${name}`, fn);

  // ---------------------------------------------------------- event create

  t('a minimal event create is accepted and handed back as written', () => {
    assert.deepEqual(accepted(EventCreate, event()), event());
  });

  t('unknown top-level keys, and the server-assigned ones, are stripped from data', () => {
    const data = accepted(EventCreate, event({ id: 'x', ts: 1, namespace: 'n', bogus: { a: 1 } }));
    assert.deepEqual(data, event());
  });

  t('summary: 2,048 characters and the empty string pass, 2,049 is too big', () => {
    assert.equal(accepted(EventCreate, event({ summary: 'x'.repeat(2048) })).summary.length, 2048);
    assert.equal(accepted(EventCreate, event({ summary: '' })).summary, '');
    const issues = refused(EventCreate, event({ summary: 'x'.repeat(2049) }));
    assert.deepEqual(issues, [{ code: 'too_big', path: ['summary'], message: 'Too big: expected string to have <=2048 characters' }]);
  });

  t('null is refused where a field is optional, and so is an empty sink_kind', () => {
    assert.deepEqual(refused(EventCreate, event({ sink_kind: null })), [
      { code: 'invalid_type', path: ['sink_kind'], message: 'Invalid input: expected string, received null' },
    ]);
    assert.deepEqual(paths(refused(EventCreate, event({ summary: null }))), [['summary']]);
    const [issue] = refused(EventCreate, event({ sink_kind: '' }));
    assert.equal(issue.code, 'too_small');
    assert.deepEqual(issue.path, ['sink_kind']);
  });

  t('payload_json: 32,768 UTF-8 bytes of JSON pass, 32,769 are refused with upstream\'s message', () => {
    // "x" * 32766 is 32,768 bytes with its quotes.
    assert.equal(accepted(EventCreate, event({ payload_json: 'x'.repeat(32766) })).payload_json.length, 32766);
    assert.deepEqual(refused(EventCreate, event({ payload_json: 'x'.repeat(32767) })), [
      { code: 'custom', path: ['payload_json'], message: 'payload_json exceeds 32768 bytes' },
    ]);
    // Bytes, not characters: é is two.
    accepted(EventCreate, event({ payload_json: 'é'.repeat(16383) }));
    assert.deepEqual(paths(refused(EventCreate, event({ payload_json: 'é'.repeat(16384) }))), [['payload_json']]);
  });

  t('a payload JSON.stringify cannot write is refused with the size message', () => {
    const cyclic = { a: 1 };
    cyclic.self = cyclic;
    for (const payload_json of [{ n: 1n }, [1, 2n], cyclic]) {
      assert.deepEqual(refused(EventCreate, event({ payload_json })), [
        { code: 'custom', path: ['payload_json'], message: 'payload_json exceeds 32768 bytes' },
      ]);
    }
  });

  t('a cycle or a BigInt under a key upstream strips changes nothing', () => {
    const cyclic = { a: [1] };
    cyclic.a.push(cyclic);
    assert.deepEqual(accepted(EventCreate, event({ extra: cyclic, big: 2n })), event());
    // A value seen twice without a cycle is written twice; the data holds
    // the caller's own values, a BigInt included, as zod's does.
    const shared = { k: 'v' };
    const data = accepted(ArtifactRef, { kind: 'file', a: shared, b: shared, n: 1n });
    assert.deepEqual(data, { kind: 'file', a: shared, b: shared, n: 1n });
    assert.equal(data.a, shared);
  });

  t('payload_json may be null, a string or an array', () => {
    for (const payload_json of [null, 's', [1, 'a'], { status: 'done' }]) {
      assert.deepEqual(accepted(EventCreate, event({ payload_json })).payload_json, payload_json);
    }
  });

  t('confidence and expires_at take any finite number, never Infinity or NaN', () => {
    assert.equal(accepted(EventCreate, event({ confidence: 5 })).confidence, 5);
    assert.equal(accepted(EventCreate, event({ expires_at: -1.5 })).expires_at, -1.5);
    for (const confidence of [Infinity, -Infinity, NaN, '0.5']) {
      assert.deepEqual(paths(refused(EventCreate, event({ confidence }))), [['confidence']], String(confidence));
    }
    assert.deepEqual(paths(refused(EventCreate, event({ expires_at: Infinity }))), [['expires_at']]);
  });

  t('a BigInt where a number goes is refused there', () => {
    assert.deepEqual(paths(refused(EventCreate, event({ confidence: 1n }))), [['confidence']]);
  });

  t('tags: 32 pass, 33 are too many; an empty tag passes, one of 257 is too long', () => {
    accepted(EventCreate, event({ tags: Array(32).fill('t') }));
    assert.deepEqual(refused(EventCreate, event({ tags: Array(33).fill('t') })).map((i) => [i.code, i.path]), [['too_big', ['tags']]]);
    assert.deepEqual(accepted(EventCreate, event({ tags: [''] })).tags, ['']);
    assert.deepEqual(paths(refused(EventCreate, event({ tags: ['ok', 'x'.repeat(257)] }))), [['tags', 1]]);
  });

  t('artifact refs: 32 pass, 33 are too many, and a bad one is named by its index', () => {
    const ref = { kind: 'url', url: 'https://example.com/a' };
    accepted(EventCreate, event({ artifact_refs: Array(32).fill(ref) }));
    assert.deepEqual(paths(refused(EventCreate, event({ artifact_refs: Array(33).fill(ref) }))), [['artifact_refs']]);
    const issues = refused(EventCreate, event({ artifact_refs: [ref, { kind: 'log', url: null }] }));
    assert.deepEqual(paths(issues), [['artifact_refs', 1, 'url']]);
    assert.equal(typeof issues[0].path[1], 'number');
  });

  t('a human principal loses on_behalf_of in data; it is not refused', () => {
    const data = accepted(EventCreate, event({ principal: { kind: 'human', id: '42', on_behalf_of: '7' } }));
    assert.deepEqual(data.principal, human);
  });

  t('an agent or a service without on_behalf_of is refused', () => {
    for (const kind of ['agent', 'service']) {
      assert.deepEqual(paths(refused(EventCreate, event({ principal: { kind, id: 'session:s1' } }))), [['principal', 'on_behalf_of']]);
    }
    assert.deepEqual(accepted(EventCreate, event({ principal: agent })).principal, agent);
  });

  t('a blank principal passes the schema, with its data: accountability is the store\'s check', () => {
    const blank = { kind: 'agent', id: 'a', on_behalf_of: ' ' };
    assert.deepEqual(accepted(EventCreate, event({ principal: blank, bogus: 1, tags: ['t'] })), event({ principal: blank, tags: ['t'] }));
    const human = { kind: 'human', id: '\t', on_behalf_of: 'x' };
    assert.deepEqual(accepted(EventCreate, event({ principal: human })).principal, { kind: 'human', id: '\t' });
    assert.equal(u.isPrincipalAccountable(blank), false);
  });

  t('safeParse never throws: a lone surrogate anywhere, nesting of any depth', () => {
    assert.deepEqual(accepted(EventCreate, event({ summary: 'a\ud800' })).summary, 'a\ud800');
    assert.deepEqual(accepted(Principal, { kind: 'human', id: '\ud800' }), { kind: 'human', id: '\ud800' });
    assert.deepEqual(accepted(ArtifactRef, { kind: 'k', ['x\udc00']: ['\ud83d'] }), { kind: 'k', ['x\udc00']: ['\ud83d'] });
    let deep = {};
    const payload_json = deep;
    for (let i = 0; i < 500; i += 1) deep = deep.a = {};
    const data = accepted(EventCreate, event({ payload_json, artifact_refs: [{ kind: 'k', nest: payload_json }] }));
    assert.equal(data.payload_json, payload_json);
    assert.equal(data.artifact_refs[0].nest, payload_json);
    // Nested 20,000 deep a payload is over its cap as JSON.stringify
    // writes it, and refused as upstream refuses it.
    let deeper = [];
    const wide = deeper;
    for (let i = 0; i < 20_000; i += 1) deeper = deeper[0] = [];
    assert.deepEqual(paths(refused(EventCreate, event({ payload_json: wide }))), [['payload_json']]);
  });

  t('values JSON cannot spell are decided as zod decides them, on the value itself', () => {
    // The infinities: refused where a string or a number goes.
    for (const ref of [Infinity, -Infinity, JSON.parse('1e400')]) {
      assert.deepEqual(refused(ArtifactRef, { kind: 'k', ref }), [
        { code: 'invalid_type', path: ['ref'], message: `Invalid input: expected string, received ${ref}` },
      ]);
    }
    assert.deepEqual(refused(ArtifactRef, { kind: 'k', created_at: NaN }), [
      { code: 'invalid_type', path: ['created_at'], message: 'Invalid input: expected number, received NaN' },
    ]);
    assert.deepEqual(paths(refused(EventCreate, event({ artifact_refs: [{ kind: 'k', ref: Infinity }] }))), [['artifact_refs', 0, 'ref']]);
    // undefined is absent where a field is optional, and named as zod names it.
    const data = accepted(EventCreate, event({ summary: undefined, payload_json: undefined }));
    assert.deepEqual(Object.keys(data), ['source_kind', 'source_ref', 'event_type', 'summary', 'payload_json', 'principal']);
    assert.equal(data.summary, undefined);
    assert.deepEqual(refused(EventCreate, event({ tags: ['a', undefined] })), [
      { code: 'invalid_type', path: ['tags', 1], message: 'Invalid input: expected string, received undefined' },
    ]);
    assert.deepEqual(refused(Principal, undefined), [
      { code: 'invalid_type', path: [], message: 'Invalid input: expected object, received undefined' },
    ]);
    for (const [value, name] of [[1n, 'bigint'], [() => 1, 'function'], [Symbol('s'), 'symbol']]) {
      assert.deepEqual(refused(ArtifactRef, { kind: 'k', url: value }), [
        { code: 'invalid_type', path: ['url'], message: `Invalid input: expected string, received ${name}` },
      ]);
    }
    // The data is the caller's own: -0, NaN and undefined in a payload stay.
    const payload_json = { n: NaN, z: -0, u: undefined, list: [undefined, Infinity] };
    const kept = accepted(EventCreate, event({ confidence: -0, payload_json }));
    assert.ok(Object.is(kept.confidence, -0));
    assert.equal(kept.payload_json, payload_json);
    // Measured as JSON.stringify writes them: a member holding undefined is
    // left out, an item is null.
    const cap = 32768;
    const fill = (extra) => 'x'.repeat(cap - JSON.stringify({ s: '', ...extra }).length);
    assert.equal(EventCreate.safeParse(event({ payload_json: { s: fill({}), u: undefined, f: () => 1 } })).success, true);
    assert.equal(EventCreate.safeParse(event({ payload_json: { s: fill({}), n: NaN } })).success, false);
  });

  t('a document is read as zod reads it: inherited fields, no toJSON, types and classes by name', () => {
    // Fields a document inherits are fields to zod.
    const inherited = Object.setPrototypeOf({}, { kind: 'human', id: '42' });
    assert.deepEqual(accepted(Principal, inherited), { kind: 'human', id: '42' });
    assert.deepEqual(accepted(EventCreate, Object.setPrototypeOf({ principal: inherited }, event())), event({ principal: human }));
    assert.equal(u.isPrincipalAccountable(Object.setPrototypeOf({}, agent)), true);
    assert.equal(u.principalMatchesAuthenticatedOwner(Object.setPrototypeOf({}, agent), 42), true);
    // toJSON is JSON.stringify's, not zod's: a document's own fields count.
    assert.deepEqual(accepted(Principal, { ...human, toJSON: () => ({}) }), human);
    assert.deepEqual(refused(ArtifactRef, { kind: 'k', ref: { toJSON: () => 'r' } }), [
      { code: 'invalid_type', path: ['ref'], message: 'Invalid input: expected string, received object' },
    ]);
    // A value of the wrong type is named by its class, and measured by its length.
    assert.deepEqual(refused(ArtifactRef, { kind: new Date(0) }), [
      { code: 'invalid_type', path: ['kind'], message: 'Invalid input: expected string, received Date' },
    ]);
    assert.deepEqual(refused(ArtifactRef, { kind: 'k', title: new Map() }), [
      { code: 'invalid_type', path: ['title'], message: 'Invalid input: expected string, received Map' },
    ]);
    assert.deepEqual(refused(Principal, { kind: 'human', id: new String('') }), [
      { code: 'invalid_type', path: ['id'], message: 'Invalid input: expected string, received String' },
      { code: 'too_small', path: ['id'], message: 'Too small: expected unknown to be >=1' },
    ]);
    assert.deepEqual(refused(Principal, { kind: 'human', id: function named() {} }), [
      { code: 'invalid_type', path: ['id'], message: 'Invalid input: expected string, received function' },
      { code: 'too_small', path: ['id'], message: 'Too small: expected unknown to be >=1' },
    ]);
    // A Date or a Map is an object whose fields zod reads (it has none).
    assert.deepEqual(paths(refused(ArtifactRef, new Date(0))), [['kind']]);
    // A payload is JSON.stringify's: toJSON applied, inherited fields not measured.
    const big = { toJSON: () => 'x'.repeat(40_000) };
    assert.deepEqual(paths(refused(EventCreate, event({ payload_json: big }))), [['payload_json']]);
    const data = accepted(EventCreate, event({ payload_json: Object.setPrototypeOf({}, { s: 'x'.repeat(40_000) }) }));
    assert.deepEqual(Object.keys(data.payload_json), []);
  });

  t('an own __proto__ key is no key of an artifact ref\'s data, and stays in a payload', () => {
    const ref = JSON.parse('{"kind":"k","__proto__":{"x":1},"other":2}');
    assert.deepEqual(Object.keys(accepted(ArtifactRef, ref)), ['kind', 'other']);
    const body = JSON.parse('{"source_kind":"s","source_ref":"r","event_type":"e","principal":{"kind":"human","id":"1"},'
      + '"artifact_refs":[{"kind":"k","__proto__":{"x":1}}],"payload_json":{"__proto__":{"x":1}}}');
    const data = accepted(EventCreate, body);
    assert.deepEqual(Object.keys(data.artifact_refs[0]), ['kind']);
    assert.equal(data.payload_json, body.payload_json);
    assert.ok(Object.hasOwn(data.payload_json, '__proto__'));
  });

  t('data is zod\'s: its keys in the schema\'s order, new objects, the caller\'s values', () => {
    const payload = { b: 1, a: [1] };
    const ref = { kind: 'file', url: 'https://example.test/a', extra: { deep: true } };
    const input = { principal: { id: 'a', on_behalf_of: '42', kind: 'agent' }, event_type: 'note', source_ref: 's1',
      source_kind: 'session', tags: ['t'], artifact_refs: [ref], payload_json: payload };
    const data = accepted(EventCreate, input);
    assert.deepEqual(Object.keys(data), ['source_kind', 'source_ref', 'event_type', 'payload_json', 'artifact_refs', 'tags', 'principal']);
    assert.deepEqual(Object.keys(data.principal), ['kind', 'id', 'on_behalf_of']);
    // Given in the schema's order, it comes back so, copied object by object.
    const inOrder = accepted(EventCreate, data);
    assert.deepEqual(inOrder, data);
    assert.deepEqual(Object.keys(inOrder), Object.keys(data));
    assert.notEqual(inOrder, data);
    assert.notEqual(inOrder.principal, data.principal);
    assert.notEqual(inOrder.artifact_refs, data.artifact_refs);
    assert.notEqual(inOrder.artifact_refs[0], ref);
    assert.notEqual(inOrder.tags, data.tags);
    assert.equal(inOrder.payload_json, payload);
    assert.equal(inOrder.artifact_refs[0].extra, ref.extra);
    // An artifact ref's own keys come after the schema's.
    assert.deepEqual(Object.keys(accepted(ArtifactRef, { extra: 1, kind: 'k' })), ['kind', 'extra']);
    assert.deepEqual(Object.keys(accepted(ArtifactRef, { kind: 'k', extra: 1, title: 't' })), ['kind', 'title', 'extra']);
    // A symbol key is no key of zod's data.
    const tagged = { ...event(), [Symbol('s')]: 1 };
    assert.deepEqual(Object.getOwnPropertySymbols(accepted(EventCreate, tagged)), []);
    // -0 and a lone surrogate in a payload are the caller's own.
    const odd = accepted(EventCreate, event({ payload_json: { z: -0, s: '\ud800' }, confidence: -0 }));
    assert.ok(Object.is(odd.payload_json.z, -0) && Object.is(odd.confidence, -0));
    assert.equal(odd.payload_json.s, '\ud800');
  });

  t('what JavaScript\'s own objects inherit is read as zod reads it', () => {
    // An enumerable key every object inherits is a field to zod; a toJSON
    // every array inherits is not zod's.
    Object.prototype.summary = 7; // eslint-disable-line no-extend-native
    try {
      assert.deepEqual(refused(EventCreate, event()), [
        { code: 'invalid_type', path: ['summary'], message: 'Invalid input: expected string, received number' },
      ]);
    } finally {
      delete Object.prototype.summary;
    }
    Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'x'.repeat(40_000), configurable: true });
    try {
      assert.deepEqual(accepted(EventCreate, event({ tags: ['a'] })).tags, ['a']);
      assert.deepEqual(paths(refused(EventCreate, event({ payload_json: [1] }))), [['payload_json']]);
    } finally {
      delete Array.prototype.toJSON;
    }
    assert.deepEqual(accepted(EventCreate, event({ tags: ['a'] })).tags, ['a']);
  });

  t('a refusal handed back is a SchemaError whose message is zod\'s, written when read', () => {
    const limit = Error.stackTraceLimit;
    const { error } = EventCreate.safeParse(event({ summary: 1 }));
    assert.equal(Error.stackTraceLimit, limit);
    assert.ok(error instanceof u.SchemaError);
    assert.deepEqual(JSON.parse(error.message), error.issues);
    error.message = 'replaced';
    assert.equal(error.message, 'replaced');
    assert.ok(String(error).includes('replaced'));
  });

  t('a principal kind outside the union is refused as a bad discriminator', () => {
    const [issue, ...rest] = refused(EventCreate, event({ principal: { kind: 'robot', id: 'r' } }));
    assert.equal(rest.length, 0);
    assert.equal(issue.code, 'invalid_union');
    assert.deepEqual(issue.path.slice(0, 1), ['principal']);
  });

  t('a principal id must be a string', () => {
    const issues = refused(EventCreate, event({ principal: { kind: 'human', id: 1 } }));
    assert.deepEqual(issues.map((i) => [i.code, i.path]), [['invalid_type', ['principal', 'id']]]);
  });

  t('a missing required field is refused at its path, in the schema\'s order', () => {
    const { source_kind, ...rest } = event();
    void source_kind;
    const issues = refused(EventCreate, { ...rest, summary: 'x'.repeat(2049) });
    assert.deepEqual(paths(issues), [['source_kind'], ['summary']]);
    assert.equal(issues[0].code, 'invalid_type');
  });

  t('something that is not an object is refused at the root', () => {
    for (const input of [null, undefined, 'event', 1, [], 1n]) {
      const issues = refused(EventCreate, input);
      assert.deepEqual(issues.map((i) => [i.code, i.path]), [['invalid_type', []]], String(input));
    }
  });

  t('flatten(): root messages in formErrors, the rest under their first key, in issue order', () => {
    assert.deepEqual(refused(EventCreate, null).length, 1);
    const root = EventCreate.safeParse(null).error;
    assert.deepEqual(root.flatten(), { formErrors: [root.issues[0].message], fieldErrors: {} });

    const { error } = EventCreate.safeParse(event({
      source_kind: '',
      summary: 'x'.repeat(2049),
      principal: { kind: 'agent', id: '' },
    }));
    const flat = error.flatten();
    assert.deepEqual(flat.formErrors, []);
    assert.deepEqual(Object.keys(flat.fieldErrors), ['source_kind', 'summary', 'principal']);
    assert.equal(flat.fieldErrors.principal.length, 2);
    for (const [key, messages] of Object.entries(flat.fieldErrors)) {
      assert.deepEqual(messages, error.issues.filter((i) => i.path[0] === key).map((i) => i.message));
    }
    assert.deepEqual(error.flatten((i) => i.code).fieldErrors.summary, ['too_big']);
  });

  t('parse hands back data, or throws an Error carrying the issues', () => {
    assert.deepEqual(EventCreate.parse(event({ bogus: 1 })), event());
    assert.throws(() => EventCreate.parse(event({ summary: null })), (e) => {
      assert.ok(e instanceof Error);
      assert.ok(e instanceof u.SchemaError);
      assert.deepEqual(e.issues.map((i) => i.path), [['summary']]);
      return true;
    });
  });

  // ------------------------------------------------------------ link create

  t('a link create is accepted, a self-link too, with unknown keys stripped', () => {
    assert.deepEqual(accepted(LinkCreate, link({ id: 'x' })), link());
    accepted(LinkCreate, link({ to_event_id: 'e1', from_event_id: 'e1' }));
    assert.deepEqual(paths(refused(LinkCreate, link({ relation_type: '' }))), [['relation_type']]);
    assert.deepEqual(paths(refused(LinkCreate, link({ from_event_id: 'x'.repeat(257) }))), [['from_event_id']]);
  });

  t('metadata_json is measured as payload_json is', () => {
    accepted(LinkCreate, link({ metadata_json: 'x'.repeat(32766) }));
    const [issue] = refused(LinkCreate, link({ metadata_json: 'x'.repeat(32767) }));
    assert.deepEqual([issue.code, issue.path], ['custom', ['metadata_json']]);
    assert.deepEqual(paths(refused(LinkCreate, link({ metadata_json: { n: 2n } }))), [['metadata_json']]);
  });

  // ------------------------------------------------------- principal, refs

  t('the principal schema: ids of 1 to 256 characters, a human stripped of on_behalf_of', () => {
    assert.deepEqual(accepted(Principal, { kind: 'human', id: '42', on_behalf_of: '42' }), human);
    accepted(Principal, { kind: 'service', id: 'x'.repeat(256), on_behalf_of: '42' });
    assert.deepEqual(paths(refused(Principal, { kind: 'service', id: 'x'.repeat(257), on_behalf_of: '42' })), [['id']]);
    assert.deepEqual(paths(refused(Principal, { kind: 'human', id: '' })), [['id']]);
    // Blank passes the schema: accountability is another question.
    accepted(Principal, { kind: 'human', id: ' ' });
  });

  t('an artifact ref keeps its other keys; url may not be null, ref may', () => {
    const ref = { kind: 'file', url: 'https://example.com/f', locality: { machine: 'm1' }, extra: [1] };
    assert.deepEqual(accepted(ArtifactRef, ref), ref);
    assert.deepEqual(accepted(ArtifactRef, { kind: 'commit', ref: null }), { kind: 'commit', ref: null });
    assert.deepEqual(paths(refused(ArtifactRef, { kind: 'log', url: null })), [['url']]);
    assert.deepEqual(paths(refused(ArtifactRef, { url: 'https://example.com' })), [['kind']]);
    assert.deepEqual(paths(refused(ArtifactRef, { kind: 'x'.repeat(129) })), [['kind']]);
  });

  // ------------------------------------------------------ principal helpers

  t('isPrincipalAccountable: a non-blank id, and for a non-human a non-blank on_behalf_of', () => {
    assert.equal(u.isPrincipalAccountable(human), true);
    assert.equal(u.isPrincipalAccountable(agent), true);
    assert.equal(u.isPrincipalAccountable({ kind: 'human', id: ' \t' }), false);
    assert.equal(u.isPrincipalAccountable({ kind: 'agent', id: 'a', on_behalf_of: '  ' }), false);
    assert.equal(u.isPrincipalAccountable({ kind: 'agent', id: 'a' }), false);
    assert.equal(u.isPrincipalAccountable({ kind: 'agent', id: 'a', on_behalf_of: 42 }), false);
  });

  t('isPrincipalAccountable reads what upstream reads: an agent\'s or a service\'s id is not looked at', () => {
    assert.equal(u.isPrincipalAccountable({ kind: 'agent', id: ' ', on_behalf_of: '42' }), true);
    assert.equal(u.isPrincipalAccountable({ kind: 'service', id: '', on_behalf_of: '42' }), true);
    // No schema: any kind but human is held to on_behalf_of, an id of any length passes.
    assert.equal(u.isPrincipalAccountable({ kind: 'robot', on_behalf_of: '42' }), true);
    assert.equal(u.isPrincipalAccountable({ kind: 'human', id: 'x'.repeat(300) }), true);
    assert.equal(u.isPrincipalAccountable('a string'), false);
    // Where upstream's function throws, so does this one.
    assert.throws(() => u.isPrincipalAccountable(null), TypeError);
    assert.throws(() => u.isPrincipalAccountable({ kind: 'human', id: 5 }), TypeError);
  });

  t('principalMatchesAuthenticatedOwner: String(owner), exactly, by id or by on_behalf_of', () => {
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'human', id: '1' }, 1), true);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'human', id: '01' }, 1), false);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'human', id: '1' }, '01'), false);
    assert.equal(u.principalMatchesAuthenticatedOwner(agent, 42), true);
    assert.equal(u.principalMatchesAuthenticatedOwner(agent, '42'), true);
    // An agent's own id is never compared.
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'agent', id: '42', on_behalf_of: '7' }, 42), false);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'agent', id: 'a', on_behalf_of: ' 42' }, 42), false);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'agent', id: 'a' }, 42), false);
    // No schema: the field upstream reads decides, whatever else is wrong.
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'agent', id: '', on_behalf_of: '42' }, 42), true);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'robot', on_behalf_of: '42', extra: NaN }, 42), true);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'human', id: '\ud800' }, '\ud800'), true);
    assert.equal(u.principalMatchesAuthenticatedOwner({ kind: 'human', id: '\ud800' }, '\ud801'), false);
    assert.throws(() => u.principalMatchesAuthenticatedOwner(undefined, 42), TypeError);
  });

  // --------------------------------------------------------- notify footer

  t('extractNotifySummary reads the footer of the last non-blank line', () => {
    const text = 'All green.\nAGENT_NOTIFY_SUMMARY {"version":1,"status":"done","summary":"tests pass"}\n\n  \n';
    assert.deepEqual(u.extractNotifySummary(text), { version: 1, status: 'done', summary: 'tests pass' });
    assert.deepEqual(u.extractNotifySummary('ok\r\nAGENT_NOTIFY_SUMMARY {"status":"done"}\r\n'), { status: 'done' });
    assert.deepEqual(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY   {"agent":"a"}'), { agent: 'a' });
  });

  t('extractNotifySummary: a mention, prose after it, no space or a tab is no footer', () => {
    for (const text of [
      'Example: AGENT_NOTIFY_SUMMARY {"status":"done"}',
      'AGENT_NOTIFY_SUMMARY {"status":"done"}\nthanks',
      'AGENT_NOTIFY_SUMMARY{"status":"done"}',
      'AGENT_NOTIFY_SUMMARY\t{"status":"done"}',
      'AGENT_NOTIFY_SUMMARY {"status":"done"} trailing',
      'AGENT_NOTIFY_SUMMARY [1]',
      'AGENT_NOTIFY_SUMMARY not-json',
      '`AGENT_NOTIFY_SUMMARY {"status":"done"}`',
      '',
    ]) {
      assert.equal(u.extractNotifySummary(text), null, JSON.stringify(text));
    }
  });

  t('extractNotifySummary keeps fields of the right type only', () => {
    assert.deepEqual(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"version":"1","status":5,"summary":"s","other":1}'), { summary: 's' });
    assert.deepEqual(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"version":1.5}'), { version: 1.5 });
    assert.deepEqual(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"__proto__":{"summary":"x"}}'), {});
    assert.deepEqual(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"summary":"a","summary":"b"}'), { summary: 'b' });
  });

  t('extractNotifySummary of something that is not a string is null', () => {
    for (const v of [undefined, null, 1, { text: 'AGENT_NOTIFY_SUMMARY {}' }]) assert.equal(u.extractNotifySummary(v), null);
  });

  t('splitNotifySummary: the prose before the footer, a glued prefix included', () => {
    assert.deepEqual(u.splitNotifySummary('a\nb  \nAGENT_NOTIFY_SUMMARY {}\n'), { visibleText: 'a\nb', summary: {} });
    assert.deepEqual(u.splitNotifySummary('Done.AGENT_NOTIFY_SUMMARY {"status":"done"}'), { visibleText: 'Done.', summary: { status: 'done' } });
    // Only the last line counts: an earlier footer stays visible.
    const two = 'AGENT_NOTIFY_SUMMARY {"status":"blocked"}\nAGENT_NOTIFY_SUMMARY {"status":"done"}';
    assert.deepEqual(u.splitNotifySummary(two), { visibleText: 'AGENT_NOTIFY_SUMMARY {"status":"blocked"}', summary: { status: 'done' } });
    assert.equal(u.splitNotifySummary('no footer'), null);
  });

  t('stripNotifySummaryFooter: the visible text, or the text itself without a footer', () => {
    assert.equal(u.stripNotifySummaryFooter('Fixed it.\nAGENT_NOTIFY_SUMMARY {"status":"done"}'), 'Fixed it.');
    assert.equal(u.stripNotifySummaryFooter('AGENT_NOTIFY_SUMMARY {"status":"done"}'), '');
    const prose = 'Nothing here.\n\n';
    assert.equal(u.stripNotifySummaryFooter(prose), prose);
    assert.equal(u.stripNotifySummaryFooter('AGENT_NOTIFY_SUMMARY {"a":1} x'), 'AGENT_NOTIFY_SUMMARY {"a":1} x');
  });

  t('texts of any size are answered, as upstream answers them', () => {
    const footer = '\nAGENT_NOTIFY_SUMMARY {"status":"done"}';
    assert.deepEqual(u.extractNotifySummary('x'.repeat(4_400_000) + footer), { status: 'done' });
    assert.deepEqual(u.extractNotifySummary('\u4e2d'.repeat(1_500_000) + footer), { status: 'done' });
    assert.equal(u.stripNotifySummaryFooter('\u0001'.repeat(1_000_000) + footer), '\u0001'.repeat(1_000_000));
    assert.deepEqual(u.extractSessionCitationIds(`${'\u0001'.repeat(1_000_000)} /sessions/abc`), ['abc']);
    assert.equal(u.normalizeSessionIdPrefix(` ${'a'.repeat(2_000_000)} `), 'a'.repeat(2_000_000));
  });

  t('half a surrogate pair is text like any other: no throw, and it comes back as it was', () => {
    assert.equal(u.stripNotifySummaryFooter('cut emoji \ud83d'), 'cut emoji \ud83d');
    assert.equal(u.extractNotifySummary('cut emoji \ud83d'), null);
    const text = 'prose \udc00 here\nAGENT_NOTIFY_SUMMARY {"status":"done","summary":"half \ud83d"}';
    assert.deepEqual(u.splitNotifySummary(text), { visibleText: 'prose \udc00 here', summary: { status: 'done', summary: 'half \ud83d' } });
    assert.equal(u.stripNotifySummaryFooter(text), 'prose \udc00 here');
    assert.equal(u.mapNotifyStatusToWorkAdStatus('done\ud800'), 'unknown');
    assert.deepEqual(u.extractSessionCitationIds('\ud800 /sessions/abc'), ['abc']);
    assert.equal(u.normalizeSessionIdPrefix(' ab\ud800 '), 'ab\ud800');
    // Ids built from half pairs are the caller's, each half its own.
    assert.deepEqual(u.extractSessionCitationIds('/sessions/a\ud800 /sessions/a\ud801 /sessions/a\ud800 /sessions/\ue000'), ['a\ud800', 'a\ud801', '\ue000']);
    assert.equal(u.normalizeSessionIdPrefix('[t](/sessions/x\udc00y)'), 'x\udc00y');
    assert.equal(u.isPrincipalAccountable({ kind: 'human', id: '\ud800' }), true);
  });

  t('a footer\'s values are JSON.parse\'s: Infinity, -0 and escaped lone surrogates kept', () => {
    const summary = u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"version":1e400,"summary":"x\\ud83d","agent":"\\udc00"}');
    assert.deepEqual(summary, { version: Infinity, agent: '\udc00', summary: 'x\ud83d' });
    assert.ok(Object.is(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"version":-0}').version, -0));
    assert.deepEqual(Object.keys(u.extractNotifySummary('AGENT_NOTIFY_SUMMARY {"summary":"s","version":1,"status":2}')), ['version', 'summary']);
  });

  // --------------------------------------------------- notify → work_ad

  const params = (extra = {}) => ({ sessionId: 's1', messageId: 'm1', notify: {}, ownerUserId: 42, ts: 1_000, ...extra });

  t('buildWorkAdFromNotify writes upstream\'s work_ad create', () => {
    const notify = { version: 1, agent: 'claude', project: 'hapi', status: 'stalled', action: ' wait for CI ', summary: '  tests red  ' };
    const created = u.buildWorkAdFromNotify(params({ notify, flavor: 'claude', relatedEventId: 'e0' }));
    assert.deepEqual(created, {
      source_kind: 'session',
      source_ref: 's1',
      event_type: 'work_ad',
      summary: 'tests red',
      payload_json: { status: 'blocked', action: ' wait for CI ', project: 'hapi', agent: 'claude', messageId: 'm1' },
      tags: ['notify_summary', 'project:hapi', 'agent:claude', 'flavor:claude'],
      related_session_id: 's1',
      related_event_id: 'e0',
      provenance: 'AGENT_NOTIFY_SUMMARY',
      idempotency_key: 'session:s1:message:m1:notify',
      expires_at: 1_000 + 86_400_000,
      principal: { kind: 'agent', id: 'session:s1', on_behalf_of: '42' },
    });
    // What it writes passes upstream's schema and resolves to the owner.
    assert.equal(EventCreate.safeParse(created).success, true);
    assert.equal(u.principalMatchesAuthenticatedOwner(created.principal, 42), true);
  });

  t('buildWorkAdFromNotify: expiresAt replaces ts plus 24 hours', () => {
    assert.equal(u.buildWorkAdFromNotify(params({ expiresAt: 5 })).expires_at, 5);
    assert.equal(u.buildWorkAdFromNotify(params({ expiresAt: null })).expires_at, 86_401_000);
  });

  t('buildWorkAdFromNotify of the empty footer', () => {
    const created = u.buildWorkAdFromNotify(params({ relatedEventId: null, flavor: '' }));
    assert.equal(created.summary, 'Agent turn summary');
    assert.deepEqual(created.payload_json, { status: 'unknown', action: null, project: null, agent: null, messageId: 'm1' });
    assert.deepEqual(created.tags, ['notify_summary']);
    // As upstream's object: the key is there, holding nothing.
    assert.equal(created.related_event_id, undefined);
    assert.equal(u.buildWorkAdFromNotify(params({ relatedEventId: '' })).related_event_id, undefined);
    assert.equal(JSON.stringify(created).includes('related_event_id'), false);
  });

  t('buildWorkAdFromNotify: the summary falls back to the action, then the status', () => {
    assert.equal(u.buildWorkAdFromNotify(params({ notify: { summary: ' ', action: ' merge it ' } })).summary, 'merge it');
    assert.equal(u.buildWorkAdFromNotify(params({ notify: { status: ' done ' } })).summary, 'Agent status: done');
  });

  t('buildWorkAdFromNotify writes the cause the hub resolved, as upstream\'s WorkAdCause', () => {
    const cause = { causeMessageId: 'u1', causeText: 'please fix', causeKind: 'webapp', causeSeq: 3, causeCursorMessageId: null };
    const { payload_json: p } = u.buildWorkAdFromNotify(params({ cause }));
    assert.deepEqual([p.causeMessageId, p.causeText, p.causeKind, p.causeSeq], ['u1', 'please fix', 'webapp', 3]);
    assert.equal('causeCursorMessageId' in p, false);
    assert.equal(u.buildWorkAdFromNotify(params({ cause: { ...cause, causeCursorMessageId: 'u2' } })).payload_json.causeCursorMessageId, 'u2');
    const bare = { causeMessageId: 'u1', causeText: null, causeKind: null, causeSeq: null, causeCursorMessageId: null };
    const q = u.buildWorkAdFromNotify(params({ cause: bare })).payload_json;
    assert.deepEqual([q.causeText, q.causeKind, q.causeSeq], [null, null, null]);
    // An empty cause message id writes no cause at all.
    assert.equal('causeMessageId' in u.buildWorkAdFromNotify(params({ cause: { ...bare, causeMessageId: '' } })).payload_json, false);
  });

  t('buildWorkAdFromNotify keeps half a surrogate pair, and clamps it as upstream counts it', () => {
    const created = u.buildWorkAdFromNotify(params({ sessionId: 's\ud800', messageId: 'm\udc00', notify: { project: 'p\ud83d', summary: ' \ud83d ' } }));
    assert.equal(created.source_ref, 's\ud800');
    assert.equal(created.principal.id, 'session:s\ud800');
    assert.equal(created.idempotency_key, 'session:s\ud800:message:m\udc00:notify');
    assert.equal(created.summary, '\ud83d');
    assert.deepEqual(created.tags, ['notify_summary', 'project:p\ud83d']);
    // JSON.stringify writes a half pair as six bytes: 8,192 bytes hold 1,365 of them.
    const action = '\ud800'.repeat(2000);
    assert.equal(u.buildWorkAdFromNotify(params({ notify: { action } })).payload_json.action, '\ud800'.repeat(1365));
    // A private-use character of the caller's own stays what it is.
    assert.equal(u.buildWorkAdFromNotify(params({ notify: { agent: '\ue000\udfff' } })).payload_json.agent, '\ue000\udfff');
  });

  t('buildWorkAdFromNotify refuses nothing, as upstream\'s builder: the store\'s schema does', () => {
    const empty = u.buildWorkAdFromNotify(params({ sessionId: '' }));
    assert.equal(empty.source_ref, '');
    assert.deepEqual(paths(refused(EventCreate, empty)), [['source_ref'], ['related_session_id']]);
    const long = u.buildWorkAdFromNotify(params({ sessionId: 's'.repeat(300), ownerUserId: ' ' }));
    assert.equal(long.principal.id, `session:${'s'.repeat(300)}`);
    assert.equal(long.principal.on_behalf_of, ' ');
    assert.equal(EventCreate.safeParse(long).success, false);
  });

  t('mapNotifyStatusToWorkAdStatus: upstream\'s table, case-sensitive, no trim', () => {
    const table = {
      done: 'done',
      blocked: 'blocked',
      stalled: 'blocked',
      needs_decision: 'needs_decision',
      needs_review: 'needs_decision',
      failed: 'failed',
      in_progress: 'in_progress',
      stale: 'unknown',
      unknown: 'unknown',
      '': 'unknown',
      DONE: 'unknown',
      ' done': 'unknown',
      constructor: 'unknown',
      ['__proto__']: 'unknown',
    };
    for (const [status, want] of Object.entries(table)) assert.equal(u.mapNotifyStatusToWorkAdStatus(status), want, status);
    assert.equal(u.mapNotifyStatusToWorkAdStatus(undefined), 'unknown');
    assert.equal(u.mapNotifyStatusToWorkAdStatus(), 'unknown');
  });

  // -------------------------------------------------------------- citations

  t('extractSessionCitationIds: every cited id, distinct, first seen first', () => {
    const text = 'See [chip](/sessions/abc) and ./sessions/def, then https://hub.example/sessions/ghi?tab=1 and /sessions/abc again.';
    assert.deepEqual(u.extractSessionCitationIds(text), ['abc', 'def', 'ghi']);
    assert.deepEqual(u.extractSessionCitationIds('/sessions/a%2Db/files #/sessions/x.'), ['a-b', 'x']);
  });

  t('extractSessionCitationIds: no dotted ids, no other path words, case kept', () => {
    assert.deepEqual(u.extractSessionCitationIds('/sessions/chat.tsx mysessions/x /Sessions/y /sessions/v1.2'), []);
    assert.deepEqual(u.extractSessionCitationIds('/sessions/new /sessions/MiXeD'), ['new', 'MiXeD']);
    assert.deepEqual(u.extractSessionCitationIds('/sessions/%E0%A4%A'), []);
    assert.deepEqual(u.extractSessionCitationIds('no citation here'), []);
  });

  t('normalizeSessionIdPrefix: a bare prefix trimmed, one cited id, ambiguity fails closed', () => {
    assert.equal(u.normalizeSessionIdPrefix('  abc123  '), 'abc123');
    assert.equal(u.normalizeSessionIdPrefix('sessions/abc'), 'sessions/abc');
    assert.equal(u.normalizeSessionIdPrefix('[t](/sessions/abc)'), 'abc');
    assert.equal(u.normalizeSessionIdPrefix('/sessions/abc and /sessions/abc'), 'abc');
    assert.equal(u.normalizeSessionIdPrefix('/sessions/abc /sessions/def'), '');
    assert.equal(u.normalizeSessionIdPrefix('/sessions/chat.tsx'), '');
  });

  t('normalizeSessionIdPrefix reads both copy-reference forms, the title ignored', () => {
    assert.equal(u.normalizeSessionIdPrefix(`See session "fix /sessions/zzz" (/sessions/abc) for context.${SUFFIX}`), 'abc');
    assert.equal(u.normalizeSessionIdPrefix(`See HAPI session /sessions/abc for context.${SUFFIX}`), 'abc');
    assert.equal(u.normalizeSessionIdPrefix('See HAPI session /sessions/abc for context'), 'abc');
  });
}
