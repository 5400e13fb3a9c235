//! `Host<S>`: rust-url's typed host, parsed by weburl's host parser.
//!
//! <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::error::{self, ParseError};

/// The host of a URL: a domain (for non-special URLs, the opaque host),
/// an IPv4 address or an IPv6 address. rust-url's URLs with an empty host
/// (`file:///x`) have no `Host`.
///
/// <https://url.spec.whatwg.org/#concept-host>
#[cfg_attr(feature = "serde", derive(serde::Deserialize, serde::Serialize))]
#[derive(Clone, Debug, Eq, Ord, PartialOrd, Hash)]
pub enum Host<S = String> {
    /// A DNS domain name, as `.` dot-separated labels, ASCII and lowercase
    /// (Unicode domains are punycoded); or a non-special URL's opaque host.
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address; serialized in brackets, compressed.
    Ipv6(Ipv6Addr),
}

impl Host<&str> {
    /// The host with an owned domain.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(domain) => Host::Domain(domain.to_owned()),
            Host::Ipv4(address) => Host::Ipv4(address),
            Host::Ipv6(address) => Host::Ipv6(address),
        }
    }
}

impl Host<String> {
    /// Parses a special URL's host: an IPv6 address in brackets, an IPv4
    /// address (when the host ends in a number), or a domain after UTS #46
    /// ToASCII.
    ///
    /// <https://url.spec.whatwg.org/#concept-host-parser>
    pub fn parse(input: &str) -> Result<Host<String>, ParseError> {
        parse(input, true)
    }

    /// Parses a non-special URL's host: an IPv6 address in brackets, or an
    /// opaque host.
    ///
    /// <https://url.spec.whatwg.org/#concept-opaque-host-parser>
    pub fn parse_opaque(input: &str) -> Result<Host<String>, ParseError> {
        parse(input, false)
    }
}

/// The host parser (with `isOpaque` = `!special`), run through weburl's URL
/// parser on `scheme://input/`. `input` is first checked for the bytes
/// that would end the host there (every one of them is forbidden in a
/// host anyway), so the host weburl parses is all of `input`.
fn parse(input: &str, special: bool) -> Result<Host<String>, ParseError> {
    if let Some(inner) = input.strip_prefix('[') {
        let inner = inner
            .strip_suffix(']')
            .ok_or(ParseError::InvalidIpv6Address)?;
        if !inner
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        {
            return Err(ParseError::InvalidIpv6Address);
        }
        let url = weburl::Url::parse(&format!("http://[{inner}]/"))
            .map_err(|e| error::from_weburl(e, None))?;
        return match url.typed_host() {
            Some(weburl::Host::Ipv6(a)) => Ok(Host::Ipv6(a)),
            _ => Err(ParseError::InvalidIpv6Address),
        };
    }
    let ends_host = |b: u8| {
        matches!(
            b,
            b'/' | b'\\'
                | b'?'
                | b'#'
                | b'@'
                | b':'
                | b'['
                | b']'
                | b'\t'
                | b'\n'
                | b'\r'
                | b' '
                | 0
        ) || (special && b < b' ')
    };
    if input.bytes().any(ends_host) {
        // rust-url's special hosts fail in UTS #46 (its URL deny list);
        // its opaque hosts fail its forbidden host code point check.
        return Err(if special {
            ParseError::IdnaError
        } else {
            ParseError::InvalidDomainCharacter
        });
    }
    if input.is_empty() {
        return if special {
            Err(ParseError::EmptyHost)
        } else {
            Ok(Host::Domain(String::new()))
        };
    }
    let scheme = if special { "http" } else { "sc" };
    let url = weburl::Url::parse(&format!("{scheme}://{input}/"))
        .map_err(|e| error::from_weburl(e, None))?;
    Ok(match url.typed_host() {
        Some(weburl::Host::Domain(d) | weburl::Host::Opaque(d)) => Host::Domain(d.to_owned()),
        Some(weburl::Host::Ipv4(a)) => Host::Ipv4(a),
        Some(weburl::Host::Ipv6(a)) => Host::Ipv6(a),
        Some(weburl::Host::Empty) | None => Host::Domain(String::new()),
    })
}

/// The host serializer: IPv6 addresses compressed in brackets.
///
/// <https://url.spec.whatwg.org/#concept-host-serializer>
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(domain) => domain.as_ref().fmt(f),
            Host::Ipv4(address) => address.fmt(f),
            Host::Ipv6(address) => weburl::Host::Ipv6(*address).fmt(f),
        }
    }
}

impl<S, T> PartialEq<Host<T>> for Host<S>
where
    S: PartialEq<T>,
{
    fn eq(&self, other: &Host<T>) -> bool {
        match (self, other) {
            (Host::Domain(a), Host::Domain(b)) => a == b,
            (Host::Ipv4(a), Host::Ipv4(b)) => a == b,
            (Host::Ipv6(a), Host::Ipv6(b)) => a == b,
            _ => false,
        }
    }
}
