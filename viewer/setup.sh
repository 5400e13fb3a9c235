#!/usr/bin/env bash
# Machine setup for viewer/ci.sh: Debian's chromium (the browser the test drives) and binaryen
# (wasm-opt, which js/build.sh runs), the npm package's own setup (js/setup.sh, where there is
# one), and the test's dependencies (puppeteer-core, pinned by viewer/package-lock.json; it
# downloads no browser).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v wasm-opt >/dev/null || missing+=(binaryen)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
if [ -f js/setup.sh ]; then
    bash js/setup.sh
fi
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
if [ ! -d viewer/node_modules/puppeteer-core ]; then
    npm ci --prefix viewer --no-audit --no-fund
fi
