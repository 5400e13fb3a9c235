//! This crate's own checks of rust-url's contract, beside rust-url's
//! vendored unit.rs and wpt.rs.

use std::cell::{Cell, RefCell};

use url::{Host, ParseError, SyntaxViolation, Url};

#[test]
fn url_is_pointer_sized_in_option() {
    assert_eq!(size_of::<Url>(), size_of::<Option<Url>>());
    assert_eq!(size_of::<Url>(), size_of::<weburl::Url>());
}

/// unit.rs's `test_syntax_violation_callback_types` without its
/// `file://host/c:/` case, which the URL Standard does not report (see
/// README.md).
#[test]
fn syntax_violation_types() {
    use SyntaxViolation::*;
    let data = [
        ("http://mozilla.org/\\foo", Backslash, "backslash"),
        (" http://mozilla.org", C0SpaceIgnored, "leading or trailing control or space character are ignored in URLs"),
        ("http://user:pass@mozilla.org", EmbeddedCredentials, "embedding authentication information (username or password) in an URL is not recommended"),
        ("http:///mozilla.org", ExpectedDoubleSlash, "expected //"),
        ("file:/foo.txt", ExpectedFileDoubleSlash, "expected // after file:"),
        ("http://mozilla.org/^", NonUrlCodePoint, "non-URL code point"),
        ("http://mozilla.org/#\x000", NullInFragment, "NULL characters are ignored in URL fragment identifiers"),
        ("http://mozilla.org/%1", PercentDecode, "expected 2 hex digits after %"),
        ("http://mozilla.org\t/foo", TabOrNewlineIgnored, "tabs or newlines are ignored in URLs"),
        ("http://user@:pass@mozilla.org", UnencodedAtSign, "unencoded @ sign in username or password"),
    ];
    for (input, expected, text) in data {
        let violation = Cell::new(None);
        Url::options()
            .syntax_violation_callback(Some(&|v| violation.set(Some(v))))
            .parse(input)
            .unwrap();
        let v = violation.take();
        assert_eq!(v, Some(expected), "{input:?}");
        assert_eq!(v.unwrap().to_string(), text);
    }
}

/// The order rust-url 2.5.9 reports for this input (checked against it).
#[test]
fn violations_in_order_once_each() {
    let seen = RefCell::new(Vec::new());
    let record = |v| seen.borrow_mut().push(v);
    Url::options()
        .syntax_violation_callback(Some(&record))
        .parse(" http:\\\\a:b@c@d/\te")
        .unwrap();
    use SyntaxViolation::*;
    assert_eq!(
        *seen.borrow(),
        [
            C0SpaceIgnored,
            TabOrNewlineIgnored,
            ExpectedDoubleSlash,
            EmbeddedCredentials,
            UnencodedAtSign
        ]
    );
}

#[test]
fn parse_errors_are_rust_urls() {
    let cases = [
        ("http://", ParseError::EmptyHost),
        ("http://a:99999/", ParseError::InvalidPort),
        ("http://[::1/", ParseError::InvalidIpv6Address),
        ("http://1.2.3.4.5/", ParseError::InvalidIpv4Address),
        ("http://a b/", ParseError::IdnaError),
        ("sc://a b/", ParseError::InvalidDomainCharacter),
        ("/relative", ParseError::RelativeUrlWithoutBase),
    ];
    for (input, error) in cases {
        assert_eq!(Url::parse(input), Err(error), "{input:?}");
    }
    let base = Url::parse("mailto:x").unwrap();
    assert_eq!(
        base.join("y"),
        Err(ParseError::RelativeUrlWithCannotBeABaseBase)
    );
    assert_eq!(ParseError::EmptyHost.to_string(), "empty host");
}

#[test]
fn hosts() {
    assert_eq!(
        Host::parse("EXAMPLE.com"),
        Ok(Host::Domain("example.com".to_owned()))
    );
    assert_eq!(Host::parse("0x7f.1"), Ok(Host::Ipv4([127, 0, 0, 1].into())));
    assert_eq!(Host::parse("[::1]").unwrap().to_string(), "[::1]");
    assert_eq!(Host::parse("a/b"), Err(ParseError::IdnaError));
    assert_eq!(Host::parse(""), Err(ParseError::EmptyHost));
    assert_eq!(
        Host::parse_opaque("a\u{1}b"),
        Ok(Host::Domain("a%01b".to_owned()))
    );
    assert_eq!(
        Host::parse_opaque("a b"),
        Err(ParseError::InvalidDomainCharacter)
    );
    let url = Url::parse("file:///x").unwrap();
    assert_eq!(
        (url.host(), url.has_host(), url.has_authority()),
        (None, false, true)
    );
}

#[test]
fn setters_refuse_as_rust_url_does() {
    let mut url = Url::parse("file:///x").unwrap();
    assert_eq!(url.set_port(Some(1)), Err(()));
    assert_eq!(url.set_username("u"), Err(()));
    let mut url = Url::parse("mailto:x").unwrap();
    assert_eq!(
        url.set_host(Some("a")),
        Err(ParseError::SetHostOnCannotBeABaseUrl)
    );
    assert_eq!(url.path_segments_mut().err(), Some(()));
    url.set_path("/y z?");
    assert_eq!(url.as_str(), "mailto:%2Fy z%3F");
    let mut url = Url::parse("http://a/").unwrap();
    assert_eq!(url.set_host(None), Err(ParseError::EmptyHost));
    assert_eq!(url.set_scheme("sc"), Err(()));
    assert_eq!(url.set_scheme("https:"), Ok(()));
    assert_eq!(url.as_str(), "https://a/");
}

#[test]
fn query_pairs_mut_keeps_the_fragment() {
    let mut url = Url::parse("https://a/p?x=1#f").unwrap();
    url.query_pairs_mut()
        .append_pair("y", "2 3")
        .append_pair("z", "&");
    assert_eq!(url.as_str(), "https://a/p?x=1&y=2+3&z=%26#f");
    url.query_pairs_mut().clear();
    assert_eq!(url.as_str(), "https://a/p?#f");
    let pairs: Vec<_> = Url::parse("https://a/?a=b&c")
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect();
    assert_eq!(
        pairs,
        [
            ("a".to_owned(), "b".to_owned()),
            ("c".to_owned(), String::new())
        ]
    );
}

#[test]
fn encoding_override_applies_to_the_query() {
    fn latin1(s: &str) -> std::borrow::Cow<'_, [u8]> {
        s.chars()
            .map(|c| if (c as u32) < 256 { c as u8 } else { b'?' })
            .collect::<Vec<u8>>()
            .into()
    }
    let url = Url::options()
        .encoding_override(Some(&latin1))
        .parse("http://a/é?é#é")
        .unwrap();
    assert_eq!(url.as_str(), "http://a/%C3%A9?%E9#%C3%A9");
}

/// The differences README.md lists outside WPT.
#[test]
fn documented_differences() {
    let mut url = Url::parse("sc://h//p").unwrap();
    url.set_host(None).unwrap();
    assert_eq!(url.as_str(), "sc:/.//p");
    #[cfg(all(unix, feature = "std"))]
    assert_eq!(
        Url::from_file_path("/a/../b").unwrap().as_str(),
        "file:///b"
    );
    let url = Url::parse("https://a/p").unwrap();
    assert_eq!(
        &url[url::Position::AfterPath..url::Position::BeforeHost],
        ""
    );
    let mut url = Url::parse("data:space ?q").unwrap();
    url.set_query(None);
    assert_eq!(url.as_str(), "data:space%20");
}
