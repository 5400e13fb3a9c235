//! Encoding each raw part for its position in a URL, so that nothing in
//! it can change the URL's structure.

use crate::error::EditError;
use crate::percent_encoding::{percent_encode, EncodeSet};

/// Whether `scheme` is a scheme by the scheme state: an ASCII letter, then
/// ASCII alphanumerics, "+", "-" and ".".
///
/// <https://url.spec.whatwg.org/#scheme-state>
pub(super) fn is_valid_scheme(scheme: &str) -> bool {
    let mut bytes = scheme.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// <https://url.spec.whatwg.org/#special-scheme>
pub(super) fn is_special_scheme(lowercase: &str) -> bool {
    matches!(lowercase, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// Percent-encodes `input` with `set` and "%" as well, so that a raw value
/// reads back exactly with [`percent_decode`](crate::percent_encoding::percent_decode).
pub(super) fn encode_raw(input: &str, set: EncodeSet) -> String {
    if input.contains('%') && !set.contains(b'%') {
        percent_encode(&input.replace('%', "%25"), set).into_owned()
    } else {
        percent_encode(input, set).into_owned()
    }
}

/// Encodes a raw path segment for a list path.
///
/// The component percent-encode set (the one `encodeURIComponent` uses) is
/// the smallest standard set that holds every byte a segment must not
/// contain as it is in any scheme: "/" and "\" (which special schemes also
/// read as a separator) would split it, "?" and "#" would end the path,
/// "%" would start a percent-encoding, and ":" and "|" could turn a first
/// segment of a `file:` URL into a Windows drive letter.
///
/// `.` and `..` are refused: the parser treats them, and their
/// percent-encoded spellings, as dot segments.
pub(super) fn encode_segment(segment: &str) -> Result<String, EditError> {
    if segment == "." || segment == ".." {
        return Err(EditError::DotSegment);
    }
    Ok(percent_encode(segment, EncodeSet::COMPONENT).into_owned())
}

/// Encodes a raw host so that nothing in it can end the host or start
/// userinfo or a port; an IPv6 address (with or without its brackets) is
/// bracketed instead.
///
/// A special URL's host parser percent-decodes before anything else, so
/// the encoding is transparent there: a host with "/" or "@" fails to
/// parse rather than moving the boundaries of the URL. A non-special URL
/// keeps the percent-encoded bytes in its opaque host.
pub(super) fn encode_host(host: &str) -> String {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    let ipv6_like = inner.contains(':')
        && inner
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
    if ipv6_like {
        return format!("[{inner}]");
    }
    encode_raw(host, EncodeSet::USERINFO)
}
