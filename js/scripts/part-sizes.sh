#!/usr/bin/env bash
# What each part of the npm package costs on its own, gzip -9: the module
# built with the core's exports (URL, URLSearchParams: the parser, IDNA)
# and one part more, against the module with the core's exports alone. The
# difference is the part's cost once the parser is there, which is the
# least the part can add to a package that shares one parser among its
# parts. Everything is built for size (opt-level "z", wasm-opt -Oz), the
# smallest the Rust code gets. Not part of CI (about ten minutes);
# js/README.md ("Sizes") quotes its figures.
#
#   bash js/scripts/part-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

source js/scripts/wasm-profile.sh
export CARGO_PROFILE_RELEASE_OPT_LEVEL=z
# A part alone leaves some of the boundary's helpers unused.
export RUSTFLAGS="-A dead-code -A unused-imports"
target_dir=target/wasm-parts
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

size() { # features -> gzip -9 bytes of the module
    cargo build --quiet -p weburl-wasm --release --target wasm32-unknown-unknown \
        --target-dir "$target_dir" --no-default-features --features "$1"
    wasm-opt -Oz --strip-debug --strip-producers "${wasm_features[@]}" \
        "$target_dir/wasm32-unknown-unknown/release/weburl_wasm.wasm" -o "$scratch/m.wasm"
    gzip -9c "$scratch/m.wasm" | wc -c
}

base=$(size url)
printf '%-58s %9s %9s\n' "module" "gz bytes" "+ bytes"
printf '%-58s %9d\n' "core exports (url): parser, IDNA, URLSearchParams" "$base"
for part in "weburl/encodings:legacy encodings (encoding_rs, for links' charsets)" \
    "pattern:URLPattern (regexp groups on the host's RegExp)" \
    "lens:explain (weburl-rfc3986)" \
    "site:public suffixes (compact list), SURT, inspect" \
    "html:links (weburl-html, lol_html, encodings)"; do
    features=${part%%:*}
    n=$(size "url,$features")
    printf '%-58s %9d %+9d\n' "+ ${part#*:}" "$n" "$((n - base))"
done
