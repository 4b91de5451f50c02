// Compiled with `tsc --noEmit --strict`: the package's generated types must
// describe the calls and answers well enough for strict code like this.
import init, { LedgerFold, call, capabilities, validate } from 'hapi-a2a-core';
import type { Answer, Diagnostic, LedgerViewAnswer, LedgerViewCall, Op, ValidateAnswer, ValidateCall } from 'hapi-a2a-core';

export async function demo(): Promise<string[]> {
  await init();
  const request: ValidateCall = {
    kind: 'principal',
    mode: 'strict',
    document: { kind: 'agent', id: 'a' },
  };
  const answer: Answer<ValidateAnswer> = validate(request);
  const codes: string[] = [];
  if (answer.type === 'success') {
    answer.diagnostics.forEach((d: Diagnostic) => codes.push(`${d.code} at ${d.instancePath}`));
    // Raw JSON is `unknown`: it must be narrowed before use.
    const normalized: unknown = answer.normalized;
    if (typeof normalized === 'object' && normalized !== null) codes.push('normalized');
  } else {
    codes.push(answer.error.code);
  }
  const caps = capabilities({});
  if (caps.type === 'success') {
    const ops: Op[] = caps.ops as Op[];
    codes.push(...ops);
  }
  const text: string = call('capabilities', '{}');
  codes.push(text);
  return codes;
}

/** One fold, many pages: the totals say how long each cut list is. */
export function pages(events: unknown[]): number[] {
  const first: LedgerViewCall = { events, links: [], now: 0, query: { by: 'handoffs' }, page: { size: 10 } };
  const fold = new LedgerFold(JSON.stringify(first));
  const lengths: number[] = [];
  try {
    const answer = JSON.parse(fold.answer) as Answer<LedgerViewAnswer>;
    if (answer.type === 'success' && answer.view.by === 'handoffs') {
      lengths.push(answer.view.handoffs.length, answer.totals?.['/view/handoffs'] ?? answer.view.handoffs.length);
    }
    if (fold.isOpen) lengths.push(fold.ask(JSON.stringify({ query: { by: 'handoffs' }, page: { size: 10, offset: 10 } })).length);
  } finally {
    fold.free();
  }
  return lengths;
}

