//! Slicing a URL between component boundaries: rust-url's `Position`,
//! answered by weburl's.

use std::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::Url;

/// A position in a URL's serialization: the start or end of a component.
/// An absent component starts and ends where it would be written.
///
/// ```
/// use url::{Position, Url};
/// let url = Url::parse("https://user:pw@example.com:8080/p?q#f")?;
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[..Position::AfterPath], "https://user:pw@example.com:8080/p");
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug)]
#[allow(missing_docs)]
pub enum Position {
    BeforeScheme,
    AfterScheme,
    BeforeUsername,
    AfterUsername,
    BeforePassword,
    AfterPassword,
    BeforeHost,
    AfterHost,
    BeforePort,
    AfterPort,
    BeforePath,
    AfterPath,
    BeforeQuery,
    AfterQuery,
    BeforeFragment,
    AfterFragment,
}

impl Position {
    fn weburl(self) -> weburl::Position {
        use weburl::Position as W;
        match self {
            Position::BeforeScheme => W::BeforeScheme,
            Position::AfterScheme => W::AfterScheme,
            Position::BeforeUsername => W::BeforeUsername,
            Position::AfterUsername => W::AfterUsername,
            Position::BeforePassword => W::BeforePassword,
            Position::AfterPassword => W::AfterPassword,
            Position::BeforeHost => W::BeforeHost,
            Position::AfterHost => W::AfterHost,
            Position::BeforePort => W::BeforePort,
            Position::AfterPort => W::AfterPort,
            Position::BeforePath => W::BeforePath,
            Position::AfterPath => W::AfterPath,
            Position::BeforeQuery => W::BeforeQuery,
            Position::AfterQuery => W::AfterQuery,
            Position::BeforeFragment => W::BeforeFragment,
            Position::AfterFragment => W::AfterFragment,
        }
    }
}

impl Url {
    /// The byte offset of `position` in the serialization.
    pub(crate) fn offset(&self, position: Position) -> usize {
        self.inner.position(position.weburl())
    }
}

impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}

impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        &self.as_str()[self.offset(range.start)..]
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        &self.as_str()[..self.offset(range.end)]
    }
}

impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        let (start, end) = (self.offset(range.start), self.offset(range.end));
        // weburl's empty range for an end before the start.
        self.as_str().get(start..end.max(start)).unwrap_or("")
    }
}
