#!/usr/bin/env bash
# The reference hub's tests (examples/hub/test, under Bun): the RFC's
# acceptance tests, the kill criteria, crash safety, the HTTP surface and the
# load test (HUB_LOAD_EVENTS events from four processes; 20,000 by default).
# The hub decides through the Node-API addon, built here; `--wasm` runs the
# same tests on the npm package (pkg/) instead. Bun comes from `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."

face=addon
case "${1:-}" in
  --wasm) face=wasm ;;
  "") ;;
  *) echo "usage: $0 [--wasm]" >&2; exit 2 ;;
esac

[ -x node_modules/.bin/bun ] || npm ci
if [ "$face" = addon ]; then bash scripts/build-addon.sh; fi
# Both faces need pkg/: the adapter's test holds the addon and it to the same answers.
[ -f pkg/hapi_a2a_core_bg.wasm ] || bash scripts/build-pkg.sh

HAPI_HUB_CORE=$face node_modules/.bin/bun test --timeout 120000 examples/hub/test
