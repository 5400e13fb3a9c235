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
//! | `www` | a leading `www`, `www2`… label dropped | kept |
//! | trailing comma | none: `com,example)` | after every label: `com,example,)` |
//! | IPv4 host | reversed like a domain: `1,0,168,192)` | kept: `(192.168.0.1)` |
//! | port | `:8080` before `)` | `,:8080` before `)` |
//! | userinfo | dropped | kept: `,@user:pass)` |
//! | path | lowercased; empty segments and a trailing `/` dropped; ASP.NET session ids dropped | lowercased, as it is |
//! | query | lowercased; session ids dropped; `name=value` pairs sorted; empty query dropped | lowercased, as it is |
//! | fragment | dropped | kept, lowercased |
//! | no authority (`mailto:`) | `scheme:` and the rest, by the same path and query rules | the URL unchanged |
//!
//! What the profiles do not copy, and why:
//! - Percent-encoding is the URL Standard's; the Python package first
//!   decodes and re-encodes with its own set, so `%7E` and `~` key alike
//!   there and not here.
//! - An IPv6 host keeps its brackets (`[::1])/`); the Python package drops
//!   them (`::1)/`), which reads as a port.
//! - The Python package keeps `:21` in `ftp://host:21/`; the URL Standard
//!   has already dropped every special scheme's default port.
//! - Heritrix's pattern treats an empty host (`file:///x`) or a path that
//!   does not start with `/` as part of the host; such URLs keep their
//!   serialization (as URLs without an authority do there) or use the
//!   path, query and fragment as they are.

use std::fmt::Write as _;

use weburl::{Host, Url};

/// Whose rules a SURT key follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SurtProfile {
    /// `surt.surt(url)` of the Internet Archive's `surt` Python package
    /// (0.3.1), the default canonicalizer and options: the form of CDX
    /// indexes (`com,example)/a?b=1&c=2`).
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
/// `trailing_comma=False`, `reverse_ipaddr=True`.
fn internet_archive(url: &Url) -> String {
    let mut out = String::with_capacity(url.as_str().len());
    let host = match url.typed_host() {
        None | Some(Host::Empty) => None,
        Some(host) => Some(host),
    };
    match host {
        None => {
            // No host: `scheme:` then the path, as `getURLString` does.
            out.push_str(url.scheme());
            out.push(':');
        }
        Some(host) => {
            let text = match host {
                Host::Ipv6(_) => url.hostname(),
                // Google's canonicalizer: no empty labels, no dots at the ends.
                _ => url.hostname().trim_matches('.'),
            };
            let text = strip_www(text);
            let mut first = true;
            for label in text.rsplit('.').filter(|l| !l.is_empty()) {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(label);
            }
            if let Some(port) = url.port_number() {
                let _ = write!(out, ":{port}");
            }
            out.push(')');
        }
    }
    let mut path = url.path().to_ascii_lowercase();
    if host.is_some() && !url.has_opaque_path() {
        path = collapse_empty_segments(&path);
    }
    let path = strip_path_session_ids(&path);
    // The trailing-slash rule.
    out.push_str(match path.strip_suffix('/') {
        Some(stripped) if !stripped.is_empty() => stripped,
        _ => &path,
    });
    if let Some(query) = url.query().filter(|q| !q.is_empty()) {
        let query = strip_query_session_ids(query).to_ascii_lowercase();
        if !query.is_empty() {
            if out.ends_with(':') {
                out.push('/'); // A query needs a path.
            }
            out.push('?');
            push_sorted_query(&mut out, &query);
        }
    }
    // Google's rules lowercase the host (an opaque host keeps its case in
    // the URL Standard); the IA's, the path and query.
    out.make_ascii_lowercase();
    out
}

/// The IA canonicalizer's `massageHost`: a leading `www`, `www2`… label
/// goes (the pattern `www\d*\.` at the start).
fn strip_www(host: &str) -> &str {
    let Some(rest) = host.strip_prefix("www") else {
        return host;
    };
    rest.trim_start_matches(|c: char| c.is_ascii_digit())
        .strip_prefix('.')
        .unwrap_or(host)
}

/// Google's `normalizePath` on a path the URL Standard has already rid of
/// dot segments: empty segments go, except the last (`/a//b/` → `/a/b/`),
/// and an empty path becomes `/`.
fn collapse_empty_segments(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let mut out = String::with_capacity(path.len() + 1);
    out.push('/');
    if let Some((last, rest)) = segments.split_last() {
        for segment in rest.iter().filter(|s| !s.is_empty()) {
            out.push_str(segment);
            out.push('/');
        }
        out.push_str(last);
    }
    out
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
            // `[^?]+\.aspx.*`: the path has no `?`.
            rest.find(".aspx")
                .filter(|&at| at > 0)
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
    if let Some(port) = url.port_number() {
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
        - url.path().len()
        - url.query().map_or(0, |q| q.len() + 1)
        - url.fragment().map_or(0, |f| f.len() + 1);
    out.push_str(&serialized[tail_start..]);
    out.make_ascii_lowercase();
    out
}
