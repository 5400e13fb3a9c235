//! `weburl match`: the matching URLs, the groups as JSON, the exit codes.

mod common;

use common::{run, run_stdin, TempDir};

#[test]
fn prints_the_matching_urls() {
    let out = run(&[
        "match",
        "https://*.example.com/users/:id",
        "https://api.example.com/users/42",
        "https://example.com/users/1",
        "https://api.example.com/users/42/posts",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.text(), "https://api.example.com/users/42\n");
}

#[test]
fn json_gives_the_groups_of_each_component() {
    let out = run(&[
        "match",
        "--json",
        "/users/:id",
        "--base",
        "https://example.com",
        "https://example.com/users/42",
        "https://example.com/users/",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "{\"url\":\"https://example.com/users/42\",\"groups\":{\"pathname\":{\"id\":\"42\"}}}\n"
    );
    let out = run(&["match", "--json", "https://x/{:a}?", "https://x/"]);
    assert_eq!(
        out.text(),
        "{\"url\":\"https://x/\",\"groups\":{\"pathname\":{\"a\":null}}}\n",
        "a group that did not participate is null"
    );
}

#[test]
fn reads_a_file_or_standard_input() {
    let dir = TempDir::new("match");
    let file = dir.0.join("urls.txt");
    std::fs::write(&file, "https://a.com/x\nnot a url\nhttps://b.com/y\n").unwrap();
    let out = run(&["match", "https://*/x", "-f", file.to_str().unwrap()]);
    assert_eq!(out.code, 0);
    assert_eq!(out.text(), "https://a.com/x\n");
    assert!(
        out.stderr
            .contains("weburl match: line 2, offset 16: MissingSchemeNonRelativeUrl: "),
        "{}",
        out.stderr
    );
    let out = run_stdin(&["match", "-i", "https://*/X"], b"https://a.com/x\n");
    assert_eq!(out.text(), "https://a.com/x\n");
}

#[test]
fn a_pattern_that_does_not_build_exits_4_and_says_why() {
    let out = run(&["match", "https://x/((?<n>a)\\k<n>)", "https://x/aa"]);
    assert_eq!(out.code, 4);
    assert!(out.stderr.contains("backreferences"), "{}", out.stderr);
    let out = run(&["match", "/relative", "https://x/relative"]);
    assert_eq!(out.code, 4);
    assert!(out.stderr.contains("needs a base URL"), "{}", out.stderr);
}

#[test]
fn messages_give_the_file_line_numbers_blank_lines_counted() {
    let input = b"\xEF\xBB\xBFhttps://a.com/x\n\n\nnope\r\n\nhttps://b.com/x\n";
    let out = run_stdin(&["match", "https://*/x"], input);
    assert_eq!(out.text(), "https://a.com/x\nhttps://b.com/x\n");
    assert!(
        out.stderr.contains("weburl match: line 4, offset 21: "),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    let out = run(&["match", "https://*/x", "https://a.com/x", "nope"]);
    assert!(
        out.stderr.contains("weburl match: argument 2: "),
        "{}",
        out.stderr
    );
}

#[test]
fn count_invert_and_grep_exit_codes() {
    let input = b"https://a.com/x\nhttps://a.com/y\nnope\nhttps://b.com/x\n";
    let out = run_stdin(&["match", "--count", "https://*/x"], input);
    assert_eq!((out.text().as_str(), out.code), ("2\n", 0));
    let out = run_stdin(&["match", "-v", "https://*/x"], input);
    assert_eq!(
        (out.text().as_str(), out.code),
        ("https://a.com/y\nnope\n", 0)
    );
    let out = run_stdin(&["match", "-c", "--invert", "https://*/x"], input);
    assert_eq!((out.text().as_str(), out.code), ("2\n", 0));
    // Nothing selected: 1, as grep.
    let out = run_stdin(&["match", "https://*/z"], input);
    assert_eq!((out.text().as_str(), out.code), ("", 1));
    let out = run_stdin(&["match", "-c", "https://*/z"], input);
    assert_eq!((out.text().as_str(), out.code), ("0\n", 1));
    let out = run(&["match", "https://*/z", "-f", "/nonexistent/urls.txt"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn dictionary_patterns_from_components_or_json() {
    let urls = [
        "https://a.com/users/1",
        "http://b.org/users/2",
        "https://a.com/posts/3",
    ];
    let args = |pre: &[&'static str]| -> Vec<&str> {
        let mut v = vec!["match"];
        v.extend_from_slice(pre);
        v.extend(urls);
        v
    };
    let out = run(&args(&["--component", "pathname=/users/:id"]));
    assert_eq!(
        out.text(),
        "https://a.com/users/1\nhttp://b.org/users/2\n",
        "{}",
        out.stderr
    );
    let out = run(&args(&[
        "--component",
        "pathname=/users/:id",
        "--component",
        "protocol=https",
    ]));
    assert_eq!(out.text(), "https://a.com/users/1\n");
    let out = run(&args(&[
        "{\"pathname\": \"/users/:id\", \"hostname\": \"b.org\"}",
        "--json",
    ]));
    assert_eq!(
        out.text(),
        "{\"url\":\"http://b.org/users/2\",\"groups\":{\"pathname\":{\"id\":\"2\"}}}\n"
    );
    // A JSON pattern and --component together; the component wins.
    let out = run(&args(&[
        "{\"pathname\": \"/users/:id\"}",
        "--component",
        "pathname=/posts/*",
    ]));
    assert_eq!(out.text(), "https://a.com/posts/3\n");
    let out = run(&["match", "--component", "path=/x", "https://a/x"]);
    assert_eq!(out.code, 4);
    assert!(
        out.stderr.contains("expected one of protocol, username"),
        "{}",
        out.stderr
    );
    let out = run(&["match", "{\"pathname\": 1}", "https://a/x"]);
    assert_eq!(out.code, 4);
}

/// The input is streamed: the peak resident memory stays far below the
/// input's size (it was all read, then copied, before).
#[cfg(target_os = "linux")]
#[test]
fn streams_its_input_in_bounded_memory() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let line = b"https://host.example.com/users/12345/posts?page=7&q=abcdefghij\n";
    let mut chunk = Vec::new();
    for _ in 0..16_384 {
        chunk.extend_from_slice(line);
    }
    let mut child = Command::new(common::BIN)
        .args(["match", "--count", "https://*/users/:id/posts"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run weburl");
    let mut stdin = child.stdin.take().unwrap();
    let rounds = 40 * 1024 * 1024 / chunk.len() + 1; // 40 MiB
    for _ in 0..rounds {
        stdin.write_all(&chunk).unwrap();
    }
    // Everything but the pipe's buffer has been read by now.
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .expect("VmHWM");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", rounds * 16_384)
    );
    assert!(
        peak_kb < 20 * 1024,
        "peak resident {peak_kb} kB for 40 MiB of input"
    );
}
