//! # url (on weburl)
//!
//! The public API of the [`url`](https://docs.rs/url/2.5) crate
//! (servo/rust-url 2.5): the same types, methods and trait impls, with
//! every URL parsed, serialized and edited by [`weburl`], which follows the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/) exactly.
//!
//! ## Overview
//!
//! A program and all of its dependencies switch to it with one patch in
//! the program's `Cargo.toml`:
//!
//! ```toml
//! [patch.crates-io]
//! url = { git = "https://github.com/weburl/weburl" }
//! ```
//!
//! [`Url`] wraps a [`weburl::Url`]: the getters slice its serialization,
//! and what rust-url stores but weburl does not (the typed host, the port
//! as a number) is computed when asked for. Where rust-url's behaviour
//! contradicts the URL Standard, this crate follows the Standard; the
//! README lists each such difference with the test case that shows it.
//!
//! ## Examples
//!
//! ```
//! use url::{Host, Position, Url};
//!
//! let base = Url::parse("https://example.net/a/b.html")?;
//! let url = base.join("../c?x=1#top")?;
//! assert_eq!(url.as_str(), "https://example.net/c?x=1#top");
//! assert_eq!(url.host(), Some(Host::Domain("example.net")));
//! assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/c?x=1");
//! assert_eq!(url.query_pairs().next(), Some(("x".into(), "1".into())));
//! # Ok::<(), url::ParseError>(())
//! ```
//!
//! ## Crate features
//!
//! - `std` (default): as in rust-url; weburl needs the standard library, so
//!   without it only `socket_addrs` and the file path conversions go.
//! - `serde`: [`Url`] serializes as its string, and
//!   [`Url::serialize_internal`] / [`Url::deserialize_internal`] keep
//!   rust-url's tuple of offsets.
//! - `expose_internals`: [`quirks::internal_components`].
//! - `debugger_visualizer`: accepted for compatibility; it does nothing
//!   (rust-url's natvis file describes rust-url's own fields).

mod error;
#[cfg(feature = "std")]
mod file_path;
mod getters;
mod host;
mod origin;
mod parse;
mod path_segments;
mod query;
pub mod quirks;
mod relative;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod slicing;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

pub use form_urlencoded;
pub use form_urlencoded::EncodingOverride;

pub use crate::error::{ParseError, SyntaxViolation};
pub use crate::host::Host;
pub use crate::origin::{OpaqueOrigin, Origin};
pub use crate::parse::ParseOptions;
pub use crate::path_segments::PathSegmentsMut;
pub use crate::query::UrlQuery;
pub use crate::slicing::Position;

/// A parsed URL record.
///
/// A thin wrapper of [`weburl::Url`] (the same size, and `Option<Url>` is
/// no larger): its serialization is the URL Standard's.
///
/// <https://url.spec.whatwg.org/#concept-url>
#[derive(Clone)]
pub struct Url {
    inner: weburl::Url,
}

impl Url {
    /// The weburl URL this one wraps, for callers moving to weburl's API.
    #[inline]
    pub fn as_weburl(&self) -> &weburl::Url {
        &self.inner
    }

    /// Parses an absolute URL from a string.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-parser>
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        match weburl::Url::parse(input) {
            Ok(inner) => Ok(Url { inner }),
            Err(e) => Err(error::from_weburl(e, None)),
        }
    }

    /// Parses an absolute URL and appends the pairs to its query, as
    /// `application/x-www-form-urlencoded`.
    pub fn parse_with_params<I, K, V>(input: &str, iter: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: std::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(iter);
        Ok(url)
    }

    /// Parses `input` with this URL as the base: resolves a reference.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-parser>
    #[inline]
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        match self.inner.join(input) {
            Ok(inner) => Ok(Url { inner }),
            Err(e) => Err(error::from_weburl(e, Some(self))),
        }
    }

    /// Options for a parse: base URL, query encoding override, and a
    /// callback for syntax violations.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::new()
    }

    /// The serialization.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.href()
    }

    /// The serialization, without copying it.
    #[inline]
    pub fn into_string(self) -> String {
        String::from(self.inner)
    }

    /// Checks the internal invariants of the URL (weburl's offsets against
    /// its serialization, and that a parse of the serialization gives it
    /// back).
    pub fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()
    }

    #[inline]
    pub(crate) fn from_weburl(inner: weburl::Url) -> Url {
        Url { inner }
    }
}

impl std::str::FromStr for Url {
    type Err = ParseError;

    #[inline]
    fn from_str(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for Url {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl fmt::Display for Url {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl From<Url> for String {
    fn from(value: Url) -> String {
        value.into_string()
    }
}

/// rust-url's field layout: the components, not the offsets.
impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("scheme", &self.scheme())
            .field("cannot_be_a_base", &self.cannot_be_a_base())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl PartialEq for Url {
    #[inline]
    fn eq(&self, other: &Url) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Url {}

impl PartialOrd for Url {
    #[inline]
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    #[inline]
    fn cmp(&self, other: &Url) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Url {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl AsRef<str> for Url {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
