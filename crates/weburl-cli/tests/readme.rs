//! The README's console examples are real: each `$ ` command runs (in `sh`,
//! in a scratch directory, with this build's `weburl` first on PATH) and
//! prints exactly the lines shown under it, stdout and stderr in the order
//! a terminal shows them (see `common/console.rs`).

mod common;

use std::path::Path;

use common::TempDir;
use weburl_test_support::console::{check_console_blocks, runs_weburl_sql};

/// Runs the `weburl` blocks of `readme` in a scratch directory.
fn check_weburl_blocks(readme: &str, scratch: &str) -> usize {
    let dir = TempDir::new(scratch);
    let bin_dir = Path::new(common::BIN).parent().unwrap();
    check_console_blocks(readme, bin_dir, &dir.0, |commands| {
        !runs_weburl_sql(commands)
    })
}

#[test]
fn readme_console_examples() {
    // Five command lines, --as-iri, and one block per subcommand.
    assert_eq!(
        check_weburl_blocks(include_str!("../README.md"), "readme"),
        10
    );
}

#[test]
fn top_level_readme_console_examples() {
    // The five command lines shown in the repository's README.
    assert_eq!(
        check_weburl_blocks(include_str!("../../../README.md"), "top-readme"),
        5
    );
}

#[test]
fn the_top_level_readme_names_every_subcommand() {
    let readme = include_str!("../../../README.md");
    let cli = &readme[readme.find("\n## The command line\n").unwrap()..];
    let cli = &cli[..cli[1..].find("\n## ").unwrap() + 1];
    for sub in ["lint", "links", "extract", "data", "match"] {
        assert!(
            cli.contains(&format!("`weburl {sub}")),
            "`weburl {sub}` is not listed"
        );
    }
    assert!(!readme.contains("curl's trurl's"));
}
