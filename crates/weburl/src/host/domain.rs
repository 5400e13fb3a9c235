//! The one door to IDNA: the domain parser ("domain to ASCII") and
//! "domain to Unicode".
//!
//! The host parser copies a domain of lowercase ASCII letters, digits and
//! the like as it is (the domain parser's result for it); every other
//! domain comes here. Keeping the `idna` crate behind this module means the
//! backend can change without touching the parser.

use std::borrow::Cow;

use idna::uts46::{
    verify_dns_length, AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46,
};

use super::kept;
use crate::code_points::is_forbidden_domain;
use crate::error::ParseError;

/// The domain parser, without its validation-error step (the host parser
/// reports that one): appends the ASCII domain for `domain` to `out`, which
/// is left as it was on failure.
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
    let start = out.len();
    // Step 5: an ASCII domain is lowercased whatever ToASCII says of it
    // (unless beStrict is set).
    let ascii_domain = if be_strict || !domain.is_ascii() {
        None
    } else {
        std::str::from_utf8(domain).ok()
    };
    if let Some(ascii) = ascii_domain {
        out.push_str(ascii);
        out[start..].make_ascii_lowercase();
    } else {
        if !to_ascii_into(domain, be_strict, out) {
            return Err(ParseError::DomainToAscii);
        }
        if be_strict {
            // Steps 1 and 3: the strict result is returned as it is; its
            // UseSTD3ASCIIRules and VerifyDnsLength already exclude the
            // empty domain and the forbidden domain code points.
            return Ok(());
        }
    }
    // Steps 7 and 8.
    let result = &out.as_bytes()[start..];
    let error = if result.is_empty() {
        ParseError::DomainToAscii
    } else if result.iter().copied().any(is_forbidden_domain) {
        ParseError::DomainInvalidCodePoint
    } else {
        return Ok(());
    };
    out.truncate(start);
    Err(error)
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
/// false. Appends the result to `out`; `false` is failure, and leaves `out`
/// as it was.
///
/// <https://url.spec.whatwg.org/#concept-domain-parser-toascii>
pub(crate) fn to_ascii_into(domain: &[u8], be_strict: bool, out: &mut String) -> bool {
    let (deny, hyphens) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow)
    };
    let start = out.len();
    // The common IDNs, without the backend. No label of theirs begins with
    // "xn--", so V4 below has nothing to find.
    if !be_strict && kept::to_ascii_into(domain, out) {
        return true;
    }
    // The backend writes its output straight into `out`, so that nothing is
    // allocated or copied twice.
    let processed = Uts46::new().process(
        domain,
        deny,
        hyphens,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        out,
        None,
    );
    let passed = match processed {
        // The result is `domain` itself, which the backend found ASCII.
        Ok(ProcessingSuccess::Passthrough) => match std::str::from_utf8(domain) {
            Ok(ascii) => {
                out.push_str(ascii);
                true
            }
            Err(_) => false,
        },
        Ok(ProcessingSuccess::WroteToSink) => true,
        Err(_) => false,
    };
    let ascii = &out[start..];
    // VerifyDnsLength, on the whole result.
    let ok =
        passed && (!be_strict || verify_dns_length(ascii, false)) && !has_decoded_xn_label(ascii);
    if !ok {
        out.truncate(start);
    }
    ok
}

/// UTS #46 validity criterion V4 for Punycode labels: a label that
/// Punycode-decodes to one beginning with `xn--` is an error whatever
/// CheckHyphens says. The `idna` crate checks it only with CheckHyphens
/// (where V2 catches the `--` anyway), so it is checked here, on ToASCII's
/// output: every `xn--` label there is the encoding of its decoded label.
///
/// <https://www.unicode.org/reports/tr46/#Validity_Criteria>
fn has_decoded_xn_label(ascii: &str) -> bool {
    // Such a label begins with "xn--xn--" (see `basic_code_points`), which
    // a byte scan rules out for almost every result; decoding allocates.
    ascii.as_bytes().split(|&b| b == b'.').any(|label| {
        label.starts_with(b"xn--xn--")
            && std::str::from_utf8(&label[4..]).is_ok_and(|encoded| {
                basic_code_points(encoded).starts_with("xn--")
                    && idna::punycode::decode_to_string(encoded)
                        .is_some_and(|decoded| decoded.starts_with("xn--"))
            })
    })
}

/// The basic (ASCII) code points of a Punycode-encoded label, in the order
/// decoding keeps them: all before its last "-" (RFC 3492, section 6.2).
/// Decoding only inserts code points of U+0080 and above among them (its
/// `n` starts at 128 and never decreases), so a decoded label can begin with
/// "xn--" only if these do.
///
/// <https://www.rfc-editor.org/rfc/rfc3492#section-6.2>
fn basic_code_points(encoded: &str) -> &str {
    encoded.rfind('-').map_or("", |last| &encoded[..last])
}

/// UTS #46 ToASCII with the URL Standard's flags (`beStrict` false) and
/// nothing around it: without [`domain_to_ascii`]'s ASCII fast path and its
/// forbidden-code-point check, as ada's `ada_idna_to_ascii` does. Bytes
/// that are not UTF-8 fail. `None` is failure.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
///
/// ```
/// use weburl::uts46_to_ascii;
/// assert_eq!(uts46_to_ascii("Faß.EXAMPLE".as_bytes()).as_deref(), Some("xn--fa-hia.example"));
/// assert_eq!(uts46_to_ascii(b"xn--a.example"), None);
/// ```
pub fn uts46_to_ascii(domain: &[u8]) -> Option<String> {
    let mut out = String::new();
    to_ascii_into(domain, false, &mut out).then_some(out)
}

/// Whether the domain parser's strict run of ToASCII succeeds. Its failure
/// is the `domain-to-ASCII` validation error, which never changes the
/// result for an ASCII domain.
pub(crate) fn strict_to_ascii_succeeds(domain: &[u8]) -> bool {
    to_ascii_into(domain, true, &mut String::new())
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
