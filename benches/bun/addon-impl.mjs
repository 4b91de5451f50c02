// The Node-API addon as an implementation for the side-by-side bench: strict
// `validate` of an event create, as the hub calls it. `via` is `text` (the
// envelope as `documentText` through `call`, as a hub holding a request body
// would) or `object` (the typed `validate` given `JSON.parse` of it).
// HAPI_PROFILE and HAPI_ANSWER=verdict add `profile` and `"withNormalized":
// false` to the call, as they do for the bench's wasm implementation.
import * as addon from '../../node/index.js';

const profile = process.env.HAPI_PROFILE ?? '';
const verdictOnly = process.env.HAPI_ANSWER === 'verdict';
const extra = (profile ? `,"profile":${JSON.stringify(profile)}` : '') + (verdictOnly ? ',"withNormalized":false' : '');
const head = `{"kind":"event_create","mode":"strict"${extra},"documentText":`;

const OK = Object.freeze({ ok: true, errors: 0 });
const PARSE_ERROR = Object.freeze({ ok: false, errors: 1 });

function verdict(a) {
  if (a.type !== 'success') return PARSE_ERROR;
  if (a.valid) return OK;
  return { ok: false, errors: a.diagnostics.filter((d) => d.severity === 'error').length };
}

export function addonImpl(via) {
  return {
    name: `addon-${via}`,
    description: `the Node-API addon: strict validate of event_create (${via})`,
    prepare() {
      addon.call('validate', '{"kind":"event_create","document":{}}');
    },
    validate(json) {
      if (via === 'object') {
        let document;
        try {
          document = JSON.parse(json);
        } catch {
          return PARSE_ERROR;
        }
        const call = { kind: 'event_create', mode: 'strict', document };
        if (profile) call.profile = profile;
        if (verdictOnly) call.withNormalized = false;
        return verdict(addon.validate(call));
      }
      return verdict(JSON.parse(addon.call('validate', `${head}${JSON.stringify(json)}}`)));
    },
  };
}
