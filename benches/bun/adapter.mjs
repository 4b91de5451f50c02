// Upstream's names over the core against upstream's own validator: the
// adapter's `WorkGraphEventCreateSchema.safeParse` (node/upstream.js, what a
// hub adopting the core by its imports calls), through the addon and
// through the npm package, beside zod 4's `safeParse` of the same objects,
// in one process. The objects are the validation bench's event creates, as
// `JSON.parse` makes them (a hub's route holds the parsed body); the schema
// and corpus are imported from the bench directory, never copied.
//
//   node_modules/.bin/bun benches/bun/adapter.mjs <bench-dir> [--rounds 9] [--n 5000]
//   node benches/bun/adapter.mjs <bench-dir>            (the same under Node)
//
// Each round times every implementation once over the objects, the first
// one rotating; the table gives medians, and × zod is the median of the
// per-round time ratios. Needs scripts/build-addon.sh and
// scripts/build-pkg.sh first.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as viaAddon from '../../node/upstream.js';
import * as viaWasm from '../../pkg/upstream.js';

const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!dir) {
  console.error('usage: bun benches/bun/adapter.mjs <bench-dir> [--rounds 9] [--n 5000]');
  process.exit(2);
}
const rounds = option('--rounds', 9);
const n = option('--n', 5000);
for (const [name, v] of [['--rounds', rounds], ['--n', n]]) {
  if (!Number.isInteger(v) || v < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(2);
  }
}
const { eventCreateSchema } = await import(pathToFileURL(join(resolve(dir), 'schema/zod-schema.mjs')).href);
const objects = readFileSync(join(resolve(dir), 'corpus/events.ndjson'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .slice(0, n)
  .flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });

// The adapter's safeParse throws only for a document over the core's cap
// (none here); such a throw would count as accepted.
const accepted = (schema) => (o) => {
  try {
    return schema.safeParse(o).success;
  } catch (e) {
    if (e?.name === 'CoreCallError') return true;
    throw e;
  }
};
const impls = [
  ['zod safeParse', accepted(eventCreateSchema)],
  ['adapter over the addon', accepted(viaAddon.WorkGraphEventCreateSchema)],
  ['adapter over wasm', accepted(viaWasm.WorkGraphEventCreateSchema)],
];

const now = typeof Bun !== 'undefined' ? () => Bun.nanoseconds() : () => Number(process.hrtime.bigint());
const verdicts = impls.map(([, f]) => objects.map(f));
const times = impls.map(() => []);
for (let r = 0; r < rounds; r += 1) {
  for (let k = 0; k < impls.length; k += 1) {
    const i = (r + k) % impls.length;
    const f = impls[i][1];
    const t = now();
    for (const o of objects) f(o);
    times[i].push(now() - t);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const runtime = typeof Bun !== 'undefined' ? `bun ${Bun.version}` : `node ${process.version}`;
console.log(`${runtime}; ${objects.length} event creates; ${rounds} rounds\n`);
console.log('| impl | µs/object | × zod |\n| --- | ---: | ---: |');
for (const [i, [name]] of impls.entries()) {
  const perRound = times[i].map((t, r) => times[0][r] / t);
  console.log(`| ${name} | ${(median(times[i]) / 1e3 / objects.length).toFixed(2)} | ${median(perRound).toFixed(2)} |`);
}
const differ = verdicts.slice(1).map((v) => v.reduce((d, x, i) => d + (x !== verdicts[0][i] ? 1 : 0), 0));
console.log(`\nverdicts against zod's: ${differ.map((d, i) => `${impls[i + 1][0]} ${d} differ`).join(', ')}`);
if (differ.some((d) => d > 0)) process.exitCode = 2;
