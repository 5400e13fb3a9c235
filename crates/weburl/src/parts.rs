//! A URL taken apart into its serialized components, and the URL
//! serializer that puts such components together again, writing the
//! serialization and its offsets in one pass.
//!
//! [`UrlParts`] is one design for both ways of holding the components:
//! `UrlParts<&str>` borrows them from a [`Url`] ([`Url::parts`]), so that a
//! setter replaces one and serializes without copying the others;
//! `UrlParts<String>` ([`UrlParts::into_owned`]) owns them, so that a caller
//! rewrites several in steps (the builder in `edit`, the normalizer of the
//! `weburl-sites` crate). Both serialize with the same code.
//!
//! The parser and its fast path write the serialization as they go and
//! keep their own writers; they share the `/.` rule
//! (`offsets::dot_before_path`), which lives beside the offsets it moves so
//! that the parser need not import this module.

use crate::error::{EditError, ParseError};
use crate::host::HostKind;
use crate::offsets::{dot_before_path, Offsets};
use crate::parser::DEFAULT_MAX_LEN;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// A URL's components, one field for each of the URL record's, each as it
/// is serialized (percent-encoded, the host serialized), held as `S`:
/// `&str` borrowed from a [`Url`] ([`Url::parts`]) or `String`, owned
/// ([`UrlParts::into_owned`]), to rewrite them and put the URL together
/// again with [`UrlParts::to_url`].
///
/// <https://url.spec.whatwg.org/#concept-url>
///
/// ```
/// use weburl::Url;
///
/// let url = Url::parse("https://user@example.com:8080/a/b?q#f")?;
/// let mut parts = url.parts().into_owned();
/// assert_eq!(parts.host.as_deref(), Some("example.com"));
/// parts.path.push_str("/c");
/// parts.fragment = None;
/// assert_eq!(parts.to_url()?.href(), "https://user@example.com:8080/a/b/c?q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlParts<S = String> {
    /// The scheme, without its ":" ([`Url::scheme`]).
    pub scheme: S,
    /// The username, percent-encoded; empty when there is none. Only
    /// serialized when there is a host.
    pub username: S,
    /// The password, percent-encoded; empty when there is none. Only
    /// serialized when there is a host.
    pub password: S,
    /// The serialized host ([`Url::hostname`]); `None` when the host is
    /// null (no "//" in the serialization).
    pub host: Option<S>,
    /// The port's digits; `None` when there is none (or it is the
    /// scheme's default, which the parser drops).
    pub port: Option<S>,
    /// The path as [`Url::pathname`] gives it, without the "/." that the
    /// serializer puts in front of a host-less path starting with "//".
    pub path: S,
    /// Whether the path is opaque (`mailto:a@example.com`) rather than a
    /// list of segments.
    ///
    /// <https://url.spec.whatwg.org/#url-opaque-path>
    pub opaque_path: bool,
    /// The query, without its "?"; `None` when there is none.
    pub query: Option<S>,
    /// The fragment, without its "#"; `None` when there is none.
    pub fragment: Option<S>,
}

impl Url {
    /// The URL's components, borrowed; see [`UrlParts`].
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::parse("foo:/.//p?q")?;
    /// let parts = url.parts();
    /// assert_eq!((parts.host, parts.path, parts.query), (None, "//p", Some("q")));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn parts(&self) -> UrlParts<&str> {
        let port = self.port();
        UrlParts {
            scheme: self.scheme(),
            username: self.username(),
            password: self.password(),
            host: self.has_host().then(|| self.hostname()),
            port: (!port.is_empty()).then_some(port),
            path: self.pathname(),
            opaque_path: self.has_opaque_path(),
            query: self.query(),
            fragment: self.fragment(),
        }
    }
}

impl UrlParts<&str> {
    /// The same components, owned.
    pub fn into_owned(self) -> UrlParts<String> {
        UrlParts {
            scheme: self.scheme.to_owned(),
            username: self.username.to_owned(),
            password: self.password.to_owned(),
            host: self.host.map(str::to_owned),
            port: self.port.map(str::to_owned),
            path: self.path.to_owned(),
            opaque_path: self.opaque_path,
            query: self.query.map(str::to_owned),
            fragment: self.fragment.map(str::to_owned),
        }
    }
}

impl<S: AsRef<str>> UrlParts<S> {
    /// The URL serializer's steps on these components, as they are. Fails
    /// only with [`ParseError::TooLong`], for a serialization longer than
    /// the parser accepts.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-serializer>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::parse("foo://host/p")?;
    /// let mut parts = url.parts();
    /// parts.host = None;
    /// parts.path = "//p";
    /// assert_eq!(parts.serialize()?, "foo:/.//p");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn serialize(&self) -> Result<String, ParseError> {
        // The kind is only recorded in offsets, which are dropped here.
        Ok(self.assemble(HostKind::Opaque)?.serialization)
    }

    /// Serializes the components and parses the result with
    /// [`Url::parse`]; succeeds only if the parse gives back exactly that
    /// serialization and the same kind of path, that is, if the components
    /// are already in the standard's canonical form. Otherwise
    /// [`EditError::Unrepresentable`] (`"A"` as a special URL's host, a
    /// list path with a dot segment) or the parser's error.
    ///
    /// ```
    /// use weburl::{EditError, Url};
    ///
    /// let url = Url::parse("https://example.com/")?;
    /// let mut parts = url.parts();
    /// parts.query = Some("a=1");
    /// assert_eq!(parts.to_url()?.href(), "https://example.com/?a=1");
    /// parts.host = Some("EXAMPLE.com");
    /// assert_eq!(parts.to_url(), Err(EditError::Unrepresentable));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_url(&self) -> Result<Url, EditError> {
        let href = self.serialize()?;
        let url = Url::parse(&href)?;
        if url.href() != href || url.has_opaque_path() != self.opaque_path {
            return Err(EditError::Unrepresentable);
        }
        Ok(url)
    }

    /// The URL serializer's steps, with the offsets, for components that
    /// are canonical (as the setters keep them), whose host is of `kind`
    /// (`Empty` is inferred from an empty host).
    ///
    /// <https://url.spec.whatwg.org/#concept-url-serializer>
    pub(crate) fn assemble(&self, kind: HostKind) -> Result<Url, ParseError> {
        let scheme = self.scheme.as_ref();
        let (username, password) = (self.username.as_ref(), self.password.as_ref());
        let host = self.host.as_ref().map(AsRef::as_ref);
        let port = self.port.as_ref().map(AsRef::as_ref);
        let path = self.path.as_ref();
        let query = self.query.as_ref().map(AsRef::as_ref);
        let fragment = self.fragment.as_ref().map(AsRef::as_ref);
        let len = scheme.len()
            + username.len()
            + password.len()
            + host.map_or(0, str::len)
            + port.map_or(0, str::len)
            + path.len()
            + query.map_or(0, str::len)
            + fragment.map_or(0, str::len)
            + 16;
        if len > DEFAULT_MAX_LEN {
            return Err(ParseError::TooLong);
        }
        let mut s = String::with_capacity(len);
        s.push_str(scheme);
        let scheme_end = s.len();
        s.push(':');
        let (username_end, host_start, host_end, host_kind);
        match host {
            Some(host) => {
                s.push_str("//");
                s.push_str(username);
                username_end = s.len();
                if !password.is_empty() {
                    s.push(':');
                    s.push_str(password);
                }
                if !username.is_empty() || !password.is_empty() {
                    s.push('@');
                }
                host_start = s.len();
                s.push_str(host);
                host_end = s.len();
                host_kind = if host.is_empty() {
                    HostKind::Empty
                } else {
                    kind
                };
                if let Some(port) = port {
                    s.push(':');
                    s.push_str(port);
                }
            }
            None => {
                (username_end, host_start, host_end) = (s.len(), s.len(), s.len());
                host_kind = HostKind::None;
            }
        }
        if dot_before_path(host.is_none(), self.opaque_path, path) {
            s.push_str("/.");
        }
        let path_start = s.len();
        s.push_str(path);
        let query_start = query.map(|query| {
            let start = s.len();
            s.push('?');
            s.push_str(query);
            start
        });
        let fragment_start = fragment.map(|fragment| {
            let start = s.len();
            s.push('#');
            s.push_str(fragment);
            start
        });
        // Every position is at most `len`, which fits in u32.
        let offset = |i: usize| i as u32;
        Ok(Url {
            offsets: Offsets {
                scheme_end: offset(scheme_end),
                username_end: offset(username_end),
                host_start: offset(host_start),
                host_end: offset(host_end),
                path_start: offset(path_start),
                query_start: query_start.map_or(Offsets::NONE, offset),
                fragment_start: fragment_start.map_or(Offsets::NONE, offset),
                scheme: SchemeKind::from_lowercase(scheme.as_bytes()),
                host: host_kind,
                opaque_path: self.opaque_path,
            },
            serialization: s,
        })
    }
}
