// Baseline, not a validator: everything the side-by-side bench's `hapi-core`
// implementation does around the core's `call`, with no core. It builds the
// same call text (`JSON.stringify` of the envelope inside the call's head),
// hands it over as UTF-8 bytes (`TextEncoder.encodeInto`, the least any
// face takes it in with), and reads the shortest answer a call has
// (`{"type":"success","valid":true,"diagnostics":[]}`) with `JSON.parse`.
// What any core answering through `call` costs at the least: a speed-up the
// floor itself does not reach vs zod, no core reaches.
//
//   node <bench-dir>/run.mjs --impl json-parse,zod,ajv,<bench-dir>/impls/hapi-core.mjs,benches/node/call-floor.mjs
//
// HAPI_PROFILE and HAPI_ANSWER name the call's fields as they do for the
// bench's `hapi-core` implementation (the head is part of the text). Timed,
// never part of verdict agreement: every envelope is called valid.
const profile = process.env.HAPI_PROFILE ?? '';
const verdictOnly = process.env.HAPI_ANSWER === 'verdict';
const extra = (profile ? `,"profile":${JSON.stringify(profile)}` : '') + (verdictOnly ? ',"withNormalized":false' : '');
const head = `{"kind":"event_create","mode":"strict"${extra},"documentText":`;
const SHORTEST = '{"type":"success","valid":true,"diagnostics":[]}';

const OK = Object.freeze({ ok: true, errors: 0 });
const BAD = Object.freeze({ ok: false, errors: 1 });
const encoder = new TextEncoder();
// Room for any envelope of the corpus in UTF-8 (grown when one is longer).
let scratch = new Uint8Array(1 << 16);

export default {
  name: `call-floor${profile ? '-' + profile : ''}${verdictOnly ? '-verdict' : ''}`,
  baseline: true,
  description: 'baseline: the call text built, handed over as UTF-8 and its shortest answer parsed, with no core',
  prepare() {},
  validate(json) {
    const text = head + JSON.stringify(json) + '}';
    if (scratch.length < 3 * text.length) scratch = new Uint8Array(3 * text.length);
    const { written } = encoder.encodeInto(text, scratch);
    const answer = JSON.parse(SHORTEST);
    return answer.valid && written > 0 ? OK : BAD;
  },
};
