//! The URL Standard's validation errors: what the parser noticed was wrong
//! with an input, whether or not it could still make a URL of it.
//!
//! <https://url.spec.whatwg.org/#validation-error>
//!
//! Reporting is opt-in: give a [`ValidationSink`] to
//! [`ParseOptions::validation_sink`](crate::ParseOptions::validation_sink).
//! Without one the parser does none of this work.

use std::fmt;
use std::ops::Range;

macro_rules! kinds {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $name:literal, failure: $failure:literal, description: $description:literal;
    )*) => {
        /// A validation error's type, one variant per name in the URL
        /// Standard's table (<https://url.spec.whatwg.org/#validation-error>).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ValidationErrorKind {
            $( $(#[$doc])* $variant, )*
        }

        impl ValidationErrorKind {
            /// Every kind, in the standard's order.
            pub const ALL: &'static [ValidationErrorKind] = &[$(ValidationErrorKind::$variant),*];

            /// The standard's name, like `"IPv4-non-decimal-part"`.
            pub fn name(self) -> &'static str {
                match self { $(ValidationErrorKind::$variant => $name,)* }
            }

            /// What the error means, in a few words, for people reading a
            /// report (the standard's table has a longer description).
            ///
            /// ```
            /// use weburl::ValidationErrorKind;
            ///
            /// assert_eq!(
            ///     ValidationErrorKind::InvalidReverseSolidus.description(),
            ///     "\"\\\" where \"/\" belongs; special URLs read it as \"/\""
            /// );
            /// ```
            pub fn description(self) -> &'static str {
                match self { $(ValidationErrorKind::$variant => $description,)* }
            }

            /// Whether the parser always returns failure after this error.
            /// (`domain-to-ASCII` fails only for non-ASCII domains, and the
            /// IPv4 errors marked non-failing here can still come with a
            /// failure: see [`ValidationError`]'s note.)
            pub fn is_failure(self) -> bool {
                match self { $(ValidationErrorKind::$variant => $failure,)* }
            }
        }
    };
}

kinds! {
    /// Unicode ToASCII (strict) records an error for the domain.
    DomainToAscii = "domain-to-ASCII", failure: false,
        description: "the host is not a valid domain (UTS #46 ToASCII, strict)";
    /// The host, to be processed as a domain, contains a percent-encoded byte.
    DomainPercentEncoded = "domain-percent-encoded", failure: false,
        description: "the host has percent-encoded bytes, which are decoded";
    /// An opaque host contains a forbidden host code point.
    HostInvalidCodePoint = "host-invalid-code-point", failure: true,
        description: "the host has a code point that hosts cannot contain";
    /// An IPv4 address ends with a ".".
    Ipv4EmptyPart = "IPv4-empty-part", failure: false,
        description: "the IPv4 address ends with \".\"";
    /// An IPv4 address has fewer than four parts.
    Ipv4TooFewParts = "IPv4-too-few-parts", failure: false,
        description: "the IPv4 address has fewer than four parts";
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts = "IPv4-too-many-parts", failure: true,
        description: "the IPv4 address has more than four parts";
    /// An IPv4 address part is not numeric.
    Ipv4NonNumericPart = "IPv4-non-numeric-part", failure: true,
        description: "the host ends in a number but has a part that is not one";
    /// An IPv4 address part is written in hexadecimal or octal.
    Ipv4NonDecimalPart = "IPv4-non-decimal-part", failure: false,
        description: "an IPv4 part is hexadecimal or octal";
    /// An IPv4 address part exceeds 255 (failure unless it is the last part).
    Ipv4OutOfRangePart = "IPv4-out-of-range-part", failure: false,
        description: "an IPv4 part is greater than 255";
    /// A host that ends in a number, so read as an IPv4 address, was not
    /// ASCII before IDNA mapped it (full-width digits, "①", "。"). Added to
    /// the Standard's table after the url.bs snapshot in the repository
    /// (whatwg/url, 2026; the reference implementation whatwg-url reports
    /// it from 17.3.0): the host parser's step "if asciiDomain ends in a
    /// number", when domain is not an ASCII string.
    Ipv4NonAsciiInput = "IPv4-non-ASCII-input", failure: false,
        description: "the host became an IPv4 address only after IDNA mapped non-ASCII code points";
    /// An IPv6 address is missing its closing "]".
    Ipv6Unclosed = "IPv6-unclosed", failure: true,
        description: "\"[\" without a closing \"]\"";
    /// An IPv6 address starts with a single ":".
    Ipv6InvalidCompression = "IPv6-invalid-compression", failure: true,
        description: "the IPv6 address starts with a single \":\"";
    /// An IPv6 address has more than eight pieces.
    Ipv6TooManyPieces = "IPv6-too-many-pieces", failure: true,
        description: "the IPv6 address has more than eight pieces";
    /// An IPv6 address has "::" more than once.
    Ipv6MultipleCompression = "IPv6-multiple-compression", failure: true,
        description: "\"::\" appears more than once";
    /// An IPv6 address has a code point that is not a hex digit or ":", or ends with ":".
    Ipv6InvalidCodePoint = "IPv6-invalid-code-point", failure: true,
        description: "unexpected code point in the IPv6 address";
    /// An uncompressed IPv6 address has fewer than eight pieces.
    Ipv6TooFewPieces = "IPv6-too-few-pieces", failure: true,
        description: "the IPv6 address has fewer than eight pieces and no \"::\"";
    /// An IPv6 address piece has a leading zero.
    Ipv6PieceLeadingZero = "IPv6-piece-leading-zero", failure: false,
        description: "an IPv6 piece has a leading zero";
    /// An IPv4-in-IPv6 address has more than six IPv6 pieces before it.
    Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces", failure: true,
        description: "more than six pieces before the embedded IPv4 address";
    /// An IPv4 part of an IPv6 address is not a decimal number without leading zero.
    Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point", failure: true,
        description: "the embedded IPv4 address is not decimal numbers without leading zeros";
    /// An IPv4 part of an IPv6 address exceeds 255.
    Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part", failure: true,
        description: "a part of the embedded IPv4 address is greater than 255";
    /// An IPv4 part of an IPv6 address has fewer than four parts.
    Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts", failure: true,
        description: "the embedded IPv4 address has fewer than four parts";
    /// A code point that is not a URL unit: not a URL code point, or a "%"
    /// not starting a percent-encoded byte; also leading or trailing C0
    /// controls and spaces, and ASCII tabs and newlines.
    InvalidUrlUnit = "invalid-URL-unit", failure: false,
        description: "not allowed in a URL, or removed: a stray \"%\", a space, a control, a tab or newline";
    /// A special scheme is not followed by "//".
    SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus", failure: false,
        description: "a special scheme is not followed by \"//\"";
    /// No scheme, and no base URL to resolve against (or one with an opaque path).
    MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL", failure: true,
        description: "no scheme, and no base URL to resolve against";
    /// A special URL uses "\" where "/" belongs.
    InvalidReverseSolidus = "invalid-reverse-solidus", failure: false,
        description: "\"\\\" where \"/\" belongs; special URLs read it as \"/\"";
    /// The input includes credentials.
    InvalidCredentials = "invalid-credentials", failure: false,
        description: "the URL has a username or password";
    /// A special URL, or one with credentials or a port, has no host.
    HostMissing = "host-missing", failure: true,
        description: "expected a host, found none";
    /// The port is greater than 65535.
    PortOutOfRange = "port-out-of-range", failure: true,
        description: "the port is greater than 65535";
    /// The port is not made of ASCII digits.
    PortInvalid = "port-invalid", failure: true,
        description: "the port is not made of ASCII digits";
    /// A relative reference starts with a Windows drive letter against a file base.
    FileInvalidWindowsDriveLetter = "file-invalid-Windows-drive-letter", failure: false,
        description: "a Windows drive letter in a relative reference against a file base";
    /// A file URL's host is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host", failure: false,
        description: "the host of a file URL is a Windows drive letter";
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validation error and where in the input it was found.
///
/// `span` is a byte range of the input exactly as given to the parser
/// (before leading and trailing C0 controls and spaces are trimmed and tabs
/// and newlines removed). Errors found inside a host cover the whole host.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// Which error.
    pub kind: ValidationErrorKind,
    /// Where, in bytes of the original input.
    pub span: Range<usize>,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at bytes {}..{}",
            self.kind, self.span.start, self.span.end
        )
    }
}

/// Receives validation errors as the parser finds them.
///
/// Implemented by `Vec<ValidationError>` (collects them) and by any
/// `FnMut(ValidationError)`.
pub trait ValidationSink {
    /// Called once per error, in the order the parser meets them.
    fn report(&mut self, error: ValidationError);
}

impl ValidationSink for Vec<ValidationError> {
    fn report(&mut self, error: ValidationError) {
        self.push(error);
    }
}

impl<F: FnMut(ValidationError)> ValidationSink for F {
    fn report(&mut self, error: ValidationError) {
        self(error)
    }
}

/// Whether `input` is a valid URL string: it parses (against `base`, for a
/// relative reference) without a single validation error.
///
/// <https://url.spec.whatwg.org/#valid-url-string>. The standard defines
/// valid URL strings by a grammar and states that they are exactly the
/// inputs the parser accepts without validation errors; this function uses
/// the second form. A relative reference is judged against `base`, or
/// against a special base (`https://example.invalid/`) when none is given,
/// since whether "\\" is an error depends on the base's scheme.
///
/// ```
/// assert!(weburl::is_valid_url_string("https://example.org/a?b#c", None));
/// assert!(weburl::is_valid_url_string("../a/b?c", None));
/// assert!(!weburl::is_valid_url_string("https://example.org/a b", None));
/// assert!(!weburl::is_valid_url_string("https:example.org", None));
/// ```
pub fn is_valid_url_string(input: &str, base: Option<&crate::Url>) -> bool {
    let placeholder;
    let base = match base {
        Some(base) => base,
        None => {
            placeholder = crate::Url::parse("https://example.invalid/");
            match &placeholder {
                Ok(base) => base,
                Err(_) => return false,
            }
        }
    };
    let mut errors = 0usize;
    let mut count = |_: ValidationError| errors += 1;
    let parsed = crate::Url::options()
        .base_url(Some(base))
        .validation_sink(&mut count)
        .parse(input);
    parsed.is_ok() && errors == 0
}

/// Maps positions in the pre-processed input back to the original input.
#[derive(Debug, Default)]
pub(crate) struct PositionMap {
    /// Bytes trimmed from the start.
    trim_start: usize,
    /// For each removed tab or newline, the pre-processed position it stood before.
    removed_before: Vec<usize>,
}

impl PositionMap {
    /// Records the pre-processing of `original` and reports its errors.
    pub(crate) fn new(original: &str, sink: &mut dyn ValidationSink) -> PositionMap {
        let bytes = original.as_bytes();
        let trim_start = bytes.iter().take_while(|&&b| b <= b' ').count();
        let trim_end = bytes.len()
            - bytes[trim_start..]
                .iter()
                .rev()
                .take_while(|&&b| b <= b' ')
                .count();
        // Basic URL parser steps 1.2 and 3: one invalid-URL-unit for any
        // leading or trailing C0 controls and spaces, one for any tabs and
        // newlines ("if input contains any ..."), each at its first
        // occurrence.
        let trailing = trim_end < bytes.len() && trim_end >= trim_start;
        if trim_start > 0 || trailing {
            let span = if trim_start > 0 {
                0..trim_start
            } else {
                trim_end..bytes.len()
            };
            sink.report(ValidationError {
                kind: ValidationErrorKind::InvalidUrlUnit,
                span,
            });
        }
        let mut removed_before = Vec::new();
        for (i, &b) in bytes[trim_start..trim_end].iter().enumerate() {
            if matches!(b, b'\t' | b'\n' | b'\r') {
                if removed_before.is_empty() {
                    let at = trim_start + i;
                    sink.report(ValidationError {
                        kind: ValidationErrorKind::InvalidUrlUnit,
                        span: at..at + 1,
                    });
                }
                removed_before.push(i - removed_before.len());
            }
        }
        PositionMap {
            trim_start,
            removed_before,
        }
    }

    /// The original position of pre-processed position `pos`.
    pub(crate) fn original(&self, pos: usize) -> usize {
        let removed = self.removed_before.partition_point(|&q| q <= pos);
        self.trim_start + pos + removed
    }

    /// The original span of a pre-processed span.
    pub(crate) fn span(&self, start: usize, end: usize) -> Range<usize> {
        let start_original = self.original(start);
        if end <= start {
            return start_original..start_original;
        }
        start_original..self.original(end - 1) + 1
    }
}

/// URL code points (<https://url.spec.whatwg.org/#url-code-points>).
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => !is_noncharacter(c),
        _ => false,
    }
}

/// <https://infra.spec.whatwg.org/#noncharacter>
fn is_noncharacter(c: char) -> bool {
    let c = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE) == 0xFFFE
}

/// The invalid-URL-unit checks the path, query and fragment states make on
/// each code point: not a URL code point and not "%", or a "%" not
/// followed by two hex digits. Calls `report` with byte ranges of `input`.
/// In special URLs' paths, "\" is a separator and reported as
/// invalid-reverse-solidus instead.
pub(crate) fn check_url_units(
    input: &str,
    reverse_solidus_separates: bool,
    report: &mut dyn FnMut(ValidationErrorKind, usize, usize),
) {
    let bytes = input.as_bytes();
    for (i, c) in input.char_indices() {
        if c == '%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                report(ValidationErrorKind::InvalidUrlUnit, i, i + 1);
            }
        } else if c == '\\' && reverse_solidus_separates {
            report(ValidationErrorKind::InvalidReverseSolidus, i, i + 1);
        } else if !is_url_code_point(c) {
            report(ValidationErrorKind::InvalidUrlUnit, i, i + c.len_utf8());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_match_the_spec_table() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/validation-error-names.txt"
        );
        let Ok(spec) = std::fs::read_to_string(path) else {
            // A packaged copy of the crate: the list is the repository's.
            assert!(!std::path::Path::new(path).exists(), "{path} is unreadable");
            println!("skipped: {path} is not here (the repository's test data)");
            return;
        };
        let names: Vec<&str> = ValidationErrorKind::ALL.iter().map(|k| k.name()).collect();
        let listed: Vec<&str> = spec
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .collect();
        assert_eq!(names, listed);
    }

    #[test]
    fn every_kind_has_a_description() {
        for &kind in ValidationErrorKind::ALL {
            assert!(!kind.description().is_empty());
        }
    }

    #[test]
    fn position_map_undoes_preprocessing() {
        let mut errors = Vec::new();
        let map = PositionMap::new("  a\tb\n\nc ", &mut errors);
        // Pre-processed: "abc".
        assert_eq!(map.original(0), 2);
        assert_eq!(map.original(1), 4);
        assert_eq!(map.original(2), 7);
        assert_eq!(map.span(0, 3), 2..8);
        // One error for the leading and trailing spaces, one for the tab
        // and newlines (url.bs, basic URL parser steps 1.2 and 3).
        let spans: Vec<_> = errors.iter().map(|e| e.span.clone()).collect();
        assert_eq!(spans, [0..2, 3..4]);
    }

    #[test]
    fn url_code_points() {
        assert!(is_url_code_point('~'));
        assert!(!is_url_code_point(' '));
        assert!(!is_url_code_point('\u{FFFF}'));
        assert!(!is_url_code_point('\u{FDD0}'));
        assert!(is_url_code_point('é'));
    }
}
