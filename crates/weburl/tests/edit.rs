//! Tests for editing without traps: `UrlBuilder`, `Url::path_segments_mut`
//! and the query-parameter methods of `Url`.
//!
//! Every URL produced is checked to be canonical: its href parses back to
//! the same URL (`Url::check_invariants`).

use weburl::percent_encoding::percent_decode;
use weburl::{EditError, ParseError, Url, UrlBuilder};

fn url(input: &str) -> Url {
    Url::parse(input).unwrap_or_else(|e| panic!("{input:?} does not parse: {e}"))
}

/// Builds and checks that the result is canonical.
fn build(builder: UrlBuilder) -> Url {
    let url = builder
        .build()
        .unwrap_or_else(|e| panic!("build failed: {e}"));
    canonical(&url);
    url
}

fn canonical(url: &Url) {
    if let Err(e) = url.check_invariants() {
        panic!("{} is not canonical: {e}", url.href());
    }
}

fn decode(s: &str) -> String {
    String::from_utf8(percent_decode(s.as_bytes()).into_owned()).unwrap()
}

/// Raw values that would change a URL's structure if written as they are.
const HOSTILE: &[&str] = &[
    "",
    "a b",
    "/",
    "a/b",
    "\\",
    "?",
    "#",
    "?x=1#y",
    "%",
    "%41",
    "%2e",
    "%2E%2E",
    "..%2F",
    "...",
    "./",
    "@",
    ":",
    "C:",
    "C|",
    "&=+",
    "ünïcödé",
    "💩",
    "\t\n\r",
    "\u{0}",
    "'\"<>`{}^|[]",
];

// ----- UrlBuilder. -----

#[test]
fn builder_example_from_the_docs() {
    let url = build(
        Url::builder("https")
            .host("example.com")
            .path_segments(["a b", "c/d"])
            .query_pair("q", "1&2")
            .fragment("top"),
    );
    assert_eq!(url.href(), "https://example.com/a%20b/c%2Fd?q=1%262#top");
}

#[test]
fn builder_new_is_url_builder() {
    assert_eq!(UrlBuilder::new("https"), Url::builder("https"));
}

#[test]
fn builder_hostile_segments_stay_one_segment() {
    for &raw in HOSTILE {
        for scheme in ["https", "foo", "file"] {
            let builder = Url::builder(scheme)
                .host("example.com")
                .path_segments(["first", raw, "last"]);
            let url = build(builder);
            let segments: Vec<&str> = url.path_segments().unwrap().collect();
            assert_eq!(segments.len(), 3, "{raw:?} in {}", url.href());
            assert_eq!(decode(segments[1]), raw, "{raw:?} in {}", url.href());
            assert_eq!(url.query(), None, "{raw:?}");
            assert_eq!(url.fragment(), None, "{raw:?}");
        }
    }
}

#[test]
fn builder_encodes_path_segments_with_the_component_set() {
    let url = build(
        Url::builder("https")
            .host("h")
            .path_segments(["a?b", "c#d", "e\\f", "%", "x:y", "$&+,;=@"]),
    );
    assert_eq!(
        url.pathname(),
        "/a%3Fb/c%23d/e%5Cf/%25/x%3Ay/%24%26%2B%2C%3B%3D%40"
    );
}

#[test]
fn builder_refuses_dot_segments() {
    for dots in [".", ".."] {
        let result = Url::builder("https")
            .host("h")
            .path_segments(["a", dots, "b"])
            .build();
        assert_eq!(result, Err(EditError::DotSegment), "{dots:?}");
    }
    // Their encoded spellings are raw values, encoded again: not dot segments.
    let url = build(
        Url::builder("https")
            .host("h")
            .path_segments(["%2e", "%2E%2E", "...", ".a"]),
    );
    assert_eq!(url.pathname(), "/%252e/%252E%252E/.../.a");
}

#[test]
fn builder_file_drive_letters_cannot_be_injected() {
    let url = build(Url::builder("file").path_segments(["C:", "x"]));
    assert_eq!(url.href(), "file:///C%3A/x");
    let url = build(Url::builder("file").path_segments(["C|", "x"]));
    assert_eq!(url.href(), "file:///C%7C/x");
    // `..` from a join cannot climb over a drive letter, but the encoded
    // segment is an ordinary one.
    assert_eq!(url.join("../..").unwrap().href(), "file:///");
}

#[test]
fn builder_empty_and_trailing_segments() {
    let root = build(Url::builder("https").host("h"));
    assert_eq!(root.href(), "https://h/");
    let root = build(Url::builder("https").host("h").path_segment(""));
    assert_eq!(root.href(), "https://h/");
    let dir = build(Url::builder("https").host("h").path_segments(["a", ""]));
    assert_eq!(dir.href(), "https://h/a/");
    let doubled = build(Url::builder("https").host("h").path_segments(["", "", "a"]));
    assert_eq!(doubled.pathname(), "///a");
    let no_path = build(Url::builder("foo").host("h"));
    assert_eq!(no_path.href(), "foo://h");
}

#[test]
fn builder_without_host() {
    assert_eq!(
        build(Url::builder("foo").path_segments(["a", "b"])).href(),
        "foo:/a/b"
    );
    // A path starting with an empty segment gets "/." so it is not read as a host.
    let url = build(Url::builder("foo").path_segments(["", "x"]));
    assert_eq!(url.href(), "foo:/.//x");
    assert_eq!(url.pathname(), "//x");
    assert!(!url.has_host());
    // file: gets the empty host.
    assert_eq!(
        build(Url::builder("file").path_segment("tmp")).href(),
        "file:///tmp"
    );
    // A special scheme needs one.
    let missing = Url::builder("http").path_segment("x").build();
    assert_eq!(missing, Err(EditError::Parse(ParseError::HostMissing)));
    // So do credentials and ports.
    let missing = Url::builder("foo").username("u").build();
    assert_eq!(missing, Err(EditError::Parse(ParseError::HostMissing)));
    let missing = Url::builder("foo").port(1).build();
    assert_eq!(missing, Err(EditError::Parse(ParseError::HostMissing)));
}

#[test]
fn builder_empty_host() {
    assert_eq!(
        build(Url::builder("foo").host("").path_segment("x")).href(),
        "foo:///x"
    );
    assert_eq!(build(Url::builder("file").host("")).href(), "file:///");
    assert_eq!(
        build(Url::builder("file").host("localhost").path_segment("x")).href(),
        "file:///x"
    );
    assert_eq!(
        Url::builder("https").host("").build(),
        Err(EditError::Parse(ParseError::HostMissing))
    );
}

#[test]
fn builder_hosts_go_through_the_host_parser() {
    assert_eq!(
        build(Url::builder("HTTP").host("EXAMPLE.com")).href(),
        "http://example.com/"
    );
    assert_eq!(
        build(Url::builder("http").host("0x7f.1")).href(),
        "http://127.0.0.1/"
    );
    assert_eq!(
        build(Url::builder("http").host("Bücher.example")).hostname(),
        "xn--bcher-kva.example"
    );
    assert_eq!(
        build(Url::builder("foo").host("ExAmple")).hostname(),
        "ExAmple"
    );
}

#[test]
fn builder_ipv6_hosts() {
    for host in ["::1", "[::1]", "0:0:0:0:0:0:0:1", "[0:0::1]"] {
        let url = build(Url::builder("http").host(host).port(8080).path_segment("x"));
        assert_eq!(url.href(), "http://[::1]:8080/x", "{host:?}");
    }
    let url = build(Url::builder("foo").host("::FFFF:1.2.3.4"));
    assert_eq!(url.hostname(), "[::ffff:102:304]");
    // Brackets around something else are encoded as any other host bytes.
    let result = Url::builder("http").host("[::1]/x").build();
    assert!(result.is_err(), "{result:?}");
    let result = Url::builder("http").host("::g").build();
    assert!(result.is_err(), "{result:?}");
    let result = Url::builder("http").host("1::2::3").build();
    assert_eq!(result, Err(EditError::Parse(ParseError::Ipv6Invalid)));
}

#[test]
fn builder_hosts_cannot_move_url_boundaries() {
    for host in [
        "evil.example/@good.example",
        "evil.example#@good.example",
        "evil.example?@good.example",
        "evil.example\\@good.example",
        "user@good.example",
        "good.example:8080",
        "a b",
    ] {
        // Special: the host parser decodes and rejects the delimiter.
        let result = Url::builder("https").host(host).path_segment("p").build();
        assert!(result.is_err(), "{host:?} gave {result:?}");
        // Non-special: it stays in the opaque host, percent-encoded.
        let url = build(Url::builder("foo").host(host).path_segment("p"));
        assert_eq!(decode(url.hostname()), host);
        assert_eq!(url.pathname(), "/p");
        assert_eq!(url.username(), "");
        assert_eq!(url.port(), "");
    }
}

#[test]
fn builder_credentials() {
    let url = build(
        Url::builder("https")
            .username("a@b:c")
            .password("p/w?#%")
            .host("h"),
    );
    assert_eq!(url.href(), "https://a%40b%3Ac:p%2Fw%3F%23%25@h/");
    assert_eq!(decode(url.username()), "a@b:c");
    assert_eq!(decode(url.password()), "p/w?#%");
    let url = build(Url::builder("https").username("u").host("h"));
    assert_eq!(url.href(), "https://u@h/");
    let url = build(Url::builder("https").username("").password("").host("h"));
    assert_eq!(url.href(), "https://h/");
    // file: URLs cannot have credentials: the host parser refuses the "@".
    assert!(Url::builder("file")
        .username("u")
        .host("h")
        .build()
        .is_err());
}

#[test]
fn builder_ports() {
    assert_eq!(
        build(Url::builder("https").host("h").port(443)).href(),
        "https://h/"
    );
    assert_eq!(
        build(Url::builder("https").host("h").port(80)).href(),
        "https://h:80/"
    );
    assert_eq!(
        build(Url::builder("foo").host("h").port(0)).href(),
        "foo://h:0"
    );
    assert!(Url::builder("file").host("h").port(1).build().is_err());
}

#[test]
fn builder_query_pairs_are_form_encoded() {
    let url = build(
        Url::builder("https")
            .host("h")
            .query_pair("a b", "c&d=e#f")
            .query_pair("", "")
            .query_pairs([("x", "+%"), ("ü", "💩")]),
    );
    assert_eq!(
        url.search(),
        "?a+b=c%26d%3De%23f&=&x=%2B%25&%C3%BC=%F0%9F%92%A9"
    );
    let pairs: Vec<(String, String)> = url
        .search_params()
        .pairs()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("a b".into(), "c&d=e#f".into()),
            (String::new(), String::new()),
            ("x".into(), "+%".into()),
            ("ü".into(), "💩".into())
        ]
    );
    assert_eq!(build(Url::builder("https").host("h")).query(), None);
}

#[test]
fn builder_hostile_query_values_round_trip() {
    for &raw in HOSTILE {
        let url = build(Url::builder("https").host("h").query_pair(raw, raw));
        // The form parser reads back what was given (it skips "" names with
        // "" values only when the pair is empty, and "=" is never empty).
        assert_eq!(
            url.search_params().get(raw),
            Some(raw),
            "{raw:?} in {}",
            url.href()
        );
        assert_eq!(url.fragment(), None, "{raw:?}");
    }
}

#[test]
fn builder_fragments() {
    for &raw in HOSTILE {
        let url = build(Url::builder("https").host("h").fragment(raw));
        assert_eq!(
            decode(url.fragment().unwrap()),
            raw,
            "{raw:?} in {}",
            url.href()
        );
    }
    assert_eq!(
        build(Url::builder("https").host("h").fragment("")).href(),
        "https://h/#"
    );
    assert_eq!(
        build(Url::builder("https").host("h").fragment("a#b")).hash(),
        "#a#b"
    );
}

#[test]
fn builder_hostile_credentials_round_trip() {
    for &raw in HOSTILE {
        let url = build(Url::builder("foo").username(raw).password(raw).host("h"));
        assert_eq!(decode(url.username()), raw, "{raw:?} in {}", url.href());
        assert_eq!(decode(url.password()), raw, "{raw:?} in {}", url.href());
        assert_eq!(url.hostname(), "h");
    }
}

#[test]
fn builder_scheme_is_checked() {
    for scheme in [
        "",
        "1http",
        "ht tp",
        "http:",
        "a/b",
        "é",
        "-x",
        "javascript:alert(1)//",
    ] {
        assert_eq!(
            Url::builder(scheme).host("h").build(),
            Err(EditError::InvalidScheme),
            "{scheme:?}"
        );
    }
    assert_eq!(
        build(Url::builder("Web+Demo.v-1").host("h")).scheme(),
        "web+demo.v-1"
    );
}

#[test]
fn builder_is_reusable() {
    let base = Url::builder("https").host("example.com");
    let a = build(base.clone().path_segment("a"));
    let b = build(base.path_segment("b"));
    assert_eq!((a.pathname(), b.pathname()), ("/a", "/b"));
}

// ----- Path segments. -----

#[test]
fn join_trap_and_the_editor() {
    let base = url("https://x/a/b");
    assert_eq!(base.join("c").unwrap().href(), "https://x/a/c");
    let mut edited = base.clone();
    edited.path_segments_mut().unwrap().push("c").unwrap();
    assert_eq!(edited.href(), "https://x/a/b/c");
    // A user-supplied "segment" given to join can go anywhere.
    assert_eq!(
        base.join("//evil.example/").unwrap().href(),
        "https://evil.example/"
    );
    let mut edited = base.clone();
    edited
        .path_segments_mut()
        .unwrap()
        .push("//evil.example/")
        .unwrap();
    assert_eq!(edited.href(), "https://x/a/b/%2F%2Fevil.example%2F");
    canonical(&edited);
}

#[test]
fn push_keeps_query_and_fragment() {
    let mut u = url("https://user:pw@example.com:8080/a?q=1#frag");
    u.path_segments_mut().unwrap().push("b c").unwrap();
    assert_eq!(
        u.href(),
        "https://user:pw@example.com:8080/a/b%20c?q=1#frag"
    );
    canonical(&u);
}

#[test]
fn push_after_trailing_slash() {
    let mut u = url("https://x/a/");
    u.path_segments_mut().unwrap().push("b").unwrap();
    assert_eq!(u.href(), "https://x/a//b");
    let mut u = url("https://x/a/");
    u.path_segments_mut()
        .unwrap()
        .pop_if_empty()
        .push("b")
        .unwrap();
    assert_eq!(u.href(), "https://x/a/b");
    let mut u = url("https://x/");
    u.path_segments_mut()
        .unwrap()
        .pop_if_empty()
        .push("b")
        .unwrap();
    assert_eq!(u.href(), "https://x/b");
}

#[test]
fn push_hostile_segments() {
    for &raw in HOSTILE {
        for base in [
            "https://h/a",
            "foo://h/a",
            "foo:/a",
            "file:///a",
            "file:///C:/a",
        ] {
            let mut u = url(base);
            u.path_segments_mut().unwrap().push(raw).unwrap();
            canonical(&u);
            let segments: Vec<&str> = u.path_segments().unwrap().collect();
            let before = url(base).path_segments().unwrap().count();
            assert_eq!(
                segments.len(),
                before + 1,
                "{raw:?} on {base}: {}",
                u.href()
            );
            assert_eq!(
                decode(segments[before]),
                raw,
                "{raw:?} on {base}: {}",
                u.href()
            );
        }
    }
}

#[test]
fn dot_segments_are_refused() {
    let mut u = url("https://x/a/b");
    {
        let mut path = u.path_segments_mut().unwrap();
        assert_eq!(path.push(".").unwrap_err(), EditError::DotSegment);
        assert_eq!(path.push("..").unwrap_err(), EditError::DotSegment);
        // extend is all or nothing.
        assert_eq!(
            path.extend(["c", "..", "d"]).unwrap_err(),
            EditError::DotSegment
        );
        path.push("e").unwrap();
        path.finish().unwrap();
    }
    assert_eq!(u.href(), "https://x/a/b/e");
    // This is why encoding them is no way out: the parser reads %2E as ".".
    assert_eq!(url("https://x/a/b/%2E%2E/c").href(), "https://x/a/c");
    let mut u = url("https://x/a");
    u.path_segments_mut()
        .unwrap()
        .extend(["%2E%2E", ".%2e", "..."])
        .unwrap();
    assert_eq!(u.href(), "https://x/a/%252E%252E/.%252e/...");
}

#[test]
fn pop_and_clear() {
    let mut u = url("https://x/a/b?q");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "https://x/a?q");
    u.path_segments_mut().unwrap().pop().pop().pop();
    assert_eq!(u.href(), "https://x/?q");
    let mut u = url("https://x/a/b");
    u.path_segments_mut().unwrap().clear();
    assert_eq!(u.href(), "https://x/");
    let mut u = url("foo://h/a/b");
    u.path_segments_mut().unwrap().clear();
    assert_eq!(u.href(), "foo://h");
    assert_eq!(u.pathname(), "");
    // Without a host, an empty path would serialize as an opaque one.
    let mut u = url("foo:/a/b?q");
    u.path_segments_mut().unwrap().clear();
    assert_eq!(u.href(), "foo:/?q");
    assert!(!u.has_opaque_path());
    let mut u = url("file:///C:/a");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "file:///C:");
    u.path_segments_mut().unwrap().clear();
    assert_eq!(u.href(), "file:///");
    canonical(&u);
}

#[test]
fn editing_an_empty_path() {
    let mut u = url("foo://h");
    u.path_segments_mut()
        .unwrap()
        .pop_if_empty()
        .push("a")
        .unwrap();
    assert_eq!(u.href(), "foo://h/a");
    let mut u = url("foo://h");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "foo://h");
}

#[test]
fn hostless_paths_starting_with_an_empty_segment() {
    let mut u = url("foo:/");
    u.path_segments_mut().unwrap().push("b").unwrap();
    assert_eq!(u.href(), "foo:/.//b");
    assert_eq!(u.pathname(), "//b");
    canonical(&u);
    u.path_segments_mut().unwrap().clear().push("c").unwrap();
    assert_eq!(u.href(), "foo:/c");
    let mut u = url("foo:/.//x");
    u.path_segments_mut().unwrap().push("y").unwrap();
    assert_eq!(u.href(), "foo:/.//x/y");
}

#[test]
fn opaque_paths_are_refused() {
    for input in [
        "mailto:a@example.com",
        "data:,hello",
        "javascript:alert(1)",
        "foo:",
        "urn:isbn:0",
    ] {
        let mut u = url(input);
        assert_eq!(
            u.path_segments_mut().unwrap_err(),
            EditError::OpaquePath,
            "{input}"
        );
        assert_eq!(u.href(), input);
    }
}

#[test]
fn edits_apply_once_on_finish_or_drop() {
    let mut u = url("https://x/a");
    let mut path = u.path_segments_mut().unwrap();
    path.push("b").unwrap().push("c").unwrap().pop();
    drop(path);
    assert_eq!(u.href(), "https://x/a/b");

    let mut path = u.path_segments_mut().unwrap();
    path.clear();
    path.discard();
    assert_eq!(u.href(), "https://x/a/b");

    let mut path = u.path_segments_mut().unwrap();
    path.extend(["x", "y"]).unwrap();
    path.finish().unwrap();
    assert_eq!(u.href(), "https://x/a/b/x/y");
}

#[test]
fn no_edit_leaves_the_url_untouched() {
    // Segments are kept as written, including lowercase hex.
    let mut u = url("https://x/%7e/a%2fb/");
    u.path_segments_mut().unwrap().finish().unwrap();
    assert_eq!(u.href(), "https://x/%7e/a%2fb/");
    u.path_segments_mut().unwrap().push("c").unwrap();
    assert_eq!(u.href(), "https://x/%7e/a%2fb//c");
}

#[test]
fn edit_error_is_an_error() {
    fn assert_traits<T: Copy + std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<EditError>();
    let e = EditError::from(ParseError::HostMissing);
    assert_eq!(e, EditError::Parse(ParseError::HostMissing));
    assert!(std::error::Error::source(&e).is_some());
    for e in [
        EditError::OpaquePath,
        EditError::DotSegment,
        EditError::InvalidScheme,
        EditError::Unrepresentable,
        e,
    ] {
        assert!(!e.to_string().is_empty());
    }
}

// ----- Query parameters. -----

#[test]
fn append_query_param() {
    let mut u = url("https://x/p#f");
    u.append_query_param("a", "1").unwrap();
    assert_eq!(u.href(), "https://x/p?a=1#f");
    u.append_query_param("a", "2 & 3").unwrap();
    assert_eq!(u.href(), "https://x/p?a=1&a=2+%26+3#f");
    let mut u = url("https://x/p?");
    u.append_query_param("", "").unwrap();
    assert_eq!(u.href(), "https://x/p?=");
    canonical(&u);
}

#[test]
fn replace_query_param_has_set_semantics() {
    let mut u = url("https://x/?a=1&b=2&a=3&c=4");
    u.replace_query_param("a", "new").unwrap();
    assert_eq!(u.href(), "https://x/?a=new&b=2&c=4");
    u.replace_query_param("d", "#").unwrap();
    assert_eq!(u.href(), "https://x/?a=new&b=2&c=4&d=%23");
    let mut u = url("https://x/");
    u.replace_query_param("q", "").unwrap();
    assert_eq!(u.href(), "https://x/?q=");
}

#[test]
fn remove_query_param_counts_and_removes_the_query() {
    let mut u = url("https://x/p?a=1&b=2&a=3#f");
    assert_eq!(u.remove_query_param("a").unwrap(), 2);
    assert_eq!(u.href(), "https://x/p?b=2#f");
    assert_eq!(u.remove_query_param("b").unwrap(), 1);
    assert_eq!(u.href(), "https://x/p#f");
    assert_eq!(u.query(), None);
    canonical(&u);
}

#[test]
fn removing_nothing_changes_nothing() {
    for input in [
        "https://x/?a=%20&b/c",
        "https://x/?",
        "https://x/?&&",
        "https://x/",
        "mailto:x?Subject=a%20b",
    ] {
        let mut u = url(input);
        assert_eq!(u.remove_query_param("zzz").unwrap(), 0);
        assert_eq!(u.retain_query_params(|_, _| true).unwrap(), 0);
        assert_eq!(u.href(), input);
    }
}

#[test]
fn removal_serializes_the_rest_again() {
    // As searchParams.delete does: the remaining pairs are written as form data.
    let mut u = url("https://x/?q=a/b%20c&x=1&flag");
    u.remove_query_param("x").unwrap();
    assert_eq!(u.href(), "https://x/?q=a%2Fb+c&flag=");
}

#[test]
fn names_are_compared_decoded() {
    let mut u = url("https://x/?utm%5Fsource=a&a+b=1&id=2");
    assert_eq!(u.remove_query_param("utm_source").unwrap(), 1);
    assert_eq!(u.remove_query_param("a b").unwrap(), 1);
    assert_eq!(u.href(), "https://x/?id=2");
}

#[test]
fn a_leading_question_mark_is_part_of_the_first_name() {
    // The URL's query object parses the query as it is; only the
    // URLSearchParams constructor strips a leading "?".
    let mut u = url("https://x/??a=1&b=2");
    assert_eq!(u.remove_query_param("b").unwrap(), 1);
    assert_eq!(u.href(), "https://x/?%3Fa=1");
    let mut u = url("https://x/??a=1");
    assert_eq!(u.remove_query_param("?a").unwrap(), 1);
    assert_eq!(u.href(), "https://x/");
}

#[test]
fn retain_query_params_sees_names_and_values() {
    let mut u = url("https://x/?utm_source=a&keep=1&utm_medium=b&drop=0&keep=2");
    let removed = u
        .retain_query_params(|name, value| !name.starts_with("utm_") && value != "0")
        .unwrap();
    assert_eq!(removed, 3);
    assert_eq!(u.href(), "https://x/?keep=1&keep=2");
    assert_eq!(u.retain_query_params(|_, _| false).unwrap(), 2);
    assert_eq!(u.href(), "https://x/");
}

#[test]
fn query_edits_on_other_kinds_of_urls() {
    let mut u = url("mailto:a@example.com?subject=hi&cc=b@example.com");
    u.remove_query_param("cc").unwrap();
    assert_eq!(u.href(), "mailto:a@example.com?subject=hi");
    u.replace_query_param("subject", "a'b").unwrap();
    assert_eq!(u.href(), "mailto:a@example.com?subject=a%27b");
    canonical(&u);
    // An opaque path ending in a space keeps it encoded when the query goes.
    let mut u = url("sc:a ?x=1");
    u.remove_query_param("x").unwrap();
    assert_eq!(u.href(), "sc:a%20");
    canonical(&u);
    let mut u = url("foo://h?a=1");
    u.append_query_param("b", "2").unwrap();
    assert_eq!(u.href(), "foo://h?a=1&b=2");
}

/// Raw segments from a small deterministic generator: every segment that
/// is not "." or ".." can be pushed, reads back decoded, and keeps the URL
/// canonical.
#[test]
fn generated_segments_round_trip() {
    const PIECES: &[&str] = &[
        ".", "..", "/", "\\", "?", "#", "%", "%2e", "%2E", "2e", "a", "Z", " ", ":", "|", "@", "&",
        "=", "+", "é", "💩", "\t", "\u{7f}", "~", "-", "_", "'", "\"", "<", ">", "`", "{", "}",
        "[", "]", "^",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |bound: usize| {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let bases = [
        "https://h/p",
        "foo://h/p",
        "foo:/p",
        "file:///p",
        "ws://h/",
        "foo://h",
    ];
    for round in 0..2000 {
        let len = next(4);
        let raw: String = (0..len).map(|_| PIECES[next(PIECES.len())]).collect();
        let base = bases[round % bases.len()];
        let mut u = url(base);
        let result = u.path_segments_mut().unwrap().push(&raw).map(|_| ());
        if raw == "." || raw == ".." {
            assert_eq!(result, Err(EditError::DotSegment));
            assert_eq!(u.href(), base);
            continue;
        }
        result.unwrap();
        canonical(&u);
        let last = u.path_segments().unwrap().next_back().unwrap();
        assert_eq!(decode(last), raw, "{raw:?} on {base}: {}", u.href());

        let built = Url::builder("https")
            .host("h")
            .path_segment(&raw)
            .query_pair(&raw, &raw)
            .fragment(&raw)
            .build();
        let built = built.unwrap_or_else(|e| panic!("{raw:?}: {e}"));
        canonical(&built);
        assert_eq!(
            built.path_segments().unwrap().count(),
            1,
            "{raw:?}: {}",
            built.href()
        );
        assert_eq!(decode(built.pathname().trim_start_matches('/')), raw);
        assert_eq!(built.search_params().get(&raw), Some(raw.as_str()));
        assert_eq!(decode(built.fragment().unwrap()), raw);
    }
}

/// `UrlParts` on every URL of the WPT data: the borrowed and the owned
/// components serialize to the href, and `to_url` gives the same URL back.
#[test]
fn parts_serialize_back_to_every_wpt_url() {
    let urls = weburl_test_support::harness::wpt_urls();
    assert!(urls.len() > 500, "only {} WPT URLs", urls.len());
    for url in &urls {
        let parts = url.parts();
        assert_eq!(parts.serialize().as_deref(), Ok(url.href()), "{url:?}");
        let owned = parts.into_owned();
        assert_eq!(owned.serialize().as_deref(), Ok(url.href()), "{url:?}");
        assert_eq!(owned.to_url().as_ref(), Ok(url), "{url:?}");
    }
}

/// `to_url` refuses components that the parser would change, and the
/// serializer writes "/." before a host-less path that starts with "//".
#[test]
fn parts_to_url_accepts_only_canonical_components() {
    let mut parts = url("https://example.com/a").parts().into_owned();
    parts.host = Some("EXAMPLE.com".to_owned());
    assert_eq!(parts.to_url(), Err(EditError::Unrepresentable));
    parts.host = Some("example.com".to_owned());
    parts.path = "/a/../b".to_owned();
    assert_eq!(parts.to_url(), Err(EditError::Unrepresentable));
    parts.path = "/b".to_owned();
    assert_eq!(
        parts.to_url().map(|u| u.href().to_owned()),
        Ok("https://example.com/b".to_owned())
    );

    let foo = url("foo://h/p");
    let mut parts = foo.parts();
    parts.host = None;
    parts.path = "//p";
    assert_eq!(parts.serialize().as_deref(), Ok("foo:/.//p"));
    assert_eq!(
        parts.to_url().map(|u| u.pathname().to_owned()),
        Ok("//p".to_owned())
    );
}
