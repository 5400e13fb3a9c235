# Sourced by js/build.sh and js/scripts/part-sizes.sh: how the WebAssembly
# modules are compiled and optimized, the same for both.

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

# The workspace's release profile keeps debug information for the native
# binaries; the modules want small, fast code instead. Profiles are the
# workspace's, so they are overridden here rather than in Cargo.toml.
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_PROFILE_RELEASE_STRIP=true
# No input panics (the crates' fuzzing holds them to that); if one did, a
# trap is what JavaScript can catch, and unwinding tables would only add size.
export CARGO_PROFILE_RELEASE_PANIC=abort

# What rustc's wasm32 target emits by default (Rust 1.82+); every browser
# since 2021 and Node 16+ run them. binaryen 108 (Debian 12) needs them named.
wasm_features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
    --enable-mutable-globals --enable-multivalue --enable-reference-types)
