#!/usr/bin/env bash
# Machine setup for js/ci.sh (idempotent; skips what is present): the wasm32
# Rust target, wasm-opt (Debian's binaryen), Debian's chromium for the
# browser run, and the npm dependencies of the test drivers and the
# benchmark (pinned by their package-lock.json files). Node 20 and npm are
# assumed present.
set -euo pipefail
cd "$(dirname "$0")"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

missing=()
command -v wasm-opt >/dev/null || missing+=(binaryen)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

# puppeteer-core never downloads a browser; the drivers use /usr/bin/chromium.
# (again when a package-lock.json is newer than what npm installed from it)
for dir in test bench; do
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund)
    fi
done
