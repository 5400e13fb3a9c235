//! Validation errors: every name in the URL Standard's table is produced by
//! at least one input, at the asserted byte span.

use std::collections::BTreeSet;

use weburl::{is_valid_url_string, Url, ValidationError, ValidationErrorKind};

/// A validation error as `(name, start, end)`.
type Found = (&'static str, usize, usize);

/// One case: input, base, whether it parses, and an error it must report.
type Case = (&'static str, Option<&'static str>, bool, Found);

/// Parses `input` against `base`, collecting validation errors and the
/// parse result.
fn errors(input: &str, base: Option<&str>) -> (Vec<Found>, Result<String, weburl::ParseError>) {
    let base = base.map(|b| Url::parse(b).expect("base parses"));
    let mut found: Vec<ValidationError> = Vec::new();
    let result = Url::options()
        .base_url(base.as_ref())
        .validation_sink(&mut found)
        .parse(input)
        .map(String::from);
    let found = found
        .into_iter()
        .map(|e| (e.kind.name(), e.span.start, e.span.end))
        .collect();
    (found, result)
}

/// One case per validation error: the input (and base), whether it parses,
/// and one error it must report with its span.
const CASES: &[Case] = &[
    ("https://a..b/", None, true, ("domain-to-ASCII", 8, 12)),
    (
        "https://exam%70le.org/",
        None,
        true,
        ("domain-percent-encoded", 8, 21),
    ),
    (
        "foo://exa[mple.org",
        None,
        false,
        ("host-invalid-code-point", 6, 18),
    ),
    ("http://1.2.3.4./", None, true, ("IPv4-empty-part", 7, 15)),
    ("http://1.2.3/", None, true, ("IPv4-too-few-parts", 7, 12)),
    (
        "http://1.2.3.4.5/",
        None,
        false,
        ("IPv4-too-many-parts", 7, 16),
    ),
    (
        "http://test.42/",
        None,
        false,
        ("IPv4-non-numeric-part", 7, 14),
    ),
    (
        "http://0x7f.1/",
        None,
        true,
        ("IPv4-non-decimal-part", 7, 13),
    ),
    (
        "http://1.256/",
        None,
        true,
        ("IPv4-out-of-range-part", 7, 12),
    ),
    (
        "http://\u{ff11}.\u{ff12}.\u{ff13}.\u{ff14}/",
        None,
        true,
        ("IPv4-non-ASCII-input", 7, 22),
    ),
    ("http://[::1/", None, false, ("IPv6-unclosed", 7, 11)),
    (
        "http://[:1]/",
        None,
        false,
        ("IPv6-invalid-compression", 7, 11),
    ),
    (
        "http://[1:2:3:4:5:6:7:8:9]/",
        None,
        false,
        ("IPv6-too-many-pieces", 7, 26),
    ),
    (
        "http://[1::1::1]/",
        None,
        false,
        ("IPv6-multiple-compression", 7, 16),
    ),
    (
        "http://[1:g::]/",
        None,
        false,
        ("IPv6-invalid-code-point", 7, 14),
    ),
    (
        "http://[1:2:3]/",
        None,
        false,
        ("IPv6-too-few-pieces", 7, 14),
    ),
    (
        "http://[0001::]/",
        None,
        true,
        ("IPv6-piece-leading-zero", 7, 15),
    ),
    (
        "http://[1:1:1:1:1:1:1:127.0.0.1]/",
        None,
        false,
        ("IPv4-in-IPv6-too-many-pieces", 7, 32),
    ),
    (
        "http://[ffff::127.0.xyz.1]/",
        None,
        false,
        ("IPv4-in-IPv6-invalid-code-point", 7, 26),
    ),
    (
        "http://[ffff::127.0.0.4000]/",
        None,
        false,
        ("IPv4-in-IPv6-out-of-range-part", 7, 27),
    ),
    (
        "http://[ffff::127.0.0]/",
        None,
        false,
        ("IPv4-in-IPv6-too-few-parts", 7, 22),
    ),
    (
        "https://example.org/>",
        None,
        true,
        ("invalid-URL-unit", 20, 21),
    ),
    (
        "https:example.org",
        None,
        true,
        ("special-scheme-missing-following-solidus", 6, 7),
    ),
    ("💩", None, false, ("missing-scheme-non-relative-URL", 0, 4)),
    (
        "https://example.org\\path",
        None,
        true,
        ("invalid-reverse-solidus", 19, 20),
    ),
    (
        "https://user@example.org",
        None,
        true,
        ("invalid-credentials", 12, 13),
    ),
    ("https://#fragment", None, false, ("host-missing", 8, 9)),
    (
        "https://example.org:70000",
        None,
        false,
        ("port-out-of-range", 20, 25),
    ),
    (
        "https://example.org:7z",
        None,
        false,
        ("port-invalid", 20, 22),
    ),
    (
        "c|/x",
        Some("file:///d:/"),
        true,
        ("file-invalid-Windows-drive-letter", 0, 2),
    ),
    (
        "file://c:",
        None,
        true,
        ("file-invalid-Windows-drive-letter-host", 7, 9),
    ),
];

#[test]
fn every_validation_error_name_is_produced_with_its_span() {
    let mut covered = BTreeSet::new();
    let mut failures = Vec::new();
    for &(input, base, parses, expected) in CASES {
        let (found, result) = errors(input, base);
        if result.is_ok() != parses {
            failures.push(format!(
                "{input:?}: expected parse {parses}, got {result:?}"
            ));
        }
        if !found.contains(&expected) {
            failures.push(format!("{input:?}: expected {expected:?}, found {found:?}"));
        }
        covered.insert(expected.0);
    }
    for kind in ValidationErrorKind::ALL {
        if !covered.contains(kind.name()) {
            failures.push(format!("no case for {}", kind.name()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The full, exact list of errors for inputs whose every error is known.
#[test]
fn exact_error_lists() {
    let cases: &[(&str, &[Found])] = &[
        ("https://example.org/", &[]),
        (
            " \thttps://ex\nample.org/a b ",
            // url.bs, basic URL parser: step 1.2 reports leading and
            // trailing C0 controls and spaces once ("if input contains
            // any"), at the leading run; step 3 reports tabs and newlines
            // once, at the first; then the path state the space in "a b".
            &[
                ("invalid-URL-unit", 0, 2),
                ("invalid-URL-unit", 12, 13),
                ("invalid-URL-unit", 24, 25),
            ],
        ),
        (
            "https://u:p@example.org/",
            &[("invalid-credentials", 11, 12)],
        ),
        (
            "https://example.org/%zz%41",
            &[("invalid-URL-unit", 20, 21)],
        ),
        ("sc:a b", &[("invalid-URL-unit", 4, 5)]),
        (
            "https://example.org/?q=\"#`",
            &[("invalid-URL-unit", 23, 24), ("invalid-URL-unit", 25, 26)],
        ),
        ("sc://ex\"ample/", &[("invalid-URL-unit", 5, 13)]),
        ("sc://ex ample/", &[("host-invalid-code-point", 5, 13)]),
        // The opaque-host parser checks its whole input twice, one error
        // each: code points that are not URL code points, then a "%" not
        // followed by two hex digits.
        (
            "sc://a\"b\"%zz%/",
            &[("invalid-URL-unit", 5, 13), ("invalid-URL-unit", 5, 13)],
        ),
        // The file host state hands "C|" to the path state in its buffer,
        // which the path state appends without checking its code points.
        (
            "file://C|/x",
            &[("file-invalid-Windows-drive-letter-host", 7, 9)],
        ),
        // Without a host the path state meets "|" itself.
        ("file:///C|/x", &[("invalid-URL-unit", 9, 10)]),
        // IDNA maps circled digits and ideographic full stops to an IPv4
        // address; the error comes before the IPv4 parser's own, and
        // percent-encoded non-ASCII input counts too (the host parser
        // tests the percent-decoded domain).
        (
            "http://\u{2460}.\u{2461}.\u{2462}.\u{2463}/",
            &[("IPv4-non-ASCII-input", 7, 22)],
        ),
        (
            "http://127\u{3002}1/",
            &[
                ("IPv4-non-ASCII-input", 7, 14),
                ("IPv4-too-few-parts", 7, 14),
            ],
        ),
        (
            "http://%EF%BC%91.1.1.1/",
            &[
                ("domain-percent-encoded", 7, 22),
                ("IPv4-non-ASCII-input", 7, 22),
            ],
        ),
        // Non-ASCII that does not end in a number: no IPv4 parse, no error.
        ("http://\u{ff11}.example/", &[]),
    ];
    let mut failures = Vec::new();
    for &(input, expected) in cases {
        let (found, _) = errors(input, None);
        if found != expected {
            failures.push(format!(
                "{input:?}:\n  expected {expected:?}\n  found    {found:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Reporting changes nothing about the result: every WPT input parses to
/// the same URL (or fails) with and without a sink.
#[test]
fn a_sink_does_not_change_results() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt/urltestdata.json"
    ))
    .expect("urltestdata.json");
    let cases: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mut checked = 0;
    for case in cases.as_array().expect("array") {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case
            .get("base")
            .and_then(|v| v.as_str())
            .and_then(|b| Url::parse(b).ok());
        let plain = Url::options()
            .base_url(base.as_ref())
            .parse(input)
            .map(String::from);
        let mut found: Vec<ValidationError> = Vec::new();
        let reported = Url::options()
            .base_url(base.as_ref())
            .validation_sink(&mut found)
            .parse(input)
            .map(String::from);
        assert_eq!(plain, reported, "{input:?}");
        for error in &found {
            assert!(
                error.span.end <= input.len() && error.span.start <= error.span.end,
                "{input:?}: {error}"
            );
        }
        if plain.is_err() {
            // Failure always follows an error that can fail.
            let can_fail = |kind: ValidationErrorKind| {
                kind.is_failure()
                    || matches!(
                        kind,
                        ValidationErrorKind::DomainToAscii
                            | ValidationErrorKind::Ipv4OutOfRangePart
                    )
            };
            assert!(
                found.iter().any(|e| can_fail(e.kind)),
                "{input:?} fails without a failing validation error: {found:?}"
            );
        }
        checked += 1;
    }
    assert!(checked > 800);
}

#[test]
fn valid_url_strings() {
    for valid in [
        "https://example.org/",
        "../x?y#z",
        "mailto:a@example.org",
        "file:///c:/x",
    ] {
        assert!(is_valid_url_string(valid, None), "{valid}");
    }
    for invalid in [
        "https://example.org/a b",
        "http://1.2.3/",
        "https://user@example.org/",
        "https:\\\\x/",
    ] {
        assert!(!is_valid_url_string(invalid, None), "{invalid}");
    }
}
