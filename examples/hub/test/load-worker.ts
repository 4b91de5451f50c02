// One of the load test's writer processes. Writes `units` handoff + receipt
// pairs (two events, a `resolves` link, a delivery and a notice each) into
// the shared database through the hub, replays every tenth pair, and writes
// the shared pairs every worker also writes. Prints a JSON summary.

import { Hub } from '../hub.ts';
import { type Plan, handoffFor, receiptFor } from './load-plan.ts';

const [path, worker, planFile] = process.argv.slice(2);
const plan = (await Bun.file(planFile).json()) as Plan;
const w = Number(worker);
const hub = new Hub({ path });
const summary = { worker: w, calls: 0, inserted: 0, replayed: 0, replayMismatches: 0 };

function pair(key: string, k: number) {
  const src = plan.sources[k % plan.sources.length];
  const sink = plan.sinks[k % plan.sinks.length];
  const srcAuth = hub.authenticate(src.token);
  const sinkAuth = hub.authenticate(sink.token);
  if (!srcAuth || !sinkAuth) throw new Error('unknown token');
  const h = hub.createHandoff(srcAuth, handoffFor(key, sink.id, plan.owner));
  const r = hub.writeReceipt(sinkAuth, h.event.id, receiptFor(key, sink.id, plan.owner));
  summary.calls += 2;
  return { h, r };
}

const start = performance.now();
const firstIds = new Map<string, [string, string]>();
for (let k = 0; k < plan.units; k++) {
  const key = `w${w}-u${k}`;
  const { h, r } = pair(key, k);
  summary.inserted += Number(h.inserted) + Number(r.inserted);
  firstIds.set(key, [h.event.id, r.event.id]);
  if (k % 10 === 9) {
    // A client retrying an earlier request: the same rows, nothing new.
    const again = `w${w}-u${k - 5}`;
    const replay = pair(again, k - 5);
    summary.replayed += 2;
    const [hid, rid] = firstIds.get(again) as [string, string];
    if (replay.h.inserted || replay.r.inserted || replay.h.event.id !== hid || replay.r.event.id !== rid) summary.replayMismatches++;
  }
  if (k < plan.shared) {
    // Every worker writes the shared pairs; one insert each, the rest replays.
    const { h: sh, r: sr } = pair(`shared-u${k}`, k);
    summary.inserted += Number(sh.inserted) + Number(sr.inserted);
  }
}
const ms = performance.now() - start;
hub.close();
console.log(JSON.stringify({ ...summary, ms }));
