// The HTTP surface: upstream's /api/work-graph/* routes, status codes and
// error bodies, the RFC's added routes, and the webapp's ledger viewer
// loading a ledger from the hub.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { core } from '../core.ts';
import type { EventRow, Hub } from '../hub.ts';
import { serve } from '../server.ts';
import { OWNER, type Party, agentOf, handoffBody, human, newHub, party, receiptBody } from './support.ts';

let hub: Hub;
let server: ReturnType<typeof serve>;
let a: Party;
let b: Party;
let owner: string;

beforeAll(() => {
  hub = newHub();
  server = serve(hub);
  a = party(hub, 'ns', 'm1', 'A');
  b = party(hub, 'ns', 'm1', 'B');
  owner = hub.issueToken('ns');
});

afterAll(() => {
  server.stop(true);
  hub.close();
});

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const init: RequestInit = { method, headers: {} };
  if (token !== null) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(new URL(path, server.url), init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const ad = (extra: Record<string, unknown> = {}) => ({
  source_kind: 'session',
  source_ref: 'session-a',
  event_type: 'work_ad',
  summary: 'Implementing receipts',
  payload_json: { status: 'in_progress' },
  principal: human,
  ...extra,
});

describe("upstream's work-graph routes", () => {
  test('health names the capabilities without auth', async () => {
    const r = await call('GET', '/health', null);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.protocolVersion).toBe(1);
    expect((r.body.capabilities as Record<string, boolean>).workGraph).toBe(true);
    expect((r.body.capabilities as Record<string, boolean>).handoff).toBe(true);
  });

  test('a missing or unknown token is 401', async () => {
    expect(await call('GET', '/api/work-graph/events/x', null)).toMatchObject({ status: 401, body: { error: 'Missing authorization token' } });
    expect(await call('GET', '/api/work-graph/events/x', 'nope')).toMatchObject({ status: 401, body: { error: 'Invalid token' } });
  });

  test('POST events: 201 new, 200 replay with the original row, whatever the replayed body says', async () => {
    const first = await call('POST', '/api/work-graph/events', owner, ad({ idempotency_key: 'http-1' }));
    expect(first.status).toBe(201);
    expect(first.body.inserted).toBe(true);
    const row = first.body.event as EventRow;
    expect(row.namespace).toBe('ns');
    expect(core.validate({ kind: 'event_row', document: row }).valid).toBe(true);
    const replay = await call('POST', '/api/work-graph/events', owner, ad({ idempotency_key: 'http-1' }));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ event: row, inserted: false });
    // Upstream does not compare the bodies: the key's row comes back unchanged.
    const changed = await call('POST', '/api/work-graph/events', owner, ad({ idempotency_key: 'http-1', summary: 'else' }));
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ event: row, inserted: false });
  });

  test('POST events: 413, then 400 invalid body, then 403 principal, then 400 reserved provenance', async () => {
    const big = await call('POST', '/api/work-graph/events', owner, ad({ summary: 'x'.repeat(70_000) }));
    expect(big).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
    expect(await call('POST', '/api/work-graph/events', owner, '{not json')).toMatchObject({ status: 400, body: { error: 'Invalid body' } });
    const invalid = await call('POST', '/api/work-graph/events', owner, ad({ summary: 'x'.repeat(2049) }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      error: 'Invalid body',
      issues: { formErrors: [], fieldErrors: { summary: ['Too big: expected string to have <=2048 characters'] } },
    });
    const stranger = await call('POST', '/api/work-graph/events', owner, ad({ principal: { kind: 'human', id: '1' } }));
    expect(stranger).toMatchObject({ status: 403 });
    expect(stranger.body).toEqual({ error: 'Principal must resolve to the authenticated hub owner' });
    const reserved = await call('POST', '/api/work-graph/events', owner, ad({ event_type: 'note', provenance: 'AGENT_NOTIFY_SUMMARY' }));
    expect(reserved).toMatchObject({ status: 400, body: { error: 'Reserved provenance' } });
    // Only the exact value is reserved.
    expect((await call('POST', '/api/work-graph/events', owner, ad({ provenance: 'agent_notify_summary' }))).status).toBe(201);
  });

  test('GET events by related_session_id: required, limit checked, newest first, no-store', async () => {
    expect(await call('GET', '/api/work-graph/events', owner)).toMatchObject({
      status: 400,
      body: { error: 'related_session_id query parameter is required' },
    });
    for (const limit of ['1.5', '0', '-1', 'abc']) {
      expect(await call('GET', `/api/work-graph/events?related_session_id=s&limit=${limit}`, owner)).toMatchObject({
        status: 400,
        body: { error: 'Invalid limit' },
      });
    }
    for (let i = 0; i < 3; i++) {
      hub.ingestAgentMessage(a.auth, a.session.id, { id: `turn-${i}`, text: `AGENT_NOTIFY_SUMMARY {"status":"done","summary":"${i}"}`, createdAt: 1000 + i });
    }
    const all = await call('GET', `/api/work-graph/events?related_session_id=${a.session.id}&limit=`, owner);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const ts = (all.body.events as EventRow[]).map((e) => e.ts);
    expect(ts).toEqual([...ts].sort((x, y) => y - x));
    const two = await call('GET', `/api/work-graph/events?related_session_id=${a.session.id}&limit=2`, owner);
    expect((two.body.events as EventRow[]).map((e) => e.ts)).toEqual(ts.slice(0, 2));
    expect((await call('GET', `/api/work-graph/events?related_session_id=${a.session.id}&limit=9999`, owner)).status).toBe(200);
  });

  test('GET an event and its links; POST a link; 404 bodies', async () => {
    const x = (await call('POST', '/api/work-graph/events', owner, ad())).body.event as EventRow;
    const y = (await call('POST', '/api/work-graph/events', owner, ad())).body.event as EventRow;
    expect(await call('GET', `/api/work-graph/events/${x.id}`, owner)).toMatchObject({ status: 200, body: { event: x } });
    expect(await call('GET', '/api/work-graph/events/nope', owner)).toMatchObject({ status: 404, body: { error: 'Event not found' } });
    const link = await call('POST', '/api/work-graph/event-links', owner, { from_event_id: y.id, to_event_id: x.id, relation_type: 'supersedes' });
    expect(link.status).toBe(201);
    expect(link.body.link).toMatchObject({ fromEventId: y.id, toEventId: x.id, relationType: 'supersedes', namespace: 'ns', metadataJson: null });
    expect(await call('GET', `/api/work-graph/events/${x.id}/links`, owner)).toMatchObject({ status: 200, body: { links: [link.body.link] } });
    expect(await call('GET', '/api/work-graph/events/nope/links', owner)).toMatchObject({ status: 404, body: { error: 'Event not found' } });
    expect(await call('POST', '/api/work-graph/event-links', owner, { from_event_id: 'nope', to_event_id: x.id, relation_type: 'follows' })).toMatchObject({
      status: 404,
      body: { error: 'from_event_id not found in namespace', code: 'not_found' },
    });
    expect((await call('POST', '/api/work-graph/event-links', owner, { from_event_id: x.id, relation_type: 'follows' })).status).toBe(400);
  });
});

describe('the routes the RFC adds', () => {
  test('handoff, receipt, delivery move and views over HTTP', async () => {
    const h = await call('POST', '/api/work-graph/handoffs', a.token, handoffBody(b.session.id, { idempotency_key: 'http-h' }));
    expect(h.status).toBe(201);
    const id = (h.body.event as EventRow).id;
    expect((await call('POST', '/api/work-graph/handoffs', a.token, handoffBody(b.session.id, { idempotency_key: 'http-h' }))).status).toBe(200);
    // Only the sink session moves its delivery, and only where the core allows.
    expect((await call('POST', `/api/work-graph/handoffs/${id}/delivery`, a.token, { to: 'consumed' })).status).toBe(403);
    const back = await call('POST', `/api/work-graph/handoffs/${id}/delivery`, b.token, { to: 'queued' });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe(core.deliveryTransition('delivered', 'queued').code);
    const r = await call('POST', `/api/work-graph/handoffs/${id}/receipts`, b.token, receiptBody(b.session.id, 'blocked'));
    expect(r.status).toBe(201);
    const links = (await call('GET', `/api/work-graph/events/${id}/links`, a.token)).body.links as { relationType: string }[];
    expect(links.map((l) => l.relationType)).toEqual(['blocked_by']);
    const view = await call('POST', '/api/work-graph/views', a.token, { query: { by: 'handoff', eventId: id } });
    expect(view.status).toBe(200);
    expect((view.body.view as { thread: { outcome: string } }).thread.outcome).toBe('blocked');
    const notices = (await call('GET', `/api/sessions/${a.session.id}/messages`, a.token)).body.messages as { kind: string }[];
    expect(notices.map((m) => m.kind)).toContain('receipt_notice');
  });

  test('delivery_state is the hub\'s: a client may only leave it out or say queued', async () => {
    const before = (await call('GET', `/api/sessions/${b.session.id}/messages`, owner)).body.messages as unknown[];
    for (const state of ['delivered', 'consumed', 'undeliverable']) {
      const r = await call('POST', '/api/work-graph/handoffs', a.token, handoffBody(b.session.id, {}, { delivery_state: state }));
      expect(r).toMatchObject({ status: 400, body: { error: 'Invalid body', code: 'handoff/delivery-state-hub-owned' } });
      expect(r.body.issues).toEqual([
        expect.objectContaining({ code: 'handoff/delivery-state-hub-owned', instancePath: '/payload_json/delivery_state' }),
      ]);
    }
    // A state v1 does not know is an invalid body before it is anyone's.
    const bogus = await call('POST', '/api/work-graph/handoffs', a.token, handoffBody(b.session.id, {}, { delivery_state: 'bogus' }));
    expect(bogus).toMatchObject({ status: 400, body: { error: 'Invalid body', code: 'invalid_event' } });
    // The generic route decides by upstream's rules, which have no hub-owned
    // fields: there the state is only a payload, stored and delivered to no one.
    const direct = await call('POST', '/api/work-graph/events', owner, {
      ...handoffBody(b.session.id, {}, { delivery_state: 'consumed' }),
      source_kind: 'session',
      source_ref: a.session.id,
      event_type: 'handoff',
      sink_kind: 'session',
    });
    expect(direct.status).toBe(201);
    expect((direct.body.event as EventRow).payloadJson).toMatchObject({ delivery_state: 'consumed' });
    expect(((await call('GET', `/api/sessions/${b.session.id}/messages`, owner)).body.messages as unknown[]).length).toBe(before.length);
    // Saying queued is saying nothing: the hub starts there and moves it.
    const queued = await call('POST', '/api/work-graph/handoffs', a.token, handoffBody(b.session.id, {}, { delivery_state: 'queued' }));
    expect(queued.status).toBe(201);
    expect((queued.body.event as EventRow).payloadJson).toMatchObject({ delivery_state: 'delivered' });
  });

  test('peer messages need the token of the session they come from', async () => {
    const denied = await call('POST', `/cli/sessions/${a.session.id}/peer-messages`, b.token, { targetSessionId: b.session.id, text: 'hi' });
    expect(denied).toMatchObject({ status: 403, body: { error: 'Session access denied' } });
    const ok = await call('POST', `/cli/sessions/${a.session.id}/peer-messages`, a.token, { targetSessionId: b.session.id, text: 'hi', sourceSessionId: 'forged' });
    expect(ok.status).toBe(200);
    expect((ok.body.message as { meta: unknown }).meta).toEqual({ sentFrom: 'peer', peer: { sourceSessionId: a.session.id, sourceName: 'A' } });
    const web = await call('POST', `/api/sessions/${b.session.id}/messages`, owner, { text: 'hello', sentFrom: 'peer', peer: { sourceSessionId: a.session.id } });
    expect((web.body.message as { meta: unknown }).meta).toEqual({ sentFrom: 'webapp' });
  });

  test('spawn routes refuse before a child exists', async () => {
    const machine = await call('POST', '/api/machines/m1/spawn', owner, { directory: '/repo', message: 'review' });
    expect(machine.status).toBe(400);
    expect(machine.body.code).toBe('spawn/remit-not-supported');
    expect((await call('POST', '/api/machines/m1/spawn', owner, { directory: '/repo' })).body.type).toBe('success');
    const peer = await call('POST', `/cli/sessions/${a.session.id}/spawn-peer`, a.token, { directory: '/repo', remit: 'review PR 1228' });
    expect(peer.status).toBe(201);
    const child = peer.body.sessionId as string;
    expect(((await call('GET', `/api/sessions/${child}/messages`, owner)).body.messages as unknown[]).length).toBe(1);
  });

  test('agent messages with a footer become work ads', async () => {
    const r = await call('POST', `/cli/sessions/${b.session.id}/agent-messages`, b.token, {
      id: 'turn-x',
      text: 'done\nAGENT_NOTIFY_SUMMARY {"status":"stalled","summary":"waiting on CI"}',
    });
    expect(r.status).toBe(200);
    expect((r.body.event as EventRow).payloadJson).toMatchObject({ status: 'blocked' });
    expect((r.body.event as EventRow).principal).toEqual(agentOf(b.session.id));
    expect(OWNER).toBe(hub.ownerId);
  });
});

describe("the webapp's ledger viewer", () => {
  test("loads a handoff thread from the hub's routes", async () => {
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id, { summary: 'viewer check' })).event;
    hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed'));
    const g = globalThis as { location?: { href: string } };
    g.location = { href: server.url.href };
    const { fetchHub } = await import('../../../pkg/elements.js');
    const { ledger, failed } = (await fetchHub(`${server.url.origin}/api/work-graph/events/${h.id}`, { token: owner })) as {
      ledger: { events: EventRow[]; links: unknown[] };
      failed: number;
    };
    expect(failed).toBe(0);
    expect(ledger.links.length).toBeGreaterThan(0);
    const answer = core.ledgerView({ ...ledger, now: Date.now(), query: { by: 'handoff', eventId: h.id } });
    expect(answer.view.by === 'handoff' && answer.view.thread?.outcome).toBe('completed');
    expect(answer.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const res = await fetch(new URL('/api/work-graph/events/x', server.url), { method: 'OPTIONS' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
