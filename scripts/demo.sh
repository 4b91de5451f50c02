#!/usr/bin/env bash
# The main job: builds the npm package and serves the demo page (the ledger
# viewer on its embedded demo ledger) on http://127.0.0.1:${PORT:-8080}/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-pkg.sh
exec node scripts/serve.mjs "${PORT:-8080}"
