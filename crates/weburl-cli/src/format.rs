//! The `--get` format language, trurl's: `{component}` or `[component]`
//! (whichever opens first is the one used), the prefixes `url:` (or a lone
//! `:`), `default:`, `puny:`, `idn:`, `strict:`, `must:`, `{query:key}`,
//! `{query-all:key}`, a doubled opening character for itself, and the
//! backslash escapes `\\ \t \n \r \{ \[`.
//!
//! The format is compiled once; rendering writes into the caller's buffer.

use std::fmt;

use weburl::{form_urlencoded, Url};

use crate::components::{self, Field, Mods, ValueError};
use crate::query;

#[derive(Debug)]
enum Piece {
    Text(Vec<u8>),
    Field {
        field: Field,
        mods: Mods,
        strict: bool,
        must: bool,
    },
    QueryKey {
        key: Vec<u8>,
        all: bool,
        encoded: bool,
    },
}

/// A compiled `--get` format.
#[derive(Debug)]
pub struct Format {
    pieces: Vec<Piece>,
}

/// A format that does not compile (trurl's exit code 10).
#[derive(Debug, PartialEq, Eq)]
pub struct FormatError(pub String);

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a record's format could not be rendered: `must:` or `strict:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    Missing(&'static str),
    Decode(&'static str),
}

impl RenderError {
    pub fn kind(&self) -> &'static str {
        match self {
            RenderError::Missing(_) => "MissingComponent",
            RenderError::Decode(_) => "UrlDecode",
        }
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Missing(name) => write!(f, "missing must:{name}"),
            RenderError::Decode(name) => write!(f, "problems URL decoding {name}"),
        }
    }
}

impl Format {
    /// `defaults`: the options that apply to every component (`--urlencode`
    /// and the others), as if each used the matching prefix.
    pub fn parse(format: &str, defaults: Mods) -> Result<Format, FormatError> {
        let s = format.as_bytes();
        let mut pieces = Vec::new();
        let mut text = Vec::new();
        let mut open: Option<(u8, u8)> = None;
        let mut i = 0;
        while i < s.len() {
            let c = s[i];
            if open.is_none() && (c == b'{' || c == b'[') {
                open = Some((c, if c == b'{' { b'}' } else { b']' }));
            }
            match open {
                Some((start, end)) if c == start => {
                    if s.get(i + 1) == Some(&start) {
                        text.push(start);
                        i += 2;
                        continue;
                    }
                    let Some(len) = s[i + 1..].iter().position(|&b| b == end) else {
                        // No closing character: the rest is text.
                        text.push(start);
                        i += 1;
                        continue;
                    };
                    let inner = &format[i + 1..i + 1 + len];
                    let whole = &format[i..i + 2 + len];
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(variable(inner, whole, defaults)?);
                    i += len + 2;
                }
                _ if c == b'\\' && i + 1 < s.len() => {
                    match s[i + 1] {
                        b'r' => text.push(b'\r'),
                        b'n' => text.push(b'\n'),
                        b't' => text.push(b'\t'),
                        b'\\' => text.push(b'\\'),
                        b'{' => text.push(b'{'),
                        b'[' => text.push(b'['),
                        other => text.extend_from_slice(&[b'\\', other]),
                    }
                    i += 2;
                }
                _ => {
                    text.push(c);
                    i += 1;
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Format { pieces })
    }

    /// Whether the format is exactly the href with no modifier, which the
    /// fast path writes directly.
    pub fn is_plain_href(&self) -> bool {
        matches!(
            self.pieces.as_slice(),
            [Piece::Field { field, mods, .. }] if field.is_href() && *mods == Mods::default()
        )
    }

    /// Writes the format for `url` into `out` (without the newline), and
    /// calls `warn` for a component that decodes to a NUL byte.
    pub fn render(
        &self,
        url: &Url,
        qsep: u8,
        out: &mut Vec<u8>,
        warn: &mut dyn FnMut(String),
    ) -> Result<(), RenderError> {
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.extend_from_slice(t),
                Piece::Field {
                    field,
                    mods,
                    strict,
                    must,
                } => match components::value(url, *field, *mods, *must) {
                    Ok(v) => out.extend_from_slice(&v),
                    Err(ValueError::Missing) => return Err(RenderError::Missing(field.name())),
                    Err(ValueError::DecodeNul) if *strict => {
                        return Err(RenderError::Decode(field.name()))
                    }
                    Err(ValueError::DecodeNul) => {
                        warn(format!("URL decode error: a NUL byte in {}", field.name()))
                    }
                },
                Piece::QueryKey { key, all, encoded } => {
                    query_key(url, key, *all, *encoded, qsep, out)
                }
            }
        }
        Ok(())
    }
}

/// `{query:key}` and `{query-all:key}`: the value of the first (or every,
/// space-separated) pair whose decoded name is `key`, decoded with a NUL
/// shown as `.` as trurl does, or form-encoded with `url:`.
fn query_key(url: &Url, key: &[u8], all: bool, encoded: bool, qsep: u8, out: &mut Vec<u8>) {
    let Some(q) = url.query() else { return };
    let mut first = true;
    for pair in query::pairs(q, qsep) {
        let (name, value) = query::split(pair);
        if *form_urlencoded::decode(name.as_bytes()) != *key {
            continue;
        }
        if !first {
            out.push(b' ');
        }
        first = false;
        if encoded {
            let value = form_urlencoded::decode(value.as_bytes());
            for piece in form_urlencoded::byte_serialize(&value) {
                out.extend_from_slice(piece.as_bytes());
            }
        } else {
            // Controls stay encoded, as in every decoded component; a NUL is
            // `.`, as in trurl.
            out.extend_from_slice(&components::decode_shown(
                value.as_bytes(),
                true,
                Some(b'.'),
            ));
        }
        if !all {
            break;
        }
    }
}

/// One `{...}`: prefixes, then a component name or a query key.
/// `mods` starts as the defaults; the prefixes add to them.
fn variable(inner: &str, whole: &str, mut mods: Mods) -> Result<Piece, FormatError> {
    let (mut strict, mut must, mut puny, mut idn) = (false, false, false, false);
    let mut rest = inner;
    if let Some(r) = rest.strip_prefix(':') {
        mods.encoded = true;
        rest = r;
    }
    while let Some(colon) = rest.find(':') {
        let (word, after) = (&rest[..colon], &rest[colon + 1..]);
        match word {
            "default" => mods.default_port = true,
            "puny" if idn => return Err(bad("puny modifier is mutually exclusive with idn")),
            "puny" => puny = true,
            "idn" if puny => return Err(bad("idn modifier is mutually exclusive with puny")),
            "idn" => idn = true,
            "strict" => strict = true,
            "must" => must = true,
            "url" => mods.encoded = true,
            "query" | "query-all" => {
                return Ok(Piece::QueryKey {
                    key: after.as_bytes().to_vec(),
                    all: word == "query-all",
                    encoded: mods.encoded,
                })
            }
            _ => return Err(bad(&format!("Bad --get syntax: {whole}"))),
        }
        rest = after;
    }
    if idn {
        mods.idn = true;
    }
    // The URL Standard's hosts are always punycode: `puny:` undoes `--as-idn`.
    if puny {
        mods.idn = false;
    }
    if rest.is_empty() {
        return Err(bad(&format!("Bad --get syntax: {whole}")));
    }
    let field = Field::from_name(rest)
        .ok_or_else(|| bad(&format!("\"{rest}\" is not a recognized URL component")))?;
    Ok(Piece::Field {
        field,
        mods,
        strict,
        must,
    })
}

fn bad(msg: &str) -> FormatError {
    FormatError(msg.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(format: &str, url: &str) -> String {
        let f = Format::parse(format, Mods::default()).unwrap();
        let url = Url::parse(url).unwrap();
        let mut out = Vec::new();
        f.render(&url, b'&', &mut out, &mut |_| {}).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn braces_brackets_and_escapes() {
        assert_eq!(get("{scheme} {host", "http://localhost/"), "http {host");
        assert_eq!(get("[scheme] [host", "http://localhost/"), "http [host");
        assert_eq!(get("\\{{scheme}\\[", "http://localhost/"), "{http[");
        assert_eq!(get("\\\\[", "http://localhost/"), "\\[");
        assert_eq!(get("{{x} {hostname}", "http://a/"), "{x} a");
        assert_eq!(get("[scheme]{host}", "http://a/"), "http{host}");
    }

    #[test]
    fn decoded_and_encoded() {
        assert_eq!(get("{path}", "https://curl.se/%2e%61%20"), "/.a ");
        assert_eq!(get("{:path}", "https://curl.se/%2e%61%20"), "/%2e%61%20");
        assert_eq!(get("{url:path}", "https://curl.se/%2e%61"), "/%2e%61");
        assert_eq!(get("{pathname}", "https://curl.se/%2e%61"), "/%2e%61");
    }

    #[test]
    fn query_keys() {
        let url = "https://example.org/foo?a=1&b=%23&a=%26#hello";
        assert_eq!(get("{query:b}\\t{query-all:a}", url), "#\t1 &");
        assert_eq!(get("{:query:b}\\t{:query-all:a}", url), "%23\t1 %26");
        assert_eq!(
            get("{query:name}", "https://curl.se?name=mr%00smith"),
            "mr.smith"
        );
        assert_eq!(get("{query:}", "http://localhost/?=bar"), "bar");
    }

    #[test]
    fn errors() {
        let e = |f| Format::parse(f, Mods::default()).unwrap_err().0;
        assert_eq!(e("{nope}"), "\"nope\" is not a recognized URL component");
        assert_eq!(e("{foo:path}"), "Bad --get syntax: {foo:path}");
        assert_eq!(
            e("{puny:idn:host}"),
            "idn modifier is mutually exclusive with puny"
        );
    }

    #[test]
    fn plain_href() {
        assert!(Format::parse("{href}", Mods::default())
            .unwrap()
            .is_plain_href());
        assert!(Format::parse("[url]", Mods::default())
            .unwrap()
            .is_plain_href());
        assert!(!Format::parse("{href}x", Mods::default())
            .unwrap()
            .is_plain_href());
        assert!(!Format::parse("{default:url}", Mods::default())
            .unwrap()
            .is_plain_href());
    }
}
