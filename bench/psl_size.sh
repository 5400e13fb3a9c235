#!/usr/bin/env bash
# The binary size the compiled Public Suffix List adds: the `sites` example
# of crates/weburl built in release with and without the `psl` feature,
# stripped. Prints both sizes and the difference in bytes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target="$root/target/psl-size"
size_of() {
    cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p weburl \
        --example sites --target-dir "$target" "$@"
    cp "$target/release/examples/sites" "$target/sites.bin"
    strip "$target/sites.bin"
    stat -c %s "$target/sites.bin"
}
with=$(size_of)
without=$(size_of --no-default-features)
echo "sites example, stripped: with psl $with bytes, without $without bytes, the list adds $((with - without)) bytes"
