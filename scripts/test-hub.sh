#!/usr/bin/env bash
# The reference hub's tests (examples/hub/test, under Bun): the RFC's
# acceptance tests, the kill criteria, crash safety, the HTTP surface and the
# load test (HUB_LOAD_EVENTS events from four processes; see the test for the
# default). Bun comes from the npm dev dependencies; the core from pkg/.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x node_modules/.bin/bun ] || npm ci
[ -f pkg/hapi_a2a_core_bg.wasm ] || bash scripts/build-pkg.sh

node_modules/.bin/bun test --timeout 120000 examples/hub/test
