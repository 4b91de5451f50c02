// Node resolves the package's `node` condition: `init()` has nothing to
// load there and resolves to nothing, and the types say so.
import init, { ledgerView } from 'hapi-a2a-core';
import type { LedgerViewAnswer } from 'hapi-a2a-core';
import { readFileSync } from 'node:fs';

export async function fleetSessions(path: string): Promise<number | string> {
  const nothing: void = await init();
  // @ts-expect-error: in Node, init() does not return the module's exports.
  const exports: { memory: unknown } = await init();
  void nothing;
  void exports;
  const ledger: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof ledger !== 'object' || ledger === null || !('events' in ledger) || !Array.isArray(ledger.events)) return 'no events';
  const answer = ledgerView({ events: ledger.events, links: [], now: Date.now(), query: { by: 'fleet' } });
  if (answer.type === 'failure') return answer.error.code;
  const view: LedgerViewAnswer['view'] = answer.view;
  return view.by === 'fleet' ? view.sessions : view.by;
}
