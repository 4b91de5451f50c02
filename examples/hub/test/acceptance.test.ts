// The RFC's acceptance tests, one named test each, against the reference hub.

import { describe, expect, test } from 'bun:test';
import type { EventRow } from '../hub.ts';
import { serve } from '../server.ts';
import { OWNER, agentOf, count, handoffBody, human, newHub, party, receiptBody, refusal } from './support.ts';

describe('RFC acceptance tests', () => {
  test('a handoff stays queryable after both sessions are archived', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed'));
    hub.archiveSession(a.auth, a.session.id);
    hub.archiveSession(a.auth, b.session.id);
    expect(hub.session(a.auth, a.session.id)?.archived).toBe(true);
    expect(hub.session(a.auth, b.session.id)?.archived).toBe(true);
    expect(hub.getEvent(a.auth, h.id)?.id).toBe(h.id);
    const view = hub.view(a.auth, { by: 'handoff', eventId: h.id }).view;
    expect(view.by === 'handoff' && view.thread?.outcome).toBe('completed');
    expect(hub.listEvents(a.auth, a.session.id).map((e) => e.id)).toContain(h.id);
    expect(hub.listEvents(a.auth, b.session.id).map((e) => e.id)).toContain(h.id);
  });

  test('the fetch handle retrieves the complete envelope without the source transcript', async () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    hub.sendUserMessage(a.auth, a.session.id, { text: 'SOURCE-TRANSCRIPT-ONLY: private planning notes' });
    const long = 'Check every peer path. '.repeat(400);
    const { event, delivery } = hub.createHandoff(a.auth, handoffBody(b.session.id, {}, { instructions: long }));
    const handle = /^Handle: (\S+)$/m.exec(delivery?.text ?? '')?.[1];
    expect(handle).toBe(`/api/work-graph/events/${event.id}`);
    const server = serve(hub);
    try {
      const res = await fetch(new URL(handle as string, server.url), {
        headers: { Authorization: `Bearer ${b.token}` },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      const fetched = JSON.parse(text).event as EventRow;
      expect(fetched).toEqual(hub.store.event('ns', event.id) as EventRow);
      expect((fetched.payloadJson as { instructions: string }).instructions).toBe(long);
      expect((fetched.payloadJson as { confirmation: unknown }).confirmation).toEqual({
        principal: human,
        source: 'human_approved_peer_tool',
      });
      expect(text).not.toContain('SOURCE-TRANSCRIPT-ONLY');
    } finally {
      server.stop(true);
    }
  });

  test('refs listed by PR, commit and path', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const pr = { kind: 'github_pr', url: 'https://github.com/tiann/hapi/pull/1228' };
    const commit = { kind: 'commit', url: 'https://github.com/tiann/hapi/commit/ad12eeb5d0000000000000000000000000000000' };
    const path = { kind: 'file_path', ref: '/home/dev/hapi/hub/src/store/workGraph.ts', locality: { machine_id: 'm1' } };
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id, { artifact_refs: [pr, commit, path] })).event;
    const other = hub.createHandoff(a.auth, handoffBody(b.session.id, { artifact_refs: [pr] })).event;
    for (const ref of [pr, commit, path]) {
      const v = hub.view(a.auth, { by: 'artifact', ref }).view;
      if (v.by !== 'artifact') throw new Error('not an artifact view');
      const ids = v.handoffs.map((m) => m.eventId);
      expect(ids).toContain(h.id);
      expect(ids.includes(other.id)).toBe(ref === pr);
    }
  });

  test('a machine-local ref is never reported accessible to a cross-machine sink', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'machine-a', 'A');
    const far = party(hub, 'ns', 'machine-b', 'far');
    const near = party(hub, 'ns', 'machine-a', 'near');
    const diff = { kind: 'diff', ref: '/tmp/review.patch', locality: { machine_id: 'machine-a' } };
    const r = refusal(() => hub.createHandoff(a.auth, handoffBody(far.session.id, { artifact_refs: [diff] })));
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.issues)).toContain('artifact/local-path-cross-machine');
    expect(count(hub, 'events')).toBe(0);
    expect(hub.store.messages(far.session.id)).toHaveLength(0);
    // The same ref to a sink on its own machine is delivered, and said to be reachable there.
    const ok = hub.createHandoff(a.auth, handoffBody(near.session.id, { artifact_refs: [diff] }));
    expect(ok.delivery?.text).toContain('artifact/');
    expect(ok.delivery?.text).not.toContain('artifact/local-path-cross-machine');
  });

  test('a query by github_pr returns every handoff and ad touching it', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const pr = { kind: 'github_pr', url: 'https://github.com/tiann/hapi/pull/1228' };
    const h1 = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    const h2 = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    const ad = hub.writeEvent(a.auth, {
      source_kind: 'session',
      source_ref: a.session.id,
      event_type: 'work_ad',
      summary: 'Implementing receipts',
      payload_json: { status: 'in_progress', project: 'hapi' },
      artifact_refs: [{ kind: 'github_pr', url: 'https://github.com/tiann/hapi/pull/1228/files' }],
      related_session_id: a.session.id,
      principal: agentOf(a.session.id),
    }).event;
    const unrelated = hub.createHandoff(
      a.auth,
      handoffBody(b.session.id, { artifact_refs: [{ kind: 'github_pr', url: 'https://github.com/tiann/hapi/pull/1' }] }),
    ).event;
    const v = hub.view(a.auth, { by: 'artifact', ref: pr }).view;
    if (v.by !== 'artifact') throw new Error('not an artifact view');
    expect(v.handoffs.map((m) => m.eventId).sort()).toEqual([h1.id, h2.id].sort());
    expect(v.ads.map((m) => m.eventId)).toEqual([ad.id]);
    expect(JSON.stringify(v)).not.toContain(unrelated.id);
  });

  test('the same idempotency key never duplicates', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const body = handoffBody(b.session.id, { idempotency_key: 'handoff-1' });
    const first = hub.createHandoff(a.auth, body);
    const again = hub.createHandoff(a.auth, structuredClone(body));
    expect(first.inserted).toBe(true);
    expect(again.inserted).toBe(false);
    expect(again.event.id).toBe(first.event.id);
    expect(again.delivery).toBeNull();
    expect(count(hub, 'events')).toBe(1);
    expect(hub.store.messages(b.session.id)).toHaveLength(1);
    // Beyond upstream: the same key with another body is a conflict, not a silent replay.
    const changed = handoffBody(b.session.id, { idempotency_key: 'handoff-1', summary: 'something else' });
    const r = refusal(() => hub.createHandoff(a.auth, changed));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('idempotency_conflict');
    expect(count(hub, 'events')).toBe(1);
  });

  test('a retry after failed delivery is a new retries-linked event', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    hub.archiveSession(a.auth, b.session.id);
    const failed = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    expect((failed.payloadJson as { delivery_state: string }).delivery_state).toBe('undeliverable');
    const b2 = party(hub, 'ns', 'm1', 'B again');
    const retry = hub.retryHandoff(a.auth, failed.id, { sink_ref: b2.session.id });
    expect(retry.event.id).not.toBe(failed.id);
    expect((retry.event.payloadJson as { delivery_state: string }).delivery_state).toBe('delivered');
    expect(hub.store.event('ns', failed.id)).toEqual(failed);
    const links = hub.store.linksFor('ns', failed.id);
    expect(links.map((l) => [l.fromEventId, l.relationType, l.toEventId])).toEqual([[retry.event.id, 'retries', failed.id]]);
    const v = hub.view(a.auth, { by: 'handoff', eventId: failed.id }).view;
    expect(v.by === 'handoff' && v.thread?.lineage.retriedBy).toEqual([retry.event.id]);
    // Asking for the same retry again does not make a second one.
    expect(hub.retryHandoff(a.auth, failed.id, { sink_ref: b2.session.id }).event.id).toBe(retry.event.id);
  });

  test('two concurrent handoffs to one busy session are both kept and resolvable one by one', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const c = party(hub, 'ns', 'm1', 'C');
    const busy = party(hub, 'ns', 'm1', 'busy');
    const h1 = hub.createHandoff(a.auth, handoffBody(busy.session.id, { summary: 'first' })).event;
    const h2 = hub.createHandoff(c.auth, handoffBody(busy.session.id, { summary: 'second' })).event;
    expect(hub.store.messages(busy.session.id).map((m) => m.eventId)).toEqual([h1.id, h2.id]);
    hub.writeReceipt(busy.auth, h2.id, receiptBody(busy.session.id, 'completed'));
    const outcome = (id: string) => {
      const v = hub.view(a.auth, { by: 'handoff', eventId: id }).view;
      return v.by === 'handoff' ? v.thread?.outcome : undefined;
    };
    expect([outcome(h1.id), outcome(h2.id)]).toEqual(['open', 'completed']);
    hub.writeReceipt(busy.auth, h1.id, receiptBody(busy.session.id, 'rejected'));
    expect([outcome(h1.id), outcome(h2.id)]).toEqual(['rejected', 'completed']);
    expect(hub.store.messages(a.session.id).filter((m) => m.kind === 'receipt_notice')).toHaveLength(1);
    expect(hub.store.messages(c.session.id).filter((m) => m.kind === 'receipt_notice')).toHaveLength(1);
  });

  test('a late receipt after a timeout still links resolves', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    const timeout = hub.timeoutHandoff(a.auth, h.id).notice;
    expect(timeout?.text).toContain('timeout');
    const late = hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed'));
    const links = hub.store.linksFor('ns', h.id).filter((l) => l.fromEventId === late.event.id);
    expect(links.map((l) => l.relationType)).toEqual(['resolves']);
    expect(late.notice?.text).toMatch(/late/i);
    const v = hub.view(a.auth, { by: 'handoff', eventId: h.id }).view;
    expect(v.by === 'handoff' && v.thread?.outcome).toBe('completed');
  });

  test('checks[] round-trips with output as refs and no secret material', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    const checks = [
      {
        command: 'npm test -- peer',
        exit_code: 0,
        passed: true,
        started_at: 1785320300000,
        completed_at: 1785320480000,
        output_ref: { kind: 'log_url', url: 'https://ci.example.com/runs/1' },
      },
    ];
    const r = hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed', { payload_json: { status: 'completed', checks } }));
    expect((hub.getEvent(b.auth, r.event.id)?.payloadJson as { checks: unknown }).checks).toEqual(checks);
    const signed = structuredClone(checks);
    signed[0].output_ref.url = `https://logs.example.com/run/9?X-Amz-Signature=${'0a1b2c3d'.repeat(8)}`;
    const refused = refusal(() =>
      hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed', { payload_json: { status: 'completed', checks: signed } })),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.issues)).toContain('secret/');
    expect(JSON.stringify(refused.body)).not.toContain('0a1b2c3d');
    const inline = [{ ...checks[0], output: 'PASS 412 tests' }];
    const r2 = refusal(() =>
      hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed', { payload_json: { status: 'completed', checks: inline } })),
    );
    expect(r2.status).toBe(400);
    expect(count(hub, 'events')).toBe(2);
  });

  test('a cross-namespace handoff is refused', () => {
    const hub = newHub();
    const a = party(hub, 'ns-1', 'm1', 'A');
    const other = party(hub, 'ns-2', 'm1', 'other');
    const r = refusal(() => hub.createHandoff(a.auth, handoffBody(other.session.id)));
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('not_found');
    expect(count(hub, 'events')).toBe(0);
    expect(hub.store.messages(other.session.id)).toHaveLength(0);
  });

  test('an unaccountable non-human principal is refused', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const ad = (principal: unknown) => ({
      source_kind: 'session',
      source_ref: a.session.id,
      event_type: 'work_ad',
      payload_json: { status: 'in_progress' },
      principal,
    });
    // On upstream's generic route, upstream's answers in upstream's order: its
    // schema requires `on_behalf_of` of a non-human, the route requires the
    // owner, and the store refuses what is left blank.
    for (const [principal, status, body] of [
      [{ kind: 'agent', id: 'session:x' }, 400, { error: 'Invalid body', issues: { formErrors: [], fieldErrors: { principal: ['Invalid input: expected string, received undefined'] } } }],
      [{ kind: 'service', id: 'ci' }, 400, { error: 'Invalid body', issues: { formErrors: [], fieldErrors: { principal: ['Invalid input: expected string, received undefined'] } } }],
      [{ kind: 'agent', id: 'session:x', on_behalf_of: '   ' }, 403, { error: 'Principal must resolve to the authenticated hub owner' }],
    ] as const) {
      const r = refusal(() => hub.writeEvent(a.auth, ad(principal)));
      expect(r.status).toBe(status);
      expect(r.body).toEqual(body);
    }
    // Upstream's store holds a non-human to its owner, not its id: an agent
    // with a blank id and an accountable owner is stored, as upstream stores it.
    expect(() => hub.writeEvent(a.auth, ad({ kind: 'agent', id: '   ', on_behalf_of: OWNER }))).not.toThrow();
    // On the hub's handoff route, the RFC's rules name the unaccountable principal itself.
    const b = party(hub, 'ns', 'm1', 'B');
    const unaccountable = refusal(() => hub.createHandoff(a.auth, handoffBody(b.session.id, { principal: { kind: 'agent', id: 'session:x' } })));
    expect(unaccountable.status).toBe(403);
    expect(unaccountable.body.code).toBe('principal_refused');
    // Accountable, but to someone who is not the authenticated owner.
    const r = refusal(() => hub.writeEvent(a.auth, ad({ kind: 'agent', id: 'session:x', on_behalf_of: '7' })));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'Principal must resolve to the authenticated hub owner' });
    // The match is exact: a human whose id differs only by a leading zero is someone else.
    const zero = refusal(() => hub.writeEvent(a.auth, ad({ kind: 'human', id: `0${OWNER}` })));
    expect(zero.status).toBe(403);
    expect(zero.body.error).toBe('Principal must resolve to the authenticated hub owner');
    // A handoff's confirmation must name the owner too, not only its writer (the RFC's rules, on its route).
    const confirmedByOther = refusal(() =>
      hub.createHandoff(a.auth, handoffBody(b.session.id, {}, { confirmation: { principal: { kind: 'human', id: '7' }, source: 'human_approved_peer_tool' } })),
    );
    expect(confirmedByOther.status).toBe(403);
    expect(confirmedByOther.body.code).toBe('principal/not-owner');
    expect(confirmedByOther.body.issues).toEqual([
      expect.objectContaining({ code: 'principal/not-owner', instancePath: '/payload_json/confirmation/principal/id' }),
    ]);
    // Only the agent with a blank id and an accountable owner was stored.
    expect(count(hub, 'events')).toBe(1);
    expect(hub.store.messages(b.session.id)).toHaveLength(0);
    expect(hub.writeEvent(a.auth, ad(agentOf(a.session.id))).inserted).toBe(true);
  });

  test('a valid footer promotes to a work ad', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const text = 'Tests pass.\nAGENT_NOTIFY_SUMMARY {"version":1,"project":"hapi","status":"needs_review","action":"review PR","summary":"receipts done"}';
    const first = hub.ingestAgentMessage(a.auth, a.session.id, { id: 'msg-1', text, createdAt: 1785320000000, flavor: 'codex' });
    expect(first.inserted).toBe(true);
    const ad = first.event as EventRow;
    expect(ad.eventType).toBe('work_ad');
    expect(ad.provenance).toBe('AGENT_NOTIFY_SUMMARY');
    expect(ad.ts).toBe(1785320000000);
    expect(ad.idempotencyKey).toBe(`session:${a.session.id}:message:msg-1:notify`);
    expect(ad.principal).toEqual({ kind: 'agent', id: `session:${a.session.id}`, on_behalf_of: OWNER });
    expect((ad.payloadJson as { status: string }).status).toBe('needs_decision');
    // Idempotent per message; the next footer follows the previous ad.
    const replay = hub.ingestAgentMessage(a.auth, a.session.id, { id: 'msg-1', text });
    expect(replay.inserted).toBe(false);
    expect(replay.event?.id).toBe(ad.id);
    const next = hub.ingestAgentMessage(a.auth, a.session.id, {
      id: 'msg-2',
      text: 'AGENT_NOTIFY_SUMMARY {"status":"done","summary":"merged"}',
      createdAt: 1785320100000,
    }).event as EventRow;
    expect(next.relatedEventId).toBe(ad.id);
    expect(hub.store.linksFor('ns', next.id).map((l) => [l.fromEventId, l.relationType, l.toEventId])).toEqual([
      [next.id, 'follows', ad.id],
    ]);
    const fleet = hub.view(a.auth, { by: 'fleet' }).view;
    expect(fleet.by === 'fleet' && fleet.projects.flatMap((p) => p.ads.map((x) => x.eventId))).toEqual([next.id]);
  });

  test('an invalid footer is ignored, no crash, no row', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    for (const [i, text] of [
      'AGENT_NOTIFY_SUMMARY {"status":"done",',
      'AGENT_NOTIFY_SUMMARY{"status":"done"}',
      'AGENT_NOTIFY_SUMMARY {"status":"done"}\nand one more line',
      'Example: AGENT_NOTIFY_SUMMARY {"status":"done"}',
      'AGENT_NOTIFY_SUMMARY [1,2]',
    ].entries()) {
      const r = hub.ingestAgentMessage(a.auth, a.session.id, { id: `bad-${i}`, text });
      expect(r.event).toBeNull();
      expect(r.message.text).toBe(text);
    }
    expect(count(hub, 'events')).toBe(0);
    expect(hub.store.messages(a.session.id)).toHaveLength(5);
  });

  test('a plain prose ping is unchanged', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const text = 'hey, can you look at /sessions/abc when you have a minute?\n\n  trailing spaces stay  ';
    const { message } = hub.sendPeerMessage(a.auth, { targetSessionId: b.session.id, text });
    expect(message.text).toBe(text);
    expect(hub.store.messages(b.session.id).map((m) => m.text)).toEqual([text]);
    expect(count(hub, 'events')).toBe(0);
    expect(count(hub, 'event_links')).toBe(0);
  });

  test('a peer delivery stores sentFrom:"peer", never webapp, with a source the client cannot forge', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const c = party(hub, 'ns', 'm1', 'C');
    hub.sendPeerMessage(a.auth, {
      targetSessionId: b.session.id,
      text: 'ping',
      sentFrom: 'webapp',
      peer: { sourceSessionId: c.session.id, sourceName: 'C' },
    });
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id));
    for (const m of hub.store.messages(b.session.id)) {
      expect(m.meta).toEqual({ sentFrom: 'peer', peer: { sourceSessionId: a.session.id, sourceName: 'A' } });
    }
    expect(h.delivery?.kind).toBe('handoff');
    // The source of a handoff is the token's session; a body naming another is refused.
    const r = refusal(() => hub.createHandoff(a.auth, handoffBody(b.session.id, { source_ref: c.session.id })));
    expect(r.status).toBe(403);
  });

  test('an invented body sourceSessionId is ignored', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const { message } = hub.sendPeerMessage(a.auth, {
      targetSessionId: b.session.id,
      text: 'hello',
      sourceSessionId: 'invented-session',
    });
    expect(message.meta).toEqual({ sentFrom: 'peer', peer: { sourceSessionId: a.session.id, sourceName: 'A' } });
    const spawned = hub.spawnPeer(a.auth, {
      directory: '/repo',
      remit: 'review',
      sourceSessionId: 'invented-session',
      sourceCapabilities: ['spawnRemit'],
    });
    expect(hub.store.messages(spawned.sessionId)[0].meta).toEqual(message.meta);
  });

  test('history by related_session_id', async () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id, { related_session_id: a.session.id })).event;
    const ad = hub.ingestAgentMessage(a.auth, a.session.id, { id: 'm', text: 'AGENT_NOTIFY_SUMMARY {"status":"done"}' }).event as EventRow;
    const unrelated = hub.writeEvent(a.auth, {
      source_kind: 'session',
      source_ref: 'elsewhere',
      event_type: 'work_ad',
      payload_json: { status: 'done' },
      related_session_id: 'elsewhere',
      principal: human,
    }).event;
    const server = serve(hub);
    try {
      const res = await fetch(new URL(`/api/work-graph/events?related_session_id=${a.session.id}`, server.url), {
        headers: { Authorization: `Bearer ${a.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const ids = ((await res.json()) as { events: EventRow[] }).events.map((e) => e.id);
      expect(ids.sort()).toEqual([h.id, ad.id].sort());
      expect(ids).not.toContain(unrelated.id);
    } finally {
      server.stop(true);
    }
  });

  test('an old client without the capability is neither offered the feature nor broken', () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const old = party(hub, 'ns', 'm1', 'old', []);
    const offer = hub.offer({ capabilities: [] });
    expect(offer?.layer1).toBe(false);
    expect(offer?.capabilities).toEqual([]);
    const r = refusal(() => hub.createHandoff(a.auth, handoffBody(old.session.id)));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('capability_not_offered');
    expect(hub.store.messages(old.session.id)).toHaveLength(0);
    // Layer 0 still works for it, exactly as before.
    hub.sendPeerMessage(a.auth, { targetSessionId: old.session.id, text: 'plain ping' });
    hub.sendUserMessage(a.auth, old.session.id, { text: 'from the operator' });
    expect(hub.store.messages(old.session.id).map((m) => m.text)).toEqual(['plain ping', 'from the operator']);
  });
});

