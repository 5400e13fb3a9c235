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

/// Every URL-bearing attribute this crate reports, in element order.
///
/// `meta content` is only a URL when the element has
/// `http-equiv=refresh`; the scanner checks that.
pub const URL_ATTRIBUTES: &[UrlAttribute] = &[
    attr("a", "href", Url),
    attr("a", "ping", SpaceSeparated),
    attr("area", "href", Url),
    attr("area", "ping", SpaceSeparated),
    attr("audio", "src", Url),
    attr("base", "href", Url),
    attr("blockquote", "cite", Url),
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
    attr("track", "src", Url),
    attr("video", "poster", Url),
    attr("video", "src", Url),
];

/// The URL-bearing attributes of `element` (a lowercase local name), in
/// the order of [`URL_ATTRIBUTES`]; empty for other elements.
pub fn url_attributes(element: &str) -> &'static [UrlAttribute] {
    // One match on the name instead of a scan of the table: this runs for
    // every start tag of the document.
    let range = match element {
        "a" => 0..2,
        "area" => 2..4,
        "audio" => 4..5,
        "base" => 5..6,
        "blockquote" => 6..7,
        "button" => 7..8,
        "del" => 8..9,
        "embed" => 9..10,
        "form" => 10..11,
        "iframe" => 11..12,
        "img" => 12..14,
        "input" => 14..16,
        "ins" => 16..17,
        "link" => 17..19,
        "meta" => 19..20,
        "object" => 20..21,
        "q" => 21..22,
        "script" => 22..23,
        "source" => 23..25,
        "track" => 25..26,
        "video" => 26..28,
        _ => 0..0,
    };
    &URL_ATTRIBUTES[range]
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
    fn stripping_is_ascii_only() {
        assert_eq!(strip_ascii_whitespace(" \t\n\x0C\rx y\r\n"), "x y");
        assert_eq!(strip_ascii_whitespace("\u{A0}x\u{3000}"), "\u{A0}x\u{3000}");
        assert_eq!(strip_ascii_whitespace("\x0Bx"), "\x0Bx");
    }
}
