//! Where trurl's users trip: behaviours a trurl script relies on, each
//! checked on its own.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{run, run_stdin, BIN};

#[test]
fn building_a_url_does_not_read_standard_input() {
    // --set with no URL builds one; the piped input is left alone.
    let out = run_stdin(
        &["-s", "host=example.com", "-s", "scheme=https"],
        b"https://other.example/\n",
    );
    assert_eq!(
        (out.text().as_str(), out.code),
        ("https://example.com/\n", 0)
    );
    for edit in [&["--append", "path=x"][..], &["--iterate", "port=1 2"]] {
        let mut args = vec!["-s", "host=example.com", "-s", "scheme=https"];
        args.extend_from_slice(edit);
        let out = run_stdin(&args, b"https://other.example/\n");
        assert!(!out.text().contains("other"), "{args:?}: {}", out.text());
        assert_eq!(out.code, 0, "{args:?}");
    }
    // So a shell loop keeps its input for the next round.
    let script = format!(
        "while read h; do '{BIN}' -s host=\"$h\" -s scheme=https; done",
        BIN = BIN
    );
    let out = sh(&script, b"a.example\nb.example\nc.example\n");
    assert_eq!(
        out,
        "https://a.example/\nhttps://b.example/\nhttps://c.example/\n"
    );
    // Without components to build from, a pipe is read as before.
    let out = run_stdin(&["--jsonl", "--fields", "href"], b"https://a.example/\n");
    assert_eq!(out.text(), "{\"href\":\"https://a.example/\"}\n");
    // And `-f -` reads it in every case, the edits applied to each line.
    let out = run_stdin(&["-f", "-", "-s", "scheme=http"], b"https://a.example/\n");
    assert_eq!(out.text(), "http://a.example/\n");
}

/// Runs `sh -c script` with `input` on standard input; its stdout.
fn sh(script: &str, input: &[u8]) -> String {
    let mut child = Command::new("sh")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run sh");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn jobs_are_bounded() {
    for n in ["99999999999", "65", "-1"] {
        let out = run(&["-j", n, "https://a.example/"]);
        assert_eq!(out.code, 4, "-j {n}");
        assert!(out.stdout.is_empty(), "-j {n}");
    }
    let out = run(&["-j", "99999999999", "https://a.example/"]);
    assert!(out.stderr.contains("0..=64"), "{}", out.stderr);
    for n in ["0", "1", "64"] {
        let out = run_stdin(&["-j", n], b"https://a.example/\nhttps://b.example/\n");
        assert_eq!(
            (out.text().as_str(), out.code),
            ("https://a.example/\nhttps://b.example/\n", 0),
            "-j {n}"
        );
    }
}

#[test]
fn must_and_strict_stop_at_the_first_failing_url() {
    // Arguments: nothing for the failing URL, nothing after it, exit 10.
    let out = run(&[
        "https://a.example/?x",
        "https://b.example/",
        "https://c.example/?y",
        "-g",
        "{must:query}",
    ]);
    assert_eq!((out.text().as_str(), out.code), ("x\n", 10));
    assert!(out.stderr.contains("missing must:query"), "{}", out.stderr);
    // strict: a component that decodes to a NUL byte.
    let out = run(&[
        "https://a.example/p",
        "https://b.example/%00",
        "https://c.example/q",
        "-g",
        "{strict:path}",
    ]);
    assert_eq!((out.text().as_str(), out.code), ("/p\n", 10));
    // A file, on one thread or several.
    for jobs in ["1", "2"] {
        let out = run_stdin(
            &["-g", "{must:fragment}", "-j", jobs],
            b"https://a.example/#1\nhttps://b.example/#2\nhttps://c.example/\nhttps://d.example/#4\n",
        );
        assert_eq!((out.text().as_str(), out.code), ("1\n2\n", 10), "-j {jobs}");
        assert_eq!(common::failed_lines(&out.stderr), [3], "-j {jobs}");
    }
    // --allow-errors does not make it go on: trurl's exit 10 stands.
    let out = run(&["https://b.example/", "-g", "{must:query}", "--allow-errors"]);
    assert_eq!((out.text().as_str(), out.code), ("", 10));
}

#[test]
fn iterating_a_scheme_keeps_a_port_that_is_not_its_default() {
    let out = run(&[
        "https://curl.se",
        "--iterate",
        "port=81 443",
        "--iterate",
        "scheme=sftp moo",
    ]);
    assert_eq!(
        out.text(),
        "sftp://curl.se:81/\nmoo://curl.se:81/\nsftp://curl.se:443/\nmoo://curl.se:443/\n"
    );
    // The final scheme's default port goes, whichever option set it.
    let out = run(&[
        "http://x.example",
        "--iterate",
        "port=80 443",
        "-s",
        "scheme=https",
    ]);
    assert_eq!(out.text(), "https://x.example:80/\nhttps://x.example/\n");
    let out = run(&[
        "http://x.example:8080/",
        "-s",
        "port=443",
        "-s",
        "scheme=https",
    ]);
    assert_eq!(out.text(), "https://x.example/\n");
}

#[test]
fn json_with_no_input_is_an_empty_array() {
    let out = run(&["--json"]);
    assert_eq!(out.text(), "[]\n");
    assert_eq!(out.code, 7);
    assert!(out.stderr.contains("not enough input"), "{}", out.stderr);
    let out = run_stdin(&["--json"], b"");
    assert_eq!((out.text().as_str(), out.code), ("[]\n", 0));
}

#[test]
fn as_idn_notes_a_host_it_cannot_convert() {
    // "xn--a" is not valid Punycode; xn--xn---epa decodes to a label that
    // starts with "xn--", which UTS #46 forbids.
    for host in ["xn--a", "xn--xn---epa"] {
        let url = format!("http://{host}/");
        let out = run(&["--as-idn", &url]);
        assert_eq!(out.text(), format!("{url}\n"));
        assert_eq!(out.code, 0);
        assert!(
            out.stderr
                .contains(&format!("the host {host} cannot be converted to Unicode")),
            "{}",
            out.stderr
        );
    }
    let out = run(&["--as-idn", "http://xn--bcher-kva.example/"]);
    assert_eq!(out.text(), "http://bücher.example/\n");
    assert_eq!(out.stderr, "");
    // --quiet silences the note.
    let out = run(&["--as-idn", "--quiet", "http://xn--a/"]);
    assert_eq!(out.stderr, "");
}

#[test]
fn a_guessed_scheme_is_absent_for_scheme_if_absent() {
    let t = |args: &[&str]| run(args).text();
    assert_eq!(
        t(&["--compat=trurl", "example.com", "-s", "scheme?=https"]),
        "https://example.com/\n"
    );
    assert_eq!(
        t(&["--compat=trurl", "ftp.example.com", "-s", "scheme?=https"]),
        "https://ftp.example.com/\n"
    );
    // A scheme that was written stays.
    assert_eq!(
        t(&[
            "--compat=trurl",
            "http://example.com",
            "-s",
            "scheme?=https"
        ]),
        "http://example.com/\n"
    );
    // Without a guess, the guessed scheme is the output.
    assert_eq!(
        t(&["--compat=trurl", "example.com"]),
        "http://example.com/\n"
    );
}

#[test]
fn a_redirect_that_does_not_parse_is_named() {
    let out = run(&["https://a.example/", "--redirect", "http://[::1"]);
    assert_eq!(out.code, 9);
    assert!(
        out.stderr
            .contains("invalid redirection to \"http://[::1\""),
        "{}",
        out.stderr
    );
}

/// Runs `weburl ARGS` with its standard output closed before it writes,
/// as `| head -1` leaves it; the exit code.
fn with_stdout_closed(args: &[&str], input: &[u8]) -> i32 {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run weburl");
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn a_closed_output_keeps_the_exit_code_of_failed_records() {
    assert_eq!(with_stdout_closed(&[], b"https://a.example/\nbad\n"), 9);
    assert_eq!(
        with_stdout_closed(&["-j", "2"], b"https://a.example/\nbad\n"),
        9
    );
    assert_eq!(with_stdout_closed(&[], b"https://a.example/\n"), 0);
    assert_eq!(
        with_stdout_closed(&["--allow-errors"], b"https://a.example/\nbad\n"),
        0
    );
    assert_eq!(with_stdout_closed(&["https://a.example/", "bad"], b""), 9);
}

#[test]
fn version_has_a_features_line() {
    for flag in ["--version", "-v"] {
        let out = run(&[flag]);
        assert_eq!(out.code, 0);
        let text = out.text();
        let mut lines = text.lines();
        assert!(lines.next().unwrap().starts_with("weburl "), "{text}");
        let features: Vec<&str> = lines
            .next()
            .and_then(|l| l.strip_prefix("features: "))
            .expect("a features: line")
            .split(' ')
            .collect();
        assert_eq!(
            features,
            [
                "no-guess-scheme",
                "normalize-ipv4",
                "punycode",
                "punycode2idn"
            ]
        );
    }
}
