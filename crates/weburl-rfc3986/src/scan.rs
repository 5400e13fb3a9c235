//! The one loop that checks a run of characters against a character class
//! (with `pct-encoded` triplets and, for IRIs, the characters RFC 3987 adds),
//! used by both the reference grammar and the `host` rules, so that neither
//! imports the other.

use crate::chars::{self, HEXDIG};
use crate::error::{ErrorKind, Part, Rfc3986Error};

/// Whether non-ASCII characters from RFC 3987 are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// RFC 3986: ASCII only.
    Uri,
    /// RFC 3987: `ucschar` where `iunreserved` is allowed, and `iprivate`
    /// in the query.
    Iri,
}

/// Checks that `s[start..end]` consists of characters in `mask` and
/// `pct-encoded` triplets, plus in IRI mode `ucschar` (and `iprivate` in
/// the query).
pub(crate) fn scan(
    s: &str,
    start: usize,
    end: usize,
    mask: u8,
    part: Part,
    mode: Mode,
) -> Result<(), Rfc3986Error> {
    let b = s.as_bytes();
    let mut i = start;
    while i < end {
        let c = b[i];
        if c == b'%' {
            if i + 2 >= end || !chars::is(b[i + 1], HEXDIG) || !chars::is(b[i + 2], HEXDIG) {
                let kind = ErrorKind::InvalidPercentEncoding { part };
                return Err(Rfc3986Error::new(kind, i));
            }
            i += 3;
        } else if c.is_ascii() {
            if !chars::is(c, mask) {
                let kind = ErrorKind::InvalidCharacter {
                    ch: char::from(c),
                    part,
                };
                return Err(Rfc3986Error::new(kind, i));
            }
            i += 1;
        } else {
            let ch = char_at(s, i);
            let allowed = mode == Mode::Iri
                && (chars::is_ucschar(ch) || (part == Part::Query && chars::is_iprivate(ch)));
            if !allowed {
                let kind = ErrorKind::InvalidCharacter { ch, part };
                return Err(Rfc3986Error::new(kind, i));
            }
            i += ch.len_utf8();
        }
    }
    Ok(())
}

/// The index of the first byte at or after `from` that satisfies `stop`,
/// or the length.
pub(crate) fn find(b: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    b[from..]
        .iter()
        .position(|&c| stop(c))
        .map_or(b.len(), |p| from + p)
}

/// The character starting at byte `i`, which the callers only ask for at a
/// character boundary (every delimiter is ASCII).
pub(crate) fn char_at(s: &str, i: usize) -> char {
    s[i..].chars().next().unwrap_or('\u{FFFD}')
}
