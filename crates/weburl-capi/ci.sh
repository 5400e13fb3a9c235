#!/usr/bin/env bash
# The C API's C tests: runs
# tests/c_programs.rs under valgrind (WEBURL_CAPI_VALGRIND=1), which builds
# the static library, compiles ada's own C API test (testdata/ada/ada_c.cpp,
# unchanged) and the README's example against include/ada_c.h, and runs
# them: any failed assertion, invalid read or write, or leaked block fails.
#
# What the tests need (.ci/setup installs them):
# - g++ and cc; GoogleTest (Debian libgtest-dev); valgrind; npm.
# - simdjson >= 3.2, which ada's test reads its JSON with (it calls
#   get_string(bool allow_replacement)); Debian bookworm's libsimdjson-dev is
#   3.0.1. The npm package @nozbe/simdjson 3.9.4 is simdjson's own 3.9.4
#   single-header release (its simdjson.cpp is byte for byte simdjson's
#   singleheader/simdjson.cpp at tag v3.9.4); it is unpacked under target/,
#   compiled into the test only, and checked against the hash below.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== C API: ada's C API test and the README example, under valgrind"

target="${CARGO_TARGET_DIR:-target}"
simdjson="$target/capi-c/simdjson-3.9.4"
if [ ! -f "$simdjson/simdjson.cpp" ]; then
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent @nozbe/simdjson@3.9.4 >/dev/null)
    echo "d5c2e068967f1c3061123813d9b6e58ae4b180eb9c8b65b3db9a7f26a2a8a5c1  $tmp/nozbe-simdjson-3.9.4.tgz" | sha256sum -c --quiet
    mkdir -p "$simdjson"
    tar -xzf "$tmp/nozbe-simdjson-3.9.4.tgz" -C "$simdjson" --strip-components=2 package/src/simdjson.h package/src/simdjson.cpp
    rm -rf "$tmp"
fi

CI=true WEBURL_CAPI_VALGRIND=1 cargo test -p weburl-capi --locked --test c_programs -- --nocapture
