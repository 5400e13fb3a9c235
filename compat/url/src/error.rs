//! rust-url's error types, and how weburl's parse failures and validation
//! errors map onto them.

use std::fmt;

use weburl::ValidationErrorKind;

use crate::Url;

macro_rules! parse_errors {
    ($($(#[$doc:meta])* $name:ident => $text:literal,)+) => {
        /// Why a parse failed; rust-url's variants and messages.
        ///
        /// This may be extended in the future so exhaustive matching is
        /// forbidden.
        #[derive(PartialEq, Eq, Clone, Copy, Debug)]
        #[non_exhaustive]
        pub enum ParseError {
            $($(#[$doc])* $name,)+
        }

        impl fmt::Display for ParseError {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self { $(ParseError::$name => $text,)+ })
            }
        }
    };
}

parse_errors! {
    /// A special URL's host is empty (`host-missing`).
    EmptyHost => "empty host",
    /// UTS #46 ToASCII failed (`domain-to-ASCII`).
    IdnaError => "invalid international domain name",
    /// The port is not digits, or above 65535 (`port-invalid`, `port-out-of-range`).
    InvalidPort => "invalid port number",
    /// A host ending in a number is not an IPv4 address (`IPv4-*`).
    InvalidIpv4Address => "invalid IPv4 address",
    /// A bracketed host is not an IPv6 address (`IPv6-*`, `IPv4-in-IPv6-*`).
    InvalidIpv6Address => "invalid IPv6 address",
    /// A forbidden host or domain code point (`host-invalid-code-point`,
    /// `domain-invalid-code-point`).
    InvalidDomainCharacter => "invalid domain character",
    /// No scheme and no base (`missing-scheme-non-relative-URL`).
    RelativeUrlWithoutBase => "relative URL without a base",
    /// A reference other than a fragment against a base with an opaque path.
    RelativeUrlWithCannotBeABaseBase => "relative URL with a cannot-be-a-base base",
    /// [`Url::set_host`] on a URL with an opaque path.
    SetHostOnCannotBeABaseUrl => "a cannot-be-a-base URL doesn’t have a host to set",
    /// The URL would be longer than 4 GiB.
    Overflow => "URLs more than 4 GB are not supported",
}

impl std::error::Error for ParseError {}

/// rust-url's conversion of UTS #46 failures.
impl From<idna::Errors> for ParseError {
    fn from(_: idna::Errors) -> ParseError {
        ParseError::IdnaError
    }
}

/// The rust-url error for a weburl parse failure; `base` tells the two
/// kinds of "relative URL" apart.
pub(crate) fn from_weburl(e: weburl::ParseError, base: Option<&Url>) -> ParseError {
    use weburl::ParseError as W;
    match e {
        W::MissingSchemeNonRelativeUrl => match base {
            Some(base) if base.cannot_be_a_base() => ParseError::RelativeUrlWithCannotBeABaseBase,
            _ => ParseError::RelativeUrlWithoutBase,
        },
        W::HostMissing => ParseError::EmptyHost,
        W::PortOutOfRange | W::PortInvalid => ParseError::InvalidPort,
        W::Ipv6Unclosed | W::Ipv6Invalid | W::Ipv4InIpv6Invalid => ParseError::InvalidIpv6Address,
        W::Ipv4TooManyParts | W::Ipv4NonNumericPart | W::Ipv4OutOfRange => {
            ParseError::InvalidIpv4Address
        }
        // rust-url checks forbidden domain code points in UTS #46 (its
        // URL deny list), so they fail as IDNA errors there.
        W::DomainToAscii | W::DomainInvalidCodePoint => ParseError::IdnaError,
        W::HostInvalidCodePoint => ParseError::InvalidDomainCharacter,
        W::TooLong => ParseError::Overflow,
        // weburl's error is non-exhaustive: a new failure is still a failure.
        _ => ParseError::InvalidDomainCharacter,
    }
}

macro_rules! syntax_violations {
    ($($name:ident => $text:literal,)+) => {
        /// Non-fatal syntax violations: rust-url's names for the URL
        /// Standard's validation errors that do not stop the parse.
        ///
        /// This may be extended in the future so exhaustive matching is
        /// forbidden.
        #[derive(PartialEq, Eq, Clone, Copy, Debug)]
        #[non_exhaustive]
        pub enum SyntaxViolation {
            $(
                /// ```text
                #[doc = $text]
                /// ```
                $name,
            )+
        }

        impl SyntaxViolation {
            /// The violation in a few words.
            pub fn description(&self) -> &'static str {
                match self { $(SyntaxViolation::$name => $text,)+ }
            }
        }
    };
}

syntax_violations! {
    Backslash => "backslash",
    C0SpaceIgnored =>
        "leading or trailing control or space character are ignored in URLs",
    EmbeddedCredentials =>
        "embedding authentication information (username or password) \
         in an URL is not recommended",
    ExpectedDoubleSlash => "expected //",
    ExpectedFileDoubleSlash => "expected // after file:",
    FileWithHostAndWindowsDrive => "file: with host and Windows drive letter",
    NonUrlCodePoint => "non-URL code point",
    NullInFragment => "NULL characters are ignored in URL fragment identifiers",
    PercentDecode => "expected 2 hex digits after %",
    TabOrNewlineIgnored => "tabs or newlines are ignored in URLs",
    UnencodedAtSign => "unencoded @ sign in username or password",
}

impl fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.description(), f)
    }
}

/// Turns weburl's validation errors for one input into rust-url's syntax
/// violations, in the order found. The standard reports some errors once
/// per state that sees them (the first "\" after "http:" twice); rust-url
/// reports each place once, so a repeat of the previous error at the same
/// span is dropped, and a run of missing or extra slashes after a special
/// scheme is one `ExpectedDoubleSlash`.
pub(crate) struct ViolationMapper<'a> {
    input: &'a str,
    callback: &'a dyn Fn(SyntaxViolation),
    previous: Option<(ValidationErrorKind, std::ops::Range<usize>)>,
    seen_credentials: bool,
    seen_slashes: bool,
    fragment_start: Option<usize>,
    file_scheme: bool,
}

impl<'a> ViolationMapper<'a> {
    pub(crate) fn new(input: &'a str, callback: &'a dyn Fn(SyntaxViolation)) -> Self {
        let trimmed = input.trim_start_matches(|c: char| c <= ' ');
        let file_scheme = trimmed
            .get(..5)
            .is_some_and(|s| s.eq_ignore_ascii_case("file:"));
        ViolationMapper {
            input,
            callback,
            previous: None,
            seen_credentials: false,
            seen_slashes: false,
            fragment_start: input.find('#'),
            file_scheme,
        }
    }

    /// Reports `error` to the callback as rust-url would name it, if it
    /// has a name there.
    pub(crate) fn report(&mut self, error: weburl::ValidationError) {
        let key = (error.kind, error.span.clone());
        if self.previous.as_ref() == Some(&key) {
            return;
        }
        self.previous = Some(key);
        if let Some(v) = self.map(error) {
            (self.callback)(v);
        }
    }

    fn map(&mut self, error: weburl::ValidationError) -> Option<SyntaxViolation> {
        use ValidationErrorKind as K;
        let at = self.input.as_bytes().get(error.span.start).copied();
        Some(match error.kind {
            K::InvalidReverseSolidus => SyntaxViolation::Backslash,
            K::InvalidCredentials if self.seen_credentials => SyntaxViolation::UnencodedAtSign,
            K::InvalidCredentials => {
                self.seen_credentials = true;
                SyntaxViolation::EmbeddedCredentials
            }
            K::SpecialSchemeMissingFollowingSolidus if self.seen_slashes => return None,
            K::SpecialSchemeMissingFollowingSolidus if self.file_scheme => {
                self.seen_slashes = true;
                SyntaxViolation::ExpectedFileDoubleSlash
            }
            K::SpecialSchemeMissingFollowingSolidus => {
                self.seen_slashes = true;
                SyntaxViolation::ExpectedDoubleSlash
            }
            K::FileInvalidWindowsDriveLetterHost => SyntaxViolation::FileWithHostAndWindowsDrive,
            K::InvalidUrlUnit => match at {
                Some(b'\t' | b'\n' | b'\r') => SyntaxViolation::TabOrNewlineIgnored,
                Some(b'%') => SyntaxViolation::PercentDecode,
                Some(0) if self.fragment_start.is_some_and(|f| f < error.span.start) => {
                    SyntaxViolation::NullInFragment
                }
                Some(c)
                    if (c <= b' ')
                        && (error.span.start == 0
                            || self.input[error.span.start..].bytes().all(|b| b <= b' ')
                            || self.input[..error.span.start].bytes().all(|b| b <= b' ')) =>
                {
                    SyntaxViolation::C0SpaceIgnored
                }
                _ => SyntaxViolation::NonUrlCodePoint,
            },
            _ => return None,
        })
    }
}
