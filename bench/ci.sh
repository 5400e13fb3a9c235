#!/usr/bin/env bash
# CI: the agreement check over every list and one short timing pass.
# Fails if a loop's answers change between runs or weburl's can_parse
# disagrees with its parse; disagreements between the libraries are reported
# (bench/target/disagreements-<list>.txt), not failures.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# Registrable domains: every host's answer checked against a plain reading
# of the Public Suffix List, then a short timing pass.
cargo run --release --manifest-path "$here/Cargo.toml" -- --psl --quick
# The URL pattern benchmark's agreement check (weburl-pattern and the
# urlpattern crate give every URL the same answer) and a short timing pass.
cargo run --release --manifest-path "$here/Cargo.toml" --bin pattern -- --quick
exec cargo run --release --manifest-path "$here/Cargo.toml" -- --quick "$@"
