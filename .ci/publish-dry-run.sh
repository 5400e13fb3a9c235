#!/usr/bin/env bash
# `cargo publish --workspace --dry-run`: every crate packages on its own
# (README and licence files, path dependencies with versions, no test that
# reads the repository's testdata/). The packages of weburl, weburl-html
# and weburl-cli are also built from their packaged sources (about 2
# minutes); weburl-datafusion's is packaged without that build: verifying
# it compiled DataFusion and Ballista again with the package's own feature
# resolution (over 265 crates and still going after 10 minutes on the
# development machine), and `cargo test` builds the same sources.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo publish --workspace --dry-run --locked --exclude weburl-datafusion
cargo publish --workspace --dry-run --locked --no-verify
