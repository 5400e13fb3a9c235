//! `<meta http-equiv=refresh content="5; url=next.html">`.
//!
//! <https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps>

use std::ops::Range;

use crate::attributes::is_ascii_whitespace;

/// A parsed refresh value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refresh {
    /// The delay in seconds (saturating).
    pub seconds: u64,
    /// Byte range of the URL string in the value, if there is one; `None`
    /// means the document refreshes itself.
    pub url: Option<Range<usize>>,
}

/// Parses the `content` of a refresh `<meta>` (or a `Refresh` header);
/// `None` if the value is not a refresh at all.
///
/// ```
/// use weburl_html::refresh::parse;
/// let value = "3;URL='/next?a=1'";
/// let r = parse(value).unwrap();
/// assert_eq!(r.seconds, 3);
/// assert_eq!(&value[r.url.unwrap()], "/next?a=1");
/// ```
///
/// <https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps> (steps 1–11)
pub fn parse(input: &str) -> Option<Refresh> {
    if input.is_empty() {
        return None;
    }
    let b = input.as_bytes();
    let mut pos = skip_spaces(b, 0);
    let digits_start = pos;
    while pos < b.len() && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let seconds = if pos == digits_start {
        if b.get(pos) != Some(&b'.') {
            return None;
        }
        0
    } else {
        input[digits_start..pos].parse().unwrap_or(u64::MAX)
    };
    // A fraction is allowed and ignored.
    while pos < b.len() && (b[pos].is_ascii_digit() || b[pos] == b'.') {
        pos += 1;
    }
    if pos < b.len() {
        if !matches!(b[pos], b';' | b',') && !is_space(b[pos]) {
            return None;
        }
        pos = skip_spaces(b, pos);
        if matches!(b.get(pos), Some(b';' | b',')) {
            pos += 1;
        }
        pos = skip_spaces(b, pos);
    }
    if pos >= b.len() {
        return Some(Refresh { seconds, url: None });
    }
    Some(Refresh {
        seconds,
        url: Some(url_part(b, pos)),
    })
}

/// Steps 11.1–11.11: an optional `url=` prefix, then an optionally quoted
/// URL. Without the full `url` and `=`, the text from `start` is the URL.
fn url_part(b: &[u8], start: usize) -> Range<usize> {
    let mut pos = start;
    let prefixed = matches!(b.get(pos), Some(b'u' | b'U'));
    if prefixed {
        pos += 1;
        if !matches!(b.get(pos), Some(b'r' | b'R')) {
            return start..b.len();
        }
        pos += 1;
        if !matches!(b.get(pos), Some(b'l' | b'L')) {
            return start..b.len();
        }
        pos = skip_spaces(b, pos + 1);
        if b.get(pos) != Some(&b'=') {
            return start..b.len();
        }
        pos = skip_spaces(b, pos + 1);
    }
    // Skip quotes.
    match b.get(pos) {
        Some(&q @ (b'"' | b'\'')) => {
            let from = pos + 1;
            let end = b[from..]
                .iter()
                .position(|&c| c == q)
                .map_or(b.len(), |i| from + i);
            from..end
        }
        _ => pos..b.len(),
    }
}

fn skip_spaces(b: &[u8], mut pos: usize) -> usize {
    while pos < b.len() && is_space(b[pos]) {
        pos += 1;
    }
    pos
}

fn is_space(b: u8) -> bool {
    is_ascii_whitespace(char::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<(u64, Option<&str>)> {
        parse(s).map(|r| (r.seconds, r.url.map(|u| &s[u])))
    }

    #[test]
    fn time_only() {
        assert_eq!(p("5"), Some((5, None)));
        assert_eq!(p("  0  "), Some((0, None)));
        assert_eq!(p("1.5"), Some((1, None)));
        assert_eq!(p(".5"), Some((0, None)));
        assert_eq!(p("3;"), Some((3, None)));
    }

    #[test]
    fn not_a_refresh() {
        assert_eq!(p(""), None);
        assert_eq!(p("x"), None);
        assert_eq!(p("url=a"), None);
        assert_eq!(p("-1; url=a"), None);
        assert_eq!(p("5x; url=a"), None);
    }

    #[test]
    fn url_forms() {
        assert_eq!(
            p("0; url=http://a.example/"),
            Some((0, Some("http://a.example/")))
        );
        assert_eq!(p("0;URL = 'b c' trailing"), Some((0, Some("b c"))));
        assert_eq!(p("0, url=\"q\"x\""), Some((0, Some("q"))));
        assert_eq!(p("0 next.html"), Some((0, Some("next.html"))));
        assert_eq!(p("0;'unclosed"), Some((0, Some("unclosed"))));
        // No `=` after `url`, or not `url` at all: the whole rest is the URL.
        assert_eq!(p("0; url"), Some((0, Some("url"))));
        assert_eq!(p("0; urn:x"), Some((0, Some("urn:x"))));
        assert_eq!(p("0; u"), Some((0, Some("u"))));
        assert_eq!(p("0; url x"), Some((0, Some("url x"))));
        assert_eq!(p("10;url=/a;b"), Some((10, Some("/a;b"))));
    }
}
