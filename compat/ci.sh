#!/usr/bin/env bash
# CI for compat/: the `url` crate's API on weburl.
#   1. compat/url: format, clippy (all features and none), docs, and its
#      tests: rust-url 2.5.9's unit.rs and wpt.rs (WPT data with an empty
#      expected-failures list), tests/compat.rs, doc tests;
#   2. real dependents' own test suites with url patched (dependents/run.sh);
#   3. the public API against url 2.5.9's (api/check.sh);
#   4. the benchmark's quick pass (bench --bin compat --quick), which first
#      checks every answer of compat/url against weburl's own API.
# Assumes compat/setup.sh ran. Exits non-zero on any failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
manifest="$here/url/Cargo.toml"

echo "== compat/url: fmt, clippy, doc"
(cd "$here/url" && rustfmt --check --edition 2021 src/lib.rs tests/compat.rs)
cargo clippy --quiet --manifest-path "$manifest" --all-targets --all-features -- -D warnings
cargo clippy --quiet --manifest-path "$manifest" --all-targets --no-default-features -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps --all-features --manifest-path "$manifest"

echo "== compat/url: tests (rust-url's unit.rs and wpt.rs, compat.rs, doc tests)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --manifest-path "$manifest" --all-features > "$log" 2>&1 || { cat "$log"; exit 1; }
grep -E '^test result' "$log"
wpt=$(grep -c '✅' "$log")
if grep -q '❌' "$log" || ! grep -q '^all tests passed' "$log"; then
    cat "$log"
    echo "FAIL: wpt.rs"
    exit 1
fi
echo "wpt.rs: $wpt WPT cases passed, expected failures listed: $(wc -l < "$here/url/tests/expected_failures.txt")"
cargo test --quiet --manifest-path "$manifest" --no-default-features 2>&1 | grep -E '^test result'

echo "== dependents"
"$here/dependents/run.sh"

echo "== public API"
"$here/api/check.sh"

echo "== bench: compat/url vs rust-url (answers checked against weburl)"
cargo run --quiet --release --manifest-path "$here/../bench/Cargo.toml" --bin compat -- --quick
echo "== compat: all checks passed"
