//! Matching a part list directly, without a regular expression, for the
//! shapes routing patterns have: fixed text, named segments (`:id`) and a
//! trailing wildcard, with at most a few optional parts.
//!
//! The standard allows this: "Implementations are free to perform matching
//! directly against the part list when possible; e.g. when there are no
//! custom regexp matching groups"
//! (<https://urlpattern.spec.whatwg.org/#compile-a-component>). The result
//! must be the one the component's regular expression gives, so only part
//! lists whose regular expression can match in one way per choice of the
//! optional parts are taken, and the choices are tried in the order the
//! regular expression prefers them (an optional part is taken first).
//!
//! The match inputs are canonicalized component strings: they never
//! contain a line terminator (the URL parser removes tabs and newlines and
//! percent-encodes other controls and all non-ASCII), so `.*` matches any
//! of them.

use crate::parser::{Modifier, Options, Part, PartType};

/// At most this many optional parts: every combination of them may be
/// tried, so a match is at most 2^4 passes over the input.
const MAX_OPTIONAL: usize = 4;
/// At most this many parts, which bounds the recursion.
const MAX_PARTS: usize = 32;

#[derive(Debug, Clone)]
enum Piece {
    /// `text` or `(?:text)?`.
    Fixed { text: String, optional: bool },
    /// `(?:prefix([^d]+?)suffix)` or the same with `?`, where what follows
    /// the segment always starts with the delimiter `d` (or is the end), so
    /// the lazy segment takes exactly the run of non-delimiters.
    Segment {
        prefix: String,
        suffix: String,
        optional: bool,
        group: usize,
    },
    /// `prefix(.*)tail$` or `(?:prefix(.*)suffix)?rest$`, where `tail` is
    /// the suffix and the fixed text after it to the end: the greedy
    /// wildcard takes everything between the prefix and that text. When it
    /// is optional and does not match, the pieces after it (that fixed
    /// text) are matched instead.
    Tail {
        prefix: String,
        tail: String,
        optional: bool,
        /// Optional with no prefix and no suffix of its own: a wildcard
        /// that matched "" was an empty iteration, which ECMAScript rejects
        /// (the group is then undefined).
        may_be_empty_iteration: bool,
        group: usize,
    },
}

/// A component's part list, matched directly.
#[derive(Debug, Clone)]
pub(crate) struct PartMatcher {
    pieces: Vec<Piece>,
    delimiter: u8,
    shape: Shape,
}

/// How many ways a part list can match, which decides how it is run.
#[derive(Debug, Clone)]
enum Shape {
    /// No piece is optional: one pass, no choices to go back on. Every
    /// match starts with `lead`, the first piece's fixed text (none when
    /// it is a wildcard with no prefix, as in `*.com`).
    Straight { lead: Option<Lead> },
    /// Only the first piece is optional, and it is fixed text or a
    /// segment; what follows it starts with `lead`, the second piece's
    /// fixed text (or is the end). `test` decides from one look at the
    /// start of the input whether to match with it, without it, or
    /// (rarely) both.
    FirstOptional { lead: Lead },
    /// Anything else: the choices in the order the regular expression
    /// prefers them.
    General,
}

/// `text.starts_with(prefix)` as a plain loop: the prefixes are short
/// (often empty), and a call into the C library's `memcmp` for them costs
/// more than the comparison.
fn has_prefix(text: &[u8], prefix: &[u8]) -> bool {
    text.len() >= prefix.len() && text.iter().zip(prefix).all(|(a, b)| a == b)
}

/// `text.ends_with(suffix)`, likewise.
fn has_suffix(text: &[u8], suffix: &[u8]) -> bool {
    text.len() >= suffix.len()
        && text[text.len() - suffix.len()..]
            .iter()
            .zip(suffix)
            .all(|(a, b)| a == b)
}

/// `0x01` in every byte of a word.
const LOW_BITS: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; 8]);

/// `0x80` in each byte of `x` that is zero, and maybe in bytes above the
/// first zero one (where `x - 0x01..` borrows), so only the lowest flag is
/// sure.
#[inline(always)]
fn zero_lanes(x: u64) -> u64 {
    x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS
}

/// The lowest byte of `word` (the earliest, read little-endian) that
/// equals the byte in every lane of `splat`.
#[inline(always)]
fn first_lane(word: u64, splat: u64) -> Option<usize> {
    let zeros = zero_lanes(word ^ splat);
    (zeros != 0).then(|| (zeros.trailing_zeros() / 8) as usize)
}

/// Where the segment that starts at `from` (at most `bytes.len()`) ends:
/// the first `delimiter` at or after `from`, or `bytes.len()`. Eight bytes at a time, the first
/// sixteen at once: most segments end within them, and whether one ends
/// in the first word or the second is a branch that no predictor learns.
/// A last partial word is read as the input's last eight bytes, whose
/// earlier ones are known not to hold the delimiter.
#[inline(always)]
fn segment_end(bytes: &[u8], from: usize, delimiter: u8) -> usize {
    let len = bytes.len();
    if len - from < 8 {
        return segment_end_scalar(bytes, from, delimiter);
    }
    let splat = u64::from_ne_bytes([delimiter; 8]);
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_default());
    let mut at = from;
    if len - from >= 16 {
        let first = zero_lanes(word(from) ^ splat);
        let second = zero_lanes(word(from + 8) ^ splat);
        let both = u128::from(first) | u128::from(second) << 64;
        if both != 0 {
            return from + (both.trailing_zeros() / 8) as usize;
        }
        at += 16;
    }
    while len - at >= 8 {
        if let Some(lane) = first_lane(word(at), splat) {
            return at + lane;
        }
        at += 8;
    }
    if at == len {
        return len;
    }
    match first_lane(word(len - 8), splat) {
        Some(lane) => len - 8 + lane,
        None => len,
    }
}

/// [`segment_end`] one byte at a time: the reference that it must agree
/// with, and the scan of the walks that may go on past a segment, where
/// the word constants would cost registers that every call pays for.
#[inline]
fn segment_end_scalar(bytes: &[u8], from: usize, delimiter: u8) -> usize {
    from + bytes[from..]
        .iter()
        .position(|&b| b == delimiter)
        .unwrap_or(bytes.len() - from)
}

/// Fixed text that a match must have at a known place, compared as one
/// word when it is at most eight bytes long and eight bytes are there to
/// read.
#[derive(Debug, Clone)]
struct Lead {
    text: String,
    /// The text's bytes, read little-endian, the rest zero.
    word: u64,
    /// `0xff` in the text's bytes.
    mask: u64,
}

impl Lead {
    /// The fixed text `piece` starts with when it is present ("" for the
    /// end).
    fn of(piece: Option<&Piece>) -> Lead {
        let text = match piece {
            Some(Piece::Fixed { text, .. }) => text,
            Some(Piece::Segment { prefix, .. } | Piece::Tail { prefix, .. }) => prefix,
            None => "",
        };
        let mut bytes = [0; 8];
        let mut mask = [0; 8];
        for (i, &b) in text.as_bytes().iter().take(8).enumerate() {
            bytes[i] = b;
            mask[i] = 0xff;
        }
        Lead {
            text: text.to_owned(),
            word: u64::from_le_bytes(bytes),
            mask: u64::from_le_bytes(mask),
        }
    }

    /// Whether `bytes[pos..]` starts with the text (`pos <= bytes.len()`).
    #[inline(always)]
    fn is_at(&self, bytes: &[u8], pos: usize) -> bool {
        let rest = &bytes[pos..];
        match rest.get(..8) {
            Some(chunk) if self.text.len() <= 8 => {
                u64::from_le_bytes(chunk.try_into().unwrap_or_default()) & self.mask == self.word
            }
            _ => has_prefix(rest, self.text.as_bytes()),
        }
    }
}

/// The text a part starts with when it is present.
fn leading_text(part: &Part) -> &str {
    if part.ty == PartType::FixedText {
        &part.value
    } else {
        &part.prefix
    }
}

/// Joins each fixed text that is not optional to the piece after it when
/// that piece is not optional either (text `T` then a segment with prefix
/// `P` matches as a segment with prefix `TP`), so a match makes one step
/// fewer per fixed text: `/users/:id` is one segment with prefix `/users/`.
fn merge_fixed_text(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut merged: Vec<Piece> = Vec::with_capacity(pieces.len());
    for mut piece in pieces {
        if let Some(Piece::Fixed {
            text,
            optional: false,
        }) = merged.last()
        {
            let joined = match &mut piece {
                Piece::Fixed {
                    text: next,
                    optional: false,
                }
                | Piece::Segment {
                    prefix: next,
                    optional: false,
                    ..
                }
                | Piece::Tail {
                    prefix: next,
                    optional: false,
                    ..
                } => {
                    next.insert_str(0, text);
                    true
                }
                _ => false,
            };
            if joined {
                merged.pop();
            }
        }
        merged.push(piece);
    }
    merged
}

impl PartMatcher {
    /// The matcher for `parts`, if their regular expression has a shape
    /// this module matches exactly.
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<PartMatcher> {
        if options.ignore_case || parts.len() > MAX_PARTS {
            return None;
        }
        let delimiter = options.delimiter.unwrap_or(0);
        let mut pieces = Vec::with_capacity(parts.len());
        let mut optional_count = 0;
        let mut group = 0;
        for (i, part) in parts.iter().enumerate() {
            let optional = match part.modifier {
                Modifier::None => false,
                Modifier::Optional => true,
                Modifier::ZeroOrMore | Modifier::OneOrMore => return None,
            };
            optional_count += usize::from(optional);
            match part.ty {
                PartType::FixedText => pieces.push(Piece::Fixed {
                    text: part.value.clone(),
                    optional,
                }),
                PartType::SegmentWildcard => {
                    options.delimiter?;
                    let follows_delimiter =
                        |text: &str| text.as_bytes().first() == Some(&delimiter);
                    let deterministic = if !part.suffix.is_empty() {
                        follows_delimiter(&part.suffix)
                    } else {
                        match parts.get(i + 1) {
                            None => true,
                            Some(next) => {
                                next.modifier == Modifier::None
                                    && follows_delimiter(leading_text(next))
                            }
                        }
                    };
                    if !deterministic {
                        return None;
                    }
                    pieces.push(Piece::Segment {
                        prefix: part.prefix.clone(),
                        suffix: part.suffix.clone(),
                        optional,
                        group,
                    });
                    group += 1;
                }
                PartType::FullWildcard => {
                    let rest = &parts[i + 1..];
                    if !rest
                        .iter()
                        .all(|p| p.ty == PartType::FixedText && p.modifier == Modifier::None)
                    {
                        return None;
                    }
                    let mut tail = part.suffix.clone();
                    rest.iter().for_each(|p| tail.push_str(&p.value));
                    pieces.push(Piece::Tail {
                        prefix: part.prefix.clone(),
                        tail,
                        optional,
                        may_be_empty_iteration: optional
                            && part.prefix.is_empty()
                            && part.suffix.is_empty(),
                        group,
                    });
                    group += 1;
                }
                PartType::Regexp => return None,
            }
        }
        if optional_count > MAX_OPTIONAL {
            return None;
        }
        let pieces = merge_fixed_text(pieces);
        let shape = if optional_count == 0 {
            Shape::Straight {
                lead: Some(Lead::of(pieces.first())).filter(|lead| !lead.text.is_empty()),
            }
        } else if optional_count == 1
            && matches!(
                pieces.first(),
                Some(Piece::Fixed { optional: true, .. } | Piece::Segment { optional: true, .. })
            )
        {
            Shape::FirstOptional {
                lead: Lead::of(pieces.get(1)),
            }
        } else {
            Shape::General
        };
        Some(PartMatcher {
            pieces,
            delimiter,
            shape,
        })
    }

    /// Whether every input matches (the pattern `*`).
    pub(crate) fn matches_everything(&self) -> bool {
        matches!(self.pieces.as_slice(), [Piece::Tail { prefix, tail, .. }] if prefix.is_empty() && tail.is_empty())
    }

    /// Whether `input` matches; each group's byte range goes into `groups`
    /// (which may be shorter than the group count, or empty).
    pub(crate) fn run(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool {
        match &self.shape {
            // Most inputs a route sees do not start with its fixed text:
            // they are turned away here, before the pieces are walked.
            Shape::Straight { lead } => {
                lead.as_ref()
                    .is_none_or(|lead| lead.is_at(input.as_bytes(), 0))
                    && self.run_straight(input, 0, 0, groups)
            }
            Shape::FirstOptional { lead } if groups.is_empty() => {
                self.test_first_optional(input, lead)
            }
            _ => self.run_from(input, 0, 0, groups),
        }
    }

    /// Whether `input` matches a part list whose only optional piece is
    /// the first (without groups, which choice the regular expression
    /// prefers does not matter). Either way the second piece must come
    /// next, and it starts with fixed text (`/docs/` in
    /// `{/:lang}?/docs/:page`): one look at that text where the first
    /// piece ends, and one at the start of the input, tell which choices
    /// can match, so a miss reads the first segment once and nothing more.
    /// Both can only when the input holds the text twice in a row, with the
    /// first piece's match between (`/docs/docs/…`).
    #[inline(never)]
    fn test_first_optional(&self, input: &str, lead: &Lead) -> bool {
        let bytes = input.as_bytes();
        let with_first = self.take_first(input).filter(|&end| lead.is_at(bytes, end));
        let without_first = lead.is_at(bytes, 0);
        with_first.is_some_and(|end| self.run_straight(input, 1, end, &mut []))
            || (without_first && self.run_straight(input, 1, 0, &mut []))
    }

    /// Where the first piece, fixed text or a segment, ends when it
    /// matches at the start of `input`.
    fn take_first(&self, input: &str) -> Option<usize> {
        let bytes = input.as_bytes();
        match self.pieces.first()? {
            Piece::Fixed { text, .. } => has_prefix(bytes, text.as_bytes()).then_some(text.len()),
            Piece::Segment { prefix, suffix, .. } => {
                if !has_prefix(bytes, prefix.as_bytes()) {
                    return None;
                }
                let start = prefix.len();
                let end = segment_end(bytes, start, self.delimiter);
                (end > start && has_prefix(&bytes[end..], suffix.as_bytes()))
                    .then_some(end + suffix.len())
            }
            Piece::Tail { .. } => None,
        }
    }

    /// The pieces from `index` on, none of them optional, matched from
    /// `pos`: the pieces in turn, each taking the one span it can.
    #[inline]
    fn run_straight(
        &self,
        input: &str,
        index: usize,
        mut pos: usize,
        groups: &mut [Option<(usize, usize)>],
    ) -> bool {
        let bytes = input.as_bytes();
        for piece in self.pieces.get(index..).unwrap_or_default() {
            let rest = &bytes[pos..];
            match piece {
                Piece::Fixed { text, .. } => {
                    if !has_prefix(rest, text.as_bytes()) {
                        return false;
                    }
                    pos += text.len();
                }
                Piece::Segment {
                    prefix,
                    suffix,
                    group,
                    ..
                } => {
                    if !has_prefix(rest, prefix.as_bytes()) {
                        return false;
                    }
                    let start = pos + prefix.len();
                    let end = segment_end_scalar(bytes, start, self.delimiter);
                    if end == start || !has_prefix(&bytes[end..], suffix.as_bytes()) {
                        return false;
                    }
                    if let Some(slot) = groups.get_mut(*group) {
                        *slot = Some((start, end));
                    }
                    pos = end + suffix.len();
                }
                Piece::Tail {
                    prefix,
                    tail,
                    group,
                    ..
                } => {
                    let ok = rest.len() >= prefix.len() + tail.len()
                        && has_prefix(rest, prefix.as_bytes())
                        && has_suffix(rest, tail.as_bytes());
                    if ok {
                        if let Some(slot) = groups.get_mut(*group) {
                            *slot = Some((pos + prefix.len(), input.len() - tail.len()));
                        }
                    }
                    // A wildcard that is not optional ends the pieces.
                    return ok;
                }
            }
        }
        pos == bytes.len()
    }

    fn run_from(
        &self,
        input: &str,
        index: usize,
        pos: usize,
        groups: &mut [Option<(usize, usize)>],
    ) -> bool {
        let Some(piece) = self.pieces.get(index) else {
            return pos == input.len();
        };
        let rest = &input.as_bytes()[pos..];
        match piece {
            Piece::Fixed { text, optional } => {
                (has_prefix(rest, text.as_bytes())
                    && self.run_from(input, index + 1, pos + text.len(), groups))
                    || (*optional && self.run_from(input, index + 1, pos, groups))
            }
            Piece::Segment {
                prefix,
                suffix,
                optional,
                group,
            } => {
                if has_prefix(rest, prefix.as_bytes()) {
                    let start = pos + prefix.len();
                    let end = segment_end_scalar(input.as_bytes(), start, self.delimiter);
                    if end > start && has_prefix(&input.as_bytes()[end..], suffix.as_bytes()) {
                        if let Some(slot) = groups.get_mut(*group) {
                            *slot = Some((start, end));
                        }
                        if self.run_from(input, index + 1, end + suffix.len(), groups) {
                            return true;
                        }
                        if let Some(slot) = groups.get_mut(*group) {
                            *slot = None;
                        }
                    }
                }
                *optional && self.run_from(input, index + 1, pos, groups)
            }
            Piece::Tail {
                prefix,
                tail,
                optional,
                may_be_empty_iteration,
                group,
            } => {
                let ok = rest.len() >= prefix.len() + tail.len()
                    && has_prefix(rest, prefix.as_bytes())
                    && has_suffix(rest, tail.as_bytes())
                    && !(*may_be_empty_iteration && rest.len() == tail.len());
                if ok {
                    if let Some(slot) = groups.get_mut(*group) {
                        *slot = Some((pos + prefix.len(), input.len() - tail.len()));
                    }
                    return true;
                }
                *optional && self.run_from(input, index + 1, pos, groups)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lead's word comparison gives `has_prefix`'s answer at every
    /// position of strings of up to 11 bytes, for texts of up to 10.
    #[test]
    fn lead_agrees_with_has_prefix() {
        let texts = [
            "",
            "/",
            "/d",
            "/docs/",
            "/static/",
            "/users/x",
            "/users/xy",
            "ab.cd.com",
        ];
        let alphabet = [b'/', b'd', b'x', 0x80 | b'/'];
        let mut buf = Vec::new();
        for text in texts {
            let lead = Lead::of(Some(&Piece::Fixed {
                text: text.to_owned(),
                optional: false,
            }));
            // Strings made of the text's own bytes and the alphabet, so
            // that the text is found often.
            let letters: Vec<u8> = alphabet.iter().chain(text.as_bytes()).copied().collect();
            let n = letters.len();
            let mut state = 0x853c_49e6_748f_ea9b_u64 ^ text.len() as u64;
            for round in 0..4000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                buf.clear();
                if round % 2 == 0 {
                    // The text at a random place, maybe cut short.
                    let at = (state % 4) as usize;
                    buf.extend((0..at).map(|i| letters[(state >> (8 + i)) as usize % n]));
                    let keep = text.len() - (state >> 20) as usize % (text.len() + 1) / 2;
                    buf.extend_from_slice(&text.as_bytes()[..keep]);
                } else {
                    let len = (state % 12) as usize;
                    buf.extend((0..len).map(|i| letters[(state >> (4 * i)) as usize % n]));
                }
                let tail = (state >> 40) as usize % 6;
                buf.extend((0..tail).map(|i| letters[(state >> (44 + i)) as usize % n]));
                for pos in 0..=buf.len() {
                    assert_eq!(
                        lead.is_at(&buf, pos),
                        has_prefix(&buf[pos..], text.as_bytes()),
                        "{text:?} in {buf:?} at {pos}"
                    );
                }
            }
        }
    }

    /// The word-at-a-time scan gives the byte-at-a-time answer from every
    /// start of every string of up to seven bytes over the delimiter, its
    /// neighbours (where a borrow could confuse the word test), the
    /// delimiter with its high bit flipped and a letter; of each such
    /// string of up to six bytes twice, nine letters apart (so that it
    /// falls in the first two words, and in the last partial one); and of
    /// pseudo-random strings of up to 40 bytes.
    #[test]
    fn segment_end_agrees_with_scalar() {
        let check = |bytes: &[u8], delimiter: u8| {
            for from in 0..=bytes.len() {
                assert_eq!(
                    segment_end(bytes, from, delimiter),
                    segment_end_scalar(bytes, from, delimiter),
                    "{bytes:?} from {from}, delimiter {delimiter:#x}"
                );
            }
        };
        let mut buf = Vec::new();
        for d in [b'/', b'.', 0x00, 0xff] {
            let alphabet = [d, d.wrapping_sub(1), d.wrapping_add(1), d ^ 0x80, b'a'];
            for len in 0..=7u32 {
                for n in 0..5usize.pow(len) {
                    buf.clear();
                    buf.extend((0..len).map(|i| alphabet[n / 5usize.pow(i) % 5]));
                    check(&buf, d);
                    if len <= 6 {
                        let short = buf.clone();
                        buf.extend_from_slice(b"aaaaaaaaa");
                        buf.extend_from_slice(&short);
                        check(&buf, d);
                    }
                }
            }
            let mut state = 0x2545_f491_4f6c_dd1d_u64 ^ u64::from(d);
            for _ in 0..20_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let len = (state % 41) as usize;
                buf.clear();
                // The delimiter one time in 16, so that segments span words.
                buf.extend(
                    (0..len).map(|i| match (state >> (i % 16 * 4)) as usize & 15 {
                        0 => d,
                        r => alphabet[1 + r % 4],
                    }),
                );
                check(&buf, d);
            }
        }
    }
}
