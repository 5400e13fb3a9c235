//! A document's character encoding, by the HTML standard's sniffing rules.
//!
//! <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
//!
//! The order is: a byte order mark, then the transport layer's charset
//! (what the caller got from `Content-Type`), then the prescan of the first
//! 1024 bytes for `<meta charset>` or `<meta http-equiv=content-type>`,
//! then the default, windows-1252. Only the first two are *certain*; a
//! tentative encoding may still be changed by a `<meta>` that the tokenizer
//! meets later (see [`change_the_encoding`]).

use weburl::encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// How many bytes the prescan looks at, as the standard encourages.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm> (step 5)
pub const PRESCAN_LIMIT: usize = 1024;

/// Where a document's encoding came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodingSource {
    /// A UTF-8 or UTF-16 byte order mark (certain).
    ByteOrderMark,
    /// The charset the caller passed, from the transport layer (certain).
    Transport,
    /// `<meta>` found by the prescan of the first 1024 bytes (tentative).
    Prescan,
    /// `<meta>` met by the tokenizer after the prescan found nothing, which
    /// made the parser start over in that encoding (certain from then on).
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing>
    MetaWhileParsing,
    /// Nothing said anything: windows-1252 (tentative).
    Default,
}

impl EncodingSource {
    /// The rule's name in kebab case, as the CLI prints it:
    /// `"byte-order-mark"`, `"transport"`, `"prescan"`,
    /// `"meta-while-parsing"` or `"default"`.
    ///
    /// ```
    /// use weburl_html::encoding::EncodingSource;
    /// assert_eq!(EncodingSource::MetaWhileParsing.as_str(), "meta-while-parsing");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::ByteOrderMark => "byte-order-mark",
            EncodingSource::Transport => "transport",
            EncodingSource::Prescan => "prescan",
            EncodingSource::MetaWhileParsing => "meta-while-parsing",
            EncodingSource::Default => "default",
        }
    }
}

/// Whether the encoding may still change while parsing.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// A later `<meta>` may change it.
    Tentative,
    /// Final.
    Certain,
}

/// The result of [`sniff`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    /// The encoding to decode with.
    pub encoding: &'static Encoding,
    /// Where it came from.
    pub source: EncodingSource,
    /// How many leading bytes are a byte order mark (0, 2 or 3).
    pub bom_len: usize,
}

impl Sniffed {
    /// Certain for a BOM or the transport layer, tentative otherwise.
    pub fn confidence(&self) -> Confidence {
        match self.source {
            EncodingSource::ByteOrderMark
            | EncodingSource::Transport
            | EncodingSource::MetaWhileParsing => Confidence::Certain,
            EncodingSource::Prescan | EncodingSource::Default => Confidence::Tentative,
        }
    }
}

/// The encoding sniffing algorithm, steps 1, 4, 5 and 9 (no user override,
/// no parent frame, no statistical detection).
///
/// `transport` is an already-resolved transport-layer encoding; use
/// [`Encoding::for_label`] on the `Content-Type` charset to get one.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>
pub fn sniff(bytes: &[u8], transport: Option<&'static Encoding>) -> Sniffed {
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        return Sniffed {
            encoding,
            source: EncodingSource::ByteOrderMark,
            bom_len,
        };
    }
    if let Some(encoding) = transport {
        return Sniffed {
            encoding,
            source: EncodingSource::Transport,
            bom_len: 0,
        };
    }
    if let Some(encoding) = prescan(&bytes[..bytes.len().min(PRESCAN_LIMIT)]) {
        return Sniffed {
            encoding,
            source: EncodingSource::Prescan,
            bom_len: 0,
        };
    }
    Sniffed {
        encoding: WINDOWS_1252,
        source: EncodingSource::Default,
        bom_len: 0,
    }
}

/// "Prescan a byte stream to determine its encoding" over all of `bytes`
/// (pass the first [`PRESCAN_LIMIT`] bytes to follow the standard's advice).
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding>
pub fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.starts_with(b"<!--") {
            // The "-->" may share its dashes with the "<!--".
            pos += 2 + find(&rest[2..], b"-->")? + 3;
            continue;
        }
        if starts_with_ignore_case(rest, b"<meta")
            && rest.get(5).is_some_and(|&b| is_space(b) || b == b'/')
        {
            pos += 5;
            if let Some(encoding) = meta_attributes(bytes, &mut pos) {
                return Some(encoding);
            }
            continue;
        }
        let tag_start = match rest {
            [b'<', b'/', c, ..] if c.is_ascii_alphabetic() => Some(2),
            [b'<', c, ..] if c.is_ascii_alphabetic() => Some(1),
            _ => None,
        };
        if let Some(skip) = tag_start {
            pos += skip;
            while pos < bytes.len() && !is_space(bytes[pos]) && bytes[pos] != b'>' {
                pos += 1;
            }
            while get_an_attribute(bytes, &mut pos).is_some() {}
            pos += 1;
            continue;
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += find(rest, b">")? + 1;
            continue;
        }
        pos += 1;
    }
    None
}

/// The `<meta` branch of the prescan: read the attributes, decide.
fn meta_attributes(bytes: &[u8], pos: &mut usize) -> Option<&'static Encoding> {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut got_pragma = false;
    // None: no charset seen; Some(true): from `content`, needs the pragma.
    let mut need_pragma: Option<bool> = None;
    let mut charset: Option<&'static Encoding> = None;
    while let Some((name, value)) = get_an_attribute(bytes, pos) {
        if seen.contains(&name) {
            continue;
        }
        match name.as_slice() {
            b"http-equiv" if value == b"content-type" => got_pragma = true,
            b"content" if charset.is_none() => {
                if let Some(found) = extract_from_meta_content(&value) {
                    charset = Some(found);
                    need_pragma = Some(true);
                }
            }
            b"charset" => {
                charset = Encoding::for_label(&value);
                need_pragma = Some(false);
            }
            _ => {}
        }
        seen.push(name);
    }
    *pos += 1;
    match need_pragma {
        None => None,
        Some(true) if !got_pragma => None,
        _ => charset.map(meta_encoding),
    }
}

/// A `<meta>`-declared encoding is never UTF-16 (the bytes being read as
/// ASCII prove otherwise) and never x-user-defined.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding> (step "Processing", 9–10)
fn meta_encoding(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else if encoding == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        encoding
    }
}

/// "Get an attribute" of the prescan: lower-cased name and value, or
/// `None` at `>` or the end of input.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing>
fn get_an_attribute(bytes: &[u8], pos: &mut usize) -> Option<(Vec<u8>, Vec<u8>)> {
    while *pos < bytes.len() && (is_space(bytes[*pos]) || bytes[*pos] == b'/') {
        *pos += 1;
    }
    if *pos >= bytes.len() || bytes[*pos] == b'>' {
        return None;
    }
    let mut name = Vec::new();
    let mut value = Vec::new();
    // Attribute name; a leading `=` is part of the name.
    loop {
        let b = *bytes.get(*pos)?;
        if b == b'=' && !name.is_empty() {
            *pos += 1;
            return value_after_equals(bytes, pos, name, value);
        }
        if is_space(b) {
            break;
        }
        if b == b'/' || b == b'>' {
            return Some((name, value));
        }
        name.push(b.to_ascii_lowercase());
        *pos += 1;
    }
    while *pos < bytes.len() && is_space(bytes[*pos]) {
        *pos += 1;
    }
    if bytes.get(*pos) != Some(&b'=') {
        // An attribute without a value; the position stays on the next one.
        return bytes.get(*pos).map(|_| (name, value));
    }
    *pos += 1;
    value_after_equals(bytes, pos, name, std::mem::take(&mut value))
}

/// The value part of "get an attribute", after the `=`.
fn value_after_equals(
    bytes: &[u8],
    pos: &mut usize,
    name: Vec<u8>,
    mut value: Vec<u8>,
) -> Option<(Vec<u8>, Vec<u8>)> {
    while *pos < bytes.len() && is_space(bytes[*pos]) {
        *pos += 1;
    }
    let b = *bytes.get(*pos)?;
    if b == b'"' || b == b'\'' {
        *pos += 1;
        loop {
            let c = *bytes.get(*pos)?;
            *pos += 1;
            if c == b {
                return Some((name, value));
            }
            value.push(c.to_ascii_lowercase());
        }
    }
    if b == b'>' {
        return Some((name, value));
    }
    value.push(b.to_ascii_lowercase());
    *pos += 1;
    loop {
        let c = *bytes.get(*pos)?;
        if is_space(c) || c == b'>' {
            return Some((name, value));
        }
        value.push(c.to_ascii_lowercase());
        *pos += 1;
    }
}

/// "The algorithm for extracting a character encoding from a meta element",
/// applied to a `content` attribute such as `text/html; charset=Shift_JIS`.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element>
pub fn extract_from_meta_content(content: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    loop {
        let at = find_ignore_case(&content[pos..], b"charset")?;
        pos += at + b"charset".len();
        while content.get(pos).is_some_and(|&b| is_space(b)) {
            pos += 1;
        }
        if content.get(pos) == Some(&b'=') {
            break;
        }
        // Not followed by `=`: look for the next "charset" from here.
    }
    pos += 1;
    while content.get(pos).is_some_and(|&b| is_space(b)) {
        pos += 1;
    }
    let rest = &content[pos..];
    match rest.first()? {
        &q @ (b'"' | b'\'') => {
            let end = rest[1..].iter().position(|&b| b == q)?;
            Encoding::for_label(&rest[1..1 + end])
        }
        _ => {
            let end = rest
                .iter()
                .position(|&b| is_space(b) || b == b';')
                .unwrap_or(rest.len());
            Encoding::for_label(&rest[..end])
        }
    }
}

/// "Change the encoding" when the tokenizer meets a `<meta>` declaring
/// `new` while the current encoding is tentative: `None` if parsing goes
/// on as it is, or the encoding to start over with.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing>
pub fn change_the_encoding(
    current: &'static Encoding,
    new: &'static Encoding,
) -> Option<&'static Encoding> {
    if current == UTF_16BE || current == UTF_16LE {
        return None;
    }
    let new = meta_encoding(new);
    (new != current).then_some(new)
}

/// HTML's space characters in the prescan: TAB, LF, FF, CR, SPACE.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

fn starts_with_ignore_case(haystack: &[u8], prefix: &[u8]) -> bool {
    haystack.len() >= prefix.len() && haystack[..prefix.len()].eq_ignore_ascii_case(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::encoding_rs::{EUC_JP, SHIFT_JIS, WINDOWS_1251};

    fn pre(s: &str) -> Option<&'static str> {
        prescan(s.as_bytes()).map(|e| e.name())
    }

    #[test]
    fn bom_beats_everything() {
        let s = sniff(b"\xEF\xBB\xBF<meta charset=shift_jis>", Some(WINDOWS_1251));
        assert_eq!(
            (s.encoding, s.source, s.bom_len),
            (UTF_8, EncodingSource::ByteOrderMark, 3)
        );
        let s = sniff(b"\xFF\xFE<\0", None);
        assert_eq!((s.encoding, s.bom_len), (UTF_16LE, 2));
        let s = sniff(b"\xFE\xFF\0<", None);
        assert_eq!((s.encoding, s.bom_len), (UTF_16BE, 2));
        assert_eq!(s.confidence(), Confidence::Certain);
    }

    #[test]
    fn transport_beats_meta() {
        let s = sniff(b"<meta charset=shift_jis>", Some(EUC_JP));
        assert_eq!((s.encoding, s.source), (EUC_JP, EncodingSource::Transport));
        assert_eq!(s.confidence(), Confidence::Certain);
    }

    #[test]
    fn prescan_then_default() {
        let s = sniff(b"<meta charset=shift_jis>", None);
        assert_eq!((s.encoding, s.source), (SHIFT_JIS, EncodingSource::Prescan));
        assert_eq!(s.confidence(), Confidence::Tentative);
        let s = sniff(b"<p>caf\xE9", None);
        assert_eq!(
            (s.encoding, s.source),
            (WINDOWS_1252, EncodingSource::Default)
        );
    }

    #[test]
    fn only_the_first_1024_bytes_are_prescanned() {
        let mut page = vec![b' '; 1020];
        page.extend_from_slice(b"<meta charset=euc-jp>");
        assert_eq!(sniff(&page, None).source, EncodingSource::Default);
        assert_eq!(prescan(&page), Some(EUC_JP));
    }

    #[test]
    fn meta_charset_forms() {
        assert_eq!(pre("<meta charset=\"Shift_JIS\">"), Some("Shift_JIS"));
        assert_eq!(pre("<META CHARSET='euc-jp'>"), Some("EUC-JP"));
        assert_eq!(pre("<meta/charset=utf-8>"), Some("UTF-8"));
        assert_eq!(pre("<meta charset = latin1 >"), Some("windows-1252"));
        assert_eq!(
            pre("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">"),
            Some("GBK")
        );
        // The content comes first, the pragma after: still a match.
        assert_eq!(
            pre("<meta content='text/html;charset=koi8-r' http-equiv=content-type>"),
            Some("KOI8-R")
        );
    }

    #[test]
    fn content_without_pragma_is_ignored() {
        assert_eq!(pre("<meta content=\"text/html; charset=koi8-r\">"), None);
        assert_eq!(pre("<meta name=x content=\"charset=koi8-r\">"), None);
    }

    #[test]
    fn utf16_and_user_defined_labels_are_replaced() {
        assert_eq!(pre("<meta charset=utf-16le>"), Some("UTF-8"));
        assert_eq!(pre("<meta charset=x-user-defined>"), Some("windows-1252"));
    }

    #[test]
    fn unknown_labels_and_duplicates() {
        assert_eq!(
            pre("<meta charset=bogus><meta charset=koi8-u>"),
            Some("KOI8-U")
        );
        // The second `charset` of one element is ignored.
        assert_eq!(pre("<meta charset=koi8-u charset=euc-kr>"), Some("KOI8-U"));
    }

    #[test]
    fn comments_and_other_markup_are_skipped() {
        assert_eq!(
            pre("<!-- <meta charset=koi8-r> --><meta charset=euc-kr>"),
            Some("EUC-KR")
        );
        assert_eq!(pre("<!--><meta charset=euc-kr>"), Some("EUC-KR"));
        assert_eq!(
            pre("<title a='<meta charset=koi8-r>'><meta charset=big5>"),
            Some("Big5")
        );
        assert_eq!(
            pre("<?xml encoding='koi8-r'?><!DOCTYPE html><meta charset=big5>"),
            Some("Big5")
        );
        assert_eq!(pre("<metadata charset=koi8-r>"), None);
        assert_eq!(pre("<!-- unterminated <meta charset=koi8-r>"), None);
    }

    #[test]
    fn extracting_from_content() {
        let x = |s: &str| extract_from_meta_content(s.as_bytes()).map(|e| e.name());
        assert_eq!(x("text/html; charset=Shift_JIS"), Some("Shift_JIS"));
        assert_eq!(x("text/html; charset = \"euc-jp\""), Some("EUC-JP"));
        assert_eq!(x("text/html; charset='big5"), None);
        assert_eq!(x("charsetcharset=koi8-r;x"), Some("KOI8-R"));
        assert_eq!(x("text/html"), None);
    }

    #[test]
    fn changing_the_encoding() {
        assert_eq!(
            change_the_encoding(WINDOWS_1252, SHIFT_JIS),
            Some(SHIFT_JIS)
        );
        assert_eq!(change_the_encoding(WINDOWS_1252, WINDOWS_1252), None);
        assert_eq!(change_the_encoding(WINDOWS_1252, UTF_16LE), Some(UTF_8));
        assert_eq!(change_the_encoding(UTF_8, UTF_16BE), None);
        assert_eq!(change_the_encoding(UTF_16LE, SHIFT_JIS), None);
        assert_eq!(
            change_the_encoding(UTF_8, X_USER_DEFINED),
            Some(WINDOWS_1252)
        );
    }
}
