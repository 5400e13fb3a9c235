//! SURT keys ("Sort-friendly URI Reordering Transform"): a URL rewritten so
//! that sorting keys groups a site's URLs together, the host reversed label
//! by label (`http://www.example.com/a` → `com,example)/a`). Web archives
//! index their captures by these keys (CDX files) and crawlers scope by
//! their prefixes.
//!
//! There is no standard, and the two reference implementations of the
//! Internet Archive disagree; [`SurtProfile`] names each. Keys are made from
//! a URL already parsed by the URL Standard, so what both leave to their own
//! URL cleanup (case of scheme and host, dot segments, IPv4 forms, IDNA,
//! default ports of special schemes) is done the standard's way first.
//!
//! | rule | [`InternetArchive`](SurtProfile::InternetArchive) | [`Heritrix`](SurtProfile::Heritrix) |
//! |---|---|---|
//! | scheme | omitted: `http` and `https` share keys | kept: `http://(` |
//! | percent-encoding | decoded until stable, then `%`, `#`, space, controls and non-ASCII encoded (`%7Euser` → `~user`, `%3D` → `=`) | the URL Standard's |
//! | `www` | a leading `www`, `www2`… label dropped | kept |
//! | trailing comma | none: `com,example)` | after every label: `com,example,)` |
//! | IPv4 host | reversed like a domain: `1,0,168,192)` | kept: `(192.168.0.1)` |
//! | IPv6 host | without brackets: `::1)` | kept: `([::1],)` |
//! | port | `:8080` before `)` | `,:8080` before `)` |
//! | userinfo | dropped | kept: `,@user:pass)` |
//! | path | lowercased; dot and empty segments and a trailing `/` dropped; ASP.NET session ids dropped | lowercased, as it is |
//! | query | lowercased; session ids dropped; `name=value` pairs sorted; empty query dropped | lowercased, as it is |
//! | fragment | dropped | kept, lowercased |
//! | no authority (`mailto:`) | `scheme:` and the rest, by the same path and query rules | the URL unchanged |
//!
//! `InternetArchive` follows the package's steps on the URL's
//! serialization, so a key is the package's `surt.surt(url.href)` byte for
//! byte; over the 264,021 http(s) URLs of `testdata/urls/` that serialize
//! to themselves, all keys agree (`python/tools/surt_agreement.py`, run by
//! `python/ci.sh`). Where they can still differ, and why:
//! - A host that is not ASCII once decoded (only an opaque host of a
//!   non-special scheme can be) goes through UTS #46 here and through
//!   Python's IDNA 2003 codec there.
//! - A dotted-decimal or octal host other than a dotted quad (again only an
//!   opaque host) is read by the URL Standard's IPv4 parser here and by the
//!   system's resolver there.
//! - The package keeps `:21` in `ftp://host:21/` and `:80` in `ws://`; the
//!   URL Standard has already dropped every special scheme's default port.
//! - Its input is the URL as written; here it is the URL Standard's
//!   serialization, so URLs that do not serialize to themselves (`HTTP://A`,
//!   `http://a/b c`) key as their serialization does.
//!
//! Heritrix's pattern treats an empty host (`file:///x`) or a path that
//! does not start with `/` as part of the host; such URLs keep their
//! serialization (as URLs without an authority do there) or use the path,
//! query and fragment as they are.
//!
//! An encoding-preserving form (today's keys before the package's
//! decoding was copied) is not offered: it matched neither reference, so
//! its keys found nothing in existing CDX indexes.

use std::fmt::Write as _;

use weburl::percent_encoding::percent_decode;
use weburl::{Host, Url};

/// Whose rules a SURT key follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SurtProfile {
    /// `surt.surt(url)` of the Internet Archive's `surt` Python package
    /// (0.3.1), the default canonicalizer and options, byte for byte: the
    /// form of CDX indexes (`com,example)/a?b=1&c=2`).
    #[default]
    InternetArchive,
    /// `org.archive.util.SURT.fromURI(url)` of Heritrix, the Internet
    /// Archive's crawler (`http://(com,example,www,)/a`).
    Heritrix,
}

impl SurtProfile {
    /// Every profile, in the order of their names.
    pub const ALL: [SurtProfile; 2] = [SurtProfile::InternetArchive, SurtProfile::Heritrix];

    /// The profile's name: `ia` or `heritrix`.
    pub fn name(self) -> &'static str {
        match self {
            SurtProfile::InternetArchive => "ia",
            SurtProfile::Heritrix => "heritrix",
        }
    }
}

/// A name that is not a [`SurtProfile`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSurtProfile(pub String);

impl std::fmt::Display for UnknownSurtProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "expected a SURT profile (ia or heritrix), found {:?}",
            self.0
        )
    }
}

impl std::error::Error for UnknownSurtProfile {}

impl std::str::FromStr for SurtProfile {
    type Err = UnknownSurtProfile;

    /// `ia` (also `internet-archive`) or `heritrix`, in any case.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name.to_ascii_lowercase().as_str() {
            "ia" | "internet-archive" | "internetarchive" => Ok(SurtProfile::InternetArchive),
            "heritrix" => Ok(SurtProfile::Heritrix),
            _ => Err(UnknownSurtProfile(name.to_owned())),
        }
    }
}

/// The SURT key of `url` by `profile`'s rules (see the [module](self)).
///
/// ```
/// use weburl_sites::surt::{key, SurtProfile};
/// use weburl::Url;
/// let url = Url::parse("https://www.Example.com:8080/A/?b=2&a=1#top")?;
/// assert_eq!(key(&url, SurtProfile::InternetArchive), "com,example:8080)/a?a=1&b=2");
/// assert_eq!(key(&url, SurtProfile::Heritrix), "https://(com,example,www,:8080)/a/?b=2&a=1#top");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn key(url: &Url, profile: SurtProfile) -> String {
    match profile {
        SurtProfile::InternetArchive => internet_archive(url),
        SurtProfile::Heritrix => heritrix(url),
    }
}

/// `surt.surt()` with its defaults: `DefaultIAURLCanonicalizer` (Google's
/// rules, then the IA's), `surt=True`, `with_scheme=False`,
/// `trailing_comma=False`, `reverse_ipaddr=True`, step by step on the
/// URL's serialization, which is what the package reads when it is given
/// `url.href`.
fn internet_archive(url: &Url) -> String {
    let href = url.as_str();
    // `_surt_bytes`: a CDX file's header line is its own key.
    if href.starts_with("filedesc") {
        return href.to_owned();
    }
    let mut parts = IaParts::split(url);
    google_canonicalize(&mut parts);
    ia_canonicalize(&mut parts, url.scheme());
    let mut out = String::with_capacity(href.len());
    match parts.host.as_deref().filter(|h| !h.is_empty()) {
        None => {
            // No host: `scheme:` then the path, as `getURLString` does.
            out.push_str(url.scheme());
            out.push(':');
        }
        Some(host) => {
            // `hostToSURT`: labels reversed, an IPv4 address too.
            let host = String::from_utf8_lossy(host);
            for (i, label) in host.rsplit('.').enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(label);
            }
            if let Some(port) = parts.port {
                let _ = write!(out, ":{port}");
            }
            out.push(')');
        }
    }
    if !parts.path.is_empty() {
        out.push_str(&String::from_utf8_lossy(&parts.path));
    } else if parts.query.is_some() {
        out.push('/'); // A query needs a path.
    }
    if let Some(query) = &parts.query {
        out.push('?');
        out.push_str(&String::from_utf8_lossy(query));
    }
    out
}

/// The package's `handyurl`: the pieces a key is made of, as bytes (its
/// decoding can make them any bytes).
struct IaParts {
    host: Option<Vec<u8>>,
    port: Option<u16>,
    path: Vec<u8>,
    query: Option<Vec<u8>>,
}

impl IaParts {
    /// `handyurl.parse`: RFC 2396's pattern over the serialization, and
    /// Python's `hostname` (no userinfo, no brackets, lowercase) and `port`
    /// (where 0 counts as none).
    fn split(url: &Url) -> IaParts {
        let href = url.as_str();
        let rest = &href[url.scheme().len() + 1..];
        let (has_authority, rest) = match rest.strip_prefix("//") {
            Some(after) => (
                true,
                &after[after.find(['/', '?', '#']).unwrap_or(after.len())..],
            ),
            None => (false, rest),
        };
        let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
        let path = rest.as_bytes()[..path_end].to_vec();
        let query = rest[path_end..]
            .strip_prefix('?')
            .map(|q| q.as_bytes()[..q.find('#').unwrap_or(q.len())].to_vec())
            .filter(|q| !q.is_empty());
        let host = match url.typed_host() {
            Some(Host::Empty) | None => None,
            Some(Host::Ipv6(_)) => {
                Some(url.hostname().trim_matches(['[', ']']).as_bytes().to_vec())
            }
            Some(_) => Some(url.hostname().to_ascii_lowercase().into_bytes()),
        }
        .filter(|_| has_authority);
        let mut parts = IaParts {
            host,
            port: url.typed_port().filter(|&p| p != 0),
            path,
            query,
        };
        // "http:////www.vikings.com": a scheme starting `http` without a
        // host takes the path's first segment as its host.
        if parts.host.is_none() && url.scheme().starts_with("http") && !parts.path.is_empty() {
            let trimmed = parts
                .path
                .iter()
                .position(|&b| b != b'/')
                .unwrap_or(parts.path.len());
            let rest = parts.path[trimmed..].to_vec();
            let slash = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
            parts.host = Some(rest[..slash].to_vec());
            let mut path = vec![b'/'];
            path.extend_from_slice(rest.get(slash + 1..).unwrap_or_default());
            parts.path = path;
        }
        parts
    }
}

/// `GoogleURLCanonicalizer.canonicalize`: each piece decoded until it no
/// longer changes, then encoded once with the package's own set; the host
/// also IDNA-encoded, rid of empty labels and read as an IPv4 number; the
/// path's dot segments and empty segments removed.
fn google_canonicalize(parts: &mut IaParts) {
    if let Some(query) = &mut parts.query {
        *query = escape_once(&unescape_repeatedly(query));
    }
    if let Some(host) = parts.host.as_mut().filter(|h| !h.is_empty()) {
        let mut decoded = unescape_repeatedly(host);
        if !decoded.is_ascii() {
            // Python's `decode('utf-8', 'ignore').encode('idna')`: the
            // bytes that are not UTF-8 dropped, then IDNA.
            let text: String = decoded.utf8_chunks().map(|c| c.valid()).collect();
            if let Ok(ascii) = weburl::domain_to_ascii(&text, false) {
                decoded = ascii.into_bytes();
            }
        }
        let decoded = replace_double_dots(&decoded);
        let trimmed = trim_dots(&decoded);
        *host = match attempt_ip_formats(trimmed) {
            Some(ip) => ip.into_bytes(),
            None => escape_once(&trimmed.to_ascii_lowercase()),
        };
    }
    let has_host = parts.host.as_ref().is_some_and(|h| !h.is_empty());
    let mut path = unescape_repeatedly(&parts.path);
    if has_host {
        path = normalize_path(&path);
    }
    parts.path = escape_once(&path);
}

/// `IAURLCanonicalizer.canonicalize` with its defaults.
fn ia_canonicalize(parts: &mut IaParts, scheme: &str) {
    if let Some(host) = &mut parts.host {
        host.make_ascii_lowercase();
        if scheme != "dns" {
            let kept = strip_www(host).len();
            host.drain(..host.len() - kept);
        }
    }
    let default_port = match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    };
    if parts.port.is_some() && parts.port == default_port {
        parts.port = None;
    }
    if !parts.path.is_empty() {
        parts.path.make_ascii_lowercase();
        let path = String::from_utf8_lossy(&parts.path).into_owned();
        let mut path = strip_path_session_ids(&path).into_owned();
        if path.len() > 1 && path.ends_with('/') {
            path.pop();
        }
        parts.path = path.into_bytes();
    }
    if let Some(query) = parts.query.take() {
        let query = String::from_utf8_lossy(&query).into_owned();
        let query = strip_query_session_ids(&query).to_ascii_lowercase();
        if !query.is_empty() {
            let mut sorted = String::with_capacity(query.len());
            push_sorted_query(&mut sorted, &query);
            parts.query = Some(sorted.into_bytes());
        }
    }
}

/// `unescapeRepeatedly`: percent-decoding until nothing changes
/// (`%2525` → `%`).
fn unescape_repeatedly(input: &[u8]) -> Vec<u8> {
    let mut current = input.to_vec();
    // Each pass that changes anything shortens the input: it ends.
    loop {
        let decoded = percent_decode(&current);
        if decoded.len() == current.len() {
            return current;
        }
        current = decoded.into_owned();
    }
}

/// `escapeOnce`: Python's `quote` with the package's safe set, which
/// leaves every printable ASCII byte but `#` and `%` as it is.
fn escape_once(input: &[u8]) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(input.len());
    for &b in input {
        if b <= b' ' || b >= 0x7F || b == b'#' || b == b'%' {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        } else {
            out.push(b);
        }
    }
    out
}

/// Python's `host.replace(b'..', b'.')`: one pass, left to right.
fn replace_double_dots(host: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        out.push(host[i]);
        i += if host[i..].starts_with(b"..") { 2 } else { 1 };
    }
    out
}

fn trim_dots(host: &[u8]) -> &[u8] {
    let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
    let end = host
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |e| e + 1);
    &host[start..end]
}

/// `attemptIPFormats`: a host of digits only is an IPv4 number (masked to
/// 32 bits, as the package does); dotted decimal or octal forms go through
/// the system's `inet_aton`, whose reading the URL Standard's IPv4 parser
/// shares for such forms.
fn attempt_ip_formats(host: &[u8]) -> Option<String> {
    if host.is_empty() {
        return None;
    }
    if host.iter().all(u8::is_ascii_digit) {
        let value = host.iter().fold(0u32, |acc, &d| {
            acc.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Some(std::net::Ipv4Addr::from(value).to_string());
    }
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    let decimal = host[0] != b'0'
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit));
    let octal = host[0] == b'0'
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(|b| (b'0'..=b'7').contains(b)));
    if parts.len() > 4 || !(decimal || octal) {
        return None;
    }
    let text = std::str::from_utf8(host).ok()?;
    let parsed = Url::parse(&format!("http://{text}/")).ok()?;
    match parsed.typed_host() {
        Some(Host::Ipv4(addr)) => Some(addr.to_string()),
        _ => None,
    }
}

/// Google's `normalizePath`: dot segments resolved (a `..` with nothing
/// to pop kept), empty segments dropped except the last, and an empty
/// path made `/`. The first segment, before the first `/`, is dropped.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    if path.is_empty() {
        return b"/".to_vec();
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for segment in path.split(|&b| b == b'/').skip(1) {
        match segment {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(segment);
                }
            }
            _ => kept.push(segment),
        }
    }
    let mut out = b"/".to_vec();
    if let Some((last, rest)) = kept.split_last() {
        for segment in rest.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(segment);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

/// The IA canonicalizer's `massageHost`: a leading `www`, `www2`… label
/// goes (the pattern `www\d*\.` at the start).
fn strip_www(host: &[u8]) -> &[u8] {
    let Some(rest) = host.strip_prefix(b"www") else {
        return host;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    rest[digits..].strip_prefix(b".").unwrap_or(host)
}

/// The IA's `alphaReorderQuery`: `name=value` pairs sorted by name, then
/// by value, a pair without `=` before one with it.
fn push_sorted_query(out: &mut String, query: &str) {
    if query.len() <= 1 {
        out.push_str(query);
        return;
    }
    let mut pairs: Vec<(&str, Option<&str>)> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        })
        .collect();
    pairs.sort_unstable();
    for (i, (name, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(name);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
}

/// The IA's `stripPathSessionID`: ASP.NET cookieless session segments,
/// `/(s(…24…))/` and `/(…24…)/`, before a path that goes on to `.aspx`.
fn strip_path_session_ids(path: &str) -> std::borrow::Cow<'_, str> {
    let mut path = std::borrow::Cow::Borrowed(path);
    for matcher in [aspnet_session_segments, aspnet_session_segment] {
        // The rightmost `/` after which the session segment and `.aspx`
        // follow (the pattern's greedy `^(.*/)`).
        let bytes = path.as_bytes();
        let found = (0..bytes.len()).rev().find_map(|slash| {
            if bytes[slash] != b'/' {
                return None;
            }
            let len = matcher(&bytes[slash + 1..])?;
            let rest = &path[slash + 1 + len..];
            // `[^?]+\.aspx.*`: `.aspx` after at least one byte, with no
            // `?` (a decoded `%3F`) before it.
            let question = rest.find('?').unwrap_or(rest.len());
            rest.get(1..)
                .and_then(|tail| tail.find(".aspx"))
                .filter(|&at| at < question)
                .map(|_| (slash + 1, len))
        });
        if let Some((start, len)) = found {
            let mut stripped = path[..start].to_owned();
            stripped.push_str(&path[start + len..]);
            path = std::borrow::Cow::Owned(stripped);
        }
    }
    path
}

/// `\((?:[a-z]\([0-9a-z]{24}\))+\)/` at the start: its length.
fn aspnet_session_segments(s: &[u8]) -> Option<usize> {
    let mut at = 1;
    if s.first() != Some(&b'(') {
        return None;
    }
    let mut groups = 0;
    while s.get(at).is_some_and(u8::is_ascii_alphabetic) && s.get(at + 1) == Some(&b'(') {
        let id = s.get(at + 2..at + 26)?;
        if !id.iter().all(u8::is_ascii_alphanumeric) || s.get(at + 26) != Some(&b')') {
            break;
        }
        at += 27;
        groups += 1;
    }
    (groups > 0 && s.get(at..at + 2) == Some(b")/")).then_some(at + 2)
}

/// `\([0-9a-z]{24}\)/` at the start: its length.
fn aspnet_session_segment(s: &[u8]) -> Option<usize> {
    let id = s.get(1..25)?;
    (s[0] == b'(' && id.iter().all(u8::is_ascii_alphanumeric) && s.get(25..27) == Some(b")/"))
        .then_some(27)
}

/// The IA's `stripQuerySessionID`: each pattern in turn removes its
/// rightmost match that ends the query or a `&`-separated pair, with the
/// `&` after it.
fn strip_query_session_ids(query: &str) -> String {
    let mut query = query.to_owned();
    for matcher in [
        jsessionid as fn(&[u8]) -> Option<usize>,
        phpsessid,
        sid,
        aspsessionid,
        coldfusion,
    ] {
        let bytes = query.as_bytes();
        let found = (0..bytes.len()).rev().find_map(|start| {
            let len = matcher(&bytes[start..])?;
            match bytes.get(start + len) {
                None => Some((start, len)),
                Some(b'&') => Some((start, len + 1)),
                Some(_) => None,
            }
        });
        if let Some((start, len)) = found {
            query.replace_range(start..start + len, "");
        }
    }
    query
}

/// `name` (ASCII, any case) and then `count` bytes that `ok` accepts, at
/// the start of `s`: the length.
fn name_then(s: &[u8], name: &[u8], count: usize, ok: fn(&u8) -> bool) -> Option<usize> {
    let head = s.get(..name.len())?;
    let tail = s.get(name.len()..name.len() + count)?;
    (head.eq_ignore_ascii_case(name) && tail.iter().all(ok)).then_some(name.len() + count)
}

fn jsessionid(s: &[u8]) -> Option<usize> {
    name_then(s, b"jsessionid=", 32, u8::is_ascii_alphanumeric)
}

fn phpsessid(s: &[u8]) -> Option<usize> {
    name_then(s, b"phpsessid=", 32, u8::is_ascii_alphanumeric)
}

fn sid(s: &[u8]) -> Option<usize> {
    name_then(s, b"sid=", 32, u8::is_ascii_alphanumeric)
}

/// `ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24}`
fn aspsessionid(s: &[u8]) -> Option<usize> {
    let name = name_then(s, b"aspsessionid", 8, u8::is_ascii_alphabetic)?;
    let value = name_then(&s[name..], b"=", 24, u8::is_ascii_alphabetic)?;
    Some(name + value)
}

/// `cfid=[^&]+&cftoken=[^&]+`
fn coldfusion(s: &[u8]) -> Option<usize> {
    let value_len = |from: usize| s[from..].iter().take_while(|&&b| b != b'&').count();
    let head = s.get(..5)?;
    if !head.eq_ignore_ascii_case(b"cfid=") {
        return None;
    }
    let id = value_len(5);
    let token = s.get(5 + id..5 + id + 9)?;
    if id == 0 || !token.eq_ignore_ascii_case(b"&cftoken=") {
        return None;
    }
    let value = value_len(5 + id + 9);
    (value > 0).then_some(5 + id + 9 + value)
}

/// `SURT.fromURI(url)`: `scheme://(` + the host reversed with a comma
/// after each label (a dotted-quad IPv4 address as it is) + `:port` +
/// `@userinfo` + `)` + the rest, all lowercased.
fn heritrix(url: &Url) -> String {
    let serialized = url.as_str();
    // The pattern's `^(\w+://)`: URLs without an authority, or with a
    // scheme that has `+`, `-` or `.`, stay as they are.
    let word_scheme = url
        .scheme()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let host = url.hostname();
    if !word_scheme || host.is_empty() || !serialized[url.scheme().len()..].starts_with("://") {
        return serialized.to_owned();
    }
    let mut out = String::with_capacity(serialized.len() + 4);
    out.push_str(url.scheme());
    out.push_str("://(");
    if matches!(url.typed_host(), Some(Host::Ipv4(_))) {
        out.push_str(host);
    } else {
        // Each label, last first, with a comma after it; a trailing dot
        // stays with the last label, as Heritrix's loop leaves it.
        let mut end = host.len();
        let bytes = host.as_bytes();
        for i in (0..host.len()).rev() {
            if i == 0 || bytes[i - 1] == b'.' {
                out.push_str(&host[i..end]);
                out.push(',');
                end = i.saturating_sub(1);
            }
        }
    }
    if let Some(port) = url.typed_port() {
        let _ = write!(out, ":{port}");
    }
    if !url.username().is_empty() || !url.password().is_empty() {
        out.push('@');
        out.push_str(url.username());
        if !url.password().is_empty() {
            out.push(':');
            out.push_str(url.password());
        }
    }
    out.push(')');
    let tail_start = serialized.len()
        - url.pathname().len()
        - url.query().map_or(0, |q| q.len() + 1)
        - url.fragment().map_or(0, |f| f.len() + 1);
    out.push_str(&serialized[tail_start..]);
    out.make_ascii_lowercase();
    out
}
