#!/usr/bin/env bash
# Machine setup for viewer/ci.sh: Debian's chromium (the browser the test drives), the npm
# package's own setup (js/setup.sh: the wasm target, binaryen), and the test's dependencies
# (puppeteer-core, pinned by viewer/package-lock.json; it downloads no browser).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
if [ -f js/setup.sh ]; then
    bash js/setup.sh
fi
if [ ! -d viewer/node_modules/puppeteer-core ]; then
    npm ci --prefix viewer --no-audit --no-fund
fi
