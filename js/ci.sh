#!/usr/bin/env bash
# Checks of the weburl npm package (issue 24), assuming js/setup.sh ran:
#  1. build (js/build.sh), npm pack, install the tarball into a scratch project;
#  2. node --test there: the WPT suites, the heap test, the fuzz test against
#     the weburl CLI, validationErrors() against whatwg-url;
#  3. the WPT suites in headless Chromium on a page loading the package;
#  4. sizes against their limits (js/scripts/size.mjs);
#  5. a benchmark smoke run, answers checked against Node's URL first.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
start=$(date +%s)

echo "== build"
bash js/build.sh
cargo build --quiet --release -p weburl-cli
cli="$repo/target/release/weburl"

echo "== pack and install"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/weburl-js-ci.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
tarball=$(cd js && npm pack --silent --pack-destination "$scratch")
mkdir -p "$scratch/project/test"
cd "$scratch/project"
echo '{ "name": "weburl-ci", "private": true, "type": "module" }' > package.json
npm install --silent --no-audit --no-fund "$scratch/$tarball"
cp "$repo"/js/test/*.js test/
ls node_modules/weburl

echo "== node --test (installed package)"
status=0
WEBURL_TESTDATA="$repo/testdata" WEBURL_CLI="$cli" \
    WEBURL_REFERENCE="$repo/js/test/node_modules/whatwg-url/index.js" \
    node --expose-gc --test --test-reporter=spec test/ > "$scratch/node-test.log" 2>&1 || status=$?
# The suites' counts, the tests' verdicts and the summary.
sed -n -E '/passed|agree|heap|memory|inputs|✔|✖|^ℹ/p' "$scratch/node-test.log"
if [ "$status" -ne 0 ]; then
    cat "$scratch/node-test.log"
    echo "node --test failed (exit $status)"
    exit 1
fi

echo "== chromium"
(cd "$repo/js/test" && node browser/run.mjs "$scratch/project/node_modules/weburl" "$repo/testdata")

echo "== sizes"
node "$repo/js/scripts/size.mjs" "$scratch/project/node_modules/weburl"

echo "== benchmark smoke run (answers checked first)"
(cd "$repo/js/bench" && node bench.mjs --quick)

echo "js/ci.sh: all checks passed in $(( $(date +%s) - start )) s"
