//! A document's base URL, by the HTML standard.
//!
//! <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url>
//!
//! The base URL is the *frozen base URL* of the first `<base>` element with
//! an `href` attribute in tree order, or else the *fallback base URL*: the
//! document's address, except that `about:blank` and `about:srcdoc`
//! documents borrow the base URL of the document that created them.

use weburl::encoding_rs::Encoding;
use weburl::{ParseError, Url};

/// Which rule gave the document base URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BaseSource {
    /// The document's own address.
    DocumentUrl,
    /// An `about:blank` or `about:srcdoc` document's creator's base URL.
    Creator,
    /// The first `<base href>`, resolved against the fallback base URL.
    BaseElement,
    /// There was a `<base href>`, but it failed to parse or was a `data:`
    /// or `javascript:` URL, so the fallback base URL stands.
    RejectedBaseElement,
}

impl BaseSource {
    /// The rule's name in kebab case, as the CLI prints it:
    /// `"document-url"`, `"creator"`, `"base-element"` or
    /// `"rejected-base-element"`.
    ///
    /// ```
    /// use weburl_html::base::BaseSource;
    /// assert_eq!(BaseSource::RejectedBaseElement.as_str(), "rejected-base-element");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            BaseSource::DocumentUrl => "document-url",
            BaseSource::Creator => "creator",
            BaseSource::BaseElement => "base-element",
            BaseSource::RejectedBaseElement => "rejected-base-element",
        }
    }
}

/// Whether `url` "matches about:blank": scheme `about`, path `blank`, no
/// credentials or host; query and fragment may be anything.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#matches-about:blank>
pub fn matches_about_blank(url: &Url) -> bool {
    is_about(url, "blank")
}

/// Whether `url` "matches about:srcdoc", the address of every `<iframe
/// srcdoc>` document.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#matches-about:srcdoc>
pub fn matches_about_srcdoc(url: &Url) -> bool {
    is_about(url, "srcdoc")
}

fn is_about(url: &Url, path: &str) -> bool {
    url.scheme() == "about"
        && url.pathname() == path
        && url.username().is_empty()
        && url.password().is_empty()
        && !url.has_host()
}

/// The document's fallback base URL: the creator's base URL for
/// `about:srcdoc` and (if there is a creator) `about:blank`, else the
/// document's address. A srcdoc document always has a creator in a
/// browser; without one, its own address stands.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url>
pub fn fallback_base_url<'a>(
    document_url: &'a Url,
    creator_base: Option<&'a Url>,
) -> (&'a Url, BaseSource) {
    match creator_base {
        Some(creator)
            if matches_about_srcdoc(document_url) || matches_about_blank(document_url) =>
        {
            (creator, BaseSource::Creator)
        }
        _ => (document_url, BaseSource::DocumentUrl),
    }
}

/// The frozen base URL of a `<base>` element whose `href` is `href`:
/// `href` parsed against the fallback base URL in the document's
/// encoding, or `Err` when it fails or is a `data:` or `javascript:` URL
/// (the caller then keeps the fallback base URL).
///
/// <https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url>
pub fn frozen_base_url(
    href: &str,
    fallback: &Url,
    encoding: &'static Encoding,
) -> Result<Url, RejectedBase> {
    let url = Url::options()
        .base_url(Some(fallback))
        .encoding(encoding.output_encoding())
        .parse(href)
        .map_err(RejectedBase::Parse)?;
    match url.scheme() {
        "data" | "javascript" => Err(RejectedBase::Scheme),
        _ => Ok(url),
    }
}

/// Why a `<base href>` did not become the document base URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RejectedBase {
    /// The value is not a URL relative to the fallback base URL.
    Parse(ParseError),
    /// `data:` and `javascript:` URLs may not be base URLs.
    Scheme,
}

impl std::fmt::Display for RejectedBase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RejectedBase::Parse(e) => write!(f, "<base href> does not parse: {e}"),
            RejectedBase::Scheme => {
                f.write_str("<base href> may not be a data: or javascript: URL")
            }
        }
    }
}

impl std::error::Error for RejectedBase {}

/// The document base URL given the first `<base href>` value, if any.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url>
pub fn document_base_url(
    document_url: &Url,
    creator_base: Option<&Url>,
    first_base_href: Option<&str>,
    encoding: &'static Encoding,
) -> (Url, BaseSource) {
    let (fallback, source) = fallback_base_url(document_url, creator_base);
    match first_base_href {
        None => (fallback.clone(), source),
        Some(href) => match frozen_base_url(href, fallback, encoding) {
            Ok(url) => (url, BaseSource::BaseElement),
            Err(_) => (fallback.clone(), BaseSource::RejectedBaseElement),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::encoding_rs::{SHIFT_JIS, UTF_16LE, UTF_8};

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    fn base(doc: &str, creator: Option<&str>, href: Option<&str>) -> (String, BaseSource) {
        let creator = creator.map(u);
        let (url, source) = document_base_url(&u(doc), creator.as_ref(), href, UTF_8);
        (url.href().to_owned(), source)
    }

    #[test]
    fn no_base_element_means_the_document_url() {
        assert_eq!(
            base("https://a.example/x/y?q#f", None, None),
            ("https://a.example/x/y?q#f".into(), BaseSource::DocumentUrl)
        );
    }

    #[test]
    fn base_href_resolves_against_the_document_url() {
        assert_eq!(
            base("https://a.example/x/y", None, Some("../z/")).0,
            "https://a.example/z/"
        );
        assert_eq!(
            base("https://a.example/x/y", None, Some("//b.example")).0,
            "https://b.example/"
        );
        // An empty href is the document URL without its fragment.
        assert_eq!(
            base("https://a.example/x/y?q#f", None, Some("")).0,
            "https://a.example/x/y?q"
        );
        assert_eq!(
            base("https://a.example/x/y", None, Some("  /p  ")),
            ("https://a.example/p".into(), BaseSource::BaseElement)
        );
    }

    #[test]
    fn failing_or_forbidden_bases_fall_back() {
        for href in ["http://[", "data:text/html,x", "JavaScript:void(0)"] {
            assert_eq!(
                base("https://a.example/x", None, Some(href)),
                (
                    "https://a.example/x".into(),
                    BaseSource::RejectedBaseElement
                ),
                "{href}"
            );
        }
    }

    #[test]
    fn about_blank_and_srcdoc_take_the_creator_base() {
        let creator = Some("https://c.example/dir/page");
        assert_eq!(
            base("about:blank", creator, None),
            ("https://c.example/dir/page".into(), BaseSource::Creator)
        );
        assert_eq!(
            base("about:blank?x#y", creator, None).1,
            BaseSource::Creator
        );
        assert_eq!(
            base("about:srcdoc", creator, Some("sub/")).0,
            "https://c.example/dir/sub/"
        );
        // Without a creator, or for other about: URLs, the address stands.
        assert_eq!(base("about:blank", None, None).0, "about:blank");
        assert_eq!(base("about:blankx", creator, None).0, "about:blankx");
        assert_eq!(
            base("https://d.example/", creator, None).1,
            BaseSource::DocumentUrl
        );
    }

    #[test]
    fn base_query_uses_the_document_encoding() {
        let doc = u("http://a.example/");
        let url = frozen_base_url("?q=\u{3042}", &doc, SHIFT_JIS).unwrap();
        assert_eq!(url.href(), "http://a.example/?q=%82%A0");
        // UTF-16 documents encode queries as UTF-8.
        let url = frozen_base_url("?q=\u{3042}", &doc, UTF_16LE).unwrap();
        assert_eq!(url.href(), "http://a.example/?q=%E3%81%82");
    }
}
