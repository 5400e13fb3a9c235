//! `javascript:` URLs: the script a browser would run.
//!
//! <https://html.spec.whatwg.org/multipage/browsing-the-web.html#evaluate-a-javascript:-url>

use std::fmt;

use weburl::encoding_rs::UTF_8;
use weburl::percent_encoding::percent_decode;
use weburl::Url;

/// Why a URL is not a `javascript:` URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JavascriptError {
    /// The scheme is not `javascript`.
    NotJavascript,
}

impl fmt::Display for JavascriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a javascript: URL")
    }
}

impl std::error::Error for JavascriptError {}

/// The script source of a `javascript:` URL: its serialization (fragment
/// included) without the leading `javascript:`, percent-decoded, then
/// decoded as UTF-8 with replacement.
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("javascript:alert(%22hi%20%E2%9C%93%22)")?;
/// assert_eq!(weburl_html::javascript::script_source(&url)?, "alert(\"hi ✓\")");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// <https://html.spec.whatwg.org/multipage/browsing-the-web.html#evaluate-a-javascript:-url> (steps 2–4)
pub fn script_source(url: &Url) -> Result<String, JavascriptError> {
    if url.scheme() != "javascript" {
        return Err(JavascriptError::NotJavascript);
    }
    let encoded = &url.href()["javascript:".len()..];
    let bytes = percent_decode(encoded.as_bytes());
    // "UTF-8 decode" also drops a leading byte order mark.
    Ok(UTF_8.decode_with_bom_removal(&bytes).0.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(s: &str) -> String {
        script_source(&Url::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn sources() {
        assert_eq!(src("javascript:void(0)"), "void(0)");
        assert_eq!(src("JavaScript:void(0)"), "void(0)");
        // Leading and trailing spaces go in URL parsing, inner ones stay.
        assert_eq!(src("  javascript: a = 1 ; "), " a = 1 ;");
        // Tabs and newlines are removed by the URL parser.
        assert_eq!(src("javascript:a\n=\t1"), "a=1");
        // The fragment is part of the script.
        assert_eq!(src("javascript:x#y"), "x#y");
        assert_eq!(src("javascript:'%25'"), "'%'");
        assert_eq!(src("javascript:'%FF'"), "'\u{FFFD}'");
        assert_eq!(src("javascript:%EF%BB%BFx"), "x");
        assert_eq!(src("javascript:"), "");
        assert_eq!(
            script_source(&Url::parse("data:,x").unwrap()),
            Err(JavascriptError::NotJavascript)
        );
    }
}
