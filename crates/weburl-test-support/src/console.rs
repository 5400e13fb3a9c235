//! A README's console examples, run: each `$ ` command of a ```` ```console ````
//! block runs in `sh`, in a scratch directory, with a build's binaries first
//! on PATH, and must print exactly the lines shown under it, in the order a
//! terminal shows them: once with stderr sent to stdout's pipe (the lines
//! must be those shown, in that order, as on a terminal where both streams
//! go to one place), and once with the two streams apart (the lines shown
//! must interleave stdout's lines in their order with stderr's in theirs).
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
            let run = |script: &str| {
                Command::new("sh")
                    .arg("-c")
                    .arg(script)
                    .current_dir(scratch)
                    .env("PATH", &path)
                    .output()
                    .unwrap()
            };
            let lines = |bytes: &[u8]| -> Vec<String> {
                String::from_utf8_lossy(bytes)
                    .lines()
                    .map(str::to_owned)
                    .collect()
            };
            // Both streams into one pipe, as on a terminal.
            let merged = run(&format!("exec 2>&1\n{cmd}"));
            assert_eq!(
                lines(&merged.stdout),
                expected,
                "README command (stdout and stderr as one stream): {cmd}"
            );
            let apart = run(&cmd);
            let (out, err) = (lines(&apart.stdout), lines(&apart.stderr));
            assert!(
                interleaves(&expected, &out, &err),
                "README command: {cmd}\nshown: {expected:#?}\nstdout: {out:#?}\nstderr: {err:#?}"
            );
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

/// Whether `shown` is `a` and `b` interleaved, each in its own order.
fn interleaves(shown: &[String], a: &[String], b: &[String]) -> bool {
    if shown.len() != a.len() + b.len() {
        return false;
    }
    // ok[j]: the first i + j lines shown are a[..i] and b[..j] interleaved,
    // for the current i.
    let mut ok = vec![false; b.len() + 1];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            ok[j] = if i == 0 && j == 0 {
                true
            } else {
                let from_a = i > 0 && ok[j] && a[i - 1] == shown[i + j - 1];
                let from_b = j > 0 && ok[j - 1] && b[j - 1] == shown[i + j - 1];
                from_a || from_b
            };
        }
    }
    ok[b.len()]
}
