//! The lens: where a browser and an RFC 3986 parser read the same string
//! differently.
//!
//! Browsers parse by the WHATWG URL Standard; curl, Go's `net/url`, Java's
//! `java.net.URI`, Boost.URL and most server code parse by RFC 3986, or by
//! something looser. When a server checks a URL with one kind of parser and
//! fetches it with the other, a string that the two split differently can
//! pass the check and reach another host: the SSRF filter bypasses of
//! Orange Tsai's "A New Era of SSRF" (Black Hat USA 2017) and of the
//! Claroty/Snyk study of URL parsing confusion (2022). [`compare`] parses a
//! string both ways and reports each component where the two disagree,
//! with a verdict on whether the host or the origin differs.
//!
//! ```
//! use weburl::lens::{compare, Component};
//!
//! // WHATWG: in a special URL "\" is "/", so the host is "a" and "@b/" is
//! // the path. RFC 3986: "\" is not allowed; a lenient splitter reads up to
//! // the next "/", takes "a\" as userinfo and "b" as the host.
//! let c = compare("http://a\\@b/", None);
//! assert!(c.changes_host());
//! let host = c.disagreements.iter().find(|d| d.component == Component::Host).unwrap();
//! assert_eq!(host.whatwg.as_deref(), Some("a"));
//! assert_eq!(host.rfc3986.as_deref(), Some("b"));
//! ```
//!
//! # The RFC 3986 side, read three ways
//!
//! - [`Reading::Strict`]: the string is a URI by the grammar of RFC 3986
//!   ([`rfc3986::split`], or [`rfc3986::resolve`] against the base). Only
//!   this reading exists when it succeeds.
//! - [`Reading::Lenient`]: otherwise, the regular expression of RFC 3986
//!   Appendix B ([`rfc3986::split_lenient`]), which accepts anything, as
//!   splitters that do not validate do; resolved against the base by §5.2.2
//!   when there is one.
//! - [`Reading::Truncated`]: otherwise, the longest prefix that is a valid
//!   IRI reference (RFC 3987), split the same way: what a parser sees that
//!   stops at the first character the grammar rejects, and what extracting
//!   a URI from text gives when whitespace delimits it (RFC 3986
//!   Appendix C). Left out when it is the lenient reading.
//!
//! A reading that gives no absolute URI (no scheme, and no base to resolve
//! against) is not compared: no client would fetch it.
//!
//! # Comparison rules
//!
//! Each component is compared after the normalization an RFC-based client
//! applies, so that only differences in meaning are reported:
//!
//! | component | WHATWG | RFC 3986 | compared as |
//! |---|---|---|---|
//! | scheme | [`Url::scheme`] | scheme, ASCII-lowercased (§3.1, §6.2.2.1) | strings |
//! | userinfo | [`Url::username`], [`Url::password`] | userinfo split at its first ":" | both percent-decoded; empty is absent |
//! | host | [`Url::hostname`] | host, ASCII-lowercased (§6.2.2.1); an IPv6 literal in the URL Standard's canonical form | strings |
//! | port | [`Url::port_or_known_default`] | port without leading zeros; empty or absent means the scheme's default | decimal strings |
//! | path | [`Url::pathname`] | path after `remove_dot_segments` (§5.2.4, which §5.2.2 applies to every target); an empty path with an authority is "/" for the special schemes (§6.2.3) | percent-decoded, except `%2F` |
//! | query | [`Url::query`] | query | percent-decoded, except `%26`, `%3D`, `%2B`, `%23` |
//! | fragment | [`Url::fragment`] | fragment | percent-decoded |
//!
//! Notes on the rules:
//!
//! - A reg-name is **not** percent-decoded: RFC 3986 parsers hand the host
//!   to name resolution as written (§3.2.2 leaves decoding to it), while
//!   the WHATWG host parser decodes before IDNA. `http://%41.com/` so has
//!   host `a.com` for a browser and `%41.com` for an RFC parser, and that
//!   is reported. Nor is a reg-name IDNA-mapped: `ｅｘａｍｐｌｅ.com` is
//!   not `example.com` to an RFC 3986 parser.
//! - The default ports are the URL Standard's table (http and ws 80,
//!   https and wss 443, ftp 21), which the schemes' own RFCs agree with.
//! - In a file URI, the host "localhost" is compared as the empty host:
//!   both mean the local machine (RFC 8089 §2), and WHATWG writes it empty.
//! - The origin compared by [`Comparison::changes_origin`] is the
//!   (scheme, host, port) tuple an RFC-based client connects to, also for
//!   schemes whose WHATWG origin is opaque.
//! - Percent-decoding path, query and fragment on both sides cancels the
//!   WHATWG parser's encoding of characters a URI cannot hold (and of "'"
//!   in special queries): that is encoding, not structure. Encoded
//!   delimiters stay encoded, so `%2F` never equals `/`.
//!
//! When the WHATWG parser fails and the RFC 3986 grammar accepts the
//! string, the component the failure is about (host, port or scheme) is
//! reported with no WHATWG value. When both reject it, nothing is
//! compared.

use std::fmt;
use std::net::Ipv6Addr;

use crate::display::{columns as display_columns, is_hidden};
use crate::rfc3986::{self, Rfc3986Error};
use crate::{Host, ParseError, Url, ValidationError, ValidationErrorKind};

/// A component of a URL, or the string as a whole.
///
/// RFC 3986 §3, <https://www.rfc-editor.org/rfc/rfc3986#section-3>.
///
/// ```
/// use weburl::lens::{compare, Component};
///
/// let c = compare("http://0x7f.1/", None);
/// let components: Vec<Component> = c.disagreements.iter().map(|d| d.component).collect();
/// assert_eq!(components, [Component::Host]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// Whether the string is a URL at all: the WHATWG parser and the
    /// RFC 3986 grammar accept or reject it differently.
    Acceptance,
    /// The scheme (RFC 3986 §3.1).
    Scheme,
    /// Username and password (RFC 3986 §3.2.1).
    Userinfo,
    /// The host (RFC 3986 §3.2.2).
    Host,
    /// The port, with the scheme's default filled in (RFC 3986 §3.2.3).
    Port,
    /// The path (RFC 3986 §3.3).
    Path,
    /// The query (RFC 3986 §3.4).
    Query,
    /// The fragment (RFC 3986 §3.5).
    Fragment,
}

impl Component {
    /// The component's name, lowercase.
    ///
    /// ```
    /// assert_eq!(weburl::lens::Component::Userinfo.name(), "userinfo");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Component::Acceptance => "acceptance",
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the RFC 3986 side read the string; see the module documentation.
///
/// RFC 3986 Appendix A (strict), Appendix B (lenient), Appendix C
/// (truncated): <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>.
///
/// ```
/// use weburl::lens::{compare, Reading};
///
/// let c = compare("http://a/b", None);
/// assert_eq!(c.rfc3986.readings().map(|(r, _)| r).collect::<Vec<_>>(), [Reading::Strict]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reading {
    /// By the RFC 3986 grammar ([`rfc3986::split`] or [`rfc3986::resolve`]).
    Strict,
    /// By the regular expression of RFC 3986 Appendix B ([`rfc3986::split_lenient`]).
    Lenient,
    /// Up to the first character the RFC 3987 grammar rejects.
    Truncated,
}

impl Reading {
    /// The reading's name, lowercase.
    ///
    /// ```
    /// assert_eq!(weburl::lens::Reading::Lenient.name(), "lenient");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Reading::Strict => "strict",
            Reading::Lenient => "lenient",
            Reading::Truncated => "truncated",
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The components of a URI, owned: what one reading of the RFC 3986 side
/// found, after resolution against the base (RFC 3986 §5.2.2).
///
/// `Display` recomposes them by §5.3.
///
/// ```
/// use weburl::lens::compare;
///
/// let c = compare("HTTP://Example.com:080/a/../b", None);
/// let rfc = c.rfc3986.strict.as_ref().unwrap();
/// assert_eq!(rfc.scheme.as_deref(), Some("HTTP"));
/// assert_eq!(rfc.authority.as_ref().unwrap().port.as_deref(), Some("080"));
/// assert_eq!(rfc.path, "/b");
/// assert_eq!(rfc.to_string(), "HTTP://Example.com:080/b");
/// assert!(c.disagreements.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct RfcComponents {
    /// The scheme, as written.
    pub scheme: Option<String>,
    /// The authority, when there is one.
    pub authority: Option<RfcAuthority>,
    /// The path, dot segments removed.
    pub path: String,
    /// The query, without "?".
    pub query: Option<String>,
    /// The fragment, without "#".
    pub fragment: Option<String>,
}

/// The parts of an authority, owned (RFC 3986 §3.2).
///
/// ```
/// use weburl::lens::compare;
///
/// let c = compare("http://u:p@[::1]:8080/", None);
/// let a = c.rfc3986.strict.unwrap().authority.unwrap();
/// assert_eq!((a.userinfo.as_deref(), a.host.as_str(), a.port.as_deref()), (Some("u:p"), "[::1]", Some("8080")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct RfcAuthority {
    /// The userinfo, without "@".
    pub userinfo: Option<String>,
    /// The host, with an IP-literal's brackets.
    pub host: String,
    /// The port, without ":".
    pub port: Option<String>,
}

impl RfcComponents {
    fn from_split(c: &rfc3986::Components<'_>) -> RfcComponents {
        RfcComponents {
            scheme: c.scheme.map(str::to_owned),
            authority: c.authority.map(|a| RfcAuthority {
                userinfo: a.userinfo.map(str::to_owned),
                host: a.host.to_owned(),
                port: a.port.map(str::to_owned),
            }),
            path: c.path.to_owned(),
            query: c.query.map(str::to_owned),
            fragment: c.fragment.map(str::to_owned),
        }
    }

    /// The scheme, ASCII-lowercased.
    fn scheme_lowercase(&self) -> Option<String> {
        self.scheme.as_deref().map(str::to_ascii_lowercase)
    }
}

/// Recomposition, RFC 3986 §5.3.
impl fmt::Display for RfcComponents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}:")?;
        }
        match &self.authority {
            Some(a) => {
                f.write_str("//")?;
                if let Some(userinfo) = &a.userinfo {
                    write!(f, "{userinfo}@")?;
                }
                f.write_str(&a.host)?;
                if let Some(port) = &a.port {
                    write!(f, ":{port}")?;
                }
            }
            // A path starting with "//" would read back as an authority;
            // "/." in front keeps it a path, as rfc3986::resolve does.
            None if self.path.starts_with("//") => f.write_str("/.")?,
            None => {}
        }
        f.write_str(&self.path)?;
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

/// Why the strict reading found no URI.
///
/// RFC 3986 §4.1, <https://www.rfc-editor.org/rfc/rfc3986#section-4.1>.
///
/// ```
/// use weburl::lens::{compare, Rfc3986Rejection};
///
/// assert_eq!(compare("/a/b", None).rfc3986.strict, Err(Rfc3986Rejection::NotAbsolute));
/// assert!(matches!(
///     compare("http://a/b c", None).rfc3986.strict,
///     Err(Rfc3986Rejection::Syntax(e)) if e.offset() == 10
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rfc3986Rejection {
    /// The string (or the base) does not match the grammar.
    Syntax(Rfc3986Error),
    /// The string is a valid relative reference, but there is no base to
    /// resolve it against (RFC 3986 §4.2, §5.1).
    NotAbsolute,
}

impl fmt::Display for Rfc3986Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rfc3986Rejection::Syntax(e) => write!(f, "{e}"),
            Rfc3986Rejection::NotAbsolute => {
                f.write_str("a relative reference, and no base URI to resolve it against")
            }
        }
    }
}

impl std::error::Error for Rfc3986Rejection {}

/// The truncated reading: where the string was cut, and what the prefix
/// gives.
///
/// RFC 3986 Appendix C, <https://www.rfc-editor.org/rfc/rfc3986#appendix-C>.
///
/// ```
/// let c = weburl::lens::compare("http://a.example/b c", None);
/// let cut = c.rfc3986.truncated.unwrap();
/// assert_eq!((cut.at, cut.components.path.as_str()), (18, "/b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Truncation {
    /// The byte offset of the first character the RFC 3987 grammar rejects.
    pub at: usize,
    /// The components of the prefix before it (resolved against the base).
    pub components: RfcComponents,
}

/// The RFC 3986 side of a [`Comparison`].
///
/// ```
/// use weburl::lens::compare;
///
/// let c = compare("http://1.1.1.1 &@2.2.2.2/", None);
/// assert!(c.rfc3986.strict.is_err());
/// assert_eq!(c.rfc3986.lenient.as_ref().unwrap().authority.as_ref().unwrap().host, "2.2.2.2");
/// let cut = c.rfc3986.truncated.as_ref().unwrap();
/// assert_eq!(cut.at, 14);
/// assert_eq!(cut.components.authority.as_ref().unwrap().host, "1.1.1.1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rfc3986Parse {
    /// The strict reading, or why there is none.
    pub strict: Result<RfcComponents, Rfc3986Rejection>,
    /// The lenient reading, when the strict one fails and this one gives an
    /// absolute URI.
    pub lenient: Option<RfcComponents>,
    /// The truncated reading, when the strict one fails and this one gives
    /// an absolute URI other than the lenient reading.
    pub truncated: Option<Truncation>,
}

impl Rfc3986Parse {
    fn new(input: &str, base: Option<&str>) -> Rfc3986Parse {
        let strict = strict_reading(input, base);
        if strict.is_ok() {
            return Rfc3986Parse {
                strict,
                lenient: None,
                truncated: None,
            };
        }
        let base_components = base.map(|b| RfcComponents::from_split(&rfc3986::split_lenient(b)));
        let lenient_reading = |s: &str| {
            resolve_lenient(
                base_components.as_ref(),
                RfcComponents::from_split(&rfc3986::split_lenient(s)),
            )
        };
        let lenient = lenient_reading(input);
        let truncated = rfc3986::validate_iri_reference(input)
            .err()
            .and_then(|e| {
                let at = e.offset();
                let components = lenient_reading(input.get(..at)?)?;
                Some(Truncation { at, components })
            })
            .filter(|t| Some(&t.components) != lenient.as_ref());
        Rfc3986Parse {
            strict,
            lenient,
            truncated,
        }
    }

    /// Whether the string (resolved against the base, if any) is a URI by
    /// the RFC 3986 grammar.
    ///
    /// ```
    /// assert!(weburl::lens::compare("http://a/b", None).rfc3986.is_valid());
    /// assert!(!weburl::lens::compare("http://a/b c", None).rfc3986.is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        self.strict.is_ok()
    }

    /// The readings there are, each with its components.
    ///
    /// ```
    /// use weburl::lens::{compare, Reading};
    ///
    /// let c = compare("http://a\\@b/", None);
    /// let readings: Vec<Reading> = c.rfc3986.readings().map(|(r, _)| r).collect();
    /// assert_eq!(readings, [Reading::Lenient, Reading::Truncated]);
    /// ```
    pub fn readings(&self) -> impl Iterator<Item = (Reading, &RfcComponents)> {
        let strict = self.strict.as_ref().ok().map(|c| (Reading::Strict, c));
        let lenient = self.lenient.as_ref().map(|c| (Reading::Lenient, c));
        let truncated = self
            .truncated
            .as_ref()
            .map(|t| (Reading::Truncated, &t.components));
        strict.into_iter().chain(lenient).chain(truncated)
    }
}

/// The strict reading: a URI, or a reference resolved against a URI.
fn strict_reading(input: &str, base: Option<&str>) -> Result<RfcComponents, Rfc3986Rejection> {
    match base {
        None => {
            let c = rfc3986::split(input).map_err(Rfc3986Rejection::Syntax)?;
            if c.scheme.is_none() {
                return Err(Rfc3986Rejection::NotAbsolute);
            }
            resolve_lenient(None, RfcComponents::from_split(&c))
                .ok_or(Rfc3986Rejection::NotAbsolute)
        }
        Some(base) => {
            let target = rfc3986::resolve(base, input).map_err(Rfc3986Rejection::Syntax)?;
            let c = rfc3986::split(&target).map_err(Rfc3986Rejection::Syntax)?;
            Ok(RfcComponents::from_split(&c))
        }
    }
}

/// RFC 3986 §5.2.2 (strict: a scheme makes a reference absolute) on
/// components that need not be valid. `None` when there is no scheme to be
/// had.
fn resolve_lenient(base: Option<&RfcComponents>, r: RfcComponents) -> Option<RfcComponents> {
    use rfc3986::remove_dot_segments;
    if r.scheme.is_some() {
        let path = remove_dot_segments(&r.path);
        return Some(RfcComponents { path, ..r });
    }
    let base = base.filter(|b| b.scheme.is_some())?;
    let mut t = RfcComponents {
        scheme: base.scheme.clone(),
        fragment: r.fragment,
        ..RfcComponents::default()
    };
    if r.authority.is_some() {
        t.authority = r.authority;
        t.path = remove_dot_segments(&r.path);
        t.query = r.query;
        return Some(t);
    }
    t.authority = base.authority.clone();
    if r.path.is_empty() {
        t.path = base.path.clone();
        t.query = r.query.or_else(|| base.query.clone());
    } else {
        t.path = if r.path.starts_with('/') {
            remove_dot_segments(&r.path)
        } else {
            // §5.2.3 merge.
            let merged = if base.authority.is_some() && base.path.is_empty() {
                format!("/{}", r.path)
            } else {
                match base.path.rfind('/') {
                    Some(i) => format!("{}{}", &base.path[..=i], r.path),
                    None => r.path.clone(),
                }
            };
            remove_dot_segments(&merged)
        };
        t.query = r.query;
    }
    Some(t)
}

/// One component on which the two parsers disagree.
///
/// The values are each parser's own (not the normalized forms that were
/// compared): the WHATWG getter's output, and the RFC 3986 component as
/// written, except ports, which are shown with the scheme's default filled
/// in. `None` is an absent component, or no URL at all.
///
/// ```
/// use weburl::lens::{compare, Component, Reading};
///
/// let c = compare("http://0x7f.1/", None);
/// let d = &c.disagreements[0];
/// assert_eq!((d.component, d.reading), (Component::Host, Reading::Strict));
/// assert_eq!(d.whatwg.as_deref(), Some("127.0.0.1"));
/// assert_eq!(d.rfc3986.as_deref(), Some("0x7f.1"));
/// println!("{d}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Disagreement {
    /// Which component.
    pub component: Component,
    /// Which reading of the RFC 3986 side.
    pub reading: Reading,
    /// The WHATWG parser's value.
    pub whatwg: Option<String>,
    /// The RFC 3986 reading's value.
    pub rfc3986: Option<String>,
    /// Why the two differ.
    pub explanation: &'static str,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = |v: &Option<String>| match v {
            Some(v) => format!("{v:?}"),
            None => "(none)".to_owned(),
        };
        write!(
            f,
            "{} ({} reading): WHATWG {}, RFC 3986 {}: {}",
            self.component,
            self.reading,
            value(&self.whatwg),
            value(&self.rfc3986),
            self.explanation
        )
    }
}

/// The result of [`compare`]: both parses and where they disagree.
///
/// ```
/// let c = weburl::lens::compare("http://evil.com#@good.com/", None);
/// // Both parsers end the authority at "#": the host is evil.com for both.
/// assert!(!c.changes_host());
/// assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "evil.com");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Comparison {
    /// The input, as given.
    pub input: String,
    /// The base, as given.
    pub base: Option<String>,
    /// The WHATWG parse (a base that fails to parse gives its error).
    pub whatwg: Result<Url, ParseError>,
    /// The RFC 3986 parse.
    pub rfc3986: Rfc3986Parse,
    /// The disagreements, acceptance first, then by reading and component.
    pub disagreements: Vec<Disagreement>,
}

impl Comparison {
    /// Whether a reading of the RFC 3986 side finds another host than the
    /// WHATWG parser, or a host where it finds none (or fails on the host).
    ///
    /// ```
    /// assert!(weburl::lens::compare("http://1.1.1.1 &@2.2.2.2/", None).changes_host());
    /// assert!(!weburl::lens::compare("http://example.com/a b", None).changes_host());
    /// ```
    pub fn changes_host(&self) -> bool {
        self.disagreements
            .iter()
            .any(|d| d.component == Component::Host)
    }

    /// Whether the (scheme, host, port) tuple differs: a host, scheme or
    /// port disagreement.
    ///
    /// ```
    /// let c = weburl::lens::compare("http://example.com:80\\@example.com:8080/", None);
    /// assert!(c.changes_origin());
    /// assert!(!weburl::lens::compare("HTTP://example.com:80/", None).changes_origin());
    /// ```
    pub fn changes_origin(&self) -> bool {
        self.disagreements.iter().any(|d| {
            matches!(
                d.component,
                Component::Scheme | Component::Host | Component::Port
            )
        })
    }

    /// One line on what the disagreements mean.
    ///
    /// ```
    /// let c = weburl::lens::compare("https://example.com/", None);
    /// assert_eq!(c.verdict(), "both parsers agree");
    /// ```
    pub fn verdict(&self) -> &'static str {
        let only_acceptance = self
            .disagreements
            .iter()
            .all(|d| d.component == Component::Acceptance);
        if self.changes_host() {
            "the host differs, and so does the origin"
        } else if self.changes_origin() {
            "the origin differs (scheme or port)"
        } else if self.disagreements.is_empty() && self.whatwg.is_err() {
            "both parsers reject the string"
        } else if self.disagreements.is_empty() {
            "both parsers agree"
        } else if only_acceptance {
            "only one parser accepts the string, and the components agree"
        } else {
            "same host and origin; other components differ"
        }
    }
}

/// Lists the disagreements, then the verdict.
impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.whatwg {
            Ok(url) => writeln!(f, "WHATWG:   {}", url.href())?,
            Err(e) => writeln!(f, "WHATWG:   failure: {e}")?,
        }
        match &self.rfc3986.strict {
            Ok(c) => writeln!(f, "RFC 3986: {c}")?,
            Err(e) => writeln!(f, "RFC 3986: not a URI: {e}")?,
        }
        for d in &self.disagreements {
            writeln!(f, "- {d}")?;
        }
        write!(f, "verdict: {}", self.verdict())
    }
}

/// Parses `input` (against `base`, if given) by the URL Standard and by
/// RFC 3986, and reports where they disagree. See the module documentation
/// for the readings and the comparison rules.
///
/// <https://url.spec.whatwg.org/#concept-url-parser>,
/// <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>.
///
/// ```
/// use weburl::lens::{compare, Component, Reading};
///
/// // Against a special base, "/\evil.com" is "//evil.com" to a browser: a
/// // new host. To RFC 3986 it is a path on the base's host.
/// let c = compare("/\\evil.com", Some("https://good.example/a/b"));
/// assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "evil.com");
/// assert!(c.changes_host());
/// let d = c.disagreements.iter().find(|d| d.component == Component::Host).unwrap();
/// assert_eq!(d.reading, Reading::Lenient);
/// assert_eq!(d.rfc3986.as_deref(), Some("good.example"));
/// ```
pub fn compare(input: &str, base: Option<&str>) -> Comparison {
    let whatwg = match base {
        None => Url::parse(input),
        Some(base) => Url::parse(base).and_then(|base| base.join(input)),
    };
    let rfc3986 = Rfc3986Parse::new(input, base);
    let disagreements = find_disagreements(input, base, &whatwg, &rfc3986);
    Comparison {
        input: input.to_owned(),
        base: base.map(str::to_owned),
        whatwg,
        rfc3986,
        disagreements,
    }
}

/// The explanations, one per cause.
mod why {
    pub const TRIMMED: &str = "WHATWG first strips leading and trailing C0 controls and spaces; \
        RFC 3986 has no such step, so a lenient splitter keeps them in the component";
    pub const TAB_NEWLINE: &str = "WHATWG removes every ASCII tab and newline before parsing; \
        RFC 3986 does not allow them, and a lenient splitter keeps them in the component";
    pub const BACKSLASH: &str = "in a special URL WHATWG reads \"\\\" as \"/\", so it ends (or \
        starts) the authority there; RFC 3986 does not allow \"\\\", and a lenient splitter reads \
        on to the next \"/\", \"?\" or \"#\"";
    pub const SLASHES: &str = "WHATWG gives a special URL an authority after any number of \"/\" \
        or \"\\\", even none; RFC 3986 needs exactly \"//\" and otherwise reads a path";
    pub const IPV4: &str = "WHATWG parses hexadecimal, octal and shortened IPv4 addresses \
        (0x7f.1 is 127.0.0.1); RFC 3986 knows only four decimal octets and reads anything else \
        as a reg-name, which a resolver may still take for an address";
    pub const PERCENT_HOST: &str = "WHATWG percent-decodes the host before IDNA (and fails if \
        that gives a forbidden code point such as \"/\"); RFC 3986 parsers keep a reg-name's \
        percent-encoding as written, and so does this comparison";
    pub const IDNA: &str = "WHATWG maps the host with UTS #46 (case and width folding, \
        punycode); an RFC 3986 parser keeps the characters as written";
    pub const DRIVE_LETTER: &str = "WHATWG reads a Windows drive letter after \"file://\" as the \
        start of the path; RFC 3986 reads it as a host and a port";
    pub const DOT_SEGMENTS: &str = "WHATWG also removes \"%2e\" and \"%2e%2e\" as dot segments; \
        RFC 3986 removes only literal \".\" and \"..\" segments";
    pub const WHATWG_REJECTS: &str = "the RFC 3986 grammar accepts this string but the WHATWG \
        parser fails on it, so an RFC-based client goes on to a URL a browser never fetches";
    pub const RFC_REJECTS: &str = "the WHATWG parser accepts this string but it is not a URI by \
        the RFC 3986 grammar; parsers that go on anyway split it as the lenient and truncated \
        readings show";
    pub const IRI_ONLY: &str = "not a URI but a valid IRI (RFC 3987): WHATWG maps it to a URI \
        (punycode, percent-encoding) while a URI parser rejects it";
    pub const TRUNCATED: &str = "a parser that stops at the first character the RFC 3987 grammar \
        rejects (as when a URI is delimited in text, RFC 3986 Appendix C) ends the URI there";
    pub const DEFAULT_PORT: &str = "the RFC 3986 reading has no explicit port, so it takes \
        the default of its scheme, which is not the WHATWG scheme";
    pub const OTHER: &str = "the two parsers read this component differently";
}

/// What the explanations look for in the input.
struct Context {
    special: bool,
    backslash: bool,
    tab_newline: bool,
    trimmed: bool,
    /// After the scheme (or at the start of a relative reference), not
    /// exactly "//" followed by something other than a slash.
    irregular_slashes: bool,
}

impl Context {
    fn new(input: &str, whatwg: &Result<Url, ParseError>) -> Context {
        let trimmed_input = input.trim_matches(|c: char| c <= ' ');
        let cleaned: String = trimmed_input
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let scheme_end = cleaned
            .char_indices()
            .take_while(|&(i, c)| {
                if i == 0 {
                    c.is_ascii_alphabetic()
                } else {
                    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
                }
            })
            .count();
        let rest = match cleaned.as_bytes().get(scheme_end) {
            Some(b':') if scheme_end > 0 => &cleaned[scheme_end + 1..],
            _ => &cleaned[..],
        };
        let regular = rest.starts_with("//") && !rest[2..].starts_with(['/', '\\']);
        Context {
            special: whatwg.as_ref().is_ok_and(Url::is_special),
            backslash: input.contains('\\'),
            tab_newline: trimmed_input.contains(['\t', '\n', '\r']),
            trimmed: trimmed_input.len() != input.len(),
            irregular_slashes: !regular,
        }
    }
}

fn find_disagreements(
    input: &str,
    base: Option<&str>,
    whatwg: &Result<Url, ParseError>,
    rfc: &Rfc3986Parse,
) -> Vec<Disagreement> {
    let ctx = Context::new(input, whatwg);
    let mut out = Vec::new();
    match (whatwg, &rfc.strict) {
        (Ok(url), Ok(c)) => compare_reading(url, c, Reading::Strict, &ctx, &mut out),
        (Ok(url), Err(_)) => {
            let iri = rfc3986::validate_iri_reference(input).is_ok()
                && base.is_none_or(|b| rfc3986::validate_iri_reference(b).is_ok());
            out.push(Disagreement {
                component: Component::Acceptance,
                reading: Reading::Strict,
                whatwg: Some(url.href().to_owned()),
                rfc3986: None,
                explanation: if iri { why::IRI_ONLY } else { why::RFC_REJECTS },
            });
            if let Some(c) = &rfc.lenient {
                compare_reading(url, c, Reading::Lenient, &ctx, &mut out);
            }
            if let Some(t) = &rfc.truncated {
                let mut more = Vec::new();
                compare_reading(url, &t.components, Reading::Truncated, &ctx, &mut more);
                // What the lenient reading already said is not repeated.
                more.retain(|m| {
                    !out.iter()
                        .any(|d| d.component == m.component && d.rfc3986 == m.rfc3986)
                });
                out.extend(more);
            }
        }
        (Err(e), Ok(c)) => {
            out.push(Disagreement {
                component: Component::Acceptance,
                reading: Reading::Strict,
                whatwg: None,
                rfc3986: Some(c.to_string()),
                explanation: why::WHATWG_REJECTS,
            });
            let failed = match e {
                ParseError::PortOutOfRange | ParseError::PortInvalid => Some(Component::Port),
                ParseError::MissingSchemeNonRelativeUrl => Some(Component::Scheme),
                ParseError::TooLong => None,
                _ => Some(Component::Host),
            };
            let authority = c.authority.as_ref();
            let (rfc3986, explanation) = match failed {
                Some(Component::Host) => {
                    let host = authority.map(|a| a.host.clone());
                    let explanation = if host.as_deref().is_some_and(|h| h.contains('%')) {
                        why::PERCENT_HOST
                    } else {
                        why::WHATWG_REJECTS
                    };
                    (host, explanation)
                }
                Some(Component::Port) => (effective_port(c), why::WHATWG_REJECTS),
                _ => (c.scheme.clone(), why::WHATWG_REJECTS),
            };
            if let Some(component) = failed {
                out.push(Disagreement {
                    component,
                    reading: Reading::Strict,
                    whatwg: None,
                    rfc3986,
                    explanation,
                });
            }
        }
        (Err(_), Err(_)) => {}
    }
    out
}

/// Compares a WHATWG URL with one reading, by the module's rules.
fn compare_reading(
    url: &Url,
    c: &RfcComponents,
    reading: Reading,
    ctx: &Context,
    out: &mut Vec<Disagreement>,
) {
    let mut push = |component: Component, whatwg: Option<String>, rfc3986: Option<String>| {
        let explanation = explain(component, reading, ctx, url, c);
        out.push(Disagreement {
            component,
            reading,
            whatwg,
            rfc3986,
            explanation,
        });
    };
    let scheme = c.scheme_lowercase();
    let authority = c.authority.as_ref();

    if scheme.as_deref() != Some(url.scheme()) {
        push(
            Component::Scheme,
            Some(url.scheme().to_owned()),
            c.scheme.clone(),
        );
    }

    let userinfo = authority.and_then(|a| a.userinfo.as_deref());
    let rfc_credentials = userinfo.and_then(|u| match u.split_once(':') {
        Some((user, password)) => credentials(user, password),
        None => credentials(u, ""),
    });
    if credentials(url.username(), url.password()) != rfc_credentials {
        let whatwg = url.includes_credentials().then(|| {
            if url.password().is_empty() {
                url.username().to_owned()
            } else {
                format!("{}:{}", url.username(), url.password())
            }
        });
        push(Component::Userinfo, whatwg, userinfo.map(str::to_owned));
    }

    let whatwg_host = url.has_host().then(|| url.hostname());
    let rfc_host = authority.map(|a| host_key(&a.host, scheme.as_deref()));
    if whatwg_host != rfc_host.as_deref() {
        push(
            Component::Host,
            whatwg_host.map(str::to_owned),
            authority.map(|a| a.host.clone()),
        );
    }

    let whatwg_port = url.port_or_known_default().map(|p| p.to_string());
    let rfc_port = effective_port(c);
    if whatwg_port != rfc_port {
        push(Component::Port, whatwg_port, rfc_port);
    }

    let empty_is_root = authority.is_some()
        && c.path.is_empty()
        && scheme
            .as_deref()
            .is_some_and(|s| default_port(s).is_some() || s == "file");
    let rfc_path = if empty_is_root { "/" } else { &c.path };
    if decoded(url.pathname(), b"/") != decoded(rfc_path, b"/") {
        push(
            Component::Path,
            Some(url.pathname().to_owned()),
            Some(c.path.clone()),
        );
    }

    const QUERY_DELIMITERS: &[u8] = b"&=+#";
    if url.query().map(|q| decoded(q, QUERY_DELIMITERS))
        != c.query.as_deref().map(|q| decoded(q, QUERY_DELIMITERS))
    {
        push(
            Component::Query,
            url.query().map(str::to_owned),
            c.query.clone(),
        );
    }

    if url.fragment().map(|f| decoded(f, b"")) != c.fragment.as_deref().map(|f| decoded(f, b"")) {
        push(
            Component::Fragment,
            url.fragment().map(str::to_owned),
            c.fragment.clone(),
        );
    }
}

/// Username and password, percent-decoded; `None` when both are empty.
fn credentials(user: &str, password: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    if user.is_empty() && password.is_empty() {
        return None;
    }
    Some((decoded(user, b""), decoded(password, b"")))
}

/// An RFC 3986 host in the form the WHATWG parser serializes the same
/// host: ASCII-lowercased, IPv6 literals canonical (RFC 5952, as the URL
/// Standard's IPv6 serializer), and "localhost" empty for file URIs
/// (RFC 8089 §2). Reg-names are not percent-decoded.
fn host_key(host: &str, scheme: Option<&str>) -> String {
    let host = host.to_ascii_lowercase();
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        if let Ok(address) = inner.parse::<Ipv6Addr>() {
            return Host::Ipv6(address).to_string();
        }
    }
    if scheme == Some("file") && host == "localhost" {
        return String::new();
    }
    host
}

/// The URL Standard's default ports, for the schemes that have one.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The port an RFC-based client connects to: the port without leading
/// zeros, or the scheme's default when it is empty or absent.
fn effective_port(c: &RfcComponents) -> Option<String> {
    let authority = c.authority.as_ref()?;
    match authority.port.as_deref() {
        None | Some("") => default_port(&c.scheme_lowercase()?).map(|p| p.to_string()),
        Some(port) if port.bytes().all(|b| b.is_ascii_digit()) => {
            let digits = port.trim_start_matches('0');
            Some(if digits.is_empty() { "0" } else { digits }.to_owned())
        }
        Some(port) => Some(port.to_owned()),
    }
}

/// `s` percent-decoded, except for the bytes in `keep`, which stay encoded
/// (with upper-case hex, so that `%2f` and `%2F` compare equal).
fn decoded(s: &str, keep: &[u8]) -> Vec<u8> {
    fn hex(b: u8) -> Option<u8> {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            ) {
                let byte = h << 4 | l;
                if keep.contains(&byte) {
                    out.extend_from_slice(format!("%{byte:02X}").as_bytes());
                } else {
                    out.push(byte);
                }
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Picks the explanation of one disagreement from what the input holds.
fn explain(
    component: Component,
    reading: Reading,
    ctx: &Context,
    url: &Url,
    c: &RfcComponents,
) -> &'static str {
    if reading == Reading::Truncated {
        return why::TRUNCATED;
    }
    let authority = c.authority.as_ref();
    let raw = match component {
        Component::Scheme => c.scheme.as_deref(),
        Component::Userinfo => authority.and_then(|a| a.userinfo.as_deref()),
        Component::Host => authority.map(|a| a.host.as_str()),
        Component::Port => authority.and_then(|a| a.port.as_deref()),
        Component::Path => Some(c.path.as_str()),
        Component::Query => c.query.as_deref(),
        Component::Fragment => c.fragment.as_deref(),
        Component::Acceptance => None,
    }
    .unwrap_or("");
    if ctx.tab_newline && raw.contains(['\t', '\n', '\r']) {
        return why::TAB_NEWLINE;
    }
    let backslash = ctx.special && ctx.backslash;
    let structural = matches!(
        component,
        Component::Userinfo | Component::Host | Component::Port | Component::Path
    );
    if backslash && structural {
        return why::BACKSLASH;
    }
    if ctx.trimmed && (raw.starts_with(|c: char| c <= ' ') || raw.ends_with(|c: char| c <= ' ')) {
        return why::TRIMMED;
    }
    match component {
        Component::Userinfo | Component::Host | Component::Port => {
            if component == Component::Host {
                if url.scheme() == "file"
                    && raw.len() == 1
                    && raw.as_bytes()[0].is_ascii_alphabetic()
                {
                    return why::DRIVE_LETTER;
                }
                if ctx.special && ctx.irregular_slashes {
                    return why::SLASHES;
                }
                let rfc_ipv4 = rfc3986::HostKind::of(raw) == Some(rfc3986::HostKind::Ipv4);
                if matches!(url.typed_host(), Some(Host::Ipv4(_))) && !rfc_ipv4 {
                    return why::IPV4;
                }
                if raw.contains('%') {
                    return why::PERCENT_HOST;
                }
                if !raw.is_ascii() || url.hostname().contains("xn--") {
                    return why::IDNA;
                }
            }
            let explicit_port =
                authority.is_some_and(|a| a.port.as_deref().is_some_and(|p| !p.is_empty()));
            if component == Component::Port
                && !explicit_port
                && c.scheme_lowercase().as_deref() != Some(url.scheme())
            {
                return why::DEFAULT_PORT;
            }
            if ctx.special && ctx.irregular_slashes && authority.is_none() {
                return why::SLASHES;
            }
            why::OTHER
        }
        Component::Path => {
            if ctx.special && ctx.irregular_slashes && url.has_host() {
                return why::SLASHES;
            }
            if c.path.to_ascii_lowercase().contains("%2e") {
                return why::DOT_SEGMENTS;
            }
            why::OTHER
        }
        _ => why::OTHER,
    }
}

/// What [`lint`] found: the URL Standard's validation errors, with the
/// comparison against RFC 3986.
///
/// ```
/// use weburl::lens::lint;
///
/// let report = lint("http://a\\@b/", None);
/// assert_eq!(report.errors.len(), 1);
/// assert!(report.comparison.changes_host());
/// println!("{}", report.render());
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LintReport {
    /// The input, as given.
    pub input: String,
    /// The validation errors, in the order the parser met them.
    pub errors: Vec<ValidationError>,
    /// The parse by both standards, and their disagreements.
    pub comparison: Comparison,
}

/// Checks `input` (against `base`, if given): validation errors
/// (<https://url.spec.whatwg.org/#validation-error>) and the lens
/// comparison. [`LintReport::render`] prints them for people.
///
/// ```
/// use weburl::lens::lint;
///
/// let report = lint("http://exa mple.com\\path", None);
/// assert!(report.comparison.whatwg.is_err());
/// let text = report.render();
/// assert!(text.starts_with("http://exa mple.com\\path\n"));
/// assert!(text.contains("       ^^^^^^^^^^^^ domain-to-ASCII"));
/// ```
pub fn lint(input: &str, base: Option<&Url>) -> LintReport {
    let mut errors: Vec<ValidationError> = Vec::new();
    // The result is in the comparison; this parse only collects errors.
    let _ = Url::options()
        .base_url(base)
        .validation_sink(&mut errors)
        .parse(input);
    LintReport {
        input: input.to_owned(),
        errors,
        comparison: compare(input, base.map(Url::href)),
    }
}

impl LintReport {
    /// Whether there is nothing to report: the input parses without
    /// validation errors and both standards read it the same way.
    ///
    /// ```
    /// assert!(weburl::lens::lint("https://example.com/a?b#c", None).is_clean());
    /// assert!(!weburl::lens::lint("https://example.com/a b", None).is_clean());
    /// ```
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
            && self.comparison.whatwg.is_ok()
            && self.comparison.disagreements.is_empty()
    }

    /// The report as text: the input on one line (tabs, newlines and
    /// invisible characters written as escapes such as `\t` and
    /// `\u{202e}`), a line of carets under each validation error's span
    /// with the error's name and what it means, the WHATWG and RFC 3986
    /// results, the disagreements and the verdict.
    ///
    /// Carets are placed by terminal columns: one per character, two for
    /// East Asian wide and fullwidth characters, none for combining marks.
    ///
    /// ```
    /// let text = weburl::lens::lint("http://a\tb/", None).render();
    /// assert!(text.starts_with("http://a\\tb/\n        ^^ invalid-URL-unit"));
    /// ```
    pub fn render(&self) -> String {
        let echo = Echo::new(&self.input);
        let mut out = String::new();
        out.push_str(&echo.line);
        out.push('\n');
        let mut errors: Vec<&ValidationError> = self.errors.iter().collect();
        errors.sort_by_key(|e| (e.span.start, e.span.end));
        let mut previous: Option<&ValidationError> = None;
        for error in errors {
            // The parser may report one error twice at the same place.
            if previous == Some(error) {
                continue;
            }
            previous = Some(error);
            let start = echo.column(error.span.start);
            let end = echo.column(error.span.end).max(start + 1);
            out.push_str(&" ".repeat(start));
            out.push_str(&"^".repeat(end - start));
            out.push_str(&format!(
                " {}: {}\n",
                error.kind.name(),
                describe(error.kind)
            ));
        }
        out.push_str(&self.comparison.to_string());
        out.push('\n');
        out
    }
}

/// The input as shown on one line, and the column of each byte offset.
struct Echo {
    line: String,
    /// `columns[i]`: the column where the character at byte `i` starts.
    columns: Vec<usize>,
}

impl Echo {
    fn new(input: &str) -> Echo {
        let mut line = String::with_capacity(input.len());
        let mut columns = vec![0; input.len() + 1];
        let mut column = 0;
        for (i, c) in input.char_indices() {
            columns[i..i + c.len_utf8()].fill(column);
            let shown = match c {
                '\t' => "\\t".to_owned(),
                '\n' => "\\n".to_owned(),
                '\r' => "\\r".to_owned(),
                ' ' => " ".to_owned(),
                c if is_hidden(c) => format!("\\u{{{:x}}}", u32::from(c)),
                c => c.to_string(),
            };
            column += if shown.chars().count() == 1 {
                display_columns(c)
            } else {
                shown.len()
            };
            line.push_str(&shown);
        }
        columns[input.len()] = column;
        Echo { line, columns }
    }

    /// The column of byte offset `i` (the end for offsets past it).
    fn column(&self, i: usize) -> usize {
        let last = self.columns.len() - 1;
        self.columns[i.min(last)]
    }
}

/// What a validation error means, in a few words.
///
/// <https://url.spec.whatwg.org/#validation-error>
///
/// ```
/// use weburl::{lens::describe, ValidationErrorKind};
///
/// assert_eq!(
///     describe(ValidationErrorKind::InvalidReverseSolidus),
///     "\"\\\" where \"/\" belongs; special URLs read it as \"/\""
/// );
/// ```
pub fn describe(kind: ValidationErrorKind) -> &'static str {
    use ValidationErrorKind as K;
    match kind {
        K::DomainToAscii => "the host is not a valid domain (UTS #46 ToASCII, strict)",
        K::DomainPercentEncoded => "the host has percent-encoded bytes, which are decoded",
        K::HostInvalidCodePoint => "the host has a code point that hosts cannot contain",
        K::Ipv4EmptyPart => "the IPv4 address ends with \".\"",
        K::Ipv4TooFewParts => "the IPv4 address has fewer than four parts",
        K::Ipv4TooManyParts => "the IPv4 address has more than four parts",
        K::Ipv4NonNumericPart => "the host ends in a number but has a part that is not one",
        K::Ipv4NonDecimalPart => "an IPv4 part is hexadecimal or octal",
        K::Ipv4OutOfRangePart => "an IPv4 part is greater than 255",
        K::Ipv6Unclosed => "\"[\" without a closing \"]\"",
        K::Ipv6InvalidCompression => "the IPv6 address starts with a single \":\"",
        K::Ipv6TooManyPieces => "the IPv6 address has more than eight pieces",
        K::Ipv6MultipleCompression => "\"::\" appears more than once",
        K::Ipv6InvalidCodePoint => "unexpected code point in the IPv6 address",
        K::Ipv6TooFewPieces => "the IPv6 address has fewer than eight pieces and no \"::\"",
        K::Ipv6PieceLeadingZero => "an IPv6 piece has a leading zero",
        K::Ipv4InIpv6TooManyPieces => "more than six pieces before the embedded IPv4 address",
        K::Ipv4InIpv6InvalidCodePoint => {
            "the embedded IPv4 address is not decimal numbers without leading zeros"
        }
        K::Ipv4InIpv6OutOfRangePart => "a part of the embedded IPv4 address is greater than 255",
        K::Ipv4InIpv6TooFewParts => "the embedded IPv4 address has fewer than four parts",
        K::InvalidUrlUnit => {
            "not allowed in a URL, or removed: a stray \"%\", a space, a control, a tab or newline"
        }
        K::SpecialSchemeMissingFollowingSolidus => "a special scheme is not followed by \"//\"",
        K::MissingSchemeNonRelativeUrl => "no scheme, and no base URL to resolve against",
        K::InvalidReverseSolidus => "\"\\\" where \"/\" belongs; special URLs read it as \"/\"",
        K::InvalidCredentials => "the URL has a username or password",
        K::HostMissing => "expected a host, found none",
        K::PortOutOfRange => "the port is greater than 65535",
        K::PortInvalid => "the port is not made of ASCII digits",
        K::FileInvalidWindowsDriveLetter => {
            "a Windows drive letter in a relative reference against a file base"
        }
        K::FileInvalidWindowsDriveLetterHost => "the host of a file URL is a Windows drive letter",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_keeps_delimiters() {
        assert_eq!(decoded("a%2fb%41", b"/"), b"a%2FbA");
        assert_eq!(decoded("%zz%4", b""), b"%zz%4");
    }

    #[test]
    fn lenient_resolution() {
        let base = RfcComponents::from_split(&rfc3986::split_lenient("http://a/b/c/d;p?q"));
        let target = |r: &str| {
            resolve_lenient(
                Some(&base),
                RfcComponents::from_split(&rfc3986::split_lenient(r)),
            )
            .unwrap()
            .to_string()
        };
        // RFC 3986 §5.4.1's examples, which must agree with the strict algorithm.
        for (r, expected) in [
            ("g", "http://a/b/c/g"),
            ("../g", "http://a/b/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            ("../../../g", "http://a/g"),
        ] {
            assert_eq!(target(r), expected, "{r}");
            assert_eq!(rfc3986::resolve("http://a/b/c/d;p?q", r).unwrap(), expected);
        }
        assert_eq!(target("/a b\\c"), "http://a/a b\\c");
    }

    #[test]
    fn ports() {
        let c = |s: &str| RfcComponents::from_split(&rfc3986::split_lenient(s));
        assert_eq!(effective_port(&c("http://a:0080/")).as_deref(), Some("80"));
        assert_eq!(effective_port(&c("HTTPS://a:/")).as_deref(), Some("443"));
        assert_eq!(effective_port(&c("sc://a/")), None);
        assert_eq!(effective_port(&c("http://a:00/")).as_deref(), Some("0"));
    }

    #[test]
    fn hosts() {
        assert_eq!(host_key("[0:0::1]", Some("http")), "[::1]");
        assert_eq!(host_key("EXAMPLE.com", Some("http")), "example.com");
        assert_eq!(host_key("LocalHost", Some("file")), "");
        assert_eq!(host_key("%41", Some("http")), "%41");
    }

    #[test]
    fn every_kind_has_a_description() {
        for &kind in ValidationErrorKind::ALL {
            assert!(!describe(kind).is_empty());
        }
    }
}
