//! The properties the fuzz targets assert, one public function per target.
//!
//! This module depends on `weburl`, `std` and, for `psl` (feature
//! `sites`), the plain reading of the Public Suffix List beside it
//! (`crate::psl_plain`): the fuzz targets call it, and
//! `crates/weburl/tests/fuzz_regressions.rs` (`crates/weburl-sites/tests/psl.rs`
//! for `psl`) replays every file under `fuzz/regressions/<target>/` through
//! the same function.
//!
//! A property that does not hold panics with the input, the URL's
//! `diagram()` and what was expected; under libFuzzer the panic aborts and
//! the input is saved as a crash artifact.

use std::borrow::Cow;
use std::net::Ipv6Addr;

use weburl::percent_encoding::{percent_decode, percent_encode, EncodeSet};
use weburl::{domain_to_unicode, Component, Host, Origin, Url, UrlSearchParams};

/// The bytes as text, as the targets see them: invalid UTF-8 becomes U+FFFD.
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Base URLs for inputs that do not bring their own, chosen by a byte.
pub const SEED_BASES: [&str; 16] = [
    "https://user:pass@example.com:8080/dir/file?query#frag",
    "http://example.com/",
    "http://example.com/a/b/c",
    "file:///C:/dir/file",
    "file://host/share/file",
    "file:///",
    "sc://host/dir/file?q",
    "sc://host",
    "sc:/path/to/file",
    "sc:opaque path?q#f",
    "sc:",
    "mailto:someone@example.com",
    "data:text/plain,x",
    "blob:https://example.com/uuid",
    "ws://[::1]:81/chat",
    "ftp://127.0.0.1/pub/",
];

/// URLs the `setters` target starts from, chosen by the input's first byte.
pub const SEED_URLS: [&str; 24] = [
    "https://user:pass@example.com:8080/dir/file?query#frag",
    "http://example.com/",
    "http://127.0.0.1:81/",
    "http://[2001:db8::1]/a",
    "https://xn--fa-hia.example/",
    "ws://example.com/chat",
    "wss://example.com:443/",
    "ftp://ftp.example.com/pub/",
    "file:///C:/dir/file",
    "file://host/share/file",
    "file:///",
    "sc://host/dir/file?q#f",
    "sc://user@host:99/",
    "sc://host",
    "sc:///path",
    "sc:/path/to/file",
    "sc:/.//double",
    "sc:opaque path?q#f",
    "sc:a #f",
    "sc:",
    "mailto:someone@example.com",
    "javascript:alert(1)",
    "data:text/plain,x",
    "blob:https://example.com/uuid",
];

fn fail(property: &str, input: &dyn std::fmt::Debug, urls: &[&Url], detail: &str) -> ! {
    let mut message = format!("property violated: {property}\ninput: {input:?}\n");
    for url in urls {
        message.push_str(&url.diagram());
        message.push('\n');
    }
    if !detail.is_empty() {
        message.push_str(detail);
    }
    panic!("{message}");
}

/// The differences between the getters of two URLs, one line each.
pub fn getter_differences(a: &Url, b: &Url) -> String {
    let mut out = String::new();
    let (mut scratch_a, mut scratch_b) = (String::new(), String::new());
    for name in Component::SLICES {
        let (x, y) = (name.get(a, &mut scratch_a), name.get(b, &mut scratch_b));
        if x != y {
            out.push_str(&format!("{name}: {x:?} != {y:?}\n"));
        }
    }
    out
}

/// The URL serializer, written from the spec over the getters: what `href`
/// must be. <https://url.spec.whatwg.org/#concept-url-serializer>
fn serialize_from_getters(url: &Url) -> String {
    let mut s = url.protocol().to_owned();
    if url.has_host() {
        s.push_str("//");
        if !url.username().is_empty() || !url.password().is_empty() {
            s.push_str(url.username());
            if !url.password().is_empty() {
                s.push(':');
                s.push_str(url.password());
            }
            s.push('@');
        }
        s.push_str(url.host());
    } else if !url.has_opaque_path() && url.pathname().starts_with("//") {
        s.push_str("/.");
    }
    s.push_str(url.pathname());
    if let Some(query) = url.query() {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        s.push('#');
        s.push_str(fragment);
    }
    s
}

/// The IPv6 serializer, written from the spec.
/// <https://url.spec.whatwg.org/#concept-ipv6-serializer>
pub fn serialize_ipv6(address: Ipv6Addr) -> String {
    let pieces = address.segments();
    // The first longest run of two or more 0 pieces.
    let (mut compress, mut best) = (None, 1);
    let mut i = 0;
    while i < 8 {
        if pieces[i] == 0 {
            let start = i;
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            if i - start > best {
                best = i - start;
                compress = Some(start);
            }
        } else {
            i += 1;
        }
    }
    let mut out = String::new();
    let mut ignore0 = false;
    for (index, piece) in pieces.iter().enumerate() {
        if ignore0 && *piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        out.push_str(&format!("{piece:x}"));
        if index != 7 {
            out.push(':');
        }
    }
    out
}

fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// The href the parser gives for a URL the protocol setter left in a state
/// the parser would not produce; `None` when the href reparses to itself.
///
/// Switching a special URL to "file" only sets the scheme (url.bs, scheme
/// state: with a state override it returns before the file states run), so
/// it keeps a host "localhost" and a first segment like "C|". Parsing the
/// href runs those states: the file host state makes "localhost" the empty
/// host and the path state writes a drive letter's "|" as ":".
pub fn parser_normalization(url: &Url) -> Option<String> {
    if url.scheme() != "file" {
        return None;
    }
    let localhost = url.hostname() == "localhost";
    let path = url.pathname();
    let first = path[1..].split('/').next().unwrap_or_default();
    let piped_drive = matches!(first.as_bytes(), [letter, b'|'] if letter.is_ascii_alphabetic());
    if !localhost && !piped_drive {
        return None;
    }
    let host = if localhost { "" } else { url.hostname() };
    let path = if piped_drive {
        format!("/{}:{}", &first[..1], &path[3..])
    } else {
        path.to_owned()
    };
    Some(format!("file://{host}{path}{}{}", url.search(), url.hash()))
}

/// Everything that must hold for any URL, however it was made.
pub fn check_url(url: &Url, input: &dyn std::fmt::Debug) {
    let normalization = parser_normalization(url);
    if let Some(expected) = &normalization {
        if let Err(e) = weburl::__internal::check_structure(url) {
            fail("check_structure", input, &[url], &e);
        }
        match Url::parse(url.href()) {
            Ok(again) if again.href() == expected => again.check_invariants().unwrap_or_else(|e| {
                fail("check_invariants", input, &[&again], &e);
            }),
            Ok(again) => fail(
                "href reparses as the file states normalize it",
                input,
                &[url, &again],
                &format!("expected: {expected:?}"),
            ),
            Err(e) => fail("href parses", input, &[url], &e.to_string()),
        }
    } else if let Err(e) = url.check_invariants() {
        fail("check_invariants", input, &[url], &e);
    }
    let href = url.href();
    if !href.is_ascii() {
        fail("href is ASCII", input, &[url], "");
    }
    if url.to_string() != href || url.as_str() != href {
        fail("Display and as_str give href", input, &[url], "");
    }
    match Url::parse(href) {
        Ok(_) if normalization.is_some() => {}
        Ok(again) => {
            let differences = getter_differences(url, &again);
            if !differences.is_empty() {
                fail(
                    "href reparses to the same getters",
                    input,
                    &[url, &again],
                    &differences,
                );
            }
        }
        Err(e) => fail("href parses", input, &[url], &e.to_string()),
    }
    if !Url::can_parse(href, None) {
        fail("can_parse(href)", input, &[url], "");
    }
    let rebuilt = serialize_from_getters(url);
    if rebuilt != href {
        fail(
            "the URL serializer over the getters gives href",
            input,
            &[url],
            &format!("serialized: {rebuilt:?}"),
        );
    }

    // The getters' shapes.
    let scheme = url.scheme();
    let scheme_ok = scheme
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b));
    if !scheme_ok || url.protocol() != format!("{scheme}:") {
        fail("the scheme is lowercase ASCII", input, &[url], "");
    }
    let search_ok = url.search().is_empty() || url.search().starts_with('?');
    let hash_ok = url.hash().is_empty() || url.hash().starts_with('#');
    if !search_ok || !hash_ok {
        fail(
            "search and hash start with their delimiter",
            input,
            &[url],
            "",
        );
    }
    let port = url.port();
    if !port.is_empty() {
        let number_ok = port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u16>().is_ok()
            && port.parse::<u16>().map(|p| p.to_string()) == Ok(port.to_owned());
        if !number_ok || default_port(scheme) == Some(port) {
            fail(
                "the port is a canonical non-default number",
                input,
                &[url],
                "",
            );
        }
    }
    if url.is_special() && !url.pathname().starts_with('/') {
        fail("a special URL's path starts with /", input, &[url], "");
    }
    if url.is_special() && (!url.has_host() || url.has_opaque_path()) {
        fail(
            "a special URL has a host and a list path",
            input,
            &[url],
            "",
        );
    }
    if url.has_opaque_path() && url.has_host() {
        fail("an opaque path has no host", input, &[url], "");
    }

    // The typed host and the hostname.
    match (url.has_host(), url.typed_host()) {
        (false, None) => {
            if !url.hostname().is_empty() {
                fail(
                    "a null host serializes as the empty string",
                    input,
                    &[url],
                    "",
                );
            }
        }
        (true, Some(host)) => {
            let expected = match host {
                Host::Domain(d) | Host::Opaque(d) => d.to_owned(),
                Host::Ipv4(a) => a.to_string(),
                Host::Ipv6(a) => format!("[{}]", serialize_ipv6(a)),
                Host::Empty => String::new(),
            };
            if expected != url.hostname() || host.to_string() != url.hostname() {
                fail(
                    "the typed host serializes to hostname",
                    input,
                    &[url],
                    &format!("typed host {host:?} serializes to {expected:?}"),
                );
            }
            let kind_ok = match host {
                Host::Domain(_) | Host::Ipv4(_) => url.is_special(),
                Host::Opaque(_) => !url.is_special(),
                Host::Ipv6(_) => true,
                Host::Empty => scheme == "file" || !url.is_special(),
            };
            if !kind_ok {
                fail("the host's kind fits the scheme", input, &[url], "");
            }
        }
        (has, typed) => fail(
            "has_host() agrees with typed_host()",
            input,
            &[url],
            &format!("has_host {has}, typed_host {typed:?}"),
        ),
    }

    // The origin of a tuple scheme is the scheme and the host getter.
    let origin = url.origin();
    if matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp") {
        let expected = format!("{}//{}", url.protocol(), url.host());
        match &origin {
            Origin::Tuple { .. } if origin.ascii_serialization() == expected => {}
            _ => fail(
                "the origin of a special non-file URL",
                input,
                &[url],
                &format!("origin {origin:?}, expected {expected:?}"),
            ),
        }
    } else if scheme != "blob" && origin.is_tuple() {
        fail(
            "only special non-file URLs and blobs have tuple origins",
            input,
            &[url],
            "",
        );
    }
}

/// `Url::parse` and `Url::can_parse` on one string, and the URL's properties.
pub fn check_parse(input: &str) -> Option<Url> {
    let parsed = Url::parse(input);
    let can = Url::can_parse(input, None);
    if parsed.is_ok() != can {
        let detail = format!("parse: {parsed:?}\ncan_parse: {can}");
        match &parsed {
            Ok(url) => fail("can_parse agrees with parse", &input, &[url], &detail),
            Err(_) => fail("can_parse agrees with parse", &input, &[], &detail),
        }
    }
    let url = parsed.ok()?;
    check_url(&url, &input);
    Some(url)
}

/// `base.join(input)`, `Url::can_parse(input, Some(base))` and the result's
/// properties. Returns the URL, if the input resolved.
pub fn check_join(base: &Url, input: &str) -> Option<Url> {
    let context = (base.href(), input);
    let joined = base.join(input);
    let can = Url::can_parse(input, Some(base.href()));
    let can_options = Url::options().base_url(Some(base)).can_parse(input);
    if joined.is_ok() != can || can != can_options {
        let detail =
            format!("join: {joined:?}\ncan_parse: {can}\noptions().can_parse: {can_options}");
        match &joined {
            Ok(url) => fail(
                "can_parse agrees with join",
                &context,
                &[base, url],
                &detail,
            ),
            Err(_) => fail("can_parse agrees with join", &context, &[base], &detail),
        }
    }
    let url = joined.ok()?;
    check_url(&url, &context);
    // An href has a scheme, and a special one "//": it resolves to itself
    // against any base.
    match base.join(url.href()) {
        Ok(again) if again.href() == url.href() => {}
        other => fail(
            "an href resolves to itself against any base",
            &context,
            &[base, &url],
            &format!("got {other:?}"),
        ),
    }
    Some(url)
}

/// Target `parse`.
pub fn parse(data: &[u8]) {
    let input = text(data);
    check_parse(&input);
}

/// Splits at the first NUL: base, reference and, after a second NUL, a
/// reference to resolve against the result. Without a NUL, the first byte
/// picks one of [`SEED_BASES`] and the rest is the reference.
fn split_base(data: &[u8]) -> (Cow<'_, str>, Cow<'_, str>, Option<Cow<'_, str>>) {
    let mut parts = data.splitn(3, |&b| b == 0);
    let first = parts.next().unwrap_or_default();
    match parts.next() {
        Some(reference) => (text(first), text(reference), parts.next().map(text)),
        None => match first.split_first() {
            Some((&pick, rest)) => (
                Cow::Borrowed(SEED_BASES[pick as usize % SEED_BASES.len()]),
                text(rest),
                None,
            ),
            None => (Cow::Borrowed(SEED_BASES[0]), Cow::Borrowed(""), None),
        },
    }
}

/// Target `parse_with_base`.
/// `fast_path`: the fast path for canonical input gives byte for byte what
/// the general parser gives (serialization and offsets, drawn by
/// `diagram`), or fails the same way; `can_parse` agrees with both.
pub fn fast_path(data: &[u8]) {
    let input = text(data);
    let fast = Url::parse(&input);
    let general = weburl::__internal::parse_without_fast_path(&input);
    match (&fast, &general) {
        (Ok(a), Ok(b)) => assert!(
            a.diagram() == b.diagram(),
            "fast path and general parser differ on {input:?}:\n{}\n{}",
            a.diagram(),
            b.diagram()
        ),
        (Err(a), Err(b)) => assert_eq!(a, b, "different errors for {input:?}"),
        _ => panic!("fast path {fast:?} and general parser {general:?} differ on {input:?}"),
    }
    assert_eq!(
        Url::can_parse(&input, None),
        general.is_ok(),
        "can_parse on {input:?}"
    );
}

/// `byte_class_scan`: the 16-byte scans of the byte classes stop where the
/// byte-at-a-time scans they replace stop, for every class, on any bytes
/// (not only UTF-8: the scans see the input's bytes).
pub fn byte_class_scan(data: &[u8]) {
    if let Err(e) = weburl::__internal::compare_byte_class_scans(data) {
        panic!("byte class scans differ on {data:?}: {e}");
    }
    // And through the parser: the fast path still matches the general one.
    fast_path(data);
}

/// `psl`: the compiled Public Suffix List lookup answers as the plain
/// reading of the list does (`crate::psl_plain`), by both sections and by
/// the ICANN section alone, for the input as a domain and under suffixes
/// whose rules take other paths through the lookup: a plain one, two
/// labels, a wildcard with an exception (`*.kawasaki.jp`,
/// `!city.kawasaki.jp`), private ones (one with a trailing dot), Punycode
/// ones and one with a label of 17 bytes. The input need not be a valid
/// host: `Host::Domain` takes any string, and the lookup must answer for
/// it as the reading does. With the `sites` feature.
#[cfg(feature = "sites")]
pub fn psl(data: &[u8]) {
    let name = String::from_utf8_lossy(data);
    let plain = crate::psl_plain::PlainList::vendored();
    for suffix in [
        "",
        ".com",
        ".co.uk",
        ".kawasaki.jp",
        ".city.kawasaki.jp",
        ".github.io",
        ".xn--55qx5d.cn",
        ".cloudfront.net.",
        ".xn--mosjen-eya.no",
        ".trentino-sudtirol.it",
    ] {
        let domain = format!("{name}{suffix}");
        if let Err(e) = plain.compare(&domain) {
            panic!("{e}");
        }
    }
}

pub fn parse_with_base(data: &[u8]) {
    let (base, reference, chained) = split_base(data);
    let Some(base) = check_parse(&base) else {
        if Url::can_parse(&reference, Some(&base)) {
            fail(
                "can_parse is false for a base that fails",
                &(&base, &reference),
                &[],
                "",
            );
        }
        return;
    };
    let Some(url) = check_join(&base, &reference) else {
        return;
    };
    // Chained resolution: against the result, the third slice or the same
    // reference again.
    let next = chained.unwrap_or(reference);
    check_join(&url, &next);
}

/// Calls setter `id` (an index into [`Component::SLICES`], the id the
/// `setters` target reads); whether it succeeded.
pub fn apply_setter(url: &mut Url, id: usize, value: &str) -> bool {
    Component::SLICES[id % 10].set(url, value).is_ok()
}

/// The properties after a setter ran: invariants, no change on failure,
/// `set_href(href)` and getter-to-setter round trips change nothing.
pub fn check_after_setter(before: &Url, url: &Url, id: usize, value: &str, ok: bool) {
    let context = (before.href(), Component::SLICES[id % 10].name(), value);
    if !ok && url.href() != before.href() {
        // The host setter is the one exception: the port state returns
        // failure after the host state has set the host, for a value like
        // "example.com:" or "example.com:x" (url.bs, port state, "If state
        // override is given, then return failure"). Only the host changes.
        let host_only = id % 10 == 4
            && Component::SLICES.into_iter().all(|c| {
                matches!(c, Component::Href | Component::Host | Component::Hostname)
                    || c.get(before, &mut String::new()) == c.get(url, &mut String::new())
            });
        if !host_only {
            fail(
                "a failing setter changes nothing",
                &context,
                &[before, url],
                "",
            );
        }
    }
    check_url(url, &context);
    let normalization = parser_normalization(url);
    let mut same = url.clone();
    let href_kept = match &normalization {
        Some(expected) => {
            same.href() == url.href()
                && same.set_href(url.href()).is_ok()
                && same.href() == expected
        }
        None => same.set_href(url.href()).is_ok() && getter_differences(url, &same).is_empty(),
    };
    if !href_kept {
        fail(
            "set_href(href) changes nothing",
            &context,
            &[url, &same],
            "",
        );
    }
    // Setting a component to what its getter returns changes nothing. The
    // empty string is left out: it removes an empty query or fragment.
    let mut scratch = String::new();
    for component in Component::SLICES.into_iter().skip(1) {
        let value = component.get(url, &mut scratch);
        if value.is_empty() {
            continue;
        }
        // Their setters run the file states that `parser_normalization`
        // describes.
        if normalization.is_some()
            && matches!(
                component,
                Component::Host | Component::Hostname | Component::Pathname
            )
        {
            continue;
        }
        let name = component.name();
        let mut again = url.clone();
        let _ = component.set(&mut again, value);
        if again.href() != url.href() {
            fail(
                "setting a getter's value back changes nothing",
                &(url.href(), name, value),
                &[url, &again],
                &getter_differences(url, &again),
            );
        }
    }
}

/// Target `setters`: the first byte picks one of [`SEED_URLS`]; then each
/// operation is a setter id byte, a length byte and that many value bytes.
pub fn setters(data: &[u8]) {
    let Some((&seed, mut rest)) = data.split_first() else {
        return;
    };
    let mut url = Url::parse(SEED_URLS[seed as usize % SEED_URLS.len()]).expect("seed URLs parse");
    while let [id, len, tail @ ..] = rest {
        let len = (*len as usize).min(tail.len());
        let (value, next) = tail.split_at(len);
        rest = next;
        let value = text(value);
        let before = url.clone();
        let id = *id as usize % 10;
        let ok = apply_setter(&mut url, id, &value);
        check_after_setter(&before, &url, id, &value, ok);
    }
}

/// One case of the `differential` target: an input, optionally a base, and
/// setter operations to run on the result.
#[derive(Debug, Clone)]
pub struct DiffCase {
    /// The base URL string, when the input had a NUL.
    pub base: Option<String>,
    /// The string to parse.
    pub input: String,
    /// Setter id (index into [`weburl::Component::SLICES`]) and value.
    pub setters: Vec<(usize, String)>,
}

impl DiffCase {
    /// Without a NUL the whole input is parsed alone. With NULs: base, input,
    /// then each further NUL-separated slice is a setter operation (first
    /// byte the setter id, the rest the value).
    pub fn from_bytes(data: &[u8]) -> DiffCase {
        let mut parts = data.split(|&b| b == 0);
        let first = text(parts.next().unwrap_or_default()).into_owned();
        let Some(input) = parts.next() else {
            return DiffCase {
                base: None,
                input: first,
                setters: Vec::new(),
            };
        };
        let setters = parts
            .filter_map(|part| part.split_first())
            .map(|(&id, value)| (id as usize % 10, text(value).into_owned()))
            .collect();
        DiffCase {
            base: Some(first),
            input: text(input).into_owned(),
            setters,
        }
    }
}

/// The weburl side of target `differential`: the parse, join and setter
/// properties on the case (the comparison with ada is `ada_compare`,
/// behind the `ada` feature).
pub fn differential(case: &DiffCase) {
    let url = match &case.base {
        None => check_parse(&case.input),
        Some(base) => match check_parse(base) {
            Some(base) => check_join(&base, &case.input),
            None => None,
        },
    };
    let Some(mut url) = url else {
        return;
    };
    for (id, value) in &case.setters {
        let before = url.clone();
        let ok = apply_setter(&mut url, *id, value);
        check_after_setter(&before, &url, *id, value, ok);
    }
}

/// Target `host`: the hostname of `https://{input}/` parses again to itself;
/// IP addresses round-trip through their serialization; domains through
/// domain to Unicode.
pub fn host(data: &[u8]) {
    let input = text(data);
    for scheme in ["https", "sc"] {
        let special = scheme == "https";
        let href = format!("{scheme}://{input}/");
        let Some(url) = check_parse(&href) else {
            continue;
        };
        let Some(host) = url.typed_host() else {
            continue;
        };
        let hostname = url.hostname();
        let again_href = format!("{scheme}://{hostname}/");
        let again = match Url::parse(&again_href) {
            Ok(again) => again,
            Err(e) => fail("the hostname parses again", &href, &[&url], &e.to_string()),
        };
        if again.hostname() != hostname || again.typed_host() != Some(host) {
            fail(
                "the hostname parses again to itself",
                &href,
                &[&url, &again],
                "",
            );
        }
        // The hostname setter accepts the serialized host unchanged.
        let mut set = Url::parse(&format!("{scheme}://x/")).expect("parses");
        if set.set_hostname(hostname).is_err() && !hostname.is_empty() {
            fail("set_hostname(hostname) succeeds", &href, &[&url, &set], "");
        }
        if !hostname.is_empty() && set.hostname() != hostname {
            fail(
                "set_hostname(hostname) gives hostname",
                &href,
                &[&url, &set],
                "",
            );
        }
        match host {
            Host::Ipv4(address) => {
                // Any IPv4 spelling of the address gives the same host.
                let number = u32::from(address);
                for spelling in [number.to_string(), format!("0x{number:x}")] {
                    let other = Url::parse(&format!("http://{spelling}/"));
                    if other.as_ref().map(|u| u.hostname()) != Ok(hostname) {
                        fail("IPv4 spellings agree", &(&href, &spelling), &[&url], "");
                    }
                }
            }
            Host::Ipv6(address) => {
                if hostname != format!("[{}]", serialize_ipv6(address)) {
                    fail("the IPv6 serializer", &href, &[&url], "");
                }
                // The full, uncompressed form parses to the same address.
                let full: Vec<String> = address
                    .segments()
                    .iter()
                    .map(|p| format!("{p:x}"))
                    .collect();
                let other = Url::parse(&format!("{scheme}://[{}]/", full.join(":")));
                if other.as_ref().map(|u| u.hostname()) != Ok(hostname) {
                    fail(
                        "IPv6 spellings agree",
                        &href,
                        &[&url],
                        &format!("{other:?}"),
                    );
                }
            }
            Host::Domain(domain) if special => {
                let unicode = domain_to_unicode(domain);
                let back = Url::parse(&format!("https://{unicode}/"));
                if back.as_ref().map(|u| u.hostname()) != Ok(domain) {
                    fail(
                        "domain to Unicode then domain to ASCII gives the domain",
                        &(&href, &unicode),
                        &[&url],
                        &format!("{back:?}"),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Target `percent_encoding`.
pub fn percent_encoding(data: &[u8]) {
    let input = text(data);
    for set in [EncodeSet::COMPONENT, EncodeSet::FORM_URLENCODED] {
        let encoded = percent_encode(&input, set);
        let decoded = percent_decode(encoded.as_bytes());
        let problem = if *decoded != *input.as_bytes() {
            Some("decode(encode(x)) == x")
        } else if encoded.len() > 3 * input.len() {
            Some("encoded length <= 3 * input length")
        } else if !encoded.is_ascii() {
            Some("the encoding is ASCII")
        } else if encoded.bytes().any(|b| b != b'%' && set.contains(b)) {
            Some("the encoding holds no byte of the set")
        } else {
            None
        };
        if let Some(problem) = problem {
            panic!(
                "property violated: {problem}\ninput: {input:?}\nset: {set:?}\nencoded: {encoded:?}\ndecoded: {:?}",
                String::from_utf8_lossy(&decoded)
            );
        }
    }
    // Decoding raw bytes never grows them, and leaves "%"-free input alone.
    let decoded = percent_decode(data);
    if decoded.len() > data.len() || (!data.contains(&b'%') && *decoded != *data) {
        panic!(
            "property violated: percent_decode on raw bytes\ninput: {data:?}\ndecoded: {decoded:?}"
        );
    }
}

/// Target `search_params`.
pub fn search_params(data: &[u8]) {
    let input = text(data);
    let params = UrlSearchParams::parse(&input);
    let serialized = params.to_string();
    let again = UrlSearchParams::parse(&serialized);
    let report = |property: &str| -> ! {
        panic!(
            "property violated: {property}\ninput: {input:?}\nparams: {params:?}\nserialized: {serialized:?}\nreparsed: {again:?}"
        )
    };
    if again.to_string() != serialized {
        report("the serialization is idempotent");
    }
    if again != params {
        report("the serialization parses back to the same pairs");
    }
    if params.len() != params.pairs().count()
        || params.is_empty() != params.pairs().next().is_none()
    {
        report("len() counts the pairs");
    }
    for (name, value) in params.pairs() {
        if !params.has(name, None) || !params.has(name, Some(value)) || params.get(name).is_none() {
            report("every iterated name is there");
        }
        if !params.get_all(name).any(|v| v == value) {
            report("get_all(name) holds every value of name");
        }
    }
    let mut sorted = params.clone();
    sorted.sort();
    if sorted.len() != params.len()
        || UrlSearchParams::parse(&sorted.to_string()).to_string() != sorted.to_string()
    {
        report("sorting keeps the pairs and serializes idempotently");
    }
}
