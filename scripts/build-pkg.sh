#!/usr/bin/env bash
# Builds the npm package into pkg/ (typed rules only: the default, small
# build) and pkg-full/ (with the JSON Schema engine), and prints their sizes.
# Needs: the wasm32 target, wasm-bindgen-cli at the crate's exact version,
# and the npm dev dependencies (scripts/setup.sh installs all three).
set -euo pipefail
cd "$(dirname "$0")/.."

wasm_opt=node_modules/.bin/wasm-opt
features_flags=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)

build() { # build <out-dir> <cargo features> [wasm-opt passes...]
  local out=$1 features=$2
  shift 2
  local passes=(-Oz)
  [ $# -gt 0 ] && passes=("$@")
  cargo build --quiet --lib --target wasm32-unknown-unknown --profile wasm \
    --no-default-features --features "$features"
  local tmp
  tmp=$(mktemp -d)
  wasm-bindgen --target web --out-dir "$tmp" --out-name hapi_a2a_core \
    target/wasm32-unknown-unknown/wasm/hapi_a2a_core.wasm
  "$wasm_opt" "${passes[@]}" --strip-debug --strip-producers "${features_flags[@]}" \
    "$tmp/hapi_a2a_core_bg.wasm" -o "$tmp/hapi_a2a_core_bg.wasm"
  split_types "$tmp"
  mkdir -p "$out"
  cp "$tmp"/hapi_a2a_core.js "$tmp"/hapi_a2a_core.d.ts "$tmp"/api.d.ts "$tmp"/hapi_a2a_core_bg.wasm \
    "$tmp"/hapi_a2a_core_bg.wasm.d.ts "$out"/
  rm -rf "$tmp"
}

# split_types <dir>: wasm-bindgen's .d.ts holds the wire types and the
# exports, then the loader's types (`init`, `initSync`), which name DOM types
# (`RequestInfo`, `BufferSource`, `WebAssembly`). The first part becomes
# api.d.ts, which any project can type-check; hapi_a2a_core.d.ts (browsers and
# bundlers) re-exports it beside the loader's types, and node.d.ts (Node)
# re-exports it beside its own `init`. Both are laid out flat: two spaces per
# brace level, whatever indentation wasm-bindgen gave them.
split_types() {
  node --input-type=module - "$1" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const dir = process.argv[2];
const text = readFileSync(`${dir}/hapi_a2a_core.d.ts`, 'utf8');

function flat(source) {
  let depth = 0;
  let inComment = false;
  const out = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line) {
      if (out.length && out[out.length - 1] !== '') out.push('');
      continue;
    }
    let opens = 0;
    let closes = 0;
    let str = '';
    for (let i = 0; i < line.length; i += 1) {
      const c = line[i];
      if (inComment) {
        if (c === '*' && line[i + 1] === '/') { inComment = false; i += 1; }
        continue;
      }
      if (str) {
        if (c === '\\') i += 1;
        else if (c === str) str = '';
        continue;
      }
      if (c === '/' && line[i + 1] === '*') { inComment = true; i += 1; continue; }
      if (c === '/' && line[i + 1] === '/') break;
      if (c === '"' || c === "'" || c === '`') str = c;
      else if (c === '{') opens += 1;
      else if (c === '}') closes += 1;
    }
    const lead = line.startsWith('}') ? 1 : 0;
    const pad = '  '.repeat(Math.max(0, depth - lead));
    out.push(pad + (line.startsWith('*') ? ' ' : '') + line);
    depth = Math.max(0, depth + opens - closes);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

const at = text.indexOf('export type InitInput');
if (at < 0) throw new Error('wasm-bindgen output changed: no `export type InitInput` to split at');
// `[Symbol.dispose]` (which the glue sets where the engine has it) needs
// TypeScript's `esnext.disposable` lib: a user on ES2022 would get an error from the
// package's types. `free()` says the same, and stays.
const api = text.slice(0, at).replace(/^\/\* tslint:disable \*\/\n\/\* eslint-disable \*\/\n/, '')
  .replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, '');
const loader = text.slice(at);
writeFileSync(`${dir}/api.d.ts`, flat(api));
writeFileSync(`${dir}/hapi_a2a_core.d.ts`, flat(
  '// The package as browsers and bundlers load it: every export, and the\n'
  + '// loader (`init` fetches the .wasm beside this file).\n'
  + 'export * from "./api.js";\n\n' + loader));
JS
}

size_report() { # size_report <dir>
  local wasm js total
  wasm=$(gzip -9 <"$1/hapi_a2a_core_bg.wasm" | wc -c)
  js=$(cat "$1/hapi_a2a_core.js" "$1/node.js" | gzip -9 | wc -c)
  local dts
  dts=$(cat "$1"/*.d.ts | wc -c)
  total=$((wasm + js))
  printf '%s: wasm %d B raw, %d B gzipped; glue %d B gzipped; total %d B gzipped; types %d B\n' \
    "$1" "$(wc -c <"$1/hapi_a2a_core_bg.wasm")" "$wasm" "$js" "$total" "$dts"
  # The elements are their entry and the modules of elements/ it imports.
  printf '%s: elements (hapi-a2a-core/elements) %d B gzipped\n' "$1" "$(cat "$1/elements.js" "$1"/elements/*.js | gzip -9 | wc -c)"
}

# The default package is run to a fixed point (`--converge`): about 1 KB
# smaller gzipped for half a minute more of building. pkg-full is the size
# it is for its schema engine; one pass does for it. Both inline functions
# of up to five instructions (`-Oz` alone: two), the wrappers the size-
# optimised build leaves as calls: a verdict 1 to 3.5 % faster for about
# 400 B gzipped.
inline=(--always-inline-max-function-size 5)
build pkg wasm -Oz --converge "${inline[@]}"
build pkg-full wasm,schema,compat -Oz "${inline[@]}"
# The upstream adapter (`hapi-a2a-core/upstream`) is one file for both
# packages, kept with the addon's (node/upstream.js); it reaches the face
# through the package's `#core` import.
cp node/upstream.js node/upstream.d.ts pkg/
# pkg-full is the same package with the schema engine; it shares the
# hand-kept entry files of pkg/ (the elements among them, with their modules).
for f in package.json node.js node.d.ts upstream.js upstream.d.ts elements.js elements.d.ts ledger-worker.js README.md; do
  cp pkg/$f pkg-full/$f
done
rm -rf pkg-full/elements
cp -R pkg/elements pkg-full/elements
sed -i 's/"name": "hapi-a2a-core"/"name": "hapi-a2a-core-full"/' pkg-full/package.json
size_report pkg
size_report pkg-full
