#!/usr/bin/env bash
# Runs every test suite of Aula: web API contract, lint/types/unit tests and build, server format,
# lints and black-box tests, and the browser end-to-end tests in Debian's Chromium.
# Installs what is missing (npm packages; chromium through apt when absent).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

need() { command -v "$1" >/dev/null 2>&1 || { echo "Aula tests need '$1': $2" >&2; exit 1; }; }
need cargo "install Rust (https://rustup.rs)"
need npm "install Node.js 20.19 or newer"

echo "== web: install, API contract, lint, types, unit tests, build"
cd "$root/web"
npm ci --no-audit --no-fund --loglevel=error
# The TS types, limits and error codes must be the ones generated from the committed
# OpenAPI document; server/tests/contract.rs checks that document against the server.
npm run check:api
npm run lint
npm run typecheck
npm test
npm run build

echo "== server: format, lints, tests"
cd "$root"
cargo fmt --all --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked --all-targets

if [ -f "$root/tests/package.json" ]; then
  echo "== browser end-to-end tests (Debian Chromium)"
  if ! [ -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
  fi
  cargo build --locked
  cd "$root/tests"
  npm ci --no-audit --no-fund --loglevel=error
  AULA_BIN="${CARGO_TARGET_DIR:-$root/target}/debug/aula" npm test
fi
