//! The subcommands `lint`, `links`, `extract` and `data`: their output,
//! their JSON parsed back, and their exit codes.

mod common;

use serde_json::Value;

use common::{run, run_stdin, TempDir};

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The caret lines of a lint report: (first column, width, error name).
fn carets(report: &str) -> Vec<(usize, usize, String)> {
    report
        .lines()
        .filter(|l| l.trim_start().starts_with('^'))
        .map(|l| {
            let start = l.len() - l.trim_start().len();
            let width = l[start..].chars().take_while(|&c| c == '^').count();
            let name = l[start + width..].trim_start().split(':').next().unwrap();
            (start, width, name.to_owned())
        })
        .collect()
}

#[test]
fn lint_draws_carets_under_the_errors() {
    let input = "http://exa mple.com\\path";
    let out = run(&["lint", input]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let text = out.text();
    let l = lines(&text);
    assert_eq!(l[0], input);
    let host = input.find("exa").unwrap();
    assert_eq!(
        carets(&text),
        [(host, "exa mple.com".len(), "domain-to-ASCII".to_owned())]
    );
    assert!(l[1].starts_with("       ^^^^^^^^^^^^ domain-to-ASCII: the host is not a valid domain"));
    assert!(text.contains("WHATWG:   failure: "), "{text}");
    assert!(text.contains("RFC 3986: not a URI: "), "{text}");
    assert!(
        text.ends_with("verdict: both parsers reject the string\n"),
        "{text}"
    );

    // Several errors, each under its own character.
    let input = "https://user@EXAMPLE.com\\a b%zz";
    let out = run(&["lint", input]);
    assert_eq!(out.code, 1);
    let at = |s: &str| input.find(s).unwrap();
    assert_eq!(
        carets(&out.text()),
        [
            (at("@"), 1, "invalid-credentials".to_owned()),
            (at("\\"), 1, "invalid-reverse-solidus".to_owned()),
            (at(" "), 1, "invalid-URL-unit".to_owned()),
            (at("%"), 1, "invalid-URL-unit".to_owned()),
        ]
    );
    assert!(out
        .text()
        .contains("verdict: the host differs, and so does the origin"));
}

#[test]
fn lint_exit_codes() {
    // Clean: parses without validation errors, both standards agree.
    let out = run(&["lint", "https://example.com/a?b#c", "http://a.example/"]);
    assert_eq!(out.code, 0, "{}", out.text());
    assert!(out.text().contains("verdict: both parsers agree"));
    assert_eq!(carets(&out.text()), []);
    // One report per URL, separated by an empty line.
    assert_eq!(out.text().matches("\n\n").count(), 1);
    // Any URL with findings makes it 1.
    assert_eq!(
        run(&["lint", "https://example.com/", "https://a b/"]).code,
        1
    );
    // A URL that parses without validation errors but that RFC 3986 reads
    // otherwise is a finding too.
    let out = run(&["lint", "http://0x7f.1/"]);
    assert_eq!(out.code, 1);
    assert!(
        out.text().contains("- host (strict reading)"),
        "{}",
        out.text()
    );
    // A relative reference against --base.
    let out = run(&["lint", "--base", "https://example.com/a/", "b?c"]);
    assert_eq!(out.code, 0, "{}", out.text());
    assert!(out.text().contains("WHATWG:   https://example.com/a/b?c"));
    // A base that does not parse: trurl's 9.
    let out = run(&["lint", "--base", "nope", "b"]);
    assert_eq!(out.code, 9);
    assert!(
        out.stderr.contains("MissingSchemeNonRelativeUrl"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
    // No URL, or a main-mode option before the subcommand: 4.
    assert_eq!(run(&["lint"]).code, 4);
    let out = run(&["--json", "lint", "https://a/"]);
    assert_eq!(out.code, 4);
    assert!(out
        .stderr
        .contains("--json is given before the subcommand `lint`"));
    assert_eq!(run(&["lint", "--bogus", "https://a/"]).code, 4);
    assert_eq!(run(&["lint", "https://a/", "--base"]).code, 3);
}

#[test]
fn lint_json_parses_back() {
    let inputs = [
        "http://a\\@b/",
        "https://example.com/",
        "http://exa mple.com/",
    ];
    let mut args = vec!["lint", "--json"];
    args.extend(inputs);
    let out = run(&args);
    assert_eq!(out.code, 1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let reports = v.as_array().unwrap();
    assert_eq!(reports.len(), 3);

    let r = &reports[0];
    assert_eq!(r["input"], inputs[0]);
    assert_eq!(r["base"], Value::Null);
    assert_eq!(r["clean"], false);
    assert_eq!(r["href"], "http://a/@b/");
    assert_eq!(r["failure"], Value::Null);
    let errors = r["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["kind"], "invalid-reverse-solidus");
    assert!(errors[0]["description"].as_str().unwrap().contains('\\'));
    let span = &errors[0]["span"];
    let (s, e) = (span[0].as_u64().unwrap(), span[1].as_u64().unwrap());
    assert_eq!(&inputs[0][s as usize..e as usize], "\\");
    assert_eq!(r["rfc3986"], Value::Null);
    assert!(r["rfc3986_failure"].as_str().unwrap().contains("userinfo"));
    let host = r["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["component"] == "host")
        .expect("a host disagreement");
    assert_eq!(host["reading"], "lenient");
    assert_eq!(host["whatwg"], "a");
    assert_eq!(host["rfc3986"], "b");
    assert!(!host["explanation"].as_str().unwrap().is_empty());
    assert_eq!(r["changes_host"], true);
    assert_eq!(r["changes_origin"], true);
    assert_eq!(r["verdict"], "the host differs, and so does the origin");

    let r = &reports[1];
    assert_eq!(r["clean"], true);
    assert_eq!(r["errors"], Value::Array(vec![]));
    assert_eq!(r["disagreements"], Value::Array(vec![]));
    assert_eq!(r["rfc3986"], "https://example.com/");
    assert_eq!(r["changes_host"], false);

    let r = &reports[2];
    assert_eq!(r["href"], Value::Null);
    assert_eq!(r["failure"]["kind"], "DomainInvalidCodePoint");
    assert_eq!(r["errors"][0]["kind"], "domain-to-ASCII");
    assert_eq!(r["errors"][0]["span"], serde_json::json!([7, 19]));

    // Clean input alone: exit 0, still an array.
    let out = run(&["lint", "--json", "https://example.com/"]);
    assert_eq!(out.code, 0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1);
}

/// A vendored page's expectations from `testdata/html/expected.json`.
fn expected_page(file: &str) -> (String, Value) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/html");
    let all: Vec<Value> =
        serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json")).unwrap()).unwrap();
    let page = all.into_iter().find(|p| p["file"] == file).unwrap();
    (format!("{dir}/{file}"), page)
}

/// Checks the text output of `weburl links` against a page's expectations.
fn check_links_text(file: &str, want_base_source: &str) {
    let (path, page) = expected_page(file);
    let address = page["url"].as_str().unwrap();
    let out = run(&["links", &path, "--url", address]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = out.text();
    let l = lines(&text);
    let count = page["links"].as_u64().unwrap() as usize;
    assert_eq!(l.len(), count + 1, "a header line and one line per link");
    assert_eq!(
        l[0],
        format!(
            "# encoding: {} (prescan)\tbase: {} ({want_base_source})\tlinks: {count}",
            page["encoding"].as_str().unwrap(),
            page["base_url"].as_str().unwrap(),
        )
    );
    for s in page["sample"].as_array().unwrap() {
        let i = s[0].as_u64().unwrap() as usize;
        let cols: Vec<&str> = l[i + 1].split('\t').collect();
        assert_eq!(cols.len(), 5, "{}", l[i + 1]);
        assert_eq!(cols[0], s[4].as_str().unwrap(), "link {i}");
        assert_eq!(
            (cols[1], cols[2]),
            (s[1].as_str().unwrap(), s[2].as_str().unwrap())
        );
        assert!(
            cols[3].contains(s[3].as_str().unwrap()),
            "link {i}: {}",
            cols[3]
        );
    }
}

#[test]
fn links_of_a_page_with_a_base_element() {
    // <base href="../.."> resolves against the page's address.
    check_links_text("trafilatura-eluniversal.com-senador.html", "base-element");
}

#[test]
fn links_of_a_shift_jis_page() {
    check_links_text("mechanize-sophos_co_jp_index.html", "document-url");
}

#[test]
fn links_from_stdin_as_json_lines() {
    let (path, page) = expected_page("mechanize-sophos_co_jp_index.html");
    let html = std::fs::read(path).unwrap();
    let out = run_stdin(
        &[
            "links",
            "-",
            "--url",
            page["url"].as_str().unwrap(),
            "--jsonl",
        ],
        &html,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let objects = json_lines(&out.text());
    let count = page["links"].as_u64().unwrap();
    assert_eq!(objects.len() as u64, count + 1);
    let doc = &objects[0];
    assert_eq!(doc["encoding"], page["encoding"]);
    assert_eq!(doc["encoding_source"], "prescan");
    assert_eq!(doc["base"], page["base_url"]);
    assert_eq!(doc["base_source"], "document-url");
    assert_eq!(doc["base_href"], Value::Null);
    assert_eq!(doc["links"], count);
    let links = &objects[1..];
    let mut by = std::collections::BTreeMap::<String, u64>::new();
    for l in links {
        *by.entry(format!(
            "{} {}",
            l["element"].as_str().unwrap(),
            l["attribute"].as_str().unwrap()
        ))
        .or_default() += 1;
        assert!(l["line"].as_u64().unwrap() >= 1);
        assert_eq!(l["error"], Value::Null);
    }
    assert_eq!(serde_json::to_value(by).unwrap(), page["by_attribute"]);
    for s in page["sample"].as_array().unwrap() {
        let l = &links[s[0].as_u64().unwrap() as usize];
        assert_eq!(l["element"], s[1]);
        assert_eq!(l["attribute"], s[2]);
        assert_eq!(l["reference"], s[3]);
        assert_eq!(l["url"], s[4]);
    }
}

#[test]
fn links_keeps_failures_and_uses_the_page_encoding() {
    // 日本語 in Shift_JIS; the query is encoded in the page's encoding.
    let page: &[u8] = b"<meta charset=shift_jis><base href=/docs/>\n\
        <a href='/probe?q=\x93\xfa\x96\x7b\x8c\xea'>x</a>\n\
        <a href='http://[::1'>bad</a>\n\
        <img srcset='a.png 1x,\tb.png 2x'>\n\
        <a href='https://h:99999/'>port</a>";
    let out = run_stdin(&["links", "-", "--url", "http://a.example/x/y"], page);
    assert_eq!(out.code, 0, "links that fail are output, not an error");
    assert_eq!(
        lines(&out.text()),
        [
            "# encoding: Shift_JIS (prescan)\tbase: http://a.example/docs/ (base-element)\tlinks: 6",
            "http://a.example/docs/\tbase\thref\t/docs/\t",
            "http://a.example/probe?q=%93%FA%96{%8C%EA\ta\thref\t/probe?q=日本語\t",
            "\ta\thref\thttp://[::1\tIpv6Unclosed",
            "http://a.example/docs/a.png\timg\tsrcset\ta.png 1x,\\tb.png 2x\t",
            "http://a.example/docs/b.png\timg\tsrcset\ta.png 1x,\\tb.png 2x\t",
            "\ta\thref\thttps://h:99999/\tPortOutOfRange",
        ]
    );
    let out = run_stdin(
        &["links", "-", "--url", "http://a.example/x/y", "--jsonl"],
        page,
    );
    let objects = json_lines(&out.text());
    assert_eq!(objects.len(), 7);
    assert_eq!(objects[0]["base_href"], "/docs/");
    let bad = &objects[3];
    assert_eq!(bad["url"], Value::Null);
    assert_eq!(bad["error"]["kind"], "Ipv6Unclosed");
    assert!(!bad["error"]["message"].as_str().unwrap().is_empty());
    assert_eq!(bad["line"], 3);
    assert_eq!(objects[5]["reference"], "b.png");

    // The transport charset wins over <meta>.
    let page = b"<meta charset=shift_jis><a href='?q=\xe9'>";
    let out = run_stdin(
        &[
            "links",
            "-",
            "--url",
            "http://a.example/",
            "--charset",
            "latin1",
        ],
        page,
    );
    assert_eq!(
        lines(&out.text()),
        [
            "# encoding: windows-1252 (transport)\tbase: http://a.example/ (document-url)\tlinks: 1",
            "http://a.example/?q=%E9\ta\thref\t?q=é\t",
        ]
    );
}

#[test]
fn links_errors() {
    let dir = TempDir::new("links-errors");
    let page = dir.file("page.html", b"<a href=x>");
    let missing = dir.0.join("missing.html");
    let out = run(&["links", missing.to_str().unwrap(), "--url", "http://a/"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("missing.html"), "{}", out.stderr);
    let out = run(&["links", &page, "--url", "not a url"]);
    assert_eq!(out.code, 9);
    assert!(out.stderr.contains("--url \"not a url\""), "{}", out.stderr);
    let out = run(&["links", &page, "--url", "http://a/", "--charset", "klingon"]);
    assert_eq!(out.code, 4);
    assert!(out.stderr.contains("klingon"));
    // --url is required.
    assert_eq!(run(&["links", &page]).code, 4);
    assert_eq!(run(&["links", &page, "--url"]).code, 3);
}

#[test]
fn extract_finds_urls_in_text() {
    let text =
        "See <URL:http://example.com/a-\n   very-long/path>, or <https://example.org/x?y=1>.\n\
                Also https://en.wikipedia.org/wiki/URL_(disambiguation)). And www.example.net;\n\
                ftp://files.example/pub/README, then “https://q.example/ü”!";
    let out = run_stdin(&["extract", "-"], text.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let got = out.text();
    let span = |s: &str| {
        let start = text.find(s).unwrap();
        format!("{start}-{}", start + s.len())
    };
    let wikipedia = "https://en.wikipedia.org/wiki/URL_(disambiguation)";
    assert_eq!(
        lines(&got),
        [
            format!(
                "{}\thttp://example.com/a-very-long/path",
                span("http://example.com/a-\n   very-long/path")
            ),
            format!(
                "{}\thttps://example.org/x?y=1",
                span("https://example.org/x?y=1")
            ),
            format!("{}\t{wikipedia}", span(wikipedia)),
            format!(
                "{}\tftp://files.example/pub/README",
                span("ftp://files.example/pub/README")
            ),
            format!("{}\thttps://q.example/%C3%BC", span("https://q.example/ü")),
        ]
    );

    // --www finds the bare host; --jsonl gives span, delimiter, candidate, href.
    let dir = TempDir::new("extract");
    let file = dir.file("mail.txt", text.as_bytes());
    let out = run(&["extract", &file, "--www", "--jsonl"]);
    assert_eq!(out.code, 0);
    let objects = json_lines(&out.text());
    assert_eq!(objects.len(), 6);
    let delimiters: Vec<&str> = objects
        .iter()
        .map(|o| o["delimiter"].as_str().unwrap())
        .collect();
    assert_eq!(
        delimiters,
        [
            "url-prefix",
            "angle-brackets",
            "none",
            "none",
            "none",
            "quotes"
        ]
    );
    assert_eq!(
        objects[0]["candidate"],
        "http://example.com/a-very-long/path"
    );
    let www = &objects[3];
    assert_eq!(www["candidate"], "http://www.example.net");
    assert_eq!(www["href"], "http://www.example.net/");
    let start = text.find("www.example.net").unwrap();
    assert_eq!(
        www["span"],
        serde_json::json!([start, start + "www.example.net".len()])
    );
    for o in &objects {
        let (s, e) = (
            o["span"][0].as_u64().unwrap(),
            o["span"][1].as_u64().unwrap(),
        );
        let written: String = text[s as usize..e as usize]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        // The candidate is the span without whitespace, `http://` added to `www.`.
        assert!(o["candidate"].as_str().unwrap().ends_with(&written), "{o}");
    }

    // Bytes that are not UTF-8 end a URL; spans stay byte offsets.
    let out = run_stdin(
        &["extract", "-"],
        b"\xff<https://a.example/p>\xfehttp://b.example/q\xe9r",
    );
    assert_eq!(
        lines(&out.text()),
        ["2-21\thttps://a.example/p", "23-41\thttp://b.example/q"]
    );
    // Nothing found is not an error; a missing file is 1.
    let out = run_stdin(&["extract", "-"], b"no URLs here: mailto? http:");
    assert_eq!((out.code, out.stdout.len()), (0, 0));
    assert_eq!(
        run(&["extract", dir.0.join("nope.txt").to_str().unwrap()]).code,
        1
    );
    assert_eq!(run(&["extract"]).code, 4);
}

#[test]
fn data_writes_the_body_and_the_type() {
    let out = run(&["data", "data:text/plain;base64,SGk="]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, b"Hi");
    assert_eq!(out.stderr, "Content-Type: text/plain\n");

    // Percent-encoded bytes, any of them (a NUL, a byte that is not UTF-8).
    let out = run(&["data", "data:,A%20brief%20note%00%FF"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, b"A brief note\x00\xff");
    assert_eq!(out.stderr, "Content-Type: text/plain;charset=US-ASCII\n");

    // The fragment is not part of the body; whitespace in base64 is.
    let out = run(&["data", "data:application/octet-stream;base64,AA E=#frag"]);
    assert_eq!(out.stdout, b"\x00\x01");

    // --info instead of the body.
    let out = run(&[
        "data",
        "--info",
        "data:text/html;charset=UTF-8;base64,PGI+aGk8L2I+",
    ]);
    assert_eq!(out.code, 0);
    assert_eq!(
        out.text(),
        "type: text/html;charset=UTF-8\nessence: text/html\nparameter: charset=UTF-8\nlength: 9\nbase64: yes\n"
    );
    assert_eq!(out.stderr, "");
    let out = run(&["data", "--info", "data:Text/Plain;A=1;b=\"x y\",z"]);
    assert_eq!(
        out.text(),
        "type: text/plain;a=1;b=\"x y\"\nessence: text/plain\nparameter: a=1\nparameter: b=x y\nlength: 1\nbase64: no\n"
    );
}

#[test]
fn data_errors() {
    for (url, kind) in [
        ("https://example.com/", "NotData"),
        ("data:text/plain", "NoComma"),
        ("data:;base64,SGk?", "InvalidBase64"),
        ("data:;base64,S", "InvalidBase64"),
        ("not a url", "MissingSchemeNonRelativeUrl"),
    ] {
        let out = run(&["data", url]);
        assert_eq!(out.code, 9, "{url}");
        assert!(out.stdout.is_empty(), "{url}");
        assert!(
            out.stderr.starts_with(&format!("weburl error: {kind}: ")),
            "{url}: {}",
            out.stderr
        );
        assert!(out.stderr.contains(&format!("{url:?}")), "{}", out.stderr);
    }
    assert_eq!(run(&["data"]).code, 4);
    assert_eq!(run(&["data", "--info"]).code, 4);
}
