//! Normalization for deduplication: opt-in rewrites on top of the
//! standard's canonical form.
//!
//! [`Url::parse`] already gives many spellings of a URL a single one, and
//! that serialization is left as it is: the scheme is lowercased, a domain
//! is lowercased and IDNA-mapped (so hosts of special URLs are always
//! lowercase), IPv4 and IPv6 addresses are canonical, the default port is
//! dropped, dot segments are removed and a special URL's empty path is
//! `/`. That covers RFC 3986's §6.2.2.3 and most of §6.2.3. What the parser
//! keeps as written, a [`Normalizer`] can rewrite:
//!
//! | step | RFC 3986 | keeps the resource | profiles |
//! |---|---|---|---|
//! | [`form_encode_query`](Normalizer::form_encode_query) | — | for form queries | aggressive |
//! | [`uppercase_percent_hex`](Normalizer::uppercase_percent_hex) | §6.2.2.1 | yes | safe, crawler, aggressive |
//! | [`decode_unreserved`](Normalizer::decode_unreserved) | §6.2.2.2 | yes | safe, crawler, aggressive |
//! | [`lowercase_opaque_host`](Normalizer::lowercase_opaque_host) | §6.2.2.1 | yes | safe, crawler, aggressive |
//! | [`remove_params`](Normalizer::remove_params) | — | usually | crawler, aggressive ([`TRACKING_PARAMS`]) |
//! | [`sort_query`](Normalizer::sort_query) | — | usually | crawler, aggressive |
//! | [`drop_empty_query`](Normalizer::drop_empty_query) | §6.2.3 (not licensed) | usually | crawler, aggressive |
//! | [`drop_fragment`](Normalizer::drop_fragment) | — | for the fetch | crawler, aggressive |
//! | [`remove_index_html`](Normalizer::remove_index_html) | — | no | aggressive |
//! | [`remove_trailing_slash`](Normalizer::remove_trailing_slash) | — | no | aggressive |
//!
//! Steps run in this order whatever order they are enabled in, which makes
//! every normalizer idempotent: normalizing twice gives what normalizing
//! once gives.
//!
//! Each step rewrites the components, serializes them and parses the
//! result with [`Url::parse`]; the step is kept only if that parse gives
//! back the same serialization. The result is therefore always a [`Url`]
//! in the standard's canonical form, whose href parses to itself. (A step
//! that would not survive the parse is skipped; none is known to, and debug
//! builds assert it.)
//!
//! ```
//! use weburl_sites::normalize::Normalizer;
//! use weburl::Url;
//!
//! let url = Url::parse("https://Example.com/%7euser/?utm_source=mail&b=2&a=1#section")?;
//! let key = Normalizer::crawler().normalize(&url);
//! assert_eq!(key.href(), "https://example.com/~user/?a=1&b=2");
//! assert_eq!(Normalizer::crawler().normalize(&key), key);
//! # Ok::<(), weburl::ParseError>(())
//! ```

use std::borrow::Cow;

use weburl::{form_urlencoded, Host, ParseError, Url, UrlParts};

/// Query parameters that only track where a visitor came from, as
/// [`ParamPattern`]s (`*` at the end matches any suffix):
///
/// | parameters | set by |
/// |---|---|
/// | `utm_*` | campaign tags (Google Analytics and most analytics tools) |
/// | `fbclid` | Meta (Facebook) |
/// | `gclid`, `gclsrc`, `dclid`, `gbraid`, `wbraid`, `_ga`, `_gl` | Google Ads, Analytics |
/// | `msclkid` | Microsoft Advertising |
/// | `mc_cid`, `mc_eid` | Mailchimp |
/// | `yclid` | Yandex |
/// | `igshid` | Instagram |
/// | `twclid` | X (Twitter) |
/// | `ttclid` | TikTok |
/// | `li_fat_id` | LinkedIn |
/// | `mkt_tok` | Marketo |
/// | `_hsenc`, `_hsmi`, `__hssc`, `__hstc`, `__hsfp` | HubSpot |
/// | `oly_anon_id`, `oly_enc_id` | Omeda |
/// | `vero_id`, `vero_conv` | Vero |
/// | `_openstat` | Openstat |
///
/// ```
/// use weburl_sites::normalize::{Normalizer, TRACKING_PARAMS};
/// use weburl::Url;
///
/// assert!(TRACKING_PARAMS.contains(&"fbclid"));
/// let url = Url::parse("https://example.com/?id=7&fbclid=abc&utm_campaign=spring")?;
/// let clean = Normalizer::new().remove_params(TRACKING_PARAMS).normalize(&url);
/// assert_eq!(clean.href(), "https://example.com/?id=7");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub const TRACKING_PARAMS: &[&str] = &[
    "utm_*",
    "fbclid",
    "gclid",
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    "_ga",
    "_gl",
    "msclkid",
    "mc_cid",
    "mc_eid",
    "yclid",
    "igshid",
    "twclid",
    "ttclid",
    "li_fat_id",
    "mkt_tok",
    "_hsenc",
    "_hsmi",
    "__hssc",
    "__hstc",
    "__hsfp",
    "oly_anon_id",
    "oly_enc_id",
    "vero_id",
    "vero_conv",
    "_openstat",
];

/// Which query parameter names a [`Normalizer`] removes: one exact name or
/// every name starting with a prefix. Names are compared after
/// `application/x-www-form-urlencoded` decoding (so `utm%5Fsource` is
/// `utm_source`), case-sensitively.
///
/// From a string, a trailing `*` makes a prefix pattern; anything else is
/// an exact name.
///
/// ```
/// use weburl_sites::normalize::ParamPattern;
///
/// assert_eq!(ParamPattern::from("utm_*"), ParamPattern::Prefix("utm_".into()));
/// assert_eq!(ParamPattern::from("fbclid"), ParamPattern::Exact("fbclid".into()));
/// assert!(ParamPattern::from("utm_*").matches("utm_source"));
/// assert!(!ParamPattern::from("fbclid").matches("FBCLID"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamPattern {
    /// Matches this name only.
    Exact(String),
    /// Matches every name that starts with this prefix.
    Prefix(String),
}

impl ParamPattern {
    /// Whether `name` (decoded) matches.
    ///
    /// ```
    /// use weburl_sites::normalize::ParamPattern;
    ///
    /// let pattern = ParamPattern::Prefix("utm_".into());
    /// assert!(pattern.matches("utm_"));
    /// assert!(!pattern.matches("xutm_source"));
    /// ```
    pub fn matches(&self, name: &str) -> bool {
        match self {
            ParamPattern::Exact(exact) => name == exact,
            ParamPattern::Prefix(prefix) => name.starts_with(prefix.as_str()),
        }
    }
}

impl From<&str> for ParamPattern {
    fn from(pattern: &str) -> ParamPattern {
        match pattern.strip_suffix('*') {
            Some(prefix) => ParamPattern::Prefix(prefix.to_owned()),
            None => ParamPattern::Exact(pattern.to_owned()),
        }
    }
}

impl From<&&str> for ParamPattern {
    fn from(pattern: &&str) -> ParamPattern {
        ParamPattern::from(*pattern)
    }
}

impl From<String> for ParamPattern {
    fn from(pattern: String) -> ParamPattern {
        ParamPattern::from(pattern.as_str())
    }
}

/// A URL normalization: a set of steps, each off until enabled, applied in
/// a fixed order (see the [module documentation](self)).
///
/// Start from [`Normalizer::new`] (no step) or a profile, and turn steps
/// on or off with the methods of the same names:
///
/// * [`Normalizer::safe`]: only what RFC 3986 §6.2.2 proves equivalent.
/// * [`Normalizer::crawler`]: `safe` plus what a crawler deduplicates on.
/// * [`Normalizer::aggressive`]: `crawler` plus rewrites that usually, but
///   not always, give the same page.
///
/// ```
/// use weburl_sites::normalize::Normalizer;
/// use weburl::Url;
///
/// let keep_fragments = Normalizer::crawler().drop_fragment(false);
/// let url = Url::parse("https://example.com/app?b=1&a=2#/inbox")?;
/// assert_eq!(keep_fragments.normalize(&url).href(), "https://example.com/app?a=2&b=1#/inbox");
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Normalizer {
    form_encode_query: bool,
    uppercase_percent_hex: bool,
    decode_unreserved: bool,
    lowercase_opaque_host: bool,
    removed_params: Vec<ParamPattern>,
    sort_query: bool,
    drop_empty_query: bool,
    drop_fragment: bool,
    remove_index_html: bool,
    remove_trailing_slash: bool,
}

/// A profile's constructor.
type MakeNormalizer = fn() -> Normalizer;

/// The profiles by name, for bindings that take one as a string (SQL's
/// `url_normalize`, Python's `normalize`, the CLI's `--normalize`).
const PROFILES: [(&str, MakeNormalizer); 4] = [
    ("canonical", Normalizer::new),
    ("safe", Normalizer::safe),
    ("crawler", Normalizer::crawler),
    ("aggressive", Normalizer::aggressive),
];

/// A profile name that [`Normalizer`]'s `FromStr` does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl std::fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown normalization profile {:?}: expected one of {}",
            self.0,
            Normalizer::PROFILE_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl std::str::FromStr for Normalizer {
    type Err = UnknownProfile;

    /// A profile by name, in any ASCII case: `canonical` ([`Normalizer::new`]),
    /// `safe`, `crawler` or `aggressive`.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// assert_eq!("Crawler".parse::<Normalizer>(), Ok(Normalizer::crawler()));
    /// assert!("lenient".parse::<Normalizer>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        PROFILES
            .iter()
            .find(|(profile, _)| profile.eq_ignore_ascii_case(name))
            .map(|(_, make)| make())
            .ok_or_else(|| UnknownProfile(name.to_owned()))
    }
}

impl Normalizer {
    /// The names `FromStr` takes, from the least to the most that changes.
    pub const PROFILE_NAMES: [&'static str; 4] =
        [PROFILES[0].0, PROFILES[1].0, PROFILES[2].0, PROFILES[3].0];

    /// A normalizer with no step: it returns the URL as it is.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/%7e?b&a#f")?;
    /// assert_eq!(Normalizer::new().normalize(&url), url);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn new() -> Normalizer {
        Normalizer::default()
    }

    /// RFC 3986 §6.2.2 syntax-based normalization, the part the parser
    /// leaves out: [`uppercase_percent_hex`](Self::uppercase_percent_hex),
    /// [`decode_unreserved`](Self::decode_unreserved) and
    /// [`lowercase_opaque_host`](Self::lowercase_opaque_host).
    ///
    /// Each of these is an equivalence that RFC 3986 states for every
    /// scheme, so the result names the same resource. Query order, an
    /// empty query or fragment and trailing slashes are all kept.
    ///
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("foo://Host.EXAMPLE/%7ea%2fb?%41=%3c#%2D")?;
    /// assert_eq!(Normalizer::safe().normalize(&url).href(), "foo://host.example/~a%2Fb?A=%3C#-");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn safe() -> Normalizer {
        Normalizer::new()
            .uppercase_percent_hex(true)
            .decode_unreserved(true)
            .lowercase_opaque_host(true)
    }

    /// A key for deduplicating crawled URLs: [`safe`](Self::safe), plus
    /// removing [`TRACKING_PARAMS`], [`sort_query`](Self::sort_query),
    /// [`drop_empty_query`](Self::drop_empty_query) and
    /// [`drop_fragment`](Self::drop_fragment).
    ///
    /// The fragment never reaches the server, so dropping it keeps what is
    /// fetched, though a single-page application may route on it. Tracking
    /// parameters and the order of parameters rarely change the response,
    /// but a server may look at them.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/p?z=1&gclid=x&a=%7e#top")?;
    /// assert_eq!(Normalizer::crawler().normalize(&url).href(), "https://example.com/p?a=~&z=1");
    /// let url = Url::parse("https://example.com/p?utm_source=x")?;
    /// assert_eq!(Normalizer::crawler().normalize(&url).href(), "https://example.com/p");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn crawler() -> Normalizer {
        Normalizer::safe()
            .remove_params(TRACKING_PARAMS)
            .sort_query(true)
            .drop_empty_query(true)
            .drop_fragment(true)
    }

    /// [`crawler`](Self::crawler), plus
    /// [`form_encode_query`](Self::form_encode_query),
    /// [`remove_index_html`](Self::remove_index_html) and
    /// [`remove_trailing_slash`](Self::remove_trailing_slash).
    ///
    /// These do not preserve semantics: `/docs` and `/docs/` are different
    /// resources (relative links resolve differently from them), a server
    /// need not serve `index.html` for a directory, and a query that is not
    /// form data can change meaning when written again as form data. Use it
    /// to find likely duplicates, not to rewrite links.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/docs/index.html?q=a%20b")?;
    /// assert_eq!(Normalizer::aggressive().normalize(&url).href(), "https://example.com/docs?q=a+b");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn aggressive() -> Normalizer {
        Normalizer::crawler()
            .form_encode_query(true)
            .remove_index_html(true)
            .remove_trailing_slash(true)
    }

    /// Writes the query again as `application/x-www-form-urlencoded`, as
    /// any change through `URLSearchParams` would: `%20` and `+` both
    /// become `+`, a name without `=` gets one, empty pairs go, and a query
    /// without pairs is removed.
    ///
    /// This unifies spellings of the same form data, but a query that is
    /// not form data may change meaning (`?a+b` and `?a%2Bb` stay
    /// different; `?1/2` becomes `?1%2F2=`).
    ///
    /// <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/?q=a%20b&&flag&x=%7E")?;
    /// let n = Normalizer::new().form_encode_query(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/?q=a+b&flag=&x=%7E");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn form_encode_query(mut self, on: bool) -> Normalizer {
        self.form_encode_query = on;
        self
    }

    /// Uppercases the hex digits of every percent-encoding (`%3c` becomes
    /// `%3C`) in the username, password, opaque host, path, query and
    /// fragment. Always equivalent: the digits are case-insensitive.
    ///
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/a%2fb?x=%e2%82%ac#%7e")?;
    /// let n = Normalizer::new().uppercase_percent_hex(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/a%2Fb?x=%E2%82%AC#%7E");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn uppercase_percent_hex(mut self, on: bool) -> Normalizer {
        self.uppercase_percent_hex = on;
        self
    }

    /// Decodes percent-encoded unreserved characters (ASCII letters and
    /// digits, `-`, `.`, `_`, `~`) in the username, password, opaque host,
    /// path, query and fragment. Always equivalent: URIs that differ only
    /// there are the same. Reserved characters such as `%2F` (`/`) and
    /// `%3F` (`?`) are never decoded.
    ///
    /// A path segment is left encoded when decoding would change how the
    /// parser reads it: if it would become `.` or `..` (a dot segment), or,
    /// in a `file:` URL, a Windows drive letter such as `C:`.
    ///
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/%7Euser/%41%2F%42?q=%2D%2b#%5F")?;
    /// let n = Normalizer::new().decode_unreserved(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/~user/A%2FB?q=-%2b#_");
    /// let file = Url::parse("file:///%43:/x")?;
    /// assert_eq!(n.normalize(&file).href(), "file:///%43:/x");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn decode_unreserved(mut self, on: bool) -> Normalizer {
        self.decode_unreserved = on;
        self
    }

    /// Lowercases the opaque host of a non-special URL (`foo://Host/`),
    /// outside its percent-encodings. RFC 3986 makes hosts
    /// case-insensitive; the standard lowercases only the domains of
    /// special URLs (`http`, `https`, `ws`, `wss`, `ftp`, `file`), which are
    /// therefore already lowercase, as are IP addresses.
    ///
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("git+ssh://GitHub.COM%2e/repo")?;
    /// let n = Normalizer::new().lowercase_opaque_host(true);
    /// assert_eq!(n.normalize(&url).href(), "git+ssh://github.com%2e/repo");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn lowercase_opaque_host(mut self, on: bool) -> Normalizer {
        self.lowercase_opaque_host = on;
        self
    }

    /// Adds patterns of query parameters to remove (see [`ParamPattern`]).
    /// The other pairs keep their spelling and order; removing every pair
    /// removes the query, "?" included.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/?ref=home&id=1&session_id=x&sessionid=y")?;
    /// let n = Normalizer::new().remove_params(["ref", "session*"]);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/?id=1");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn remove_params<I, P>(mut self, patterns: I) -> Normalizer
    where
        I: IntoIterator<Item = P>,
        P: Into<ParamPattern>,
    {
        self.removed_params
            .extend(patterns.into_iter().map(Into::into));
        self
    }

    /// Forgets every pattern added with
    /// [`remove_params`](Self::remove_params): no parameter is removed.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/?utm_source=x")?;
    /// let n = Normalizer::crawler().keep_all_params();
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/?utm_source=x");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn keep_all_params(mut self) -> Normalizer {
        self.removed_params.clear();
        self
    }

    /// Sorts the query's pairs by name, stably (pairs with the same name
    /// keep their order), in the order of `URLSearchParams.sort()`: names
    /// decoded, then compared by UTF-16 code units. Each pair keeps its
    /// spelling; empty pairs (`&&`) are dropped.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/?b=2&a=%7e&&b=1&%61=3")?;
    /// let n = Normalizer::new().sort_query(true);
    /// // "%61" is "a": it sorts with "a" and keeps its place after it.
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/?a=%7e&%61=3&b=2&b=1");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn sort_query(mut self, on: bool) -> Normalizer {
        self.sort_query = on;
        self
    }

    /// Removes an empty query: `https://example.com/?` becomes
    /// `https://example.com/`. RFC 3986 §6.2.3 does not license this in
    /// general (the two may differ), but servers almost always treat them
    /// alike.
    ///
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/p?#f")?;
    /// let n = Normalizer::new().drop_empty_query(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/p#f");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn drop_empty_query(mut self, on: bool) -> Normalizer {
        self.drop_empty_query = on;
        self
    }

    /// Removes the fragment, `#` included. The fragment is never sent to
    /// the server, so the fetch is the same.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-fragment>
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/page#section-2")?;
    /// let n = Normalizer::new().drop_fragment(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/page");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn drop_fragment(mut self, on: bool) -> Normalizer {
        self.drop_fragment = on;
        self
    }

    /// Replaces a last path segment `index.html` with an empty one:
    /// `/docs/index.html` becomes `/docs/`. Off in every profile but
    /// [`aggressive`](Self::aggressive): it does not preserve semantics, as
    /// nothing obliges a server to serve `index.html` for a directory.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/docs/index.html?v=1")?;
    /// let n = Normalizer::new().remove_index_html(true);
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/docs/?v=1");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn remove_index_html(mut self, on: bool) -> Normalizer {
        self.remove_index_html = on;
        self
    }

    /// Removes the empty segments at the end of the path (its trailing
    /// slashes), but never the path `/` itself: `/docs/` becomes `/docs`.
    /// Off in every profile but [`aggressive`](Self::aggressive): it does
    /// not preserve semantics, as `/docs` and `/docs/` are different
    /// resources and relative references resolve differently against them.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let n = Normalizer::new().remove_trailing_slash(true);
    /// let url = Url::parse("https://example.com/docs//")?;
    /// assert_eq!(n.normalize(&url).href(), "https://example.com/docs");
    /// let root = Url::parse("https://example.com/")?;
    /// assert_eq!(n.normalize(&root).href(), "https://example.com/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn remove_trailing_slash(mut self, on: bool) -> Normalizer {
        self.remove_trailing_slash = on;
        self
    }

    /// Applies the enabled steps to `url`, in the order of the module
    /// documentation, and returns the result. The input is not changed.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    /// use weburl::Url;
    ///
    /// let url = Url::parse("https://example.com/a?b=1&a=2")?;
    /// let normalized = Normalizer::crawler().normalize(&url);
    /// assert_eq!(normalized.href(), "https://example.com/a?a=2&b=1");
    /// assert_eq!(Url::parse(normalized.href())?, normalized);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn normalize(&self, url: &Url) -> Url {
        let mut url = url.clone();
        if self.form_encode_query {
            apply(&mut url, form_encode_query);
        }
        if self.uppercase_percent_hex {
            apply(&mut url, uppercase_percent_hex);
        }
        if self.decode_unreserved {
            let file = url.scheme() == "file";
            apply(&mut url, |parts| decode_unreserved(parts, file));
        }
        if self.lowercase_opaque_host && matches!(url.typed_host(), Some(Host::Opaque(_))) {
            apply(&mut url, lowercase_opaque_host);
        }
        if !self.removed_params.is_empty() || self.sort_query {
            apply(&mut url, |parts| {
                edit_query_pairs(parts, &self.removed_params, self.sort_query)
            });
        }
        if self.drop_empty_query {
            apply(&mut url, |parts| {
                let empty = parts.query.as_deref() == Some("");
                if empty {
                    parts.query = None;
                }
                empty
            });
        }
        if self.drop_fragment {
            apply(&mut url, |parts| parts.fragment.take().is_some());
        }
        if self.remove_index_html || self.remove_trailing_slash {
            apply(&mut url, |parts| {
                trim_path_end(parts, self.remove_index_html, self.remove_trailing_slash)
            });
        }
        url
    }

    /// Parses `input` and normalizes the URL.
    ///
    /// ```
    /// use weburl_sites::normalize::Normalizer;
    ///
    /// let url = Normalizer::crawler().normalize_str("HTTPS://EXAMPLE.COM:443/?b&a#x")?;
    /// assert_eq!(url.href(), "https://example.com/?a&b");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn normalize_str(&self, input: &str) -> Result<Url, ParseError> {
        Ok(self.normalize(&Url::parse(input)?))
    }
}

/// Runs one step on `url`'s components and keeps the result only if it is
/// canonical: its serialization parses back to itself.
fn apply(url: &mut Url, step: impl FnOnce(&mut UrlParts) -> bool) {
    let mut parts = url.parts().into_owned();
    if !step(&mut parts) {
        return;
    }
    match parts.to_url() {
        Ok(normalized) => *url = normalized,
        Err(error) => debug_assert!(
            false,
            "a normalization step of {} gave {} ({error})",
            url.href(),
            parts.serialize().unwrap_or_default()
        ),
    }
}

// ----- The steps. Each returns whether it changed anything. -----

fn form_encode_query(parts: &mut UrlParts) -> bool {
    let Some(query) = &parts.query else {
        return false;
    };
    let pairs = form_urlencoded::parse(query.as_bytes());
    let serialized = form_urlencoded::serialize(pairs);
    // The update steps: an empty list removes the query.
    let new = (!serialized.is_empty()).then_some(serialized);
    let changed = new != parts.query;
    parts.query = new;
    changed
}

fn uppercase_percent_hex(parts: &mut UrlParts) -> bool {
    let mut changed = false;
    for_each_component(parts, |component| {
        if let Some(new) = rewrite_percent(component, Rewrite::UppercaseHex) {
            *component = new;
            changed = true;
        }
    });
    changed
}

fn decode_unreserved(parts: &mut UrlParts, file: bool) -> bool {
    let mut changed = false;
    let list_path = !parts.opaque_path;
    // Username and password are empty without a host.
    for component in [&mut parts.username, &mut parts.password] {
        changed |= decode_in(component);
    }
    if let Some(host) = &mut parts.host {
        changed |= decode_in(host);
    }
    if list_path {
        if let Some(path) = decode_path(&parts.path, file) {
            parts.path = path;
            changed = true;
        }
    } else {
        changed |= decode_in(&mut parts.path);
    }
    for component in [&mut parts.query, &mut parts.fragment]
        .into_iter()
        .flatten()
    {
        changed |= decode_in(component);
    }
    changed
}

fn decode_in(component: &mut String) -> bool {
    match rewrite_percent(component, Rewrite::DecodeUnreserved) {
        Some(new) => {
            *component = new;
            true
        }
        None => false,
    }
}

/// Decodes each segment of a list path on its own, leaving one encoded
/// where decoding would change how the path parser reads it.
fn decode_path(path: &str, file: bool) -> Option<String> {
    let rest = path.strip_prefix('/')?;
    let mut out = String::with_capacity(path.len());
    let mut changed = false;
    for segment in rest.split('/') {
        out.push('/');
        match rewrite_percent(segment, Rewrite::DecodeUnreserved) {
            Some(decoded) if !reads_differently(&decoded, file) => {
                out.push_str(&decoded);
                changed = true;
            }
            _ => out.push_str(segment),
        }
    }
    changed.then_some(out)
}

/// Whether the path parser gives a decoded segment a meaning its encoded
/// form does not have: a dot segment, or a Windows drive letter in a
/// `file:` URL (which `..` cannot remove and which joins keep).
fn reads_differently(decoded: &str, file: bool) -> bool {
    is_dot_segment(decoded) || (file && is_drive_letter(decoded))
}

/// <https://url.spec.whatwg.org/#single-dot-path-segment> and
/// <https://url.spec.whatwg.org/#double-dot-path-segment>
fn is_dot_segment(segment: &str) -> bool {
    let s = segment.to_ascii_lowercase();
    matches!(s.as_str(), "." | "%2e" | ".." | ".%2e" | "%2e." | "%2e%2e")
}

/// <https://url.spec.whatwg.org/#windows-drive-letter>
fn is_drive_letter(segment: &str) -> bool {
    let b = segment.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

fn lowercase_opaque_host(parts: &mut UrlParts) -> bool {
    let Some(host) = &mut parts.host else {
        return false;
    };
    let bytes = host.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if is_percent_encoding(bytes, i) {
            out.push_str(&host[i..i + 3]);
            i += 3;
        } else {
            // An opaque host is ASCII (the host parser encodes the rest).
            out.push(char::from(bytes[i].to_ascii_lowercase()));
            i += 1;
        }
    }
    let changed = out != *host;
    *host = out;
    changed
}

/// Removes the pairs whose decoded name matches a pattern and, if `sort`,
/// sorts the rest, keeping each pair's bytes as they are. The form
/// parser's view of the query is unchanged except for the removed pairs
/// and the order.
fn edit_query_pairs(parts: &mut UrlParts, removed: &[ParamPattern], sort: bool) -> bool {
    let Some(query) = &parts.query else {
        return false;
    };
    // Each non-empty pair parses to exactly one (name, value).
    let mut pairs: Vec<(Cow<'_, str>, &str)> = query
        .split('&')
        .filter_map(|pair| Some((form_urlencoded::parse(pair.as_bytes()).next()?.0, pair)))
        .collect();
    let count = pairs.len();
    pairs.retain(|(name, _)| !removed.iter().any(|p| p.matches(name)));
    let new = if pairs.is_empty() {
        if count == 0 {
            // Nothing to remove or sort: "?" and "?&&" stay.
            return false;
        }
        None
    } else {
        if sort {
            // Stable, like URLSearchParams.sort(), and in the same order.
            pairs.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
        } else if pairs.len() == count {
            return false;
        }
        let raw: Vec<&str> = pairs.iter().map(|&(_, raw)| raw).collect();
        Some(raw.join("&"))
    };
    let changed = new != parts.query;
    parts.query = new;
    changed
}

/// Removes `index.html` and trailing empty segments from the end of a list
/// path until neither applies (`/a/index.html/` needs both, in turn), so
/// that a second run finds nothing to do.
fn trim_path_end(parts: &mut UrlParts, index_html: bool, trailing_slash: bool) -> bool {
    if parts.opaque_path || parts.path.is_empty() {
        return false;
    }
    let mut segments: Vec<&str> = parts.path[1..].split('/').collect();
    let before = segments.len();
    let mut changed = false;
    loop {
        let mut again = false;
        if index_html && segments.last() == Some(&"index.html") {
            segments.pop();
            segments.push("");
            again = true;
        }
        while trailing_slash && segments.len() > 1 && segments.last() == Some(&"") {
            segments.pop();
            again = true;
        }
        if !again {
            break;
        }
        changed = true;
    }
    if !changed {
        return false;
    }
    debug_assert!(segments.len() <= before);
    let path = format!("/{}", segments.join("/"));
    parts.path = path;
    true
}

// ----- Percent-encodings. -----

fn for_each_component(parts: &mut UrlParts, mut f: impl FnMut(&mut String)) {
    // Username and password are empty without a host.
    f(&mut parts.username);
    f(&mut parts.password);
    if let Some(host) = &mut parts.host {
        f(host);
    }
    f(&mut parts.path);
    if let Some(query) = &mut parts.query {
        f(query);
    }
    if let Some(fragment) = &mut parts.fragment {
        f(fragment);
    }
}

/// Whether `bytes[i..]` starts with "%" and two hex digits.
fn is_percent_encoding(bytes: &[u8], i: usize) -> bool {
    bytes.get(i) == Some(&b'%')
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

#[derive(Clone, Copy)]
enum Rewrite {
    UppercaseHex,
    DecodeUnreserved,
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-2.3>
fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        _ => (digit | 0x20) - b'a' + 10,
    }
}

/// Rewrites each percent-encoding of `input`; `None` when none changes.
/// A "%" without two hex digits after it is left alone.
fn rewrite_percent(input: &str, rewrite: Rewrite) -> Option<String> {
    let bytes = input.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut changed = false;
    let mut i = 0;
    while let Some(offset) = bytes[i..].iter().position(|&b| b == b'%') {
        i += offset;
        if !is_percent_encoding(bytes, i) {
            i += 1;
            continue;
        }
        out.push_str(&input[copied..i]);
        copied = i;
        let (high, low) = (bytes[i + 1], bytes[i + 2]);
        let replacement = match rewrite {
            Rewrite::UppercaseHex => {
                (high.is_ascii_lowercase() || low.is_ascii_lowercase()).then(|| {
                    let upper = [b'%', high.to_ascii_uppercase(), low.to_ascii_uppercase()];
                    upper.map(char::from).iter().collect::<String>()
                })
            }
            Rewrite::DecodeUnreserved => {
                let byte = hex_value(high) << 4 | hex_value(low);
                (is_unreserved(byte) && !completes_stray_percent(&out, byte))
                    .then(|| char::from(byte).to_string())
            }
        };
        if let Some(replacement) = replacement {
            out.push_str(&replacement);
            copied = i + 3;
            changed = true;
        }
        i += 3;
    }
    if !changed {
        return None;
    }
    out.push_str(&input[copied..]);
    Some(out)
}

/// Whether writing `byte` after `before` could make a new percent-encoding
/// out of a stray "%": `%b%41` must not become `%bA`, which is the byte
/// 0xBA rather than the three characters it was.
fn completes_stray_percent(before: &str, byte: u8) -> bool {
    let tail = before.as_bytes();
    byte.is_ascii_hexdigit()
        && match tail {
            [.., b'%'] => true,
            [.., b'%', digit] => digit.is_ascii_hexdigit(),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list path from the parser never holds a segment that decodes to
    /// a dot segment (the parser removed it), so the guard is checked here.
    #[test]
    fn decode_path_keeps_would_be_dot_segments_encoded() {
        assert_eq!(
            decode_path("/%2E/a%2e/%2e%2E/%2E%2E%2E", false).as_deref(),
            Some("/%2E/a./%2e%2E/...")
        );
        assert_eq!(decode_path("/%2E", false), None);
        assert_eq!(decode_path("/%43:/%43|", true), None);
        assert_eq!(decode_path("/%43:/%43|", false).as_deref(), Some("/C:/C|"));
        // "%7C" stays encoded, so "C%7C" is no drive letter.
        assert_eq!(decode_path("/%43%7C", true).as_deref(), Some("/C%7C"));
        assert_eq!(decode_path("", false), None);
    }

    #[test]
    fn dot_segments_and_drive_letters() {
        for dot in [".", "..", "%2e", "%2E", ".%2E", "%2e.", "%2E%2e"] {
            assert!(is_dot_segment(dot), "{dot}");
        }
        for not in ["...", "a.", "%2e%2e%2e", ""] {
            assert!(!is_dot_segment(not), "{not}");
        }
        assert!(is_drive_letter("c|") && is_drive_letter("Z:"));
        assert!(!is_drive_letter("1:") && !is_drive_letter("C:/") && !is_drive_letter("C"));
    }

    #[test]
    fn rewrite_percent_edges() {
        let up = |s| rewrite_percent(s, Rewrite::UppercaseHex);
        let dec = |s| rewrite_percent(s, Rewrite::DecodeUnreserved);
        assert_eq!(up("%%af%a"), Some("%%AF%a".to_owned()));
        assert_eq!(up("%AF%zz"), None);
        assert_eq!(dec("%41%41"), Some("AA".to_owned()));
        // A decoded hex digit must not complete a stray "%".
        assert_eq!(dec("%b%41"), None);
        assert_eq!(dec("%%41B"), None);
        assert_eq!(dec("%%%41"), None);
        assert_eq!(dec("%4%41%7e"), Some("%4%41~".to_owned()));
        assert_eq!(dec("%%2D"), Some("%-".to_owned()));
        assert_eq!(dec("%zz%41"), Some("%zzA".to_owned()));
        assert_eq!(dec("%2F%25"), None);
        assert_eq!(dec("é%7e"), Some("é~".to_owned()));
    }
}
