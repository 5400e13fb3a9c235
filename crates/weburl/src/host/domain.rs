//! The one door to IDNA: the domain parser ("domain to ASCII") and
//! "domain to Unicode".
//!
//! The host parser copies a domain of lowercase ASCII letters, digits and
//! the like as it is (the domain parser's result for it); every other
//! domain comes here. Keeping the `idna` crate behind this module means the
//! backend can change without touching the parser.

use std::borrow::Cow;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::code_points::is_forbidden_domain;
use crate::error::ParseError;

/// The domain parser, without its validation-error step (the host parser
/// reports that one): appends the ASCII domain for `domain` to `out`.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
///
/// `domain` is the percent-decoded host; bytes that are not UTF-8 stand for
/// U+FFFD, which ToASCII rejects, as "UTF-8 decode without BOM" followed by
/// the domain parser would.
pub(crate) fn parse_into(
    domain: &[u8],
    be_strict: bool,
    out: &mut String,
) -> Result<(), ParseError> {
    if be_strict {
        // Steps 1 and 3: the strict result is returned as it is; its
        // UseSTD3ASCIIRules and VerifyDnsLength already exclude the empty
        // domain and the forbidden domain code points.
        let ascii = to_ascii(domain, true).ok_or(ParseError::DomainToAscii)?;
        out.push_str(&ascii);
        return Ok(());
    }
    // Step 5: an ASCII domain is lowercased whatever ToASCII says of it.
    let ascii = if domain.is_ascii() {
        Cow::Borrowed(domain)
    } else {
        match to_ascii(domain, false).ok_or(ParseError::DomainToAscii)? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    };
    // Steps 7 and 8.
    if ascii.is_empty() {
        return Err(ParseError::DomainToAscii);
    }
    if ascii.iter().copied().any(is_forbidden_domain) {
        return Err(ParseError::DomainInvalidCodePoint);
    }
    out.extend(ascii.iter().map(|&b| char::from(b.to_ascii_lowercase())));
    Ok(())
}

/// The domain parser with `beStrict` given: the ASCII domain, or why the
/// input is not one.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
///
/// With `be_strict` false this is what the URL parser does to a special
/// URL's host after percent-decoding it; with `be_strict` true it is the
/// check behind the `domain-to-ASCII` validation error and "valid domain".
///
/// ```
/// use weburl::{domain_to_ascii, ParseError};
///
/// assert_eq!(domain_to_ascii("Faß.EXAMPLE", false).as_deref(), Ok("xn--fa-hia.example"));
/// // An ASCII domain is only lowercased, unless beStrict is set.
/// assert_eq!(domain_to_ascii("a_b.example", false).as_deref(), Ok("a_b.example"));
/// assert_eq!(domain_to_ascii("a_b.example", true), Err(ParseError::DomainToAscii));
/// ```
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<String, ParseError> {
    let mut out = String::new();
    parse_into(domain.as_bytes(), be_strict, &mut out)?;
    Ok(out)
}

/// The domain parser ToASCII: Unicode ToASCII with CheckHyphens,
/// UseSTD3ASCIIRules and VerifyDnsLength set to `be_strict`, CheckBidi and
/// CheckJoiners true, Transitional_Processing and IgnoreInvalidPunycode
/// false. `None` is failure.
///
/// <https://url.spec.whatwg.org/#concept-domain-parser-toascii>
pub(crate) fn to_ascii(domain: &[u8], be_strict: bool) -> Option<Cow<'_, str>> {
    let (deny, hyphens, dns_length) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    let ascii = Uts46::new()
        .to_ascii(domain, deny, hyphens, dns_length)
        .ok()?;
    (!has_decoded_xn_label(&ascii)).then_some(ascii)
}

/// UTS #46 validity criterion V4 for Punycode labels: a label that
/// Punycode-decodes to one beginning with `xn--` is an error whatever
/// CheckHyphens says. The `idna` crate checks it only with CheckHyphens
/// (where V2 catches the `--` anyway), so it is checked here, on ToASCII's
/// output: every `xn--` label there is the encoding of its decoded label.
///
/// <https://www.unicode.org/reports/tr46/#Validity_Criteria>
fn has_decoded_xn_label(ascii: &str) -> bool {
    ascii.split('.').any(|label| {
        label.strip_prefix("xn--").is_some_and(|encoded| {
            idna::punycode::decode_to_string(encoded)
                .is_some_and(|decoded| decoded.starts_with("xn--"))
        })
    })
}

/// Whether the domain parser's strict run of ToASCII succeeds. Its failure
/// is the `domain-to-ASCII` validation error, which never changes the
/// result for an ASCII domain.
pub(crate) fn strict_to_ascii_succeeds(domain: &[u8]) -> bool {
    to_ascii(domain, true).is_some()
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
        // V4, which the backend does not check with CheckHyphens false (see
        // `has_decoded_xn_label`).
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
            domain_to_ascii("faß.example", false).as_deref(),
            Ok("xn--fa-hia.example")
        );
        assert_eq!(
            domain_to_ascii("☕.example", false).as_deref(),
            Ok("xn--53h.example")
        );
        assert_eq!(
            domain_to_ascii("\u{FFFD}", false),
            Err(ParseError::DomainToAscii)
        );
    }

    #[test]
    fn decoded_label_beginning_with_xn() {
        // The fullwidth ｏ maps to "o": the label is xn--xn---epoa, whose
        // Punycode decodes to "xn--๏๏" (UTS #46 V4).
        for be_strict in [false, true] {
            assert_eq!(
                domain_to_ascii("xn--xn---ep\u{FF4F}a", be_strict),
                Err(ParseError::DomainToAscii)
            );
            assert_eq!(
                domain_to_ascii("a.xn--xn---ep\u{FF4F}a.b", be_strict),
                Err(ParseError::DomainToAscii)
            );
        }
        // ASCII input keeps the ASCII fallback unless beStrict is set.
        assert_eq!(
            domain_to_ascii("XN--xn---epa", false).as_deref(),
            Ok("xn--xn---epa")
        );
        assert_eq!(
            domain_to_ascii("xn--xn---epa", true),
            Err(ParseError::DomainToAscii)
        );
        // A label that decodes to one merely containing "xn--" is fine.
        assert!(domain_to_ascii("\u{E0}xn--.example", false).is_ok());
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
