//! Editing a URL part by part without falling into its traps.
//!
//! * [`UrlBuilder`] assembles a URL from raw parts and percent-encodes each
//!   part for its position, so a "/" in a path segment or a "&" in a query
//!   value cannot change the URL's structure.
//! * [`Url::path_segments_mut`] edits the path segment by segment
//!   ([`PathSegmentsMut`]), which is what [`Url::join`] looks like it does
//!   but does not.
//! * [`Url::append_query_param`], [`Url::replace_query_param`],
//!   [`Url::remove_query_param`] and [`Url::retain_query_params`] edit the
//!   query as `URLSearchParams` does.
//!
//! Every edit ends with [`Url::parse`] on the new serialization, so the
//! result is exactly what the standard makes of it; an edit that would read
//! back as a different URL is refused and leaves the URL as it was.

use std::fmt;

use crate::form_urlencoded;
use crate::host::HostKind;
use crate::parts::Parts;
use crate::percent_encoding::{percent_encode, EncodeSet};
use crate::{ParseError, SetterError, Url, UrlSearchParams};

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

// ----- Taking a URL apart and putting it back together. -----

/// A URL's components as serialized, owned so that a step can rewrite one
/// and reassemble the rest unchanged: the owned form of [`Parts`], which
/// serializes them.
#[derive(Clone, Debug)]
pub(crate) struct PartsBuf {
    pub(crate) scheme: String,
    /// `None` when the host is null.
    pub(crate) authority: Option<Authority>,
    pub(crate) opaque_path: bool,
    /// The path as [`Url::pathname`] gives it (without the "/." that the
    /// serializer may put in front).
    pub(crate) path: String,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

#[derive(Clone, Debug)]
pub(crate) struct Authority {
    pub(crate) username: String,
    pub(crate) password: String,
    pub(crate) host: String,
    /// `""` when absent or the default port.
    pub(crate) port: String,
}

impl PartsBuf {
    pub(crate) fn of(url: &Url) -> PartsBuf {
        PartsBuf {
            scheme: url.scheme().to_owned(),
            authority: url.has_host().then(|| Authority {
                username: url.username().to_owned(),
                password: url.password().to_owned(),
                host: url.hostname().to_owned(),
                port: url.port().to_owned(),
            }),
            opaque_path: url.has_opaque_path(),
            path: url.pathname().to_owned(),
            query: url.query().map(str::to_owned),
            fragment: url.fragment().map(str::to_owned),
        }
    }

    /// These components, borrowed, as the serializer takes them.
    pub(crate) fn as_parts(&self) -> Parts<'_> {
        let authority = self.authority.as_ref();
        Parts {
            scheme: &self.scheme,
            username: authority.map_or("", |a| &a.username),
            password: authority.map_or("", |a| &a.password),
            // The kind is only recorded in offsets that the caller's parse
            // replaces.
            host: authority.map(|a| (HostKind::Opaque, a.host.as_str())),
            port: authority
                .map(|a| a.port.as_str())
                .filter(|port| !port.is_empty()),
            path: &self.path,
            opaque_path: self.opaque_path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
    }

    /// The URL serializer's steps on these components.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-serializer>
    pub(crate) fn serialize(&self) -> Result<String, ParseError> {
        Ok(self.as_parts().serialize()?.serialization)
    }

    /// Serializes and parses again; succeeds only if the parse gives back
    /// exactly this serialization and the same kind of path, i.e. if these
    /// components are already the standard's canonical form.
    pub(crate) fn reparse(&self) -> Result<Url, EditError> {
        let href = self.serialize()?;
        let url = Url::parse(&href)?;
        if url.href() != href || url.has_opaque_path() != self.opaque_path {
            return Err(EditError::Unrepresentable);
        }
        Ok(url)
    }
}

// ----- Encoding each part for its position. -----

/// Whether `scheme` is a scheme by the scheme state: an ASCII letter, then
/// ASCII alphanumerics, "+", "-" and ".".
///
/// <https://url.spec.whatwg.org/#scheme-state>
fn is_valid_scheme(scheme: &str) -> bool {
    let mut bytes = scheme.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// <https://url.spec.whatwg.org/#special-scheme>
fn is_special_scheme(lowercase: &str) -> bool {
    matches!(lowercase, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// Percent-encodes `input` with `set` and "%" as well, so that a raw value
/// reads back exactly with [`percent_decode`](crate::percent_encoding::percent_decode).
fn encode_raw(input: &str, set: EncodeSet) -> String {
    if input.contains('%') && !set.contains(b'%') {
        percent_encode(&input.replace('%', "%25"), set).into_owned()
    } else {
        percent_encode(input, set).into_owned()
    }
}

/// Encodes a raw path segment for a list path.
///
/// The component percent-encode set (the one `encodeURIComponent` uses) is
/// the smallest standard set that holds every byte a segment must not
/// contain as it is in any scheme: "/" and "\" (which special schemes also
/// read as a separator) would split it, "?" and "#" would end the path,
/// "%" would start a percent-encoding, and ":" and "|" could turn a first
/// segment of a `file:` URL into a Windows drive letter.
///
/// `.` and `..` are refused: the parser treats them, and their
/// percent-encoded spellings, as dot segments.
fn encode_segment(segment: &str) -> Result<String, EditError> {
    if segment == "." || segment == ".." {
        return Err(EditError::DotSegment);
    }
    Ok(percent_encode(segment, EncodeSet::COMPONENT).into_owned())
}

/// Encodes a raw host so that nothing in it can end the host or start
/// userinfo or a port; an IPv6 address (with or without its brackets) is
/// bracketed instead.
///
/// A special URL's host parser percent-decodes before anything else, so
/// the encoding is transparent there: a host with "/" or "@" fails to
/// parse rather than moving the boundaries of the URL. A non-special URL
/// keeps the percent-encoded bytes in its opaque host.
fn encode_host(host: &str) -> String {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    let ipv6_like = inner.contains(':')
        && inner
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
    if ipv6_like {
        return format!("[{inner}]");
    }
    encode_raw(host, EncodeSet::USERINFO)
}

// ----- UrlBuilder. -----

/// Assembles a URL from raw parts, percent-encoding each for its position,
/// then parses the result with [`Url::parse`], so the URL is exactly the
/// standard's.
///
/// Every part is a raw value, never pre-encoded: `"a b"` becomes `a%20b`
/// and `"%41"` becomes `%2541` (so it reads back as `%41`).
///
/// | part | encoding |
/// |---|---|
/// | username, password | [component set](https://url.spec.whatwg.org/#component-percent-encode-set) |
/// | host | [userinfo set](https://url.spec.whatwg.org/#userinfo-percent-encode-set) and `%`; an IPv6 address is bracketed |
/// | path segment | [component set](https://url.spec.whatwg.org/#component-percent-encode-set); `.` and `..` are refused |
/// | query pairs | [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#concept-urlencoded-serializer) |
/// | fragment | [fragment set](https://url.spec.whatwg.org/#fragment-percent-encode-set) and `%` |
///
/// The host then goes through the standard's host parser: a domain is
/// lowercased and IDNA-mapped, an IPv4 address canonicalized, a default
/// port dropped.
///
/// ```
/// use weburl::Url;
///
/// let url = Url::builder("https")
///     .host("example.com")
///     .path_segments(["a b", "c/d"])
///     .query_pair("q", "1&2")
///     .fragment("top")
///     .build()?;
/// assert_eq!(url.href(), "https://example.com/a%20b/c%2Fd?q=1%262#top");
/// # Ok::<(), weburl::EditError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlBuilder {
    scheme: String,
    username: String,
    password: String,
    host: Option<String>,
    port: Option<u16>,
    segments: Vec<String>,
    query: UrlSearchParams,
    fragment: Option<String>,
}

impl Url {
    /// Starts a [`UrlBuilder`] for a URL with scheme `scheme`.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("HTTP").host("Example.COM").port(80).build()?;
    /// assert_eq!(url.href(), "http://example.com/");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn builder(scheme: &str) -> UrlBuilder {
        UrlBuilder::new(scheme)
    }
}

impl UrlBuilder {
    /// A builder for a URL with scheme `scheme` (checked by [`build`](Self::build)).
    ///
    /// ```
    /// use weburl::UrlBuilder;
    ///
    /// let url = UrlBuilder::new("foo").path_segment("bar").build()?;
    /// assert_eq!(url.href(), "foo:/bar");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn new(scheme: &str) -> UrlBuilder {
        UrlBuilder {
            scheme: scheme.to_owned(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            segments: Vec::new(),
            query: UrlSearchParams::new(),
            fragment: None,
        }
    }

    /// Sets the username.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-username>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("ftp").username("me@home").password("p:w").host("example.com").build()?;
    /// assert_eq!(url.href(), "ftp://me%40home:p%3Aw@example.com/");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn username(mut self, username: &str) -> UrlBuilder {
        username.clone_into(&mut self.username);
        self
    }

    /// Sets the password.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-password>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("https").password("s3cr#t").host("example.com").build()?;
    /// assert_eq!(url.href(), "https://:s3cr%23t@example.com/");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn password(mut self, password: &str) -> UrlBuilder {
        password.clone_into(&mut self.password);
        self
    }

    /// Sets the host: a domain, an IPv4 address, an IPv6 address with or
    /// without brackets, or (for a non-special scheme) an opaque host.
    /// `""` is the empty host, which only `file` and non-special schemes
    /// accept.
    ///
    /// Without a host, a `file` URL gets the empty host and a non-special
    /// URL none; a special URL fails with [`ParseError::HostMissing`].
    ///
    /// <https://url.spec.whatwg.org/#concept-host-parser>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// assert_eq!(Url::builder("http").host("::1").build()?.href(), "http://[::1]/");
    /// assert_eq!(Url::builder("http").host("bücher.example").build()?.href(), "http://xn--bcher-kva.example/");
    /// // Delimiters cannot escape the host.
    /// assert!(Url::builder("https").host("evil.example/@good.example").build().is_err());
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn host(mut self, host: &str) -> UrlBuilder {
        self.host = Some(host.to_owned());
        self
    }

    /// Sets the port; the scheme's default port is dropped by the parser.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-port>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("wss").host("example.com").port(8443).build()?;
    /// assert_eq!(url.href(), "wss://example.com:8443/");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn port(mut self, port: u16) -> UrlBuilder {
        self.port = Some(port);
        self
    }

    /// Appends one path segment. See [`UrlBuilder::path_segments`].
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("https").host("example.com").path_segment("a?b").path_segment("").build()?;
    /// assert_eq!(url.href(), "https://example.com/a%3Fb/");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn path_segment(mut self, segment: &str) -> UrlBuilder {
        self.segments.push(segment.to_owned());
        self
    }

    /// Appends path segments, each a raw value encoded with the component
    /// percent-encode set. An empty segment gives an empty segment (a
    /// trailing `""` gives a trailing slash). `.` and `..` make
    /// [`build`](Self::build) fail with [`EditError::DotSegment`].
    ///
    /// <https://url.spec.whatwg.org/#url-path>
    ///
    /// ```
    /// use weburl::{EditError, Url};
    ///
    /// let url = Url::builder("https").host("example.com").path_segments(["docs", "a/b", "ünï"]).build()?;
    /// assert_eq!(url.pathname(), "/docs/a%2Fb/%C3%BCn%C3%AF");
    /// let dots = Url::builder("https").host("example.com").path_segments(["a", ".."]).build();
    /// assert_eq!(dots, Err(EditError::DotSegment));
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn path_segments<I, S>(mut self, segments: I) -> UrlBuilder
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.segments
            .extend(segments.into_iter().map(|s| s.as_ref().to_owned()));
        self
    }

    /// Appends a query pair; the query is the pairs'
    /// `application/x-www-form-urlencoded` serialization. Without pairs
    /// there is no query.
    ///
    /// <https://url.spec.whatwg.org/#concept-urlencoded-serializer>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("https").host("example.com").query_pair("q", "a b&c=d#e").build()?;
    /// assert_eq!(url.search(), "?q=a+b%26c%3Dd%23e");
    /// assert_eq!(url.search_params().get("q"), Some("a b&c=d#e"));
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn query_pair(mut self, name: &str, value: &str) -> UrlBuilder {
        self.query.append(name, value);
        self
    }

    /// Appends query pairs, as [`UrlBuilder::query_pair`] does for each.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("https").host("example.com").query_pairs([("a", "1"), ("a", "2")]).build()?;
    /// assert_eq!(url.search(), "?a=1&a=2");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn query_pairs<I, K, V>(mut self, pairs: I) -> UrlBuilder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.query.extend(pairs);
        self
    }

    /// Sets the fragment; `""` gives an empty fragment (a lone `#`).
    ///
    /// <https://url.spec.whatwg.org/#concept-url-fragment>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let url = Url::builder("https").host("example.com").fragment("a b#c 100%").build()?;
    /// assert_eq!(url.hash(), "#a%20b#c%20100%25");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn fragment(mut self, fragment: &str) -> UrlBuilder {
        self.fragment = Some(fragment.to_owned());
        self
    }

    /// Serializes the parts and parses the result with [`Url::parse`].
    ///
    /// Fails with [`EditError::InvalidScheme`], [`EditError::DotSegment`],
    /// [`ParseError::HostMissing`] (credentials or a port without a host,
    /// or a special scheme without one) or any other error of the parser.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-parser>
    ///
    /// ```
    /// use weburl::{EditError, ParseError, Url};
    ///
    /// let url = Url::builder("file").path_segments(["C:", "x y"]).build()?;
    /// assert_eq!(url.href(), "file:///C%3A/x%20y");
    /// let missing = Url::builder("https").path_segment("x").build();
    /// assert_eq!(missing, Err(EditError::Parse(ParseError::HostMissing)));
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn build(&self) -> Result<Url, EditError> {
        if !is_valid_scheme(&self.scheme) {
            return Err(EditError::InvalidScheme);
        }
        let scheme = self.scheme.to_ascii_lowercase();
        let mut path = String::new();
        for segment in &self.segments {
            path.push('/');
            path.push_str(&encode_segment(segment)?);
        }
        let has_credentials = !self.username.is_empty() || !self.password.is_empty();
        let host = match &self.host {
            Some(host) => Some(encode_host(host)),
            None if has_credentials || self.port.is_some() => {
                return Err(ParseError::HostMissing.into())
            }
            None if scheme == "file" => Some(String::new()),
            None if is_special_scheme(&scheme) => return Err(ParseError::HostMissing.into()),
            None => None,
        };
        let parts = PartsBuf {
            authority: host.map(|host| Authority {
                username: encode_raw(&self.username, EncodeSet::COMPONENT),
                password: encode_raw(&self.password, EncodeSet::COMPONENT),
                host,
                port: self.port.map(|p| p.to_string()).unwrap_or_default(),
            }),
            scheme,
            opaque_path: false,
            path,
            query: (!self.query.is_empty()).then(|| self.query.to_string()),
            fragment: self
                .fragment
                .as_deref()
                .map(|f| encode_raw(f, EncodeSet::FRAGMENT)),
        };
        // Not `reparse`: the host parser's changes (case, IDNA, IPv4, default
        // port) are the point of parsing here.
        Ok(Url::parse(&parts.serialize()?)?)
    }
}

// ----- Path segments. -----

/// An editor of a URL's path segments, from [`Url::path_segments_mut`].
///
/// The editor works on a copy of the segments; the URL changes only when
/// the edit is applied, in one step, by [`finish`](Self::finish) or when the
/// editor is dropped. A failed application leaves the URL as it was, so the
/// URL is never half-edited. [`discard`](Self::discard) drops the edit.
///
/// Segments are kept percent-encoded; the ones added are raw values,
/// encoded as [`UrlBuilder::path_segments`] encodes them.
///
/// <https://url.spec.whatwg.org/#url-path>
///
/// ```
/// use weburl::Url;
///
/// let mut url = Url::parse("https://example.com/api/v1/?key=x")?;
/// let mut path = url.path_segments_mut()?;
/// path.pop_if_empty().push("users/42")?.push("")?;
/// path.finish()?;
/// assert_eq!(url.href(), "https://example.com/api/v1/users%2F42/?key=x");
/// # Ok::<(), weburl::EditError>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The segments as they will be serialized.
    segments: Vec<String>,
    changed: bool,
    /// Set once applied or discarded, so that `Drop` does nothing more.
    done: bool,
}

impl Url {
    /// Edits the path segment by segment, with a [`PathSegmentsMut`].
    /// Fails with [`EditError::OpaquePath`] for a URL with an opaque path.
    ///
    /// This is how to add to a path. [`Url::join`] resolves a *relative
    /// reference*, which replaces the last segment unless the path ends
    /// with "/": `Url::parse("https://x/a/b")?.join("c")` is
    /// `https://x/a/c`, not `https://x/a/b/c`, and `join("c/d")` with a
    /// user-supplied `"c/d"`, `"../d"` or `"//evil.example/"` can go
    /// anywhere. The editor appends to the segments it is given and encodes
    /// every "/" in what it appends.
    ///
    /// <https://url.spec.whatwg.org/#url-path>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let base = Url::parse("https://x/a/b")?;
    /// assert_eq!(base.join("c")?.href(), "https://x/a/c");
    ///
    /// let mut url = base.clone();
    /// url.path_segments_mut()?.push("c")?;
    /// assert_eq!(url.href(), "https://x/a/b/c");
    ///
    /// // A trailing slash is an empty last segment: pop it first.
    /// let mut url = Url::parse("https://x/a/b/")?;
    /// url.path_segments_mut()?.pop_if_empty().push("../c")?;
    /// assert_eq!(url.href(), "https://x/a/b/..%2Fc");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, EditError> {
        if self.has_opaque_path() {
            return Err(EditError::OpaquePath);
        }
        // An empty path ("foo://host") has no segments, though
        // `path_segments` gives one empty segment for it, as for "/".
        let segments = match self.path_segments() {
            Some(segments) if !self.pathname().is_empty() => segments.map(str::to_owned).collect(),
            _ => Vec::new(),
        };
        Ok(PathSegmentsMut {
            url: self,
            segments,
            changed: false,
            done: false,
        })
    }
}

impl PathSegmentsMut<'_> {
    /// Appends a raw segment, percent-encoded with the component set.
    /// Refuses `.` and `..` ([`EditError::DotSegment`]), leaving the
    /// segments as they were.
    ///
    /// ```
    /// use weburl::{EditError, Url};
    ///
    /// let mut url = Url::parse("https://example.com/files")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.push("a b")?.push("c#d")?;
    /// assert_eq!(path.push("..").unwrap_err(), EditError::DotSegment);
    /// path.finish()?;
    /// assert_eq!(url.href(), "https://example.com/files/a%20b/c%23d");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> Result<&mut Self, EditError> {
        let segment = encode_segment(segment)?;
        self.segments.push(segment);
        self.changed = true;
        Ok(self)
    }

    /// Appends raw segments, as [`push`](Self::push) does for each. If one
    /// of them is `.` or `..`, none is appended.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/")?;
    /// let mut path = url.path_segments_mut()?;
    /// assert!(path.extend(["ok", "."]).is_err());
    /// path.clear().extend(["a", "b/c"])?;
    /// path.finish()?;
    /// assert_eq!(url.href(), "https://example.com/a/b%2Fc");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn extend<I, S>(&mut self, segments: I) -> Result<&mut Self, EditError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let encoded = segments
            .into_iter()
            .map(|s| encode_segment(s.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        if !encoded.is_empty() {
            self.segments.extend(encoded);
            self.changed = true;
        }
        Ok(self)
    }

    /// Removes the last segment, if there is one.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a/b?x")?;
    /// url.path_segments_mut()?.pop().pop().pop();
    /// assert_eq!(url.href(), "https://example.com/?x");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        if self.segments.pop().is_some() {
            self.changed = true;
        }
        self
    }

    /// Removes the last segment if it is empty: the one a trailing slash
    /// makes.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/dir/")?;
    /// url.path_segments_mut()?.pop_if_empty().push("file")?;
    /// assert_eq!(url.href(), "https://example.com/dir/file");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.segments.last().is_some_and(String::is_empty) {
            self.segments.pop();
            self.changed = true;
        }
        self
    }

    /// Removes every segment. A special URL, or one without a host, is left
    /// with the path `/` (as the pathname setter would leave it); a
    /// non-special URL with a host gets the empty path.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a/b")?;
    /// url.path_segments_mut()?.clear();
    /// assert_eq!(url.href(), "https://example.com/");
    /// let mut url = Url::parse("foo://host/a/b")?;
    /// url.path_segments_mut()?.clear();
    /// assert_eq!(url.href(), "foo://host");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        if !self.segments.is_empty() {
            self.segments.clear();
            self.changed = true;
        }
        self
    }

    /// Applies the edit and reports whether it could be applied. On error
    /// the URL is as it was before the editor was made.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("foo:/")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.push("b")?;
    /// path.finish()?;
    /// // The path is "//b"; "/." keeps its empty first segment from
    /// // reading as a host.
    /// assert_eq!(url.pathname(), "//b");
    /// assert_eq!(url.href(), "foo:/.//b");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn finish(mut self) -> Result<(), EditError> {
        self.done = true;
        self.apply()
    }

    /// Drops the edit: the URL stays as it was.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.clear();
    /// path.discard();
    /// assert_eq!(url.href(), "https://example.com/a");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn discard(mut self) {
        self.done = true;
    }

    fn apply(&mut self) -> Result<(), EditError> {
        if !self.changed {
            return Ok(());
        }
        let mut path = String::new();
        for segment in &self.segments {
            path.push('/');
            path.push_str(segment);
        }
        // A special URL's path is never empty, and an empty list path
        // without a host would serialize as "foo:", an opaque path.
        if path.is_empty() && (self.url.is_special() || !self.url.has_host()) {
            path.push('/');
        }
        let mut parts = PartsBuf::of(self.url);
        parts.path = path;
        *self.url = parts.reparse()?;
        self.changed = false;
        Ok(())
    }
}

/// Applies the edit unless [`finish`](PathSegmentsMut::finish) or
/// [`discard`](PathSegmentsMut::discard) was called. A failure cannot be
/// reported here; it leaves the URL as it was.
impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.apply();
        }
    }
}

// ----- Query parameters. -----

/// The query's pairs as the URL's `searchParams` holds them: the query
/// parsed as `application/x-www-form-urlencoded`, with no "?" stripped
/// (that is `new URLSearchParams(string)`'s step, not the URL's).
///
/// <https://url.spec.whatwg.org/#dom-url-searchparams>
fn query_list(url: &Url) -> UrlSearchParams {
    UrlSearchParams::from_pairs(form_urlencoded::parse(url.query().unwrap_or("").as_bytes()))
}

impl Url {
    /// Appends the pair `name`=`value` to the query, like
    /// `url.searchParams.append(name, value)`.
    ///
    /// As with every change through `searchParams`, the whole query is
    /// serialized again as `application/x-www-form-urlencoded`: pairs keep
    /// their names and values, but not their spelling (`?a=%20` becomes
    /// `?a=+`, `?a/b` becomes `?a%2Fb=`).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/search?q=x#results")?;
    /// url.append_query_param("tag", "a&b").unwrap();
    /// assert_eq!(url.href(), "https://example.com/search?q=x&tag=a%26b#results");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn append_query_param(&mut self, name: &str, value: &str) -> Result<(), SetterError> {
        let mut params = query_list(self);
        params.append(name, value);
        self.set_search_params(&params)
    }

    /// Gives the first pair named `name` the value `value` and removes the
    /// other pairs named `name`, or appends the pair if there is none, like
    /// `url.searchParams.set(name, value)`. The query is serialized again
    /// (see [`Url::append_query_param`]).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/?page=1&sort=asc&page=2")?;
    /// url.replace_query_param("page", "3").unwrap();
    /// assert_eq!(url.href(), "https://example.com/?page=3&sort=asc");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn replace_query_param(&mut self, name: &str, value: &str) -> Result<(), SetterError> {
        let mut params = query_list(self);
        params.set(name, value);
        self.set_search_params(&params)
    }

    /// Removes every pair named `name` (compared after decoding, so
    /// `utm%5Fsource` is `utm_source`) and returns how many were removed.
    ///
    /// When a pair is removed, the query is serialized again (see
    /// [`Url::append_query_param`]) and removing the last pair removes the
    /// query, "?" included, per the `URLSearchParams` update steps. When
    /// none is, the URL is left exactly as it was (where
    /// `searchParams.delete` would still serialize the query again).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/p?utm_source=mail&id=7&utm_source=x#top")?;
    /// assert_eq!(url.remove_query_param("utm_source").unwrap(), 2);
    /// assert_eq!(url.href(), "https://example.com/p?id=7#top");
    /// assert_eq!(url.remove_query_param("id").unwrap(), 1);
    /// assert_eq!(url.href(), "https://example.com/p#top");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn remove_query_param(&mut self, name: &str) -> Result<usize, SetterError> {
        self.retain_query_params(|n, _| n != name)
    }

    /// Keeps only the pairs for which `keep(name, value)` returns `true`
    /// (names and values decoded), in order, and returns how many were
    /// removed. Removal behaves as in [`Url::remove_query_param`].
    ///
    /// <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/?utm_medium=x&q=rust&utm_campaign=y")?;
    /// let removed = url.retain_query_params(|name, _| !name.starts_with("utm_")).unwrap();
    /// assert_eq!(removed, 2);
    /// assert_eq!(url.href(), "https://example.com/?q=rust");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn retain_query_params<F>(&mut self, mut keep: F) -> Result<usize, SetterError>
    where
        F: FnMut(&str, &str) -> bool,
    {
        let params = query_list(self);
        let kept: UrlSearchParams = params.pairs().filter(|&(n, v)| keep(n, v)).collect();
        let removed = params.len() - kept.len();
        if removed > 0 {
            self.set_search_params(&kept)?;
        }
        Ok(removed)
    }
}
