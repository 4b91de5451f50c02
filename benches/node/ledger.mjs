// The ledger fold in wasm under Node: `ledger.view` over generated ledgers
// of 10k and 100k events (as many links), through the default npm package.
// Reported beside JSON.parse of the same call text in the same run, since
// this machine's speed varies: the ratio is the figure to compare. The
// package's glue is loaded directly, for its module's memory: its size
// after the runs (wasm memory only grows, so it is the peak so far) is
// given against the call text's.
//
//   cargo run --release --example ledger_calls -- DIR 10000 100000
//   node benches/node/ledger.mjs DIR 10000 100000
import { readFileSync } from 'node:fs';
import { call, initSync } from '../../pkg/hapi_a2a_core.js';

const wasm = initSync({ module: readFileSync(new URL('../../pkg/hapi_a2a_core_bg.wasm', import.meta.url)) });

const [dir, ...sizes] = process.argv.slice(2);
if (!dir || sizes.length === 0) {
  console.error('usage: node benches/node/ledger.mjs DIR N...');
  process.exit(2);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(f, runs) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    f();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

for (const n of sizes) {
  for (const view of ['fleet', 'session']) {
    const text = readFileSync(`${dir}/ledger-${n}-${view}.call.json`, 'utf8');
    let answer;
    const runs = Number(n) >= 100000 ? 5 : 11;
    const wasmMs = time(() => { answer = call('ledger.view', text); }, runs);
    const parseMs = time(() => JSON.parse(text), runs);
    const type = JSON.parse(answer).type;
    const bytes = Buffer.byteLength(text);
    const memory = wasm.memory.buffer.byteLength;
    console.log(`${view} n=${n} (${(bytes / 1e6).toFixed(1)} MB): wasm ledger.view ${wasmMs.toFixed(1)} ms; `
      + `JSON.parse ${parseMs.toFixed(1)} ms; ratio ${(wasmMs / parseMs).toFixed(2)}x; answer ${type}; `
      + `module memory ${(memory / 1e6).toFixed(0)} MB (${(memory / bytes).toFixed(2)}x the call)`);
  }
}
