// Strict `validate` of event creates in wasm under Node, through the default
// npm package, beside what the same loop costs without the core:
//
// - `JSON.parse` of each envelope (what any validator in JS pays first);
// - the JavaScript floor of `call`: wrapping the envelope into the call text
//   (`JSON.stringify`), handing the text to wasm memory (`TextEncoder`),
//   reading an answer of the real answer's size back (`TextDecoder`) and
//   `JSON.parse` of it — everything but the core's own work;
// - `call('validate', {kind, mode, documentText})`, as the hub calls it;
// - `call('secrets.scan', {value})` of the parsed envelope.
//
// Reported per envelope and as ratios to JSON.parse in the same run, since
// this machine's speed varies. The corpus is NDJSON, one event create a line
// (for example the side-by-side bench's generated `events.ndjson`).
//
//   node benches/node/validate.mjs EVENTS.ndjson [N]
import { readFileSync } from 'node:fs';
import { call } from 'hapi-a2a-core';

const [file, nArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node benches/node/validate.mjs EVENTS.ndjson [N]');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0)
  .slice(0, Number(nArg ?? 20000));
const calls = lines.map((l) => '{"kind":"event_create","mode":"strict","documentText":' + JSON.stringify(l) + '}');
const answers = calls.map((c) => call('validate', c));
const parsed = lines.map((l) => { try { return JSON.parse(l); } catch { return null; } });
const scans = parsed.map((v) => JSON.stringify({ value: v }));
const answerBytes = answers.map((a) => new TextEncoder().encode(a));
const valid = answers.filter((a) => JSON.parse(a).valid === true).length;
const bytes = lines.reduce((n, l) => n + Buffer.byteLength(l), 0);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const scratch = new Uint8Array(1 << 20);
let sink = 0;
const runs = {
  'JSON.parse': () => { for (const l of lines) { try { sink += JSON.parse(l) ? 1 : 0; } catch { sink++; } } },
  'JS floor of call': () => {
    for (let i = 0; i < lines.length; i++) {
      const text = '{"kind":"event_create","mode":"strict","documentText":' + JSON.stringify(lines[i]) + '}';
      sink += encoder.encodeInto(text, scratch).written;
      sink += JSON.parse(decoder.decode(answerBytes[i])).valid ? 1 : 0;
    }
  },
  'validate (call, documentText)': () => {
    for (const l of lines) {
      const out = call('validate', '{"kind":"event_create","mode":"strict","documentText":' + JSON.stringify(l) + '}');
      sink += JSON.parse(out).valid ? 1 : 0;
    }
  },
  'secrets.scan (call)': () => { for (const s of scans) sink += call('secrets.scan', s).length; },
};

const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
for (let round = 0; round < 7; round++) {
  for (const [name, f] of Object.entries(runs)) {
    const t = process.hrtime.bigint();
    f();
    times[name].push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
const base = median(times['JSON.parse']);
console.log(`${lines.length} envelopes, ${(bytes / 1e6).toFixed(2)} MB, ${valid} valid under the core's rules`);
for (const [name, ts] of Object.entries(times)) {
  const ms = median(ts);
  const us = (ms * 1000) / lines.length;
  console.log(`${name.padEnd(30)} ${us.toFixed(2).padStart(8)} µs/envelope ${(lines.length / ms * 1000).toFixed(0).padStart(8)} env/s ${(ms / base).toFixed(2).padStart(6)}x JSON.parse`);
}
if (sink === 0.5) console.log('');
