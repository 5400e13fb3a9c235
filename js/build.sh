#!/usr/bin/env bash
# Builds the npm package in js/ from the Rust sources: the core and the
# full WebAssembly modules (crates/weburl-wasm with its default feature
# `url`, and with `full` alone), optimized by wasm-opt, into js/wasm/.
# Afterwards `npm pack ./js` makes the tarball. Needs the
# wasm32-unknown-unknown target (installed if missing, by
# js/scripts/wasm-profile.sh) and wasm-opt (Debian's binaryen; js/setup.sh
# installs it).
set -euo pipefail
cd "$(dirname "$0")/.."

source js/scripts/wasm-profile.sh
target_dir=target/wasm
out=js/wasm
mkdir -p "$out"

# The core module is held to a size (js/scripts/size.mjs): weburl at
# opt-level "s" (as fast as 3 on the URL lists, 4 KB gz smaller; "z", 4 KB
# smaller again, makes `new URL` 1.6 to 2.7 times slower) and the IDNA and
# Unicode data crates at "z". The full module is built for speed where
# the package's benchmarks run (weburl, weburl-pattern, weburl-sites at
# level 3) and for size in the crates behind `links` and `inspect` alone,
# whose speed no bar holds (the HTML tokenizer, the legacy encodings, the
# Unicode data), also at "z".
unicode_crates=(idna idna_adapter icu_normalizer icu_properties icu_collections icu_provider
    zerovec smallvec utf8_iter utf16_iter write16 yoke zerofrom tinystr potential_utf zerotrie)
size_crates() { # crate... -> --config arguments setting their opt-level to "z"
    for crate in "$@"; do
        printf '%s\n' --config "profile.release.package.$crate.opt-level=\"z\""
    done
}
mapfile -t core_config < <(size_crates "${unicode_crates[@]}")
mapfile -t full_config < <(size_crates "${unicode_crates[@]}" lol_html selectors cssparser \
    encoding_rs hashbrown servo_arc)

build() { # module opt-level cargo-arguments...
    local module=$1 level=$2
    shift 2
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$level cargo build --quiet -p weburl-wasm --release \
        --target wasm32-unknown-unknown --target-dir "$target_dir" "$@"
    wasm-opt -O3 --converge --strip-debug --strip-producers "${wasm_features[@]}" \
        "$target_dir/wasm32-unknown-unknown/release/weburl_wasm.wasm" -o "$out/$module.wasm"
}
build core s "${core_config[@]}"
build full 3 --no-default-features --features full "${full_config[@]}"
ls -l "$out"
