// Upstream's generic work-graph routes, answered as upstream answers them:
// decided by the core's `upstream` profile (upstream's P1 rules), with
// upstream's status codes, bodies and check order, while the hub's handoff
// and receipt routes keep the RFC's P2 rules.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EventRow, Hub, LinkRow } from '../hub.ts';
import { serve } from '../server.ts';
import { OWNER, type Party, agentOf, count, handoffBody, human, newHub, party, receiptBody } from './support.ts';

let now = 1_785_320_000_000;
let hub: Hub;
let server: ReturnType<typeof serve>;
let a: Party;
let b: Party;
let owner: string;
let stranger: string;

beforeAll(() => {
  hub = newHub({ clock: () => now });
  server = serve(hub);
  a = party(hub, 'ns', 'm1', 'A');
  b = party(hub, 'ns', 'm1', 'B');
  owner = hub.issueToken('ns');
  stranger = hub.issueToken('ns-other');
});

afterAll(() => {
  server.stop(true);
  hub.close();
});

type Reply = { status: number; headers: Headers; text: string; body: Record<string, unknown> };

async function send(method: string, path: string, token: string, body?: string | Uint8Array | ReadableStream): Promise<Reply> {
  const init: RequestInit & { duplex?: string } = { method, headers: { Authorization: `Bearer ${token}` } };
  if (body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = body as BodyInit;
    if (body instanceof ReadableStream) init.duplex = 'half';
  }
  const res = await fetch(new URL(path, server.url), init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

const post = (path: string, body: unknown, token = owner) => send('POST', path, token, JSON.stringify(body));
const get = (path: string, token = owner) => send('GET', path, token);
const EVENTS = '/api/work-graph/events';
const LINKS = '/api/work-graph/event-links';

/** A work ad as a P1 client writes it: no payload, no expiry. */
const bare = (extra: Record<string, unknown> = {}) => ({
  source_kind: 'session',
  source_ref: 'session-a',
  event_type: 'work_ad',
  principal: human,
  ...extra,
});

const NULL_ISSUES = { formErrors: ['Invalid input: expected object, received null'], fieldErrors: {} };
const NOT_OWNER = { error: 'Principal must resolve to the authenticated hub owner' };

/** The keys of a stored event row, in upstream's order (camelCase at the top level). */
const ROW_KEYS = [
  'id', 'ts', 'sourceKind', 'sourceRef', 'sinkKind', 'sinkRef', 'eventType', 'summary', 'payloadJson', 'artifactRefs', 'tags',
  'relatedSessionId', 'relatedEventId', 'provenance', 'idempotencyKey', 'dedupeKey', 'confidence', 'severity', 'expiresAt',
  'namespace', 'principal',
];

describe('POST /api/work-graph/events accepts what upstream accepts', () => {
  test('a bare work_ad (no payload_json) is 201 with the row upstream stores', async () => {
    now += 1;
    const r = await post(EVENTS, bare());
    expect(r.status).toBe(201);
    expect(r.body.inserted).toBe(true);
    const row = r.body.event as EventRow;
    expect(Object.keys(row)).toEqual(ROW_KEYS);
    expect(row).toEqual({
      id: row.id,
      ts: now,
      sourceKind: 'session',
      sourceRef: 'session-a',
      sinkKind: null,
      sinkRef: null,
      eventType: 'work_ad',
      summary: null,
      payloadJson: null,
      artifactRefs: [],
      tags: [],
      relatedSessionId: null,
      relatedEventId: null,
      provenance: null,
      idempotencyKey: null,
      dedupeKey: null,
      confidence: null,
      severity: null,
      expiresAt: null,
      namespace: 'ns',
      principal: human,
    });
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(hub.store.event('ns', row.id)).toEqual(row);
  });

  test('a legacy work_ad without expires_at, with a status outside the vocabulary, is 201', async () => {
    const r = await post(EVENTS, bare({ summary: 'old client', payload_json: { status: 'whatever', free: [1, 'x'] } }));
    expect(r.status).toBe(201);
    expect((r.body.event as EventRow).expiresAt).toBeNull();
    expect((r.body.event as EventRow).payloadJson).toEqual({ status: 'whatever', free: [1, 'x'] });
  });

  test('handoff and handoff_receipt events without a payload are 201 on the generic route, and nothing is delivered', async () => {
    const before = hub.store.messages(b.session.id).length;
    for (const event_type of ['handoff', 'handoff_receipt']) {
      const r = await post(EVENTS, bare({ event_type, sink_kind: 'session', sink_ref: b.session.id }));
      expect(r.status).toBe(201);
      expect((r.body.event as EventRow).eventType).toBe(event_type);
      expect((r.body.event as EventRow).payloadJson).toBeNull();
    }
    // A hub-owned field on the generic route is only a payload there: stored, delivered to no one.
    const claimed = await post(EVENTS, bare({ event_type: 'handoff', sink_ref: b.session.id, payload_json: { delivery_state: 'consumed' } }));
    expect(claimed.status).toBe(201);
    expect((claimed.body.event as EventRow).payloadJson).toEqual({ delivery_state: 'consumed' });
    expect(hub.store.messages(b.session.id)).toHaveLength(before);
  });

  test("the stored row is zod's parsed data: unknown keys stripped, a human's on_behalf_of stripped, artifact refs kept whole", async () => {
    const r = await post(EVENTS, {
      ...bare(),
      id: 'client-id',
      ts: 1,
      namespace: 'elsewhere',
      extra: true,
      principal: { kind: 'human', id: OWNER, on_behalf_of: 'someone', note: 'x' },
      artifact_refs: [{ kind: 'diff', ref: null, locality: { machine_id: 'm9' } }],
      payload_json: null,
    });
    expect(r.status).toBe(201);
    const row = r.body.event as EventRow;
    expect(row.id).not.toBe('client-id');
    expect(row.ts).toBe(now);
    expect(row.namespace).toBe('ns');
    expect(row.principal).toEqual(human);
    expect(row.artifactRefs).toEqual([{ kind: 'diff', ref: null, locality: { machine_id: 'm9' } }]);
    // `payload_json: null` is stored as the text `null` and read back as null.
    expect(row.payloadJson).toBeNull();
    const stored = hub.store.db.query('SELECT payload_json, principal_json FROM events WHERE id = ?1').get(row.id) as Record<string, string>;
    expect(stored).toEqual({ payload_json: 'null', principal_json: JSON.stringify(human) });
  });

  test('an agent for the owner is accepted whatever its id says; any string is an agent id', async () => {
    const r = await post(EVENTS, bare({ principal: { kind: 'agent', id: `session:${b.session.id}`, on_behalf_of: OWNER } }));
    expect(r.status).toBe(201);
    expect((r.body.event as EventRow).principal).toEqual(agentOf(b.session.id));
  });

  test("what the core's normalized form cannot hold (deep nesting, a lone surrogate) is stored as upstream stores it", async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100; i++) deep = { down: deep };
    const body = {
      ...bare({ payload_json: deep, artifact_refs: [{ note: 'kept', kind: 'diff' }] }),
      principal: { kind: 'human', id: OWNER, on_behalf_of: 'stripped' },
      unknown: 'stripped',
    };
    const r = await post(EVENTS, body);
    expect(r.status).toBe(201);
    const row = r.body.event as EventRow;
    expect(row.payloadJson).toEqual(deep);
    expect(row.principal).toEqual(human);
    // zod's output order: the schema's keys first, the ref's own after them.
    expect(JSON.stringify(row.artifactRefs)).toBe('[{"kind":"diff","note":"kept"}]');
    expect(JSON.stringify(hub.store.event('ns', row.id))).toBe(JSON.stringify(row));
    const lone = await send('POST', EVENTS, owner, JSON.stringify(bare({ summary: 'X' })).replace('"X"', '"a\\ud800b"'));
    expect(lone.status).toBe(201);
    expect((lone.body.event as EventRow).summary).toBe('a\ud800b');
  });

  test('an own __proto__ key: no key of a stored artifact ref, a key of a stored payload, as upstream stores them', async () => {
    const text = JSON.stringify(bare({ payload_json: { P: 1 }, artifact_refs: [{ kind: 'diff', R: 1 }] }))
      .replace('"P":1', '"__proto__":{"polluted":true}')
      .replace('"R":1', '"__proto__":{"polluted":true},"note":"kept"');
    const r = await send('POST', EVENTS, owner, text);
    expect(r.status).toBe(201);
    const row = r.body.event as EventRow;
    expect(JSON.stringify(row.artifactRefs)).toBe('[{"kind":"diff","note":"kept"}]');
    expect(JSON.stringify(row.payloadJson)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('a body with bytes that are not UTF-8 is read as Request.json() reads it (U+FFFD)', async () => {
    const text = JSON.stringify(bare({ summary: 'AB' }));
    const at = text.indexOf('AB') + 1;
    const bytes = new TextEncoder().encode(text);
    const bad = new Uint8Array([...bytes.slice(0, at), 0xff, ...bytes.slice(at)]);
    const r = await send('POST', EVENTS, owner, bad);
    expect(r.status).toBe(201);
    expect((r.body.event as EventRow).summary).toBe('A\uFFFDB');
  });
});

describe('POST /api/work-graph/events refuses in upstream order, with upstream bodies', () => {
  test('a body over 65,536 bytes is 413; one of exactly 65,536 bytes is read', async () => {
    const text = JSON.stringify(bare({ summary: 'cap' }));
    const exact = text + ' '.repeat(65_536 - text.length);
    expect(new TextEncoder().encode(exact).length).toBe(65_536);
    expect((await send('POST', EVENTS, owner, exact)).status).toBe(201);
    const over = await send('POST', EVENTS, owner, `${exact} `);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: 'Request body too large' });
    // Before anything else: an over-long body that is not JSON either.
    expect(await send('POST', EVENTS, owner, 'x'.repeat(65_537))).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
  });

  test('a streamed body with no length is cut off at the cap', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 5) c.enqueue(chunk);
        else c.close();
      },
    });
    const r = await send('POST', EVENTS, owner, stream);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: 'Request body too large' });
  });

  test("a body that is not JSON is 400 Invalid body with the issues of null", async () => {
    for (const text of ['{not json', '', 'nul', '{"source_kind":"session",}', 'null']) {
      const r = await send('POST', EVENTS, owner, text);
      expect(r.status).toBe(400);
      expect(r.text).toBe(JSON.stringify({ error: 'Invalid body', issues: NULL_ISSUES }));
    }
    const array = await send('POST', EVENTS, owner, '[]');
    expect(array.body).toEqual({ error: 'Invalid body', issues: { formErrors: ['Invalid input: expected object, received array'], fieldErrors: {} } });
  });

  test("a schema failure is exactly {error, issues: zod's flatten()}, with zod's messages in zod's order", async () => {
    const empty = await post(EVENTS, {});
    expect(empty.status).toBe(400);
    expect(empty.text).toBe(
      JSON.stringify({
        error: 'Invalid body',
        issues: {
          formErrors: [],
          fieldErrors: {
            source_kind: ['Invalid input: expected string, received undefined'],
            source_ref: ['Invalid input: expected string, received undefined'],
            event_type: ['Invalid input: expected string, received undefined'],
            principal: ['Invalid input: expected object, received undefined'],
          },
        },
      }),
    );
    const several = await post(EVENTS, bare({ source_kind: '', summary: 'x'.repeat(2049), principal: { kind: 'robot', id: OWNER } }));
    expect(several.status).toBe(400);
    expect(several.body).toEqual({
      error: 'Invalid body',
      issues: {
        formErrors: [],
        fieldErrors: {
          source_kind: ['Too small: expected string to have >=1 characters'],
          summary: ['Too big: expected string to have <=2048 characters'],
          principal: ["Invalid discriminator value. Expected 'human' | 'agent' | 'service'"],
        },
      },
    });
    const typed = await post(EVENTS, bare({ tags: ['a', 1], confidence: 'x', principal: { kind: 'agent', id: 'x' } }));
    expect(typed.body).toEqual({
      error: 'Invalid body',
      issues: {
        formErrors: [],
        fieldErrors: {
          tags: ['Invalid input: expected string, received number'],
          confidence: ['Invalid input: expected number, received string'],
          principal: ['Invalid input: expected string, received undefined'],
        },
      },
    });
    const numeric = await post(EVENTS, bare({ principal: { kind: 'human', id: 1 } }));
    expect(numeric.body).toEqual({ error: 'Invalid body', issues: { formErrors: [], fieldErrors: { principal: ['Invalid input: expected string, received number'] } } });
    const payload = await post(EVENTS, bare({ payload_json: 'x'.repeat(32_767) }));
    expect(payload.body).toEqual({ error: 'Invalid body', issues: { formErrors: [], fieldErrors: { payload_json: ['payload_json exceeds 32768 bytes'] } } });
    expect((await post(EVENTS, bare({ payload_json: 'x'.repeat(32_766) }))).status).toBe(201);
  });

  test('a principal that does not resolve to the owner is 403, with no code', async () => {
    for (const principal of [
      { kind: 'agent', id: 'session:x', on_behalf_of: '7' },
      { kind: 'service', id: 'ci', on_behalf_of: ` ${OWNER}` },
      { kind: 'human', id: `0${OWNER}` },
      { kind: 'agent', id: 'session:x', on_behalf_of: '   ' },
    ]) {
      const r = await post(EVENTS, bare({ principal }));
      expect(r.status).toBe(403);
      expect(r.text).toBe(JSON.stringify(NOT_OWNER));
    }
  });

  test('reserved provenance is 400, after the schema and the owner', async () => {
    const reserved = await post(EVENTS, bare({ provenance: 'AGENT_NOTIFY_SUMMARY' }));
    expect(reserved.status).toBe(400);
    expect(reserved.text).toBe(JSON.stringify({ error: 'Reserved provenance' }));
    // The owner is checked first, and the schema before it.
    const both = await post(EVENTS, bare({ provenance: 'AGENT_NOTIFY_SUMMARY', principal: { kind: 'human', id: '7' } }));
    expect(both).toMatchObject({ status: 403, body: NOT_OWNER });
    const invalid = await post(EVENTS, bare({ provenance: 'AGENT_NOTIFY_SUMMARY', event_type: '' }));
    expect(invalid.body).toEqual({
      error: 'Invalid body',
      issues: { formErrors: [], fieldErrors: { event_type: ['Too small: expected string to have >=1 characters'] } },
    });
    // Only the exact value is reserved.
    expect((await post(EVENTS, bare({ provenance: 'agent_notify_summary' }))).status).toBe(201);
  });

  test('a whitespace agent or service id is stored, as upstream stores it: its store holds a non-human to its owner', async () => {
    const before = count(hub, 'events');
    // The route's checks come first.
    const reserved = await post(EVENTS, bare({ provenance: 'AGENT_NOTIFY_SUMMARY', principal: { kind: 'agent', id: ' ', on_behalf_of: OWNER } }));
    expect(reserved).toMatchObject({ status: 400, body: { error: 'Reserved provenance' } });
    expect(count(hub, 'events')).toBe(before);
    for (const principal of [
      { kind: 'agent', id: '   ', on_behalf_of: OWNER },
      { kind: 'service', id: '\t\n', on_behalf_of: OWNER },
    ]) {
      const r = await post(EVENTS, bare({ principal }));
      expect(r.status).toBe(201);
      expect((r.body.event as EventRow).principal).toEqual(principal);
    }
    expect(count(hub, 'events')).toBe(before + 2);
  });
});

describe('idempotency, as upstream keeps it', () => {
  test('a replay is 200 with the original row unchanged, whatever the new body says', async () => {
    now += 10;
    const first = await post(EVENTS, bare({ idempotency_key: 'up-1', summary: 'first' }));
    expect(first.status).toBe(201);
    const row = first.body.event as EventRow;
    now += 10;
    const same = await post(EVENTS, bare({ idempotency_key: 'up-1', summary: 'first' }));
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ event: row, inserted: false });
    const other = await post(EVENTS, bare({ idempotency_key: 'up-1', summary: 'changed', event_type: 'note', principal: agentOf('x') }));
    expect(other.status).toBe(200);
    expect(other.text).toBe(JSON.stringify({ event: row, inserted: false }));
    expect((await get(`${EVENTS}/${row.id}`)).body).toEqual({ event: row });
    expect(count(hub, "events WHERE idempotency_key = 'up-1'")).toBe(1);
  });

  test("a replay is still checked first: an invalid or another owner's body is refused, not replayed", async () => {
    await post(EVENTS, bare({ idempotency_key: 'up-2' }));
    expect((await post(EVENTS, bare({ idempotency_key: 'up-2', summary: 'x'.repeat(2049) }))).status).toBe(400);
    expect(await post(EVENTS, bare({ idempotency_key: 'up-2', principal: { kind: 'human', id: '7' } }))).toMatchObject({ status: 403, body: NOT_OWNER });
    // An agent with a blank id is accountable upstream: the replay is answered.
    expect(await post(EVENTS, bare({ idempotency_key: 'up-2', principal: { kind: 'agent', id: ' ', on_behalf_of: OWNER } }))).toMatchObject({
      status: 200,
    });
  });

  test("the key is the namespace's: the same key in another namespace is a new row", async () => {
    const mine = (await post(EVENTS, bare({ idempotency_key: 'up-3' }))).body.event as EventRow;
    const theirs = await post(EVENTS, bare({ idempotency_key: 'up-3' }), stranger);
    expect(theirs.status).toBe(201);
    expect((theirs.body.event as EventRow).id).not.toBe(mine.id);
    expect((theirs.body.event as EventRow).namespace).toBe('ns-other');
    expect((await post(EVENTS, bare({ idempotency_key: 'up-3' }), stranger)).status).toBe(200);
  });
});

describe('GET /api/work-graph/events', () => {
  test('the list is the rows whose related_session_id is the session, newest first, no-store', async () => {
    const session = 'list-session';
    const ids: string[] = [];
    for (const ts of [30, 10, 20]) {
      now = 1_785_330_000_000 + ts;
      ids.push(((await post(EVENTS, bare({ related_session_id: session, summary: `at ${ts}` }))).body.event as EventRow).id);
    }
    // Its source, not its related session: upstream's list does not show it.
    await post(EVENTS, bare({ source_ref: session }));
    // Another namespace's row for the same session id.
    await post(EVENTS, bare({ related_session_id: session }), stranger);
    const r = await get(`${EVENTS}?related_session_id=${session}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(r.body)).toEqual(['events']);
    expect((r.body.events as EventRow[]).map((e) => e.id)).toEqual([ids[0], ids[2], ids[1]]);
    const theirs = await get(`${EVENTS}?related_session_id=${session}`, stranger);
    expect((theirs.body.events as EventRow[]).map((e) => e.namespace)).toEqual(['ns-other']);
    expect((await get(`${EVENTS}?related_session_id=nobody`)).body).toEqual({ events: [] });
  });

  test('related_session_id is required', async () => {
    for (const query of ['', '?related_session_id=', '?limit=5']) {
      const r = await get(`${EVENTS}${query}`);
      expect(r.status).toBe(400);
      expect(r.text).toBe(JSON.stringify({ error: 'related_session_id query parameter is required' }));
    }
  });

  test('limit: an integer >= 1, empty means 100, over 500 is clamped', async () => {
    const session = 'many';
    for (let i = 0; i < 502; i++) hub.writeEvent(a.auth, bare({ related_session_id: session }));
    const n = async (query: string) => ((await get(`${EVENTS}?related_session_id=${session}${query}`)).body.events as unknown[]).length;
    for (const limit of ['1.5', '0', '-1', 'abc', '1e400', ' ']) {
      const r = await get(`${EVENTS}?related_session_id=${session}&limit=${encodeURIComponent(limit)}`);
      expect(r.status).toBe(400);
      expect(r.text).toBe(JSON.stringify({ error: 'Invalid limit' }));
    }
    expect(await n('')).toBe(100);
    expect(await n('&limit=')).toBe(100);
    expect(await n('&limit=1')).toBe(1);
    expect(await n('&limit=2.0')).toBe(2);
    expect(await n('&limit=500')).toBe(500);
    expect(await n('&limit=501')).toBe(500);
    expect(await n('&limit=1e9')).toBe(500);
  });

  test("an event by id: 200 no-store, 404 Event not found for an unknown or another namespace's id", async () => {
    const row = (await post(EVENTS, bare())).body.event as EventRow;
    const r = await get(`${EVENTS}/${row.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.text).toBe(JSON.stringify({ event: row }));
    for (const [id, token] of [
      ['no-such-event', owner],
      [row.id, stranger],
    ] as const) {
      const miss = await get(`${EVENTS}/${id}`, token);
      expect(miss.status).toBe(404);
      expect(miss.text).toBe(JSON.stringify({ error: 'Event not found' }));
      const links = await get(`${EVENTS}/${id}/links`, token);
      expect(links.status).toBe(404);
      expect(links.text).toBe(JSON.stringify({ error: 'Event not found' }));
    }
  });

  test('a P1 handoff row is served as stored, not as a P2 thread', async () => {
    const row = (await post(EVENTS, bare({ event_type: 'handoff', sink_ref: b.session.id }))).body.event as EventRow;
    expect((await get(`${EVENTS}/${row.id}`)).body).toEqual({ event: row });
  });
});

describe('POST /api/work-graph/event-links and the links of an event', () => {
  test('201 {link} with the row upstream stores; self-links and repeats are links too', async () => {
    const x = (await post(EVENTS, bare())).body.event as EventRow;
    const y = (await post(EVENTS, bare())).body.event as EventRow;
    now += 5;
    const r = await post(LINKS, { from_event_id: y.id, to_event_id: x.id, relation_type: 'anything', metadata_json: { why: 1 }, extra: 1 });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['link']);
    const link = r.body.link as LinkRow;
    expect(Object.keys(link)).toEqual(['id', 'fromEventId', 'toEventId', 'relationType', 'createdAt', 'metadataJson', 'namespace']);
    expect(link).toEqual({ id: link.id, fromEventId: y.id, toEventId: x.id, relationType: 'anything', createdAt: now, metadataJson: { why: 1 }, namespace: 'ns' });
    expect((await post(LINKS, { from_event_id: x.id, to_event_id: x.id, relation_type: 'follows' })).status).toBe(201);
    expect((await post(LINKS, { from_event_id: y.id, to_event_id: x.id, relation_type: 'anything' })).status).toBe(201);
  });

  test('the ends are checked from first: 404 not_found naming the end', async () => {
    const x = (await post(EVENTS, bare())).body.event as EventRow;
    const theirs = (await post(EVENTS, bare(), stranger)).body.event as EventRow;
    const fromMissing = { error: 'from_event_id not found in namespace', code: 'not_found' };
    const toMissing = { error: 'to_event_id not found in namespace', code: 'not_found' };
    const before = count(hub, 'event_links');
    for (const [from, to, body] of [
      ['nope', 'nope', fromMissing],
      ['nope', x.id, fromMissing],
      [theirs.id, x.id, fromMissing],
      [x.id, 'nope', toMissing],
      [x.id, theirs.id, toMissing],
    ] as const) {
      const r = await post(LINKS, { from_event_id: from, to_event_id: to, relation_type: 'follows' });
      expect(r.status).toBe(404);
      expect(r.text).toBe(JSON.stringify(body));
    }
    expect(count(hub, 'event_links')).toBe(before);
  });

  test("413, then 400 Invalid body with zod's flatten(), before the ends are looked up", async () => {
    expect(await send('POST', LINKS, owner, 'x'.repeat(65_537))).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
    const notJson = await send('POST', LINKS, owner, '{');
    expect(notJson.text).toBe(JSON.stringify({ error: 'Invalid body', issues: NULL_ISSUES }));
    const missing = await post(LINKS, { from_event_id: 'nope' });
    expect(missing.status).toBe(400);
    expect(missing.text).toBe(
      JSON.stringify({
        error: 'Invalid body',
        issues: {
          formErrors: [],
          fieldErrors: {
            to_event_id: ['Invalid input: expected string, received undefined'],
            relation_type: ['Invalid input: expected string, received undefined'],
          },
        },
      }),
    );
    const big = await post(LINKS, { from_event_id: 'a', to_event_id: 'b', relation_type: 'r', metadata_json: 'x'.repeat(32_767) });
    expect(big.body).toEqual({ error: 'Invalid body', issues: { formErrors: [], fieldErrors: { metadata_json: ['metadata_json exceeds 32768 bytes'] } } });
  });

  test("an event's links: both directions, by created_at, no-store", async () => {
    const x = (await post(EVENTS, bare())).body.event as EventRow;
    const y = (await post(EVENTS, bare())).body.event as EventRow;
    const z = (await post(EVENTS, bare())).body.event as EventRow;
    now = 1_785_340_000_300;
    const late = (await post(LINKS, { from_event_id: x.id, to_event_id: y.id, relation_type: 'follows' })).body.link as LinkRow;
    now = 1_785_340_000_100;
    const early = (await post(LINKS, { from_event_id: z.id, to_event_id: x.id, relation_type: 'resolves' })).body.link as LinkRow;
    now = 1_785_340_000_200;
    await post(LINKS, { from_event_id: y.id, to_event_id: z.id, relation_type: 'unrelated' });
    const r = await get(`${EVENTS}/${x.id}/links`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.text).toBe(JSON.stringify({ links: [early, late] }));
  });
});

describe('the P2 routes keep the RFC rules', () => {
  test('the handoff route still refuses a handoff without its payload, and the receipt route a receipt without one', async () => {
    const before = hub.store.messages(b.session.id).length;
    const events = count(hub, 'events');
    const { payload_json: _p, ...noPayload } = handoffBody(b.session.id);
    const h = await post('/api/work-graph/handoffs', noPayload, a.token);
    expect(h.status).toBe(400);
    expect(h.body).toMatchObject({ error: 'Invalid body', code: 'invalid_event' });
    expect(JSON.stringify(h.body.issues)).toContain('event/payload-missing');
    expect(hub.store.messages(b.session.id)).toHaveLength(before);
    expect(count(hub, 'events')).toBe(events);
    // A real handoff, then a receipt without its payload.
    const ok = await post('/api/work-graph/handoffs', handoffBody(b.session.id), a.token);
    expect(ok.status).toBe(201);
    const id = (ok.body.event as EventRow).id;
    const { payload_json: _q, ...bareReceipt } = receiptBody(b.session.id, 'completed');
    const r = await post(`/api/work-graph/handoffs/${id}/receipts`, bareReceipt, b.token);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.issues)).toContain('event/payload-missing');
  });

  test('the handoff route keeps its own answers: principal_refused for an agent without an owner, the conflict on a reused key', async () => {
    const unaccountable = await post('/api/work-graph/handoffs', handoffBody(b.session.id, { principal: { kind: 'agent', id: 'session:x' } }), a.token);
    expect(unaccountable).toMatchObject({ status: 403, body: { code: 'principal_refused' } });
    const key = { idempotency_key: 'p2-key' };
    expect((await post('/api/work-graph/handoffs', handoffBody(b.session.id, key), a.token)).status).toBe(201);
    const changed = await post('/api/work-graph/handoffs', handoffBody(b.session.id, { ...key, summary: 'else' }), a.token);
    expect(changed).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
  });
});
