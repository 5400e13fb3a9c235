//! `weburl lint` on files and standard input, `--whatwg-only`, and the
//! message for an unknown `--fields` name, through the binary.

mod common;

use common::{run, run_stdin, TempDir};

#[test]
fn lint_reads_a_file_or_standard_input() {
    let input = b"\xEF\xBB\xBFhttps://a.com/x\r\n\nhttp://a\\b/\n";
    for args in [&["lint", "-"][..], &["lint", "-f", "-"][..]] {
        let out = run_stdin(args, input);
        assert_eq!(out.code, 1, "{args:?}: {}", out.stderr);
        let text = out.text();
        assert!(
            text.starts_with("https://a.com/x\nWHATWG:   https://a.com/x\n"),
            "{text}"
        );
        assert!(
            text.contains("\nhttp://a\\b/\n        ^ invalid-reverse-solidus"),
            "{text}"
        );
        // Two reports: the blank line is skipped.
        assert_eq!(text.matches("\nverdict: ").count(), 2, "{text}");
    }
    let dir = TempDir::new("lint");
    let file = dir.0.join("urls.txt");
    std::fs::write(&file, "https://a.com/x\nhttps://b.com/y\n").unwrap();
    let out = run(&["lint", "--json", "-f", file.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let reports: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reports.as_array().unwrap().len(), 2);
    assert_eq!(reports[1]["input"], "https://b.com/y");
    // Arguments first, then the file.
    let out = run(&[
        "lint",
        "--json",
        "https://c.com/",
        "-f",
        file.to_str().unwrap(),
    ]);
    let reports: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reports[0]["input"], "https://c.com/");
    assert_eq!(reports.as_array().unwrap().len(), 3);
    let out = run(&["lint", "-f", "/nonexistent/urls.txt"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("/nonexistent/urls.txt"),
        "{}",
        out.stderr
    );
}

#[test]
fn whatwg_only_judges_by_the_url_standard_alone() {
    // No validation error, but not a URI by RFC 3986 (non-ASCII).
    let url = "https://a.com/\u{e4}";
    let out = run(&["lint", url]);
    assert_eq!(out.code, 1);
    let out = run(&["lint", "--whatwg-only", url]);
    assert_eq!(out.code, 0, "{}", out.text());
    assert!(
        out.text().contains("RFC 3986"),
        "the disagreement is still shown"
    );
    let out = run(&["lint", "--whatwg-only", "--json", url]);
    let reports: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reports[0]["clean"], true);
    // A validation error still counts.
    let out = run(&["lint", "--whatwg-only", "https://a.com/%zz"]);
    assert_eq!(out.code, 1);
}

#[test]
fn an_unknown_field_lists_the_valid_ones() {
    let out = run(&["--tsv", "--fields", "href,hots", "https://a/"]);
    assert_eq!(out.code, 4);
    assert!(
        out.stderr.contains(
            "unknown field: hots: expected one of line, offset, input, error, url, href,"
        ),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("registrable_domain, surt"),
        "{}",
        out.stderr
    );
}
