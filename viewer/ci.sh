#!/usr/bin/env bash
# The viewer's checks: the validation error table is the one generated from the Standard's
# names, the page builds, and the headless Chromium test passes against it served on a random
# loopback port (it prints "N passed, N failed"). Assumes viewer/setup.sh ran.
set -euo pipefail
cd "$(dirname "$0")/.."

# The generated table lists exactly the Standard's error names, in order.
node --input-type=module -e '
import { VALIDATION_ERRORS } from "./viewer/js/validation-errors.js";
import { readFileSync } from "node:fs";
const names = readFileSync("testdata/validation-error-names.txt", "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
const table = Object.keys(VALIDATION_ERRORS);
if (JSON.stringify(table) !== JSON.stringify(names)) { console.error("viewer/js/validation-errors.js does not list the names of testdata/validation-error-names.txt"); process.exit(1); }
console.log(`validation error table: ${table.length} names, as testdata/validation-error-names.txt`);
'

bash viewer/build.sh

log=$(mktemp)
python3 -u -m http.server 0 --bind 127.0.0.1 -d viewer >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$log"' EXIT
port=
for _ in $(seq 50); do
    port=$(sed -n 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9]*\).*/\1/p' "$log")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "the static server did not start"; cat "$log"; exit 1; }

node viewer/test/browser.test.mjs "http://127.0.0.1:$port/"
