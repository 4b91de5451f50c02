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

build() { # build <out-dir> <cargo features>
  local out=$1 features=$2
  cargo build --quiet --lib --target wasm32-unknown-unknown --profile wasm \
    --no-default-features --features "$features"
  local tmp
  tmp=$(mktemp -d)
  wasm-bindgen --target web --out-dir "$tmp" --out-name hapi_a2a_core \
    target/wasm32-unknown-unknown/wasm/hapi_a2a_core.wasm
  "$wasm_opt" -Oz --strip-debug --strip-producers "${features_flags[@]}" \
    "$tmp/hapi_a2a_core_bg.wasm" -o "$tmp/hapi_a2a_core_bg.wasm"
  mkdir -p "$out"
  cp "$tmp"/hapi_a2a_core.js "$tmp"/hapi_a2a_core.d.ts "$tmp"/hapi_a2a_core_bg.wasm \
    "$tmp"/hapi_a2a_core_bg.wasm.d.ts "$out"/
  rm -rf "$tmp"
}

size_report() { # size_report <dir>
  local wasm js total
  wasm=$(gzip -9 <"$1/hapi_a2a_core_bg.wasm" | wc -c)
  js=$(cat "$1/hapi_a2a_core.js" "$1/node.js" | gzip -9 | wc -c)
  total=$((wasm + js))
  printf '%s: wasm %d B raw, %d B gzipped; glue %d B gzipped; total %d B gzipped\n' \
    "$1" "$(wc -c <"$1/hapi_a2a_core_bg.wasm")" "$wasm" "$js" "$total"
}

build pkg wasm
build pkg-full wasm,schema,compat
# pkg-full is the same package with the schema engine; it shares the
# hand-kept entry files of pkg/.
for f in package.json node.js node.d.ts README.md; do
  cp pkg/$f pkg-full/$f
done
sed -i 's/"name": "hapi-a2a-core"/"name": "hapi-a2a-core-full"/' pkg-full/package.json
size_report pkg
size_report pkg-full
