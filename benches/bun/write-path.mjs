// The hub's whole write of an event, from the POST body as received to the
// row's stored columns, in one process:
//
// - upstream's route work: `JSON.parse` of the body, zod's `safeParse`,
//   the route's reserved-provenance check and the store's accountability
//   check, then `JSON.stringify` of each JSON column (`payload_json`,
//   `artifact_refs`, `tags`, `principal_json`) of what zod hands back. The
//   store runs `safeParse` once more before it writes; that second pass is
//   left out, so the ratio here is the lower bound;
// - the core: the document entry made once for the route,
//   `documentEntry('event_create', {profile: 'upstream', httpWriter: true,
//   withColumns: true})`, through the addon and through the npm package,
//   given each body, and `JSON.parse` of its answer (the verdict and the
//   row's columns, ready to bind).
//
// Every verdict must equal upstream's, and every column of every accepted
// body must be the text upstream's store writes: the bench exits non-zero
// otherwise. The schema and corpus are the shared validation bench's,
// imported from its directory, never copied.
//
//   node_modules/.bin/bun benches/bun/write-path.mjs <bench-dir> [--rounds 9] [--n 5000] [--bytes]
//   node benches/bun/write-path.mjs <bench-dir>            (the same under Node)
//
// `--bytes` hands the core each body as its UTF-8 bytes (a `Uint8Array`,
// as a server holds a request body before decoding it) instead of a
// string; upstream's side decodes them first, as `Request.json()` does.
// Needs scripts/build-addon.sh and scripts/build-pkg.sh first.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as addon from '../../node/index.js';
import * as wasm from '../../pkg/node.js';

const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith('--') && !['--rounds', '--n'].includes(args[i - 1]));
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!dir) {
  console.error('usage: bun benches/bun/write-path.mjs <bench-dir> [--rounds 9] [--n 5000] [--bytes]');
  process.exit(2);
}
const rounds = option('--rounds', 9);
const n = option('--n', 5000);
const asBytes = args.includes('--bytes');
for (const [name, v] of [['--rounds', rounds], ['--n', n]]) {
  if (!Number.isInteger(v) || v < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(2);
  }
}
const { eventCreateSchema } = await import(pathToFileURL(join(resolve(dir), 'schema/zod-schema.mjs')).href);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const texts = readFileSync(join(resolve(dir), 'corpus/events.ndjson'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .slice(0, n);
const bodies = asBytes ? texts.map((t) => encoder.encode(t)) : texts;

const COLUMNS = [
  'source_kind', 'source_ref', 'sink_kind', 'sink_ref', 'event_type', 'summary', 'payload_json',
  'artifact_refs', 'tags', 'related_session_id', 'related_event_id', 'provenance', 'idempotency_key',
  'dedupe_key', 'confidence', 'severity', 'expires_at', 'principal_json',
];
const JSON_COLUMNS = new Set(['payload_json', 'artifact_refs', 'tags', 'principal_json']);

/** Whether someone is accountable for a principal, as upstream's store asks. */
function accountable(p) {
  if (p.kind === 'human') return typeof p.id === 'string' && p.id.trim().length > 0;
  return typeof p.on_behalf_of === 'string' && p.on_behalf_of.trim().length > 0;
}

/** Upstream's route work on one body: the columns it stores, or null when refused. */
function upstreamWrite(body) {
  let json;
  try {
    json = JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    json = null;
  }
  const parsed = eventCreateSchema.safeParse(json);
  if (!parsed.success) return null;
  const d = parsed.data;
  if (d.provenance === 'AGENT_NOTIFY_SUMMARY' || !accountable(d.principal)) return null;
  return {
    source_kind: d.source_kind,
    source_ref: d.source_ref,
    sink_kind: d.sink_kind ?? null,
    sink_ref: d.sink_ref ?? null,
    event_type: d.event_type,
    summary: d.summary ?? null,
    payload_json: d.payload_json === undefined ? null : JSON.stringify(d.payload_json),
    artifact_refs: JSON.stringify(d.artifact_refs ?? []),
    tags: JSON.stringify(d.tags ?? []),
    related_session_id: d.related_session_id ?? null,
    related_event_id: d.related_event_id ?? null,
    provenance: d.provenance ?? null,
    idempotency_key: d.idempotency_key ?? null,
    dedupe_key: d.dedupe_key ?? null,
    confidence: d.confidence ?? null,
    severity: d.severity ?? null,
    expires_at: d.expires_at ?? null,
    principal_json: JSON.stringify(d.principal),
  };
}

const OPTIONS = { profile: 'upstream', httpWriter: true, withColumns: true };
/** The core's write through one face: the columns, or null when refused. */
const coreWrite = (face) => {
  const entry = face.documentEntry('event_create', OPTIONS);
  return (body) => write(entry(body));
};
/** The columns of an answer, or null when the body is refused. */
const write = (answer) => {
  // With `withColumns` a valid answer always has its columns to read.
  const a = JSON.parse(answer);
  if (a.type !== 'success') throw new Error(`${a.error.code}: ${a.error.message}`);
  return a.valid ? a.columns : null;
};

const impls = [
  ['upstream: JSON.parse, zod, JSON.stringify', upstreamWrite],
  ['core: addon', coreWrite(addon)],
  ['core: wasm', coreWrite(wasm)],
];

// The rows first: verdicts and every column, against upstream's.
const want = bodies.map(upstreamWrite);
const mismatches = [];
for (const [name, f] of impls.slice(1)) {
  bodies.forEach((body, i) => {
    const got = f(body);
    const w = want[i];
    if ((got === null) !== (w === null)) {
      mismatches.push(`${name}: body ${i}: verdict ${got !== null} against upstream's ${w !== null}`);
      return;
    }
    if (w === null) return;
    for (const c of COLUMNS) {
      const same = JSON_COLUMNS.has(c) || typeof w[c] === 'string' ? got[c] === w[c] : Object.is(got[c], w[c]);
      if (!same) mismatches.push(`${name}: body ${i}: ${c} is ${JSON.stringify(got[c])}, upstream writes ${JSON.stringify(w[c])}`);
    }
  });
}

const now = typeof Bun !== 'undefined' ? () => Bun.nanoseconds() : () => Number(process.hrtime.bigint());
const times = impls.map(() => []);
for (let r = 0; r < rounds; r += 1) {
  for (let k = 0; k < impls.length; k += 1) {
    const i = (r + k) % impls.length;
    const f = impls[i][1];
    const t = now();
    for (const b of bodies) f(b);
    times[i].push(now() - t);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const runtime = typeof Bun !== 'undefined' ? `bun ${Bun.version}` : `node ${process.version}`;
const accepted = want.filter((w) => w !== null).length;
console.log(`${runtime}; ${bodies.length} bodies as ${asBytes ? 'bytes' : 'strings'} (${accepted} stored); ${rounds} rounds\n`);
console.log('| write | µs/body | × upstream |\n| --- | ---: | ---: |');
for (const [i, [name]] of impls.entries()) {
  const perRound = times[i].map((t, r) => times[0][r] / t);
  console.log(`| ${name} | ${(median(times[i]) / 1e3 / bodies.length).toFixed(2)} | ${median(perRound).toFixed(2)} |`);
}
console.log(`\nrows against upstream's: ${mismatches.length} differ`);
for (const m of mismatches.slice(0, 10)) console.log(`  ${m}`);
if (mismatches.length > 0) process.exitCode = 2;
