//! `weburl links` into pipes: URL-only output, a format, filters by
//! element and attribute, failures out of the URL column.

mod common;

use common::{run_stdin, BIN};

const PAGE: &[u8] = b"<base href=\"/docs/\">\n<a href=\"guide?q=1\">g</a> <img src=\"a.png\" srcset=\"b.png 2x\">\n<a href=\"http://[::1\">broken</a>\n<script src=\"s.js\"></script>\n";

fn links(args: &[&str]) -> common::Out {
    let mut all = vec!["links", "-", "--url", "https://example.com/index.html"];
    all.extend_from_slice(args);
    run_stdin(&all, PAGE)
}

#[test]
fn urls_gives_one_url_a_line_and_reports_failures_apart() {
    let out = links(&["--urls"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.text(),
        "https://example.com/docs/\nhttps://example.com/docs/guide?q=1\nhttps://example.com/docs/a.png\nhttps://example.com/docs/b.png\nhttps://example.com/docs/s.js\n"
    );
    assert!(
        out.stderr
            .contains("weburl links: line 3: a href: Ipv6Unclosed: "),
        "{}",
        out.stderr
    );
}

#[test]
fn get_formats_each_url_and_filters_select_links() {
    let out = links(&["-g", "{path}", "--element", "img,script"]);
    assert_eq!(out.text(), "/docs/a.png\n/docs/b.png\n/docs/s.js\n");
    let out = links(&["--urls", "--attribute", "srcset"]);
    assert_eq!(out.text(), "https://example.com/docs/b.png\n");
    let out = links(&["--urls", "--element", "A", "--attribute", "href"]);
    assert_eq!(out.text(), "https://example.com/docs/guide?q=1\n");
    let out = links(&["-g", "{nope}"]);
    assert_eq!(out.code, 10);
}

#[test]
fn a_failure_is_not_in_the_url_column() {
    let text = links(&[]).text();
    let rows: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let failed = text.lines().find(|l| l.contains("[::1")).unwrap();
    assert_eq!(failed, "\ta\thref\thttp://[::1\tIpv6Unclosed");
    assert!(
        rows.iter()
            .all(|u| u.is_empty() || u.starts_with("https://")),
        "{rows:?}"
    );
    let ok = text.lines().find(|l| l.contains("guide")).unwrap();
    assert_eq!(
        ok,
        "https://example.com/docs/guide?q=1\ta\thref\tguide?q=1\t"
    );
}

#[test]
fn links_pipe_into_the_main_mode() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut first = Command::new(BIN)
        .args(["links", "-", "--url", "https://example.com/", "--urls"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    first.stdin.take().unwrap().write_all(PAGE).unwrap();
    let second = Command::new(BIN)
        .args(["-f", "-", "-g", "{host}"])
        .stdin(first.stdout.take().unwrap())
        .output()
        .unwrap();
    first.wait().unwrap();
    assert_eq!(second.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(second.stdout).unwrap(),
        "example.com\n".repeat(5)
    );
}
