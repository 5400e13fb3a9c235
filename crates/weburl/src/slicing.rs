//! Component ranges: slicing a URL's serialization between the start or
//! end of any two components, as rust-url's `Position` does.
//!
//! The getters return one component each; a consumer that wants a run of
//! them (the authority, the userinfo, the path with the query) slices the
//! serialization between two positions instead of adding up lengths.

use std::ops::{Index, Range, RangeFrom, RangeTo};

use crate::url::Url;

/// A place in a URL's serialization: the start or end of a component.
///
/// An absent component starts and ends where it would be written: an absent
/// port at the end of the host, an absent query at the end of the path. The
/// delimiters (`:`, `//`, `@`, `?`, `#`) lie between an `After…` and the
/// next `Before…`.
///
/// Indexing a [`Url`] by a range of positions never panics: a range whose
/// end comes before its start gives `""`.
///
/// <https://url.spec.whatwg.org/#concept-url-serializer>
///
/// ```
/// use weburl::{Position, Url};
/// let url = Url::parse("https://user:pw@example.com:8080/p?q#f")?;
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPort], "user:pw@example.com:8080");
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPassword], "user:pw");
/// assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/p?q");
/// assert_eq!(&url[..Position::AfterPath], "https://user:pw@example.com:8080/p");
/// assert_eq!(&url[Position::BeforeFragment..], "f");
/// assert_eq!(url.position(Position::BeforeHost), 16);
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// The start of the serialization.
    BeforeScheme,
    /// Before the `:` after the scheme.
    AfterScheme,
    /// After `//` (or after `:` without a host).
    BeforeUsername,
    /// The end of the username.
    AfterUsername,
    /// After the `:` before a password (at `AfterUsername` without one).
    BeforePassword,
    /// Before the `@` (at `AfterUsername` without credentials).
    AfterPassword,
    /// The start of the host.
    BeforeHost,
    /// The end of the host.
    AfterHost,
    /// After the `:` before a port (at `AfterHost` without one).
    BeforePort,
    /// The end of the port (at `AfterHost` without a host).
    AfterPort,
    /// The start of the path (after a `/.` the serializer wrote first).
    BeforePath,
    /// The end of the path.
    AfterPath,
    /// After the `?` (at `AfterPath` without a query).
    BeforeQuery,
    /// The end of the query (at `AfterPath` without a query).
    AfterQuery,
    /// After the `#` (at the end without a fragment).
    BeforeFragment,
    /// The end of the serialization.
    AfterFragment,
}

impl Url {
    /// The byte offset of `position` in [`Url::as_str`].
    pub fn position(&self, position: Position) -> usize {
        let o = &self.offsets;
        let s = self.serialization.as_bytes();
        let len = s.len();
        let (username_end, host_start, host_end) = (
            o.username_end as usize,
            o.host_start as usize,
            o.host_end as usize,
        );
        // Credentials are followed by "@", so the host starts after it.
        let has_credentials = o.has_host() && host_start > username_end;
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => o.scheme_end as usize,
            Position::BeforeUsername => o.username_start().min(username_end),
            Position::AfterUsername => username_end,
            Position::BeforePassword if has_credentials && s[username_end] == b':' => {
                username_end + 1
            }
            Position::BeforePassword => username_end,
            Position::AfterPassword if has_credentials => host_start - 1,
            Position::AfterPassword => username_end,
            Position::BeforeHost => host_start,
            Position::AfterHost => host_end,
            Position::BeforePort if o.has_host() && host_end < o.path_start as usize => {
                host_end + 1
            }
            Position::BeforePort => host_end,
            Position::AfterPort if o.has_host() => o.path_start as usize,
            Position::AfterPort => host_end,
            Position::BeforePath => o.path_start as usize,
            Position::AfterPath => self.path_end(),
            Position::BeforeQuery => match o.query_start() {
                Some(start) => start + 1,
                None => self.path_end(),
            },
            Position::AfterQuery => o.fragment_start().unwrap_or(len),
            Position::BeforeFragment => o.fragment_start().map_or(len, |start| start + 1),
            Position::AfterFragment => len,
        }
    }
}

impl Index<Range<Position>> for Url {
    type Output = str;

    fn index(&self, range: Range<Position>) -> &str {
        let end = self.position(range.end);
        &self.serialization[self.position(range.start).min(end)..end]
    }
}

impl Index<RangeFrom<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeFrom<Position>) -> &str {
        &self.serialization[self.position(range.start)..]
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeTo<Position>) -> &str {
        &self.serialization[..self.position(range.end)]
    }
}

/// Where a URL's components start and end, in the layout of ada's
/// `url_components` (the C API's `ada_get_components`, ada's Python
/// `get_components`), derived from the [`Position`]s:
///
/// ```text
/// https://user:pass@example.com:1234/foo/bar?baz#quux
///       |     |    |          | ^^^^|       |   |
///       |     |    |          | |   |       |   `----- hash_start
///       |     |    |          | |   |       `--------- search_start
///       |     |    |          | |   `----------------- pathname_start
///       |     |    |          | `--------------------- port
///       |     |    |          `----------------------- host_end
///       |     |    `---------------------------------- host_start
///       |     `--------------------------------------- username_end
///       `--------------------------------------------- protocol_end
/// ```
///
/// ```
/// use weburl::{Url, UrlComponents};
/// let url = Url::parse("https://user:pass@example.com:1234/foo/bar?baz#quux")?;
/// assert_eq!(url.components(), UrlComponents {
///     protocol_end: 6,
///     username_end: 12,
///     host_start: 17,
///     host_end: 29,
///     port: Some(1234),
///     pathname_start: 34,
///     search_start: Some(42),
///     hash_start: Some(46),
/// });
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrlComponents {
    /// Just past the ":" that ends the scheme.
    pub protocol_end: u32,
    /// The end of the username: the host's start when there are no
    /// credentials, `protocol_end` when there is no host.
    pub username_end: u32,
    /// The "@" before the host when there are credentials, else the host's
    /// first byte.
    pub host_start: u32,
    /// The end of the host.
    pub host_end: u32,
    /// The port, `None` when it is absent or the scheme's default.
    pub port: Option<u32>,
    /// The first byte of the path, after any "/." the serializer wrote.
    pub pathname_start: u32,
    /// The "?" that starts the query, if there is one.
    pub search_start: Option<u32>,
    /// The "#" that starts the fragment, if there is one.
    pub hash_start: Option<u32>,
}

impl Url {
    /// Where the components start and end, in ada's layout
    /// ([`UrlComponents`]).
    pub fn components(&self) -> UrlComponents {
        // A Url is at most u32::MAX bytes long (the parser's limit), so
        // every position fits.
        let at = |p: Position| self.position(p) as u32;
        let username_end = at(Position::AfterUsername);
        let before_host = at(Position::BeforeHost);
        UrlComponents {
            protocol_end: at(Position::AfterScheme) + 1,
            username_end,
            host_start: if before_host > username_end {
                before_host - 1
            } else {
                before_host
            },
            host_end: at(Position::AfterHost),
            port: self.typed_port().map(u32::from),
            pathname_start: at(Position::BeforePath),
            search_start: self.query().map(|_| at(Position::AfterPath)),
            hash_start: self.fragment().map(|_| at(Position::AfterQuery)),
        }
    }
}
