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
  const out = [];
  for (const op of readdirSync(goldenDir).sort()) {
    if (!statSync(join(goldenDir, op)).isDirectory()) continue;
    for (const f of readdirSync(join(goldenDir, op)).sort()) {
      if (f.endsWith('.call.json')) out.push([op, f.slice(0, -'.call.json'.length)]);
    }
  }
  const key = ([op, name]) => `${op}/${name}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
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
