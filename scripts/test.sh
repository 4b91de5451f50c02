#!/usr/bin/env bash
# Every test of the project, from a fresh clone: installs what it needs
# (scripts/setup.sh), then checks formatting and lints (native and wasm32),
# runs the Rust tests, builds the npm package, replays the golden corpus
# through wasm (Node and headless Chromium) and through pkg/ with node --test,
# type-checks a strict TypeScript user of the package, drives the demo page
# in Chromium, gates the published schemas on the additive-only rule, and
# runs the Node-API addon and the reference hub (examples/hub) under Bun, and
# installs the packed addon and CLI as a user would (scripts/test-dist.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n== %s\n' "$*"; }
start=$(date +%s)

bash scripts/setup.sh --browser

step "format"
cargo fmt --check

step "wasm types stay in src/wasm.rs"
leaks=$(grep -rlE 'wasm_bindgen|js_sys|JsValue' src | grep -v '^src/wasm\.rs$' || true)
if [ -n "$leaks" ]; then
  echo "wasm types outside src/wasm.rs: $leaks" >&2
  exit 1
fi

step "clippy (native, all targets)"
cargo clippy --quiet --all-targets --features ts -- -D warnings
step "clippy (wasm32)"
cargo clippy --quiet --target wasm32-unknown-unknown --no-default-features --features wasm,compat,schema --lib --test wasm_golden --test wasm_browser -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown --no-default-features --features wasm --lib -- -D warnings

step "the library builds without CLI, schema engine or wasm (as the hub links it)"
cargo check --quiet --lib --no-default-features

step "docs"
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps

step "rust tests"
cargo test --features ts

step "npm package"
bash scripts/build-pkg.sh

step "golden corpus through wasm under node"
cargo test --target wasm32-unknown-unknown --no-default-features --features wasm,compat,schema --test wasm_golden
step "golden corpus through wasm in headless chromium"
# The runner's 20 s default is too short for a loaded machine.
CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=300 \
  cargo test --target wasm32-unknown-unknown --no-default-features --features wasm,compat,schema --test wasm_browser

step "typescript (strict) against the package types, in a Node-only and a DOM project"
npx tsc -p tests/ts
npx tsc -p tests/ts/dom

step "schemas: additive-only gate against the released baseline"
HAPI_A2A_BIN=target/debug/hapi-a2a bash scripts/schema-gate.sh

step "golden corpus through pkg/ (node --test) and the viewer in chromium"
node --test tests/node/ tests/browser/

step "the packed package from Node, Bun and a Vite build in chromium"
node --test tests/consumer/

step "the Node-API addon (node/): golden corpus and faces under Node and Bun"
bash scripts/test-addon.sh

step "the reference hub on bun:sqlite (examples/hub/), deciding through the addon"
bash scripts/test-hub.sh

step "the packages as installed: the addon and the CLI from their platform packages, the action's step"
bash scripts/test-dist.sh

step "ready to publish: npm and cargo dry-runs, the names, the release workflow under actionlint"
bash scripts/publish-check.sh

printf '\nall tests passed in %ss\n' "$(($(date +%s) - start))"
