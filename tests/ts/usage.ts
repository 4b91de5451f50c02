// Compiled with `tsc --noEmit --strict`: the package's generated types must
// describe the calls and answers well enough for strict code like this.
import init, { call, capabilities, validate } from 'hapi-a2a-core';
import type { Answer, Diagnostic, Op, ValidateAnswer, ValidateCall } from 'hapi-a2a-core';

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
