#!/usr/bin/env bash
# upstream-diff: the addon's "./upstream" module (and the npm package's copy,
# when built) against upstream HAPI's own functions, on the same seeded
# inputs. Not part of the test command: it needs upstream's git directory.
#
#   UPSTREAM_GIT=<git dir of tiann/hapi> bash scripts/upstream-diff/run.sh [--n N] [--seed S] [--report FILE] [--only f1,f2]
#
# Exit 0: no disagreement; 1: disagreements (listed by class); 2: could not run.
#
# Environment:
#   UPSTREAM_REF        the upstream ref to compare with (default main)
#   ZOD_VERSION         zod for upstream's schemas (default 4.6.7, what upstream's ^4.2.1 range
#                       resolves to when installed fresh and what the core's upstream profile follows;
#                       `lock` takes the version upstream's bun.lock pins, which counts UTF-16 units)
#   BUN                 a bun binary (default: bun 1.4.4, installed by npm into the cache)
#   UPSTREAM_DIFF_CACHE where bun is installed (default ~/.cache/upstream-diff)
#   NODE=0              skip the runs under Node
#
# Upstream is AGPL: its files are extracted at run time into a temporary
# directory, run there, and deleted at exit. Nothing of it is kept.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mirror=${UPSTREAM_GIT:?set UPSTREAM_GIT to a git directory of tiann/hapi}
ref=${UPSTREAM_REF:-main}
bun_version=1.4.4
cache=${UPSTREAM_DIFF_CACHE:-$HOME/.cache/upstream-diff}

n=2000 seed=1 report='' only=''
while [ $# -gt 0 ]; do
  case $1 in
    --n) n=$2 ;;
    --seed) seed=$2 ;;
    --report) report=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") ;;
    --only) only=$2 ;;
    *) echo "usage: $0 [--n N] [--seed S] [--report FILE] [--only f1,f2]" >&2; exit 2 ;;
  esac
  shift 2
done
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "--n wants a positive integer" >&2; exit 2; }

t0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - t0 ))s] $*" >&2; }

# --- the modules under test ----------------------------------------------------
targets=()
if ls "$root"/node/hapi-a2a-core.*.node >/dev/null 2>&1; then
  targets+=("addon=$root/node/upstream.js")
else
  echo "no built addon in node/: run scripts/build-addon.sh first" >&2
  exit 2
fi
for pkg in pkg-full pkg; do
  if [ -f "$root/$pkg/upstream.js" ] && [ -f "$root/$pkg/hapi_a2a_core_bg.wasm" ]; then
    targets+=("$pkg=$root/$pkg/upstream.js")
  fi
done

# --- bun -----------------------------------------------------------------------
if [ -z "${BUN:-}" ]; then
  BUN="$cache/bunbin/node_modules/.bin/bun"
  if [ ! -x "$BUN" ]; then
    stamp "installing bun@$bun_version into $cache/bunbin (npm)"
    mkdir -p "$cache/bunbin"
    (cd "$cache/bunbin" && npm i --no-audit --no-fund --silent "bun@$bun_version" >/dev/null)
  fi
fi

# --- upstream, in a temporary directory only -------------------------------------
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree="$work/upstream"
mkdir -p "$tree"
up_rev=$(git --git-dir="$mirror" rev-parse --short "$ref")
stamp "extracting upstream $ref ($up_rev)"
# (git archive may report objects the mirror lacks elsewhere in the tree, and still exits 0.)
git --git-dir="$mirror" archive "$ref" -- shared/src hub/src/sync/workGraphNotifyIngest.ts bun.lock \
  2>"$work/archive.log" | tar -x -C "$tree"
[ -f "$tree/hub/src/sync/workGraphNotifyIngest.ts" ] || { cat "$work/archive.log" >&2; exit 2; }

zod=${ZOD_VERSION:-4.6.7}
if [ "$zod" = lock ]; then
  zod=$(grep -oE '"zod": \["zod@[^"]+"' "$tree/bun.lock" | head -n1 | sed -E 's/.*zod@//; s/"$//')
fi
[ -n "$zod" ] || { echo "no zod version in upstream's bun.lock: set ZOD_VERSION" >&2; exit 2; }
stamp "installing zod@$zod"
(cd "$tree" && echo '{"private":true}' >package.json && npm i --no-audit --no-fund --silent "zod@$zod" >/dev/null)

# What the ingest module imports beyond the pure functions compared here: the
# protocol package (the shared modules it names) and the store's error class.
mkdir -p "$tree/node_modules/@hapi/protocol" "$tree/hub/src/store"
cat >"$tree/node_modules/@hapi/protocol/package.json" <<'JSON'
{ "name": "@hapi/protocol", "type": "module", "exports": { ".": "./index.ts" } }
JSON
cat >"$tree/node_modules/@hapi/protocol/index.ts" <<'TS'
export * from '../../../shared/src/workGraph.ts'
export * from '../../../shared/src/messages.ts'
export * from '../../../shared/src/sessionCitation.ts'
TS
echo 'export class WorkGraphValidationError extends Error {}' >"$tree/hub/src/store/index.ts"

# --- the runs --------------------------------------------------------------------
main="$here/main.mjs"
common=(--seed "$seed" --n "$n" --consts "$work/consts.json")
[ -n "$only" ] && common+=(--only "$only")
stamp "upstream: $n cases per function under bun $("$BUN" --version)"
"$BUN" "$main" cases --side upstream --tree "$tree" --out "$work/upstream.json" "${common[@]}"

compared=()
for t in "${targets[@]}"; do
  label=${t%%=*} module=${t#*=}
  stamp "$label: under bun"
  "$BUN" "$main" cases --side module --module "$module" --out "$work/$label-bun.json" "${common[@]}"
  compared+=(--target "$label=$work/$label-bun.json")
  if [ "${NODE:-1}" != 0 ] && command -v node >/dev/null; then
    stamp "$label: under node"
    node "$main" cases --side module --module "$module" --out "$work/$label-node.json" "${common[@]}"
    compared+=(--target "$label=$work/$label-node.json")
  fi
done

core_rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | head -c1 || true)
title="upstream $ref @ $up_rev (zod $zod); module @ $core_rev${dirty:+ with uncommitted changes}"
stamp "comparing"
status=0
node "$main" report --upstream "$work/upstream.json" --title "$title" "${common[@]}" "${compared[@]}" \
  ${report:+--report "$report"} || status=$?
stamp "done"
exit "$status"
