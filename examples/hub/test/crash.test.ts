// Crash safety: a handoff aborted at any step leaves all of it or none of it.

import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handoffSteps, type Hub } from '../hub.ts';
import { handoffBody, newHub, party } from './support.ts';

type Snapshot = Record<string, unknown[]>;

function snapshot(hub: Hub): Snapshot {
  const out: Snapshot = {};
  for (const t of ['events', 'event_links', 'messages', 'event_requests', 'sessions']) {
    out[t] = hub.store.db.query(`SELECT * FROM ${t} ORDER BY rowid`).all();
  }
  return out;
}

/** A file database with A, a busy B, a failed handoff A→archived, and a fresh sink. */
function setup(path: string, faults?: (s: string) => void) {
  const hub = newHub({ path, ...(faults ? { faults } : {}) });
  const a = party(hub, 'ns', 'm1', 'A');
  const gone = party(hub, 'ns', 'm1', 'gone');
  const b = party(hub, 'ns', 'm1', 'B');
  hub.archiveSession(a.auth, gone.session.id);
  const failed = hub.createHandoff(a.auth, handoffBody(gone.session.id)).event;
  return { hub, a, b, failed };
}

function handoffParts(hub: Hub, failedId: string) {
  const events = hub.store.db.query("SELECT id, payload_json FROM events WHERE event_type = 'handoff' AND id != ?1").all(failedId) as {
    id: string;
    payload_json: string;
  }[];
  const ids = events.map((e) => e.id);
  const count = (sql: string) => ids.reduce((n, id) => n + (hub.store.db.query(sql).get(id) as { n: number }).n, 0);
  return {
    events: events.length,
    links: count("SELECT COUNT(*) AS n FROM event_links WHERE from_event_id = ?1 AND relation_type = 'retries'"),
    deliveries: count("SELECT COUNT(*) AS n FROM messages WHERE event_id = ?1 AND kind = 'handoff'"),
    requests: count('SELECT COUNT(*) AS n FROM event_requests WHERE event_id = ?1'),
    delivered: events.filter((e) => JSON.parse(e.payload_json).delivery_state === 'delivered').length,
  };
}

const ALL = { events: 1, links: 1, deliveries: 1, requests: 1, delivered: 1 };
const NONE = { events: 0, links: 0, deliveries: 0, requests: 0, delivered: 0 };

describe('crash safety', () => {
  test('a handoff aborted at each step by an injected failure leaves all of it or none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-crash-'));
    try {
      for (const step of handoffSteps) {
        let armed = false;
        const { hub, b, a, failed } = setup(join(dir, `${step}.sqlite`), (s) => {
          if (armed && s === step) throw new Error(`injected at ${s}`);
        });
        const before = snapshot(hub);
        armed = true;
        expect(() => hub.retryHandoff(a.auth, failed.id, { sink_ref: b.session.id })).toThrow(`injected at ${step}`);
        expect(handoffParts(hub, failed.id)).toEqual(NONE);
        expect(snapshot(hub)).toEqual(before);
        // The same request afterwards goes through whole: nothing half-written blocks it.
        armed = false;
        hub.retryHandoff(a.auth, failed.id, { sink_ref: b.session.id });
        expect(handoffParts(hub, failed.id)).toEqual(ALL);
        // A first handoff (no link) aborted at the same step leaves nothing either.
        const mid = snapshot(hub);
        armed = true;
        expect(() => hub.createHandoff(a.auth, handoffBody(b.session.id))).toThrow(`injected at ${step}`);
        expect(snapshot(hub)).toEqual(mid);
        hub.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  test('a hub process killed at each step of a handoff leaves all of it or none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-kill-'));
    try {
      for (const step of [...handoffSteps, 'none']) {
        const path = join(dir, `${step}.sqlite`);
        const { hub, a, b, failed } = setup(path);
        const before = snapshot(hub);
        hub.close();
        const child = Bun.spawnSync([process.execPath, join(import.meta.dir, 'crash-child.ts'), path, a.token, failed.id, b.session.id, step], {
          stdout: 'pipe',
          stderr: 'pipe',
        });
        if (step === 'none') expect(child.exitCode).toBe(0);
        else expect(child.signalCode).toBe('SIGKILL');
        const after = newHub({ path });
        expect((after.store.db.query('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
        expect(after.store.db.query('PRAGMA foreign_key_check').all()).toEqual([]);
        if (step === 'none') {
          expect(handoffParts(after, failed.id)).toEqual(ALL);
        } else {
          expect(handoffParts(after, failed.id)).toEqual(NONE);
          expect(snapshot(after)).toEqual(before);
        }
        after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
