// An implementation for the side-by-side bench: strict validation of an
// event create through the document entry, `validateDocument(document,
// kind, options)`, which takes the envelope's text as it is (written into
// the module's memory by the engine, never escaped inside call JSON) and
// answers `true` for a valid envelope with nothing to say. Beside zod and
// ajv, under Node or Bun:
//
//   node BENCH/run.mjs --impl zod,ajv,<repo>/benches/node/document-entry.mjs
//   bun BENCH/run.mjs --impl zod,ajv,<repo>/benches/node/document-entry.mjs
//
// HAPI_FACE=wasm (the npm package, `HAPI_PKG` or the repository's pkg/; the
// default) or addon (the Node-API addon in the repository's node/).
// HAPI_PROFILE=upstream asks for upstream's P1 rules; HAPI_ANSWER=verdict
// asks for the verdict alone (and the errors alone, `errorsOnly`: the
// verdict and the count of errors are the same, and what only warns is
// not looked for), else the normalized document comes back too, with every
// finding (as the bench's `hapi-core` implementation asks for them).
import { resolve, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const face = process.env.HAPI_FACE ?? 'wasm';
const profile = process.env.HAPI_PROFILE ?? '';
const verdictOnly = process.env.HAPI_ANSWER === 'verdict';
const entry =
  face === 'addon'
    ? join(repo, 'node/index.js')
    : join(resolve(process.env.HAPI_PKG ?? join(repo, 'pkg')), 'node.js');
const m = await import(pathToFileURL(entry).href);
if (typeof m.validateDocument !== 'function') throw new Error(`${entry} has no validateDocument`);

const options = Object.freeze({
  mode: 'strict',
  withNormalized: !verdictOnly,
  errorsOnly: verdictOnly,
  ...(profile ? { profile } : {}),
});
const OK = Object.freeze({ ok: true, errors: 0 });

function verdict(answer) {
  if (answer === true) return OK;
  const a = JSON.parse(answer);
  if (a.type !== 'success') return { ok: false, errors: 1 };
  if (a.valid) return OK;
  return { ok: false, errors: a.diagnostics.filter((d) => d.severity === 'error').length };
}

// The options are fixed for the run: an entry made once reads them once
// (`documentEntry`), as a hub or a webapp would hold one per route.
const validate =
  typeof m.documentEntry === 'function'
    ? m.documentEntry('event_create', options)
    : (json) => m.validateDocument(json, 'event_create', options);

export default {
  name: `hapi-document-${face}${profile ? '-' + profile : ''}${verdictOnly ? '-verdict' : ''}`,
  description: `this project's document entry (${face}): strict validate of event_create${profile ? ', profile ' + profile : ''}${verdictOnly ? ', verdict only' : ''}`,
  prepare() {
    validate('{}');
  },
  validate(json) {
    return verdict(validate(json));
  },
};
