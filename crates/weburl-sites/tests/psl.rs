//! Public suffixes and registrable domains: the Public Suffix List's own
//! tests (every line of both files), the URL Standard's examples, and the
//! compiled table against a plain reading of the list on many hosts.

use weburl_test_support::harness as common;

use weburl::{Host, Url};
use weburl_sites::Sites;
use weburl_test_support::psl_plain::PlainList;

/// The host a URL parser gives `input`, as a URL with a null host when
/// `input` is the list tests' `null`.
fn url_for(input: &str) -> Url {
    let href = if input == "null" {
        "about:blank".to_owned()
    } else {
        format!("http://{input}/")
    };
    Url::parse(&href).unwrap_or_else(|e| panic!("{href}: {e}"))
}

/// The expected registrable domain, in the ASCII form a URL host has.
fn expected_ascii(expected: &str) -> Option<String> {
    (expected != "null").then(|| url_for(expected).hostname().to_owned())
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(common::testdata_dir().join(relative))
        .unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Runs `(line, input, expected)` cases and reports every failure at once.
fn run(cases: &[(usize, String, String)]) -> Vec<String> {
    let mut failures = Vec::new();
    for (line, input, expected) in cases {
        let url = url_for(input);
        let actual = url.registrable_domain();
        let want = expected_ascii(expected);
        if actual != want.as_deref() {
            failures.push(format!(
                "line {line}: {input:?}: expected {want:?}, found {actual:?}"
            ));
        }
    }
    failures
}

#[test]
fn psl_tests_txt_every_line() {
    let text = read("psl/tests.txt");
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let mut fields = line.split(' ');
        let (Some(input), Some(expected), None) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("line {}: not `input expected`: {line:?}", number + 1);
        };
        cases.push((number + 1, input.to_owned(), expected.to_owned()));
    }
    assert_eq!(cases.len(), 78, "test lines in psl/tests.txt");
    let failures = run(&cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn psl_test_psl_txt_every_line() {
    let text = read("psl/test_psl.txt");
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let args = line
            .strip_prefix("checkPublicSuffix(")
            .and_then(|rest| rest.strip_suffix(");"))
            .unwrap_or_else(|| panic!("line {}: not a check: {line:?}", number + 1));
        let (input, expected) = args
            .split_once(", ")
            .unwrap_or_else(|| panic!("line {}: two arguments expected", number + 1));
        let unquote = |s: &str| s.trim_matches('\'').to_owned();
        cases.push((number + 1, unquote(input), unquote(expected)));
    }
    assert_eq!(cases.len(), 78, "checks in psl/test_psl.txt");
    let failures = run(&cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// url.bs, the example table under "registrable domain".
#[test]
fn url_standard_examples() {
    let table: [(&str, Option<&str>, Option<&str>); 12] = [
        ("com", Some("com"), None),
        ("example.com", Some("com"), Some("example.com")),
        ("www.example.com", Some("com"), Some("example.com")),
        ("sub.www.example.com", Some("com"), Some("example.com")),
        ("EXAMPLE.COM", Some("com"), Some("example.com")),
        ("example.com.", Some("com."), Some("example.com.")),
        ("github.io", Some("github.io"), None),
        (
            "whatwg.github.io",
            Some("github.io"),
            Some("whatwg.github.io"),
        ),
        ("إختبار", Some("xn--kgbechtv"), None),
        (
            "example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        (
            "sub.example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
    ];
    for (input, suffix, registrable) in table {
        let url = url_for(input);
        assert_eq!(url.public_suffix(), suffix, "public suffix of {input}");
        assert_eq!(
            url.registrable_domain(),
            registrable,
            "registrable domain of {input}"
        );
        let host = url.typed_host().unwrap();
        assert_eq!(
            host.public_suffix(),
            suffix,
            "Host: public suffix of {input}"
        );
        assert_eq!(
            host.registrable_domain(),
            registrable,
            "Host: registrable domain of {input}"
        );
    }
}

#[test]
fn idn_hosts_unicode_and_punycode_agree() {
    for (unicode, punycode, registrable) in [
        (
            "www.食狮.公司.cn",
            "www.xn--85x722f.xn--55qx5d.cn",
            "xn--85x722f.xn--55qx5d.cn",
        ),
        (
            "食狮.中国",
            "xn--85x722f.xn--fiqs8s",
            "xn--85x722f.xn--fiqs8s",
        ),
        (
            "a.bürgermeister.example",
            "a.xn--brgermeister-dlb.example",
            "xn--brgermeister-dlb.example",
        ),
        (
            "ÉXAMPLE.ÅLAND.AX",
            "xn--xample-9ua.xn--land-poa.ax",
            "xn--land-poa.ax",
        ),
    ] {
        for input in [unicode, punycode] {
            assert_eq!(
                url_for(input).registrable_domain(),
                Some(registrable),
                "{input}"
            );
        }
    }
}

#[test]
fn hosts_that_are_not_domains_have_none() {
    for href in [
        "http://127.0.0.1/",
        "http://[::1]/",
        "file:///etc/hosts",
        "git://github.io/x",
        "sc://example.com/",
        "mailto:a@example.com",
    ] {
        let url = Url::parse(href).unwrap();
        assert_eq!(url.public_suffix(), None, "{href}");
        assert_eq!(url.registrable_domain(), None, "{href}");
        assert_eq!(url.icann_public_suffix(), None, "{href}");
        assert_eq!(url.icann_registrable_domain(), None, "{href}");
    }
    assert_eq!(Host::Empty.public_suffix(), None);
    assert_eq!(Host::Opaque("example.com").registrable_domain(), None);
}

#[test]
fn empty_labels_and_trailing_dots() {
    for (domain, suffix, registrable) in [
        ("example.com.", Some("com."), Some("example.com.")),
        ("com.", Some("com."), None),
        (".", None, None),
        ("", None, None),
        ("example.com..", None, None),
        ("a..example.com", None, None),
        (".example.com", None, None),
        ("localhost", Some("localhost"), None),
        (
            "a.b.kawasaki.jp",
            Some("b.kawasaki.jp"),
            Some("a.b.kawasaki.jp"),
        ),
        (
            "a.city.kawasaki.jp.",
            Some("kawasaki.jp."),
            Some("city.kawasaki.jp."),
        ),
        ("kawasaki.jp", Some("jp"), Some("kawasaki.jp")),
    ] {
        let host = Host::Domain(domain);
        assert_eq!(host.public_suffix(), suffix, "public suffix of {domain:?}");
        assert_eq!(
            host.registrable_domain(),
            registrable,
            "registrable domain of {domain:?}"
        );
    }
}

#[test]
fn uppercase_domains_match_as_lowercase() {
    // A Host built by hand may hold uppercase letters; the rules still match.
    let host = Host::Domain("WWW.Example.CO.UK");
    assert_eq!(host.public_suffix(), Some("CO.UK"));
    assert_eq!(host.registrable_domain(), Some("Example.CO.UK"));
}

#[test]
fn icann_section_alone() {
    for (href, all, icann) in [
        (
            "https://a.b.github.io/",
            Some("b.github.io"),
            Some("github.io"),
        ),
        (
            "https://www.example.co.uk/",
            Some("example.co.uk"),
            Some("example.co.uk"),
        ),
        (
            "https://foo.blogspot.com/",
            Some("foo.blogspot.com"),
            Some("blogspot.com"),
        ),
        ("https://github.io/", None, Some("github.io")),
    ] {
        let url = Url::parse(href).unwrap();
        assert_eq!(url.registrable_domain(), all, "{href}");
        assert_eq!(url.icann_registrable_domain(), icann, "{href}");
    }
    let url = Url::parse("https://a.b.github.io/").unwrap();
    assert_eq!(url.public_suffix(), Some("github.io"));
    assert_eq!(url.icann_public_suffix(), Some("io"));
}

#[test]
fn table_agrees_with_a_plain_reading_of_the_list() {
    let mut domains: Vec<String> = Vec::new();
    // Every rule with one, two and three labels more; and every URL host
    // of the vendored lists.
    for rule in PlainList::vendored().suffixes() {
        domains.push(rule.to_owned());
        domains.push(format!("x.{rule}"));
        domains.push(format!("y.x.{rule}"));
        domains.push(format!("city.y.x.{rule}"));
        domains.push(format!("Www.Y.X.{}.", rule.to_uppercase()));
    }
    // Empty labels at every position, in names longer than a word.
    for base in [
        "abcdefghij.klmnopqrs.example.co.uk",
        "a.b.c.d.e.f.g.h.i.j.kawasaki.jp",
        "a-rather-long-first-label-0123456789.and-another-long-one-abcdefghij.x.city.kawasaki.jp",
    ] {
        for at in 0..=base.len() {
            domains.push(format!("{}.{}", &base[..at], &base[at..]));
            domains.push(format!("{}.", &base[..at]));
        }
    }
    for file in ["kasztp.txt", "userbait.txt", "web_links.txt"] {
        for line in read(&format!("urls/{file}")).lines() {
            if let Ok(url) = Url::parse(line.trim()) {
                if let Some(Host::Domain(domain)) = url.typed_host() {
                    domains.push(domain.to_owned());
                }
            }
        }
    }
    let failures = disagreements_with_the_plain_reading(&domains);
    assert!(domains.len() > 100_000, "only {} domains", domains.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// Every domain whose public suffix or registrable domain (all sections or
/// ICANN only) differs from the plain reading of the list.
fn disagreements_with_the_plain_reading(domains: &[String]) -> Vec<String> {
    let plain = PlainList::vendored();
    domains
        .iter()
        .filter_map(|domain| plain.compare(domain).err())
        .collect()
}

/// Names of 0 to 6 labels drawn from rules' labels, their uppercase forms,
/// non-ASCII and control bytes, and labels of 7, 8, 9, 16, 17 and 300
/// bytes (the lengths where the lookup reads a label differently), with
/// empty labels and trailing dots: every path of the lookup against the
/// plain reading.
#[test]
fn generated_names_agree_with_a_plain_reading_of_the_list() {
    let long = "a".repeat(300);
    let pool: Vec<&str> = vec![
        "com",
        "CoM",
        "uk",
        "UK",
        "co",
        "jp",
        "kawasaki",
        "city",
        "Kawasaki",
        "github",
        "io",
        "blogspot",
        "amazonaws",
        "s3",
        "compute",
        "ck",
        "www",
        "Ä",
        "é",
        "a\u{d}",
        "\u{10}",
        "-",
        "0",
        "xn--p1ai",
        "x",
        "abcdefg",
        "abcdefgh",
        "abcdefghi",
        "abcdefghijklmnop",
        "abcdefghijklmnopq",
        "appspot",
        "",
        &long,
    ];
    // xorshift64: the same names on every run.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut domains = Vec::new();
    for _ in 0..200_000 {
        let count = next(7);
        let labels: Vec<&str> = (0..count).map(|_| pool[next(pool.len())]).collect();
        let mut domain = labels.join(".");
        if next(8) == 0 {
            domain.push('.');
        }
        domains.push(domain);
    }
    let failures = disagreements_with_the_plain_reading(&domains);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// The `psl` fuzz target's saved inputs (`fuzz/regressions/psl/`, when
/// there are any), replayed through its check.
#[test]
fn fuzz_regressions_hold() {
    let dir = common::testdata_dir().join("../fuzz/regressions/psl");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("read fuzz/regressions/psl").path();
        if path.is_file() && path.extension().is_none_or(|e| e != "md") {
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            weburl_test_support::checks::psl(&data);
        }
    }
}
