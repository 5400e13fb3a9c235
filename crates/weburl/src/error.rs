//! Why a parse, a setter or an edit did not succeed.

use std::fmt;

/// The condition that made the URL parser return failure.
///
/// Variants are named after the URL Standard's validation errors that
/// return failure (<https://url.spec.whatwg.org/#validation-error>), plus
/// [`ParseError::TooLong`] for the size limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The input has no scheme and there is no base URL, or the base URL has
    /// an opaque path and the input is not a fragment (`missing-scheme-non-relative-URL`).
    MissingSchemeNonRelativeUrl,
    /// A special URL, or a URL with credentials, has no host (`host-missing`).
    HostMissing,
    /// The port is greater than 65535 (`port-out-of-range`).
    PortOutOfRange,
    /// The port contains something other than ASCII digits (`port-invalid`).
    PortInvalid,
    /// An IPv6 address starts with "[" but does not end with "]" (`IPv6-unclosed`).
    Ipv6Unclosed,
    /// An IPv6 address is malformed (`IPv6-invalid-compression`,
    /// `IPv6-too-many-pieces`, `IPv6-multiple-compression`,
    /// `IPv6-invalid-code-point`, `IPv6-too-few-pieces`).
    Ipv6Invalid,
    /// The IPv4 part of an IPv6 address is malformed (`IPv4-in-IPv6-too-many-pieces`,
    /// `IPv4-in-IPv6-invalid-code-point`, `IPv4-in-IPv6-out-of-range-part`,
    /// `IPv4-in-IPv6-too-few-parts`).
    Ipv4InIpv6Invalid,
    /// A host ending in a number has more than four parts (`IPv4-too-many-parts`).
    Ipv4TooManyParts,
    /// A host ending in a number has a part that is not a number (`IPv4-non-numeric-part`).
    Ipv4NonNumericPart,
    /// An IPv4 address part is too large (`IPv4-out-of-range-part`).
    Ipv4OutOfRange,
    /// Unicode ToASCII (UTS #46) failed on a non-ASCII host, or gave the
    /// empty string (`domain-to-ASCII`).
    DomainToAscii,
    /// A domain contains a forbidden domain code point (`domain-invalid-code-point`).
    DomainInvalidCodePoint,
    /// An opaque host contains a forbidden host code point (`host-invalid-code-point`).
    HostInvalidCodePoint,
    /// The input, or the URL it would give, is longer than the limit
    /// (by default the largest size that `u32` offsets can address).
    TooLong,
}

impl ParseError {
    /// The variant's name (`"HostMissing"`, `"PortInvalid"`, ...): a stable
    /// identifier for messages, JSON fields and error columns.
    pub fn name(self) -> &'static str {
        match self {
            ParseError::MissingSchemeNonRelativeUrl => "MissingSchemeNonRelativeUrl",
            ParseError::HostMissing => "HostMissing",
            ParseError::PortOutOfRange => "PortOutOfRange",
            ParseError::PortInvalid => "PortInvalid",
            ParseError::Ipv6Unclosed => "Ipv6Unclosed",
            ParseError::Ipv6Invalid => "Ipv6Invalid",
            ParseError::Ipv4InIpv6Invalid => "Ipv4InIpv6Invalid",
            ParseError::Ipv4TooManyParts => "Ipv4TooManyParts",
            ParseError::Ipv4NonNumericPart => "Ipv4NonNumericPart",
            ParseError::Ipv4OutOfRange => "Ipv4OutOfRange",
            ParseError::DomainToAscii => "DomainToAscii",
            ParseError::DomainInvalidCodePoint => "DomainInvalidCodePoint",
            ParseError::HostInvalidCodePoint => "HostInvalidCodePoint",
            ParseError::TooLong => "TooLong",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::MissingSchemeNonRelativeUrl => {
                "relative URL without a base: expected a scheme such as \"https:\", or a base URL"
            }
            ParseError::HostMissing => "expected a host, found none",
            ParseError::PortOutOfRange => "port out of range: expected at most 65535",
            ParseError::PortInvalid => "invalid port: expected ASCII digits only",
            ParseError::Ipv6Unclosed => "invalid IPv6 address: expected a closing \"]\"",
            ParseError::Ipv6Invalid => "invalid IPv6 address",
            ParseError::Ipv4InIpv6Invalid => "invalid IPv4 part in an IPv6 address",
            ParseError::Ipv4TooManyParts => "invalid IPv4 address: more than four parts",
            ParseError::Ipv4NonNumericPart => {
                "invalid IPv4 address: the host ends in a number but has a part that is not a number"
            }
            ParseError::Ipv4OutOfRange => "invalid IPv4 address: a part is out of range",
            ParseError::DomainToAscii => "invalid international domain name (UTS #46 ToASCII failed)",
            ParseError::DomainInvalidCodePoint => "invalid domain: forbidden code point",
            ParseError::HostInvalidCodePoint => "invalid host: forbidden code point",
            ParseError::TooLong => "input or URL longer than the size limit",
        })
    }
}

impl std::error::Error for ParseError {}

/// Why a URL setter left the URL unchanged.
///
/// Setters follow the JavaScript URL object: a value they cannot use is
/// ignored. The error says why; the URL is as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterError {
    /// The value is not a scheme (it must start with an ASCII letter and
    /// contain only ASCII alphanumerics, "+", "-" and ".").
    InvalidScheme,
    /// A special scheme cannot be changed to a non-special one, or the
    /// reverse; "file" cannot be set on a URL with credentials or a port,
    /// nor replaced when the host is empty.
    SchemeChangeNotAllowed,
    /// The URL cannot have a username, password or port: its host is null
    /// or empty, or its scheme is "file".
    CannotHaveCredentialsOrPort,
    /// The URL has an opaque path (like `mailto:x`), so it has no host and
    /// its path cannot be set.
    OpaquePath,
    /// The hostname setter was given a value with a port.
    UnexpectedPort,
    /// An empty host is not allowed here (special URL, or credentials or a
    /// port present).
    EmptyHost,
    /// The value could not be parsed.
    Parse(ParseError),
    /// The component has no setter: the origin is derived from the others.
    ReadOnly,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetterError::InvalidScheme => f.write_str("value is not a valid scheme"),
            SetterError::SchemeChangeNotAllowed => {
                f.write_str("this scheme change is not allowed for this URL")
            }
            SetterError::CannotHaveCredentialsOrPort => {
                f.write_str("this URL cannot have a username, password or port")
            }
            SetterError::OpaquePath => f.write_str("this URL has an opaque path"),
            SetterError::UnexpectedPort => f.write_str("expected a hostname, found a port"),
            SetterError::EmptyHost => f.write_str("expected a host, found the empty string"),
            SetterError::Parse(e) => write!(f, "{e}"),
            SetterError::ReadOnly => f.write_str("this component has no setter"),
        }
    }
}

impl std::error::Error for SetterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SetterError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for SetterError {
    fn from(e: ParseError) -> Self {
        SetterError::Parse(e)
    }
}

/// Why an edit or a build did not give a URL. Whatever the error, the URL
/// being edited is left exactly as it was.
///
/// ```
/// use weburl::{EditError, Url};
///
/// let mut url = Url::parse("mailto:someone@example.com")?;
/// assert_eq!(url.path_segments_mut().unwrap_err(), EditError::OpaquePath);
/// assert_eq!(Url::builder("1http").build().unwrap_err(), EditError::InvalidScheme);
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EditError {
    /// The URL has an opaque path (`mailto:a@example.com`, `data:,x`): a
    /// single string, not a list of segments.
    ///
    /// <https://url.spec.whatwg.org/#url-opaque-path>
    OpaquePath,
    /// A path segment is `.` or `..`. The parser removes such a segment
    /// (and `..` the one before it), and no percent-encoding hides it: the
    /// standard reads `%2E` and `%2E%2E` as dot segments too.
    ///
    /// <https://url.spec.whatwg.org/#single-dot-path-segment>
    DotSegment,
    /// The scheme is not an ASCII letter followed by ASCII alphanumerics,
    /// `+`, `-` and `.`.
    ///
    /// <https://url.spec.whatwg.org/#scheme-state>
    InvalidScheme,
    /// The edited URL's serialization would parse as a different URL, so
    /// the edit cannot be represented. Every edit is checked for this by
    /// parsing the result again; the editors avoid the known cases (such as
    /// a host-less path that would start with "//"), so this is a safety
    /// net rather than an expected outcome.
    Unrepresentable,
    /// The assembled URL does not parse.
    Parse(ParseError),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::OpaquePath => f.write_str("this URL has an opaque path, not path segments"),
            EditError::DotSegment => {
                f.write_str("a path segment is \".\" or \"..\", which the parser would remove")
            }
            EditError::InvalidScheme => f.write_str("value is not a valid scheme"),
            EditError::Unrepresentable => {
                f.write_str("the edited URL would parse back as a different URL")
            }
            EditError::Parse(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EditError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for EditError {
    fn from(e: ParseError) -> Self {
        EditError::Parse(e)
    }
}
