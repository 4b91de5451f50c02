// The elements' types in a browser project: the tag names map to their
// interfaces, and the events carry typed details.
import { defineElements, layoutGraph, LoadError, ledgerFromText } from 'hapi-a2a-core/elements';
import type { HapiLedgerViewElement, HapiPeerBadgeElement, Ledger, OpenDetail } from 'hapi-a2a-core/elements';

export function mount(ledger: Ledger): string[] {
  const defined: boolean = defineElements();
  const view: HapiLedgerViewElement = document.createElement('hapi-ledger-view');
  view.ledger = ledger;
  view.token = 'secret';
  view.hubOrigins = ['https://hub.example'];
  const listed: string[] = view.hubOrigins;
  const opened: string[] = [...listed];
  view.addEventListener('hapi-open', (e) => {
    const d: OpenDetail = e.detail;
    if (d.kind === 'handoff') e.preventDefault();
    opened.push(`${d.kind} ${d.id}`);
  });
  view.addEventListener('hapi-ledger-error', (e) => opened.push(e.detail.code));
  const moved: boolean = view.open('session', 'sess-1');
  const badge: HapiPeerBadgeElement = document.createElement('hapi-peer-badge');
  badge.meta = { sentFrom: 'peer' };
  badge.sourceListed = true;
  const a = badge.answer;
  if (a && a.type === 'success') opened.push(a.label);
  const { at, width } = layoutGraph([{ id: 'a', ts: 1 }], []);
  const x: number | undefined = at.get('a')?.x;
  try {
    ledgerFromText('');
  } catch (e) {
    if (e instanceof LoadError) opened.push(e.code);
  }
  return [...opened, String(defined), String(moved), String(width), String(x)];
}
