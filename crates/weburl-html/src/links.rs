//! The links of an HTML document: every URL-bearing attribute, resolved
//! against the document base URL with the document's encoding as the
//! query encoding.
//!
//! <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url>

use std::fmt;
use std::ops::Range;

use weburl::encoding_rs::Encoding;
use weburl::{ParseError, Url};

use crate::attributes::{is_ascii_whitespace, AttributeKind};
use crate::base::{document_base_url, fallback_base_url, BaseSource};
use crate::encoding::{sniff, EncodingSource};
use crate::scan::{scan, Outcome, RawLink};
use crate::{refresh, srcset};

/// What [`links`] found in a document.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Document {
    /// The encoding the document was decoded with; also the query encoding
    /// of its URLs (UTF-8 for UTF-16 documents).
    pub encoding: &'static Encoding,
    /// Where the encoding came from.
    pub encoding_source: EncodingSource,
    /// The document base URL.
    pub base_url: Url,
    /// Which rule gave the base URL.
    pub base_source: BaseSource,
    /// The `href` of the first `<base href>`, as written (after character
    /// references), if there is one.
    pub base_href: Option<String>,
    /// Every URL in the document, in document order.
    pub links: Vec<Link>,
}

/// One URL of a document.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Link {
    /// The element's local name, lowercase (`"a"`, `"img"`, …).
    pub element: &'static str,
    /// The attribute's name, lowercase (`"href"`, `"srcset"`, …).
    pub attribute: &'static str,
    /// How the attribute's value is read.
    pub kind: AttributeKind,
    /// The attribute's whole value, after character references.
    pub value: String,
    /// The byte range of [`Link::value`] that was parsed as a URL: the value
    /// without surrounding ASCII whitespace, one `ping` token, one srcset
    /// candidate's URL, or the URL part of a refresh.
    pub reference: Range<usize>,
    /// The srcset descriptor or refresh delay, if any.
    pub detail: Detail,
    /// The 1-based line of the tag in the decoded document.
    pub line: u64,
    /// The resolved URL, or why the reference does not parse.
    pub url: Result<Url, ParseError>,
}

impl Link {
    /// The string that was parsed: `&self.value[self.reference]`.
    pub fn reference(&self) -> &str {
        &self.value[self.reference.clone()]
    }
}

/// Attribute-specific facts about a [`Link`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Detail {
    /// Nothing more.
    None,
    /// A srcset candidate's descriptor.
    Candidate(srcset::Descriptor),
    /// A refresh's delay in seconds.
    Refresh {
        /// The delay.
        seconds: u64,
    },
}

/// Why [`links`] could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The transport charset the caller gave is not an encoding label.
    ///
    /// <https://encoding.spec.whatwg.org/#concept-encoding-get>
    UnknownCharset(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCharset(label) => {
                write!(f, "expected an encoding label, found {label:?}")
            }
        }
    }
}

impl std::error::Error for Error {}

/// Finds and resolves every URL of an HTML document.
///
/// `transport_charset` is the `charset` parameter of the `Content-Type` the
/// document came with, if any (an encoding label such as `"shift_jis"`).
///
/// ```
/// use weburl::Url;
/// let page = br#"<meta charset=windows-1252><base href="/docs/">
/// <a href="guide?q=caf&eacute;">guide</a>"#;
/// let doc = weburl_html::links(page, &Url::parse("https://example.com/a/b")?, None)?;
/// assert_eq!(doc.base_url.href(), "https://example.com/docs/");
/// let link = &doc.links[1];
/// assert_eq!((link.element, link.attribute), ("a", "href"));
/// assert_eq!(link.url.as_ref().unwrap().href(), "https://example.com/docs/guide?q=caf%E9");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn links(
    html: &[u8],
    document_url: &Url,
    transport_charset: Option<&str>,
) -> Result<Document, Error> {
    LinkOptions::new(document_url)
        .transport_charset(transport_charset)
        .parse(html)
}

/// Options for [`links`], for the less common cases.
#[derive(Clone, Copy, Debug)]
pub struct LinkOptions<'a> {
    document_url: &'a Url,
    transport_charset: Option<&'a str>,
    creator_base: Option<&'a Url>,
    scripting: bool,
}

impl<'a> LinkOptions<'a> {
    /// Options for the document at `document_url`.
    pub fn new(document_url: &'a Url) -> Self {
        LinkOptions {
            document_url,
            transport_charset: None,
            creator_base: None,
            scripting: false,
        }
    }

    /// The transport layer's charset label.
    pub fn transport_charset(mut self, label: Option<&'a str>) -> Self {
        self.transport_charset = label;
        self
    }

    /// The base URL of the document that created this one. It is used
    /// when the document URL is `about:blank` or `about:srcdoc`.
    ///
    /// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url>
    pub fn creator_base(mut self, base: Option<&'a Url>) -> Self {
        self.creator_base = base;
        self
    }

    /// Parse as a browser with scripting enabled: `<noscript>` content is
    /// then text, and its links are not reported. Off by default, as for a
    /// crawler that runs no scripts.
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#scripting-flag>
    pub fn scripting(mut self, enabled: bool) -> Self {
        self.scripting = enabled;
        self
    }

    /// Finds and resolves every URL of the document `html`.
    pub fn parse(self, html: &[u8]) -> Result<Document, Error> {
        let transport = match self.transport_charset {
            None => None,
            Some(label) => Some(
                Encoding::for_label(label.as_bytes())
                    .ok_or_else(|| Error::UnknownCharset(label.to_owned()))?,
            ),
        };
        let sniffed = sniff(html, transport);
        let body = &html[sniffed.bom_len..];
        let tentative = sniffed.confidence() == crate::encoding::Confidence::Tentative;
        let (encoding, source, found) =
            match scan(body, sniffed.encoding, tentative, self.scripting) {
                Outcome::Done(found) => (sniffed.encoding, sniffed.source, found),
                Outcome::Restart(new) => match scan(body, new, false, self.scripting) {
                    Outcome::Done(found) => (new, EncodingSource::MetaWhileParsing, found),
                    Outcome::Restart(_) => unreachable!("a certain encoding never restarts"),
                },
            };
        let (base_url, base_source) = document_base_url(
            self.document_url,
            self.creator_base,
            found.first_base_href.as_deref(),
            encoding,
        );
        let mut links = Vec::with_capacity(found.links.len());
        let resolver = Resolver {
            base: &base_url,
            fallback: fallback_base_url(self.document_url, self.creator_base).0,
            document_url: self.document_url,
            encoding: encoding.output_encoding(),
        };
        for raw in found.links {
            resolver.resolve(raw, &mut links);
        }
        Ok(Document {
            encoding,
            encoding_source: source,
            base_url,
            base_source,
            base_href: found.first_base_href,
            links,
        })
    }
}

struct Resolver<'a> {
    base: &'a Url,
    /// `<base href>` itself resolves against this.
    fallback: &'a Url,
    document_url: &'a Url,
    encoding: &'static Encoding,
}

impl Resolver<'_> {
    fn parse(&self, reference: &str) -> Result<Url, ParseError> {
        self.parse_against(self.base, reference)
    }

    fn parse_against(&self, base: &Url, reference: &str) -> Result<Url, ParseError> {
        Url::options()
            .base_url(Some(base))
            .encoding(self.encoding)
            .parse(reference)
    }

    /// Turns one attribute into its links (none, one, or several).
    fn resolve(&self, raw: RawLink, out: &mut Vec<Link>) {
        let link = |value: String, reference: Range<usize>, detail, url| Link {
            element: raw.element,
            attribute: raw.attribute,
            kind: raw.kind,
            value,
            reference,
            detail,
            line: raw.line,
            url,
        };
        match raw.kind {
            AttributeKind::Url => {
                let reference = trimmed(&raw.value);
                // A `<base href>` is relative to the fallback base URL, as
                // its frozen base URL is (and as `base.href` reports).
                let base = if raw.element == "base" {
                    self.fallback
                } else {
                    self.base
                };
                let url = self.parse_against(base, &raw.value[reference.clone()]);
                out.push(link(raw.value, reference, Detail::None, url));
            }
            AttributeKind::Action => {
                // An empty action submits to the document's own address.
                let reference = trimmed(&raw.value);
                let url = if raw.value.is_empty() {
                    Ok(self.document_url.clone())
                } else {
                    self.parse(&raw.value[reference.clone()])
                };
                out.push(link(raw.value, reference, Detail::None, url));
            }
            AttributeKind::SpaceSeparated => {
                for token in tokens(&raw.value) {
                    let url = self.parse(&raw.value[token.clone()]);
                    out.push(link(raw.value.clone(), token, Detail::None, url));
                }
            }
            AttributeKind::Srcset => {
                for candidate in srcset::parse(&raw.value) {
                    let url = self.parse(&raw.value[candidate.url.clone()]);
                    let detail = Detail::Candidate(candidate.descriptor);
                    out.push(link(raw.value.clone(), candidate.url, detail, url));
                }
            }
            AttributeKind::Refresh => {
                if let Some(refresh::Refresh {
                    seconds,
                    url: Some(range),
                }) = refresh::parse(&raw.value)
                {
                    let url = self.parse(&raw.value[range.clone()]);
                    out.push(link(raw.value, range, Detail::Refresh { seconds }, url));
                }
            }
        }
    }
}

/// The range of `s` without leading and trailing ASCII whitespace.
fn trimmed(s: &str) -> Range<usize> {
    let start = s.len() - s.trim_start_matches(is_ascii_whitespace).len();
    let end = s.trim_end_matches(is_ascii_whitespace).len().max(start);
    start..end
}

/// The ranges of the ASCII-whitespace-separated tokens of `s`.
///
/// <https://infra.spec.whatwg.org/#split-on-ascii-whitespace>
fn tokens(s: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (is_ascii_whitespace(c), start) {
            (true, Some(from)) => {
                out.push(from..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(from) = start {
        out.push(from..s.len());
    }
    out
}
