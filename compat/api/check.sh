#!/usr/bin/env bash
# Compares compat/url's public API with the published url crate's: both
# crates' rustdoc JSON (nightly rustdoc) listed by
# public_items.py, with the serde and expose_internals features, then diffed. Fails on any item of url 2.5.9 that
# compat/url lacks, unless allowed-missing.txt lists it with its reason.
# Extra items of compat/url are printed, not failures.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
compat_url=$(cd "$here/../url" && pwd)
work="$here/../dependents/work/api"
version=2.5.9
mkdir -p "$work/fetch/src"
printf '[workspace]\n[package]\nname = "fetch-url"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\nurl = "=%s"\n' "$version" > "$work/fetch/Cargo.toml"
: > "$work/fetch/src/lib.rs"
cargo fetch --quiet --manifest-path "$work/fetch/Cargo.toml"
src=$(cargo metadata --format-version 1 --manifest-path "$work/fetch/Cargo.toml" |
    python3 -c 'import json, sys, os
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "url":
        print(os.path.dirname(p["manifest_path"]))')
rm -rf "$work/url-$version"
cp -r "$src" "$work/url-$version"
chmod -R u+w "$work/url-$version"
printf '\n[workspace]\n' >> "$work/url-$version/Cargo.toml"

json() { # MANIFEST -> path of its rustdoc JSON
    # (Not debugger_visualizer: the package lacks the natvis file it embeds.)
    cargo +nightly rustdoc --quiet --lib --features serde,expose_internals --manifest-path "$1" \
        -- -Z unstable-options --output-format json --document-hidden-items
    echo "$(dirname "$1")/target/doc/url.json"
}
python3 "$here/public_items.py" "$(json "$work/url-$version/Cargo.toml")" > "$work/rust-url.txt"
python3 "$here/public_items.py" "$(json "$compat_url/Cargo.toml")" > "$work/compat.txt"

missing=$(comm -23 "$work/rust-url.txt" "$work/compat.txt" | grep -vxF -f <(grep -v '^#' "$here/allowed-missing.txt" | cut -d'|' -f1 | sed 's/ *$//' | grep .) || true)
extra=$(comm -13 "$work/rust-url.txt" "$work/compat.txt")
echo "url $version: $(wc -l < "$work/rust-url.txt") public items; compat/url: $(wc -l < "$work/compat.txt")"
echo "deliberately absent (allowed-missing.txt): $(grep -vc '^#' "$here/allowed-missing.txt")"
echo "only in compat/url:"
echo "${extra:-  (none)}" | sed 's/^/  /'
if [ -n "$missing" ]; then
    echo "FAIL: missing from compat/url:"
    echo "$missing" | sed 's/^/  /'
    exit 1
fi
echo "api: no item of url $version is missing"
