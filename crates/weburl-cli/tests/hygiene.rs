//! Input hygiene, through the binary: a byte order mark, blank lines, the
//! hint for a missing scheme.

mod common;

use common::{run, run_stdin};

#[test]
fn a_byte_order_mark_is_not_part_of_line_one() {
    for jobs in ["1", "2"] {
        let out = run_stdin(
            &["-f", "-", "-j", jobs],
            b"\xEF\xBB\xBFhttps://a.example/\nhttps://b.example/\n",
        );
        assert_eq!(
            out.text(),
            "https://a.example/\nhttps://b.example/\n",
            "-j {jobs}"
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    // Only at the start of the input: later it is data (and no URL).
    let out = run_stdin(&[], b"https://a.example/\n\xEF\xBB\xBFhttps://b.example/\n");
    assert_eq!(out.code, 9);
    assert!(out.stderr.contains("line 2"), "{}", out.stderr);
}

#[test]
fn the_repository_list_with_a_byte_order_mark_parses_its_first_line() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/urls/kasztp.txt"
    );
    let head: Vec<u8> = std::fs::read(path).expect("kasztp.txt")[..200].to_vec();
    assert!(
        head.starts_with(b"\xEF\xBB\xBF"),
        "the file still opens with a BOM"
    );
    let first = head.split(|&b| b == b'\n').next().unwrap().to_vec();
    let out = run_stdin(&["-g", "{host}"], &first);
    assert_eq!(out.text(), "www.sec.gov\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_blank_line_is_a_failed_record_with_its_own_message() {
    let out = run_stdin(
        &["-f", "-"],
        b"https://a.example/\n\n\r\nhttps://b.example/\n",
    );
    assert_eq!(out.text(), "https://a.example/\n\n\nhttps://b.example/\n");
    assert_eq!(out.code, 9);
    assert!(
        out.stderr
            .contains("weburl: line 2, offset 19: EmptyLine: an empty line"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("line 3, offset 20: EmptyLine"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("2 ok, 2 failed"), "{}", out.stderr);
    // Not even with a base, which an empty reference would resolve to.
    let out = run_stdin(&["--base", "https://base.example/"], b"\nx\n");
    assert_eq!(out.text(), "\nhttps://base.example/x\n");
    assert!(out.stderr.contains("EmptyLine"), "{}", out.stderr);
}

#[test]
fn a_missing_scheme_names_the_option_that_guesses_one() {
    let out = run(&["example.com"]);
    assert_eq!(out.code, 9);
    assert!(out.stderr.contains("--compat=trurl"), "{}", out.stderr);
    assert!(out.stderr.contains("http://example.com"), "{}", out.stderr);
    let out = run(&["--compat=trurl", "example.com"]);
    assert_eq!(out.text(), "http://example.com/\n");
    // No hint where a scheme would not help.
    let out = run(&["exa mple.com"]);
    assert!(!out.stderr.contains("--compat"), "{}", out.stderr);
}

#[test]
fn percent_bytes_takes_bytes_that_are_not_utf8_as_parse_bytes_does() {
    let input =
        b"https://a.example/caf\xE9?q=\xFF\nhttps://exampl\xE9.com/\nhttps://b.example/\xC3\xA9\n";
    let out = run_stdin(&["--percent-bytes"], input);
    assert_eq!(
        out.text(),
        "https://a.example/caf%E9?q=%FF\n\nhttps://b.example/%C3%A9\n"
    );
    assert!(
        out.stderr.contains("line 2, offset 27: DomainToAscii"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("2 ok, 1 failed"), "{}", out.stderr);
    // Without it such a line fails; with --lossy it holds U+FFFD.
    let out = run_stdin(&[], input);
    assert!(out.stderr.contains("InvalidUtf8"), "{}", out.stderr);
    let out = run_stdin(&["--lossy"], b"https://a.example/caf\xE9\n");
    assert_eq!(out.text(), "https://a.example/caf%EF%BF%BD\n");
    let out = run_stdin(&["--lossy", "--percent-bytes"], b"x\n");
    assert_eq!(out.code, 4);
}

#[test]
fn messages_say_offset_for_the_line_and_byte_inside_it_and_name_limits() {
    let out = run_stdin(&[], b"https://a.example/\xFF\n");
    assert!(
        out.stderr.contains(
            "weburl: line 1, offset 0: InvalidUtf8: invalid UTF-8 at byte 18 of the line: "
        ),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.matches("byte").count(), 1, "{}", out.stderr);
    let out = run_stdin(&["--max-line", "10"], b"https://a.example/long\n");
    assert!(
        out.stderr
            .contains("TooLong: line of 22 bytes is longer than --max-line 10"),
        "{}",
        out.stderr
    );
    // The main mode and `match` label a line alike.
    let out = run_stdin(&["match", "https://*/x"], b"https://a/x\nnope\n");
    assert!(
        out.stderr.contains("weburl match: line 2, offset 12: "),
        "{}",
        out.stderr
    );
}
