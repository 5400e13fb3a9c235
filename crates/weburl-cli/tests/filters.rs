//! `--normalize`, `--unique --count` and the filters `--valid`/`--invalid`,
//! through the binary.

mod common;

use common::{run, run_stdin};

#[test]
fn normalize_applies_the_library_profiles() {
    let url = "HTTPS://Example.com:443/a/./index.html?utm_source=x&z=1&a=%7e#f";
    let get = |profile: &str| run(&["--normalize", profile, url]).text();
    assert_eq!(
        get("safe"),
        "https://example.com/a/index.html?utm_source=x&z=1&a=~#f\n"
    );
    assert_eq!(get("crawler"), "https://example.com/a/index.html?a=~&z=1\n");
    assert_eq!(get("aggressive"), "https://example.com/a?a=~&z=1\n");
    // Before the edits and the output format.
    let out = run(&[
        "--normalize",
        "crawler",
        url,
        "--append",
        "query=b=2",
        "-g",
        "{query}",
    ]);
    assert_eq!(out.text(), "a=~&z=1&b=2\n");
    // Deduplicating crawled URLs: the keys agree.
    let out = run_stdin(
        &["--normalize", "crawler", "--unique"],
        b"https://a.example/p?b=1&a=2#x\nhttps://A.example/p?a=2&b=1&utm_medium=m\n",
    );
    assert_eq!(out.text(), "https://a.example/p?a=2&b=1\n");
    let out = run(&["--normalize", "tidy", url]);
    assert_eq!(out.code, 4);
    assert!(
        out.stderr.contains("safe, crawler, aggressive"),
        "{}",
        out.stderr
    );
}

#[test]
fn unique_count_counts_failures_apart() {
    let mut input = Vec::new();
    for i in 0..10 {
        input.extend_from_slice(
            format!("https://example.com/{i}\nhttps://example.com/{i}\n").as_bytes(),
        );
    }
    input.extend_from_slice(b"not a url\nnope\n");
    let out = run_stdin(&["--unique", "--count"], &input);
    assert_eq!(out.text(), "10\n");
    assert!(out.stderr.contains("20 ok, 2 failed"), "{}", out.stderr);
    let out = run_stdin(&["--unique"], &input);
    assert_eq!(out.text().lines().count(), 10, "{}", out.text());
    assert!(!out.text().lines().any(str::is_empty));
}

#[test]
fn filters_are_quiet_and_exit_zero() {
    let input = b"https://a/\nbad\nhttps://b/\n\n";
    let out = run_stdin(&["--valid"], input);
    assert_eq!(
        (out.text().as_str(), out.code),
        ("https://a/\nhttps://b/\n", 0)
    );
    assert_eq!(out.stderr, "", "--valid talks about what it drops");
    let out = run_stdin(&["--invalid"], input);
    assert_eq!((out.text().as_str(), out.code), ("bad\n\n", 0));
    assert_eq!(out.stderr, "", "--invalid reports what it outputs");
    let out = run_stdin(&["--invalid", "--count"], input);
    assert_eq!((out.text().as_str(), out.code), ("2\n", 0));
    // Reading the input can still fail.
    let out = run(&["--valid", "-f", "/nonexistent/urls.txt"]);
    assert_eq!(out.code, 1);
}
