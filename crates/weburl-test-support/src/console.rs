//! A README's console examples, run: each `$ ` command of a ```` ```console ````
//! block runs in `sh`, in a scratch directory, with a build's binaries first
//! on PATH, and must print exactly the lines shown under it (stdout and
//! stderr together, in any order).
//!
//! Shared by the `weburl` and `weburl-sql` README tests, each running the
//! blocks of its own binary.

use std::path::Path;
use std::process::Command;

/// Runs the console blocks of `readme` that `wanted` picks (it sees the
/// block's commands) with `bin_dir` first on PATH, in `scratch`; returns
/// how many blocks ran.
pub fn check_console_blocks(
    readme: &str,
    bin_dir: &Path,
    scratch: &Path,
    wanted: impl Fn(&[String]) -> bool,
) -> usize {
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
        let names: Vec<String> = commands.iter().map(|c| c.0.clone()).collect();
        if !wanted(&names) {
            continue;
        }
        for (cmd, expected) in commands {
            let out = Command::new("sh")
                .arg("-c")
                .arg(&cmd)
                .current_dir(scratch)
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

/// Whether a block's commands run `weburl-sql` (its examples are tested
/// with the SQL crate, which builds that binary).
pub fn runs_weburl_sql(commands: &[String]) -> bool {
    commands.iter().any(|c| c.contains("weburl-sql"))
}
