//! Which HTML attributes hold URLs, and how each one's value is split into
//! URL strings.
//!
//! The list follows the HTML standard's attribute index, the attributes
//! whose value is a URL, a list of URLs, a srcset, or a refresh:
//! <https://html.spec.whatwg.org/multipage/indices.html#attributes-3>

/// How an attribute's value becomes URL strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AttributeKind {
    /// One URL ("valid URL potentially surrounded by spaces").
    Url,
    /// One URL; empty or missing means the document's address, not the
    /// base URL (`form action`, `formaction`).
    ///
    /// <https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fs-action>
    Action,
    /// URLs separated by ASCII whitespace (`ping`).
    ///
    /// <https://html.spec.whatwg.org/multipage/links.html#ping>
    SpaceSeparated,
    /// Image candidates (`srcset`, `imagesrcset`), see [`crate::srcset`].
    Srcset,
    /// The URL part of `<meta http-equiv=refresh content>`, see
    /// [`crate::refresh`].
    Refresh,
}

/// One URL-bearing attribute of one element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrlAttribute {
    /// The element's local name, lowercase.
    pub element: &'static str,
    /// The attribute's name, lowercase.
    pub attribute: &'static str,
    /// How the value is read.
    pub kind: AttributeKind,
}

const fn attr(element: &'static str, attribute: &'static str, kind: AttributeKind) -> UrlAttribute {
    UrlAttribute {
        element,
        attribute,
        kind,
    }
}

use AttributeKind::{Action, Refresh, SpaceSeparated, Srcset, Url};

/// Every URL-bearing attribute of HTML elements this crate reports, in
/// element order.
///
/// `meta content` is only a URL when the element has
/// `http-equiv=refresh`, and `input src` only when it has `type=image`;
/// see [`UrlAttribute::condition`]. The attributes of the HTML standard's
/// index left out, and why, are listed in the crate's README.
pub const URL_ATTRIBUTES: &[UrlAttribute] = &[
    attr("a", "href", Url),
    attr("a", "ping", SpaceSeparated),
    attr("area", "href", Url),
    attr("area", "ping", SpaceSeparated),
    attr("audio", "src", Url),
    attr("base", "href", Url),
    attr("blockquote", "cite", Url),
    // `background` on `body` and the table elements: an image browsers
    // still fetch, with the document's query encoding, like `img src`.
    // <https://html.spec.whatwg.org/multipage/rendering.html#the-page>,
    // <https://html.spec.whatwg.org/multipage/rendering.html#tables-2>
    attr("body", "background", Url),
    attr("button", "formaction", Action),
    attr("del", "cite", Url),
    attr("embed", "src", Url),
    attr("form", "action", Action),
    attr("iframe", "src", Url),
    attr("img", "src", Url),
    attr("img", "srcset", Srcset),
    attr("input", "formaction", Action),
    attr("input", "src", Url),
    attr("ins", "cite", Url),
    attr("link", "href", Url),
    attr("link", "imagesrcset", Srcset),
    attr("meta", "content", Refresh),
    attr("object", "data", Url),
    attr("q", "cite", Url),
    attr("script", "src", Url),
    attr("source", "src", Url),
    attr("source", "srcset", Srcset),
    attr("table", "background", Url),
    attr("tbody", "background", Url),
    attr("td", "background", Url),
    attr("tfoot", "background", Url),
    attr("th", "background", Url),
    attr("thead", "background", Url),
    attr("tr", "background", Url),
    attr("track", "src", Url),
    attr("video", "poster", Url),
    attr("video", "src", Url),
];

/// The URL-bearing attributes of `element` (a lowercase local name of an
/// HTML element), in the order of [`URL_ATTRIBUTES`]; empty for other
/// elements.
pub fn url_attributes(element: &str) -> &'static [UrlAttribute] {
    // One match on the name instead of a scan of the table: this runs for
    // every start tag of the document.
    let range = match element {
        "a" => 0..2,
        "area" => 2..4,
        "audio" => 4..5,
        "base" => 5..6,
        "blockquote" => 6..7,
        "body" => 7..8,
        "button" => 8..9,
        "del" => 9..10,
        "embed" => 10..11,
        "form" => 11..12,
        "iframe" => 12..13,
        "img" => 13..15,
        "input" => 15..17,
        "ins" => 17..18,
        "link" => 18..20,
        "meta" => 20..21,
        "object" => 21..22,
        "q" => 22..23,
        "script" => 23..24,
        "source" => 24..26,
        "table" => 26..27,
        "tbody" => 27..28,
        "td" => 28..29,
        "tfoot" => 29..30,
        "th" => 30..31,
        "thead" => 31..32,
        "tr" => 32..33,
        "track" => 33..34,
        "video" => 34..36,
        _ => 0..0,
    };
    &URL_ATTRIBUTES[range]
}

impl UrlAttribute {
    /// The attribute and value (ASCII case-insensitive) the element must
    /// also have for this attribute to be a URL, if any.
    ///
    /// <https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-refresh>,
    /// <https://html.spec.whatwg.org/multipage/input.html#image-button-state-(type=image)>
    pub fn condition(&self) -> Option<(&'static str, &'static str)> {
        match (self.element, self.attribute) {
            ("meta", "content") => Some(("http-equiv", "refresh")),
            ("input", "src") => Some(("type", "image")),
            _ => None,
        }
    }
}

/// The URL-bearing attributes of SVG elements this crate reports: each
/// element's `href`, or its `xlink:href` when it has no `href` (SVG 2
/// reads `href` first). The element names are as the tokenizer gives them,
/// lowercase (`feimage` for `feImage`).
///
/// <https://svgwg.org/svg2-draft/linking.html#linkRefAttrs>,
/// <https://svgwg.org/svg2-draft/linking.html#AElementHrefAttribute>,
/// <https://svgwg.org/svg2-draft/embedded.html#ImageElementHrefAttribute>,
/// <https://svgwg.org/svg2-draft/struct.html#UseElementHrefAttribute>,
/// <https://svgwg.org/svg2-draft/interact.html#ScriptElementHrefAttribute>,
/// <https://drafts.fxtf.org/filter-effects/#element-attrdef-feimage-href>
pub const SVG_URL_ATTRIBUTES: &[UrlAttribute] = &[
    attr("a", "href", Url),
    attr("feimage", "href", Url),
    attr("image", "href", Url),
    attr("script", "href", Url),
    attr("use", "href", Url),
];

/// The name of the XLink form of an SVG `href` attribute.
pub const XLINK_HREF: &str = "xlink:href";

/// The URL-bearing attribute of the SVG element `element` (lowercase), if
/// it has one; see [`SVG_URL_ATTRIBUTES`].
pub fn svg_url_attribute(element: &str) -> Option<&'static UrlAttribute> {
    SVG_URL_ATTRIBUTES.iter().find(|a| a.element == element)
}

/// Whether a string is ASCII whitespace (TAB, LF, FF, CR, SPACE).
///
/// <https://infra.spec.whatwg.org/#ascii-whitespace>
pub(crate) fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Strips leading and trailing ASCII whitespace, as HTML does for URL
/// attributes ("valid URL potentially surrounded by spaces").
///
/// <https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace>
pub fn strip_ascii_whitespace(s: &str) -> &str {
    s.trim_matches(is_ascii_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lookup_agrees_with_the_table() {
        let mut names: Vec<&str> = URL_ATTRIBUTES.iter().map(|a| a.element).collect();
        names.dedup();
        let mut covered = 0;
        for name in names {
            let found = url_attributes(name);
            assert!(!found.is_empty(), "{name}");
            assert!(found.iter().all(|a| a.element == name), "{name}");
            let all = URL_ATTRIBUTES.iter().filter(|a| a.element == name).count();
            assert_eq!(found.len(), all, "{name}");
            covered += found.len();
        }
        assert_eq!(covered, URL_ATTRIBUTES.len());
        assert!(url_attributes("div").is_empty());
        assert!(url_attributes("A").is_empty(), "names are lowercase");
    }

    #[test]
    fn the_table_is_in_element_order_without_duplicates() {
        for pair in URL_ATTRIBUTES.windows(2) {
            assert!(
                pair[0].element <= pair[1].element,
                "{} before {}",
                pair[0].element,
                pair[1].element
            );
            assert_ne!(
                (pair[0].element, pair[0].attribute),
                (pair[1].element, pair[1].attribute)
            );
        }
    }

    #[test]
    fn stripping_is_ascii_only() {
        assert_eq!(strip_ascii_whitespace(" \t\n\x0C\rx y\r\n"), "x y");
        assert_eq!(strip_ascii_whitespace("\u{A0}x\u{3000}"), "\u{A0}x\u{3000}");
        assert_eq!(strip_ascii_whitespace("\x0Bx"), "\x0Bx");
    }
}
