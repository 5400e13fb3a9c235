#!/usr/bin/env bash
# Machine setup for viewer/ci.sh: Debian's chromium (the browser the test drives), the npm
# package's own setup (js/setup.sh: the wasm target and binaryen that js/build.sh needs), and
# the test's dependencies (puppeteer-core, pinned by viewer/package-lock.json; it downloads no
# browser). Idempotent: skips what is present.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
bash js/setup.sh
if [ ! -d viewer/node_modules/puppeteer-core ]; then
    npm ci --prefix viewer --no-audit --no-fund
fi
