//! Splitting a reference into its five components, without changing a byte:
//! strictly by the ABNF, or leniently by the regular expression of
//! RFC 3986 Appendix B.

use crate::error::Rfc3986Error;
use crate::grammar::{self, Rule};
use crate::scan::{find, Mode};
use crate::types::{Authority, Components};

/// Splits a URI reference into its components, failing if it is not a
/// valid `URI-reference`. Nothing is decoded or normalized.
///
/// RFC 3986 §3 and §4.1 <https://www.rfc-editor.org/rfc/rfc3986#section-4.1>.
///
/// ```
/// use weburl_rfc3986::split;
///
/// let c = split("foo://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(c.scheme, Some("foo"));
/// let a = c.authority.unwrap();
/// assert_eq!((a.userinfo, a.host, a.port), (Some("user"), "example.com", Some("8042")));
/// assert_eq!(c.path, "/over/there");
/// assert_eq!(c.query, Some("name=ferret"));
/// assert_eq!(c.fragment, Some("nose"));
/// assert!(split("http://a/b c").is_err());
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn split(s: &str) -> Result<Components<'_>, Rfc3986Error> {
    grammar::parse(s, Rule::UriReference, Mode::Uri)
}

/// Splits an IRI reference into its components like [`split`], failing if
/// it is not a valid `IRI-reference`: `ucschar` is allowed wherever
/// `unreserved` is, and `iprivate` in the query. Nothing is decoded,
/// normalized or converted to a URI.
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::{split, split_iri};
///
/// let c = split_iri("http://b\u{fc}cher.example/D\u{fc}rst?\u{e000}#Andr\u{e9}")?;
/// assert_eq!(c.authority.unwrap().host, "b\u{fc}cher.example");
/// assert_eq!((c.path, c.query, c.fragment), ("/D\u{fc}rst", Some("\u{e000}"), Some("Andr\u{e9}")));
/// assert!(split("#D\u{fc}rst").is_err());
/// assert!(split_iri("#\u{e000}").is_err());
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn split_iri(s: &str) -> Result<Components<'_>, Rfc3986Error> {
    grammar::parse(s, Rule::UriReference, Mode::Iri)
}

/// Splits any string into components the way the regular expression of
/// RFC 3986 Appendix B does, so it never fails:
///
/// ```text
/// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// ```
///
/// The regular expression leaves the authority whole; it is then split at
/// the last `@` (userinfo) and, outside an IP-literal's brackets, at the last
/// `:` (port), since nothing in the input is rejected.
///
/// RFC 3986 Appendix B <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>.
///
/// ```
/// use weburl_rfc3986::split_lenient;
///
/// let c = split_lenient("http://u@v@exa mple:99/a b?c#d#e");
/// assert_eq!(c.scheme, Some("http"));
/// let a = c.authority.unwrap();
/// assert_eq!((a.userinfo, a.host, a.port), (Some("u@v"), "exa mple", Some("99")));
/// assert_eq!((c.path, c.query, c.fragment), ("/a b", Some("c"), Some("d#e")));
/// ```
pub fn split_lenient(s: &str) -> Components<'_> {
    let b = s.as_bytes();
    let mut pos = 0;

    // (([^:/?#]+):)?
    let mut scheme = None;
    let scheme_end = find(b, 0, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    if scheme_end > 0 && b.get(scheme_end) == Some(&b':') {
        scheme = Some(&s[..scheme_end]);
        pos = scheme_end + 1;
    }

    // (//([^/?#]*))?
    let mut authority = None;
    if b[pos..].starts_with(b"//") {
        let end = find(b, pos + 2, |c| matches!(c, b'/' | b'?' | b'#'));
        authority = Some(split_authority_lenient(&s[pos + 2..end]));
        pos = end;
    }

    // ([^?#]*)
    let path_end = find(b, pos, |c| matches!(c, b'?' | b'#'));
    let path = &s[pos..path_end];
    pos = path_end;

    // (\?([^#]*))?
    let mut query = None;
    if b.get(pos) == Some(&b'?') {
        let end = find(b, pos + 1, |c| c == b'#');
        query = Some(&s[pos + 1..end]);
        pos = end;
    }

    // (#(.*))?
    let fragment = (pos < b.len()).then(|| &s[pos + 1..]);

    Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

fn split_authority_lenient(a: &str) -> Authority<'_> {
    let (userinfo, hostport) = match a.rfind('@') {
        Some(at) => (Some(&a[..at]), &a[at + 1..]),
        None => (None, a),
    };
    // A ':' inside "[...]" belongs to the IP-literal; an unclosed '[' keeps
    // the whole rest as host.
    let search_from = if hostport.starts_with('[') {
        hostport.find(']').unwrap_or(hostport.len())
    } else {
        0
    };
    match hostport[search_from..].rfind(':') {
        Some(c) => Authority {
            userinfo,
            host: &hostport[..search_from + c],
            port: Some(&hostport[search_from + c + 1..]),
        },
        None => Authority {
            userinfo,
            host: hostport,
            port: None,
        },
    }
}
