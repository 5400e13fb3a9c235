//! Tests for `weburl_sites::normalize`: each step, each profile, and a property
//! test over the WPT URL inputs and generated variants of them.
//!
//! The property: for every normalizer, the output's href parses back to the
//! same URL (it is canonical), and normalizing it again changes nothing.

use weburl_test_support::harness as common;

use weburl::{Url, UrlSearchParams};
use weburl_sites::normalize::{Normalizer, ParamPattern, TRACKING_PARAMS};

fn url(input: &str) -> Url {
    Url::parse(input).unwrap_or_else(|e| panic!("{input:?} does not parse: {e}"))
}

/// Normalizes, checks the result is canonical and a fixed point, and
/// returns its href.
fn run(normalizer: &Normalizer, input: &str) -> String {
    let out = normalizer.normalize(&url(input));
    check(normalizer, &out, input);
    out.href().to_owned()
}

fn check(normalizer: &Normalizer, out: &Url, input: &str) {
    let reparsed = Url::parse(out.href())
        .unwrap_or_else(|e| panic!("{input:?} gave {:?}, which does not parse: {e}", out.href()));
    assert_eq!(reparsed.href(), out.href(), "{input:?}: not canonical");
    if let Err(e) = out.check_invariants() {
        panic!("{input:?} gave {:?}: {e}", out.href());
    }
    let twice = normalizer.normalize(out);
    assert_eq!(
        twice.href(),
        out.href(),
        "{input:?}: not idempotent with {normalizer:?}"
    );
}

/// Every single-step normalizer, the profiles, and all steps at once.
fn normalizers() -> Vec<(&'static str, Normalizer)> {
    let n = Normalizer::new;
    vec![
        ("new", n()),
        ("form_encode_query", n().form_encode_query(true)),
        ("uppercase_percent_hex", n().uppercase_percent_hex(true)),
        ("decode_unreserved", n().decode_unreserved(true)),
        ("lowercase_opaque_host", n().lowercase_opaque_host(true)),
        ("remove_params", n().remove_params(TRACKING_PARAMS)),
        ("sort_query", n().sort_query(true)),
        ("drop_empty_query", n().drop_empty_query(true)),
        ("drop_fragment", n().drop_fragment(true)),
        ("remove_index_html", n().remove_index_html(true)),
        ("remove_trailing_slash", n().remove_trailing_slash(true)),
        (
            "index_and_slash",
            n().remove_index_html(true).remove_trailing_slash(true),
        ),
        (
            "decode_without_uppercase",
            n().decode_unreserved(true).lowercase_opaque_host(true),
        ),
        ("safe", Normalizer::safe()),
        ("crawler", Normalizer::crawler()),
        ("aggressive", Normalizer::aggressive()),
    ]
}

// ----- Profiles. -----

#[test]
fn new_changes_nothing() {
    let input = "foo://Host/%7e/%2e%2e%2e/index.html/?b=%41&a#%7e";
    assert_eq!(run(&Normalizer::new(), input), input);
    assert_eq!(Normalizer::new(), Normalizer::default());
}

#[test]
fn safe_profile() {
    let safe = Normalizer::safe();
    assert_eq!(
        run(
            &safe,
            "https://us%65r:p%61ss@example.com/%7ea/%2fb/index.html/?z=%2d&a=%3c#%5f%2f"
        ),
        "https://user:pass@example.com/~a/%2Fb/index.html/?z=-&a=%3C#_%2F"
    );
    // Keeps what RFC 3986 does not prove equivalent.
    for input in [
        "https://example.com/a/?",
        "https://example.com/a/#",
        "https://example.com/?b=1&a=2",
        "https://example.com/?utm_source=x",
        "https://example.com/a%20b?q=a+b#%20",
    ] {
        assert_eq!(run(&safe, input), input);
    }
}

#[test]
fn crawler_profile() {
    let crawler = Normalizer::crawler();
    assert_eq!(
        run(
            &crawler,
            "https://Example.com/%7euser/?utm_source=a&utm_medium=b&q=1&fbclid=c&gclid=d&a=%7e#top"
        ),
        "https://example.com/~user/?a=~&q=1"
    );
    assert_eq!(
        run(&crawler, "https://example.com/?utm_source=a#x"),
        "https://example.com/"
    );
    assert_eq!(
        run(&crawler, "https://example.com/?#x"),
        "https://example.com/"
    );
    // Not semantics-changing path rewrites.
    assert_eq!(
        run(&crawler, "https://example.com/dir/index.html"),
        "https://example.com/dir/index.html"
    );
    assert_eq!(
        run(&crawler, "https://example.com/dir/"),
        "https://example.com/dir/"
    );
    // Pairs keep their spelling.
    assert_eq!(
        run(&crawler, "https://example.com/?b=a%20b&a=x+y"),
        "https://example.com/?a=x+y&b=a%20b"
    );
}

#[test]
fn aggressive_profile() {
    let aggressive = Normalizer::aggressive();
    assert_eq!(
        run(
            &aggressive,
            "https://example.com/docs/index.html/?q=a%20b&utm_term=x&b#frag"
        ),
        "https://example.com/docs?b=&q=a+b"
    );
    assert_eq!(
        run(&aggressive, "https://example.com/index.html"),
        "https://example.com/"
    );
    assert_eq!(
        run(&aggressive, "https://example.com/?&&"),
        "https://example.com/"
    );
}

#[test]
fn profiles_build_on_each_other() {
    let crawler_but_safe = Normalizer::crawler()
        .keep_all_params()
        .sort_query(false)
        .drop_empty_query(false)
        .drop_fragment(false);
    assert_eq!(crawler_but_safe, Normalizer::safe());
    let aggressive_but_crawler = Normalizer::aggressive()
        .form_encode_query(false)
        .remove_index_html(false)
        .remove_trailing_slash(false);
    assert_eq!(aggressive_but_crawler, Normalizer::crawler());
}

#[test]
fn normalize_str() {
    let out = Normalizer::crawler()
        .normalize_str("HTTP://EXAMPLE.com:80/a?b&a#f")
        .unwrap();
    assert_eq!(out.href(), "http://example.com/a?a&b");
    assert!(Normalizer::crawler().normalize_str("not a url").is_err());
}

#[test]
fn the_input_is_not_changed() {
    let input = url("https://example.com/?b&a#f");
    let _ = Normalizer::aggressive().normalize(&input);
    assert_eq!(input.href(), "https://example.com/?b&a#f");
}

// ----- Steps. -----

#[test]
fn uppercase_percent_hex_everywhere() {
    let n = Normalizer::new().uppercase_percent_hex(true);
    assert_eq!(
        run(&n, "foo://%c3%a9:%ff@h%2fo%2Fst/%2fa%ab?%3d%3D#%7e%zz%"),
        "foo://%C3%A9:%FF@h%2Fo%2Fst/%2Fa%AB?%3D%3D#%7E%zz%"
    );
    assert_eq!(run(&n, "mailto:%7e%2c"), "mailto:%7E%2C");
    // Only the hex digits of a percent-encoding change.
    assert_eq!(
        run(&n, "https://example.com/abc%2fdef?x=%zz%f"),
        "https://example.com/abc%2Fdef?x=%zz%f"
    );
}

#[test]
fn decode_unreserved_decodes_only_unreserved() {
    let n = Normalizer::new().decode_unreserved(true);
    let unreserved: String = (0u8..=127)
        .filter(|b| b.is_ascii_alphanumeric() || b"-._~".contains(b))
        .map(|b| format!("%{b:02X}"))
        .collect();
    let expected = "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~";
    for (prefix, suffix) in [("https://h/", ""), ("https://h/?", ""), ("https://h/#", "")] {
        let out = run(&n, &format!("{prefix}{unreserved}{suffix}"));
        assert_eq!(out, format!("{prefix}{expected}{suffix}"));
    }
    // Reserved and other characters stay encoded, in any case.
    let kept = "%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%20%2f%C3%A9%7F%00";
    for prefix in ["https://h/", "https://h/?", "https://h/#", "foo:"] {
        let input = format!("{prefix}{kept}");
        assert_eq!(run(&n, &input), input);
    }
}

#[test]
fn decode_unreserved_in_userinfo_host_and_opaque_path() {
    let n = Normalizer::new().decode_unreserved(true);
    assert_eq!(run(&n, "https://%75ser:%70%2F@h/"), "https://user:p%2F@h/");
    assert_eq!(run(&n, "foo://%41%2e%62/"), "foo://A.b/");
    assert_eq!(run(&n, "mailto:%61%40b"), "mailto:a%40b");
    assert_eq!(run(&n, "foo:%2E"), "foo:.");
    assert_eq!(run(&n, "foo:%2F%2e"), "foo:%2F.");
}

#[test]
fn decode_unreserved_never_makes_dot_segments() {
    let n = Normalizer::new().decode_unreserved(true);
    // The parser already removed every segment that reads as a dot
    // segment; segments that merely contain %2E decode.
    assert_eq!(
        run(&n, "https://h/a%2Eb/%2E%2E%2E/.%2E%2E/%2Ex"),
        "https://h/a.b/.../.../.x"
    );
    assert_eq!(url("https://h/a/%2E%2E/b").href(), "https://h/b");
    assert_eq!(run(&n, "foo:/%2e%2e%2e"), "foo:/...");
}

#[test]
fn decode_unreserved_never_makes_drive_letters() {
    let n = Normalizer::new().decode_unreserved(true);
    for input in [
        "file:///%43:/x",
        "file:///%63|/x",
        "file:///a/%43:",
        "file://host/%5A:",
    ] {
        assert_eq!(run(&n, input), input);
    }
    // Only the drive letter stays encoded.
    assert_eq!(run(&n, "file:///%43:/%41"), "file:///%43:/A");
    assert_eq!(run(&n, "file:///%43%3A/x"), "file:///C%3A/x");
    // Outside file: URLs "C:" is an ordinary segment.
    assert_eq!(run(&n, "https://h/%43:/x"), "https://h/C:/x");
    // And why: joins cannot climb over a drive letter.
    assert_eq!(url("file:///C:/").join("..").unwrap().href(), "file:///C:/");
    assert_eq!(url("file:///%43:/").join("..").unwrap().href(), "file:///");
}

#[test]
fn decode_unreserved_keeps_form_meaning_of_queries() {
    let n = Normalizer::new().decode_unreserved(true);
    let input = "https://h/?a%3Db=%26%2B%20";
    assert_eq!(run(&n, input), input);
    let before = url("https://h/?%61=%7e&b=%2D");
    let after = n.normalize(&before);
    assert_eq!(after.href(), "https://h/?a=~&b=-");
    let pairs = |u: &Url| UrlSearchParams::parse(u.query().unwrap()).to_string();
    assert_eq!(pairs(&before), pairs(&after));
}

#[test]
fn lowercase_opaque_host_only() {
    let n = Normalizer::new().lowercase_opaque_host(true);
    assert_eq!(
        run(&n, "foo://User:PW@HOST.Example%2f/P?Q#F"),
        "foo://User:PW@host.example%2f/P?Q#F"
    );
    // Special hosts are already lowercase, IPv6 too.
    assert_eq!(url("HTTPS://EXAMPLE.COM/").href(), "https://example.com/");
    assert_eq!(url("foo://[::ABCD]/").hostname(), "[::abcd]");
    assert_eq!(run(&n, "foo://[::ABCD]/"), "foo://[::abcd]/");
    assert_eq!(run(&n, "foo:/P"), "foo:/P");
}

#[test]
fn remove_params_by_exact_name_and_prefix() {
    let n = Normalizer::new().remove_params(["sid", "utm_*"]);
    assert_eq!(
        run(
            &n,
            "https://h/?sid=1&sids=2&utm_=3&utm_source=4&UTM_SOURCE=5&xutm_a=6&sid"
        ),
        "https://h/?sids=2&UTM_SOURCE=5&xutm_a=6"
    );
    // Names are compared decoded; the kept pairs keep their bytes and order.
    assert_eq!(
        run(&n, "https://h/?z=%7e&utm%5Fx=1&si%64=2&a=b+c"),
        "https://h/?z=%7e&a=b+c"
    );
    // Removing everything removes the query; removing nothing keeps it as it is.
    assert_eq!(run(&n, "https://h/p?sid=1&utm_a=2#f"), "https://h/p#f");
    assert_eq!(run(&n, "https://h/p?&&#f"), "https://h/p?&&#f");
    assert_eq!(run(&n, "https://h/p?#f"), "https://h/p?#f");
}

#[test]
fn tracking_params() {
    let n = Normalizer::new().remove_params(TRACKING_PARAMS);
    let query: Vec<String> = TRACKING_PARAMS
        .iter()
        .map(|p| format!("{}=1", p.replace('*', "campaign")))
        .collect();
    let input = format!("https://h/?keep=1&{}&keep=2", query.join("&"));
    assert_eq!(run(&n, &input), "https://h/?keep=1&keep=2");
    for name in [
        "fbclid",
        "gclid",
        "mc_eid",
        "msclkid",
        "utm_source",
        "utm_medium",
        "utm_campaign",
    ] {
        assert!(
            TRACKING_PARAMS
                .iter()
                .any(|p| ParamPattern::from(*p).matches(name)),
            "{name}"
        );
    }
    for name in ["id", "q", "page", "ref", "utm"] {
        assert!(
            !TRACKING_PARAMS
                .iter()
                .any(|p| ParamPattern::from(*p).matches(name)),
            "{name}"
        );
    }
}

#[test]
fn param_patterns() {
    assert_eq!(ParamPattern::from("a*"), ParamPattern::Prefix("a".into()));
    assert_eq!(
        ParamPattern::from(String::from("a")),
        ParamPattern::Exact("a".into())
    );
    assert_eq!(ParamPattern::from("*"), ParamPattern::Prefix(String::new()));
    assert!(ParamPattern::from("*").matches(""));
    assert!(ParamPattern::from("").matches(""));
    assert!(!ParamPattern::from("").matches("a"));
    let all = Normalizer::new().remove_params(["*"]);
    assert_eq!(run(&all, "https://h/?a=1&b=2#f"), "https://h/#f");
}

#[test]
fn sort_query_is_stable_and_keeps_spelling() {
    let n = Normalizer::new().sort_query(true);
    assert_eq!(
        run(&n, "https://h/?c=1&a=2&b=3&a=1#f"),
        "https://h/?a=2&a=1&b=3&c=1#f"
    );
    assert_eq!(
        run(&n, "https://h/?b=%20&&a+b=%7e&"),
        "https://h/?a+b=%7e&b=%20"
    );
    assert_eq!(run(&n, "https://h/?"), "https://h/?");
    assert_eq!(run(&n, "https://h/?&"), "https://h/?&");
    assert_eq!(run(&n, "https://h/?a&b"), "https://h/?a&b");
    // A leading "?" is part of the first name.
    assert_eq!(run(&n, "https://h/??b&a"), "https://h/??b&a");
    assert_eq!(run(&n, "https://h/??b&%21"), "https://h/?%21&?b");
}

#[test]
fn sort_query_uses_the_order_of_url_search_params() {
    let n = Normalizer::new().sort_query(true);
    // U+1F308 (UTF-16 D83C DF08) sorts before U+FB03 (FB03), unlike in UTF-8.
    let input = "https://h/?%EF%AC%83=1&%F0%9F%8C%88=2&z=3&%C3%A9=4&Z=5&a=6&a=0";
    let out = url(&run(&n, input));
    let mut expected = UrlSearchParams::parse(url(input).query().unwrap());
    expected.sort();
    let got = UrlSearchParams::parse(out.query().unwrap());
    assert_eq!(got, expected);
    let names: Vec<&str> = got.pairs().map(|(name, _)| name).collect();
    assert_eq!(names, ["Z", "a", "a", "z", "é", "🌈", "ﬃ"]);
}

#[test]
fn drop_empty_query() {
    let n = Normalizer::new().drop_empty_query(true);
    assert_eq!(run(&n, "https://h/p?"), "https://h/p");
    assert_eq!(run(&n, "https://h/p?#f"), "https://h/p#f");
    assert_eq!(run(&n, "https://h/p?&"), "https://h/p?&");
    assert_eq!(run(&n, "https://h/p?a"), "https://h/p?a");
    assert_eq!(run(&n, "mailto:x?"), "mailto:x");
    // An opaque path's trailing space stays encoded.
    assert_eq!(run(&n, "sc:a ?"), "sc:a%20");
}

#[test]
fn drop_fragment() {
    let n = Normalizer::new().drop_fragment(true);
    assert_eq!(run(&n, "https://h/p?q#f"), "https://h/p?q");
    assert_eq!(run(&n, "https://h/p#"), "https://h/p");
    assert_eq!(run(&n, "https://h/p"), "https://h/p");
    assert_eq!(run(&n, "sc:a #f"), "sc:a%20");
    assert_eq!(run(&n, "foo:/.//x#f"), "foo:/.//x");
}

#[test]
fn remove_index_html() {
    let n = Normalizer::new().remove_index_html(true);
    assert_eq!(run(&n, "https://h/index.html"), "https://h/");
    assert_eq!(run(&n, "https://h/a/index.html?q#f"), "https://h/a/?q#f");
    assert_eq!(run(&n, "https://h/index.html/"), "https://h/index.html/");
    assert_eq!(run(&n, "https://h/a/INDEX.HTML"), "https://h/a/INDEX.HTML");
    assert_eq!(run(&n, "https://h/a/index.htm"), "https://h/a/index.htm");
    assert_eq!(run(&n, "foo:index.html"), "foo:index.html");
}

#[test]
fn remove_trailing_slash() {
    let n = Normalizer::new().remove_trailing_slash(true);
    assert_eq!(run(&n, "https://h/"), "https://h/");
    assert_eq!(run(&n, "https://h/a/"), "https://h/a");
    assert_eq!(run(&n, "https://h/a///?q#f"), "https://h/a?q#f");
    assert_eq!(run(&n, "https://h//"), "https://h/");
    assert_eq!(run(&n, "foo://h"), "foo://h");
    assert_eq!(run(&n, "foo://h/"), "foo://h/");
    assert_eq!(run(&n, "foo:/a/"), "foo:/a");
    assert_eq!(run(&n, "foo:/.//"), "foo:/");
    assert_eq!(run(&n, "foo:/.//a/"), "foo:/.//a");
    assert_eq!(run(&n, "file:///C:/"), "file:///C:");
    assert_eq!(run(&n, "mailto:a/"), "mailto:a/");
}

#[test]
fn index_and_trailing_slash_together_reach_a_fixed_point() {
    let n = Normalizer::new()
        .remove_index_html(true)
        .remove_trailing_slash(true);
    assert_eq!(run(&n, "https://h/a/index.html/"), "https://h/a");
    assert_eq!(run(&n, "https://h/index.html/index.html/"), "https://h/");
    assert_eq!(run(&n, "https://h/a/index.html//"), "https://h/a");
}

#[test]
fn form_encode_query() {
    let n = Normalizer::new().form_encode_query(true);
    assert_eq!(
        run(&n, "https://h/?a=%20&b=+&c&&d=%7e~"),
        "https://h/?a=+&b=+&c=&d=%7E%7E"
    );
    assert_eq!(run(&n, "https://h/?"), "https://h/");
    assert_eq!(run(&n, "https://h/?&&#f"), "https://h/#f");
    assert_eq!(run(&n, "https://h/?1/2"), "https://h/?1%2F2=");
    // With decoding after it, "~" ends up decoded, and stays so.
    let both = n.decode_unreserved(true);
    assert_eq!(run(&both, "https://h/?d=%7e~"), "https://h/?d=~~");
}

#[test]
fn step_order_does_not_depend_on_call_order() {
    let a = Normalizer::new()
        .drop_fragment(true)
        .sort_query(true)
        .decode_unreserved(true);
    let b = Normalizer::new()
        .decode_unreserved(true)
        .sort_query(true)
        .drop_fragment(true);
    assert_eq!(a, b);
}

// ----- Property test over WPT inputs and generated variants. -----

/// A small deterministic generator (xorshift64), so failures reproduce.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn string(&mut self, pieces: &[&str], max: usize) -> String {
        let len = self.below(max + 1);
        (0..len).map(|_| self.pick(pieces)).collect()
    }
}

const PATH_PIECES: &[&str] = &[
    "/",
    "/",
    "a",
    "B",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2E",
    "%41",
    "%7e",
    "%7E",
    "%2f",
    "%2F",
    "%c3%a9",
    "%",
    "%zz",
    "~",
    "-",
    "_",
    "index.html",
    "C:",
    "c|",
    "%43",
    "%3A",
    ":",
    "é",
    " ",
    "\\",
];
const QUERY_PIECES: &[&str] = &[
    "&",
    "&",
    "=",
    "a",
    "b",
    "Z",
    "utm_source",
    "utm_x",
    "fbclid",
    "gclid",
    "%75tm_id",
    "%41",
    "%7e",
    "%2d",
    "%2B",
    "+",
    "%20",
    " ",
    "%26",
    "%3d",
    "%",
    "é",
    "🌈",
    "ﬃ",
    "?",
    "'",
    "/",
    "%2f",
];
const FRAGMENT_PIECES: &[&str] = &["", "a", "%7e", "%2F", "%41", "#", " ", "%", "x/y", "é"];

/// Variants of `url`: random path, query and fragment tails appended to its
/// href, and random references joined against it.
fn variants(url: &Url, rng: &mut Xorshift) -> Vec<Url> {
    let mut out = Vec::new();
    for _ in 0..4 {
        let mut s = url.without_fragment().to_owned();
        if !url.has_opaque_path() && url.query().is_none() {
            s.push_str(&rng.string(PATH_PIECES, 6));
        }
        if rng.below(4) > 0 {
            s.push('?');
            s.push_str(&rng.string(QUERY_PIECES, 10));
        }
        if rng.below(2) > 0 {
            s.push('#');
            s.push_str(&rng.string(FRAGMENT_PIECES, 3));
        }
        if let Ok(variant) = Url::parse(&s) {
            out.push(variant);
        }
        let reference = format!(
            "{}?{}",
            rng.string(PATH_PIECES, 5),
            rng.string(QUERY_PIECES, 6)
        );
        if let Ok(joined) = url.join(&reference) {
            out.push(joined);
        }
    }
    out
}

#[test]
fn every_normalizer_gives_canonical_fixed_points() {
    let wpt = common::wpt_urls();
    assert!(wpt.len() > 500, "only {} WPT URLs parsed", wpt.len());
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut inputs = Vec::new();
    for url in &wpt {
        inputs.push(url.clone());
        inputs.extend(variants(url, &mut rng));
    }
    assert!(inputs.len() > 4 * wpt.len(), "{} inputs", inputs.len());
    let normalizers = normalizers();
    let mut changed = vec![0usize; normalizers.len()];
    for input in &inputs {
        for (i, (_, normalizer)) in normalizers.iter().enumerate() {
            let out = normalizer.normalize(input);
            check(normalizer, &out, input.href());
            if out != *input {
                changed[i] += 1;
            }
        }
    }
    // The generator reaches every step: each one changes some URLs.
    for ((name, _), changed) in normalizers.iter().zip(&changed) {
        if *name != "new" {
            assert!(*changed > 0, "{name} never changed anything");
        } else {
            assert_eq!(*changed, 0);
        }
    }
}

/// The steps that RFC 3986 calls equivalences do not change what the
/// form parser reads from the query, nor the decoded path segments.
#[test]
fn safe_keeps_decoded_components() {
    let decode = |s: &str| weburl::percent_encoding::percent_decode(s.as_bytes()).into_owned();
    let mut rng = Xorshift(0x0123_4567_89AB_CDEF);
    let safe = Normalizer::safe();
    for url in common::wpt_urls() {
        for input in std::iter::once(url.clone()).chain(variants(&url, &mut rng)) {
            let out = safe.normalize(&input);
            let pairs = |u: &Url| -> Vec<(String, String)> {
                weburl::form_urlencoded::parse(u.query().unwrap_or("").as_bytes())
                    .map(|(name, value)| (name.into_owned(), value.into_owned()))
                    .collect()
            };
            assert_eq!(pairs(&out), pairs(&input), "{}", input.href());
            assert_eq!(
                decode(out.pathname()),
                decode(input.pathname()),
                "{}",
                input.href()
            );
            assert_eq!(
                out.fragment().map(decode),
                input.fragment().map(decode),
                "{}",
                input.href()
            );
            assert_eq!(
                decode(out.username()),
                decode(input.username()),
                "{}",
                input.href()
            );
            assert_eq!(out.scheme(), input.scheme());
            assert_eq!(out.port(), input.port());
            assert_eq!(
                out.path_segments().map(Iterator::count),
                input.path_segments().map(Iterator::count)
            );
        }
    }
}
