//! Bulk mode loses nothing: one output record per input record, in order,
//! for lines of any length and content; every failure reported with its
//! line number and byte offset; the output formats parse back.

mod common;

use std::io::Write as _;

use common::{failed_lines, run, run_stdin, TempDir};

/// Splits output into records (lines), keeping a last one without newline.
fn records(out: &[u8]) -> Vec<&[u8]> {
    let mut v: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    assert_eq!(v.pop(), Some(&b""[..]), "output ends with a newline");
    v
}

/// A valid URL of exactly `len` bytes that serializes to itself.
fn url_of_len(len: usize) -> Vec<u8> {
    let prefix = b"https://example.com/";
    assert!(len >= prefix.len());
    let mut u = prefix.to_vec();
    u.resize(len, b'a');
    u
}

#[test]
fn line_lengths_from_zero_to_a_mebibyte() {
    let dir = TempDir::new("lengths");
    // (line, expected output record, fails)
    let mut lines: Vec<(Vec<u8>, Vec<u8>, bool)> = vec![
        (Vec::new(), Vec::new(), true),
        (b"a".to_vec(), Vec::new(), true),
    ];
    for len in [4095, 4096, 4097, 32767, 32768, 32769, 1 << 20] {
        let u = url_of_len(len);
        lines.push((u.clone(), u, false));
    }
    lines.push((
        b"https://after.example/".to_vec(),
        b"https://after.example/".to_vec(),
        false,
    ));
    let mut input = Vec::new();
    for (l, _, _) in &lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    let file = dir.file("lengths.txt", &input);
    for jobs in ["1", "2"] {
        let out = run(&["-f", &file, "-j", jobs]);
        let recs = records(&out.stdout);
        assert_eq!(
            recs.len(),
            lines.len(),
            "records out = records in (-j {jobs})"
        );
        for (i, ((_, want, _), got)) in lines.iter().zip(&recs).enumerate() {
            assert_eq!(got, want, "record {} (-j {jobs})", i + 1);
        }
        assert_eq!(failed_lines(&out.stderr), [1, 2]);
        assert!(out
            .stderr
            .contains("weburl: line 2, offset 1: MissingSchemeNonRelativeUrl"));
        assert!(out
            .stderr
            .contains(&format!("weburl: {} ok, 2 failed", lines.len() - 2)));
        assert_eq!(out.code, 9);
    }
    // --max-line reports the long lines as TooLong, never cut.
    let out = run(&["-f", &file, "--max-line", "32768", "--allow-errors"]);
    let recs = records(&out.stdout);
    assert_eq!(recs.len(), lines.len());
    assert_eq!(failed_lines(&out.stderr), [1, 2, 8, 9]);
    assert!(out.stderr.contains("TooLong: line of 32769 bytes"));
    assert!(out.stderr.contains("TooLong: line of 1048576 bytes"));
    assert_eq!(recs[7], b"", "a too-long line gives an empty record");
    assert_eq!(recs[6], url_of_len(32768).as_slice());
    assert_eq!(recs[9], b"https://after.example/");
    assert_eq!(out.code, 0);
}

#[test]
fn line_endings_nul_and_invalid_utf8() {
    let dir = TempDir::new("endings");
    let input: &[u8] = b"https://a.example/1\r\n\
        https://a.example/2\rx\n\
        https://a.example/\x003\n\
        https://a.example/\xff\n\
        \r\n\
        https://a.example/6\r";
    let file = dir.file("endings.txt", input);
    let out = run(&["-f", &file]);
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(
        text,
        "https://a.example/1\n\
         https://a.example/2x\n\
         https://a.example/%003\n\
         \n\
         \n\
         https://a.example/6\n"
    );
    assert_eq!(failed_lines(&out.stderr), [4, 5]);
    // Offsets count every byte, CR and LF included.
    assert!(out.stderr.contains(
        "line 4, offset 64: InvalidUtf8: invalid UTF-8 at byte 18 of the line: \"https://a.example/\\xff\""
    ));
    assert!(out
        .stderr
        .contains("line 5, offset 84: EmptyLine: an empty line"));
    assert!(out.stderr.contains("weburl: 4 ok, 2 failed"));
    // --lossy parses the line with U+FFFD.
    let out = run(&["-f", &file, "--lossy"]);
    assert_eq!(records(&out.stdout)[3], b"https://a.example/%EF%BF%BD");
    assert_eq!(failed_lines(&out.stderr), [5]);
    // --on-error=input writes the line as it was read, bytes and all.
    let out = run(&["-f", &file, "--on-error=input"]);
    assert_eq!(records(&out.stdout)[3], b"https://a.example/\xff");
    // In JSON lines the line's offset and the error are there.
    let out = run(&["-f", &file, "--jsonl"]);
    let lines: Vec<serde_json::Value> = records(&out.stdout)
        .iter()
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[3]["line"], 4);
    assert_eq!(lines[3]["offset"], 64);
    assert_eq!(lines[3]["error"]["kind"], "InvalidUtf8");
    assert_eq!(lines[2]["href"], "https://a.example/%003");
    assert_eq!(lines[2]["input"], "https://a.example/\u{0}3");
    assert_eq!(lines[5]["offset"], 86);
}

#[test]
fn on_error_modes_and_filters() {
    let input = b"https://a/\nbad\nhttps://b/\n\nhttps://a/\n";
    let t = |args: &[&str]| {
        let out = run_stdin(args, input);
        (String::from_utf8(out.stdout).unwrap(), out.code)
    };
    assert_eq!(
        t(&[]),
        ("https://a/\n\nhttps://b/\n\nhttps://a/\n".into(), 9)
    );
    assert_eq!(
        t(&["--on-error=empty"]),
        ("https://a/\n\nhttps://b/\n\nhttps://a/\n".into(), 9)
    );
    assert_eq!(
        t(&["--on-error=skip"]),
        ("https://a/\nhttps://b/\nhttps://a/\n".into(), 9)
    );
    assert_eq!(
        t(&["--on-error=input"]),
        ("https://a/\nbad\nhttps://b/\n\nhttps://a/\n".into(), 9)
    );
    assert_eq!(t(&["--on-error=fail"]), ("https://a/\n".into(), 9));
    assert_eq!(t(&["--allow-errors"]).1, 0);
    // A filter exits 0 when the input was read (see tests/filters.rs).
    assert_eq!(
        t(&["--valid"]),
        ("https://a/\nhttps://b/\nhttps://a/\n".into(), 0)
    );
    assert_eq!(t(&["--invalid"]), ("bad\n\n".into(), 0));
    assert_eq!(
        t(&["--unique", "--valid"]),
        ("https://a/\nhttps://b/\n".into(), 0)
    );
    assert_eq!(t(&["--count"]), ("5\n".into(), 9));
    assert_eq!(t(&["--count", "--valid"]), ("3\n".into(), 0));
    assert_eq!(t(&["--count", "--invalid"]), ("2\n".into(), 0));
    assert_eq!(t(&["--count", "--unique", "--valid"]), ("2\n".into(), 0));
    // The summary and each failure go to stderr, with line numbers.
    let out = run_stdin(&[], input);
    assert_eq!(failed_lines(&out.stderr), [2, 4]);
    assert!(out.stderr.contains("weburl: 3 ok, 2 failed"));
    let out = run_stdin(&["--quiet"], input);
    assert!(!out.stderr.contains(" ok, "));
}

#[test]
fn base_redirect_and_stdin() {
    let input = b"../img/a.png\n//cdn.example/x.js\n?q=1\n#top\n\nhttps://other.example/\n";
    let out = run_stdin(&["--base", "https://example.com/docs/index.html"], input);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "https://example.com/img/a.png\n\
         https://cdn.example/x.js\n\
         https://example.com/docs/index.html?q=1\n\
         https://example.com/docs/index.html#top\n\
         \n\
         https://other.example/\n"
    );
    // A blank line is no reference to the base: it fails (EmptyLine).
    assert_eq!(out.code, 9);
    assert!(
        out.stderr.contains("line 5, offset 42: EmptyLine"),
        "{}",
        out.stderr
    );
    // -f - reads standard input too.
    let out = run_stdin(
        &["-f", "-", "-g", "{host}"],
        b"https://a.example/\nhttps://b.example/",
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "a.example\nb.example\n"
    );
    // A base that does not parse is an error before any input.
    assert_eq!(run(&["--base", "nope", "x"]).code, 9);
}

#[test]
fn csv_tsv_and_jsonl_parse_back() {
    let input = "https://u:p@example.com:8080/a,b?q=\"1\"#f\nnope\nhttp://[::1]/\n";
    let out = run_stdin(&["--csv"], input.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = text.lines();
    assert_eq!(
        rows.next().unwrap(),
        "line,offset,input,href,origin,protocol,username,password,host,hostname,port,pathname,search,hash,error"
    );
    assert_eq!(
        rows.next().unwrap(),
        "1,0,\"https://u:p@example.com:8080/a,b?q=\"\"1\"\"#f\",\"https://u:p@example.com:8080/a,b?q=%221%22#f\",\
         https://example.com:8080,https:,u,p,example.com:8080,example.com,8080,\"/a,b\",?q=%221%22,#f,"
    );
    assert_eq!(
        rows.next().unwrap(),
        "2,41,nope,,,,,,,,,,,,MissingSchemeNonRelativeUrl"
    );
    assert_eq!(
        rows.next().unwrap(),
        "3,46,http://[::1]/,http://[::1]/,http://[::1],http:,,,[::1],[::1],,/,,,"
    );
    assert_eq!(rows.next(), None);

    let out = run_stdin(
        &["--tsv", "--fields", "line,input,hostname,error"],
        b"https://a\tb.example/\nx\\y\n",
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "line\tinput\thostname\terror\n1\thttps://a\\tb.example/\tab.example\t\n2\tx\\\\y\t\tMissingSchemeNonRelativeUrl\n"
    );

    let out = run_stdin(&["--jsonl"], input.as_bytes());
    let recs: Vec<serde_json::Value> = text_lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 3);
    assert_eq!(
        recs[0]["href"],
        "https://u:p@example.com:8080/a,b?q=%221%22#f"
    );
    assert_eq!(recs[0]["host"], "example.com:8080");
    assert_eq!(recs[0]["search"], "?q=%221%22");
    assert!(recs[0].get("error").is_none());
    assert_eq!(
        recs[1],
        serde_json::json!({"line": 2, "offset": 41, "input": "nope",
        "error": {"kind": "MissingSchemeNonRelativeUrl",
                  "message": "relative URL without a base: expected a scheme such as \"https:\", or a base URL"}})
    );
    assert_eq!(recs[2]["hostname"], "[::1]");
    // --fields: exactly those keys, null where there is nothing.
    let out = run_stdin(
        &["--jsonl", "--fields", "line,hostname,path,error"],
        b"https://x.example/a%20b\nnope\n",
    );
    let recs: Vec<serde_json::Value> = text_lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        recs[0],
        serde_json::json!({"line": 1, "hostname": "x.example", "path": "/a b", "error": null})
    );
    assert_eq!(recs[1]["hostname"], serde_json::Value::Null);
    assert_eq!(recs[1]["error"]["kind"], "MissingSchemeNonRelativeUrl");
}

fn text_lines(out: &[u8]) -> Vec<String> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn diagram_and_benchmark() {
    let out = run(&["https://u@example.com:8080/p?q#f", "--diagram"]);
    let text = out.text();
    assert!(text.starts_with("https://u@example.com:8080/p?q#f\n"));
    assert!(text.contains("^ host_start = 10"));
    assert!(text.contains("^ fragment_start = 30"));
    let out = run_stdin(&["--benchmark"], b"https://a/\nhttps://b/\n");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains("weburl: 2 URLs, 22 bytes in"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("URLs/s"));
}

#[test]
fn million_mixed_lines_keep_their_place() {
    // The release test binary runs the binary it was built with on
    // 1,000,000 lines; a debug one on 100,000 to stay fast.
    let n: u64 = if cfg!(debug_assertions) {
        100_000
    } else {
        1_000_000
    };
    // Written past the test harness's capture, so that it shows in a plain `cargo test`.
    let _ = writeln!(
        std::io::stderr(),
        "million_mixed_lines_keep_their_place: {n} lines ({})",
        if cfg!(debug_assertions) {
            "debug build; a release build runs 1,000,000"
        } else {
            "release build"
        }
    );
    let dir = TempDir::new("million");
    let mut input = Vec::with_capacity(n as usize * 40);
    let mut expected = Vec::with_capacity(n as usize * 40);
    let mut invalid = Vec::new();
    let mut offsets = Vec::new();
    for i in 1..=n {
        offsets.push(input.len());
        // Every 7th line is invalid in one of several ways; every 1000th
        // ends with CRLF.
        let line = match i % 7 {
            3 => match (i / 7) % 4 {
                0 => format!("http://exa mple.com/{i}"),
                1 => format!("https://example.com:99999/{i}"),
                2 => format!("relative/{i}"),
                _ => String::new(),
            },
            _ => format!("HTTPS://Example.COM/a/./b/../{i}?q={i}#f"),
        };
        input.extend_from_slice(line.as_bytes());
        input.extend_from_slice(if i % 1000 == 0 { b"\r\n" } else { b"\n" });
        if i % 7 == 3 {
            invalid.push(i);
            expected.push(b'\n');
        } else {
            expected.extend_from_slice(format!("https://example.com/a/{i}?q={i}#f\n").as_bytes());
        }
    }
    let file = dir.file("mixed.txt", &input);
    for jobs in ["1", "2"] {
        let out = run(&["-f", &file, "-j", jobs]);
        assert_eq!(out.code, 9);
        assert_eq!(out.stdout.len(), expected.len(), "-j {jobs}");
        assert!(
            out.stdout == expected,
            "output differs from the expected records (-j {jobs})"
        );
        let failed = failed_lines(&out.stderr);
        assert_eq!(failed, invalid, "the failed line numbers (-j {jobs})");
        // The byte offsets reported are the lines' offsets.
        for line in out
            .stderr
            .lines()
            .take(20)
            .filter(|l| l.starts_with("weburl: line "))
        {
            let n: usize = line["weburl: line ".len()..]
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                line.contains(&format!(", offset {}:", offsets[n - 1])),
                "{line}"
            );
        }
        assert!(out.stderr.contains(&format!(
            "weburl: {} ok, {} failed",
            n - invalid.len() as u64,
            invalid.len()
        )));
    }
    // JSON lines: one valid object per line, in order.
    let out = run(&[
        "-f",
        &file,
        "-j",
        "2",
        "--jsonl",
        "--fields",
        "line,href,error",
    ]);
    let mut count = 0u64;
    for (i, line) in out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        let v: serde_json::Value = serde_json::from_slice(line).unwrap();
        assert_eq!(v["line"], i as u64 + 1);
        assert_eq!(v["error"].is_null(), (i as u64 + 1) % 7 != 3);
        count += 1;
    }
    assert_eq!(count, n);
}

#[test]
fn json_array_from_a_file_parses_back() {
    let dir = TempDir::new("jsonarray");
    let mut input = String::new();
    for i in 0..10_000 {
        input.push_str(&format!("https://example.com/{i}?a={i}&b=x+y\n"));
        if i % 100 == 0 {
            input.push_str("bad\n");
        }
    }
    let file = dir.file("a.txt", input.as_bytes());
    let out = run(&["-f", &file, "--json", "-j", "2"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), 10_100);
    assert_eq!(
        arr[0]["params"][1],
        serde_json::json!({"key": "b", "value": "x y"})
    );
    assert_eq!(arr[1]["error"]["kind"], "MissingSchemeNonRelativeUrl");
    assert_eq!(arr[10_099]["url"], "https://example.com/9999?a=9999&b=x+y");
}

/// A short piped input on a terminal shows no progress spinner: the
/// terminal (a pseudo-terminal from script(1), of util-linux/bsdutils)
/// gets the records and the summary, nothing else.
#[test]
fn no_spinner_for_a_short_piped_input_on_a_terminal() {
    let cmd = format!(
        "printf 'https://a.example/\\nhttps://b.example/\\n' | '{}' --jsonl --fields href",
        common::BIN
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script(1) runs the command on a pseudo-terminal");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"href\":\"https://a.example/\"}\r\n{\"href\":\"https://b.example/\"}\r\nweburl: 2 ok, 0 failed\r\n"
    );
}
