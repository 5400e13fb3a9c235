#!/usr/bin/env bash
# `cargo publish --workspace --dry-run`: every crate packages on its own
# (README and licence files, path dependencies with versions, no test that
# reads the repository's testdata/). Every package but weburl-datafusion's
# is also built from its packaged sources (the `publish = false` test
# support crate is skipped); weburl-datafusion's is packaged without that
# build: verifying it compiled DataFusion and Ballista again with the
# package's own feature resolution (over 265 crates and still going after
# 10 minutes on the development machine), and `cargo test` builds the same
# sources.
#
# Cargo verifies a crate that depends on another workspace crate through a
# temporary local registry under the target directory, and unpacks that
# registry's crates into $CARGO_HOME/registry/src/-<hash of its path>/. It
# never unpacks a crate again once that directory exists, so a second run
# from the same checkout path would build the dependents against the
# sources of the first run. Each run therefore packages into a target
# directory of its own, and removes what it unpacked when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo_home="${CARGO_HOME:-$HOME/.cargo}"
package_target="$(mktemp -d "${TMPDIR:-/tmp}/weburl-publish.XXXXXX")"
forget_unpacked() {
    rm -rf "$package_target"
    # Local registries' directories are named "-<hash>" (no host name).
    rm -rf "$cargo_home"/registry/src/-*/weburl-*
}
trap forget_unpacked EXIT

export CARGO_TARGET_DIR="$package_target"
cargo publish --workspace --dry-run --locked --exclude weburl-datafusion
cargo publish --workspace --dry-run --locked --no-verify
