#!/usr/bin/env bash
# Runs real dependents' own published test suites with `url` patched to
# compat/url:
#   - urlpattern 0.6.0: its unit tests and the 352 WPT URLPattern cases its
#     package ships (src/testdata/urlpatterntestdata.json); it calls
#     url::quirks throughout.
#   - ammonia 4.2.5: its unit and doc tests (parse, join, relative URLs).
#
# Each package is copied from the Cargo registry (a scratch project
# depending on it is fetched first), made a workspace root, and given
#   [patch.crates-io] url = { path = ".../compat/url" }
# `cargo tree -i url` must then show the path source: Cargo only warns
# when a patch goes unused, so that is asserted, not assumed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
compat_url=$(cd "$here/../url" && pwd)
work="$here/work"
export CARGO_TARGET_DIR="$work/target"
crates=("urlpattern=0.6.0" "ammonia=4.2.5")

mkdir -p "$work/fetch/src"
{
    echo '[workspace]'
    echo '[package]'
    echo 'name = "fetch-dependents"'
    echo 'version = "0.0.0"'
    echo 'edition = "2021"'
    echo 'publish = false'
    echo '[dependencies]'
    for c in "${crates[@]}"; do echo "${c%%=*} = \"=${c#*=}\""; done
} > "$work/fetch/Cargo.toml"
: > "$work/fetch/src/lib.rs"
cargo fetch --quiet --manifest-path "$work/fetch/Cargo.toml"

# Where Cargo unpacked each package.
source_of() {
    cargo metadata --format-version 1 --manifest-path "$work/fetch/Cargo.toml" |
        python3 -c 'import json, sys, os
name, version = sys.argv[1], sys.argv[2]
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == name and p["version"] == version:
        print(os.path.dirname(p["manifest_path"]))' "$1" "$2"
}

total_passed=0
for c in "${crates[@]}"; do
    name=${c%%=*} version=${c#*=}
    src=$(source_of "$name" "$version")
    [ -n "$src" ] || { echo "FAIL: $name $version not fetched"; exit 1; }
    dir="$work/$name-$version"
    rm -rf "$dir"
    cp -r "$src" "$dir"
    chmod -R u+w "$dir"
    # The package's pinned toolchain and lock file are for its own CI; the
    # patch must be free to replace url.
    rm -f "$dir/rust-toolchain.toml" "$dir/rust-toolchain" "$dir/Cargo.lock"
    {
        echo
        echo '[workspace]'
        echo
        echo '[patch.crates-io]'
        echo "url = { path = \"$compat_url\" }"
    } >> "$dir/Cargo.toml"

    tree=$(cargo tree --quiet --manifest-path "$dir/Cargo.toml" -i url -e normal,dev)
    echo "$tree" | head -3
    if ! echo "$tree" | head -1 | grep -q "url v2.5.9 ($compat_url)"; then
        echo "FAIL: $name does not use the patched url"
        exit 1
    fi

    log="$work/$name.log"
    status=0
    cargo test --manifest-path "$dir/Cargo.toml" > "$log" 2>&1 || status=$?
    sed -nE '/^test result|FAILED|panicked/p' "$log"
    if [ "$status" -ne 0 ] || ! grep -q '^test result' "$log"; then
        echo "FAIL: $name $version's tests (log: $log)"
        exit 1
    fi
    passed=$(grep '^test result' "$log" | awk '{ n += $4 } END { print n }')
    echo "$name $version: $passed tests passed with url patched to compat/url"
    total_passed=$((total_passed + passed))
done
echo "dependents: $total_passed tests passed"
