#!/usr/bin/env bash
# The packages as a user installs them. First the addon loader's and the CLI
# launcher's choices on simulated machines (tests/dist/, node --test). Then
# packs this machine's linux-x64-gnu platform packages (the addon and the
# CLI), the addon's main package and the CLI's launcher package (npm pack),
# installs the tarballs into a new project outside the repository with
# nothing from the network (npm install --offline: the other platforms'
# optional packages are skipped), and runs them: the addon from Node and Bun,
# the CLI through npx. Reuses the builds in target/: the addon's
# (node/hapi-a2a-core.linux-x64-gnu.node, built --debug when missing) and the
# CLI's debug build, so what it packs are debug builds.
# Needs: cargo, node and npm; Bun from the repository's npm dev dependencies.
# shellcheck disable=SC2016 # the single-quoted "$id"s are JSON keys, not variables
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
step() { printf '\n== %s\n' "$*"; }
start=$(date +%s)

step "dist: the loader's and the launcher's choices on simulated machines"
node --test tests/dist/

target=$(node node/index.cjs --target)
if [ "$target" != linux-x64-gnu ]; then
  echo "test-dist.sh packs linux-x64-gnu; this machine is $target" >&2
  exit 1
fi

step "dist: builds (debug, reused when fresh)"
addon="node/hapi-a2a-core.$target.node"
if [ ! -f "$addon" ] || [ ! -f node/wire.d.ts ]; then bash scripts/build-addon.sh --debug; fi
nice cargo build --quiet --bin hapi-a2a
cli="${CARGO_TARGET_DIR:-target}/debug/hapi-a2a"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/stage"
tarballs="$work/tarballs"
mkdir -p "$stage" "$tarballs"

step "dist: npm pack"
# The platform packages are packed from staged copies holding this machine's
# builds; the addon's main package and the launcher from where they are,
# their `files` keeping any local build out (the launcher's prepack copies
# node/target.cjs in).
mkdir -p "$stage/addon-$target" "$stage/cli-$target/bin"
cp "npm/addon/$target/package.json" "$stage/addon-$target/"
cp "$addon" "$stage/addon-$target/"
cp "npm/cli-bin/$target/package.json" "$stage/cli-$target/"
cp "$cli" "$stage/cli-$target/bin/hapi-a2a"
# Debug builds without their debug info: a tenth of the size to pack.
strip --strip-debug "$stage/addon-$target/"*.node "$stage/cli-$target/bin/hapi-a2a"
for d in "$stage/addon-$target" "$stage/cli-$target" node npm/cli; do
  (cd "$d" && npm pack --silent --pack-destination "$tarballs" >/dev/null)
done
ls -l "$tarballs"
# (Listed first: grep -q stops reading early, which pipefail would count.)
main_files=$(tar -tzf "$tarballs"/hapi-a2a-core-node-0.1.0.tgz)
launcher_files=$(tar -tzf "$tarballs"/hapi-a2a-0.1.0.tgz)
if grep -q '\.node$' <<<"$main_files"; then
  echo "the addon's main package holds a .node file" >&2
  exit 1
fi
for f in package/index.cjs package/target.cjs; do
  grep -qx "$f" <<<"$main_files" || { echo "the addon's main package lacks $f" >&2; exit 1; }
done
for f in package/bin/hapi-a2a.js package/bin/target.cjs; do
  grep -qx "$f" <<<"$launcher_files" || { echo "the launcher package lacks $f" >&2; exit 1; }
done

step "dist: a new project installs the tarballs offline"
app="$work/app"
mkdir -p "$app"
tgz() { echo "file:$tarballs/$1-0.1.0.tgz"; }
cat >"$app/package.json" <<EOF
{
  "name": "dist-check",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "dependencies": {
    "hapi-a2a-core-node": "$(tgz hapi-a2a-core-node)",
    "hapi-a2a": "$(tgz hapi-a2a)"
  },
  "overrides": {
    "hapi-a2a-core-node-$target": "$(tgz "hapi-a2a-core-node-$target")",
    "hapi-a2a-$target": "$(tgz "hapi-a2a-$target")"
  }
}
EOF
(cd "$app" && npm install --offline --no-audit --no-fund --loglevel=error)
ls "$app/node_modules"
# The addon came from its platform package: nothing beside the loader.
if ls "$app/node_modules/hapi-a2a-core-node/"*.node >/dev/null 2>&1; then
  echo "a .node file beside the installed loader" >&2
  exit 1
fi

cat >"$app/check.mjs" <<'EOF'
import { createRequire } from 'node:module';
import { call, validate, ops } from 'hapi-a2a-core-node';
import * as upstream from 'hapi-a2a-core-node/upstream';
const require = createRequire(import.meta.url);
const engine = typeof Bun === 'undefined' ? `node ${process.version}` : `bun ${Bun.version}`;
const from = require.resolve('hapi-a2a-core-node-linux-x64-gnu');
const cjs = require('hapi-a2a-core-node');
const answer = validate({ kind: 'principal', document: { kind: 'agent', id: 'a' } });
if (answer.type !== 'success' || answer.valid || answer.diagnostics[0].code !== 'principal/unaccountable') {
  throw new Error(`unexpected answer: ${JSON.stringify(answer)}`);
}
const text = call('validate', '{"kind":"principal","document":{"kind":"human","id":"42"}}');
if (!text.startsWith('{"type":"success","valid":true')) throw new Error(`unexpected answer: ${text}`);
if (cjs.call !== call || !ops().includes('schema.check') || typeof upstream !== 'object') throw new Error('faces differ');
console.log(`${engine}: ${ops().length} ops, addon from ${from}`);
EOF

step "dist: the installed addon from Node and Bun"
(cd "$app" && node check.mjs)
(cd "$app" && "$repo/node_modules/.bin/bun" check.mjs)

step "dist: npx hapi-a2a from the installed launcher"
(cd "$app" && npx --offline hapi-a2a --version)
set +e
(cd "$app" && npx --offline hapi-a2a schema-check --base "$repo/schemas/baseline" --head "$repo/schemas" --policy lenient)
code=$?
set -e
if [ "$code" != 0 ]; then
  echo "npx hapi-a2a schema-check exited $code on the repository's own schemas" >&2
  exit 1
fi
# A breaking change exits 1 through the launcher as from the binary.
mkdir -p "$work/base" "$work/head"
printf '{"$id":"x","type":"object","properties":{"a":{"type":"string"}}}\n' >"$work/base/x.json"
printf '{"$id":"x","type":"object","properties":{"a":{"type":"integer"}}}\n' >"$work/head/x.json"
set +e
(cd "$app" && npx --offline hapi-a2a schema-check --base "$work/base" --head "$work/head" >/dev/null)
code=$?
set -e
if [ "$code" != 1 ]; then
  echo "a breaking change exited $code through npx, not 1" >&2
  exit 1
fi

step "dist: the action's step against fixture schemas (more than ten changes)"
gate_base="$work/gate-base"; gate_head="$work/gate-head"
mkdir -p "$gate_base" "$gate_head"
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do
  printf '{"$id":"s%s","type":"object","properties":{"a":{"type":"string"}}}\n' "$i" >"$gate_base/s$i.json"
done
for i in 01 02 03; do
  printf '{"$id":"s%s","type":"object","properties":{"a":{"type":"integer"}}}\n' "$i" >"$gate_head/s$i.json"
done
out="$work/gate-output"; summary="$work/gate-summary"; log="$work/gate-log"
: >"$out"; : >"$summary"
set +e
(cd "$app" && BASE="$gate_base" HEAD="$gate_head" POLICY=lenient DIRECTION=full VERSION=0.1.0 \
  HAPI_A2A="npx --offline hapi-a2a" GITHUB_OUTPUT="$out" GITHUB_STEP_SUMMARY="$summary" \
  bash "$repo/.github/schema-gate.sh" >"$log" 2>&1)
code=$?
set -e
cat "$log"
fail() { echo "action step: $*" >&2; exit 1; }
[ "$code" = 1 ] || fail "exited $code on breaking changes, not 1"
[ "$(cat "$out")" = "breaking=true" ] || fail "GITHUB_OUTPUT holds $(cat "$out")"
[ "$(grep -c '^::error ' "$log")" = 10 ] || fail "not ten error annotations"
grep -q '^::warning title=compat/not-annotated::2 more changes' "$log" || fail "no count of the changes left unannotated"
grep -q '^2 changes or problems could not be annotated' "$summary" || fail "the summary does not count the unannotated"
# The summary lists every change: nine removed schemas and three changed types.
[ "$(grep -c 'compat/schema-removed' "$summary")" -ge 9 ] || fail "the summary lacks removed schemas"
[ "$(grep -c 'compat/type-changed' "$summary")" -ge 3 ] || fail "the summary lacks changed types"
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do grep -q "s$i" "$summary" || fail "s$i not in the summary"; done
: >"$out"
(cd "$app" && BASE="$repo/schemas/baseline" HEAD="$repo/schemas" POLICY=lenient DIRECTION=full \
  HAPI_A2A="npx --offline hapi-a2a" GITHUB_OUTPUT="$out" GITHUB_STEP_SUMMARY="$summary" \
  bash "$repo/.github/schema-gate.sh" >/dev/null) || fail "the repository's own schemas failed the gate"
[ "$(cat "$out")" = "breaking=false" ] || fail "GITHUB_OUTPUT holds $(cat "$out") for compatible schemas"

printf '\ndist tests passed in %ss\n' "$(($(date +%s) - start))"
