//! The crate's README is its own file (the library's page on crates.io and
//! docs.rs, doc-tested through `lib.rs`); the repository's README shows
//! the same example in its library section. This keeps the two alike, so
//! the root README's example is tested too.

use std::path::Path;

fn rust_blocks(text: &str) -> Vec<&str> {
    text.split("```rust\n")
        .skip(1)
        .map(|rest| &rest[..rest.find("```").expect("a closed block")])
        .collect()
}

#[test]
fn the_root_readme_library_example_is_the_crate_readmes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let root = std::fs::read_to_string(dir.join("../../README.md")).unwrap();
    let section = &root[root
        .find("\n## The library\n")
        .expect("the library section")..];
    let section = &section[..section[1..].find("\n## ").map_or(section.len(), |i| i + 1)];
    let theirs = rust_blocks(section);
    assert!(
        !theirs.is_empty(),
        "the root README's library section has an example"
    );
    let ours = rust_blocks(&ours);
    for block in theirs {
        assert!(
            ours.contains(&block),
            "not in crates/weburl/README.md:\n{block}"
        );
    }
}

#[test]
fn the_crate_readme_is_a_file_of_its_own() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let meta = std::fs::symlink_metadata(&path).unwrap();
    assert!(
        meta.file_type().is_file(),
        "crates/weburl/README.md is a symlink"
    );
    let text = std::fs::read_to_string(path).unwrap();
    // Relative links break on crates.io and docs.rs.
    assert!(
        !text.contains("](crates/") && !text.contains("](../"),
        "relative link"
    );
}
