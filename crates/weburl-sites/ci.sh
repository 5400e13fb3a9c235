#!/usr/bin/env bash
# weburl-sites' checks beyond `cargo test --workspace` (which runs its
# tests, the Public Suffix List table's staleness check among them): the
# feature combinations of the crates whose optional parts moved or became
# optional with it, each built alone.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== weburl-sites: without the compiled list"
cargo check -p weburl-sites --locked --no-default-features --all-targets
echo "== weburl-sites: the compact list (the table built at the first lookup)"
cargo test -p weburl-sites --locked --features compact-list
echo "== weburl-rfc3986: without the lens, it depends on nothing"
cargo check -p weburl-rfc3986 --locked --no-default-features --all-targets
deps=$(cargo tree -p weburl-rfc3986 --locked --no-default-features -e normal --prefix none | sort -u | wc -l)
if [ "$deps" -ne 1 ]; then
    echo "weburl-rfc3986 --no-default-features has dependencies:" >&2
    cargo tree -p weburl-rfc3986 --locked --no-default-features -e normal >&2
    exit 1
fi
echo "weburl-rfc3986 --no-default-features: no dependencies"
