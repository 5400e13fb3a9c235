//! Why an edit or a build did not give a URL.

use std::fmt;

use crate::ParseError;

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
