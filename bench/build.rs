//! Compiles the `ada_native` loops (native/ada_native.cpp) against the ada
//! amalgamation that the `ada-url` crate bundles, found through
//! `cargo metadata`: the crate's own build links ada.cpp, so only the loops
//! are compiled here, with the same compiler and optimisation.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=native/ada_native.cpp");
    println!("cargo:rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let metadata = cargo_metadata::MetadataCommand::new()
        .manifest_path(manifest.join("Cargo.toml"))
        .other_options(vec!["--locked".into(), "--offline".into()])
        .exec()
        .expect("cargo metadata of the bench workspace");
    let ada = metadata
        .packages
        .iter()
        .find(|p| p.name.as_str() == "ada-url")
        .expect("ada-url is a dependency");
    let deps = ada
        .manifest_path
        .parent()
        .expect("a manifest has a directory")
        .join("deps");
    println!("cargo:rerun-if-changed={}", deps.join("ada.h"));
    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .include(&deps)
        .file("native/ada_native.cpp")
        .compile("bench_ada_native");
}
