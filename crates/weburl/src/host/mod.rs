//! Hosts: domains, IP addresses, opaque hosts and empty hosts.
//!
//! <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>

pub(crate) mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;
mod kept;
mod opaque;
mod punycode;

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::error::ParseError;
use crate::percent_encoding::percent_decode;
use crate::validation::{check_url_units, ValidationErrorKind};

/// What kind of host a URL has; stored next to the offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum HostKind {
    /// The host is null: the URL has no authority.
    None,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
    /// The empty host, as in `file:///x` or `sc:///x`.
    Empty,
}

/// A URL's host, typed.
///
/// <https://url.spec.whatwg.org/#concept-host>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A domain, ASCII and lowercase (`example.com`, `xn--fa-hia.example`).
    Domain(&'a str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// The host of a non-special URL, percent-encoded as needed (`git://host`).
    Opaque(&'a str),
    /// The empty host (`file:///path`).
    Empty,
}

impl Host<'_> {
    /// ada's number for the kind of host (`ada::url_host_type`), which
    /// ada's C API (`ada_get_host_type`) and ada's Python package expose:
    /// 0 for a domain, an opaque or an empty host, 1 for IPv4, 2 for IPv6.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("http://[::1]/")?;
    /// assert_eq!(url.typed_host().map(|h| h.ada_type()), Some(2));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn ada_type(&self) -> u8 {
        match self {
            Host::Ipv4(_) => 1,
            Host::Ipv6(_) => 2,
            Host::Domain(_) | Host::Opaque(_) | Host::Empty => 0,
        }
    }
}

impl std::fmt::Display for Host<'_> {
    /// The host serializer: <https://url.spec.whatwg.org/#concept-host-serializer>
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            Host::Ipv4(a) => write!(f, "{a}"),
            Host::Ipv6(a) => {
                let mut out = String::new();
                ipv6::serialize(&a.segments(), &mut out);
                write!(f, "[{out}]")
            }
            Host::Empty => Ok(()),
        }
    }
}

/// Hears of validation errors found in a host; `None` when nobody listens.
pub(crate) type Notes<'n> = Option<&'n mut dyn FnMut(ValidationErrorKind)>;

fn note(notes: &mut Notes<'_>, kind: ValidationErrorKind) {
    if let Some(notes) = notes {
        notes(kind);
    }
}

/// IPv4-non-ASCII-input when the domain (`input` percent-decoded) is not
/// ASCII. Out of line: only a parse that reports validation errors calls it.
#[cold]
#[inline(never)]
fn note_ipv4_non_ascii_input(input: &[u8], notes: &mut Notes<'_>) {
    if !percent_decode(input).is_ascii() {
        note(notes, ValidationErrorKind::Ipv4NonAsciiInput);
    }
}

/// The host parser: parses `input` and appends the serialized host to `out`.
///
/// <https://url.spec.whatwg.org/#concept-host-parser>
///
/// `input` is not empty (the callers handle the empty host).
pub(crate) fn parse_into(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    mut notes: Notes<'_>,
) -> Result<HostKind, ParseError> {
    let bytes = input.as_bytes();
    if bytes.first() == Some(&b'[') {
        let Some(inner) = bytes[1..].strip_suffix(b"]") else {
            note(&mut notes, ValidationErrorKind::Ipv6Unclosed);
            return Err(ParseError::Ipv6Unclosed);
        };
        let address = ipv6::parse_noting(inner, || {
            note(&mut notes, ValidationErrorKind::Ipv6PieceLeadingZero)
        })
        .map_err(|e| {
            note(&mut notes, e.kind());
            e.parse_error()
        })?;
        out.push('[');
        ipv6::serialize(&address, out);
        out.push(']');
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        if !opaque::is_valid(input) {
            note(&mut notes, ValidationErrorKind::HostInvalidCodePoint);
            return Err(ParseError::HostInvalidCodePoint);
        }
        if let Some(notes) = notes.as_mut() {
            // The opaque-host parser's two checks are on the whole input
            // ("if input contains ..."): one invalid-URL-unit for code
            // points that are not URL code points, then one for a "%" not
            // followed by two hex digits.
            let (mut unit, mut percent) = (false, false);
            check_url_units(input, false, &mut |_, at, _| match bytes[at] {
                b'%' => percent = true,
                _ => unit = true,
            });
            for _ in 0..usize::from(unit) + usize::from(percent) {
                notes(ValidationErrorKind::InvalidUrlUnit);
            }
        }
        opaque::encode_into(input, out);
        return Ok(HostKind::Opaque);
    }
    let start = out.len();
    let first_unusual = bytes
        .iter()
        .position(|&b| !LOWERCASE_DOMAIN_BYTE[usize::from(b)]);
    if first_unusual.is_none() && notes.is_none() {
        // The common case: a lowercase ASCII domain, copied as it is.
        out.push_str(input);
    } else {
        let decoded = percent_decode(bytes);
        if notes.is_some() {
            if decoded.len() < bytes.len() {
                note(&mut notes, ValidationErrorKind::DomainPercentEncoded);
            }
            // The domain parser's strict run only reports.
            if !domain::strict_to_ascii_succeeds(&decoded) {
                note(&mut notes, ValidationErrorKind::DomainToAscii);
            }
        }
        domain::parse_into(&decoded, false, out)?;
    }
    if ipv4::ends_in_a_number(&out.as_bytes()[start..]) {
        if notes.is_some() {
            note_ipv4_non_ascii_input(bytes, &mut notes);
        }
        let address = ipv4::parse_noting(&out.as_bytes()[start..], |kind| note(&mut notes, kind))
            .map_err(|e| match e {
            ipv4::Ipv4Error::TooManyParts => ParseError::Ipv4TooManyParts,
            ipv4::Ipv4Error::NonNumericPart => ParseError::Ipv4NonNumericPart,
            ipv4::Ipv4Error::OutOfRange => ParseError::Ipv4OutOfRange,
        })?;
        out.truncate(start);
        ipv4::serialize(address, out);
        return Ok(HostKind::Ipv4);
    }
    Ok(HostKind::Domain)
}

/// ASCII bytes that stand in a domain as they are: not upper case, not a
/// forbidden domain code point (so not "%" either).
static LOWERCASE_DOMAIN_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        table[i] = !b.is_ascii_uppercase() && !crate::code_points::is_forbidden_domain_byte(b);
        i += 1;
    }
    table
};

/// Parses a serialized IPv6 host ("[...]") back into an address.
pub(crate) fn ipv6_from_serialized(host: &str) -> Option<Ipv6Addr> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    ipv6::parse(inner.as_bytes()).ok().map(Ipv6Addr::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str, is_opaque: bool) -> Result<(HostKind, String), ParseError> {
        let mut out = String::new();
        parse_into(input, is_opaque, &mut out, None).map(|k| (k, out))
    }

    /// The example table under "Hosts (domains and IP addresses)" in url.bs.
    #[test]
    fn spec_examples() {
        let cases: &[(&str, Option<&str>, Option<&str>)] = &[
            ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
            ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
            (
                "faß.example",
                Some("xn--fa-hia.example"),
                Some("fa%C3%9F.example"),
            ),
            ("0", Some("0.0.0.0"), Some("0")),
            ("%30", Some("0.0.0.0"), Some("%30")),
            ("0x", Some("0.0.0.0"), Some("0x")),
            ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
            ("[0:0::1]", Some("[::1]"), Some("[::1]")),
            ("[0:0::1%5D", None, None),
            ("[0:0::%31]", None, None),
            ("09", None, Some("09")),
            ("example.255", None, Some("example.255")),
            ("example^example", None, None),
        ];
        for &(input, domain, opaque) in cases {
            assert_eq!(
                host(input, false).ok().map(|h| h.1).as_deref(),
                domain,
                "{input}"
            );
            assert_eq!(
                host(input, true).ok().map(|h| h.1).as_deref(),
                opaque,
                "{input} opaque"
            );
        }
    }

    #[test]
    fn ascii_xn_labels_are_not_checked_by_idna() {
        assert_eq!(host("XN--8I7CAA", false).unwrap().1, "xn--8i7caa");
        assert_eq!(host("xn--", false).unwrap().1, "xn--");
    }
}
