// The ledger view's loader (hapi-a2a-core/elements) under Node: the shapes a ledger file may
// have, the codes for what cannot be opened, and the walk over a hub's
// /api/work-graph/* routes (against the stand-in hub in hub.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import { createHubServer } from './hub.mjs';

// load.js resolves a hub URL against the page's address.
globalThis.location = { href: 'http://viewer.invalid/' };
const { LoadError, fetchHub, ledgerFromText, ledgerFromValue } = await import('hapi-a2a-core/elements');

const demo = JSON.parse(readFileSync(fileURLToPath(new URL('../../www/demo-ledger.json', import.meta.url)), 'utf8'));
let hub;
let base;

before(async () => {
  hub = createHubServer(demo);
  await new Promise((resolve) => hub.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${hub.address().port}/api/work-graph`;
});

after(() => new Promise((resolve) => hub.close(resolve)));

async function refusal(promise) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof LoadError, `a LoadError, not ${e}`);
    return e;
  }
  return assert.fail('expected a LoadError');
}

test('every file shape becomes rows, links and what was given of now and namespace', () => {
  const row = { id: 'a' };
  assert.deepEqual(ledgerFromValue([row]), { events: [row], links: [] });
  assert.deepEqual(ledgerFromValue({ event: row }), { events: [row], links: [] });
  assert.deepEqual(ledgerFromValue({ links: [row] }), { events: [], links: [row] });
  assert.deepEqual(ledgerFromValue({ events: [row] }), { events: [row], links: [] });
  assert.deepEqual(ledgerFromValue({ events: [row], links: [], now: 5, namespace: 'n' }), { events: [row], links: [], now: 5, namespace: 'n' });
  // Anything else is passed on for the core to refuse with its own code.
  assert.deepEqual(ledgerFromValue(7), { events: 7, links: [] });
});

test('text that is not JSON gets the core\'s parse code and position', async () => {
  const e = await refusal((async () => ledgerFromText('{"events": [}'))());
  assert.equal(e.code, 'parse/invalid-json');
  assert.match(e.message, /line 1 column 13/);
  assert.equal(e.diagnostics.length, 1);
  assert.equal((await refusal((async () => ledgerFromText('  \n'))())).code, 'viewer/empty');
});

test('hub URLs that name no work-graph route are refused before any request', async () => {
  assert.equal((await refusal(fetchHub('ftp://hub.example/api/work-graph/events/x'))).code, 'viewer/bad-url');
  assert.equal((await refusal(fetchHub('http://[::1'))).code, 'viewer/bad-url');
  assert.equal((await refusal(fetchHub(`${base.replace('/work-graph', '')}/sessions`))).code, 'viewer/not-a-work-graph-route');
  assert.equal((await refusal(fetchHub(`${base}/events`))).code, 'viewer/hub-needs-session');
});

test('a hub that answers an error status or cannot be reached is named with its code', async () => {
  const missing = await refusal(fetchHub(`${base}/events/no-such-event`));
  assert.equal(missing.code, 'viewer/hub-status');
  assert.match(missing.message, /404: Event not found/);
  const bad = await refusal(fetchHub(`${base}/events?related_session_id=s&limit=0`));
  assert.match(bad.message, /400: Invalid limit/);
  // A port nobody listens on.
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  assert.equal((await refusal(fetchHub(`http://127.0.0.1:${port}/api/work-graph/events/x`))).code, 'viewer/hub-unreachable');
});

test('the walk follows links, related events, grants and the sessions rows name', async () => {
  const fromSession = await fetchHub(`${base}/events?related_session_id=sess-lead`);
  const ids = fromSession.ledger.events.map((e) => e.id).sort();
  assert.deepEqual(ids, ['ad-api-1', 'ad-api-2', 'ad-api-3', 'ad-lead-1', 'ad-lead-2', 'ad-lead-3',
    'ho-review', 'ho-review-2', 'rc-review-1', 'rc-review-2']);
  assert.equal(fromSession.ledger.links.length, 9);
  assert.equal(fromSession.failed, 0);
  assert.equal(fromSession.truncated, false);
  // From one handoff: its receipt, the handoff that follows it, both grants
  // of its authority chain (grant-1 is named by grant-2's payload only).
  const fromEvent = await fetchHub(`${base}/events/ho-docs/links`);
  const got = new Set(fromEvent.ledger.events.map((e) => e.id));
  for (const id of ['ho-docs', 'rc-docs', 'ho-queued', 'grant-2', 'grant-1']) assert.ok(got.has(id), `${id} was fetched`);
  // The walk stops at its request budget and says so.
  const cut = await fetchHub(`${base}/events?related_session_id=sess-lead`, { maxRequests: 3 });
  assert.equal(cut.truncated, true);
  assert.ok(cut.requests <= 3 + 3, `at most the budget plus the requests in flight: ${cut.requests}`);
});
