// The adapter: which face of the core the hub decides through, and that the
// addon and the npm package answer the hub's calls alike.

import { describe, expect, test } from 'bun:test';
import * as addon from '../../../node/index.js';
import * as wasm from '../../../pkg/node.js';
import { CoreCallError, type Diagnostic, core, coreFace, flatten } from '../core.ts';
import type { EventRow } from '../hub.ts';
import { OWNER, handoffBody, human, newHub, party, receiptBody } from './support.ts';

describe('the core adapter', () => {
  test('the hub decides through the addon unless HAPI_HUB_CORE=wasm', () => {
    expect(coreFace).toBe(process.env.HAPI_HUB_CORE === 'wasm' ? 'wasm' : 'addon');
  });

  test('a failure answer is thrown with its op and code', () => {
    expect(() => core.deliveryTransition(1 as unknown as string, 'queued')).toThrow(CoreCallError);
    let thrown: unknown = null;
    try {
      core.ledgerView({ events: [], links: [], query: { by: 'fleet' } } as unknown as Parameters<typeof core.ledgerView>[0]);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CoreCallError);
    expect((thrown as CoreCallError).op).toBe('ledger.view');
    expect((thrown as CoreCallError).code).toBe('call/invalid-call');
  });

  test("the addon and the npm package give the same answers to the hub's calls", () => {
    const hub = newHub();
    const a = party(hub, 'ns', 'm1', 'A');
    const b = party(hub, 'ns', 'm1', 'B');
    const h = hub.createHandoff(a.auth, handoffBody(b.session.id)).event;
    const r = hub.writeReceipt(b.auth, h.id, receiptBody(b.session.id, 'completed')).event;
    hub.ingestAgentMessage(a.auth, a.session.id, { id: 'm', text: 'AGENT_NOTIFY_SUMMARY {"status":"done"}' });
    const events = hub.store.events('ns');
    const links = hub.store.links('ns');
    const sink = { machineId: 'm1', sessionId: b.session.id, namespace: 'ns' };
    const calls: [string, unknown][] = [
      ['validate', { kind: 'event_create', mode: 'strict', httpWriter: true, sink, document: { ...handoffBody(b.session.id), source_kind: 'session', source_ref: a.session.id, event_type: 'handoff' } }],
      // The owner and the hub-owned fields: a receipt posing as a confirmation, for someone else.
      ['validate', { kind: 'event_create', mode: 'strict', httpWriter: true, owner: OWNER, document: { ...receiptBody(b.session.id, 'completed', { principal: { kind: 'agent', id: 'x', on_behalf_of: '7' }, payload_json: { status: 'completed', confirmation: { principal: human, source: 'human_approved_peer_tool' } } }), source_kind: 'session', source_ref: b.session.id, event_type: 'handoff_receipt' } }],
      ['validate', { kind: 'event_create', mode: 'strict', httpWriter: true, owner: OWNER, sink, document: { ...handoffBody(b.session.id, {}, { delivery_state: 'consumed' }), source_kind: 'session', source_ref: a.session.id, event_type: 'handoff' } }],
      ['validate', { kind: 'spawn_request', document: { via: 'spawn_peer', directory: '/r', remit: ' ', sourceCapabilities: [] } }],
      // The generic routes' calls: upstream's rules on the body's text.
      ['validate', { kind: 'event_create', mode: 'strict', profile: 'upstream', httpWriter: true, owner: OWNER, documentText: '{"source_kind":"session","source_ref":"s","event_type":"work_ad","principal":{"kind":"human","id":"4242","x":1},"x":2}' }],
      ['validate', { kind: 'event_create', mode: 'strict', profile: 'upstream', httpWriter: true, owner: OWNER, documentText: '{"source_kind":"","summary":7,"principal":{"kind":"robot"}}' }],
      ['validate', { kind: 'event_create', mode: 'strict', profile: 'upstream', httpWriter: true, owner: OWNER, documentText: '{not json' }],
      ['validate', { kind: 'event_create', mode: 'strict', profile: 'upstream', httpWriter: true, owner: OWNER, documentText: 'null' }],
      ['validate', { kind: 'link_create', mode: 'strict', profile: 'upstream', httpWriter: true, documentText: '{"from_event_id":"a","metadata_json":[1]}' }],
      ['project.handoff', { event: h, sink }],
      ['notice.receipt', { handoff: events.find((e: EventRow) => e.id === h.id), receipt: r, timeoutNoticeSent: true }],
      ['peer.meta', { authenticatedSourceSessionId: a.session.id, sourceName: 'A', body: { sourceSessionId: 'forged' } }],
      ['notify.parse', { text: 'x\nAGENT_NOTIFY_SUMMARY {"status":"stalled"}' }],
      ['notify.elevate', { sessionId: 's', messageId: 'm', notify: { status: 'stalled' }, ownerUserId: 4242, ts: 1 }],
      ['delivery.transition', { from: 'consumed', to: 'delivered' }],
      ['capabilities', { client: { capabilities: ['ledger'] } }],
      ['ledger.view', { events, links, now: 1, query: { by: 'session', sessionId: a.session.id } }],
      ['ledger.view', { events, links, now: 1, query: { by: 'fleet' } }],
    ];
    for (const [op, c] of calls) {
      const text = JSON.stringify(c);
      const fromAddon = addon.call(op, text);
      expect(JSON.parse(fromAddon).type).toBe('success');
      expect(fromAddon).toBe(wasm.call(op, text));
    }
    const codes = (i: number) =>
      (JSON.parse(addon.call('validate', JSON.stringify(calls[i]?.[1]))) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    expect(codes(1)).toEqual(expect.arrayContaining(['principal/not-owner', 'handoff/confirmation-outside-handoff']));
    expect(codes(2)).toContain('handoff/delivery-state-hub-owned');
  });

  test("flatten is zod's flatten() of the core's upstream issues", () => {
    const d = (instancePath: string, message: string, severity = 'error', upstream = true): Diagnostic =>
      ({ code: 'x/y', severity, message: 'm', instancePath, ...(upstream ? { upstream: { code: 'custom', message } } : {}) }) as Diagnostic;
    expect(
      flatten([
        d('', 'root'),
        d('/principal/kind', 'kind'),
        d('/tags/1', 'tag'),
        d('/principal', 'principal'),
        d('/a~1b~0c', 'escaped'),
        d('', 'only a warning', 'warning'),
        d('/summary', 'no upstream issue', 'error', false),
        d('', 'second root'),
      ]),
    ).toEqual({
      formErrors: ['root', 'second root'],
      fieldErrors: { principal: ['kind', 'principal'], tags: ['tag'], 'a/b~c': ['escaped'] },
    });
    expect(flatten([])).toEqual({ formErrors: [], fieldErrors: {} });
    // In the order the core reports them, zod's.
    expect(Object.keys(flatten([d('/b', '1'), d('/a', '2'), d('/b', '3')]).fieldErrors)).toEqual(['b', 'a']);
  });

  test('the upstream profile answers the issues the hub flattens, with zod messages', () => {
    const v = core.validate({ kind: 'event_create', mode: 'strict', profile: 'upstream', httpWriter: true, owner: OWNER, documentText: '{}' });
    expect(v.valid).toBe(false);
    expect(flatten(v.diagnostics)).toEqual({
      formErrors: [],
      fieldErrors: {
        source_kind: ['Invalid input: expected string, received undefined'],
        source_ref: ['Invalid input: expected string, received undefined'],
        event_type: ['Invalid input: expected string, received undefined'],
        principal: ['Invalid input: expected object, received undefined'],
      },
    });
  });
});
