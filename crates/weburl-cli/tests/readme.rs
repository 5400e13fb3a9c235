//! The README's console examples are real: each `$ ` command runs (in `sh`,
//! in a scratch directory, with this build's `weburl` first on PATH) and
//! prints exactly the lines shown under it, stdout and stderr together.

mod common;

use std::path::Path;
use std::process::Command;

use common::TempDir;

/// Runs every `$ ` command of `readme`'s console blocks and compares its
/// output; returns the number of blocks.
fn check_console_blocks(readme: &str, scratch: &str) -> usize {
    let dir = TempDir::new(scratch);
    let bin_dir = Path::new(common::BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut blocks = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut commands: Vec<(String, Vec<String>)> = Vec::new();
        for line in block.lines() {
            match line.strip_prefix("$ ") {
                Some(cmd) => commands.push((cmd.to_owned(), Vec::new())),
                None => commands.last_mut().unwrap().1.push(line.to_owned()),
            }
        }
        for (cmd, expected) in commands {
            let out = Command::new("sh")
                .arg("-c")
                .arg(&cmd)
                .current_dir(&dir.0)
                .env("PATH", &path)
                .output()
                .unwrap();
            let mut got: Vec<String> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .chain(String::from_utf8_lossy(&out.stderr).lines())
                .map(str::to_owned)
                .collect();
            let mut want = expected.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want, "README command: {cmd}");
        }
        blocks += 1;
    }
    blocks
}

#[test]
fn readme_console_examples() {
    // Five command lines, --as-iri, and one block per subcommand.
    assert_eq!(
        check_console_blocks(include_str!("../README.md"), "readme"),
        10
    );
}

#[test]
fn top_level_readme_console_examples() {
    // The five command lines shown in the repository's README.
    assert_eq!(
        check_console_blocks(include_str!("../../../README.md"), "top-readme"),
        5
    );
}
