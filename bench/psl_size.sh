#!/usr/bin/env bash
# The binary size the compiled Public Suffix List adds: the `sites` example
# of crates/weburl-sites built in release with and without the `psl`
# feature, stripped. Prints both sizes and the difference in bytes.
#
# The example is built as the one binary of a throwaway package outside the
# workspace: built in place, it would get `psl` back through the
# dev-dependencies (weburl-test-support uses weburl-sites' default
# features), which examples are built with.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target="$root/target/psl-size"
package="$target/package"
mkdir -p "$package"
cat > "$package/Cargo.toml" <<TOML
[package]
name = "psl-size"
version = "0.0.0"
edition = "2021"
publish = false

[[bin]]
name = "sites"
path = "$root/crates/weburl-sites/examples/sites.rs"

[dependencies]
weburl = { path = "$root/crates/weburl" }
weburl-sites = { path = "$root/crates/weburl-sites", default-features = false }

[features]
psl = ["weburl-sites/psl"]

[profile.release]
debug = false

[workspace]
TOML
# The workspace's lock file, so that the same versions are built (cargo
# drops the entries this package does not use).
cp "$root/Cargo.lock" "$package/Cargo.lock"
size_of() {
    cargo build --quiet --release --manifest-path "$package/Cargo.toml" \
        --target-dir "$target" "$@"
    cp "$target/release/sites" "$target/sites.bin"
    strip "$target/sites.bin"
    stat -c %s "$target/sites.bin"
}
with=$(size_of --features psl)
without=$(size_of)
echo "sites example, stripped: with psl $with bytes, without $without bytes, the list adds $((with - without)) bytes"
