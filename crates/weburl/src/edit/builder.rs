//! [`UrlBuilder`]: a URL from raw parts.

use super::encode::{encode_host, encode_raw, encode_segment, is_special_scheme, is_valid_scheme};
use crate::error::EditError;
use crate::parts::UrlParts;
use crate::percent_encoding::EncodeSet;
use crate::{ParseError, Url, UrlSearchParams};

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
        let parts = UrlParts {
            scheme,
            // Empty unless there is a host (checked above).
            username: encode_raw(&self.username, EncodeSet::COMPONENT),
            password: encode_raw(&self.password, EncodeSet::COMPONENT),
            host,
            port: self.port.map(|p| p.to_string()),
            path,
            opaque_path: false,
            query: (!self.query.is_empty()).then(|| self.query.to_string()),
            fragment: self
                .fragment
                .as_deref()
                .map(|f| encode_raw(f, EncodeSet::FRAGMENT)),
        };
        // Not `to_url`: the host parser's changes (case, IDNA, IPv4, default
        // port) are the point of parsing here.
        Ok(Url::parse(&parts.serialize()?)?)
    }
}
