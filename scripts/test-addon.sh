#!/usr/bin/env bash
# The Node-API addon's tests: lints and unit-tests its crate, builds it in
# release (scripts/build-addon.sh) and fails if the entry it writes differs
# from the committed one, then runs tests/addon/ under Node (node --test)
# and Bun (bun test): the golden corpus byte for byte against the recorded
# native answers, and the addon against the npm package (pkg-full/, built
# here when missing) for every kind of argument. Last, a strict TypeScript
# user of the entry. Installs what it needs through scripts/setup.sh (Bun
# comes from npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n== %s\n' "$*"; }

bash scripts/setup.sh

step "addon: format and lints"
cargo fmt --check -p hapi-a2a-core-node
cargo clippy --quiet -p hapi-a2a-core-node --all-targets -- -D warnings
# The core stays free of napi: no source file names it, and no feature of
# the core pulls it in.
if grep -rl napi src; then
  echo "napi named in the core's sources (above)" >&2
  exit 1
fi
if cargo tree --quiet -p hapi-a2a-core --all-features -e normal,build | grep -q napi; then
  echo "the core depends on napi" >&2
  exit 1
fi

step "addon: unit tests"
cargo test --quiet -p hapi-a2a-core-node

step "addon: release build, and the committed entry is the one it writes"
kept=$(mktemp -d)
trap 'rm -rf "$kept"' EXIT
cp node/index.js node/index.d.ts "$kept"/
bash scripts/build-addon.sh
for f in index.js index.d.ts; do
  if ! cmp -s "$kept/$f" "node/$f"; then
    diff -u "$kept/$f" "node/$f" >&2 || true
    echo "node/$f is stale (the core's op list changed): commit it as scripts/build-addon.sh wrote it" >&2
    exit 1
  fi
done

if [ ! -f pkg-full/hapi_a2a_core_bg.wasm ] || [ ! -f pkg/hapi_a2a_core_bg.wasm ] || [ ! -f pkg-full/upstream.js ]; then
  step "npm package (the faces are compared with it)"
  bash scripts/build-pkg.sh
fi

step "addon under node: golden corpus, faces, differential"
node --test tests/addon/

step "addon under bun: the same files"
node_modules/.bin/bun test --timeout 600000 tests/addon/

step "addon: typescript (strict) against the entry's types"
npx tsc -p tests/addon/ts
