#!/usr/bin/env bash
# Builds the Node-API addon (node/) for this machine and puts it where
# node/index.cjs loads it: node/hapi-a2a-core.<target>.node, the target
# named as its platform package is (linux-x64-gnu, linux-x64-musl,
# darwin-arm64, win32-x64-msvc: node node/index.cjs --target). Then
# copies the wire types beside it and writes the ES module entry and its
# types from the addon's exports (node/generate.mjs).
#   scripts/build-addon.sh           release build (what the hub ships)
#   scripts/build-addon.sh --debug   unoptimised, quicker to build
# Needs: cargo and node.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
case "${1:-}" in
  --debug) profile=debug ;;
  "") ;;
  *) echo "usage: $0 [--debug]" >&2; exit 2 ;;
esac

flags=(--quiet -p hapi-a2a-core-node)
[ "$profile" = release ] && flags+=(--release)
cargo build "${flags[@]}"

case "$(uname -s)" in
  Darwin) lib=libhapi_a2a_core_node.dylib ;;
  MINGW* | MSYS* | CYGWIN*) lib=hapi_a2a_core_node.dll ;;
  *) lib=libhapi_a2a_core_node.so ;;
esac
built="${CARGO_TARGET_DIR:-target}/$profile/$lib"
target=$(node node/index.cjs --target)
dest="node/hapi-a2a-core.$target.node"
# A new file moved into place, never written over: a process that has the
# old one loaded keeps its mapping.
cp "$built" "$dest.tmp"
mv -f "$dest.tmp" "$dest"
cp ts/wire.d.ts node/wire.d.ts
node node/generate.mjs
printf '%s (%s): %d bytes\n' "$dest" "$profile" "$(wc -c <"$dest")"
