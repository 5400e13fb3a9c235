//! compat/url (the `url` crate's API on weburl) against weburl itself, on
//! any input: the same href or the same failure for a parse and a join;
//! no getter, slice or setter panics; every URL a rust-url setter leaves
//! passes weburl's invariant check (offsets consistent, and a parse of the
//! serialization gives it back).
//!
//! The first byte picks the setter tried with the rest of the input as its
//! value; the rest is also parsed and joined.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_compat::{Position, Url};

const BASES: [&str; 4] = [
    "https://u:p@example.com:8080/a/b?q#f",
    "file:///C:/dir/",
    "sc://h/p",
    "mailto:x",
];

const POSITIONS: [Position; 16] = [
    Position::BeforeScheme,
    Position::AfterScheme,
    Position::BeforeUsername,
    Position::AfterUsername,
    Position::BeforePassword,
    Position::AfterPassword,
    Position::BeforeHost,
    Position::AfterHost,
    Position::BeforePort,
    Position::AfterPort,
    Position::BeforePath,
    Position::AfterPath,
    Position::BeforeQuery,
    Position::AfterQuery,
    Position::BeforeFragment,
    Position::AfterFragment,
];

/// Every getter and slice of `url`, checked against each other.
fn read(url: &Url) {
    let inner = url.as_weburl();
    assert_eq!(url.as_str(), inner.href());
    assert_eq!(url.host().map(|h| h.to_string()).as_deref(), url.host_str());
    // An opaque path has no segments (nor has the empty path of `sc://h`).
    assert!(!url.cannot_be_a_base() || url.path_segments().is_none());
    for a in POSITIONS {
        for b in POSITIONS {
            let _ = &url[a..b];
        }
        let _ = (&url[a..], &url[..a]);
    }
    let _ = (
        url.origin().ascii_serialization(),
        url.authority(),
        url.domain(),
        url.port_or_known_default(),
    );
    let _ = (
        url.username(),
        url.password(),
        url.query(),
        url.fragment(),
        format!("{url:?}"),
    );
    assert_eq!(
        url.query_pairs().count(),
        weburl::form_urlencoded::parse(url.query().unwrap_or("").as_bytes()).count()
    );
}

fn check(url: &Url, what: &str) {
    if let Err(e) = url.check_invariants() {
        panic!("{what}: {:?} fails the invariants: {e}", url.as_str());
    }
    read(url);
}

fuzz_target!(|data: &[u8]| {
    let Some((&op, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(rest) else {
        return;
    };

    let ours = Url::parse(input);
    let theirs = weburl::Url::parse(input);
    assert_eq!(
        ours.as_ref().map(Url::as_str).ok(),
        theirs.as_ref().map(weburl::Url::href).ok(),
        "parse {input:?}"
    );
    if let Ok(url) = &ours {
        read(url);
    }
    for base in BASES {
        let (ours_base, their_base) =
            (Url::parse(base).unwrap(), weburl::Url::parse(base).unwrap());
        let ours = ours_base.join(input);
        let theirs = their_base.join(input);
        assert_eq!(
            ours.as_ref().map(Url::as_str).ok(),
            theirs.as_ref().map(weburl::Url::href).ok(),
            "join {input:?} to {base}"
        );

        let mut url = ours_base.clone();
        let what = format!("setter {} with {input:?} on {base}", op % 12);
        match op % 12 {
            0 => drop(url.set_host(Some(input))),
            1 => url.set_path(input),
            2 => url.set_query(Some(input)),
            3 => url.set_fragment(Some(input)),
            4 => drop(url.set_username(input)),
            5 => drop(url.set_password(Some(input))),
            6 => drop(url.set_scheme(input)),
            7 => drop(url.set_port(input.parse().ok())),
            8 => {
                if let Ok(mut segments) = url.path_segments_mut() {
                    segments.pop_if_empty().push(input).pop().push(input);
                }
            }
            9 => drop(url.query_pairs_mut().append_pair(input, input)),
            10 => drop(url.set_host(None)),
            _ => {
                if let Ok(other) = &ours {
                    if let Some(relative) = url.make_relative(other) {
                        drop(url.join(&relative));
                    }
                }
            }
        }
        check(&url, &what);
    }
});
