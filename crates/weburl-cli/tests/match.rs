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
    assert!(out.stderr.contains("input 2: not a URL"), "{}", out.stderr);
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
