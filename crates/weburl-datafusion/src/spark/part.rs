//! The parts Spark's `parse_url` extracts, taken from a WHATWG parse.
//!
//! Each part is a slice of the URL's serialization (or, for a schemeless
//! input, of the input), with Spark's conventions for which parts are `NULL`
//! and which are empty.

use weburl::{Position, SchemeKind, Url};

/// Part `part` of a parsed URL, `None` for Spark's `NULL`.
///
/// `input` is the string that was parsed: Spark's `PATH` is empty when the
/// input wrote no path, where the WHATWG parser gives a special URL the path
/// `/`.
pub(crate) fn url_part<'a>(
    input: &str,
    url: &'a Url,
    part: &str,
    key: Option<&str>,
) -> Option<&'a str> {
    match part {
        "HOST" => (url.has_host() && !url.hostname().is_empty()).then(|| url.hostname()),
        "PATH" => Some(if wrote_no_path(input, url) {
            ""
        } else {
            url.pathname()
        }),
        "QUERY" => match key {
            None => url.query(),
            Some(key) => query_value(url.query()?, key),
        },
        "REF" => url.fragment(),
        "PROTOCOL" => Some(url.scheme()),
        "FILE" => {
            let start = if wrote_no_path(input, url) {
                Position::AfterPath
            } else {
                Position::BeforePath
            };
            Some(&url[start..Position::AfterQuery])
        }
        "AUTHORITY" => {
            if !url.has_host() {
                return Some("");
            }
            Some(&url[Position::BeforeUsername..Position::AfterPort])
        }
        "USERINFO" => {
            if url.username().is_empty() {
                return None;
            }
            Some(&url[Position::BeforeUsername..Position::AfterPassword])
        }
        _ => None,
    }
}

/// The raw value of the first `key=value` pair of `query` whose raw name is
/// `key`, as Spark matches it: no decoding, and a pair without `=` has no
/// value.
pub(crate) fn query_value<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        let (name, value) = pair.split_once('=')?;
        (name == key).then_some(value)
    })
}

/// Whether `input` wrote nothing between its authority and its query or
/// fragment (`http://example.com?q`), so that the path `/` of the special
/// URL `url` comes from the parser, not from the input.
fn wrote_no_path(input: &str, url: &Url) -> bool {
    if !url.is_special() || !url.has_host() || url.pathname() != "/" {
        return false;
    }
    // The parser strips leading C0 controls and spaces; the scheme then
    // ends at the first ":".
    let input = input.trim_start_matches(|c: char| c <= ' ');
    let Some((_, rest)) = input.split_once(':') else {
        return false;
    };
    // file: takes "//" before its host; other special schemes skip any
    // number of slashes and backslashes.
    let slashes = if url.typed_scheme() == SchemeKind::File {
        2
    } else {
        usize::MAX
    };
    let skipped = rest
        .bytes()
        .take(slashes)
        .take_while(|&b| b == b'/' || b == b'\\')
        .count();
    let authority = &rest[skipped..];
    match authority
        .bytes()
        .find(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
    {
        None | Some(b'?' | b'#') => true,
        Some(_) => false,
    }
}

/// Part `part` of an input without a scheme, which Spark (after
/// `java.net.URI`) reads as a relative reference: a path, then an optional
/// `?query`, then an optional `#fragment`. It has no host, protocol,
/// authority or user information.
pub(crate) fn relative_part<'a>(input: &'a str, part: &str, key: Option<&str>) -> Option<&'a str> {
    let (before_fragment, fragment) = match input.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (input, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (before_fragment, None),
    };
    match part {
        "PATH" => Some(path),
        "FILE" => Some(before_fragment),
        "QUERY" => match key {
            None => query,
            Some(key) => query_value(query?, key),
        },
        "REF" => fragment,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(input: &str, part: &str) -> Option<String> {
        url_part(input, &Url::parse(input).unwrap(), part, None).map(str::to_owned)
    }

    #[test]
    fn path_is_empty_only_when_none_was_written() {
        assert_eq!(part("http://example.com", "PATH").as_deref(), Some(""));
        assert_eq!(part("http://example.com?q#f", "PATH").as_deref(), Some(""));
        assert_eq!(part("http://example.com/", "PATH").as_deref(), Some("/"));
        assert_eq!(part("http:\\\\example.com\\", "PATH").as_deref(), Some("/"));
        assert_eq!(part("http://example.com/..", "PATH").as_deref(), Some("/"));
        assert_eq!(part("file:///", "PATH").as_deref(), Some("/"));
        assert_eq!(part("file://host", "PATH").as_deref(), Some(""));
        assert_eq!(
            part("  http://example.com?x", "FILE").as_deref(),
            Some("?x")
        );
    }

    #[test]
    fn file_is_path_and_query() {
        assert_eq!(
            part("http://a.com/p/q?x=1#f", "FILE").as_deref(),
            Some("/p/q?x=1")
        );
        assert_eq!(part("http://a.com/p?#f", "FILE").as_deref(), Some("/p?"));
        assert_eq!(
            part("mailto:a@b.com?subject=x", "FILE").as_deref(),
            Some("a@b.com?subject=x")
        );
    }

    #[test]
    fn authority_and_userinfo() {
        let input = "ftp://user:pwd@ftp.example.com:2121/files";
        assert_eq!(
            part(input, "AUTHORITY").as_deref(),
            Some("user:pwd@ftp.example.com:2121")
        );
        assert_eq!(part(input, "USERINFO").as_deref(), Some("user:pwd"));
        assert_eq!(part("http://u@h/", "AUTHORITY").as_deref(), Some("u@h"));
        assert_eq!(part("http://u@h/", "USERINFO").as_deref(), Some("u"));
        assert_eq!(part("http://:p@h/", "USERINFO"), None);
        assert_eq!(part("http://:p@h/", "AUTHORITY").as_deref(), Some(":p@h"));
        assert_eq!(part("mailto:x@y", "AUTHORITY").as_deref(), Some(""));
        assert_eq!(part("file:///tmp", "HOST"), None);
    }

    #[test]
    fn query_values_are_raw() {
        assert_eq!(query_value("a=1&b=2&a=3", "a"), Some("1"));
        assert_eq!(query_value("a&b=", "a"), None);
        assert_eq!(query_value("a&b=", "b"), Some(""));
        assert_eq!(query_value("a%20b=1", "a b"), None);
    }

    #[test]
    fn relative_references() {
        assert_eq!(relative_part("p/q?a=1#f", "PATH", None), Some("p/q"));
        assert_eq!(relative_part("p/q?a=1#f", "FILE", None), Some("p/q?a=1"));
        assert_eq!(relative_part("p/q?a=1#f", "QUERY", Some("a")), Some("1"));
        assert_eq!(relative_part("p/q?a=1#f", "REF", None), Some("f"));
        assert_eq!(relative_part("p/q?a=1#f", "HOST", None), None);
        assert_eq!(relative_part("p#f?x", "QUERY", None), None);
    }
}
