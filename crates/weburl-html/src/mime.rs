//! MIME types, as `data:` URLs carry them.
//!
//! <https://mimesniff.spec.whatwg.org/#mime-type-representation>

use std::fmt;

/// A parsed MIME type: type, subtype (both lowercase) and parameters
/// (names lowercase, values as given), in order, without duplicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MimeType {
    /// `text` in `text/plain`.
    pub type_: String,
    /// `plain` in `text/plain`.
    pub subtype: String,
    /// The parameters, first occurrence of each name only.
    pub parameters: Vec<(String, String)>,
}

impl MimeType {
    /// "Parse a MIME type"; `None` on failure.
    ///
    /// ```
    /// use weburl_html::mime::MimeType;
    /// let m = MimeType::parse(" Text/HTML ; Charset=\"utf-8\" ;x").unwrap();
    /// assert_eq!(m.essence(), "text/html");
    /// assert_eq!(m.parameter("charset"), Some("utf-8"));
    /// assert_eq!(m.to_string(), "text/html;charset=utf-8");
    /// ```
    ///
    /// <https://mimesniff.spec.whatwg.org/#parse-a-mime-type>
    pub fn parse(input: &str) -> Option<MimeType> {
        let input = input.trim_matches(is_http_whitespace);
        let (type_, rest) = input.split_once('/')?;
        if type_.is_empty() || !type_.chars().all(is_token) {
            return None;
        }
        let (subtype, mut rest) = match rest.find(';') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let subtype = subtype.trim_end_matches(is_http_whitespace);
        if subtype.is_empty() || !subtype.chars().all(is_token) {
            return None;
        }
        let mut mime = MimeType {
            type_: type_.to_ascii_lowercase(),
            subtype: subtype.to_ascii_lowercase(),
            parameters: Vec::new(),
        };
        // `rest` is empty or starts with ";".
        while !rest.is_empty() {
            rest = rest[1..].trim_start_matches(is_http_whitespace);
            let name_end = rest.find([';', '=']).unwrap_or(rest.len());
            let name = rest[..name_end].to_ascii_lowercase();
            rest = &rest[name_end..];
            if rest.starts_with(';') {
                continue;
            }
            if rest.is_empty() {
                break;
            }
            rest = &rest[1..]; // "="
            let value = if rest.starts_with('"') {
                let (value, after) = collect_quoted_string(rest);
                rest = after;
                // Anything between the closing quote and ";" is dropped.
                rest = &rest[rest.find(';').unwrap_or(rest.len())..];
                value
            } else {
                let end = rest.find(';').unwrap_or(rest.len());
                let value = rest[..end].trim_end_matches(is_http_whitespace);
                rest = &rest[end..];
                if value.is_empty() {
                    continue;
                }
                value.to_owned()
            };
            if !name.is_empty()
                && name.chars().all(is_token)
                && value.chars().all(is_quoted_string_token)
                && mime.parameter(&name).is_none()
            {
                mime.parameters.push((name, value));
            }
        }
        Some(mime)
    }

    /// `type/subtype`.
    ///
    /// <https://mimesniff.spec.whatwg.org/#mime-type-essence>
    pub fn essence(&self) -> String {
        format!("{}/{}", self.type_, self.subtype)
    }

    /// The value of parameter `name` (lowercase).
    pub fn parameter(&self, name: &str) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// "Serialize a MIME type": values that are not tokens are quoted.
///
/// <https://mimesniff.spec.whatwg.org/#serialize-a-mime-type>
impl fmt::Display for MimeType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.type_, self.subtype)?;
        for (name, value) in &self.parameters {
            write!(f, ";{name}=")?;
            if !value.is_empty() && value.chars().all(is_token) {
                f.write_str(value)?;
            } else {
                f.write_str("\"")?;
                for c in value.chars() {
                    if c == '"' || c == '\\' {
                        f.write_str("\\")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str("\"")?;
            }
        }
        Ok(())
    }
}

/// "Collect an HTTP quoted string" with extract-value: `input` starts
/// with `"`; returns the unescaped value and what follows the string.
///
/// <https://fetch.spec.whatwg.org/#collect-an-http-quoted-string>
fn collect_quoted_string(input: &str) -> (String, &str) {
    let mut value = String::new();
    let mut chars = input[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (value, &input[1 + i + 1..]),
            '\\' => match chars.next() {
                Some((_, escaped)) => value.push(escaped),
                None => {
                    value.push('\\');
                    return (value, "");
                }
            },
            _ => value.push(c),
        }
    }
    (value, "")
}

/// U+0009, U+000A, U+000D, U+0020.
///
/// <https://fetch.spec.whatwg.org/#http-whitespace>
fn is_http_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' ')
}

/// <https://mimesniff.spec.whatwg.org/#http-token-code-point>
fn is_token(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// <https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point>
fn is_quoted_string_token(c: char) -> bool {
    matches!(c, '\t' | ' '..='~' | '\u{80}'..='\u{FF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(s: &str) -> Option<String> {
        MimeType::parse(s).map(|m| m.to_string())
    }

    #[test]
    fn essentials() {
        assert_eq!(round("text/html"), Some("text/html".into()));
        assert_eq!(round("TEXT/Html ;"), Some("text/html".into()));
        assert_eq!(
            round("text/html;charset=gbk"),
            Some("text/html;charset=gbk".into())
        );
        assert_eq!(round("text"), None);
        assert_eq!(round("/html"), None);
        assert_eq!(round("text/"), None);
        assert_eq!(round("te xt/html"), None);
        assert_eq!(round("text/ html"), None);
    }

    #[test]
    fn parameters() {
        assert_eq!(round("a/b;x=1;x=2;X=3"), Some("a/b;x=1".into()));
        assert_eq!(round("a/b; x = 1"), Some("a/b".into()));
        assert_eq!(
            round("a/b;x=\"a\\\"b\\\\\";y"),
            Some("a/b;x=\"a\\\"b\\\\\"".into())
        );
        assert_eq!(
            round("a/b;x=\"unterminated\\"),
            Some("a/b;x=\"unterminated\\\\\"".into())
        );
        assert_eq!(round("a/b;x=\"q\" tail;y=z"), Some("a/b;x=q;y=z".into()));
        assert_eq!(round("a/b;x="), Some("a/b".into()));
        assert_eq!(round("a/b;x=\"\""), Some("a/b;x=\"\"".into()));
        assert_eq!(round("a/b;x=\u{E9}"), Some("a/b;x=\"\u{E9}\"".into()));
        assert_eq!(round("a/b;x=\u{100}"), Some("a/b".into()));
        assert_eq!(round("a/b;x"), Some("a/b".into()));
    }
}
