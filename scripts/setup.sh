#!/usr/bin/env bash
# Installs what building and testing need, idempotently: the wasm32 target,
# clippy and rustfmt, wasm-bindgen-cli at the exact version the crate locks,
# the npm dev dependencies, and (with --browser) Debian's Chromium and
# ChromeDriver for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=no
[ "${1:-}" = "--browser" ] && browser=yes

step() { printf '\n== %s\n' "$*"; }

step "rust toolchain pieces"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
rustup component add clippy rustfmt >/dev/null 2>&1 || rustup component add clippy rustfmt

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  step "wasm-bindgen-cli $want"
  # The CLI must match the crate's wasm-bindgen exactly. `--locked` is tried
  # first; its lock file pins a dependency version the registry no longer
  # serves, so the fallback resolves dependencies afresh (same CLI version).
  cargo install wasm-bindgen-cli --version "$want" --locked \
    || cargo install wasm-bindgen-cli --version "$want"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
   || [ ! -e node_modules/hapi-a2a-core ]; then
  step "npm dev dependencies"
  npm ci --no-audit --no-fund
fi

if [ "$browser" = yes ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
  step "chromium and chromedriver (Debian)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi
