//! The one error type of the module: what failed, and at which byte.

use std::fmt;

/// The component of a URI reference in which a problem was found.
///
/// Names follow RFC 3986 §3 <https://www.rfc-editor.org/rfc/rfc3986#section-3>.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2), including an IP-literal's brackets.
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which rule of the grammar rejected the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that the component's rule does not allow, such as `^`
    /// in a path or a non-ASCII character in a URI (as opposed to an IRI).
    InvalidCharacter {
        /// The offending character.
        ch: char,
        /// The component being read.
        part: Part,
    },
    /// A `%` not followed by two hexadecimal digits (`pct-encoded`, §2.1).
    InvalidPercentEncoding {
        /// The component being read.
        part: Part,
    },
    /// No `scheme ":"` at the start, where the rule requires one
    /// (`URI`, `absolute-URI`, or a base URI, §4.3 and §5.2.1).
    MissingScheme,
    /// A `:` in the first segment of a relative-path reference, which
    /// `path-noscheme` forbids because it would read as a scheme (§4.2).
    ColonInFirstSegment,
    /// A `#` where the rule (`absolute-URI`, §4.3) allows no fragment.
    UnexpectedFragment,
    /// An IP-literal whose `[` has no matching `]` (§3.2.2).
    UnclosedIpLiteral,
    /// Something other than `:` port after an IP-literal's `]` (§3.2.2).
    TextAfterIpLiteral,
    /// An IP-literal that matches none of the nine `IPv6address`
    /// alternatives (§3.2.2).
    InvalidIpv6Address,
    /// An IP-literal starting with `v` that does not match `IPvFuture`
    /// (§3.2.2).
    InvalidIpvFuture,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::InvalidCharacter { ch, part } => {
                write!(f, "invalid character '{}' in {part}", ch.escape_debug())
            }
            ErrorKind::InvalidPercentEncoding { part } => {
                write!(f, "'%' not followed by two hex digits in {part}")
            }
            ErrorKind::MissingScheme => f.write_str("missing scheme"),
            ErrorKind::ColonInFirstSegment => {
                f.write_str("':' in the first segment of a relative path")
            }
            ErrorKind::UnexpectedFragment => f.write_str("fragment not allowed in absolute-URI"),
            ErrorKind::UnclosedIpLiteral => f.write_str("IP-literal without closing ']'"),
            ErrorKind::TextAfterIpLiteral => f.write_str("text after IP-literal other than a port"),
            ErrorKind::InvalidIpv6Address => f.write_str("invalid IPv6 address"),
            ErrorKind::InvalidIpvFuture => f.write_str("invalid IPvFuture literal"),
        }
    }
}

/// A syntax error in a URI or IRI reference: the rule that failed and the
/// byte offset where it failed.
///
/// Grammar of RFC 3986 Appendix A <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>.
///
/// # Example
///
/// ```
/// use weburl_rfc3986::{validate_uri_reference, ErrorKind, Part};
///
/// let err = validate_uri_reference("http://a/b^c").unwrap_err();
/// assert_eq!(err.offset(), 10);
/// assert_eq!(err.kind(), ErrorKind::InvalidCharacter { ch: '^', part: Part::Path });
/// assert_eq!(err.to_string(), "invalid character '^' in path at byte 10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rfc3986Error {
    kind: ErrorKind,
    offset: usize,
    in_base: bool,
}

impl Rfc3986Error {
    pub(crate) fn new(kind: ErrorKind, offset: usize) -> Self {
        Rfc3986Error {
            kind,
            offset,
            in_base: false,
        }
    }

    /// Marks the error as found in the base URI of a resolution.
    pub(crate) fn in_base_uri(mut self) -> Self {
        self.in_base = true;
        self
    }

    /// What failed.
    ///
    /// RFC 3986 Appendix A <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>.
    ///
    /// ```
    /// use weburl_rfc3986::{validate_uri_reference, ErrorKind};
    ///
    /// let err = validate_uri_reference("//[::1").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::UnclosedIpLiteral);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset of the failure in the string that was checked.
    ///
    /// RFC 3986 Appendix A <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>.
    ///
    /// ```
    /// use weburl_rfc3986::validate_uri_reference;
    ///
    /// assert_eq!(validate_uri_reference("a?b#c#d").unwrap_err().offset(), 5);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the error is in the base URI rather than in the reference,
    /// for errors from [`resolve`](super::resolve) and
    /// [`resolve_non_strict`](super::resolve_non_strict); `false` otherwise.
    ///
    /// RFC 3986 §5.2.1 <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.1>.
    ///
    /// ```
    /// use weburl_rfc3986::{resolve, ErrorKind};
    ///
    /// let err = resolve("/no/scheme", "g").unwrap_err();
    /// assert!(err.in_base());
    /// assert_eq!(err.kind(), ErrorKind::MissingScheme);
    /// assert!(!resolve("http://a/", "g h").unwrap_err().in_base());
    /// ```
    pub fn in_base(&self) -> bool {
        self.in_base
    }
}

impl fmt::Display for Rfc3986Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.offset)?;
        if self.in_base {
            f.write_str(" of the base URI")?;
        }
        Ok(())
    }
}

impl std::error::Error for Rfc3986Error {}
