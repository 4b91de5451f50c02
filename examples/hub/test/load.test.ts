// Load: four processes write into one database file through the hub (and so
// through the core): nothing lost, no duplicates, idempotency held.
// HUB_LOAD_EVENTS sets the number of events: 20,000 by default, to keep the
// run short on a small machine; 100,000 is the figure the README reports.

import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plan } from './load-plan.ts';
import { OWNER, newHub, party } from './support.ts';

const EVENTS = Number(process.env.HUB_LOAD_EVENTS ?? 20_000);
const WORKERS = 4;
const SHARED = 100;

test(
  `4 processes write ${EVENTS} events with links and receipts into one database: nothing lost, no duplicates, idempotency held`,
  async () => {
    const units = Math.floor((EVENTS - 2 * SHARED) / (2 * WORKERS));
    expect(units).toBeGreaterThan(SHARED);
    const dir = mkdtempSync(join(tmpdir(), 'hub-load-'));
    try {
      const path = join(dir, 'hub.sqlite');
      const setup = newHub({ path });
      const sessions = (prefix: string) =>
        Array.from({ length: 8 }, (_, i) => {
          const p = party(setup, 'load', 'm1', `${prefix}${i}`);
          return { id: p.session.id, token: p.token };
        });
      const plan: Plan = { owner: OWNER, units, shared: SHARED, sources: sessions('source'), sinks: sessions('sink') };
      setup.close();
      const planFile = join(dir, 'plan.json');
      await Bun.write(planFile, JSON.stringify(plan));

      const started = performance.now();
      const procs = Array.from({ length: WORKERS }, (_, w) =>
        Bun.spawn([process.execPath, join(import.meta.dir, 'load-worker.ts'), path, String(w), planFile], {
          stdout: 'pipe',
          stderr: 'inherit',
        }),
      );
      const outputs = await Promise.all(procs.map((p) => new Response(p.stdout).text()));
      const codes = await Promise.all(procs.map((p) => p.exited));
      const seconds = (performance.now() - started) / 1000;
      expect(codes).toEqual([0, 0, 0, 0]);
      const summaries = outputs.map((o) => JSON.parse(o.trim().split('\n').at(-1) as string));

      const expected = WORKERS * units * 2 + SHARED * 2;
      const hub = newHub({ path });
      const db = hub.store.db;
      const n = (sql: string) => (db.query(sql).get() as { n: number }).n;
      // Nothing lost: every key the plan names is there, once.
      expect(n('SELECT COUNT(*) AS n FROM events')).toBe(expected);
      const keys = new Set((db.query('SELECT idempotency_key AS k FROM events').all() as { k: string }[]).map((r) => r.k));
      for (let w = 0; w < WORKERS; w++) {
        for (let k = 0; k < units; k++) {
          expect(keys.has(`handoff:w${w}-u${k}`) && keys.has(`receipt:w${w}-u${k}`)).toBe(true);
        }
      }
      for (let k = 0; k < SHARED; k++) expect(keys.has(`handoff:shared-u${k}`) && keys.has(`receipt:shared-u${k}`)).toBe(true);
      // No duplicates: one row per key, one resolves link, one delivery and one notice per pair.
      expect(n('SELECT COUNT(*) AS n FROM (SELECT idempotency_key FROM events GROUP BY namespace, idempotency_key HAVING COUNT(*) > 1)')).toBe(0);
      const pairs = expected / 2;
      expect(n("SELECT COUNT(*) AS n FROM event_links WHERE relation_type = 'resolves'")).toBe(pairs);
      expect(n("SELECT COUNT(*) AS n FROM messages WHERE kind = 'handoff'")).toBe(pairs);
      expect(n("SELECT COUNT(*) AS n FROM messages WHERE kind = 'receipt_notice'")).toBe(pairs);
      expect(
        n(`SELECT COUNT(*) AS n FROM event_links l JOIN events r ON r.id = l.from_event_id JOIN events h ON h.id = l.to_event_id
           WHERE r.event_type = 'handoff_receipt' AND h.event_type = 'handoff' AND r.related_event_id = h.id
           AND substr(r.idempotency_key, 9) = substr(h.idempotency_key, 9)`),
      ).toBe(pairs);
      expect(n("SELECT COUNT(*) AS n FROM events WHERE event_type = 'handoff' AND json_extract(payload_json, '$.delivery_state') != 'consumed'")).toBe(0);
      // Idempotency held: replays answered the first rows, the shared pairs were inserted once in all.
      expect(summaries.reduce((s, x) => s + x.replayMismatches, 0)).toBe(0);
      expect(summaries.reduce((s, x) => s + x.inserted, 0)).toBe(expected);
      expect((db.query('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
      // The ledger folds through the core: a shared pair's thread is completed.
      const h = db.query("SELECT id FROM events WHERE idempotency_key = 'handoff:shared-u0'").get() as { id: string };
      const view = hub.view({ namespace: 'load', sessionId: null }, { by: 'handoff', eventId: h.id });
      expect(view.view.by === 'handoff' && view.view.thread?.outcome).toBe('completed');
      hub.close();

      const calls = summaries.reduce((s, x) => s + x.calls, 0);
      console.log(
        `load: ${expected} events (+${pairs} links, ${pairs * 2} deliveries) by ${WORKERS} processes in ${seconds.toFixed(1)} s: ` +
          `${Math.round(expected / seconds)} events/s, ${Math.round(pairs / seconds)} handoff+receipt pairs/s ` +
          `(${calls} write calls in all, replays included: ${Math.round(calls / seconds)} calls/s)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  600_000,
);
