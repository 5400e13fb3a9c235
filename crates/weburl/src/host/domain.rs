//! The one door to IDNA: "domain to ASCII" and "domain to Unicode".
//!
//! Only hosts with non-ASCII code points come here; ASCII domains are
//! lowercased by the host parser itself, as the domain parser's step 5
//! allows (<https://url.spec.whatwg.org/#concept-domain-to-ascii>). Keeping
//! the `idna` crate behind these two functions means the backend can change
//! without touching the parser.

use std::borrow::Cow;

/// Unicode ToASCII with the URL Standard's flags (`beStrict` false):
/// CheckHyphens false, CheckBidi true, CheckJoiners true,
/// UseSTD3ASCIIRules false, Transitional_Processing false, VerifyDnsLength
/// false, IgnoreInvalidPunycode false. The host parser sends only non-ASCII
/// domains here; ASCII input is mapped (lowercased) and checked the same way.
///
/// <https://url.spec.whatwg.org/#concept-domain-parser-toascii>
///
/// Returns `None` on failure, including for bytes that are not UTF-8. The
/// forbidden-domain-code-point check is the caller's: the host parser does
/// it on the result for ASCII and non-ASCII input alike.
///
/// ```
/// assert_eq!(weburl::domain_to_ascii("faß.Example".as_bytes()).as_deref(), Some("xn--fa-hia.example"));
/// assert_eq!(weburl::domain_to_ascii(b"\xFF.example"), None);
/// ```
pub fn domain_to_ascii(domain: &[u8]) -> Option<Cow<'_, str>> {
    idna::domain_to_ascii_cow(domain, idna::AsciiDenyList::EMPTY).ok()
}

/// Whether the domain parser's strict run of ToASCII (CheckHyphens,
/// UseSTD3ASCIIRules and VerifyDnsLength true) succeeds. Its failure is the
/// `domain-to-ASCII` validation error, which never changes the result for
/// an ASCII domain.
pub(crate) fn strict_to_ascii_succeeds(domain: &[u8]) -> bool {
    match std::str::from_utf8(domain) {
        Ok(domain) => idna::domain_to_ascii_strict(domain).is_ok(),
        Err(_) => false,
    }
}

/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>
///
/// On any recorded error the domain is returned as it is, so that the
/// domain parser and this function roundtrip.
pub fn domain_to_unicode(domain: &str) -> Cow<'_, str> {
    if !domain.starts_with("xn--") && !domain.contains(".xn--") {
        return Cow::Borrowed(domain);
    }
    match idna::domain_to_unicode(domain) {
        // UTS #46 validity criterion V4 (a label must not begin with "xn--",
        // checked on the decoded label) is an error the backend does not
        // record with hyphen checks off: check it here.
        (unicode, Ok(())) if !unicode.split('.').any(|label| label.starts_with("xn--")) => {
            Cow::Owned(unicode)
        }
        _ => Cow::Borrowed(domain),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_ascii_domains() {
        assert_eq!(
            domain_to_ascii("faß.example".as_bytes()).as_deref(),
            Some("xn--fa-hia.example")
        );
        assert_eq!(
            domain_to_ascii("☕.example".as_bytes()).as_deref(),
            Some("xn--53h.example")
        );
        assert_eq!(domain_to_ascii("\u{FFFD}".as_bytes()), None);
    }

    #[test]
    fn to_unicode_roundtrips_on_errors() {
        assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
        assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
        // V4: the decoded label would itself start with "xn--".
        assert_eq!(domain_to_unicode("xn--xn---epa"), "xn--xn---epa");
        assert_eq!(domain_to_unicode("xn--xn--a--gua.pt"), "xn--xn--a--gua.pt");
        assert_eq!(domain_to_unicode("example.com"), "example.com");
    }
}
