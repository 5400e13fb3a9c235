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
//! use weburl_rfc3986::lens::{compare, Aspect};
//!
//! // WHATWG: in a special URL "\" is "/", so the host is "a" and "@b/" is
//! // the path. RFC 3986: "\" is not allowed; a lenient splitter reads up to
//! // the next "/", takes "a\" as userinfo and "b" as the host.
//! let c = compare("http://a\\@b/", None);
//! assert!(c.changes_host());
//! let host = c.disagreements.iter().find(|d| d.component == Aspect::Host).unwrap();
//! assert_eq!(host.whatwg.as_deref(), Some("a"));
//! assert_eq!(host.rfc3986.as_deref(), Some("b"));
//! ```
//!
//! # The RFC 3986 side, read three ways
//!
//! - [`Reading::Strict`]: the string is a URI by the grammar of RFC 3986
//!   ([`crate::split`], or [`crate::resolve`] against the base). Only
//!   this reading exists when it succeeds.
//! - [`Reading::Lenient`]: otherwise, the regular expression of RFC 3986
//!   Appendix B ([`crate::split_lenient`]), which accepts anything, as
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

mod explain;
mod lint;
mod readings;

use std::fmt;

use weburl::{ParseError, Url};

use explain::find_disagreements;
pub use lint::{lint, LintReport};
pub use readings::{
    Reading, Rfc3986Parse, Rfc3986Rejection, RfcAuthority, RfcComponents, Truncation,
};

/// What the two readings of a string can disagree on: an RFC 3986
/// component (not the URL Standard's, which `weburl::Component` names), or
/// whether the string is a URL at all.
///
/// RFC 3986 §3, <https://www.rfc-editor.org/rfc/rfc3986#section-3>.
///
/// ```
/// use weburl_rfc3986::lens::{compare, Aspect};
///
/// let c = compare("http://0x7f.1/", None);
/// let components: Vec<Aspect> = c.disagreements.iter().map(|d| d.component).collect();
/// assert_eq!(components, [Aspect::Host]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Aspect {
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

impl Aspect {
    /// The component's name, lowercase.
    ///
    /// ```
    /// assert_eq!(weburl_rfc3986::lens::Aspect::Userinfo.name(), "userinfo");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Aspect::Acceptance => "acceptance",
            Aspect::Scheme => "scheme",
            Aspect::Userinfo => "userinfo",
            Aspect::Host => "host",
            Aspect::Port => "port",
            Aspect::Path => "path",
            Aspect::Query => "query",
            Aspect::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One component on which the two parsers disagree.
///
/// The values are each parser's own (not the normalized forms that were
/// compared): the WHATWG getter's output, and the RFC 3986 component as
/// written, except ports, which are shown with the scheme's default filled
/// in. `None` is an absent component, or no URL at all.
///
/// ```
/// use weburl_rfc3986::lens::{compare, Aspect, Reading};
///
/// let c = compare("http://0x7f.1/", None);
/// let d = &c.disagreements[0];
/// assert_eq!((d.component, d.reading), (Aspect::Host, Reading::Strict));
/// assert_eq!(d.whatwg.as_deref(), Some("127.0.0.1"));
/// assert_eq!(d.rfc3986.as_deref(), Some("0x7f.1"));
/// println!("{d}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Disagreement {
    /// Which component.
    pub component: Aspect,
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
/// let c = weburl_rfc3986::lens::compare("http://evil.com#@good.com/", None);
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
    /// assert!(weburl_rfc3986::lens::compare("http://1.1.1.1 &@2.2.2.2/", None).changes_host());
    /// assert!(!weburl_rfc3986::lens::compare("http://example.com/a b", None).changes_host());
    /// ```
    pub fn changes_host(&self) -> bool {
        self.disagreements
            .iter()
            .any(|d| d.component == Aspect::Host)
    }

    /// Whether the (scheme, host, port) tuple differs: a host, scheme or
    /// port disagreement.
    ///
    /// ```
    /// let c = weburl_rfc3986::lens::compare("http://example.com:80\\@example.com:8080/", None);
    /// assert!(c.changes_origin());
    /// assert!(!weburl_rfc3986::lens::compare("HTTP://example.com:80/", None).changes_origin());
    /// ```
    pub fn changes_origin(&self) -> bool {
        self.disagreements
            .iter()
            .any(|d| matches!(d.component, Aspect::Scheme | Aspect::Host | Aspect::Port))
    }

    /// One line on what the disagreements mean.
    ///
    /// ```
    /// let c = weburl_rfc3986::lens::compare("https://example.com/", None);
    /// assert_eq!(c.verdict(), "both parsers agree");
    /// ```
    pub fn verdict(&self) -> &'static str {
        let only_acceptance = self
            .disagreements
            .iter()
            .all(|d| d.component == Aspect::Acceptance);
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
/// use weburl_rfc3986::lens::{compare, Aspect, Reading};
///
/// // Against a special base, "/\evil.com" is "//evil.com" to a browser: a
/// // new host. To RFC 3986 it is a path on the base's host.
/// let c = compare("/\\evil.com", Some("https://good.example/a/b"));
/// assert_eq!(c.whatwg.as_ref().unwrap().hostname(), "evil.com");
/// assert!(c.changes_host());
/// let d = c.disagreements.iter().find(|d| d.component == Aspect::Host).unwrap();
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
