//! `xml:base` in XML documents: Atom feeds, SVG, XHTML.
//!
//! <https://www.w3.org/TR/xmlbase/#granularity>: the base URI of an element
//! is its `xml:base` resolved against its parent's base URI, or its
//! parent's base URI if it has none; the document element's parent is the
//! document entity, whose base URI is the document's address. URLs in an
//! element's attributes resolve against that element's base URI, so an
//! `xml:base` applies to the attributes of its own element too.
//!
//! The tokenizer here is small and forgiving: it reads tags, attributes
//! (with the five predefined entities and character references),
//! comments, CDATA, processing instructions and a DOCTYPE with an internal
//! subset, and it recovers from mismatched end tags by closing up to the
//! nearest open element of that name. It does not check well-formedness
//! or expand DTD-declared entities. Resolution uses the URL Standard's
//! parser, with the document's encoding for queries.

use std::borrow::Cow;
use std::ops::Range;

use weburl::encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use weburl::{ParseError, Url};

/// Attributes whose values are URLs: `href` (Atom `<link>`, XHTML, SVG 2),
/// `xlink:href` (SVG 1.1, XLink), `src` (Atom `<content>`, XHTML) and `url`
/// (RSS `<enclosure>`, Media RSS).
pub const URL_ATTRIBUTES: &[&str] = &["href", "xlink:href", "src", "url"];

/// One element's base URI.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Element {
    /// The qualified name as written (`atom:link`, `svg`, …).
    pub name: String,
    /// Nesting depth: 0 for the document element.
    pub depth: usize,
    /// Byte range of the start tag in the decoded text.
    pub span: Range<usize>,
    /// The element's `xml:base` value, if it has one.
    pub xml_base: Option<String>,
    /// The element's base URI. If its own `xml:base` does not parse, the
    /// error is here and its children use the parent's base URI instead.
    pub base: Result<Url, ParseError>,
    /// The element's URL attributes ([`URL_ATTRIBUTES`]), resolved against
    /// its base URI.
    pub links: Vec<XmlLink>,
}

/// A URL attribute of an XML element.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct XmlLink {
    /// The attribute name as written.
    pub attribute: String,
    /// The value after entity and character references.
    pub value: String,
    /// The resolved URL, or why it does not parse.
    pub url: Result<Url, ParseError>,
}

/// An XML document's elements with their base URIs.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct XmlDocument {
    /// The encoding the bytes were decoded with.
    pub encoding: &'static Encoding,
    /// Every element, in document order.
    pub elements: Vec<Element>,
}

/// Decodes an XML document (BOM, else the XML declaration's `encoding`,
/// else UTF-8) and computes every element's base URI.
///
/// ```
/// use weburl::Url;
/// let feed = br#"<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/">
///   <entry xml:base="2024/"><link href="post.html"/></entry>
/// </feed>"#;
/// let doc = weburl_html::xml_base::parse(feed, &Url::parse("http://example.org/feed.xml")?);
/// let link = &doc.elements[2].links[0];
/// assert_eq!(link.url.as_ref().unwrap().href(), "http://example.org/blog/2024/post.html");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn parse(xml: &[u8], document_url: &Url) -> XmlDocument {
    let (encoding, bom_len) = sniff(xml);
    let (text, _) = encoding.decode_without_bom_handling(&xml[bom_len..]);
    XmlDocument {
        encoding,
        elements: elements(&text, document_url, encoding),
    }
}

/// The base URIs of the elements of an already decoded document; `encoding`
/// is the query encoding.
pub fn elements(text: &str, document_url: &Url, encoding: &'static Encoding) -> Vec<Element> {
    let encoding = encoding.output_encoding();
    let mut out = Vec::new();
    // Open elements: name and base URI.
    let mut open: Vec<(String, Url)> = Vec::new();
    for token in Tokens::new(text) {
        match token {
            Token::Start {
                name,
                attributes,
                empty,
                span,
            } => {
                let parent = open.last().map_or(document_url, |(_, base)| base);
                let xml_base = attributes
                    .iter()
                    .find(|(n, _)| *n == "xml:base")
                    .map(|(_, v)| v.to_string());
                let base = match &xml_base {
                    Some(value) => resolve(value, parent, encoding),
                    None => Ok(parent.clone()),
                };
                let effective = base.as_ref().unwrap_or(parent).clone();
                let links = attributes
                    .iter()
                    .filter(|(n, _)| URL_ATTRIBUTES.contains(n))
                    .map(|(n, v)| XmlLink {
                        attribute: (*n).to_owned(),
                        value: v.to_string(),
                        url: resolve(v, &effective, encoding),
                    })
                    .collect();
                out.push(Element {
                    name: name.to_owned(),
                    depth: open.len(),
                    span,
                    xml_base,
                    base,
                    links,
                });
                if !empty {
                    open.push((name.to_owned(), effective));
                }
            }
            Token::End { name } => {
                if let Some(i) = open.iter().rposition(|(n, _)| n == name) {
                    open.truncate(i);
                }
            }
        }
    }
    out
}

fn resolve(reference: &str, base: &Url, encoding: &'static Encoding) -> Result<Url, ParseError> {
    Url::options()
        .base_url(Some(base))
        .encoding(encoding)
        .parse(reference)
}

/// The encoding of an XML entity: a byte order mark, UTF-16 by the first
/// bytes of `<?xml`, the declaration's `encoding`, or UTF-8.
///
/// <https://www.w3.org/TR/xml/#sec-guessing> (appendix F.1)
fn sniff(xml: &[u8]) -> (&'static Encoding, usize) {
    if let Some(found) = Encoding::for_bom(xml) {
        return found;
    }
    match xml {
        [0x3C, 0, 0x3F, 0, ..] => return (UTF_16LE, 0),
        [0, 0x3C, 0, 0x3F, ..] => return (UTF_16BE, 0),
        _ => {}
    }
    let declared = xml
        .strip_prefix(b"<?xml")
        .and_then(|rest| rest.iter().position(|&b| b == b'>').map(|end| &rest[..end]))
        .and_then(declared_encoding);
    (declared.unwrap_or(UTF_8), 0)
}

/// The `encoding` pseudo-attribute of an XML declaration's body. A
/// UTF-16 label here would be wrong: the bytes so far were ASCII.
fn declared_encoding(decl: &[u8]) -> Option<&'static Encoding> {
    let at = decl.windows(8).position(|w| w == b"encoding")?;
    let rest = &decl[at + 8..];
    let rest = &rest[rest.iter().position(|&b| b == b'=')? + 1..];
    let start = rest.iter().position(|&b| b == b'"' || b == b'\'')?;
    let quote = rest[start];
    let value = &rest[start + 1..];
    let end = value.iter().position(|&b| b == quote)?;
    Encoding::for_label(&value[..end]).filter(|e| *e != UTF_16LE && *e != UTF_16BE)
}

enum Token<'a> {
    Start {
        name: &'a str,
        attributes: Vec<(&'a str, Cow<'a, str>)>,
        empty: bool,
        span: Range<usize>,
    },
    End {
        name: &'a str,
    },
}

/// The tags of an XML document; everything else is skipped.
struct Tokens<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Tokens { text, pos: 0 }
    }

    /// Moves past the next occurrence of `end`, or to the end of input.
    fn skip_past(&mut self, end: &str) {
        self.pos = match self.text[self.pos..].find(end) {
            Some(i) => self.pos + i + end.len(),
            None => self.text.len(),
        };
    }

    /// `<!DOCTYPE ...>`, where `>` inside the `[...]` internal subset does
    /// not end it.
    fn skip_doctype(&mut self) {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        let mut quote = None;
        while self.pos < bytes.len() {
            let b = bytes[self.pos];
            self.pos += 1;
            match (quote, b) {
                (Some(q), _) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(b),
                (None, b'[') => depth += 1,
                (None, b']') => depth = depth.saturating_sub(1),
                (None, b'>') if depth == 0 => return,
                _ => {}
            }
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let lt = self.text[self.pos..].find('<')?;
            self.pos += lt;
            let rest = &self.text[self.pos..];
            if rest.starts_with("<!--") {
                self.skip_past("-->");
            } else if rest.starts_with("<![CDATA[") {
                self.skip_past("]]>");
            } else if rest.starts_with("<?") {
                self.skip_past("?>");
            } else if rest.starts_with("<!") {
                self.skip_doctype();
            } else if let Some(after) = rest.strip_prefix("</") {
                let len = after.find(is_name_end).unwrap_or(after.len());
                let name = &after[..len];
                self.pos += 2 + len;
                self.skip_past(">");
                if !name.is_empty() {
                    return Some(Token::End { name });
                }
            } else if let Some(token) = self.start_tag() {
                return Some(token);
            } else {
                // A lone "<" in text (not well-formed): skip it.
                self.pos += 1;
            }
        }
    }
}

impl<'a> Tokens<'a> {
    /// A start tag or empty-element tag at `self.pos`.
    fn start_tag(&mut self) -> Option<Token<'a>> {
        let text = self.text;
        let start = self.pos;
        let after = &text[start + 1..];
        let name_len = after.find(is_name_end).unwrap_or(after.len());
        if name_len == 0 {
            return None;
        }
        let name = &after[..name_len];
        let mut pos = start + 1 + name_len;
        let mut attributes = Vec::new();
        let bytes = text.as_bytes();
        loop {
            while pos < bytes.len() && is_xml_space(bytes[pos]) {
                pos += 1;
            }
            match bytes.get(pos) {
                None => break,
                Some(b'>') => {
                    pos += 1;
                    self.pos = pos;
                    return Some(Token::Start {
                        name,
                        attributes,
                        empty: false,
                        span: start..pos,
                    });
                }
                Some(b'/') if bytes.get(pos + 1) == Some(&b'>') => {
                    pos += 2;
                    self.pos = pos;
                    return Some(Token::Start {
                        name,
                        attributes,
                        empty: true,
                        span: start..pos,
                    });
                }
                Some(_) => {}
            }
            let attr_len = text[pos..]
                .find(|c: char| is_name_end(c) || c == '=')
                .unwrap_or(0);
            if attr_len == 0 {
                // Junk such as a stray "/" or quote: skip one character.
                pos += text[pos..].chars().next().map_or(1, char::len_utf8);
                continue;
            }
            let attr = &text[pos..pos + attr_len];
            pos += attr_len;
            while pos < bytes.len() && is_xml_space(bytes[pos]) {
                pos += 1;
            }
            if bytes.get(pos) != Some(&b'=') {
                continue;
            }
            pos += 1;
            while pos < bytes.len() && is_xml_space(bytes[pos]) {
                pos += 1;
            }
            let value = match bytes.get(pos) {
                Some(&q @ (b'"' | b'\'')) => {
                    let from = pos + 1;
                    let len = text[from..]
                        .find(char::from(q))
                        .unwrap_or(text.len() - from);
                    pos = (from + len + 1).min(text.len());
                    &text[from..from + len]
                }
                _ => {
                    // Unquoted (not XML, but seen in the wild).
                    let len = text[pos..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .unwrap_or(text.len() - pos);
                    let v = &text[pos..pos + len];
                    pos += len;
                    v
                }
            };
            if !attributes.iter().any(|(n, _)| *n == attr) {
                attributes.push((attr, normalize_attribute(value)));
            }
        }
        self.pos = text.len();
        Some(Token::Start {
            name,
            attributes,
            empty: true,
            span: start..text.len(),
        })
    }
}

fn is_name_end(c: char) -> bool {
    c.is_ascii_whitespace() || matches!(c, '>' | '/' | '<')
}

fn is_xml_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Attribute-value normalization for CDATA attributes: references
/// replaced, literal whitespace characters turned into spaces.
///
/// <https://www.w3.org/TR/xml/#AVNormalize>
fn normalize_attribute(raw: &str) -> Cow<'_, str> {
    if !raw.contains(['&', '\t', '\n', '\r']) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(c) = rest.chars().next() {
        if c == '&' {
            if let Some(end) = rest.find(';') {
                if let Some(decoded) = reference(&rest[1..end]) {
                    out.push(decoded);
                    rest = &rest[end + 1..];
                    continue;
                }
            }
        }
        out.push(if matches!(c, '\t' | '\n' | '\r') {
            ' '
        } else {
            c
        });
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// The five predefined entities and character references; others
/// (DTD-declared) are left as written.
fn reference(name: &str) -> Option<char> {
    Some(match name {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "apos" => '\'',
        "quot" => '"',
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix('x') {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::encoding_rs::WINDOWS_1252;

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    /// (name, base href) of each element.
    fn bases(xml: &str, doc: &str) -> Vec<(String, String)> {
        parse(xml.as_bytes(), &u(doc))
            .elements
            .into_iter()
            .map(|e| {
                (
                    e.name,
                    e.base
                        .map_or_else(|e| format!("error: {e}"), |u| u.href().to_owned()),
                )
            })
            .collect()
    }

    #[test]
    fn nested_bases_resolve_against_their_parents() {
        let xml = r#"<?xml version="1.0"?>
<feed xml:base="http://example.org/today/">
  <entry xml:base="2024/">
    <link href="a.html"/>
    <content xml:base="../img/"><div>x</div></content>
  </entry>
  <entry><link href="b.html"/></entry>
</feed>"#;
        assert_eq!(
            bases(xml, "http://example.org/feed"),
            [
                ("feed".into(), "http://example.org/today/".into()),
                ("entry".into(), "http://example.org/today/2024/".into()),
                ("link".into(), "http://example.org/today/2024/".into()),
                ("content".into(), "http://example.org/today/img/".into()),
                ("div".into(), "http://example.org/today/img/".into()),
                ("entry".into(), "http://example.org/today/".into()),
                ("link".into(), "http://example.org/today/".into()),
            ]
        );
        let doc = parse(xml.as_bytes(), &u("http://example.org/feed"));
        let hrefs: Vec<&str> = doc
            .elements
            .iter()
            .flat_map(|e| e.links.iter())
            .map(|l| l.url.as_ref().unwrap().href())
            .collect();
        assert_eq!(
            hrefs,
            [
                "http://example.org/today/2024/a.html",
                "http://example.org/today/b.html"
            ]
        );
    }

    #[test]
    fn the_document_element_resolves_against_the_document_url() {
        assert_eq!(
            bases(
                "<svg xml:base='icons/'><use xlink:href='#a'/></svg>",
                "https://a.example/x/y.svg"
            ),
            [
                ("svg".into(), "https://a.example/x/icons/".into()),
                ("use".into(), "https://a.example/x/icons/".into()),
            ]
        );
        assert_eq!(
            bases("<a/>", "https://a.example/x")[0].1,
            "https://a.example/x"
        );
    }

    #[test]
    fn xml_base_applies_to_its_own_attributes() {
        let doc = parse(
            b"<a xml:base='http://b.example/d/' href='e'/>",
            &u("http://a.example/"),
        );
        assert_eq!(
            doc.elements[0].links[0].url.as_ref().unwrap().href(),
            "http://b.example/d/e"
        );
    }

    #[test]
    fn empty_and_fragment_bases() {
        // An empty xml:base is the parent's base without its fragment.
        assert_eq!(
            bases(
                "<r xml:base='http://a.example/p#f'><c xml:base=''/></r>",
                "http://x.example/"
            )[1]
            .1,
            "http://a.example/p"
        );
    }

    #[test]
    fn a_failing_base_is_reported_and_skipped() {
        let got = bases(
            "<r xml:base='http://[bad/'><c href='x'/></r>",
            "http://a.example/d/",
        );
        assert!(got[0].1.starts_with("error"), "{got:?}");
        assert_eq!(got[1].1, "http://a.example/d/");
    }

    #[test]
    fn mismatched_end_tags_recover() {
        let xml = "<r xml:base='/1/'><a xml:base='2/'><b></a><c/></r><d/>";
        assert_eq!(
            bases(xml, "http://h.example/"),
            [
                ("r".into(), "http://h.example/1/".into()),
                ("a".into(), "http://h.example/1/2/".into()),
                ("b".into(), "http://h.example/1/2/".into()),
                ("c".into(), "http://h.example/1/".into()),
                ("d".into(), "http://h.example/".into()),
            ]
        );
    }

    #[test]
    fn markup_that_is_not_a_tag_is_skipped() {
        let xml = r#"<!DOCTYPE r [<!ENTITY e "<x xml:base='/no/'>">]><r><!-- <x xml:base="/no/"> --><![CDATA[<x xml:base="/no/">]]><?pi <x>?><s/></r>"#;
        let got = bases(xml, "http://h.example/a");
        assert_eq!(
            got,
            [
                ("r".into(), "http://h.example/a".into()),
                ("s".into(), "http://h.example/a".into())
            ]
        );
    }

    #[test]
    fn attribute_values_are_normalized() {
        let doc = parse(
            b"<r xml:base='http://h.example/a&amp;b/&#x41;&#66;/' href='x&#10;y\tz'/>",
            &u("http://h.example/"),
        );
        let e = &doc.elements[0];
        assert_eq!(e.xml_base.as_deref(), Some("http://h.example/a&b/AB/"));
        assert_eq!(e.links[0].value, "x\ny z");
    }

    #[test]
    fn encodings() {
        let doc = parse(
            b"<?xml version='1.0' encoding='windows-1252'?><r href='?q=\xE9'/>",
            &u("http://h.example/"),
        );
        assert_eq!(doc.encoding, WINDOWS_1252);
        assert_eq!(
            doc.elements[0].links[0].url.as_ref().unwrap().href(),
            "http://h.example/?q=%E9"
        );
        let utf16: Vec<u8> = "<r href='?q=\u{E9}'/>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut with_bom = vec![0xFF, 0xFE];
        with_bom.extend_from_slice(&utf16);
        let doc = parse(&with_bom, &u("http://h.example/"));
        assert_eq!(doc.encoding, UTF_16LE);
        // UTF-16 documents encode queries as UTF-8.
        assert_eq!(
            doc.elements[0].links[0].url.as_ref().unwrap().href(),
            "http://h.example/?q=%C3%A9"
        );
        assert_eq!(parse(b"<r/>", &u("http://h.example/")).encoding, UTF_8);
    }
}
