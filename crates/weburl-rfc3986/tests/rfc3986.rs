//! Tests of `weburl_rfc3986`: the RFC 3986 §5.4 examples, the 1997 URL
//! syntax draft's examples, a validation table covering every ABNF rule, and
//! properties checked on generated references.

use serde_json::Value;
use weburl_rfc3986::{
    is_absolute_iri, is_absolute_uri, is_irelative_ref, is_iri, is_iri_reference, is_relative_ref,
    is_uri, is_uri_reference, normalize, normalize_iri, normalize_iri_scheme_based,
    normalize_scheme_based, remove_dot_segments, resolve, resolve_iri, resolve_iri_non_strict,
    resolve_non_strict, split, split_iri, split_lenient, validate_iri_reference,
    validate_uri_reference, Authority, Components, ErrorKind, HostKind, Part,
};

const TESTDATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/rfc3986");

fn load(name: &str) -> Value {
    let path = format!("{TESTDATA}/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn str_field<'a>(case: &'a Value, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Value::as_str)
}

// ---------------------------------------------------------------------------
// Resolution examples

/// RFC 3986 §5.4: all 42 examples, strict; and the backward-compatible form,
/// which differs only where the data gives `expected_backward_compat`.
#[test]
fn rfc3986_resolution_examples() {
    let data = load("resolution.json");
    let base = data["base"].as_str().expect("base");
    let cases = data["cases"].as_array().expect("cases");
    let mut failures = Vec::new();
    let mut passed = 0;
    for case in cases {
        let input = str_field(case, "input").expect("input");
        let expected = str_field(case, "expected").expect("expected");
        let name = format!("{input:?} against {base:?}");
        let strict = resolve(base, input);
        let compat_expected = str_field(case, "expected_backward_compat").unwrap_or(expected);
        let compat = resolve_non_strict(base, input);
        let mut ok = true;
        if strict.as_deref() != Ok(expected) {
            failures.push(format!(
                "{name}: strict gave {strict:?}, expected {expected:?}"
            ));
            ok = false;
        }
        if compat.as_deref() != Ok(compat_expected) {
            failures.push(format!(
                "{name}: non-strict gave {compat:?}, expected {compat_expected:?}"
            ));
            ok = false;
        }
        passed += usize::from(ok);
    }
    println!("rfc3986 resolution: {passed}/{} passed", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(cases.len(), 42, "RFC 3986 §5.4 has 42 examples");
    // The one example with two answers (§5.4.2).
    assert_eq!(resolve(base, "http:g").unwrap(), "http:g");
    assert_eq!(
        resolve_non_strict(base, "http:g").unwrap(),
        "http://a/b/c/g"
    );
}

/// The examples of the 1997 URL syntax drafts (draft-fielding-url-syntax-04
/// and -05), tested against RFC 3986's answers, with every documented
/// difference asserted.
#[test]
fn draft_1997_resolution_examples() {
    let data = load("draft-1997-examples.json");
    let base = data["base"].as_str().expect("base");
    let cases = data["cases"].as_array().expect("cases");
    let mut failures = Vec::new();
    let mut differences = 0;
    for case in cases {
        let input = str_field(case, "input").expect("input");
        let expected = str_field(case, "rfc3986_expected").expect("rfc3986_expected");
        let draft = str_field(case, "draft_expected");
        let differs = case["differs"].as_bool().expect("differs");
        let name = format!("{input:?} against {base:?}");
        let got = resolve(base, input);
        if got.as_deref() != Ok(expected) {
            failures.push(format!("{name}: gave {got:?}, RFC 3986 says {expected:?}"));
        }
        // A draft answer of null means the draft names no URL.
        let draft_differs = draft.is_some_and(|d| d != expected);
        if draft_differs != differs {
            failures.push(format!(
                "{name}: 'differs' is {differs}, but draft {draft:?} vs RFC 3986 {expected:?}"
            ));
        }
        if let Some(d) = draft.filter(|_| differs) {
            differences += 1;
            if got.as_deref() == Ok(d) {
                failures.push(format!("{name}: gave the 1997 answer {d:?}"));
            }
        }
        if let Some(compat) = str_field(case, "non_strict_expected") {
            let got = resolve_non_strict(base, input);
            if got.as_deref() != Ok(compat) {
                failures.push(format!(
                    "{name}: non-strict gave {got:?}, expected {compat:?}"
                ));
            }
        }
        if let Some(bad) = str_field(case, "draft_inappropriate") {
            if bad != expected {
                failures.push(format!("{name}: RFC 3986 should give {bad:?}"));
            }
        }
    }
    println!(
        "rfc3986 1997 draft examples: {} cases, {differences} documented differences",
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(cases.len(), 8);
    assert_eq!(differences, 3);
}

#[test]
fn resolution_corner_cases() {
    let cases = [
        // merge with an authority and an empty base path (§5.2.3 first case)
        ("http://a", "g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a?q", "#f", "http://a?q#f"),
        // a base without "/" in its path loses all of it (§5.2.3)
        ("mailto:x@y", "z", "mailto:z"),
        ("s:", "g", "s:g"),
        // base fragment ignored (§5.2.1)
        ("http://a/b#frag", "", "http://a/b"),
        ("http://a/b#frag", "#g", "http://a/b#g"),
        // an empty query in the reference is defined
        ("http://a/b?q", "?", "http://a/b?"),
        // authority in the reference
        ("http://a/b", "//h:9/../x?y", "http://h:9/x?y"),
        // scheme in the reference: dot-segments removed
        ("http://a/b", "foo:a/./b/../c", "foo:a/c"),
        ("http://a/b", "HTTP:g", "HTTP:g"),
        // a "//" left by dot-segment removal without an authority gets a
        // "/." guard rather than becoming an authority
        ("s:/a", ".//x", "s:/.//x"),
        ("x:HTTP:/..//.", "./x::443", "x:/.//x::443"),
        ("s:b", ".///x", "s:/.//x"),
        ("s://h/a", ".//x", "s://h//x"),
        // §5.2.4 as written: a relative path can gain a root
        ("foo:bar/", "../bar", "foo:/bar"),
        // percent-encoded dots are not dot-segments
        ("http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g"),
    ];
    for (base, reference, expected) in cases {
        assert_eq!(
            resolve(base, reference).as_deref(),
            Ok(expected),
            "{reference:?} against {base:?}"
        );
    }
    // Non-strict comparison of schemes ignores case (§3.1).
    assert_eq!(
        resolve_non_strict("http://a/b/c", "HTTP:g").unwrap(),
        "http://a/b/g"
    );
    assert_eq!(
        resolve_non_strict("http://a/b/c", "http:").unwrap(),
        "http://a/b/c"
    );

    let err = resolve("//a/b", "g").unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.in_base()),
        (ErrorKind::MissingScheme, 0, true)
    );
    assert_eq!(err.to_string(), "missing scheme at byte 0 of the base URI");
    let err = resolve("ht^tp://a/", "g").unwrap_err();
    let kind = ErrorKind::InvalidCharacter {
        ch: '^',
        part: Part::Scheme,
    };
    assert_eq!((err.kind(), err.offset(), err.in_base()), (kind, 2, true));
    // The base's fragment is ignored, but must still be valid.
    assert!(resolve("http://a/#f g", "x").unwrap_err().in_base());
    let err = resolve("http://a/", "g^").unwrap_err();
    assert!(!err.in_base());
    assert_eq!(err.offset(), 1);
}

#[test]
fn remove_dot_segments_examples() {
    // §5.2.4's two worked examples, then the edge of each step.
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    for (input, expected) in [
        ("", ""),
        (".", ""),
        ("..", ""),
        ("../", ""),
        ("./", ""),
        ("/.", "/"),
        ("/..", "/"),
        ("/./", "/"),
        ("/../", "/"),
        ("/.a", "/.a"),
        ("/..a", "/..a"),
        ("a/..", "/"),
        ("a/../", "/"),
        ("/a/..", "/"),
        ("/.//g", "//g"),
        ("a//../b", "a/b"),
        ("../../a/./b/../c", "a/c"),
    ] {
        assert_eq!(remove_dot_segments(input), expected, "{input:?}");
    }
}

// ---------------------------------------------------------------------------
// Validation

/// `None` means valid as a URI-reference; otherwise the expected error.
type Expect = Option<(ErrorKind, usize)>;

fn bad(ch: char, part: Part, at: usize) -> Expect {
    Some((ErrorKind::InvalidCharacter { ch, part }, at))
}

fn pct(part: Part, at: usize) -> Expect {
    Some((ErrorKind::InvalidPercentEncoding { part }, at))
}

fn err(kind: ErrorKind, at: usize) -> Expect {
    Some((kind, at))
}

#[test]
fn validation_table() {
    use ErrorKind::*;
    let table: Vec<(&str, Expect)> = vec![
        // URI-reference / relative-ref basics
        ("", None),
        ("a", None),
        ("#", None),
        ("?", None),
        ("/", None),
        ("//", None),
        ("///", None),
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        ("a:", None),
        ("a+b-c.d9:x", None),
        ("A:", None),
        ("1a:b", err(ColonInFirstSegment, 2)),
        ("+a:b", err(ColonInFirstSegment, 2)),
        (":a", err(ColonInFirstSegment, 0)),
        ("a_b:c", err(ColonInFirstSegment, 3)),
        ("a^b:c", bad('^', Part::Path, 1)),
        // path-noscheme: the colon may come after the first segment
        ("a/b:c", None),
        ("./a:b", None),
        ("/a:b", None),
        ("a:b:c", None),
        // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        ("//user:pa:ss@h", None),
        ("//@h", None),
        ("//%41~!$&'()*+,;=:@h", None),
        ("//us^er@h", bad('^', Part::Userinfo, 4)),
        ("//u%4@h", pct(Part::Userinfo, 3)),
        ("//a@b@c", bad('@', Part::Host, 5)),
        ("//[::1]@h", bad('[', Part::Userinfo, 2)),
        // reg-name = *( unreserved / pct-encoded / sub-delims )
        ("//exa_mple-1.com~", None),
        ("//%C3%A9t%c3%a9", None),
        ("//!$&'()*+,;=", None),
        ("//a b", bad(' ', Part::Host, 3)),
        ("//a%zz", pct(Part::Host, 3)),
        ("//a%2", pct(Part::Host, 3)),
        ("//x[::1]", bad('[', Part::Host, 3)),
        ("//a]", bad(']', Part::Host, 3)),
        // dec-octet outside IPv4address is just a reg-name
        ("//256.256.256.256", None),
        ("//01.02.03.04", None),
        // port = *DIGIT (no upper bound in the ABNF)
        ("//h:", None),
        ("//h:80", None),
        ("//h:99999999999999999999", None),
        ("//h:8a", bad('a', Part::Port, 5)),
        ("//h:80:90", bad(':', Part::Port, 6)),
        ("//h:-1", bad('-', Part::Port, 4)),
        ("//[::1]:", None),
        ("//[::1]:443/x", None),
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        ("//[::1", err(UnclosedIpLiteral, 2)),
        ("//[::1/]", err(UnclosedIpLiteral, 2)),
        ("//[::1]x", err(TextAfterIpLiteral, 7)),
        ("//[]", err(InvalidIpv6Address, 3)),
        ("//[::1%25eth0]", err(InvalidIpv6Address, 6)),
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        ("//[v1.x]", None),
        ("//[V1.x]", None),
        ("//[vAf0.a-._~!$&'()*+,;=:]", None),
        ("//[v.x]", err(InvalidIpvFuture, 4)),
        ("//[vg.x]", err(InvalidIpvFuture, 4)),
        ("//[v1x]", err(InvalidIpvFuture, 5)),
        ("//[v1.]", err(InvalidIpvFuture, 6)),
        ("//[v1]", err(InvalidIpvFuture, 5)),
        ("//[v1.a b]", err(InvalidIpvFuture, 7)),
        ("//[v1.%41]", err(InvalidIpvFuture, 6)),
        // path-abempty / path-absolute / path-rootless / path-empty
        ("s://h", None),
        ("s://h/a//b/", None),
        ("s:/a/b", None),
        ("s:a/b", None),
        ("s:", None),
        ("s:/", None),
        ("/a/b/", None),
        ("a/b", None),
        // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
        ("/-._~!$&'()*+,;=:@%20%aF", None),
        ("/a b", bad(' ', Part::Path, 2)),
        ("/a%", pct(Part::Path, 2)),
        ("/a%2", pct(Part::Path, 2)),
        ("/a%g0", pct(Part::Path, 2)),
        ("/a%0g", pct(Part::Path, 2)),
        ("/a[b", bad('[', Part::Path, 2)),
        ("/a]", bad(']', Part::Path, 2)),
        ("/\\", bad('\\', Part::Path, 1)),
        ("/\"", bad('"', Part::Path, 1)),
        ("/<>", bad('<', Part::Path, 1)),
        ("/{", bad('{', Part::Path, 1)),
        ("/|", bad('|', Part::Path, 1)),
        ("/`", bad('`', Part::Path, 1)),
        ("/\t", bad('\t', Part::Path, 1)),
        ("/\u{7f}", bad('\u{7f}', Part::Path, 1)),
        ("/\0", bad('\0', Part::Path, 1)),
        ("http://a/b/cd/^", bad('^', Part::Path, 14)),
        // query = *( pchar / "/" / "?" )
        ("?a/b?c:@!$&'()*+,;=%7e", None),
        ("?a b", bad(' ', Part::Query, 2)),
        ("?[", bad('[', Part::Query, 1)),
        ("?%", pct(Part::Query, 1)),
        // fragment = *( pchar / "/" / "?" )
        ("#a?b/c:@", None),
        ("#a#b", bad('#', Part::Fragment, 2)),
        ("?a#b#c", bad('#', Part::Fragment, 4)),
        ("#%zz", pct(Part::Fragment, 1)),
        // non-ASCII: never in a URI (the IRI table is below)
        ("/\u{e9}", bad('\u{e9}', Part::Path, 1)),
        ("//h\u{e9}", bad('\u{e9}', Part::Host, 3)),
        ("?\u{e000}", bad('\u{e000}', Part::Query, 1)),
    ];
    let mut failures = Vec::new();
    for (input, expected) in &table {
        let got = validate_uri_reference(input)
            .err()
            .map(|e| (e.kind(), e.offset()));
        if got != *expected {
            failures.push(format!("{input:?}: got {got:?}, expected {expected:?}"));
        }
        if is_uri_reference(input) != expected.is_none() {
            failures.push(format!(
                "{input:?}: is_uri_reference disagrees with validate"
            ));
        }
        // Whatever is a URI is an IRI.
        if expected.is_none() && !is_iri_reference(input) {
            failures.push(format!(
                "{input:?}: valid URI-reference but not IRI-reference"
            ));
        }
        if let Ok(c) = split(input) {
            if c.to_string() != *input {
                failures.push(format!("{input:?}: recomposes to {c}"));
            }
        }
    }
    println!("rfc3986 validation table: {} rows", table.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The nine `IPv6address` alternatives of §3.2.2, each hit, and the ways
/// to miss them; `dec-octet` bounds are checked inside `ls32`, the only
/// place where they decide validity.
#[test]
fn ipv6_alternatives_and_dec_octet() {
    let valid = [
        // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "ABCD:ef01:2345:6789:abcd:EF01:2345:6789",
        // "::" 5( h16 ":" ) ls32
        "::2:3:4:5:6:7:8",
        "::2:3:4:5:6:1.2.3.4",
        // [ h16 ] "::" 4( h16 ":" ) ls32
        "1::3:4:5:6:7:8",
        "::3:4:5:6:7:8",
        // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2::4:5:6:7:8",
        // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3::5:6:7:8",
        // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4::6:7:8",
        "::ffff:192.0.2.1",
        // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::7:8",
        "1:2:3:4:5::1.2.3.4",
        "::1.2.3.4",
        // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6::8",
        "::1",
        // [ *6( h16 ":" ) h16 ] "::"
        "1:2:3:4:5:6:7::",
        "1::",
        "::",
        // dec-octet: every alternative and both bounds
        "::0.0.0.0",
        "::255.255.255.255",
        "::9.10.99.100",
        "::199.200.249.250",
        "::0001:2.3.4.5",
    ];
    let invalid = [
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7::8",
        "1:2:3:4:5:6::1.2.3.4",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1::2::3",
        ":::",
        ":1::",
        "1:",
        "1::2:",
        ":",
        "12345::",
        "g::",
        "::1.2.3",
        "::1.2.3.4.5",
        "::1.2.3.4:5",
        "1.2.3.4::",
        "::1.2.3.4::",
        "::256.0.0.0",
        "::260.0.0.0",
        "::300.0.0.0",
        "::01.0.0.0",
        "::1.2.3.04",
        "::00.1.1.1",
        "::1.2.3.",
        "::-1.2.3.4",
        " ::1",
    ];
    for inner in valid {
        let s = format!("//[{inner}]/");
        assert_eq!(validate_uri_reference(&s), Ok(()), "{s:?}");
        assert_eq!(
            HostKind::of(&format!("[{inner}]")),
            Some(HostKind::Ipv6),
            "{inner}"
        );
    }
    for inner in invalid {
        let s = format!("//[{inner}]/");
        let e = validate_uri_reference(&s).expect_err(&s);
        assert_eq!(e.kind(), ErrorKind::InvalidIpv6Address, "{s:?}");
        assert!((3..3 + inner.len()).contains(&e.offset()), "{s:?}: {e}");
        assert_eq!(HostKind::of(&format!("[{inner}]")), None, "{inner}");
    }

    for (host, kind) in [
        ("0.0.0.0", Some(HostKind::Ipv4)),
        ("255.255.255.255", Some(HostKind::Ipv4)),
        ("192.0.2.10", Some(HostKind::Ipv4)),
        ("256.1.1.1", Some(HostKind::RegName)),
        ("01.1.1.1", Some(HostKind::RegName)),
        ("1.2.3", Some(HostKind::RegName)),
        ("1.2.3.4.", Some(HostKind::RegName)),
        ("0x7f.1", Some(HostKind::RegName)),
        ("", Some(HostKind::RegName)),
        ("ex%41mple", Some(HostKind::RegName)),
        ("[v1.x]", Some(HostKind::IpvFuture)),
        ("a b", None),
        ("a%4", None),
        ("[1::2::3]", None),
        ("h\u{e9}", None),
    ] {
        assert_eq!(HostKind::of(host), kind, "{host:?}");
    }
}

#[test]
fn rule_specific_validators() {
    // (input, URI, relative-ref, absolute-URI)
    for (s, uri, rel, abs) in [
        ("http://a/b?c#d", true, false, false),
        ("http://a/b?c", true, false, true),
        ("urn:isbn:0451450523", true, false, true),
        ("s:", true, false, true),
        ("//a/b", false, true, false),
        ("a/b", false, true, false),
        ("", false, true, false),
        ("#f", false, true, false),
        ("a:b", true, false, true),
        ("./a:b", false, true, false),
        ("1a:b", false, false, false),
        ("http://a/ b", false, false, false),
    ] {
        assert_eq!(is_uri(s), uri, "is_uri {s:?}");
        assert_eq!(is_relative_ref(s), rel, "is_relative_ref {s:?}");
        assert_eq!(is_absolute_uri(s), abs, "is_absolute_uri {s:?}");
        assert_eq!(is_uri_reference(s), uri || rel, "is_uri_reference {s:?}");
    }
}

#[test]
fn iri_validation() {
    // (input, IRI-reference, IRI, irelative-ref, absolute-IRI)
    let rows = [
        (
            "http://b\u{fc}cher.example/\u{e9}t\u{e9}?q=\u{e9}#\u{e9}",
            true,
            true,
            false,
            false,
        ),
        ("http://u\u{e9}@h/", true, true, false, true),
        (
            "/\u{a0}\u{d7ff}\u{f900}\u{fdcf}\u{fdf0}\u{ffef}",
            true,
            false,
            true,
            false,
        ),
        (
            "/\u{10000}\u{1fffd}\u{e1000}\u{efffd}",
            true,
            false,
            true,
            false,
        ),
        ("\u{1F600}", true, false, true, false),
        // iprivate only in iquery
        (
            "?\u{e000}\u{f8ff}\u{f0000}\u{ffffd}\u{100000}\u{10fffd}",
            true,
            false,
            true,
            false,
        ),
        ("s:?\u{e000}", true, true, false, true),
        ("/\u{e000}", false, false, false, false),
        ("#\u{e000}", false, false, false, false),
        ("//\u{e000}", false, false, false, false),
        // outside ucschar
        ("/\u{9f}", false, false, false, false),
        ("/\u{fdd0}", false, false, false, false),
        ("/\u{fffe}", false, false, false, false),
        ("/\u{1fffe}", false, false, false, false),
        ("/\u{e0fff}", false, false, false, false),
        ("/\u{10ffff}", false, false, false, false),
        // still ASCII-only: scheme, port, IP-literal
        ("\u{e9}:x", false, false, false, false),
        ("//h:\u{661}", false, false, false, false),
        ("//[\u{e9}]", false, false, false, false),
        // the ASCII rules still hold
        ("/\u{e9} ", false, false, false, false),
    ];
    for (s, iri_ref, iri, irel, abs) in rows {
        assert_eq!(is_iri_reference(s), iri_ref, "is_iri_reference {s:?}");
        assert_eq!(is_iri(s), iri, "is_iri {s:?}");
        assert_eq!(is_irelative_ref(s), irel, "is_irelative_ref {s:?}");
        assert_eq!(is_absolute_iri(s), abs, "is_absolute_iri {s:?}");
        assert_eq!(validate_iri_reference(s).is_ok(), iri_ref, "{s:?}");
        if !s.is_ascii() {
            assert!(!is_uri_reference(s), "{s:?} is not ASCII");
        }
    }
    let e = validate_iri_reference("\u{e9}:x").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 2));
    let e = validate_iri_reference("/ab\u{fffe}").unwrap_err();
    assert_eq!(e.offset(), 3);
    // Unprintable characters are shown escaped.
    assert_eq!(
        e.to_string(),
        "invalid character '\\u{fffe}' in path at byte 3"
    );
}

#[test]
fn error_messages() {
    let cases = [
        (
            "http://a/b/cd/^",
            "invalid character '^' in path at byte 14",
        ),
        ("/a\tb", "invalid character '\\t' in path at byte 2"),
        (
            "?%4",
            "'%' not followed by two hex digits in query at byte 1",
        ),
        (
            "1a:b",
            "':' in the first segment of a relative path at byte 2",
        ),
        ("//[::1", "IP-literal without closing ']' at byte 2"),
        (
            "//[::1]x",
            "text after IP-literal other than a port at byte 7",
        ),
        ("//[1::2::3]", "invalid IPv6 address at byte 7"),
        ("//[v1]", "invalid IPvFuture literal at byte 5"),
    ];
    for (input, message) in cases {
        let e = validate_uri_reference(input).unwrap_err();
        assert_eq!(e.to_string(), message, "{input:?}");
        let _: &dyn std::error::Error = &e;
    }
    assert!(std::mem::size_of::<weburl_rfc3986::Rfc3986Error>() <= 24);
}

// ---------------------------------------------------------------------------
// Splitting

#[test]
fn split_examples() {
    let c = split("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
    assert_eq!(
        c,
        Components {
            scheme: Some("foo"),
            authority: Some(Authority {
                userinfo: None,
                host: "example.com",
                port: Some("8042"),
            }),
            path: "/over/there",
            query: Some("name=ferret"),
            fragment: Some("nose"),
        }
    );
    let c = split("urn:example:animal:ferret:nose").unwrap();
    assert_eq!(
        (c.scheme, c.authority, c.path),
        (Some("urn"), None, "example:animal:ferret:nose")
    );
    let c = split("http://u:p@[::1]:/?#").unwrap();
    let a = c.authority.unwrap();
    assert_eq!(
        (a.userinfo, a.host, a.port),
        (Some("u:p"), "[::1]", Some(""))
    );
    assert_eq!((c.path, c.query, c.fragment), ("/", Some(""), Some("")));
    let c = split("").unwrap();
    assert_eq!(c, Components::default());
    let c = split("//").unwrap();
    assert_eq!(c.authority, Some(Authority::default()));
    // Nothing is decoded or case-folded.
    let c = split("HTTP://EX%41MPLE/%7e").unwrap();
    assert_eq!(
        (c.scheme, c.authority.unwrap().host, c.path),
        (Some("HTTP"), "EX%41MPLE", "/%7e")
    );
}

#[test]
fn split_lenient_examples() {
    // Appendix B's own example.
    let c = split_lenient("http://www.ics.uci.edu/pub/ietf/uri/#Related");
    assert_eq!(c.scheme, Some("http"));
    assert_eq!(c.authority.unwrap().host, "www.ics.uci.edu");
    assert_eq!(
        (c.path, c.query, c.fragment),
        ("/pub/ietf/uri/", None, Some("Related"))
    );

    for (input, scheme, authority, path, query, fragment) in [
        ("1a:b", Some("1a"), None, "b", None, None),
        (":a", None, None, ":a", None, None),
        ("a/b:c", None, None, "a/b:c", None, None),
        ("s://a b/c d", Some("s"), Some("a b"), "/c d", None, None),
        ("//u@v@h:1:2", None, Some("u@v@h:1:2"), "", None, None),
        ("//[::1]:80", None, Some("[::1]:80"), "", None, None),
        ("//[::1", None, Some("[::1"), "", None, None),
        ("?#?#", None, None, "", Some(""), Some("?#")),
        ("\u{e9}:\u{e9}", Some("\u{e9}"), None, "\u{e9}", None, None),
    ] {
        let c = split_lenient(input);
        assert_eq!(c.scheme, scheme, "{input:?}");
        assert_eq!(
            c.authority.map(|a| a.to_string()),
            authority.map(String::from),
            "{input:?}"
        );
        assert_eq!(
            (c.path, c.query, c.fragment),
            (path, query, fragment),
            "{input:?}"
        );
        assert_eq!(c.to_string(), input);
    }
    let a = split_lenient("//u@v@h:1:2").authority.unwrap();
    assert_eq!(
        (a.userinfo, a.host, a.port),
        (Some("u@v"), "h:1", Some("2"))
    );
    let a = split_lenient("//[::1]:80").authority.unwrap();
    assert_eq!((a.host, a.port), ("[::1]", Some("80")));
    assert_eq!(a.host_kind(), Some(HostKind::Ipv6));
    let a = split_lenient("//[::1").authority.unwrap();
    assert_eq!((a.host, a.port), ("[::1", None));
    assert_eq!(a.host_kind(), None);
}

// ---------------------------------------------------------------------------
// Normalization

#[test]
fn normalize_examples() {
    for (input, expected) in [
        // §6.2.2: these two are equivalent
        ("example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D"),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "example://a/b/c/%7Bfoo%7D",
        ),
        // §6.2.2.1
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        // host: decode unreserved, then lowercase; keep other escapes uppercase
        ("http://%41%62c%2e%c3%a9/", "http://abc.%C3%A9/"),
        ("http://[V1.AB]/", "http://[v1.ab]/"),
        ("http://[::FFFF:1.2.3.4]/", "http://[::ffff:1.2.3.4]/"),
        // userinfo, query, fragment keep their case
        ("s://Us%65r@H/P?Q%7e#F%2f", "s://User@h/P?Q~#F%2F"),
        // path dot-segments
        ("/a/../../b/./c/.", "/b/c/"),
        // §5.2.4 as written: "a/../b" becomes "/b"
        ("s:a/../b", "s:/b"),
        ("s://h/%2E%2E/a", "s://h/a"),
        // relative-path references keep theirs
        ("../a/./b", "../a/./b"),
        ("a/%2e%2E/b", "a/../b"),
        // a "//" left by dot-removal without an authority keeps a "/." guard
        ("s:/.//x", "s:/.//x"),
        ("/..//X", "/.//X"),
        ("s:a/..//x", "s:/.//x"),
        // nothing else changes
        ("http://a:080", "http://a:080"),
        ("", ""),
        ("?", "?"),
    ] {
        assert_eq!(normalize(input).as_deref(), Ok(expected), "{input:?}");
    }
    assert!(normalize("http://a/ b").is_err());
}

#[test]
fn normalize_scheme_based_examples() {
    // §6.2.3: all four are equivalent
    for input in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert_eq!(
            normalize_scheme_based(input).unwrap(),
            "http://example.com/",
            "{input}"
        );
    }
    for (input, expected) in [
        ("HTTPS://A:443?q", "https://a/?q"),
        ("https://a:0443/", "https://a/"),
        ("https://a:80/", "https://a:80/"),
        ("http://a:8080", "http://a:8080/"),
        ("http://u@a:/#f", "http://u@a/#f"),
        ("http:/x", "http:/x"),
        ("http:", "http:"),
        ("ftp://a:21", "ftp://a:21"),
        ("//a:80", "//a:80"),
    ] {
        assert_eq!(
            normalize_scheme_based(input).as_deref(),
            Ok(expected),
            "{input:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Properties on generated input

/// xorshift64*: small, deterministic, good enough to pick tokens.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Pieces that hit the grammar's decisions: delimiters, dot-segments,
/// escapes (valid, lowercase, and broken), IP-literals, ports, schemes.
const TOKENS: &[&str] = &[
    "a", "B", "g", "/", "//", ".", "..", "./", "../", "/.", "/..", "?", "#", ":", "@", "%41",
    "%7e", "%7E", "%2F", "%2e", "%2E%2E", "%c3%a9", "[::1]", "[V1.X]", "x:", "HTTP:", "1.2.3.4",
    ":80", ":443", ";p", "=", "~", "-", "!", "%", "%g", " ", "[", "\u{e9}", "\u{e000}",
];

/// The generator's seed; `RFC3986_PROPERTY_SEED` overrides it to explore.
fn seed(default: u64) -> u64 {
    std::env::var("RFC3986_PROPERTY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn generate(rng: &mut Rng) -> String {
    let n = rng.below(9);
    (0..n).map(|_| rng.pick(TOKENS)).collect()
}

/// The RFC's buffers taken literally: prefixes removed and replaced on a
/// `String`, to check the slicing version against.
fn naive_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.replace_range(..3, "");
        } else if input.starts_with("./") {
            input.replace_range(..2, "");
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".to_owned();
        } else if input.starts_with("/../") || input == "/.." {
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            match output.rfind('/') {
                Some(i) => output.truncate(i),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    output
}

#[test]
fn property_remove_dot_segments_matches_naive() {
    let mut rng = Rng(seed(0x5eed_0001) | 1);
    let pieces = [
        "a", "b", "/", ".", "..", "./", "../", "//", "/.", "/..", ".a", "a.",
    ];
    for _ in 0..20_000 {
        let n = rng.below(10);
        let path: String = (0..n).map(|_| rng.pick(&pieces)).collect();
        assert_eq!(
            remove_dot_segments(&path),
            naive_remove_dot_segments(&path),
            "{path:?}"
        );
    }
}

#[test]
fn property_split_resolve_normalize() {
    let mut rng = Rng(seed(0x0123_4567_89ab_cdef) | 1);
    let mut bases = vec![
        "http://a/b/c/d;p?q".to_owned(),
        "http://a".to_owned(),
        "s:/a".to_owned(),
        "s:a/b".to_owned(),
        "s:".to_owned(),
        "mailto:x@y".to_owned(),
        "foo://u@[::1]:8/x/y/?q#f".to_owned(),
    ];
    let mut valid = 0;
    let mut resolved = 0;
    for _ in 0..30_000 {
        let s = generate(&mut rng);

        // The lenient split never fails and always gives the input back.
        assert_eq!(split_lenient(&s).to_string(), s, "lenient {s:?}");

        let checked = validate_uri_reference(&s);
        assert_eq!(checked.is_ok(), is_uri_reference(&s), "{s:?}");
        if let Err(e) = checked {
            assert!(e.offset() <= s.len(), "{s:?}: {e}");
            assert!(split(&s).is_err() && normalize(&s).is_err(), "{s:?}");
            continue;
        }
        valid += 1;
        assert!(is_iri_reference(&s), "{s:?}");

        // Strict split: exact recomposition, and agreement with Appendix B.
        let c = split(&s).unwrap();
        assert_eq!(c.to_string(), s, "{s:?}");
        assert_eq!(split_lenient(&s), c, "{s:?}");
        assert_eq!(is_uri(&s), c.scheme.is_some(), "{s:?}");
        assert_eq!(is_relative_ref(&s), c.scheme.is_none(), "{s:?}");

        // Normalization is idempotent and stays valid.
        let n = normalize(&s).unwrap();
        assert!(is_uri_reference(&n), "{s:?} -> {n:?}");
        assert_eq!(normalize(&n).as_deref(), Ok(n.as_str()), "{s:?} -> {n:?}");
        let m = normalize_scheme_based(&s).unwrap();
        assert_eq!(
            normalize_scheme_based(&m).as_deref(),
            Ok(m.as_str()),
            "{s:?} -> {m:?}"
        );

        // Resolution gives a URI, against every base.
        for base in &bases {
            for target in [resolve(base, &s), resolve_non_strict(base, &s)] {
                let target = target.unwrap_or_else(|e| panic!("{s:?} against {base:?}: {e}"));
                assert!(is_uri(&target), "{s:?} against {base:?} -> {target:?}");
                resolved += 1;
            }
        }
        if c.scheme.is_some() && c.fragment.is_none() && bases.len() < 40 {
            bases.push(s.clone());
        }
    }
    println!("rfc3986 properties: {valid} valid references, {resolved} resolutions");
    assert!(valid > 5_000, "generator too weak: {valid}");
}

/// Arbitrary short strings: nothing panics, the lenient split gives the
/// input back, and whatever validates behaves like a URI reference.
#[test]
fn property_arbitrary_text() {
    let mut rng = Rng(seed(0xfeed_beef) | 1);
    let extra = [
        '\u{e9}',
        '\u{a0}',
        '\u{e000}',
        '\u{fffe}',
        '\u{10fffd}',
        '\u{1F600}',
    ];
    for _ in 0..20_000 {
        let n = rng.below(16);
        let s: String = (0..n)
            .map(|_| match rng.below(10) {
                0 => extra[rng.below(extra.len())],
                _ => char::from(rng.below(128) as u8),
            })
            .collect();
        assert_eq!(split_lenient(&s).to_string(), s, "{s:?}");
        let _ = validate_iri_reference(&s);
        let _ = HostKind::of(&s);
        match validate_uri_reference(&s) {
            Ok(()) => {
                assert!(is_iri_reference(&s), "{s:?}");
                let n = normalize(&s).unwrap();
                assert_eq!(normalize(&n).as_deref(), Ok(n.as_str()), "{s:?}");
                let target = resolve("http://a/b/c/d;p?q", &s).unwrap();
                assert!(is_uri(&target), "{s:?} -> {target:?}");
            }
            Err(e) => {
                assert!(
                    s.is_char_boundary(e.offset()) && e.offset() <= s.len(),
                    "{s:?}"
                );
                assert!(resolve("http://a/", &s).is_err(), "{s:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// IRIs (RFC 3987)

/// The three references that `is_iri_reference` accepts and the URI
/// functions refuse: the IRI functions take them, the URI ones keep
/// refusing them with `InvalidCharacter`.
#[test]
fn iri_references_split_resolve_normalize() {
    let base = "http://example.org/a/b?c";
    for (reference, ch, part, resolved) in [
        (
            "#D\u{fc}rst",
            '\u{fc}',
            Part::Fragment,
            "http://example.org/a/b?c#D\u{fc}rst",
        ),
        (
            "http://example.org/#Andr\u{e9}",
            '\u{e9}',
            Part::Fragment,
            "http://example.org/#Andr\u{e9}",
        ),
        (
            "?\u{e000}",
            '\u{e000}',
            Part::Query,
            "http://example.org/a/b?\u{e000}",
        ),
    ] {
        assert!(is_iri_reference(reference));
        assert_eq!(split_iri(reference).unwrap().to_string(), reference);
        assert_eq!(resolve_iri(base, reference).as_deref(), Ok(resolved));
        assert_eq!(
            resolve_iri_non_strict(base, reference).as_deref(),
            Ok(resolved)
        );
        assert_eq!(normalize_iri(reference).as_deref(), Ok(reference));
        assert_eq!(
            normalize_iri_scheme_based(reference).as_deref(),
            Ok(reference)
        );
        // An IRI base works too.
        assert!(resolve_iri(resolved, "x").is_ok());

        let at = reference.find(ch).unwrap();
        let refused = ErrorKind::InvalidCharacter { ch, part };
        for err in [
            split(reference).unwrap_err(),
            resolve(base, reference).unwrap_err(),
            resolve_non_strict(base, reference).unwrap_err(),
            normalize(reference).unwrap_err(),
            normalize_scheme_based(reference).unwrap_err(),
        ] {
            assert_eq!(
                (err.kind(), err.offset(), err.in_base()),
                (refused, at, false)
            );
        }
        let err = resolve(resolved, "x").unwrap_err();
        assert!(err.in_base() && err.kind() == refused, "{err}");
    }
    // What RFC 3987 does not allow stays refused: iprivate outside the
    // query, and non-characters.
    for bad in ["#\u{e000}", "/\u{e000}", "/\u{fffe}", "?\u{10ffff}"] {
        assert!(split_iri(bad).is_err(), "{bad:?}");
        assert!(resolve_iri(base, bad).is_err(), "{bad:?}");
        assert!(normalize_iri(bad).is_err(), "{bad:?}");
    }
    assert!(resolve_iri("/no/scheme/\u{e9}", "x").unwrap_err().in_base());
}

/// RFC 3987's examples. §3.1 and §3.2 map between IRIs and URIs, which
/// these functions do not do: the IRIs there must split, resolve and
/// normalize as they are, and the URIs are IRIs too.
#[test]
fn rfc3987_examples() {
    for iri in [
        // §3.1
        "http://r\u{e9}sum\u{e9}.example.org",
        "http://www.example.org/red%09ros\u{e9}#red",
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        // §3.2
        "http://www.example.org/D\u{fc}rst",
        "http://www.example.org/D%FCrst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        // §5.3.2.2
        "http://www.example.org/r\u{e9}sum\u{e9}.html",
        "http://www.example.org/re\u{301}sume\u{301}.html",
    ] {
        assert_eq!(split_iri(iri).unwrap().to_string(), iri);
        assert_eq!(
            resolve_iri(iri, "").as_deref(),
            Ok(iri.split('#').next().unwrap())
        );
        assert_eq!(resolve_iri("s:x", iri).as_deref(), Ok(iri));
        let n = normalize_iri(iri).unwrap();
        assert_eq!(normalize_iri(&n).as_deref(), Ok(n.as_str()), "{iri:?}");
    }
    assert!(split("http://www.example.org/D\u{fc}rst").is_err());

    // §5.3.2.1: case normalization of the scheme and a "US-ASCII only
    // host"; other hosts keep their case (IDNA folds it, §5.3.3).
    assert_eq!(
        normalize_iri("HTTP://www.EXAMPLE.org/D\u{fc}rst").as_deref(),
        Ok("http://www.example.org/D\u{fc}rst")
    );
    assert_eq!(
        normalize_iri("HTTP://R\u{c9}SUM\u{c9}.Example.org/").as_deref(),
        Ok("http://R\u{c9}SUM\u{c9}.Example.org/")
    );
    // §5.3.2.2: NFC is not applied, so the two spellings of résumé stay
    // apart.
    assert_ne!(
        normalize_iri("http://www.example.org/r\u{e9}sum\u{e9}.html"),
        normalize_iri("http://www.example.org/re\u{301}sume\u{301}.html")
    );
    // §5.3.2.3: "http://example.org/~user", "/%7euser" and "/%7Euser" are
    // equivalent; a percent-encoded non-ASCII character stays encoded.
    for iri in [
        "http://example.org/~user",
        "http://example.org/%7euser",
        "http://example.org/%7Euser",
    ] {
        assert_eq!(
            normalize_iri(iri).as_deref(),
            Ok("http://example.org/~user")
        );
    }
    assert_eq!(
        normalize_iri("http://www.example.org/D%c3%bcrst").as_deref(),
        Ok("http://www.example.org/D%C3%BCrst")
    );
    // §5.3.2.4: path segment normalization.
    assert_eq!(
        normalize_iri("http://example.org/\u{e9}/../a/./\u{e9}").as_deref(),
        Ok("http://example.org/a/\u{e9}")
    );
    // §5.3.3: scheme-based normalization.
    for iri in [
        "http://\u{e9}.example",
        "http://\u{e9}.example/",
        "http://\u{e9}.example:/",
        "http://\u{e9}.example:80/",
    ] {
        assert_eq!(
            normalize_iri_scheme_based(iri).as_deref(),
            Ok("http://\u{e9}.example/")
        );
    }
}

/// RFC 3987 §6.5: resolution treats the characters IRIs add like
/// `unreserved` ones. So RFC 3986's 42 examples, with letters of the base,
/// the references and the results replaced by non-ASCII ones (and the
/// base's query by an `iprivate` character, allowed there), resolve to the
/// replaced results. The one reference with a scheme that a letter spells
/// (`g:h`) is left out.
#[test]
fn rfc3986_resolution_examples_as_iris() {
    fn to_iri(s: &str) -> String {
        s.chars()
            .map(|c| match c {
                'b' => '\u{180}',
                'g' => '\u{121}',
                'q' => '\u{e000}',
                's' => '\u{161}',
                'y' => '\u{fd}',
                c => c,
            })
            .collect()
    }
    let data = load("resolution.json");
    let base = to_iri(data["base"].as_str().expect("base"));
    assert_eq!(base, "http://a/\u{180}/c/d;p?\u{e000}");
    let mut checked = 0;
    for case in data["cases"].as_array().expect("cases") {
        let input = str_field(case, "input").expect("input");
        if input.starts_with("g:") {
            continue;
        }
        let expected = to_iri(str_field(case, "expected").expect("expected"));
        let compat =
            str_field(case, "expected_backward_compat").map_or_else(|| expected.clone(), to_iri);
        let input = to_iri(input);
        assert_eq!(resolve_iri(&base, &input), Ok(expected), "{input:?}");
        assert_eq!(
            resolve_iri_non_strict(&base, &input),
            Ok(compat),
            "{input:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 41);
}

/// On generated references: the IRI functions agree with the URI ones on
/// URI references, recompose exactly, normalize idempotently, and resolve
/// to IRIs.
#[test]
fn property_iri_functions() {
    let mut rng = Rng(seed(0x1e1_0001) | 1);
    let bases = [
        "http://a/b/c/d;p?q",
        "http://\u{e9}/\u{e9}/x?\u{e000}",
        "s:\u{e9}/a",
        "foo://u\u{e9}@[::1]:8/x/y/?q#f",
    ];
    let mut iris = 0;
    for _ in 0..30_000 {
        let s = generate(&mut rng);
        let Ok(c) = split_iri(&s) else {
            assert!(!is_iri_reference(&s), "{s:?}");
            assert!(normalize_iri(&s).is_err() && resolve_iri(bases[0], &s).is_err());
            continue;
        };
        iris += 1;
        assert!(is_iri_reference(&s), "{s:?}");
        assert_eq!(c.to_string(), s, "{s:?}");
        assert_eq!(split_lenient(&s), c, "{s:?}");
        let n = normalize_iri(&s).unwrap();
        assert!(is_iri_reference(&n), "{s:?} -> {n:?}");
        assert_eq!(
            normalize_iri(&n).as_deref(),
            Ok(n.as_str()),
            "{s:?} -> {n:?}"
        );
        let m = normalize_iri_scheme_based(&s).unwrap();
        assert_eq!(normalize_iri_scheme_based(&m).as_deref(), Ok(m.as_str()));
        let is_uri_ref = is_uri_reference(&s);
        if is_uri_ref {
            assert_eq!(split(&s), Ok(c));
            assert_eq!(normalize(&s), Ok(n));
            assert_eq!(normalize_scheme_based(&s), Ok(m));
        }
        for base in bases {
            let strict =
                resolve_iri(base, &s).unwrap_or_else(|e| panic!("{s:?} against {base:?}: {e}"));
            assert!(is_iri(&strict), "{s:?} against {base:?} -> {strict:?}");
            let compat = resolve_iri_non_strict(base, &s).unwrap();
            assert!(is_iri(&compat), "{s:?} against {base:?} -> {compat:?}");
            if is_uri_ref && base.is_ascii() {
                assert_eq!(resolve(base, &s), Ok(strict));
                assert_eq!(resolve_non_strict(base, &s), Ok(compat));
            }
        }
    }
    assert!(iris > 5_000, "generator too weak: {iris}");
}
