//! Tests of the public API that the data-driven suites do not reach: the
//! standard traits, error kinds, `can_parse` and `join`.

use std::borrow::Borrow;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};

use weburl::{ParseError, Url};

fn url(input: &str) -> Url {
    Url::parse(input).unwrap_or_else(|err| panic!("{input:?} failed to parse: {err}"))
}

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

#[test]
fn readme_example() {
    let url = url("HTTP://EXAMPLE.com:80/a/./b/../c?x#y");
    assert_eq!(url.href(), "http://example.com/a/c?x#y");
    assert_eq!(url.protocol(), "http:");
    assert_eq!(url.host(), "example.com");
    assert_eq!(url.port(), "");
    assert_eq!(url.pathname(), "/a/c");
    assert_eq!(url.search(), "?x");
    assert_eq!(url.hash(), "#y");
    assert_eq!(url.origin().to_string(), "http://example.com");
}

#[test]
fn clone_is_equal_and_independent() {
    let original = url("https://example.com/a?b#c");
    let mut copy = original.clone();
    assert_eq!(copy, original);
    copy.set_hash("d").unwrap();
    assert_eq!(copy.href(), "https://example.com/a?b#d");
    assert_eq!(original.href(), "https://example.com/a?b#c");
    assert_ne!(copy, original);
}

#[test]
fn debug_is_not_empty() {
    assert!(!format!("{:?}", url("https://example.com/")).is_empty());
}

#[test]
fn display_is_href() {
    let url = url("https://EXAMPLE.com/%7e?q");
    assert_eq!(url.to_string(), url.href());
    assert_eq!(format!("{url}"), "https://example.com/%7e?q");
}

#[test]
fn from_str() {
    let parsed: Url = "https://example.com/x".parse().unwrap();
    assert_eq!(parsed.href(), "https://example.com/x");
    let err: ParseError = "no scheme".parse::<Url>().unwrap_err();
    assert!(matches!(err, ParseError::MissingSchemeNonRelativeUrl));
}

#[test]
fn try_from_str_and_string() {
    let from_str = Url::try_from("https://example.com/x").unwrap();
    let from_string = Url::try_from(String::from("https://example.com/x")).unwrap();
    assert_eq!(from_str, from_string);
    assert_eq!(from_str.href(), "https://example.com/x");
    assert!(Url::try_from("https://exa mple.com/").is_err());
    assert!(Url::try_from(String::from("https://[::1/")).is_err());
}

#[test]
fn equality_is_by_serialization() {
    assert_eq!(
        url("HTTPS://Example.COM:443/a/../b"),
        url("https://example.com/b")
    );
    assert_eq!(url("http://example.com"), url("http://example.com/"));
    assert_ne!(url("http://example.com/a"), url("http://example.com/A"));
    assert_ne!(url("http://example.com/#"), url("http://example.com/"));
}

#[test]
fn ordering_is_by_serialization() {
    let inputs = [
        "https://example.com/b",
        "http://example.com/",
        "https://example.com/a",
        "file:///tmp",
        "HTTP://A.example/",
        "data:,x",
        "https://example.com/a?",
    ];
    let mut urls: Vec<Url> = inputs.iter().map(|input| url(input)).collect();
    urls.sort();
    let mut hrefs: Vec<String> = inputs
        .iter()
        .map(|input| url(input).href().to_owned())
        .collect();
    hrefs.sort();
    let sorted: Vec<&str> = urls.iter().map(Url::href).collect();
    assert_eq!(sorted, hrefs);
    for a in &urls {
        for b in &urls {
            assert_eq!(a.cmp(b), a.href().cmp(b.href()), "{a} vs {b}");
            assert_eq!(a.partial_cmp(b), Some(a.cmp(b)));
        }
    }
}

#[test]
fn hash_is_by_serialization_and_matches_str() {
    let a = url("HTTP://EXAMPLE.com/x");
    let b = url("http://example.com/x");
    assert_eq!(hash_of(&a), hash_of(&b));
    // Borrow<str> requires the hash of a Url to equal the hash of its href.
    assert_eq!(hash_of(&a), hash_of(a.href()));

    let set: HashSet<Url> = [a, b, url("http://example.com/y")].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(set.contains("http://example.com/x"));
    assert!(set.contains("http://example.com/y"));
    assert!(!set.contains("HTTP://EXAMPLE.com/x"));

    let tree: BTreeSet<Url> = set.into_iter().collect();
    assert!(tree.contains("http://example.com/x"));
}

#[test]
fn as_ref_and_borrow_give_href() {
    let url = url("https://example.com/a b");
    let as_ref: &str = url.as_ref();
    let borrowed: &str = url.borrow();
    assert_eq!(as_ref, "https://example.com/a%20b");
    assert_eq!(borrowed, "https://example.com/a%20b");
}

#[test]
fn into_string() {
    let url = url("https://example.com/?q=1#f");
    let expected = url.href().to_owned();
    assert_eq!(String::from(url.clone()), expected);
    let via_into: String = url.into();
    assert_eq!(via_into, expected);
}

#[test]
fn parse_error_is_copy_and_an_error() {
    fn assert_traits<T: Copy + std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<ParseError>();

    let err = Url::parse("no scheme").unwrap_err();
    let copy = err;
    assert_eq!(format!("{err:?}"), format!("{copy:?}"));
    assert!(!err.to_string().is_empty());
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err);
    assert!(!boxed.to_string().is_empty());
}

/// Records in `$wrong` a problem unless `$input` fails to parse with an error
/// matching `$kind`, which has a non-empty `Display`.
macro_rules! check_kind {
    ($wrong:ident, $input:expr, $kind:pat) => {
        let input: &str = $input;
        match Url::parse(input) {
            Ok(url) => $wrong.push(format!("{input:?} parsed as {:?}", url.href())),
            Err(err) => {
                if !matches!(err, $kind) {
                    $wrong.push(format!(
                        "{input:?} gave {err:?}, expected {}",
                        stringify!($kind)
                    ));
                }
                if err.to_string().is_empty() {
                    $wrong.push(format!("{err:?} has an empty Display"));
                }
                if Url::can_parse(input, None) {
                    $wrong.push(format!("can_parse({input:?}) is true"));
                }
            }
        }
    };
}

#[test]
fn error_kinds() {
    let mut wrong = Vec::new();
    check_kind!(wrong, "no-scheme", ParseError::MissingSchemeNonRelativeUrl);
    check_kind!(wrong, "http://", ParseError::HostMissing);
    check_kind!(
        wrong,
        "http://example.com:65536/",
        ParseError::PortOutOfRange
    );
    check_kind!(wrong, "http://example.com:12x/", ParseError::PortInvalid);
    check_kind!(wrong, "http://[::1/", ParseError::Ipv6Unclosed);
    check_kind!(wrong, "http://[::1::2]/", ParseError::Ipv6Invalid);
    check_kind!(
        wrong,
        "http://[::1.2.3.256]/",
        ParseError::Ipv4InIpv6Invalid
    );
    check_kind!(wrong, "http://1.2.3.4.5/", ParseError::Ipv4TooManyParts);
    check_kind!(wrong, "http://1.2.x.4/", ParseError::Ipv4NonNumericPart);
    check_kind!(wrong, "http://256.0.0.1/", ParseError::Ipv4OutOfRange);
    check_kind!(wrong, "http://a\u{200C}b/", ParseError::DomainToAscii);
    check_kind!(wrong, "http://a<b/", ParseError::DomainInvalidCodePoint);
    check_kind!(
        wrong,
        "http://exa%00mple/",
        ParseError::DomainInvalidCodePoint
    );
    check_kind!(wrong, "sc://a b/", ParseError::HostInvalidCodePoint);
    assert!(wrong.is_empty(), "wrong error kinds:\n{}", wrong.join("\n"));
}

#[test]
fn can_parse_without_base() {
    assert!(Url::can_parse("https://example.com/", None));
    assert!(Url::can_parse("mailto:someone@example.com", None));
    assert!(Url::can_parse("data:,", None));
    assert!(!Url::can_parse("/relative", None));
    assert!(!Url::can_parse("", None));
    assert!(!Url::can_parse("https://exa mple.com/", None));
}

#[test]
fn can_parse_with_base() {
    assert!(Url::can_parse("/relative", Some("https://example.com/a/b")));
    assert!(Url::can_parse("", Some("https://example.com/")));
    assert!(Url::can_parse(
        "https://other.example/",
        Some("https://example.com/")
    ));
    // A base that does not parse makes every input fail.
    assert!(!Url::can_parse("/relative", Some("not a url")));
    assert!(!Url::can_parse("https://example.com/", Some("not a url")));
    // Only a fragment can be relative to a URL with an opaque path.
    assert!(!Url::can_parse("x", Some("mailto:someone@example.com")));
    assert!(Url::can_parse("#x", Some("mailto:someone@example.com")));
}

#[test]
fn join() {
    let base = url("https://example.com/a/b/c?q#f");
    let cases = [
        ("d", "https://example.com/a/b/d"),
        ("./d", "https://example.com/a/b/d"),
        ("../d", "https://example.com/a/d"),
        ("../../../../d", "https://example.com/d"),
        ("/d", "https://example.com/d"),
        ("//other.example/d", "https://other.example/d"),
        ("?x", "https://example.com/a/b/c?x"),
        ("#x", "https://example.com/a/b/c?q#x"),
        ("", "https://example.com/a/b/c?q"),
        ("http://absolute.example", "http://absolute.example/"),
        ("https:d", "https://example.com/a/b/d"),
    ];
    for (input, expected) in cases {
        let joined = base.join(input).unwrap();
        assert_eq!(joined.href(), expected, "{input:?}");
        let via_options = Url::options().base_url(Some(&base)).parse(input).unwrap();
        assert_eq!(joined, via_options, "{input:?}");
        assert!(Url::can_parse(input, Some(base.href())), "{input:?}");
    }
    assert!(base.join("http://").is_err());
    assert!(url("mailto:x").join("y").is_err());
    assert_eq!(url("mailto:x").join("#y").unwrap().href(), "mailto:x#y");
}

#[test]
fn options_without_base_is_parse() {
    for input in ["https://example.com/a", "a:b", "file:///c:/x"] {
        assert_eq!(
            Url::options().parse(input).unwrap(),
            Url::parse(input).unwrap()
        );
    }
    assert!(Url::options().base_url(None).parse("/relative").is_err());
}

#[test]
fn failed_set_href_leaves_url_unchanged() {
    let mut url = url("https://example.com/a");
    assert!(url.set_href("not a url").is_err());
    assert_eq!(url.href(), "https://example.com/a");
    url.set_href("http://other.example/b").unwrap();
    assert_eq!(url.href(), "http://other.example/b");
}

/// The protocol setter keeps a special URL's host when the scheme becomes
/// "file", "localhost" too (url.bs, scheme state, state override: only
/// credentials, a port, or a file URL's empty host stop it), while the
/// parser's file host state makes "localhost" the empty host: the href of
/// such a URL does not parse back to it. Setters after it edit the URL,
/// whose host stays "localhost" (whatwg-url gives the same hrefs).
#[test]
fn file_url_whose_host_is_localhost_from_the_protocol_setter() {
    let mut url = url("http:localhost/p?q#f");
    url.set_protocol("file").unwrap();
    assert_eq!(url.href(), "file://localhost/p?q#f");
    assert_eq!(url.hostname(), "localhost");
    // file URLs cannot have a port: the setter returns (url.bs, port setter, step 1).
    assert!(url.set_port("").is_err());
    url.set_pathname("/x").unwrap();
    url.set_search("").unwrap();
    url.set_hash("g").unwrap();
    assert_eq!(url.href(), "file://localhost/x#g");
    assert_eq!(url.hostname(), "localhost");
    assert_eq!(Url::parse(url.href()).unwrap().href(), "file:///x#g");
}

#[test]
fn origin_display() {
    assert_eq!(
        url("https://example.com:8443/x").origin().to_string(),
        "https://example.com:8443"
    );
    assert_eq!(
        url("https://example.com:443/x").origin().to_string(),
        "https://example.com"
    );
    assert_eq!(url("data:,x").origin().to_string(), "null");
    assert_eq!(url("file:///tmp").origin().to_string(), "null");
    assert_eq!(
        url("blob:https://example.com/uuid").origin().to_string(),
        "https://example.com"
    );
}

#[test]
fn check_invariants_and_diagram() {
    let url = url("https://user:pass@example.com:8080/p?q#f");
    assert_eq!(url.check_invariants(), Ok(()));
    assert!(!url.diagram().is_empty());
}

/// The size limit: an input over it, and an input under it whose result
/// would be over it (percent-encoding triples a byte), fail with `TooLong`.
/// The default limit is 4 GiB, so a small configured one stands in for it.
#[test]
fn size_limit_is_a_typed_error() {
    use weburl::ParseError;
    let max = 40;
    let options = || Url::options().max_len(max);
    assert_eq!(
        options().parse(&format!("https://example.com/{}", "a".repeat(40))),
        Err(ParseError::TooLong)
    );
    // 32 bytes of input, but each space becomes "%20": 20 + 6 * 4 > 40.
    let spaced = format!("https://example.com/{}", " x".repeat(6));
    assert!(spaced.len() <= max);
    assert_eq!(options().parse(&spaced), Err(ParseError::TooLong));
    assert!(!options().can_parse(&format!("https://example.com/{}", "a".repeat(40))));
    // Right at the limit is fine.
    let exact = format!("https://example.com/{}", "a".repeat(max - 20));
    assert_eq!(options().parse(&exact).map(String::from), Ok(exact));
}

#[test]
fn components_locate_every_component_in_ada_layout() {
    use weburl::UrlComponents;
    let u = url("https://user:pass@example.com:8080/path?q#f");
    let c = u.components();
    assert_eq!(
        c,
        UrlComponents {
            protocol_end: 6,
            username_end: 12,
            host_start: 17,
            host_end: 29,
            port: Some(8080),
            pathname_start: 34,
            search_start: Some(39),
            hash_start: Some(41),
        }
    );
    let h = u.href();
    assert_eq!(
        &h[c.host_start as usize + 1..c.host_end as usize],
        u.hostname()
    );
    assert_eq!(
        &h[c.pathname_start as usize..c.search_start.unwrap() as usize],
        u.pathname()
    );

    // No credentials: the host starts at its first byte.
    let c = url("http://example.com:81/").components();
    assert_eq!((c.username_end, c.host_start, c.host_end), (7, 7, 18));

    // No host: the authority offsets collapse after the ":"; "/." stands
    // before a path that starts with "//".
    let c = url("web+demo:/.//not-a-host/").components();
    assert_eq!(
        (c.protocol_end, c.username_end, c.host_start, c.host_end),
        (9, 9, 9, 9)
    );
    assert_eq!(
        (c.pathname_start, c.search_start, c.hash_start, c.port),
        (11, None, None, None)
    );
}

#[test]
fn bytes_outside_utf8_are_percent_encoded_as_parse_bytes_does() {
    use weburl::percent_encode_invalid_utf8;
    assert_eq!(percent_encode_invalid_utf8(b"caf\xE9/\xFF"), "caf%E9/%FF");
    assert!(matches!(
        percent_encode_invalid_utf8("é".as_bytes()),
        std::borrow::Cow::Borrowed("é")
    ));
}
