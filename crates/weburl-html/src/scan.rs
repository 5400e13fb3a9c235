//! One pass of the HTML tokenizer over a document, collecting the raw
//! values of URL attributes, the first `<base href>` and any `<meta>` that
//! changes the encoding.
//!
//! The tokenizer here is the standard's, cut down to what decides where
//! tags and their attributes are: text, comments, DOCTYPEs, CDATA sections
//! and raw text are skipped without being decoded, and only the attribute
//! values that are asked for are decoded (character references, NULs,
//! newlines). Every state transition that can move a tag boundary follows
//! html5ever's tokenizer (the `html5ever_agrees` tests run both on the
//! vendored pages and on generated markup and compare everything found,
//! line numbers included):
//! <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>.
//!
//! Skipping is exact because nothing skipped can move a boundary: a
//! character reference consumes only ASCII alphanumerics, `#` and `;`, so
//! it never swallows the `<`, quote, whitespace or `>` that ends text or a
//! value; text, comments, DOCTYPEs, bogus comments and CDATA sections each
//! end at the first occurrence of a fixed string (see [`comment_end`]);
//! raw text ends only at an appropriate end tag.
//!
//! No tree builder runs. The state switches it would ask for (raw text in
//! `<script>`, `<style>`, `<textarea>`, …; CDATA only in foreign content)
//! are simulated here:
//! <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>.
//!
//! Where tree order and token order differ (only for misnested markup the
//! tree builder repairs, such as a `<base>` foster-parented out of a
//! `<table>` ahead of an earlier one inside a cell), the first `<base href>`
//! in token order wins; see the crate docs.

use std::borrow::Cow;
use std::ops::Range;

use html5ever::data::{C1_REPLACEMENTS, NAMED_ENTITIES};
use weburl::encoding_rs::Encoding;

use crate::attributes::{url_attributes, AttributeKind};
use crate::encoding;

/// A URL-bearing attribute as found, before resolution.
#[derive(Debug, PartialEq)]
pub(crate) struct RawLink {
    pub element: &'static str,
    pub attribute: &'static str,
    pub kind: AttributeKind,
    pub value: String,
    pub line: u64,
}

/// What one pass found.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Scan {
    pub links: Vec<RawLink>,
    pub first_base_href: Option<String>,
}

/// How a pass ended.
#[derive(Debug, PartialEq)]
pub(crate) enum Outcome {
    Done(Scan),
    /// A `<meta>` changed a tentative encoding: start over with this one.
    Restart(&'static Encoding),
}

/// Tokenizes `bytes` (without their BOM) in `encoding`. With `tentative`,
/// the first `<meta>` declaring another encoding ends the pass.
///
/// The document is decoded whole; UTF-8 (and ASCII in any ASCII-compatible
/// encoding) is read in place, without a copy.
pub(crate) fn scan(
    bytes: &[u8],
    encoding: &'static Encoding,
    tentative: bool,
    scripting: bool,
) -> Outcome {
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    let mut state = State {
        encoding,
        tentative,
        scripting,
        restart: None,
        template_depth: 0,
        form_open: false,
        frames: Vec::new(),
        scan: Scan::default(),
    };
    let mut tokenizer = Tokenizer {
        text: &text,
        src: text.as_bytes(),
        lines: Lines::new(text.as_bytes()),
        name: String::new(),
        attrs: Vec::new(),
        self_closing: false,
    };
    tokenizer.run(&mut state);
    match state.restart {
        Some(new) => Outcome::Restart(new),
        None => Outcome::Done(state.scan),
    }
}

/// Where the tokenizer goes after a start tag (the tree builder's say).
enum Next {
    Data,
    Rcdata,
    Rawtext,
    ScriptData,
    Plaintext,
    /// The encoding changed: stop.
    Stop,
}

/// Whitespace in the tokenizer's sense, after newline normalization (a CR
/// is read as LF).
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

fn find(s: &[u8], from: usize, byte: u8) -> Option<usize> {
    s.get(from..)?
        .iter()
        .position(|&b| b == byte)
        .map(|i| from + i)
}

/// One attribute as written: byte ranges of its name and value in the
/// decoded text, both undecoded.
#[derive(Clone, Debug)]
struct RawAttr {
    name: Range<usize>,
    value: Range<usize>,
}

/// Line numbers as html5ever counts them: one per LF, CR LF or lone CR
/// read, except whitespace between `=` and an attribute value, which it
/// skips without counting. Counted lazily, only for tags that have links.
struct Lines<'a> {
    src: &'a [u8],
    has_cr: bool,
    counted_to: usize,
    newlines: u64,
    /// Newlines skipped before attribute values, up to the tokenizer's
    /// position.
    uncounted: u64,
}

impl<'a> Lines<'a> {
    fn new(src: &'a [u8]) -> Self {
        Lines {
            src,
            has_cr: src.contains(&b'\r'),
            counted_to: 0,
            newlines: 0,
            uncounted: 0,
        }
    }

    /// Normalized newlines in `src[from..to]`: each LF, and each CR not
    /// followed by LF.
    fn count(&self, from: usize, to: usize) -> u64 {
        let part = &self.src[from..to];
        let mut n = part.iter().filter(|&&b| b == b'\n').count() as u64;
        if self.has_cr {
            for (i, &b) in part.iter().enumerate() {
                if b == b'\r' && self.src.get(from + i + 1) != Some(&b'\n') {
                    n += 1;
                }
            }
        }
        n
    }

    /// The line of a tag ending just before `end`.
    fn at(&mut self, end: usize) -> u64 {
        if end > self.counted_to {
            self.newlines += self.count(self.counted_to, end);
            self.counted_to = end;
        }
        1 + self.newlines - self.uncounted
    }
}

/// A tag as the tree builder sees it.
struct Tag<'a> {
    /// The tag name, ASCII-lowercased, NUL replaced.
    name: &'a str,
    self_closing: bool,
    attrs: &'a [RawAttr],
    text: &'a str,
}

impl<'a> Tag<'a> {
    /// The first attribute named `name` (a lowercase ASCII name), decoded.
    /// html5ever drops later duplicates; asking for the first one is the
    /// same.
    fn get(&self, name: &str) -> Option<Cow<'a, str>> {
        self.attrs
            .iter()
            .find(|a| self.text.as_bytes()[a.name.clone()].eq_ignore_ascii_case(name.as_bytes()))
            .map(|a| decode_attribute(&self.text[a.value.clone()]))
    }

    fn has(&self, name: &str) -> bool {
        self.attrs
            .iter()
            .any(|a| self.text.as_bytes()[a.name.clone()].eq_ignore_ascii_case(name.as_bytes()))
    }
}

struct Tokenizer<'a> {
    text: &'a str,
    src: &'a [u8],
    lines: Lines<'a>,
    /// The current tag's name, normalized.
    name: String,
    attrs: Vec<RawAttr>,
    self_closing: bool,
}

impl Tokenizer<'_> {
    /// The data state, and the tag open, end tag open and markup
    /// declaration open states.
    fn run(&mut self, state: &mut State) {
        let s = self.src;
        let mut pos = 0;
        loop {
            let Some(lt) = find(s, pos, b'<') else {
                return;
            };
            let Some(&c) = s.get(lt + 1) else {
                return;
            };
            pos = match c {
                b'!' => match self.markup_declaration(lt + 2, state.in_foreign_content()) {
                    Some(p) => p,
                    None => return,
                },
                b'/' => match s.get(lt + 2) {
                    None => return,
                    Some(c) if c.is_ascii_alphabetic() => {
                        let Some(end) = self.tag(lt + 2) else {
                            return;
                        };
                        state.end_tag(&self.name);
                        end
                    }
                    Some(b'>') => lt + 3,
                    Some(_) => match find(s, lt + 2, b'>') {
                        Some(gt) => gt + 1,
                        None => return,
                    },
                },
                c if c.is_ascii_alphabetic() => {
                    let Some(end) = self.tag(lt + 1) else {
                        return;
                    };
                    let next = state.start_tag(
                        &Tag {
                            name: &self.name,
                            self_closing: self.self_closing,
                            attrs: &self.attrs,
                            text: self.text,
                        },
                        &mut self.lines,
                        end,
                    );
                    let raw = match next {
                        Next::Data => None,
                        Next::Rcdata | Next::Rawtext => Some(self.raw_text(end)),
                        Next::ScriptData => Some(self.script_data(end)),
                        Next::Plaintext | Next::Stop => return,
                    };
                    match raw {
                        None => end,
                        // `</name` of the element that switched to raw
                        // text, then the rest of the end tag.
                        Some(Some(name_end)) => {
                            let Some(end) = self.rest_of_tag(name_end) else {
                                return;
                            };
                            state.end_tag(&self.name);
                            end
                        }
                        Some(None) => return,
                    }
                }
                b'?' => match find(s, lt + 1, b'>') {
                    Some(gt) => gt + 1,
                    None => return,
                },
                // Not a tag: `<` is text, and the next character is
                // reconsumed in the data state.
                _ => lt + 1,
            };
        }
    }

    /// After `<!`: a comment, DOCTYPE, CDATA section or bogus comment.
    /// Returns where the data state resumes, or `None` at the end.
    fn markup_declaration(&self, at: usize, foreign: bool) -> Option<usize> {
        let s = self.src;
        let rest = &s[at..];
        if rest.starts_with(b"--") {
            return comment_end(s, at + 2);
        }
        if rest.len() >= 7 && rest[..7].eq_ignore_ascii_case(b"doctype") {
            // Every DOCTYPE state ends the token at `>`.
            return find(s, at + 7, b'>').map(|gt| gt + 1);
        }
        if foreign && rest.starts_with(b"[CDATA[") {
            let mut from = at + 7;
            loop {
                let b = find(s, from, b']')?;
                if s[b..].starts_with(b"]]>") {
                    return Some(b + 3);
                }
                from = b + 1;
            }
        }
        find(s, at, b'>').map(|gt| gt + 1)
    }

    /// A start or end tag whose name starts at `at` (an ASCII letter).
    /// Returns the position after its `>`, or `None` if the document ends
    /// first (the tag is then dropped).
    fn tag(&mut self, at: usize) -> Option<usize> {
        let s = self.src;
        let mut i = at;
        while let Some(&b) = s.get(i) {
            if is_space(b) || b == b'/' || b == b'>' {
                break;
            }
            i += 1;
        }
        self.name.clear();
        let raw = &self.text[at..i];
        if raw.bytes().any(|b| b.is_ascii_uppercase() || b == 0) {
            for c in raw.chars() {
                self.name.push(if c == '\0' {
                    '\u{FFFD}'
                } else {
                    c.to_ascii_lowercase()
                });
            }
        } else {
            self.name.push_str(raw);
        }
        self.attrs.clear();
        self.self_closing = false;
        self.attributes(i)
    }

    /// The end tag `</name` that ends raw text, whose name ends at
    /// `name_end`: its name is the last start tag's, which `self.name`
    /// still holds.
    fn rest_of_tag(&mut self, name_end: usize) -> Option<usize> {
        self.attrs.clear();
        self.self_closing = false;
        self.attributes(name_end)
    }

    /// From the end of a tag name to the end of the tag: the attribute
    /// states. Returns the position after `>`.
    fn attributes(&mut self, at: usize) -> Option<usize> {
        #[derive(Clone, Copy)]
        enum St {
            BeforeName,
            AfterName,
            BeforeValue,
            AfterQuotedValue,
            SelfClosing,
        }
        let s = self.src;
        // The tag name state's own exits.
        let (mut i, mut st) = match *s.get(at)? {
            b'/' => (at + 1, St::SelfClosing),
            b'>' => return Some(at + 1),
            _ => (at + 1, St::BeforeName),
        };
        loop {
            match st {
                St::BeforeName | St::AfterName => {
                    while is_space(*s.get(i)?) {
                        i += 1;
                    }
                    match s[i] {
                        b'/' => {
                            i += 1;
                            st = St::SelfClosing;
                        }
                        b'>' => return Some(i + 1),
                        b'=' if matches!(st, St::AfterName) => {
                            i += 1;
                            st = St::BeforeValue;
                        }
                        _ => {
                            // The attribute name state: the first character
                            // is part of the name whatever it is.
                            let start = i;
                            i += 1;
                            loop {
                                let b = *s.get(i)?;
                                if is_space(b) || matches!(b, b'/' | b'>' | b'=') {
                                    break;
                                }
                                i += 1;
                            }
                            self.attrs.push(RawAttr {
                                name: start..i,
                                value: i..i,
                            });
                            match s[i] {
                                b'/' => st = St::SelfClosing,
                                b'>' => return Some(i + 1),
                                b'=' => st = St::BeforeValue,
                                _ => st = St::AfterName,
                            }
                            i += 1;
                        }
                    }
                }
                St::BeforeValue => {
                    let start = i;
                    while is_space(*s.get(i)?) {
                        i += 1;
                    }
                    if i > start {
                        // html5ever peeks and discards these without
                        // counting their newlines.
                        self.lines.uncounted += self.lines.count(start, i);
                    }
                    let value = match s[i] {
                        q @ (b'"' | b'\'') => {
                            let close = find(s, i + 1, q)?;
                            let value = i + 1..close;
                            i = close + 1;
                            st = St::AfterQuotedValue;
                            value
                        }
                        b'>' => return Some(i + 1),
                        _ => {
                            let start = i;
                            loop {
                                let b = *s.get(i)?;
                                if is_space(b) || b == b'>' {
                                    break;
                                }
                                i += 1;
                            }
                            let value = start..i;
                            if s[i] == b'>' {
                                if let Some(last) = self.attrs.last_mut() {
                                    last.value = value;
                                }
                                return Some(i + 1);
                            }
                            i += 1;
                            st = St::BeforeName;
                            value
                        }
                    };
                    if let Some(last) = self.attrs.last_mut() {
                        last.value = value;
                    }
                }
                St::AfterQuotedValue => match *s.get(i)? {
                    b'/' => {
                        i += 1;
                        st = St::SelfClosing;
                    }
                    b'>' => return Some(i + 1),
                    b if is_space(b) => {
                        i += 1;
                        st = St::BeforeName;
                    }
                    // Reconsumed in the before attribute name state.
                    _ => st = St::BeforeName,
                },
                St::SelfClosing => match *s.get(i)? {
                    b'>' => {
                        self.self_closing = true;
                        return Some(i + 1);
                    }
                    _ => st = St::BeforeName,
                },
            }
        }
    }

    /// At `i`, just after `</` in raw text: the end of the tag name if it
    /// starts an appropriate end tag (the last start tag's name followed
    /// by whitespace, `/` or `>`), else `Err` with where raw text resumes.
    fn appropriate_end_tag(&self, i: usize) -> Result<usize, usize> {
        let s = self.src;
        let mut end = i;
        while s.get(end).is_some_and(u8::is_ascii_alphabetic) {
            end += 1;
        }
        if end > i
            && s[i..end].eq_ignore_ascii_case(self.name.as_bytes())
            && s.get(end)
                .is_some_and(|&b| is_space(b) || b == b'/' || b == b'>')
        {
            Ok(end)
        } else {
            Err(end)
        }
    }

    /// RCDATA and RAWTEXT from `at` (they differ only in character
    /// references, which do not matter here): the end of the name of the
    /// end tag that ends them, or `None` at the end of the document.
    fn raw_text(&self, at: usize) -> Option<usize> {
        let s = self.src;
        let mut i = at;
        loop {
            let lt = find(s, i, b'<')?;
            if s.get(lt + 1) != Some(&b'/') {
                i = lt + 1;
                continue;
            }
            match self.appropriate_end_tag(lt + 2) {
                Ok(end) => return Some(end),
                Err(resume) => i = resume,
            }
        }
    }

    /// Script data from `at`, with its escaped and double-escaped states:
    /// the end of the name of the `</script` that ends it, or `None`.
    fn script_data(&self, at: usize) -> Option<usize> {
        #[derive(Clone, Copy, PartialEq)]
        enum St {
            Data,
            LessThan,
            EscapeStart,
            EscapeStartDash,
            Escaped,
            EscapedDash,
            EscapedDashDash,
            EscapedLessThan,
            DoubleEscapeStart,
            DoubleEscaped,
            DoubleEscapedDash,
            DoubleEscapedDashDash,
            DoubleEscapedLessThan,
            DoubleEscapeEnd,
        }
        use St::*;
        let s = self.src;
        let mut i = at;
        let mut st = Data;
        // The temporary buffer, lowercased: whether it is "script".
        let mut temp = [0u8; 6];
        let mut temp_len = 0usize;
        fn push_temp(temp: &mut [u8; 6], len: &mut usize, b: u8) {
            if let Some(slot) = temp.get_mut(*len) {
                *slot = b.to_ascii_lowercase();
            }
            *len += 1;
        }
        loop {
            match st {
                Data => {
                    i = find(s, i, b'<')? + 1;
                    st = LessThan;
                    continue;
                }
                Escaped | DoubleEscaped => {
                    let at = i + s.get(i..)?.iter().position(|&b| b == b'-' || b == b'<')?;
                    i = at + 1;
                    st = match (st, s[at]) {
                        (Escaped, b'-') => EscapedDash,
                        (Escaped, _) => EscapedLessThan,
                        (_, b'-') => DoubleEscapedDash,
                        _ => DoubleEscapedLessThan,
                    };
                    continue;
                }
                _ => {}
            }
            let b = *s.get(i)?;
            // Each arm either consumes `b` (i += 1) or reconsumes it.
            match st {
                LessThan => match b {
                    b'/' => match self.appropriate_end_tag(i + 1) {
                        Ok(end) => return Some(end),
                        Err(resume) => {
                            i = resume;
                            st = Data;
                        }
                    },
                    b'!' => {
                        i += 1;
                        st = EscapeStart;
                    }
                    _ => st = Data,
                },
                EscapeStart | EscapeStartDash => {
                    if b == b'-' {
                        i += 1;
                        st = if st == EscapeStart {
                            EscapeStartDash
                        } else {
                            EscapedDashDash
                        };
                    } else {
                        st = Data;
                    }
                }
                EscapedDash | EscapedDashDash | DoubleEscapedDash | DoubleEscapedDashDash => {
                    let double = matches!(st, DoubleEscapedDash | DoubleEscapedDashDash);
                    i += 1;
                    st = match b {
                        b'-' if double => DoubleEscapedDashDash,
                        b'-' => EscapedDashDash,
                        b'<' if double => DoubleEscapedLessThan,
                        b'<' => EscapedLessThan,
                        b'>' if matches!(st, EscapedDashDash | DoubleEscapedDashDash) => Data,
                        _ if double => DoubleEscaped,
                        _ => Escaped,
                    };
                }
                EscapedLessThan => match b {
                    b'/' => match self.appropriate_end_tag(i + 1) {
                        Ok(end) => return Some(end),
                        Err(resume) => {
                            i = resume;
                            st = Escaped;
                        }
                    },
                    b if b.is_ascii_alphabetic() => {
                        temp_len = 0;
                        push_temp(&mut temp, &mut temp_len, b);
                        i += 1;
                        st = DoubleEscapeStart;
                    }
                    _ => st = Escaped,
                },
                DoubleEscapeStart | DoubleEscapeEnd => {
                    let start = st == DoubleEscapeStart;
                    if is_space(b) || b == b'/' || b == b'>' {
                        i += 1;
                        let script = temp_len == 6 && &temp == b"script";
                        st = match (start, script) {
                            (true, true) | (false, false) => DoubleEscaped,
                            _ => Escaped,
                        };
                    } else if b.is_ascii_alphabetic() {
                        push_temp(&mut temp, &mut temp_len, b);
                        i += 1;
                    } else {
                        st = if start { Escaped } else { DoubleEscaped };
                    }
                }
                DoubleEscapedLessThan => {
                    if b == b'/' {
                        temp_len = 0;
                        i += 1;
                        st = DoubleEscapeEnd;
                    } else {
                        st = DoubleEscaped;
                    }
                }
                Data | Escaped | DoubleEscaped => unreachable!("handled above"),
            }
        }
    }
}

/// After `<!--` at `at`: where the data state resumes after the comment
/// (`-->`, `--!>`, or the abrupt `<!-->` and `<!--->`), or `None` if it
/// runs to the end.
fn comment_end(s: &[u8], at: usize) -> Option<usize> {
    match s.get(at..) {
        Some([b'>', ..]) => return Some(at + 1),
        Some([b'-', b'>', ..]) => return Some(at + 2),
        _ => {}
    }
    let mut from = at;
    loop {
        let dash = find(s, from, b'-')?;
        match s.get(dash + 1..) {
            Some([b'-', b'>', ..]) => return Some(dash + 3),
            Some([b'-', b'!', b'>', ..]) => return Some(dash + 4),
            _ => from = dash + 1,
        }
    }
}

/// An attribute value as the tokenizer builds it: character references
/// decoded (with the legacy rules for attributes), NUL replaced, newlines
/// normalized.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state>
fn decode_attribute(raw: &str) -> Cow<'_, str> {
    let s = raw.as_bytes();
    if !s.iter().any(|&b| matches!(b, b'&' | b'\0' | b'\r')) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    let mut plain = 0;
    while i < s.len() {
        let b = s[i];
        if !matches!(b, b'&' | b'\0' | b'\r') {
            i += 1;
            continue;
        }
        out.push_str(&raw[plain..i]);
        i += 1;
        match b {
            b'\0' => out.push('\u{FFFD}'),
            b'\r' => {
                out.push('\n');
                if s.get(i) == Some(&b'\n') {
                    i += 1;
                }
            }
            _ => match char_ref(s, i) {
                Some((chars, len)) => {
                    out.extend(chars.iter().flatten());
                    i += len;
                }
                None => out.push('&'),
            },
        }
        plain = i;
    }
    out.push_str(&raw[plain..]);
    Cow::Owned(out)
}

/// The character reference after an `&` at `s[at - 1]`, in an attribute
/// value `s`: its characters and how many bytes after the `&` it takes, or
/// `None` when the `&` is text. Follows html5ever's `CharRefTokenizer`.
fn char_ref(s: &[u8], at: usize) -> Option<([Option<char>; 2], usize)> {
    match *s.get(at)? {
        b'#' => {
            let (base, digits_at) = match s.get(at + 1) {
                Some(b'x' | b'X') => (16, at + 2),
                _ => (10, at + 1),
            };
            let mut i = digits_at;
            let mut num: u32 = 0;
            let mut too_big = false;
            while let Some(d) = s.get(i).and_then(|&b| char::from(b).to_digit(base)) {
                num = num.wrapping_mul(base);
                if num > 0x10FFFF {
                    too_big = true;
                }
                num = num.wrapping_add(d);
                i += 1;
            }
            if i == digits_at {
                return None;
            }
            if s.get(i) == Some(&b';') {
                i += 1;
            }
            let c = match num {
                n if n > 0x10FFFF || too_big => '\u{FFFD}',
                0x00 | 0xD800..=0xDFFF => '\u{FFFD}',
                0x80..=0x9F => C1_REPLACEMENTS[(num - 0x80) as usize]
                    .or_else(|| char::from_u32(num))
                    .unwrap_or('\u{FFFD}'),
                n => char::from_u32(n).unwrap_or('\u{FFFD}'),
            };
            Some(([Some(c), None], i - at))
        }
        b if b.is_ascii_alphanumeric() => {
            // The longest name in the table (which holds every prefix of
            // every name) that the input starts with.
            let mut best = None;
            let mut i = at;
            while i < s.len() && s[i].is_ascii() {
                let Some(&(c1, c2)) = NAMED_ENTITIES.get(std::str::from_utf8(&s[at..=i]).ok()?)
                else {
                    break;
                };
                i += 1;
                if c1 != 0 {
                    best = Some((c1, c2, i));
                }
            }
            let (c1, c2, end) = best?;
            // The legacy rule for attributes: `&copy=` and `&copyx` stay
            // as written.
            if s[end - 1] != b';'
                && s.get(end)
                    .is_some_and(|&b| b == b'=' || b.is_ascii_alphanumeric())
            {
                return None;
            }
            let c2 = if c2 == 0 { None } else { char::from_u32(c2) };
            Some(([char::from_u32(c1), c2], end - at))
        }
        _ => None,
    }
}

struct State {
    encoding: &'static Encoding,
    tentative: bool,
    scripting: bool,
    restart: Option<&'static Encoding>,
    /// Open `<template>` elements: their contents are not in the document.
    template_depth: u32,
    /// The tree builder's form element pointer: a `<form>` inside another
    /// is dropped.
    form_open: bool,
    /// Open `<svg>`/`<math>` elements and the HTML integration points in
    /// them; the top one says whether the tokenizer is in foreign content.
    frames: Vec<Frame>,
    scan: Scan,
}

struct Frame {
    name: String,
    foreign: bool,
}

impl State {
    /// Whether the adjusted current node is not an HTML element: then
    /// `<![CDATA[` opens a CDATA section; elsewhere it is a bogus comment.
    fn in_foreign_content(&self) -> bool {
        self.frames.last().is_some_and(|f| f.foreign)
    }

    /// A start tag ending just before `end`.
    fn start_tag(&mut self, tag: &Tag, lines: &mut Lines, end: usize) -> Next {
        let name = tag.name;
        if self.in_foreign_content() {
            if breaks_out_of_foreign_content(tag) {
                // The tree builder pops to the nearest HTML element and
                // handles the tag as HTML.
                while self.in_foreign_content() {
                    self.frames.pop();
                }
            } else {
                if !tag.self_closing && is_html_integration_point(tag) {
                    self.frames.push(Frame {
                        name: name.to_owned(),
                        foreign: false,
                    });
                } else if !tag.self_closing && matches!(name, "svg" | "math") {
                    self.frames.push(Frame {
                        name: name.to_owned(),
                        foreign: true,
                    });
                }
                return Next::Data;
            }
        }
        if matches!(name, "svg" | "math") {
            if !tag.self_closing {
                self.frames.push(Frame {
                    name: name.to_owned(),
                    foreign: true,
                });
            }
            return Next::Data;
        }
        // <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>:
        // "image" is read as "img".
        let name = if name == "image" { "img" } else { name };
        if self.template_depth == 0 {
            // <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody> ("form")
            if name == "form" {
                if self.form_open {
                    return Next::Data;
                }
                self.form_open = true;
            }
            self.element(name, tag, lines, end);
        }
        // A `<meta>` in template contents still changes the encoding.
        if name == "meta" && self.tentative && self.meta_encoding(tag) {
            return Next::Stop;
        }
        if name == "template" {
            self.template_depth += 1;
        }
        match name {
            "script" => Next::ScriptData,
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => Next::Rawtext,
            "noscript" if self.scripting => Next::Rawtext,
            "textarea" | "title" => Next::Rcdata,
            "plaintext" => Next::Plaintext,
            _ => Next::Data,
        }
    }

    fn end_tag(&mut self, name: &str) {
        if self.in_foreign_content() && matches!(name, "br" | "p") {
            while self.in_foreign_content() {
                self.frames.pop();
            }
            return;
        }
        if let Some(i) = self.frames.iter().rposition(|f| f.name == name) {
            self.frames.truncate(i);
            return;
        }
        if self.in_foreign_content() {
            return;
        }
        match name {
            "template" => self.template_depth = self.template_depth.saturating_sub(1),
            "form" if self.template_depth == 0 => self.form_open = false,
            _ => {}
        }
    }

    /// An HTML element in the document: records its URL attributes and the
    /// first `<base href>`.
    fn element(&mut self, name: &str, tag: &Tag, lines: &mut Lines, end: usize) {
        for spec in url_attributes(name) {
            let Some(value) = tag.get(spec.attribute) else {
                continue;
            };
            if spec.kind == AttributeKind::Refresh
                && !tag
                    .get("http-equiv")
                    .is_some_and(|v| v.eq_ignore_ascii_case("refresh"))
            {
                continue;
            }
            self.scan.links.push(RawLink {
                element: spec.element,
                attribute: spec.attribute,
                kind: spec.kind,
                value: value.into_owned(),
                line: lines.at(end),
            });
        }
        if name == "base" && self.scan.first_base_href.is_none() {
            self.scan.first_base_href = tag.get("href").map(Cow::into_owned);
        }
    }

    /// The `<meta>` rule of the "in head" insertion mode.
    ///
    /// <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead> ("meta")
    fn meta_encoding(&mut self, tag: &Tag) -> bool {
        let declared = tag
            .get("charset")
            .and_then(|label| Encoding::for_label(label.as_bytes()))
            .or_else(|| {
                let pragma = tag.get("http-equiv")?;
                if !pragma.eq_ignore_ascii_case("content-type") {
                    return None;
                }
                encoding::extract_from_meta_content(tag.get("content")?.as_bytes())
            });
        let Some(declared) = declared else {
            return false;
        };
        match encoding::change_the_encoding(self.encoding, declared) {
            Some(new) => {
                self.restart = Some(new);
                true
            }
            None => {
                // Same encoding: it is now certain.
                self.tentative = false;
                false
            }
        }
    }
}

/// Start tags that end foreign content.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>
fn breaks_out_of_foreign_content(tag: &Tag) -> bool {
    match tag.name {
        "b" | "big" | "blockquote" | "body" | "br" | "center" | "code" | "dd" | "div" | "dl"
        | "dt" | "em" | "embed" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "head" | "hr" | "i"
        | "img" | "li" | "listing" | "menu" | "meta" | "nobr" | "ol" | "p" | "pre" | "ruby"
        | "s" | "small" | "span" | "strong" | "strike" | "sub" | "sup" | "table" | "tt" | "u"
        | "ul" | "var" => true,
        "font" => ["color", "face", "size"].iter().any(|a| tag.has(a)),
        _ => false,
    }
}

/// SVG and MathML elements whose content is parsed as HTML.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point>,
/// <https://html.spec.whatwg.org/multipage/parsing.html#mathml-text-integration-point>
fn is_html_integration_point(tag: &Tag) -> bool {
    match tag.name {
        // The tokenizer lowercases `foreignObject`.
        "foreignobject" | "desc" | "title" | "mi" | "mo" | "mn" | "ms" | "mtext" => true,
        "annotation-xml" => tag.get("encoding").is_some_and(|e| {
            e.eq_ignore_ascii_case("text/html") || e.eq_ignore_ascii_case("application/xhtml+xml")
        }),
        _ => false,
    }
}
