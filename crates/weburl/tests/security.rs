//! Security regressions: the URL confusion classes behind published
//! vulnerabilities in other parsers, each pinned to the exact result of the
//! URL Standard (the href and hostname, or failure).
//!
//! The expected values come from walking the basic URL parser and the host
//! parser of the standard by hand; the comment on each case says which
//! steps decide it. Several of these results look surprising (a
//! backslash switching hosts, `127.1` being an address): they are what every
//! browser does, and a server that disagrees with them is the one at risk.

use weburl::{Host, Url};

/// Asserts that `input` (against `base`, if any) parses to exactly `href`
/// with hostname `hostname`, and that `can_parse` agrees.
#[track_caller]
fn parses(input: &str, base: Option<&str>, href: &str, hostname: &str) -> Url {
    let url = match base {
        None => Url::parse(input),
        Some(b) => Url::parse(b).expect("the base parses").join(input),
    };
    let url = url.unwrap_or_else(|e| panic!("{input:?} (base {base:?}) failed: {e}"));
    assert_eq!(url.href(), href, "href of {input:?} (base {base:?})");
    assert_eq!(
        url.hostname(),
        hostname,
        "hostname of {input:?} (base {base:?})"
    );
    assert!(
        Url::can_parse(input, base),
        "can_parse({input:?}, {base:?})"
    );
    url.check_invariants().unwrap();
    url
}

/// Asserts that `input` (against `base`, if any) is a failure.
#[track_caller]
fn fails(input: &str, base: Option<&str>) {
    let url = match base {
        None => Url::parse(input),
        Some(b) => Url::parse(b).expect("the base parses").join(input),
    };
    if let Ok(url) = url {
        panic!(
            "{input:?} (base {base:?}) should fail, parsed to {:?} with hostname {:?}\n{}",
            url.href(),
            url.hostname(),
            url.diagram()
        );
    }
    assert!(
        !Url::can_parse(input, base),
        "can_parse({input:?}, {base:?})"
    );
}

// ----- Userinfo and "@" -----

/// The authority state: everything before the last "@" is userinfo, so the
/// host is what follows it.
#[test]
fn userinfo_at_sign_confusion() {
    let url = parses(
        "http://evil.com@good.com/",
        None,
        "http://evil.com@good.com/",
        "good.com",
    );
    assert_eq!(url.username(), "evil.com");

    // ":" splits the userinfo: "80" is the password, not a port.
    let url = parses(
        "http://good.com:80@evil.com/",
        None,
        "http://good.com:80@evil.com/",
        "evil.com",
    );
    assert_eq!(
        (url.username(), url.password(), url.port()),
        ("good.com", "80", "")
    );

    // A second "@" is prepended as "%40" to the next userinfo piece.
    let url = parses("http://a@b@c/", None, "http://a%40b@c/", "c");
    assert_eq!(url.username(), "a%40b");
    parses("http://a:b@c@d/", None, "http://a:b%40c@d/", "d");

    // An empty userinfo is dropped from the serialization.
    parses("http://@good.com/", None, "http://good.com/", "good.com");
    parses("http://:@good.com/", None, "http://good.com/", "good.com");

    // "@" with no host after it: host-missing.
    fails("http://good.com@/", None);
    fails("http://user@", None);
}

/// A "\" ends the authority of a special URL but is userinfo in a
/// non-special one.
#[test]
fn backslash_before_at_sign() {
    parses(
        "http://good.com\\@evil.com/",
        None,
        "http://good.com/@evil.com/",
        "good.com",
    );
    // Non-special: "\" is an ordinary code point, percent-encoded in userinfo.
    parses(
        "sc://good.com\\@evil.com/",
        None,
        "sc://good.com%5C@evil.com/",
        "evil.com",
    );
}

// ----- Whitespace and controls -----

/// Leading and trailing C0 controls and spaces are stripped; ASCII tab and
/// newline are removed everywhere (the basic URL parser's first steps).
#[test]
fn leading_whitespace_and_c0_in_scheme() {
    // CVE-2023-24329: a leading space must not turn the URL into a relative
    // reference with no scheme.
    parses(" https://x", None, "https://x/", "x");
    parses("\u{0}\u{1f} https://x", None, "https://x/", "x");
    parses("\u{c}https://x/ \n\u{0}", None, "https://x/", "x");
    // U+00A0 is not a C0 control or space: not stripped, and no scheme.
    fails("\u{a0}https://x", None);
    // Against a base, the same input is a path, not a host switch.
    parses(
        "\u{a0}https://x",
        Some("https://good.com/dir/"),
        "https://good.com/dir/%C2%A0https://x",
        "good.com",
    );
}

#[test]
fn tabs_and_newlines_inside_scheme_and_host() {
    // CVE-2022-0391: tabs and newlines are removed before parsing.
    parses("ht\ttp://x", None, "http://x/", "x");
    parses("h\nt\rt\tp\r\n://x", None, "http://x/", "x");
    parses(
        "http://ex\nample.com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://exa\r\nmple.com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://ex\tample.com:8\t0/",
        None,
        "http://example.com/",
        "example.com",
    );
    // The scheme that filters look for appears only after the removal.
    let url = parses("java\nscript:alert(1)", None, "javascript:alert(1)", "");
    assert_eq!(url.protocol(), "javascript:");
    let url = parses(" javascript\t:alert(1)", None, "javascript:alert(1)", "");
    assert_eq!(url.protocol(), "javascript:");
    // Other C0 controls inside a host are forbidden host code points.
    fails("http://ex\u{0}ample.com/", None);
    fails("http://ex\u{1}ample.com/", None);
    fails("http://ex\u{7f}ample.com/", None);
    fails("http://ex ample.com/", None);
}

// ----- Slashes and backslashes -----

/// For special URLs "\" is "/", and the authority states skip any run of
/// slashes and backslashes.
#[test]
fn slash_backslash_confusion() {
    // CVE-2021-32618 shape: relative slash state, then the special
    // authority ignore slashes state.
    let base = Some("https://good.com/");
    parses("/\\evil.com", base, "https://evil.com/", "evil.com");
    parses("\\\\\\evil.com", base, "https://evil.com/", "evil.com");
    parses("\\/evil.com", base, "https://evil.com/", "evil.com");
    parses("///evil.com", base, "https://evil.com/", "evil.com");
    parses("/\\/\\evil.com/x", base, "https://evil.com/x", "evil.com");
    // A single slash or backslash stays on the base's host.
    parses("\\evil.com", base, "https://good.com/evil.com", "good.com");
    parses("/evil.com", base, "https://good.com/evil.com", "good.com");

    // Special authority slashes state: anything after "scheme:" that is
    // slashes or backslashes is skipped.
    parses("https:\\\\evil.com", None, "https://evil.com/", "evil.com");
    parses("https:/\\evil.com", None, "https://evil.com/", "evil.com");
    parses("https:\\evil.com", None, "https://evil.com/", "evil.com");
    parses("https:evil.com", None, "https://evil.com/", "evil.com");
    // With a base of the same scheme: special relative or authority state,
    // then the relative state; "\\" still reaches the authority.
    parses("https:\\\\evil.com", base, "https://evil.com/", "evil.com");
    // But "https:evil.com" is relative to a https base.
    parses(
        "https:evil.com",
        Some("https://good.com/dir/"),
        "https://good.com/dir/evil.com",
        "good.com",
    );
    // A different special scheme starts over.
    parses("http:\\\\evil.com", base, "http://evil.com/", "evil.com");
}

/// Against a non-special base a backslash is a path code point: no host
/// switch.
#[test]
fn backslashes_against_non_special_bases() {
    let base = Some("sc://good/");
    parses("\\\\evil.com", base, "sc://good/\\\\evil.com", "good");
    parses(
        "/\\evil.com",
        Some("sc://good/x"),
        "sc://good/\\evil.com",
        "good",
    );
    parses(
        "\\evil.com",
        Some("sc://good/a/b"),
        "sc://good/a/\\evil.com",
        "good",
    );
    // Forward slashes do switch hosts, for every scheme.
    parses("//evil.com", base, "sc://evil.com", "evil.com");
    // A non-special URL with "\\" after the scheme has no host at all.
    let url = parses("sc:\\\\evil.com", None, "sc:\\\\evil.com", "");
    assert!(url.has_opaque_path());
}

// ----- Encoded delimiters in hosts -----

/// The host parser percent-decodes a special URL's host before checking
/// it, so an encoded delimiter is a forbidden domain code point.
#[test]
fn encoded_delimiters_in_hosts() {
    // CVE-2022-27780: "%2F" decodes to "/".
    fails("http://example.com%2F10.0.0.1/", None);
    fails("http://example.com%2f10.0.0.1/", None);
    fails("http://example.com%40evil.com/", None); // "@"
    fails("http://example.com%3A80/", None); // ":"
    fails("http://example.com%23.evil.com/", None); // "#"
    fails("http://example.com%3F.evil.com/", None); // "?"
    fails("http://example.com%5C.evil.com/", None); // "\"
    fails("http://example.com%00/", None); // NUL
    fails("http://example.com%25/", None); // "%"
    fails("http://example.com%20/", None); // space
                                           // Encoded letters and dots decode to the plain domain.
    parses(
        "http://%65xample.com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://example%2Ecom/",
        None,
        "http://example.com/",
        "example.com",
    );
    // Encoded digits make an IPv4 address after decoding.
    parses(
        "http://%31%32%37.0.0.1/",
        None,
        "http://127.0.0.1/",
        "127.0.0.1",
    );
    // Non-special hosts are opaque: nothing is decoded, the "%" sequence
    // stays, and the host cannot be confused with a path.
    parses(
        "sc://example.com%2F10.0.0.1/",
        None,
        "sc://example.com%2F10.0.0.1/",
        "example.com%2F10.0.0.1",
    );
}

/// "#" and "?" end the authority: what follows is the fragment or query.
#[test]
fn fragment_and_query_end_the_authority() {
    // CVE-2016-8624.
    let url = parses(
        "http://good.com#@evil.com/",
        None,
        "http://good.com/#@evil.com/",
        "good.com",
    );
    assert_eq!((url.username(), url.hash()), ("", "#@evil.com/"));
    let url = parses(
        "http://good.com?@evil.com/",
        None,
        "http://good.com/?@evil.com/",
        "good.com",
    );
    assert_eq!(url.search(), "?@evil.com/");
    parses(
        "http://good.com:80#@evil.com/",
        None,
        "http://good.com/#@evil.com/",
        "good.com",
    );
    parses(
        "sc://good.com#@evil.com/",
        None,
        "sc://good.com#@evil.com/",
        "good.com",
    );
}

// ----- Ports -----

/// The port state accepts ASCII digits only, up to 65535.
#[test]
fn non_numeric_ports() {
    // CVE-2019-14809.
    fails("http://x:80a/", None);
    fails("http://x:+80/", None);
    fails("http://x:-80/", None);
    fails("http://x:0x50/", None);
    fails("http://x: 80/", None);
    fails("http://x:80 /", None);
    fails("http://x:８０/", None);
    fails("http://x:65536/", None);
    fails("http://x:99999999999999999999/", None);
    fails("http://x:80:80/", None);
    // A default port disappears; leading zeros are a number.
    parses("http://x:80/", None, "http://x/", "x");
    parses("http://x:0080/", None, "http://x/", "x");
    parses("https://x:00443/", None, "https://x/", "x");
    parses("http://x:65535/", None, "http://x:65535/", "x");
    parses("http://x:0/", None, "http://x:0/", "x");
    // Tabs are removed before the port is read.
    parses("http://x:8\t0/", None, "http://x/", "x");
    // An empty port is no port.
    let url = parses("http://x:/", None, "http://x/", "x");
    assert_eq!(url.port(), "");
}

// ----- Brackets -----

/// A host that starts with "[" must end with "]" and be an IPv6 address;
/// "[" and "]" anywhere else are forbidden host code points.
#[test]
fn brackets_mid_host() {
    // CVE-2025-0938.
    fails("http://[::1]evil.com/", None);
    fails("http://[::1].evil.com/", None);
    fails("http://evil.com[::1]/", None);
    // CVE-2025-47912.
    fails("http://a[b]/", None);
    fails("http://[a]/", None);
    fails("http://[evil.com]/", None);
    fails("http://[::1]]/", None);
    fails("http://[[::1]]/", None);
    fails("http://[::1/", None);
    fails("http://::1]/", None);
    fails("sc://a[b]/", None);
    fails("sc://[::1]evil.com/", None);
    // The IPv6 address, with or without a port.
    parses("http://[::1]/", None, "http://[::1]/", "[::1]");
    parses("http://[::1]:8080/", None, "http://[::1]:8080/", "[::1]");
    parses("http://[0:0:0:0:0:0:0:1]/", None, "http://[::1]/", "[::1]");
    // A ":" inside the brackets is not a port.
    parses("sc://[::1]:99/", None, "sc://[::1]:99/", "[::1]");
    // An IPv4-mapped address serializes in hex pieces.
    parses(
        "http://[::ffff:127.0.0.1]/",
        None,
        "http://[::ffff:7f00:1]/",
        "[::ffff:7f00:1]",
    );
}

// ----- IPv4 -----

/// A special host that ends in a number is an IPv4 address: octal, hex,
/// short forms and a single 32-bit number all spell 127.0.0.1.
#[test]
fn ipv4_obfuscation() {
    for input in [
        "http://0177.0.0.1/",
        "http://0x7f.1/",
        "http://0X7F.0.0.1/",
        "http://127.1/",
        "http://127.0.1/",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://017700000001/",
        "http://0x7f.0.0.0x1/",
        "http://0177.1/",
        "http://127.0.0.1./",
        "http://127.0.0.1/",
        "http://0x00000000007f.1/",
        "http://000000000000000177.1/",
        "http://１２７.0.0.1/",
        "http://127。0。0。1/",
    ] {
        let url = parses(input, None, "http://127.0.0.1/", "127.0.0.1");
        assert_eq!(
            url.typed_host(),
            Some(Host::Ipv4([127, 0, 0, 1].into())),
            "{input}"
        );
    }
    parses("http://0x/", None, "http://0.0.0.0/", "0.0.0.0");
    parses("http://0/", None, "http://0.0.0.0/", "0.0.0.0");
    parses(
        "http://4294967295/",
        None,
        "http://255.255.255.255/",
        "255.255.255.255",
    );
    parses(
        "http://0xffffffff/",
        None,
        "http://255.255.255.255/",
        "255.255.255.255",
    );
    parses("http://1.2.3.4/", None, "http://1.2.3.4/", "1.2.3.4");

    // Out of range: the last part may fill what the others leave, no more.
    fails("http://4294967296/", None);
    fails("http://0x100000000/", None);
    fails("http://256.0.0.1/", None);
    fails("http://1.256.0.1/", None);
    fails("http://1.2.65536/", None);
    fails("http://1.16777216/", None);
    fails("http://1.2.3.256/", None);
    // Not numbers, though the host ends in one.
    fails("http://09/", None);
    fails("http://08.1/", None);
    fails("http://0x7g.1/", None);
    fails("http://example.1/", None);
    fails("http://1.2.3.4.5/", None);
    fails("http://0x7f..1/", None);
    // A host that does not end in a number is a domain.
    let url = parses("http://1.example/", None, "http://1.example/", "1.example");
    assert_eq!(url.typed_host(), Some(Host::Domain("1.example")));
    let url = parses(
        "http://127.0.0.1.x/",
        None,
        "http://127.0.0.1.x/",
        "127.0.0.1.x",
    );
    assert_eq!(url.typed_host(), Some(Host::Domain("127.0.0.1.x")));
    // Two trailing dots: the last part is empty after dropping one, so the
    // host does not end in a number and is a domain, not 127.0.0.1.
    let url = parses(
        "http://127.0.0.1../",
        None,
        "http://127.0.0.1../",
        "127.0.0.1..",
    );
    assert_eq!(url.typed_host(), Some(Host::Domain("127.0.0.1..")));
    // Non-special hosts are opaque: no IPv4 parsing.
    let url = parses("sc://0x7f.1/", None, "sc://0x7f.1/", "0x7f.1");
    assert_eq!(url.typed_host(), Some(Host::Opaque("0x7f.1")));
}

// ----- IDNA -----

/// The domain parser maps with UTS #46 (non-transitional) before anything
/// is checked, so lookalike spellings of ASCII hosts become ASCII.
#[test]
fn idna_mapping_tricks() {
    // Fullwidth letters map to ASCII.
    parses(
        "http://ｅｘａｍｐｌｅ.com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://ＥＸＡＭＰＬＥ．ＣＯＭ/",
        None,
        "http://example.com/",
        "example.com",
    );
    // Ideographic and fullwidth full stops map to ".".
    parses(
        "http://example。com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://example．com/",
        None,
        "http://example.com/",
        "example.com",
    );
    parses(
        "http://example｡com/",
        None,
        "http://example.com/",
        "example.com",
    );
    // Soft hyphen maps to nothing.
    parses(
        "http://exa\u{ad}mple.com/",
        None,
        "http://example.com/",
        "example.com",
    );
    // A fullwidth "%" maps to "%" after percent-decoding has run, and then
    // is a forbidden domain code point.
    fails("http://％４１.com/", None);
    fails("http://example％2Ecom/", None);
    // Joiners outside their contexts fail CheckJoiners.
    fails("http://exa\u{200d}mple.com/", None);
    fails("http://exa\u{200c}mple.com/", None);
    // A mapped "/" or "@" is caught by the forbidden domain code points.
    fails("http://example.com\u{ff0f}evil/", None); // fullwidth solidus
    fails("http://good.com\u{ff20}evil.com/", None); // fullwidth commercial at
    fails("http://good.com\u{2100}evil.com/", None); // a/c maps to "a/c"
}

/// An ASCII "xn--" label is lowercased and kept as it is: it never turns
/// into the name it decodes to.
#[test]
fn punycode_labels_are_not_their_decoding() {
    // "xn--example-" decodes (RFC 3492) to "example"; the domain to ASCII
    // algorithm returns an ASCII domain lowercased.
    let url = parses(
        "http://xn--example-/",
        None,
        "http://xn--example-/",
        "xn--example-",
    );
    assert_ne!(url.hostname(), "example");
    parses(
        "http://XN--EXAMPLE-.com/",
        None,
        "http://xn--example-.com/",
        "xn--example-.com",
    );
    // Mixed-script lookalikes are punycoded, visibly not the ASCII name.
    parses(
        "http://\u{430}pple.com/",
        None,
        "http://xn--pple-43d.com/",
        "xn--pple-43d.com",
    );
}

/// "ß" and "ς" are kept (non-transitional processing), not mapped to "ss"
/// and "σ"; "İ" maps to "i" and a combining dot.
#[test]
fn idna_is_not_transitional() {
    parses(
        "http://faß.de/",
        None,
        "http://xn--fa-hia.de/",
        "xn--fa-hia.de",
    );
    parses("http://FASS.de/", None, "http://fass.de/", "fass.de");
    let a = Url::parse("http://faß.de/").unwrap();
    let b = Url::parse("http://fass.de/").unwrap();
    assert_ne!(a.hostname(), b.hostname());
    parses(
        "http://İ.com/",
        None,
        "http://xn--i-9bb.com/",
        "xn--i-9bb.com",
    );
}

// ----- Schemes -----

/// Scheme confusion: the scheme is whatever precedes the first ":" after
/// stripping, lowercased; an invalid scheme code point makes the input
/// relative.
#[test]
fn scheme_confusion() {
    let url = parses("JaVaScRiPt:alert(1)", None, "javascript:alert(1)", "");
    assert_eq!(url.protocol(), "javascript:");
    // "javascript" with a non-ASCII letter is no scheme at all: relative.
    fails("javascrİpt:alert(1)", None);
    parses(
        "javascrİpt:alert(1)",
        Some("https://good.com/"),
        "https://good.com/javascr%C4%B0pt:alert(1)",
        "good.com",
    );
    // A scheme-relative reference takes the base's scheme.
    parses(
        "//evil.com",
        Some("https://good.com/"),
        "https://evil.com/",
        "evil.com",
    );
    // blob: URLs: the origin is the inner URL's.
    let url = parses(
        "blob:https://good.com/uuid",
        None,
        "blob:https://good.com/uuid",
        "",
    );
    assert_eq!(url.origin().ascii_serialization(), "https://good.com");
    let url = parses(
        "blob:https://evil.com@good.com/uuid",
        None,
        "blob:https://evil.com@good.com/uuid",
        "",
    );
    assert_eq!(url.origin().ascii_serialization(), "https://good.com");
    // A blob inside a blob has an opaque origin.
    let url = parses(
        "blob:blob:https://good.com/uuid",
        None,
        "blob:blob:https://good.com/uuid",
        "",
    );
    assert_eq!(url.origin().ascii_serialization(), "null");
}

// ----- Paths -----

/// Dot segments, encoded or not, cannot climb above the root.
#[test]
fn dot_segments_stay_under_the_root() {
    parses(
        "http://good.com/../../etc/passwd",
        None,
        "http://good.com/etc/passwd",
        "good.com",
    );
    parses(
        "http://good.com/a/%2e%2E/%2e./.%2E/b",
        None,
        "http://good.com/b",
        "good.com",
    );
    parses(
        "..\\..\\x",
        Some("http://good.com/a/b/c"),
        "http://good.com/x",
        "good.com",
    );
    // "%2f" is not a segment separator.
    parses(
        "http://good.com/a/..%2f..%2fx",
        None,
        "http://good.com/a/..%2f..%2fx",
        "good.com",
    );
    // A file URL's drive letter is not popped.
    parses("file:///C:/../../x", None, "file:///C:/x", "");
}
