#!/usr/bin/env bash
# The additive-only gate: HEAD's schemas/ must be fully compatible (backward
# and forward) with the released baseline named in schemas/BASELINE.
# Exit 0 compatible, 1 breaking, 2 usage/IO/unreadable schema.
# Policy lenient: the project's readers keep and ignore undeclared fields and
# its writers emit only declared ones, so adding an optional field is additive.
# Set HAPI_A2A_BIN to use an already built binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$(sed -n 's/^dir: *//p' schemas/BASELINE | head -n 1)
if [ -z "$dir" ] || [ ! -d "schemas/$dir" ]; then
  echo "schema-gate: schemas/BASELINE names no baseline directory under schemas/" >&2
  exit 2
fi

bin=${HAPI_A2A_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --quiet --bin hapi-a2a
  bin="${CARGO_TARGET_DIR:-target}/release/hapi-a2a"
fi

args=(schema-check --base "schemas/$dir" --head schemas --direction full --policy lenient)
if [ -n "${GITHUB_ACTIONS:-}" ]; then
  "$bin" "${args[@]}" --format github || true
fi
"$bin" "${args[@]}"
