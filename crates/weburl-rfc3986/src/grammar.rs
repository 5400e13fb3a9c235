//! The strict parser: RFC 3986 Appendix A (and RFC 3987 §2.2 for IRIs),
//! read left to right, byte by byte. It both validates and splits, so the
//! components a caller gets are exactly the substrings the ABNF matched.

use crate::chars::{self, PATH, QUERY, REG_NAME, SCHEME, USERINFO};
use crate::error::{ErrorKind, Part, Rfc3986Error};
use crate::host;
use crate::scan::{char_at, find, scan, Mode};
use crate::types::{Authority, Components};

/// The top-level rule to match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// `URI-reference = URI / relative-ref` (§4.1).
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (§3).
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]` (§4.3).
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (§4.2).
    RelativeRef,
}

/// Parses `s` by `rule`, returning its components.
pub(crate) fn parse(s: &str, rule: Rule, mode: Mode) -> Result<Components<'_>, Rfc3986Error> {
    let b = s.as_bytes();
    let len = b.len();
    let mut pos = 0;
    let mut scheme = None;
    if rule != Rule::RelativeRef {
        let mut i = 0;
        if b.first().is_some_and(u8::is_ascii_alphabetic) {
            i = 1;
            while i < len && chars::is(b[i], SCHEME) {
                i += 1;
            }
        }
        if i > 0 && i < len && b[i] == b':' {
            scheme = Some(&s[..i]);
            pos = i + 1;
        } else if rule != Rule::UriReference {
            return Err(scheme_error(s, i));
        }
        // Otherwise it can only be a relative-ref: path-noscheme rejects
        // whatever made the scheme fail, if it was followed by ':'.
    }

    let mut authority = None;
    if b[pos..].starts_with(b"//") {
        let start = pos + 2;
        let end = find(b, start, |c| matches!(c, b'/' | b'?' | b'#'));
        authority = Some(parse_authority(s, start, end, mode)?);
        pos = end;
    }

    let path_end = find(b, pos, |c| matches!(c, b'?' | b'#'));
    if authority.is_none() && scheme.is_none() && b.get(pos) != Some(&b'/') {
        // path-noscheme: the first segment is segment-nz-nc, without ':'.
        let seg_end = find(&b[..path_end], pos, |c| c == b'/');
        let colon = b[pos..seg_end].iter().position(|&c| c == b':');
        let checked_to = colon.map_or(path_end, |c| pos + c);
        scan(s, pos, checked_to, PATH, Part::Path, mode)?;
        if checked_to < path_end {
            return Err(Rfc3986Error::new(
                ErrorKind::ColonInFirstSegment,
                checked_to,
            ));
        }
    } else {
        scan(s, pos, path_end, PATH, Part::Path, mode)?;
    }
    let path = &s[pos..path_end];
    pos = path_end;

    let mut query = None;
    if b.get(pos) == Some(&b'?') {
        let end = find(b, pos + 1, |c| c == b'#');
        scan(s, pos + 1, end, QUERY, Part::Query, mode)?;
        query = Some(&s[pos + 1..end]);
        pos = end;
    }

    let mut fragment = None;
    if pos < len {
        // Only '#' can stop the query.
        if rule == Rule::AbsoluteUri {
            return Err(Rfc3986Error::new(ErrorKind::UnexpectedFragment, pos));
        }
        scan(s, pos + 1, len, QUERY, Part::Fragment, mode)?;
        fragment = Some(&s[pos + 1..]);
    }

    Ok(Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    })
}

/// Says why a required scheme is not there: `i` is where the scheme
/// characters stopped.
fn scheme_error(s: &str, i: usize) -> Rfc3986Error {
    let b = s.as_bytes();
    let delimited = find(b, 0, |c| matches!(c, b'/' | b'?' | b'#'));
    let has_colon = b[..delimited].contains(&b':');
    if !has_colon || b[i] == b':' {
        Rfc3986Error::new(ErrorKind::MissingScheme, 0)
    } else {
        let ch = char_at(s, i);
        Rfc3986Error::new(
            ErrorKind::InvalidCharacter {
                ch,
                part: Part::Scheme,
            },
            i,
        )
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`, in `s[start..end]`.
fn parse_authority(
    s: &str,
    start: usize,
    end: usize,
    mode: Mode,
) -> Result<Authority<'_>, Rfc3986Error> {
    let b = s.as_bytes();
    // Neither userinfo nor host allows '@', so the first one ends the userinfo.
    let at = b[start..end].iter().position(|&c| c == b'@');
    let (userinfo, host_start) = match at {
        Some(a) => {
            scan(s, start, start + a, USERINFO, Part::Userinfo, mode)?;
            (Some(&s[start..start + a]), start + a + 1)
        }
        None => (None, start),
    };

    let host_end;
    if host_start < end && b[host_start] == b'[' {
        let close = b[host_start..end]
            .iter()
            .position(|&c| c == b']')
            .map(|c| host_start + c)
            .ok_or(Rfc3986Error::new(ErrorKind::UnclosedIpLiteral, host_start))?;
        host::ip_literal_inner(&b[host_start + 1..close])
            .map_err(|(kind, at)| Rfc3986Error::new(kind, host_start + 1 + at))?;
        host_end = close + 1;
        if host_end < end && b[host_end] != b':' {
            return Err(Rfc3986Error::new(ErrorKind::TextAfterIpLiteral, host_end));
        }
    } else {
        // Neither reg-name nor IPv4address allows ':', so the first one ends the host.
        host_end = find(&b[..end], host_start, |c| c == b':');
        scan(s, host_start, host_end, REG_NAME, Part::Host, mode)?;
    }

    let port = if host_end < end {
        let port_start = host_end + 1;
        if let Some(bad) = b[port_start..end].iter().position(|c| !c.is_ascii_digit()) {
            let at = port_start + bad;
            let ch = char_at(s, at);
            let kind = ErrorKind::InvalidCharacter {
                ch,
                part: Part::Port,
            };
            return Err(Rfc3986Error::new(kind, at));
        }
        Some(&s[port_start..end])
    } else {
        None
    };

    Ok(Authority {
        userinfo,
        host: &s[host_start..host_end],
        port,
    })
}
