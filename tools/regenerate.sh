#!/usr/bin/env bash
# Regenerates every generated file in the repository from its source. Each
# file starts with an `@generated` line naming this script; the tests
# behind it fail (CI) when a checked-in file differs from what they would
# write, and write it instead when WEBURL_REGENERATE is set.
#
#   crates/weburl-sites/src/psl/table.rs     the Public Suffix List table, from testdata/psl/
#   crates/weburl-sites/src/psl/list.txt     the same list in compact form (feature compact-list)
#   crates/weburl-html/src/named_references.rs  HTML's named character references, from html5ever
#   crates/weburl-capi/include/ada_c.h       the C header, by cbindgen from crates/weburl-capi/src
set -euo pipefail
cd "$(dirname "$0")/.."
export WEBURL_REGENERATE=1
# Over the workspace, so that the features resolved are those of
# `cargo test --workspace` and nothing is built anew.
cargo test --locked --workspace --lib -- psl::generate
cargo test --locked --workspace --test named_references --test header
git status --short -- crates
