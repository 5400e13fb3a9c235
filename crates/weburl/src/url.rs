//! `Url`: the serialization, its offsets, the getters and the traits.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::net::Ipv4Addr;
use std::str::FromStr;

use crate::error::ParseError;
use crate::host::{self, Host, HostKind};
use crate::offsets::{self, Offsets};
use crate::options::ParseOptions;
use crate::scheme::SchemeKind;

/// A parsed URL, as the URL Standard defines it.
///
/// A `Url` is its serialization (an ASCII string: everything else is
/// percent-encoded or punycoded) plus the positions of its components.
/// Getters are slices of the serialization; they never allocate.
///
/// The URL Standard's getters give strings, as JavaScript's do; the URL
/// record's fields are also there as Rust values, named for the field
/// (`typed_` and the field's name where that name already gives a string).
///
/// ```
/// use weburl::{Host, SchemeKind, Url};
/// let url = Url::parse("HTTP://EXAMPLE.com:80/a/./b/../c?x#y")?;
/// assert_eq!(url.href(), "http://example.com/a/c?x#y");
/// assert_eq!(url.hostname(), "example.com");
/// assert_eq!(url.port(), "");
/// assert_eq!(url.search(), "?x");
/// assert_eq!(url.typed_scheme(), SchemeKind::Http);
/// assert_eq!(url.typed_host(), Some(Host::Domain("example.com")));
/// assert_eq!(url.typed_port(), None);
/// assert_eq!(url.port_or_known_default(), Some(80));
/// assert_eq!(url.query(), Some("x"));
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) offsets: Offsets,
}

impl Url {
    /// Parses an absolute URL.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-parser>
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        ParseOptions::default().parse(input)
    }

    /// Parses an absolute URL into `self`, reusing its buffer; `self` is
    /// left as it was when `input` does not parse. For bulk callers: see
    /// [`ParseOptions::parse_into`].
    ///
    /// <https://url.spec.whatwg.org/#concept-url-parser>
    pub fn parse_into(&mut self, input: &str) -> Result<(), ParseError> {
        ParseOptions::default().parse_into(input, self)
    }

    /// Parses bytes that may not be UTF-8: see [`ParseOptions::parse_bytes`]
    /// for how bytes outside well-formed UTF-8 are taken.
    pub fn parse_bytes(input: &[u8]) -> Result<Url, ParseError> {
        ParseOptions::default().parse_bytes(input)
    }

    /// Parses `input` with `self` as the base URL: resolves a relative reference.
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.com/a/b?q")?;
    /// assert_eq!(base.join("../c")?.href(), "https://example.com/c");
    /// assert_eq!(base.join("//other.example/")?.href(), "https://other.example/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        ParseOptions::default().base_url(Some(self)).parse(input)
    }

    /// Options for a parse: base URL, query encoding, size limit.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::default()
    }

    /// Whether `input` parses (against `base`, when given), without building
    /// the URL. A base that does not parse gives `false`.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-canparse>
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => crate::parser::validate_by_default(input),
            Some(base) => match Url::parse(base) {
                Ok(base) => ParseOptions::default()
                    .base_url(Some(&base))
                    .can_parse(input),
                Err(_) => false,
            },
        }
    }

    // ----- The URL Standard's getters (the JavaScript URL object's). -----

    /// The serialization.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-href>
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The scheme followed by ":", like `"https:"`.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    #[inline]
    pub fn protocol(&self) -> &str {
        &self.serialization[..self.offsets.scheme_end as usize + 1]
    }

    /// The username, percent-encoded; `""` when there is none.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-username>
    #[inline]
    pub fn username(&self) -> &str {
        if !self.offsets.has_host() {
            return "";
        }
        &self.serialization[self.offsets.username_start()..self.offsets.username_end as usize]
    }

    /// The password, percent-encoded; `""` when there is none.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-password>
    #[inline]
    pub fn password(&self) -> &str {
        let o = &self.offsets;
        let (username_end, host_start) = (o.username_end as usize, o.host_start as usize);
        if o.has_host() && username_end + 1 < host_start {
            &self.serialization[username_end + 1..host_start - 1]
        } else {
            ""
        }
    }

    /// The host and, when not the default, ":" and the port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-host>
    #[inline]
    pub fn host(&self) -> &str {
        if !self.offsets.has_host() {
            return "";
        }
        &self.serialization[self.offsets.host_start as usize..self.offsets.path_start as usize]
    }

    /// The serialized host, without the port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    #[inline]
    pub fn hostname(&self) -> &str {
        &self.serialization[self.offsets.host_start as usize..self.offsets.host_end as usize]
    }

    /// The port; `""` when it is absent or the scheme's default.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-port>
    #[inline]
    pub fn port(&self) -> &str {
        let (host_end, path_start) = (
            self.offsets.host_end as usize,
            self.offsets.path_start as usize,
        );
        if self.offsets.has_host() && host_end < path_start {
            &self.serialization[host_end + 1..path_start]
        } else {
            ""
        }
    }

    /// The path, serialized.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    #[inline]
    pub fn pathname(&self) -> &str {
        &self.serialization[self.offsets.path_start as usize..self.path_end()]
    }

    /// "?" and the query; `""` when the query is absent or empty.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-search>
    #[inline]
    pub fn search(&self) -> &str {
        match self.offsets.query_start() {
            Some(start) => {
                let end = self.offsets.query_end_in(self.serialization.len());
                if end - start > 1 {
                    &self.serialization[start..end]
                } else {
                    ""
                }
            }
            None => "",
        }
    }

    /// "#" and the fragment; `""` when the fragment is absent or empty.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hash>
    #[inline]
    pub fn hash(&self) -> &str {
        match self.offsets.fragment_start() {
            Some(start) if self.serialization.len() - start > 1 => &self.serialization[start..],
            _ => "",
        }
    }

    /// The serialization, as `&str` (Rust's name for [`Url::href`]).
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    // ----- The URL record's fields, and the URL Standard's predicates. -----
    //
    // Named for the field (https://url.spec.whatwg.org/#concept-url), null
    // as `None`; where the field's name already gives a string (a getter
    // of the URL class, or `scheme`), the typed view is `typed_` and the
    // field's name.

    /// The scheme, lowercase, without ":".
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.serialization[..self.offsets.scheme_end as usize]
    }

    /// The scheme, classified.
    #[inline]
    pub fn typed_scheme(&self) -> SchemeKind {
        self.offsets.scheme
    }

    /// Whether the scheme is special (http, https, ws, wss, ftp, file).
    ///
    /// <https://url.spec.whatwg.org/#is-special>
    #[inline]
    pub fn is_special(&self) -> bool {
        self.offsets.scheme.is_special()
    }

    /// Whether the URL has a username or a password.
    ///
    /// <https://url.spec.whatwg.org/#include-credentials>
    #[inline]
    pub fn includes_credentials(&self) -> bool {
        self.offsets.has_host()
            && (self.offsets.host_start as usize) > self.offsets.username_start()
    }

    /// Whether the path is opaque (`mailto:x`, `data:,x`): a single string,
    /// not a list of segments.
    ///
    /// <https://url.spec.whatwg.org/#url-opaque-path>
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.offsets.opaque_path
    }

    /// Whether the host is not null.
    #[inline]
    pub fn has_host(&self) -> bool {
        self.offsets.has_host()
    }

    /// The host, typed; `None` when the host is null.
    ///
    /// ```
    /// use weburl::{Host, Url};
    /// let url = Url::parse("http://0x7f.1/")?;
    /// assert_eq!(url.typed_host(), Some(Host::Ipv4([127, 0, 0, 1].into())));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn typed_host(&self) -> Option<Host<'_>> {
        let hostname = self.hostname();
        Some(match self.offsets.host {
            HostKind::None => return None,
            HostKind::Domain => Host::Domain(hostname),
            HostKind::Opaque => Host::Opaque(hostname),
            HostKind::Empty => Host::Empty,
            HostKind::Ipv4 => Host::Ipv4(hostname.parse::<Ipv4Addr>().ok()?),
            HostKind::Ipv6 => Host::Ipv6(host::ipv6_from_serialized(hostname)?),
        })
    }

    /// The port as a number, `None` when absent or the scheme's default.
    #[inline]
    pub fn typed_port(&self) -> Option<u16> {
        self.port().parse().ok()
    }

    /// The port, or the scheme's default port when absent.
    #[inline]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.typed_port().or(self.offsets.scheme.default_port())
    }

    /// The path's segments, percent-encoded; `None` for an opaque path.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://example.com/a/b%20c/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<std::str::Split<'_, char>> {
        if self.offsets.opaque_path {
            return None;
        }
        let path = self.pathname();
        Some(path.strip_prefix('/').unwrap_or(path).split('/'))
    }

    /// The query without "?"; `None` when absent (`Some("")` when empty).
    #[inline]
    pub fn query(&self) -> Option<&str> {
        let start = self.offsets.query_start()?;
        Some(&self.serialization[start + 1..self.offsets.query_end_in(self.serialization.len())])
    }

    /// The fragment without "#"; `None` when absent (`Some("")` when empty).
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        let start = self.offsets.fragment_start()?;
        Some(&self.serialization[start + 1..])
    }

    /// The serialization without the fragment.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-serializer> ("exclude fragment")
    pub fn without_fragment(&self) -> &str {
        &self.serialization[..self
            .offsets
            .fragment_start()
            .unwrap_or(self.serialization.len())]
    }

    // ----- Internals shared with the parser and the setters. -----

    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        self.offsets.path_end_in(self.serialization.len())
    }

    /// The first segment of a list path.
    pub(crate) fn first_path_segment(&self) -> Option<&str> {
        self.path_segments()?.next()
    }

    /// Checks the structural invariants in debug builds after each mutation.
    #[inline]
    pub(crate) fn debug_check(&self) {
        #[cfg(debug_assertions)]
        if let Err(e) = offsets::check_structure(&self.serialization, &self.offsets) {
            panic!("URL invariant broken: {e}");
        }
    }

    /// Checks that the offsets describe the serialization (order, the
    /// delimiter at each, ASCII only) and that parsing the serialization
    /// again gives the same URL. Runs in the test harness and the fuzzers.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_structure()?;
        let again = Url::parse(&self.serialization)
            .map_err(|e| format!("the serialization does not parse: {e}\n{}", self.diagram()))?;
        if again.serialization != self.serialization || again.offsets != self.offsets {
            return Err(format!(
                "reparsing changes the URL:\n{}\nreparsed:\n{}",
                self.diagram(),
                again.diagram()
            ));
        }
        Ok(())
    }

    /// The offsets describe the serialization: order, the delimiter at
    /// each, ASCII only.
    pub(crate) fn check_structure(&self) -> Result<(), String> {
        offsets::check_structure(&self.serialization, &self.offsets)
    }

    /// Draws the offsets under the serialization, for test failures and
    /// debugging.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://u@example.com:8080/p?q#f")?;
    /// println!("{}", url.diagram());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn diagram(&self) -> String {
        offsets::draw(&self.serialization, &self.offsets)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.typed_host())
            .field("port", &self.typed_port())
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl FromStr for Url {
    type Err = ParseError;
    fn from_str(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;
    fn try_from(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

impl TryFrom<String> for Url {
    type Error = ParseError;
    fn try_from(input: String) -> Result<Url, ParseError> {
        Url::parse(&input)
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

/// URLs compare as their serializations, so a `HashSet<Url>` can be
/// queried with `&str`.
impl Borrow<str> for Url {
    fn borrow(&self) -> &str {
        &self.serialization
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Url) -> Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.serialization)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Url::parse(&s).map_err(serde::de::Error::custom)
    }
}
