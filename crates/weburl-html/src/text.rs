//! URLs in running text: e-mail, plain-text documents, chat.
//!
//! The delimiters are those of the 1997 URL syntax draft's appendix
//! "Recommendations for Delimiting URLs in Context" (RFC 2396 appendix E):
//! <https://www.rfc-editor.org/rfc/rfc2396#appendix-E>
//!
//! - `<URL:...>` and `<...>` delimit a URL; whitespace inside is ignored,
//!   since long URLs get broken across lines.
//! - Double or single quotes (ASCII or typographic) delimit a URL that runs
//!   exactly to the closing quote.
//!
//! For a URL without delimiters the appendix names only whitespace as its
//! end; the rest of this rule is this crate's:
//!
//! - A URL without delimiters ends at whitespace, at `<`, `>`, `"`, `` ` ``,
//!   controls and CJK punctuation, and trailing punctuation (`.`, `,`, `;`,
//!   `:`, `!`, `?`, `'`, `*`) is taken to belong to the sentence.
//! - Brackets balance within each URL, kind by kind (`()`, `[]`, `{}`): a
//!   closing bracket ends the URL when the URL before it has no unclosed
//!   opening bracket of its kind, and an opening bracket left unclosed at
//!   the URL's end is dropped with the trailing punctuation. So
//!   `(http://one.example/)(http://two.example/)` holds two URLs, while
//!   `https://en.wikipedia.org/wiki/Foo_(bar)` keeps its parentheses.
//!
//! Every candidate must then parse with the URL Standard's parser. Without
//! delimiters, a candidate needs a scheme followed by `//` or one of a few
//! well-known schemes without authority (`mailto:`, `urn:`, …), so that a
//! word followed by a colon is not taken for a URL; a bare `www.` host is
//! found only when asked for.

use std::ops::Range;

use weburl::Url;

/// How a found URL was delimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// Not delimited: it ends at whitespace or trailing punctuation.
    None,
    /// `<...>`.
    AngleBrackets,
    /// `<URL:...>`.
    UrlPrefix,
    /// Quotes: `"..."`, `'...'`, `“...”` or `‘...’`.
    Quotes,
}

/// A URL found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Found {
    /// Byte range of the URL in the text, without delimiters; inside angle
    /// brackets it may include line breaks and indentation.
    pub span: Range<usize>,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// The string that was parsed: the span with whitespace removed (for
    /// angle brackets) and, for a bare `www.` host, `http://` in front.
    pub candidate: String,
    /// The parsed URL.
    pub url: Url,
}

/// Options for finding URLs in text.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextOptions {
    www: bool,
}

/// Finds the absolute URLs in `text`, with the default options.
///
/// ```
/// let text = "See <URL:http://example.com/a-\n   very-long/path> or \"https://example.org/x\", \
///             or (https://en.wikipedia.org/wiki/URL_(disambiguation)).";
/// let found = weburl_html::extract_urls(text);
/// let hrefs: Vec<&str> = found.iter().map(|f| f.url.href()).collect();
/// assert_eq!(hrefs, [
///     "http://example.com/a-very-long/path",
///     "https://example.org/x",
///     "https://en.wikipedia.org/wiki/URL_(disambiguation)",
/// ]);
/// ```
pub fn extract_urls(text: &str) -> Vec<Found> {
    TextOptions::default().extract(text)
}

impl TextOptions {
    /// The default options: absolute URLs only.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also find bare hosts starting with `www.`, as `http://` URLs.
    pub fn www(mut self, enabled: bool) -> Self {
        self.www = enabled;
        self
    }

    /// Finds the URLs in `text`, in order, without overlaps.
    pub fn extract(&self, text: &str) -> Vec<Found> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(c) = text[i..].chars().next() {
            let found = match c {
                '<' => self.angle(text, i),
                '"' | '\'' | '\u{201C}' | '\u{2018}' => self.quoted(text, i, c),
                _ if c.is_ascii_alphabetic() && at_word_start(text, i) => self.bare(text, i),
                _ => None,
            };
            match found {
                Some((found, end)) => {
                    out.push(found);
                    i = end;
                }
                None => i += c.len_utf8(),
            }
        }
        out
    }

    /// `<URL:...>` or `<...>` at `start`; returns the URL and where the
    /// closing `>` ends.
    fn angle(&self, text: &str, start: usize) -> Option<(Found, usize)> {
        // A URL broken across a few lines, not the rest of the document.
        const MAX: usize = 4096;
        let window = &text[start + 1..];
        let close = window
            .char_indices()
            .take_while(|&(i, _)| i < MAX)
            .find(|&(_, c)| c == '<' || c == '>')
            .filter(|&(_, c)| c == '>')?
            .0;
        let inner_start = start + 1;
        let inner = &window[..close];
        let lead = inner.len() - inner.trim_start().len();
        let mut from = inner_start + lead;
        let mut delimiter = Delimiter::AngleBrackets;
        let body = &text[from..inner_start + close];
        if body.len() >= 4 && body.is_char_boundary(4) && body[..4].eq_ignore_ascii_case("URL:") {
            delimiter = Delimiter::UrlPrefix;
            from += 4 + (body[4..].len() - body[4..].trim_start().len());
        }
        let to = inner_start + text[inner_start..inner_start + close].trim_end().len();
        if from >= to {
            return None;
        }
        let candidate: String = text[from..to]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let (candidate, url) = if delimiter == Delimiter::UrlPrefix {
            let url = Url::parse(&candidate).ok()?;
            (candidate, url)
        } else {
            self.accept(candidate)?
        };
        let found = Found {
            span: from..to,
            delimiter,
            candidate,
            url,
        };
        Some((found, inner_start + close + 1))
    }

    /// A URL that fills a quoted string exactly. The closing quote is the
    /// first one before any whitespace that is not followed by a letter or
    /// digit, so an apostrophe inside the URL does not end it.
    fn quoted(&self, text: &str, start: usize, open: char) -> Option<(Found, usize)> {
        let close = match open {
            '\u{201C}' => '\u{201D}',
            '\u{2018}' => '\u{2019}',
            other => other,
        };
        let from = start + open.len_utf8();
        let mut to = None;
        for (i, c) in text[from..].char_indices() {
            if c.is_whitespace() {
                break;
            }
            let after = text[from + i + c.len_utf8()..].chars().next();
            if c == close && i > 0 && !after.is_some_and(char::is_alphanumeric) {
                to = Some(from + i);
                break;
            }
        }
        let to = to?;
        let (candidate, url) = self.accept(text[from..to].to_owned())?;
        let found = Found {
            span: from..to,
            delimiter: Delimiter::Quotes,
            candidate,
            url,
        };
        Some((found, to + close.len_utf8()))
    }

    /// An undelimited URL starting at `start`.
    fn bare(&self, text: &str, start: usize) -> Option<(Found, usize)> {
        let rest = &text[start..];
        // Look at the start before scanning to the end, so that long runs
        // of text without spaces are not rescanned from every word in them.
        let plausible = starts_with_scheme(rest)
            || (self.www
                && rest
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case("www.")));
        if !plausible {
            return None;
        }
        let to = start + trim_trailing(&rest[..bare_url_len(rest)]);
        let (candidate, url) = self.accept(text[start..to].to_owned())?;
        let found = Found {
            span: start..to,
            delimiter: Delimiter::None,
            candidate,
            url,
        };
        Some((found, to))
    }

    /// Whether `candidate` looks like an absolute URL (or a `www.` host)
    /// and parses; returns what was parsed and the URL.
    fn accept(&self, candidate: String) -> Option<(String, Url)> {
        if has_url_scheme(&candidate) {
            let url = Url::parse(&candidate).ok()?;
            return Some((candidate, url));
        }
        if self.www && is_www_host(&candidate) {
            let candidate = format!("http://{candidate}");
            let url = Url::parse(&candidate).ok()?;
            return Some((candidate, url));
        }
        None
    }
}

/// The longest scheme looked for without delimiters.
const MAX_SCHEME: usize = 32;

/// Schemes recognized without `//`: they are common in text and a word
/// followed by a colon rarely matches them.
const OPAQUE_SCHEMES: &[&str] = &[
    "data", "geo", "magnet", "mailto", "news", "sip", "sips", "sms", "tel", "urn", "xmpp",
];

/// A scheme (ASCII letter, then letters, digits, `+`, `-`, `.`) followed
/// by `//` and something, or one of [`OPAQUE_SCHEMES`] followed by something.
///
/// <https://url.spec.whatwg.org/#url-scheme-string>
fn has_url_scheme(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s[..colon];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !valid {
        return false;
    }
    let after = &s[colon + 1..];
    match after.strip_prefix("//") {
        Some(authority) => !authority.is_empty(),
        None => {
            !after.is_empty()
                && OPAQUE_SCHEMES
                    .iter()
                    .any(|known| known.eq_ignore_ascii_case(scheme))
        }
    }
}

/// Whether `s` starts with a scheme that [`has_url_scheme`] could accept,
/// looking at no more than the scheme and the two characters after it.
fn starts_with_scheme(s: &str) -> bool {
    let n = s
        .bytes()
        .take(MAX_SCHEME + 1)
        .take_while(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    // Scheme bytes are ASCII, so `n` is a character boundary.
    n > 0
        && n <= MAX_SCHEME
        && s[n..].starts_with(':')
        && (s[n + 1..].starts_with("//")
            || OPAQUE_SCHEMES
                .iter()
                .any(|known| known.eq_ignore_ascii_case(&s[..n])))
}

/// `www.` followed by at least one more dotted label.
fn is_www_host(s: &str) -> bool {
    if s.len() < 4 || !s.is_char_boundary(4) || !s[..4].eq_ignore_ascii_case("www.") {
        return false;
    }
    let host = s[4..].split(['/', '?', '#', ':']).next().unwrap_or("");
    match host.split_once('.') {
        Some((label, rest)) => !label.is_empty() && !rest.is_empty(),
        None => false,
    }
}

/// A URL starts a word: the character before is not an ASCII letter,
/// digit or scheme character, so `xhttp://` is not split and `a.http://`
/// is not started inside. Other letters may precede it: CJK text puts URLs
/// right after a word.
fn at_word_start(text: &str, i: usize) -> bool {
    text.as_bytes().get(i.wrapping_sub(1)).is_none_or(|&b| {
        !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.' | b'@' | b'_'))
    })
}

/// What ends an undelimited URL: whitespace, the characters that delimit
/// URLs in text (`<`, `>`, `"`, `` ` ``), controls, and CJK punctuation,
/// which Asian-language text puts right after a URL without a space.
fn ends_bare_url(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '<' | '>'
                | '"'
                | '`'
                | '\u{3001}' // 、
                | '\u{3002}' // 。
                | '\u{300C}'..='\u{3011}' // 「」『』【】
                | '\u{3008}'..='\u{300B}' // 〈〉《》
                | '\u{FF08}' // （
                | '\u{FF09}' // ）
                | '\u{FF0C}' // ，
                | '\u{FF01}' // ！
                | '\u{FF1F}' // ？
        )
}

/// The opening bracket of a closing one, and the index of its kind.
fn bracket_kind(c: char) -> Option<(bool, usize)> {
    match c {
        '(' => Some((true, 0)),
        '[' => Some((true, 1)),
        '{' => Some((true, 2)),
        ')' => Some((false, 0)),
        ']' => Some((false, 1)),
        '}' => Some((false, 2)),
        _ => None,
    }
}

/// The length of the undelimited URL at the start of `s`: up to the first
/// character that [`ends_bare_url`], or the first closing bracket with no
/// unclosed opening bracket of its kind before it.
fn bare_url_len(s: &str) -> usize {
    let mut open = [0usize; 3];
    for (i, c) in s.char_indices() {
        if ends_bare_url(c) {
            return i;
        }
        match bracket_kind(c) {
            Some((true, kind)) => open[kind] += 1,
            Some((false, kind)) if open[kind] == 0 => return i,
            Some((false, kind)) => open[kind] -= 1,
            None => {}
        }
    }
    s.len()
}

/// The length of `s` without trailing punctuation and trailing opening
/// brackets (which, at the end, have nothing to close them).
fn trim_trailing(s: &str) -> usize {
    s.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '*', '(', '[', '{'])
        .len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (span text, delimiter, href) of each URL found.
    fn find(text: &str) -> Vec<(&str, Delimiter, String)> {
        find_with(TextOptions::new(), text)
    }

    fn find_with(options: TextOptions, text: &str) -> Vec<(&str, Delimiter, String)> {
        options
            .extract(text)
            .into_iter()
            .map(|f| (&text[f.span.clone()], f.delimiter, f.url.href().to_owned()))
            .collect()
    }

    fn hrefs(text: &str) -> Vec<String> {
        find(text).into_iter().map(|f| f.2).collect()
    }

    use Delimiter::{AngleBrackets, Quotes, UrlPrefix};

    #[test]
    fn url_prefix_in_angle_brackets() {
        assert_eq!(
            find("see <URL:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>."),
            vec![(
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
                UrlPrefix,
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".into()
            )]
        );
        assert_eq!(hrefs("<url: ftp://a.example/x>"), ["ftp://a.example/x"]);
        // With the prefix, any scheme goes.
        assert_eq!(hrefs("<URL:foo:bar>"), ["foo:bar"]);
    }

    #[test]
    fn whitespace_inside_angle_brackets_is_ignored() {
        let text = "<URL:http://www.w3.org/Addressing/\n      URL/5_URI_BNF.html> and <http://a.example/long-\n   path>";
        assert_eq!(
            hrefs(text),
            [
                "http://www.w3.org/Addressing/URL/5_URI_BNF.html",
                "http://a.example/long-path"
            ]
        );
        let f = &extract_urls(text)[0];
        assert_eq!(
            &text[f.span.clone()],
            "http://www.w3.org/Addressing/\n      URL/5_URI_BNF.html"
        );
        assert_eq!(
            f.candidate,
            "http://www.w3.org/Addressing/URL/5_URI_BNF.html"
        );
    }

    #[test]
    fn angle_brackets_keep_trailing_punctuation() {
        assert_eq!(
            find("<http://a.example/x.>"),
            vec![(
                "http://a.example/x.",
                AngleBrackets,
                "http://a.example/x.".into()
            )]
        );
        assert_eq!(hrefs("<mailto:a@b.example>"), ["mailto:a@b.example"]);
    }

    #[test]
    fn angle_brackets_that_are_not_urls() {
        assert_eq!(hrefs("if a<b and c>d"), Vec::<String>::new());
        assert_eq!(hrefs("<note:this>"), Vec::<String>::new());
        assert_eq!(hrefs("<b>http://a.example/</b>"), ["http://a.example/"]);
        // No closing bracket: the URL is found without it.
        assert_eq!(hrefs("<http://a.example/ is open"), ["http://a.example/"]);
    }

    #[test]
    fn quotes() {
        assert_eq!(
            find("\"http://test.com/\""),
            vec![("http://test.com/", Quotes, "http://test.com/".into())]
        );
        assert_eq!(
            hrefs("'http://a.example/it's.'"),
            ["http://a.example/it's."]
        );
        assert_eq!(
            hrefs("\u{201C}https://a.example/q?x=1.\u{201D}"),
            ["https://a.example/q?x=1."]
        );
        // A quote that does not close right after the URL is punctuation.
        assert_eq!(hrefs("\"see http://a.example/x.\""), ["http://a.example/x"]);
        assert_eq!(hrefs("Bob's http://a.example/ page"), ["http://a.example/"]);
    }

    #[test]
    fn trailing_punctuation_is_excluded() {
        for (text, href) in [
            ("Go to http://a.example/x.", "http://a.example/x"),
            ("http://a.example/x, then", "http://a.example/x"),
            ("(http://a.example/x)", "http://a.example/x"),
            ("[http://a.example/x].", "http://a.example/x"),
            ("http://a.example/x?!", "http://a.example/x"),
            ("http://a.example/x:", "http://a.example/x"),
            ("*http://a.example/x*", "http://a.example/x"),
            ("http://a.example/wiki/A_(b)", "http://a.example/wiki/A_(b)"),
            (
                "(http://a.example/wiki/A_(b))",
                "http://a.example/wiki/A_(b)",
            ),
            ("http://a.example/?q=[1]", "http://a.example/?q=[1]"),
            ("http://a.example/x.html.", "http://a.example/x.html"),
            ("http://a.example/\u{3002}", "http://a.example/"),
            (
                "\u{898B}\u{3066}http://a.example/a\u{3001}b",
                "http://a.example/a",
            ),
        ] {
            assert_eq!(hrefs(text), [href], "{text}");
        }
    }

    #[test]
    fn schemes() {
        assert_eq!(
            hrefs(
                "mailto:a@b.example urn:isbn:0451450523 tel:+1-201-555-0123 git+ssh://h.example/r"
            ),
            [
                "mailto:a@b.example",
                "urn:isbn:0451450523",
                "tel:+1-201-555-0123",
                "git+ssh://h.example/r"
            ]
        );
        // Words followed by a colon are not URLs.
        assert_eq!(
            hrefs("Note: this. Re:that, TODO:x, http: alone, http:// alone"),
            Vec::<String>::new()
        );
        // URL: without brackets is a label before the URL.
        assert_eq!(hrefs("URL:http://a.example/"), ["http://a.example/"]);
        // A scheme inside a word is not split off.
        assert_eq!(hrefs("xhttp://a.example/"), ["xhttp://a.example/"]);
    }

    #[test]
    fn candidates_must_parse() {
        assert_eq!(hrefs("http://[::1 and http:// a"), Vec::<String>::new());
        assert_eq!(hrefs("http://exa%mple.com/"), Vec::<String>::new());
        assert_eq!(
            hrefs("HTTP://A.EXAMPLE/\u{E9}"),
            ["http://a.example/%C3%A9"]
        );
    }

    #[test]
    fn www_hosts_only_when_asked() {
        let text = "visit www.example.com/path, or WWW.Example.org. Not www.x or awww.b.c";
        assert_eq!(hrefs(text), Vec::<String>::new());
        let found = find_with(TextOptions::new().www(true), text);
        let got: Vec<(&str, String)> = found.into_iter().map(|f| (f.0, f.2)).collect();
        assert_eq!(
            got,
            [
                ("www.example.com/path", "http://www.example.com/path".into()),
                ("WWW.Example.org", "http://www.example.org/".into()),
            ]
        );
    }

    #[test]
    fn brackets_balance_within_each_url() {
        for (text, expected) in [
            // Adjacent bracketed URLs are two URLs.
            (
                "(http://one.org/)(http://two.org/)",
                &["http://one.org/", "http://two.org/"][..],
            ),
            (
                "[http://one.org/][http://two.org/]",
                &["http://one.org/", "http://two.org/"],
            ),
            (
                "{http://one.org/}{http://two.org/}",
                &["http://one.org/", "http://two.org/"],
            ),
            // Wikipedia-style parentheses stay, inside brackets or not,
            // before trailing punctuation or not.
            (
                "https://en.wikipedia.org/wiki/Foo_(bar)",
                &["https://en.wikipedia.org/wiki/Foo_(bar)"],
            ),
            (
                "(see https://en.wikipedia.org/wiki/Foo_(bar)).",
                &["https://en.wikipedia.org/wiki/Foo_(bar)"],
            ),
            (
                "https://en.wikipedia.org/wiki/Foo_(bar), and",
                &["https://en.wikipedia.org/wiki/Foo_(bar)"],
            ),
            // Every kind, and nesting.
            ("http://a.example/?q=[1]", &["http://a.example/?q=[1]"]),
            ("(http://a.example/?q=[1])", &["http://a.example/?q=[1]"]),
            ("http://a.example/?{x}&y", &["http://a.example/?{x}&y"]),
            ("http://a.example/((a)(b))", &["http://a.example/((a)(b))"]),
            (
                "[http://a.example/?([{x}])]",
                &["http://a.example/?([{x}])"],
            ),
            ("(http://a.example/[x]).", &["http://a.example/[x]"]),
            // Kinds balance separately: "]" closes nothing here.
            ("http://a.example/(x]", &["http://a.example/(x"]),
            // A closing bracket without an opener in the URL ends it, even
            // in the middle.
            ("http://a.example/x)y", &["http://a.example/x"]),
            ("http://a.example/x}.", &["http://a.example/x"]),
            // A trailing opener is dropped with trailing punctuation; an
            // unclosed one inside stays.
            ("http://a.example/x(", &["http://a.example/x"]),
            ("http://a.example/x.([{", &["http://a.example/x"]),
            ("see http://a.example/x(. Then", &["http://a.example/x"]),
            ("http://a.example/x(y", &["http://a.example/x(y"]),
            // IP-literals balance like any bracket.
            ("(http://[::1]/x)", &["http://[::1]/x"]),
        ] {
            assert_eq!(hrefs(text), expected, "{text}");
        }
    }

    #[test]
    fn appendix_e_example() {
        let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                    but you can probably pick it up from <ftp://ds.internic.net/rfc/>.\n\
                    Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.";
        assert_eq!(
            find(text),
            vec![
                (
                    "http://www.w3.org/Addressing/",
                    Quotes,
                    "http://www.w3.org/Addressing/".into()
                ),
                (
                    "ftp://ds.internic.net/rfc/",
                    AngleBrackets,
                    "ftp://ds.internic.net/rfc/".into()
                ),
                (
                    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
                    AngleBrackets,
                    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".into()
                ),
            ]
        );
    }

    #[test]
    fn delimited_urls_keep_their_brackets() {
        // Appendix E's delimiters decide the end; brackets are not counted.
        assert_eq!(hrefs("<http://a.example/x)>"), ["http://a.example/x)"]);
        assert_eq!(hrefs("<URL:http://a.example/x(>"), ["http://a.example/x("]);
        assert_eq!(hrefs("\"http://a.example/x]\""), ["http://a.example/x]"]);
    }

    #[test]
    fn spans_are_byte_ranges() {
        let text = "\u{E9}\u{E9} https://a.example/\u{E9} x";
        let f = &extract_urls(text)[0];
        assert_eq!(f.span, 5..25);
        assert_eq!(&text[f.span.clone()], "https://a.example/\u{E9}");
    }
}
