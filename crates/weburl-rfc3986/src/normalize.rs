//! Normalization for comparison: syntax-based (RFC 3986 §6.2.2) and
//! scheme-based for http and https (§6.2.3).

use crate::chars::{self, UNRESERVED};
use crate::error::Rfc3986Error;
use crate::resolve::{guard_double_slash, remove_dot_segments};
use crate::split::{split, split_iri};
use crate::types::{Authority, Components};

/// Normalizes a URI reference by the syntax-based rules of RFC 3986
/// §6.2.2, in the RFC's order:
///
/// 1. case (§6.2.2.1): scheme and host to lowercase, the hex digits of
///    every percent-encoding to uppercase;
/// 2. percent-encoding (§6.2.2.2): `%XX` of an unreserved character is
///    decoded, everywhere;
/// 3. path segments (§6.2.2.3): `remove_dot_segments`, for every reference
///    whose path is resolved without a merge: one with a scheme, an
///    authority or an absolute path. A relative-path reference such as
///    `"../a"` keeps its dot-segments, which only resolution can remove.
///
/// If removing dot-segments leaves a path that starts with `"//"` and there
/// is no authority, `"/."` is put in front so that the path is not read
/// back as an authority (which would make the result mean something else
/// and make normalization not idempotent).
///
/// The reference must be a valid `URI-reference`; userinfo, port, query
/// and fragment keep their case.
///
/// RFC 3986 §6.2.2 <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>.
///
/// ```
/// use weburl_rfc3986::normalize;
///
/// assert_eq!(
///     normalize("HTTP://User@Example.COM/a/./b/../%7euser/%2f%41?Q=%3a#F")?,
///     "http://User@example.com/a/~user/%2FA?Q=%3A#F"
/// );
/// assert_eq!(normalize("../a/./b")?, "../a/./b");
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn normalize(s: &str) -> Result<String, Rfc3986Error> {
    Ok(normalize_components(&split(s)?, false))
}

/// Normalizes an IRI reference like [`normalize`], by the syntax-based
/// rules RFC 3987 §5.3.2 gives for IRIs: case (§5.3.2.1: the scheme, and
/// a host made of ASCII characters only, to lowercase; percent-encoding hex
/// digits to uppercase), percent-encoding (§5.3.2.3: `%XX` of an unreserved character
/// decoded) and path segments (§5.3.2.4). Characters beyond ASCII are kept
/// as they are: they are neither percent-encoded nor decoded from
/// percent-encodings (RFC 3987 compares those by converting both IRIs to
/// URIs, §5.3.2.3), and the character normalization of §5.3.2.2 (NFC) is
/// not applied.
///
/// The reference must be a valid `IRI-reference`.
///
/// RFC 3987 §5.3.2 <https://www.rfc-editor.org/rfc/rfc3987#section-5.3.2>.
///
/// ```
/// use weburl_rfc3986::normalize_iri;
///
/// assert_eq!(
///     normalize_iri("HTTP://www.EXAMPLE.org/r\u{e9}sum\u{e9}/./%7e%c3%a9#Andr\u{e9}")?,
///     "http://www.example.org/r\u{e9}sum\u{e9}/~%C3%A9#Andr\u{e9}"
/// );
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn normalize_iri(s: &str) -> Result<String, Rfc3986Error> {
    Ok(normalize_components(&split_iri(s)?, false))
}

/// Normalizes like [`normalize`], then applies the scheme-based rules of
/// RFC 3986 §6.2.3 for `http` and `https` with an authority: an empty path
/// becomes `"/"`, and an empty port or the default port (80 for http, 443
/// for https, leading zeros ignored) is removed with its `":"`, as §3.2.3
/// recommends. Other schemes get only the syntax-based rules.
///
/// RFC 3986 §6.2.3 <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3>.
///
/// ```
/// use weburl_rfc3986::normalize_scheme_based;
///
/// assert_eq!(normalize_scheme_based("HTTP://Example.com:80")?, "http://example.com/");
/// assert_eq!(normalize_scheme_based("https://a:/?")?, "https://a/?");
/// assert_eq!(normalize_scheme_based("https://a:80")?, "https://a:80/");
/// assert_eq!(normalize_scheme_based("ftp://a:21")?, "ftp://a:21");
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn normalize_scheme_based(s: &str) -> Result<String, Rfc3986Error> {
    Ok(normalize_components(&split(s)?, true))
}

/// Normalizes an IRI reference like [`normalize_iri`], then applies the
/// scheme-based rules of [`normalize_scheme_based`] (RFC 3987 §5.3.3).
///
/// RFC 3987 §5.3.3 <https://www.rfc-editor.org/rfc/rfc3987#section-5.3.3>.
///
/// ```
/// use weburl_rfc3986::normalize_iri_scheme_based;
///
/// assert_eq!(normalize_iri_scheme_based("http://\u{e9}.example:80")?, "http://\u{e9}.example/");
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn normalize_iri_scheme_based(s: &str) -> Result<String, Rfc3986Error> {
    Ok(normalize_components(&split_iri(s)?, true))
}

fn normalize_components(c: &Components<'_>, scheme_based: bool) -> String {
    let scheme = c.scheme.map(str::to_ascii_lowercase);
    let userinfo = c
        .authority
        .and_then(|a| a.userinfo)
        .map(|u| percent_normalize(u, false));
    let host = c.authority.map(|a| {
        if a.host.starts_with('[') {
            // An IP-literal has no percent-encodings; all of it is case-insensitive.
            a.host.to_ascii_lowercase()
        } else {
            // RFC 3987 §5.3.2.1 lowercases a "US-ASCII only host"; case in
            // other hosts is for IDNA to fold (§5.3.3).
            percent_normalize(a.host, a.host.is_ascii())
        }
    });
    let mut port = c.authority.and_then(|a| a.port);

    let mut path = percent_normalize(c.path, false);
    if c.scheme.is_some() || c.authority.is_some() || path.starts_with('/') {
        path = guard_double_slash(c.authority.is_some(), remove_dot_segments(&path));
    }
    let query = c.query.map(|q| percent_normalize(q, false));
    let fragment = c.fragment.map(|f| percent_normalize(f, false));

    if scheme_based && c.authority.is_some() {
        if let Some(default) = scheme.as_deref().and_then(default_port) {
            if path.is_empty() {
                path.push('/');
            }
            if port.is_some_and(|p| p.trim_start_matches('0') == default || p.is_empty()) {
                port = None;
            }
        }
    }

    Components {
        scheme: scheme.as_deref(),
        authority: host.as_deref().map(|host| Authority {
            userinfo: userinfo.as_deref(),
            host,
            port,
        }),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
    }
    .to_string()
}

/// The schemes §6.2.3 is applied to, with their default ports.
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" => Some("80"),
        "https" => Some("443"),
        _ => None,
    }
}

/// Decodes `%XX` of unreserved characters and uppercases the hex digits of
/// the others; with `lowercase`, also lowercases everything else (a host).
/// `s` has been validated, so every `%` starts a triplet.
fn percent_normalize(s: &str, lowercase: bool) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let decoded = match (b[i], b.get(i + 1), b.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) => chars::hex_value(h).zip(chars::hex_value(l)),
            _ => None,
        };
        if let Some((h, l)) = decoded {
            let byte = h << 4 | l;
            if chars::is(byte, UNRESERVED) {
                out.push(char::from(if lowercase {
                    byte.to_ascii_lowercase()
                } else {
                    byte
                }));
            } else {
                out.push('%');
                out.push(char::from(b[i + 1].to_ascii_uppercase()));
                out.push(char::from(b[i + 2].to_ascii_uppercase()));
            }
            i += 3;
        } else {
            // Copy one whole character (an IRI holds non-ASCII ones).
            let ch = s[i..].chars().next().unwrap_or('\u{FFFD}');
            out.push(if lowercase {
                ch.to_ascii_lowercase()
            } else {
                ch
            });
            i += ch.len_utf8();
        }
    }
    out
}
