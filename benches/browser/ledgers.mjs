// The hostile ledgers of the viewer bench, built deterministically (no
// clock, no randomness), in Node or in the page: each is `{ledger, hash}`,
// the ledger to set on `<hapi-ledger-view>` and the view (`#kind=id`) to
// open it at: the sizes at which the viewer once froze the tab.

const NOW = 1_785_300_000_000;
const NS = 'bench';

/** An event row with the fields the hub stores, `fields` over them. */
function row(id, fields) {
  return {
    id,
    ts: NOW - 3_600_000,
    sourceKind: 'session',
    sourceRef: 'sess-src',
    sinkKind: null,
    sinkRef: null,
    eventType: 'operator_note',
    summary: `row ${id}`,
    payloadJson: {},
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
    namespace: NS,
    principal: { kind: 'agent', id: `session:${fields.sourceRef ?? 'sess-src'}`, on_behalf_of: '4242' },
    ...fields,
  };
}

const pad = (i) => String(i).padStart(6, '0');
const STATUSES = ['in_progress', 'done', 'blocked', 'needs_decision', 'failed'];

function workAd(i, session, project, ts) {
  return row(`ad-${pad(i)}`, {
    ts,
    sourceRef: session,
    eventType: 'work_ad',
    summary: `Work item ${i} of ${session}`,
    payloadJson: { status: STATUSES[i % STATUSES.length], action: `Work item ${i}`, project, agent: 'claude', messageId: `msg-${i}` },
    tags: ['notify_summary', `project:${project}`],
    relatedSessionId: session,
    provenance: 'AGENT_NOTIFY_SUMMARY',
    // Half are stale at `now`, half are not.
    expiresAt: i % 2 ? NOW - 60_000 : NOW + 3_600_000,
  });
}

function handoff(id, from, to, ts, fields = {}) {
  return row(id, {
    ts,
    sourceRef: from,
    sinkKind: 'session',
    sinkRef: to,
    eventType: 'handoff',
    summary: `Hand ${id} to ${to}`,
    payloadJson: { intent: 'review', instructions: `Please take ${id}.`, constraints: ['read_repo_ok'], notify_source: true, delivery_state: 'delivered' },
    idempotencyKey: `handoff:${id}`,
    ...fields,
  });
}

function receipt(i, handoffId, ts) {
  return row(`rc-${pad(i)}`, {
    ts,
    sourceRef: 'sess-sink',
    eventType: 'handoff_receipt',
    summary: `Receipt ${i}`,
    payloadJson: {
      status: i % 3 ? 'accepted' : 'incomplete',
      notes: `Receipt ${i}`,
      checks: [
        { command: 'npm test', exit_code: 0, passed: true, started_at: ts - 2000, completed_at: ts - 1000 },
        { command: 'cargo test', exit_code: i % 2, passed: i % 2 === 0, started_at: ts - 2000, completed_at: ts - 500 },
      ],
    },
    relatedEventId: handoffId,
  });
}

const link = (i, from, to, relationType, createdAt) => ({
  id: `lnk-${pad(i)}`, fromEventId: from, toEventId: to, relationType, createdAt, metadataJson: null, namespace: NS,
});

/** 100k work ads, one a session, across 10 projects: the fleet. */
function workAds(n = 100_000) {
  const events = [];
  for (let i = 0; i < n; i += 1) events.push(workAd(i, `sess-${pad(i)}`, `project-${i % 10}`, NOW - 7_200_000 + i));
  return { ledger: { events, links: [], now: NOW }, hash: '' };
}

/** One session with 100k events: its work ads, notes about it, and a handoff from it every tenth row. */
function sessionEvents(n = 100_000) {
  const events = [];
  for (let i = 0; i < n; i += 1) {
    const ts = NOW - 7_200_000 + i;
    if (i % 10 === 0) events.push(handoff(`ho-${pad(i)}`, 'sess-big', `sess-peer-${i % 7}`, ts));
    else if (i % 10 === 1) events.push(workAd(i, 'sess-big', 'big', ts));
    else events.push(row(`note-${pad(i)}`, { ts, summary: `Note ${i} about sess-big`, payloadJson: { text: `note ${i}` }, relatedSessionId: 'sess-big' }));
  }
  return { ledger: { events, links: [], now: NOW }, hash: '#session=sess-big' };
}

/** 100k links between two handoffs. */
function linksBetween(n = 100_000) {
  const events = [handoff('ho-a', 'sess-a', 'sess-b', NOW - 7_200_000), handoff('ho-b', 'sess-b', 'sess-c', NOW - 7_100_000)];
  const links = [];
  const kinds = ['follows', 'blocks', 'relates_to'];
  for (let i = 0; i < n; i += 1) links.push(link(i, i % 2 ? 'ho-b' : 'ho-a', i % 2 ? 'ho-a' : 'ho-b', kinds[i % 3], NOW - 7_000_000 + i));
  return { ledger: { events, links, now: NOW }, hash: '#handoff=ho-a' };
}

/** 20k receipts on one handoff. */
function receipts(n = 20_000) {
  const events = [handoff('ho-r', 'sess-src', 'sess-sink', NOW - 7_200_000)];
  for (let i = 0; i < n; i += 1) events.push(receipt(i, 'ho-r', NOW - 7_000_000 + i));
  return { ledger: { events, links: [], now: NOW }, hash: '#handoff=ho-r' };
}

/**
 * A handoff whose summary is one unbroken word of 1 MiB of UTF-8 (and a
 * work ad with the same summary): in Latin letters (`x`), which Chromium
 * lays out in about a second, or in Arabic (`ب`, two bytes each), which it
 * shapes joined and, whole, does not lay out in a minute.
 */
function hugeSummary(letter) {
  return (n = 1 << 20) => {
    const word = letter.repeat(n / new TextEncoder().encode(letter).length);
    const events = [
      handoff('ho-huge', 'sess-src', 'sess-sink', NOW - 7_200_000, { summary: word }),
      { ...workAd(0, 'sess-src', 'huge', NOW - 7_100_000), summary: word },
    ];
    return { ledger: { events, links: [], now: NOW }, hash: '#handoff=ho-huge' };
  };
}

export const CASES = {
  '100k work ads': workAds,
  'one session with 100k events': sessionEvents,
  '100k links between two handoffs': linksBetween,
  '20k receipts on one handoff': receipts,
  'a 1 MB summary (Latin)': hugeSummary('x'),
  'a 1 MB summary (Arabic)': hugeSummary('\u0628'),
};
