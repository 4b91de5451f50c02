// The addon's strict validate against zod 4 (upstream's validator) and the
// wasm npm package, side by side in one Bun process, on the envelope corpus
// of the validation bench, with two floors: JSON.parse alone, and the text
// call's own JavaScript with no core (benches/node/call-floor.mjs). The bench
// directory is an argument: its corpus and its zod, wasm and JSON.parse
// implementations are imported from there, never copied.
//
//   bun benches/bun/side-by-side.mjs <bench-dir> [--rounds 9] [--warmup 2]
//       [--n N] [--pkg DIR] [--json OUT]
//
// <bench-dir> needs its dependencies installed (npm ci) and its corpus
// generated (node gen-corpus.mjs); --pkg is the built npm package (default
// pkg/ of this repository, from scripts/build-pkg.sh). Every implementation
// runs once over the whole corpus per round, the first one rotating, with a
// full collection before each run; the table gives medians over the rounds,
// and the speed-ups are the medians of the per-round time ratios.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { addonImpl } from './addon-impl.mjs';

function parseArgs(argv) {
  const a = { dir: null, rounds: 9, warmup: 2, n: null, json: null,
    pkg: fileURLToPath(new URL('../../pkg/', import.meta.url)) };
  for (let i = 0; i < argv.length; i += 1) {
    const k = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${k} needs a value`);
      i += 1;
      return argv[i];
    };
    if (k === '--rounds') a.rounds = Number(next());
    else if (k === '--warmup') a.warmup = Number(next());
    else if (k === '--n') a.n = Number(next());
    else if (k === '--pkg') a.pkg = resolve(next());
    else if (k === '--json') a.json = resolve(next());
    else if (!k.startsWith('--') && a.dir === null) a.dir = resolve(k);
    else throw new Error(`unknown argument ${k}`);
  }
  if (!a.dir) throw new Error('usage: bun benches/bun/side-by-side.mjs <bench-dir> [--rounds 9] [--warmup 2] [--n N] [--pkg DIR] [--json OUT]');
  for (const [k, v] of [['--rounds', a.rounds], ['--warmup', a.warmup]]) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${k} must be a positive integer`);
  }
  return a;
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function loadCorpus(dir, n) {
  const file = join(dir, 'corpus/events.ndjson');
  if (!existsSync(file)) throw new Error(`no corpus at ${file}: run \`node gen-corpus.mjs\` in ${dir}`);
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
  const out = n ? lines.slice(0, n) : lines;
  const bytes = out.reduce((sum, l) => sum + Buffer.byteLength(l, 'utf8'), 0);
  return { file, lines: out, bytes };
}

/** One pass of `impl` over the corpus; the verdicts when `record`. */
function pass(impl, lines, record) {
  const verdicts = record ? new Uint8Array(lines.length) : null;
  const t0 = Bun.nanoseconds();
  for (let i = 0; i < lines.length; i += 1) {
    const v = impl.validate(lines[i]);
    if (record) verdicts[i] = v.ok ? 1 : 0;
  }
  return { ns: Bun.nanoseconds() - t0, verdicts };
}

async function main() {
  if (typeof globalThis.Bun === 'undefined') throw new Error('run this with Bun (node_modules/.bin/bun)');
  const args = parseArgs(process.argv.slice(2));
  // The bench's wasm implementation reads the package directory from the
  // environment when it is imported.
  process.env.HAPI_PKG = args.pkg;
  const zod = (await import(pathToFileURL(join(args.dir, 'impls/zod.mjs')).href)).default;
  const wasm = (await import(pathToFileURL(join(args.dir, 'impls/hapi-core.mjs')).href)).default;
  // The floor of anything that builds JavaScript objects first: timed, not
  // a validator.
  const parseOnly = (await import(pathToFileURL(join(args.dir, 'impls/json-parse.mjs')).href)).default;
  // The floor of the text call: the call text built, handed over and its
  // shortest answer parsed, with no core (benches/node/call-floor.mjs).
  const callFloor = (await import('../node/call-floor.mjs')).default;
  // The document entry (benches/node/document-entry.mjs) over each face: the
  // module reads its face when it is imported, so each import is its own.
  const documentEntry = async (face) => {
    process.env.HAPI_FACE = face;
    return (await import(`../node/document-entry.mjs?face=${face}`)).default;
  };
  const impls = [
    addonImpl('text'), addonImpl('object'), await documentEntry('addon'), wasm, await documentEntry('wasm'),
    zod, parseOnly, callFloor,
  ];
  const corpus = loadCorpus(args.dir, args.n);
  for (const impl of impls) await impl.prepare?.();

  console.log(`bun ${Bun.version} on ${process.platform}-${process.arch}; corpus ${corpus.file}: `
    + `${corpus.lines.length} envelopes, ${(corpus.bytes / 1e6).toFixed(1)} MB; `
    + `${args.warmup} warm-up pass(es), ${args.rounds} rounds`);

  // Warm-up; the first pass records every verdict.
  const verdicts = new Map();
  for (let w = 0; w < args.warmup; w += 1) {
    for (const impl of impls) {
      const r = pass(impl, corpus.lines, w === 0);
      if (w === 0) verdicts.set(impl.name, r.verdicts);
    }
  }

  const times = new Map(impls.map((impl) => [impl.name, []]));
  for (let r = 0; r < args.rounds; r += 1) {
    for (let k = 0; k < impls.length; k += 1) {
      const impl = impls[(r + k) % impls.length];
      Bun.gc(true);
      times.get(impl.name).push(pass(impl, corpus.lines, false).ns);
    }
  }

  const zodTimes = times.get(zod.name);
  const rows = impls.map((impl) => {
    const ts = times.get(impl.name);
    const med = median(ts);
    const rates = ts.map((t) => corpus.lines.length / (t / 1e9));
    return {
      impl: impl.name,
      envelopesPerSecond: Math.round(corpus.lines.length / (med / 1e9)),
      mbPerSecond: corpus.bytes / 1e6 / (med / 1e9),
      usPerEnvelope: med / 1e3 / corpus.lines.length,
      vsZod: median(ts.map((t, i) => zodTimes[i] / t)),
      spreadPercent: ((Math.max(...rates) - Math.min(...rates)) / 2 / median(rates)) * 100,
    };
  });

  const pad = (s, n) => String(s).padStart(n);
  console.log(`\n| impl | envelopes/s | MB/s | µs/envelope | × zod | spread |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(`| ${row.impl} | ${pad(row.envelopesPerSecond.toLocaleString('en-US'), 9)} | ${row.mbPerSecond.toFixed(1)} `
      + `| ${row.usPerEnvelope.toFixed(2)} | ${row.vsZod.toFixed(2)} | ±${row.spreadPercent.toFixed(1)} % |`);
  }

  // The addon and the wasm package are the same core given the same text:
  // their verdicts must agree on every envelope. The typed path sees what
  // JSON.parse makes of an envelope (the last of duplicate keys, which the
  // text path refuses), and zod's rules differ by design on typed payloads
  // (see the bench's README): those counts are shown, not gated.
  const base = verdicts.get('addon-text');
  const disagree = (name) => verdicts.get(name).reduce((n, v, i) => n + (v !== base[i] ? 1 : 0), 0);
  const wasmDisagreements = disagree(wasm.name);
  const entries = impls.filter((impl) => impl.name.startsWith('hapi-document')).map((impl) => impl.name);
  console.log(`\nverdicts against addon-text: ${[wasm.name, 'addon-object', ...entries, zod.name]
    .map((name) => `${name} ${disagree(name)} differ`).join(', ')}`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ bun: Bun.version, envelopes: corpus.lines.length, bytes: corpus.bytes, rows }, null, 2)}\n`);
  if (wasmDisagreements > 0) {
    console.error('the addon and the wasm package disagree on some verdicts');
    process.exit(2);
  }
}

await main();
