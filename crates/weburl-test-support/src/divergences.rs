//! The known divergences between weburl and ada, as predicates: each names
//! an entry of `allowed_divergences.md`, where the URL Standard / UTS #46
//! step and the Unicode IdnaTestV2 line that decide it are cited. A
//! disagreement that matches none of them is a failure.
//!
//! Used by the `differential` fuzz target and by
//! `crates/weburl/tests/differential.rs`. Depends on `weburl` only.

use weburl::{ParseError, Url};

/// Whether `c` is a right-to-left code point (Bidi_Class R or AL blocks):
/// Hebrew, Arabic, Syriac, Thaana, NKo and the other scripts from U+0590 to
/// U+08FF, their presentation forms, and the right-to-left blocks of the
/// supplementary planes.
fn is_right_to_left(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{08FF}'
        | '\u{FB1D}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}'
        | '\u{10800}'..='\u{10FFF}'
        | '\u{1E800}'..='\u{1EFFF}')
}

/// Explains a case where weburl fails and ada parses `input` (against
/// `base`) to a URL with host `ada_hostname`; `None` when no entry covers it.
/// The host may come from the input or from the base.
pub fn weburl_fails_ada_parses(
    input: &str,
    base: Option<&str>,
    weburl_error: ParseError,
    ada_hostname: &str,
) -> Option<&'static str> {
    if weburl_error != ParseError::DomainToAscii {
        return None;
    }
    let texts = [Some(input), base];
    let texts = texts.iter().flatten();
    // ada-bidi-rule: a domain with a right-to-left label must satisfy the
    // Bidi Rule in every label (UTS #46 CheckBidi, RFC 5893 §2); ada does
    // not check the labels without right-to-left characters.
    // The right-to-left label may be written in Punycode ("xn--000-ppe" is
    // "א000"): look at ada's labels decoded one by one too.
    let decoded_label_is_rtl = ada_hostname.split('.').any(|label| {
        weburl::domain_to_unicode(label)
            .chars()
            .any(is_right_to_left)
    });
    if decoded_label_is_rtl || texts.clone().any(|text| text.chars().any(is_right_to_left)) {
        return Some("ada-bidi-rule");
    }
    // ada-invalid-punycode: a non-ASCII domain goes through ToASCII with
    // IgnoreInvalidPunycode false, so an "xn--" label that does not decode
    // (UTS #46 P4) fails; ada keeps it.
    // A label ada wrote itself would decode; one that does not came from
    // the input (possibly through UTS #46 mapping, like "０" to "0").
    let invalid_label = ada_hostname
        .split('.')
        .any(|label| label.starts_with("xn--") && weburl::domain_to_unicode(label) == label);
    if invalid_label && texts.clone().any(|text| !text.is_ascii()) {
        return Some("ada-invalid-punycode");
    }
    None
}

/// Explains a disagreement that appears after a setter given `value` ran on
/// a URL that both parsed identically (ada's URL now has host
/// `ada_hostname`); `None` when no entry covers it.
pub fn after_setter(
    input: &str,
    base: Option<&str>,
    value: &str,
    ours: &Url,
    ada_hostname: &str,
) -> Option<&'static str> {
    // The host and hostname setters (and href) parse a host from the value:
    // the two IDNA entries apply to it as to a parsed input.
    if let Some(entry) =
        weburl_fails_ada_parses(value, None, ParseError::DomainToAscii, ada_hostname)
    {
        if ours.hostname() != ada_hostname {
            return Some(entry);
        }
    }
    // ada-file-drive-letter-setters: a file URL resolved from a reference
    // that starts with a Windows drive letter ("c|/x", "file:c|/x") against
    // a file base;
    // ada then ignores the pathname and host setters that the standard
    // applies (the same URL parsed without a base works in ada).
    // As the parser sees them: leading C0 controls and spaces trimmed, tabs
    // and newlines removed.
    let seen: String = input
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    // "file:c|/x" against a file base takes the same path through the
    // file state as "c|/x".
    let after_scheme = match seen.get(..5) {
        Some(scheme) if scheme.eq_ignore_ascii_case("file:") => &seen[5..],
        _ => &seen[..],
    };
    let drive_letter =
        matches!(after_scheme.as_bytes(), [a, b'|' | b':', ..] if a.is_ascii_alphabetic());
    let base = base.and_then(|b| Url::parse(b).ok());
    let file_base = base.as_ref().is_some_and(|b| b.scheme() == "file");
    // The URL as first parsed, not `ours`: a later protocol setter may have
    // changed the scheme, and ada still ignores the pathname setter then.
    let parsed_as_file = Url::options()
        .base_url(base.as_ref())
        .parse(input)
        .is_ok_and(|first| first.scheme() == "file");
    (parsed_as_file && drive_letter && file_base).then_some("ada-file-drive-letter-setters")
}

/// Explains a case where both parse to the same URL but the origins differ:
/// a `blob:` URL whose inner URL weburl refuses for one of the host entries
/// above (so its origin is opaque) while ada gives the tuple `ada_origin`.
pub fn blob_origin(ours: &Url, ada_origin: &str) -> Option<&'static str> {
    if ours.scheme() != "blob" {
        return None;
    }
    let inner = ours.pathname();
    let error = Url::parse(inner).err()?;
    let ada_host = ada_origin.split_once("://")?.1;
    let ada_host = ada_host.rsplit_once(':').map_or(ada_host, |(host, _)| host);
    // The blob URL's path is percent-encoded; its host is decoded again
    // when the inner URL is parsed, so judge the decoded text.
    let decoded = weburl::percent_encoding::percent_decode(inner.as_bytes());
    let decoded = String::from_utf8_lossy(&decoded);
    weburl_fails_ada_parses(inner, Some(&decoded), error, ada_host)
}
