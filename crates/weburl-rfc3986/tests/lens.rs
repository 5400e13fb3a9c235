//! The lens: WHATWG and RFC 3986 parses of the same string, and the
//! verdicts on the URL confusion classes behind SSRF filter bypasses.

use weburl::{ParseError, Url, ValidationErrorKind};
use weburl_rfc3986::lens::{compare, lint, Aspect, Comparison, Disagreement, Reading};

/// The first disagreement on `component` in `reading`.
#[track_caller]
fn on(c: &Comparison, component: Aspect, reading: Reading) -> &Disagreement {
    c.disagreements
        .iter()
        .find(|d| d.component == component && d.reading == reading)
        .unwrap_or_else(|| panic!("no {component} disagreement in the {reading} reading:\n{c}"))
}

/// Asserts a host disagreement with these two values.
#[track_caller]
fn host_differs(c: &Comparison, reading: Reading, whatwg: Option<&str>, rfc3986: Option<&str>) {
    let d = on(c, Aspect::Host, reading);
    assert_eq!(d.whatwg.as_deref(), whatwg, "{c}");
    assert_eq!(d.rfc3986.as_deref(), rfc3986, "{c}");
    assert!(c.changes_host(), "{c}");
    assert!(c.changes_origin(), "{c}");
}

#[track_caller]
fn agrees(input: &str, base: Option<&str>) {
    let c = compare(input, base);
    assert!(c.whatwg.is_ok(), "{c}");
    assert!(c.rfc3986.is_valid(), "{c}");
    assert!(c.disagreements.is_empty(), "{c}");
    assert!(!c.changes_host() && !c.changes_origin());
    assert_eq!(c.verdict(), "both parsers agree");
}

#[test]
fn backslash_before_at_switches_hosts() {
    let c = compare("http://a\\@b/", None);
    assert_eq!(c.whatwg.as_ref().unwrap().href(), "http://a/@b/");
    assert!(!c.rfc3986.is_valid());
    host_differs(&c, Reading::Lenient, Some("a"), Some("b"));
    assert_eq!(
        on(&c, Aspect::Userinfo, Reading::Lenient)
            .rfc3986
            .as_deref(),
        Some("a\\")
    );
    assert!(on(&c, Aspect::Host, Reading::Lenient)
        .explanation
        .contains('\\'));
    // Stopping at the "\" gives host "a", like the browser.
    let cut = c.rfc3986.truncated.as_ref().unwrap();
    assert_eq!(cut.at, 8);
    assert_eq!(cut.components.authority.as_ref().unwrap().host, "a");
    assert!(!c
        .disagreements
        .iter()
        .any(|d| d.component == Aspect::Host && d.reading == Reading::Truncated));
}

#[test]
fn port_then_backslash_then_at() {
    let c = compare("http://127.0.0.1:80\\@evil.com/", None);
    assert_eq!(
        c.whatwg.as_ref().unwrap().href(),
        "http://127.0.0.1/@evil.com/"
    );
    host_differs(&c, Reading::Lenient, Some("127.0.0.1"), Some("evil.com"));
    // Port 80 either way: the default for http.
    assert!(!c.disagreements.iter().any(|d| d.component == Aspect::Port));
}

#[test]
fn backslash_moves_the_port() {
    let c = compare("http://example.com:80\\@example.com:8080/", None);
    assert!(!c.changes_host(), "{c}");
    assert!(c.changes_origin());
    let d = on(&c, Aspect::Port, Reading::Lenient);
    assert_eq!(
        (d.whatwg.as_deref(), d.rfc3986.as_deref()),
        (Some("80"), Some("8080"))
    );
    assert_eq!(c.verdict(), "the origin differs (scheme or port)");
}

#[test]
fn space_in_userinfo() {
    let c = compare("http://1.1.1.1 &@2.2.2.2/", None);
    let url = c.whatwg.as_ref().unwrap();
    assert_eq!(url.username(), "1.1.1.1%20&");
    assert_eq!(url.hostname(), "2.2.2.2");
    // The lenient splitter takes the last "@", as WHATWG does.
    let lenient = c.rfc3986.lenient.as_ref().unwrap();
    assert_eq!(lenient.authority.as_ref().unwrap().host, "2.2.2.2");
    // A parser that stops at the space sees host 1.1.1.1.
    host_differs(&c, Reading::Truncated, Some("2.2.2.2"), Some("1.1.1.1"));
    assert_eq!(c.rfc3986.truncated.as_ref().unwrap().at, 14);
}

#[test]
fn three_hosts_in_one_string() {
    // Orange Tsai's example: three parsers, three hosts.
    let c = compare("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None);
    let url = c.whatwg.as_ref().unwrap();
    assert_eq!(url.hostname(), "2.2.2.2");
    assert_eq!(url.fragment(), Some("%20@3.3.3.3/"));
    host_differs(&c, Reading::Truncated, Some("2.2.2.2"), Some("1.1.1.1"));
}

#[test]
fn two_at_signs() {
    let c = compare("http://a@b@c/", None);
    let url = c.whatwg.as_ref().unwrap();
    assert_eq!((url.username(), url.hostname()), ("a%40b", "c"));
    let lenient = c.rfc3986.lenient.as_ref().unwrap();
    assert_eq!(lenient.authority.as_ref().unwrap().host, "c");
    host_differs(&c, Reading::Truncated, Some("c"), Some("b"));
}

#[test]
fn fragment_before_at_agrees() {
    let c = compare("http://evil.com#@good.com/", None);
    assert!(c.rfc3986.is_valid());
    assert!(!c.changes_host() && !c.changes_origin(), "{c}");
    assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "evil.com");
    // The fragment is "@good.com/" for both.
    assert!(c.disagreements.is_empty(), "{c}");
}

#[test]
fn hexadecimal_ipv4() {
    let c = compare("http://0x7f.1/", None);
    assert!(c.rfc3986.is_valid());
    host_differs(&c, Reading::Strict, Some("127.0.0.1"), Some("0x7f.1"));
    assert!(on(&c, Aspect::Host, Reading::Strict)
        .explanation
        .contains("IPv4"));
    assert_eq!(c.disagreements.len(), 1, "{c}");

    let c = compare("http://2130706433/", None);
    host_differs(&c, Reading::Strict, Some("127.0.0.1"), Some("2130706433"));
    let c = compare("http://0177.0.0.1/", None);
    host_differs(&c, Reading::Strict, Some("127.0.0.1"), Some("0177.0.0.1"));
}

#[test]
fn fullwidth_host() {
    let c = compare("http://ｅｘａｍｐｌｅ.com/", None);
    assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "example.com");
    let accept = on(&c, Aspect::Acceptance, Reading::Strict);
    assert!(accept.explanation.contains("IRI"), "{c}");
    host_differs(
        &c,
        Reading::Lenient,
        Some("example.com"),
        Some("ｅｘａｍｐｌｅ.com"),
    );
    assert!(on(&c, Aspect::Host, Reading::Lenient)
        .explanation
        .contains("UTS #46"));
}

#[test]
fn percent_encoded_slash_in_host() {
    let c = compare("https://example.com%2F10.0.0.1/", None);
    assert_eq!(
        c.whatwg.as_ref().unwrap_err(),
        &ParseError::DomainInvalidCodePoint
    );
    assert!(c.rfc3986.is_valid());
    let accept = on(&c, Aspect::Acceptance, Reading::Strict);
    assert_eq!(accept.whatwg, None);
    host_differs(&c, Reading::Strict, None, Some("example.com%2F10.0.0.1"));
    assert!(on(&c, Aspect::Host, Reading::Strict)
        .explanation
        .contains("percent-decodes"));
}

#[test]
fn percent_encoded_host_is_not_decoded_by_rfc_parsers() {
    let c = compare("http://%65xample.com/", None);
    host_differs(
        &c,
        Reading::Strict,
        Some("example.com"),
        Some("%65xample.com"),
    );
}

#[test]
fn tabs_and_newlines() {
    let c = compare("ht\ttp://exa\nmple.com/", None);
    assert_eq!(c.whatwg.as_ref().unwrap().href(), "http://example.com/");
    let scheme = on(&c, Aspect::Scheme, Reading::Lenient);
    assert_eq!(scheme.rfc3986.as_deref(), Some("ht\ttp"));
    assert!(scheme.explanation.contains("tab"));
    host_differs(
        &c,
        Reading::Lenient,
        Some("example.com"),
        Some("exa\nmple.com"),
    );

    let c = compare("http://evil\r\n.com@good.com/", None);
    host_differs(&c, Reading::Truncated, Some("good.com"), Some("evil"));
}

#[test]
fn slash_backslash_against_a_base() {
    let base = Some("https://good.example/a/b");
    let c = compare("/\\evil.com", base);
    assert_eq!(c.whatwg.as_ref().unwrap().href(), "https://evil.com/");
    host_differs(&c, Reading::Lenient, Some("evil.com"), Some("good.example"));
    let c = compare("\\\\evil.com/x", base);
    host_differs(&c, Reading::Lenient, Some("evil.com"), Some("good.example"));

    // Against a non-special base "\" is an ordinary path character: the
    // host stays.
    let c = compare("/\\evil.com", Some("sc://good.example/a"));
    assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "good.example");
    assert!(!c.changes_host(), "{c}");
}

#[test]
fn special_scheme_without_two_slashes() {
    let c = compare("http:/\\evil.com", None);
    assert_eq!(c.whatwg.as_ref().unwrap().href(), "http://evil.com/");
    host_differs(&c, Reading::Lenient, Some("evil.com"), None);

    let c = compare("http:///evil.com/", None);
    assert!(c.rfc3986.is_valid());
    host_differs(&c, Reading::Strict, Some("evil.com"), Some(""));
    assert!(on(&c, Aspect::Host, Reading::Strict)
        .explanation
        .contains("\"//\""));

    let c = compare("http:evil.com", None);
    host_differs(&c, Reading::Strict, Some("evil.com"), None);
}

#[test]
fn leading_and_trailing_spaces() {
    let c = compare("   http://good.com/", None);
    assert_eq!(c.whatwg.as_ref().unwrap().href(), "http://good.com/");
    let scheme = on(&c, Aspect::Scheme, Reading::Lenient);
    assert_eq!(scheme.rfc3986.as_deref(), Some("   http"));
    assert!(scheme.explanation.contains("strips"));
    assert!(!c.changes_host(), "{c}");
    assert!(c.changes_origin());

    let c = compare("\u{1}http://good.com/ ", None);
    assert!(c.changes_origin());
    assert!(!c.changes_host(), "{c}");
}

#[test]
fn encoded_dot_segments() {
    let c = compare("http://a/b/%2e%2e/c", None);
    assert!(!c.changes_origin());
    let d = on(&c, Aspect::Path, Reading::Strict);
    assert_eq!(
        (d.whatwg.as_deref(), d.rfc3986.as_deref()),
        (Some("/c"), Some("/b/%2e%2e/c"))
    );
    assert_eq!(c.verdict(), "same host and origin; other components differ");
}

#[test]
fn port_failures() {
    let c = compare("http://a:99999/", None);
    assert_eq!(c.whatwg.as_ref().unwrap_err(), &ParseError::PortOutOfRange);
    assert!(!c.changes_host());
    assert!(c.changes_origin());
    let d = on(&c, Aspect::Port, Reading::Strict);
    assert_eq!(
        (d.whatwg.as_deref(), d.rfc3986.as_deref()),
        (None, Some("99999"))
    );
}

#[test]
fn windows_drive_letter_in_file_authority() {
    let c = compare("file://C:/x", None);
    host_differs(&c, Reading::Strict, Some(""), Some("C"));
}

#[test]
fn encoding_only_differences_are_not_disagreements() {
    // WHATWG percent-encodes what a URI cannot hold; the lenient reading
    // keeps it raw. Same components.
    let c = compare("https://example.com/a b?c d'#e f", None);
    assert!(!c.changes_host() && !c.changes_origin());
    assert!(!c
        .disagreements
        .iter()
        .any(|d| d.reading == Reading::Lenient && d.component != Aspect::Acceptance));
    // An IRI: only the acceptance differs.
    let c = compare("https://example.com/caf\u{e9}?q=\u{e9}", None);
    assert_eq!(c.disagreements.len(), 1, "{c}");
    assert_eq!(
        c.verdict(),
        "only one parser accepts the string, and the components agree"
    );
}

#[test]
fn equivalent_spellings_agree() {
    agrees(
        "https://user:pass@example.com:8443/a/./b/../c?x=1&y=%41#f",
        None,
    );
    agrees("HTTP://EXAMPLE.COM:80/", None);
    agrees("http://example.com", None);
    agrees("http://example.com:/", None);
    agrees("http://example.com:0080/", None);
    agrees("http://[0:0::1]/", None);
    agrees("http://[::FFFF:127.0.0.1]:8080/", None);
    agrees("file://localhost/etc/hosts", None);
    agrees("file:///etc/hosts", None);
    agrees("mailto:someone@example.com", None);
    agrees("sc://host:123/p?q#f", None);
    agrees("http://user@example.com/", None);
    agrees("http://user:@example.com/", None);
    agrees("../c?q#f", Some("http://a/b/x/y"));
    agrees("//other.example/p", Some("https://a/b"));
    agrees("?q", Some("http://a/b;p?x"));
}

#[test]
fn both_reject() {
    let c = compare("http://exa mple.com/", None);
    assert!(c.whatwg.is_err() && !c.rfc3986.is_valid());
    assert!(c.disagreements.is_empty());
    assert_eq!(c.verdict(), "both parsers reject the string");
    // A relative reference without a base is no URL to either.
    let c = compare("/a/b", None);
    assert!(c.disagreements.is_empty());
}

#[test]
fn base_that_does_not_parse() {
    let c = compare("x", Some("not a base"));
    assert!(c.whatwg.is_err());
    assert!(!c.rfc3986.is_valid());
}

#[test]
fn comparison_display_lists_everything() {
    let text = compare("http://a\\@b/", None).to_string();
    assert!(text.starts_with("WHATWG:   http://a/@b/\nRFC 3986: not a URI: "));
    assert!(text.contains("- host (lenient reading): WHATWG \"a\", RFC 3986 \"b\": "));
    assert!(text.ends_with("verdict: the host differs, and so does the origin"));
}

// ----- lint -----

#[test]
fn lint_places_carets() {
    let report = lint("http://exa mple.com\\path", None);
    let text = report.render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "http://exa mple.com\\path");
    assert_eq!(
        lines[1],
        "       ^^^^^^^^^^^^ domain-to-ASCII: the host is not a valid domain (UTS #46 ToASCII, strict)"
    );
    assert_eq!(
        lines[2],
        "WHATWG:   failure: invalid domain: forbidden code point"
    );
    assert!(!report.is_clean());
}

#[test]
fn lint_escapes_tabs_and_newlines() {
    // One invalid-URL-unit for the tab and the newline (url.bs, basic URL
    // parser step 3), at the tab; the space after the newline is the path
    // state's, its caret two columns on for the newline's escape.
    let report = lint("ht\ttp://a/\nb c", None);
    let text = report.render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "ht\\ttp://a/\\nb c");
    assert_eq!(lines[1], "  ^^ invalid-URL-unit: not allowed in a URL, or removed: a stray \"%\", a space, a control, a tab or newline");
    assert!(
        lines[2].starts_with("              ^ invalid-URL-unit"),
        "{text}"
    );
}

#[test]
fn lint_counts_characters_not_bytes() {
    // "é" is two bytes and one column; the space after it is at column 20.
    let text = lint("https://example.com/é x", None).render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "https://example.com/é x");
    assert!(
        lines[1].starts_with("                     ^ invalid-URL-unit"),
        "{text}"
    );
    // A bidi control is shown as an escape, and the carets after it move.
    let text = lint("https://example.com/\u{202E}a b", None).render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "https://example.com/\\u{202e}a b");
    assert!(
        lines[1].starts_with(&format!("{}^ invalid-URL-unit", " ".repeat(29))),
        "{text}"
    );
    // Fullwidth characters take two columns.
    let text = lint("https://ｅｘ.com\\a", None).render();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].starts_with(&format!("{}^ invalid-reverse-solidus", " ".repeat(16))),
        "{text}"
    );
}

#[test]
fn lint_sorts_and_deduplicates() {
    let report = lint("https:\\\\example.com\\a b", None);
    assert_eq!(report.errors.len(), 5);
    let text = report.render();
    let carets: Vec<&str> = text
        .lines()
        .skip(1)
        .take_while(|l| l.contains('^'))
        .collect();
    assert_eq!(carets.len(), 4, "{text}");
    assert!(carets[0].starts_with("      ^ special-scheme-missing-following-solidus"));
    assert!(carets[1].starts_with("       ^ special-scheme-missing-following-solidus"));
}

#[test]
fn lint_shows_the_lens() {
    let report = lint("http://1.1.1.1 &@2.2.2.2/", None);
    assert_eq!(
        report.errors.iter().map(|e| e.kind).collect::<Vec<_>>(),
        [ValidationErrorKind::InvalidCredentials]
    );
    let text = report.render();
    assert!(text.contains("host (truncated reading): WHATWG \"2.2.2.2\", RFC 3986 \"1.1.1.1\""));
    assert!(text.ends_with("verdict: the host differs, and so does the origin\n"));
}

#[test]
fn lint_with_a_base() {
    let base = Url::parse("https://good.example/dir/").unwrap();
    let report = lint("/\\evil.com", Some(&base));
    assert!(report.comparison.changes_host());
    assert_eq!(
        report.comparison.whatwg.as_ref().unwrap().href(),
        "https://evil.com/"
    );
    assert!(lint("page.html", Some(&base)).is_clean());
}

#[test]
fn clean_inputs() {
    assert!(lint("https://example.com/a?b#c", None).is_clean());
    let text = lint("https://example.com/", None).render();
    assert_eq!(
        text,
        "https://example.com/\nWHATWG:   https://example.com/\nRFC 3986: https://example.com/\nverdict: both parsers agree\n"
    );
}
