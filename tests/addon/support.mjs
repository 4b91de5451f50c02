// What the addon's runners share: the addon as a hub imports it, the golden
// case list, and the recorded answers with their layout taken out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as addon from '../../node/index.js';

export { addon };

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const goldenDir = join(root, 'tests/golden');

/** Which engine runs this file. */
export const engine = typeof globalThis.Bun === 'undefined' ? `node ${process.version}` : `bun ${globalThis.Bun.version}`;

/** Every golden case on disk as [op, case], sorted. */
export function casesOnDisk() {
  // Every `.call.json` below `dir`, at any depth, as a path relative to it
  // with `/` between folders: a case may sit in folders that group it
  // (`validate/<document kind>/<case>`).
  const callsUnder = (dir, prefix = '') => {
    const found = [];
    for (const f of readdirSync(join(dir, prefix)).sort()) {
      const rel = prefix ? `${prefix}/${f}` : f;
      if (statSync(join(dir, rel)).isDirectory()) found.push(...callsUnder(dir, rel));
      else if (f.endsWith('.call.json')) found.push(rel);
    }
    return found;
  };
  const out = [];
  for (const op of readdirSync(goldenDir).sort()) {
    if (!statSync(join(goldenDir, op)).isDirectory()) continue;
    for (const rel of callsUnder(join(goldenDir, op))) out.push([op, rel.slice(0, -'.call.json'.length)]);
  }
  const order = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  return out.sort(order);
}

/** The cases of the index the native and wasm runners replay. */
export function casesInIndex() {
  const text = readFileSync(join(goldenDir, 'index.rs'), 'utf8');
  return [...text.matchAll(/^\s*\("([^"]+)", "([^"]+)",/gm)].map((m) => [m[1], m[2]]);
}

export const callText = (op, name) => readFileSync(join(goldenDir, op, `${name}.call.json`), 'utf8');
export const answerText = (op, name) => readFileSync(join(goldenDir, op, `${name}.answer.json`), 'utf8');

/**
 * JSON text without the whitespace between its tokens: a recorded answer
 * (pretty-printed) as the compact bytes `call` returns. Strings are copied
 * as written, escapes and all; nothing is parsed or re-encoded.
 */
export function compact(text) {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      out += text.slice(from, i);
      while (i < text.length && ' \n\t\r'.includes(text[i])) i += 1;
      from = i;
    } else {
      i += 1;
    }
  }
  return out + text.slice(from);
}

/** The npm package's name of an op's typed export: `notify.parse` is `notifyParse`. */
export const exportName = (op) => op.replace(/[._-](\w)/g, (_, c) => c.toUpperCase());
