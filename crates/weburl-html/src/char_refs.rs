//! Character references in attribute values, decoded as the HTML
//! tokenizer decodes them, with the table of named references generated
//! from html5ever's ([`crate::named_references`]):
//! <https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state>.

use std::borrow::Cow;

use crate::named_references::{C1_REPLACEMENTS, NAMED};

/// An attribute value as the tokenizer builds it: character references
/// decoded (with the legacy rules for attributes), NUL replaced, newlines
/// normalized.
///
/// <https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state>
pub(crate) fn decode_attribute(raw: &str) -> Cow<'_, str> {
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
            // The longest name in the table that the input starts with:
            // the names starting with `s[at..i]` are `NAMED[lo..hi]`, the
            // name itself (the shortest) first when there is one.
            let mut best = None;
            let (mut lo, mut hi) = (0, NAMED.len());
            let mut i = at;
            while i < s.len() && s[i].is_ascii() {
                let (depth, b) = (i - at, s[i]);
                let names = &NAMED[lo..hi];
                let below = |c: fn(&u8, &u8) -> bool| {
                    names.partition_point(|(name, ..)| {
                        name.as_bytes().get(depth).is_none_or(|n| c(n, &b))
                    })
                };
                (lo, hi) = (lo + below(u8::lt), lo + below(u8::le));
                if lo == hi {
                    break;
                }
                i += 1;
                let (name, c1, c2) = NAMED[lo];
                if name.len() == i - at {
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
