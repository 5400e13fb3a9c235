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
    /// No piece is optional: one pass, no choices to go back on.
    straight: bool,
    /// Only the first piece is optional, and it is fixed text or a
    /// segment: `test` is at most two passes, with it and without it.
    only_first_optional: bool,
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
        let only_first_optional = matches!(
            pieces.first(),
            Some(Piece::Fixed { optional: true, .. } | Piece::Segment { optional: true, .. })
        ) && optional_count == 1;
        Some(PartMatcher {
            only_first_optional,
            pieces,
            delimiter,
            straight: optional_count == 0,
        })
    }

    /// Whether every input matches (the pattern `*`).
    pub(crate) fn matches_everything(&self) -> bool {
        matches!(self.pieces.as_slice(), [Piece::Tail { prefix, tail, .. }] if prefix.is_empty() && tail.is_empty())
    }

    /// Whether `input` matches; each group's byte range goes into `groups`
    /// (which may be shorter than the group count, or empty).
    pub(crate) fn run(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool {
        if self.straight {
            return self.run_straight(input, 0, 0, groups);
        }
        if groups.is_empty() && self.only_first_optional {
            // Whether the input matches with the first piece or without it
            // (without groups, which one the regular expression prefers
            // does not matter): two passes cost less than going back.
            return self
                .take_first(input)
                .is_some_and(|end| self.run_straight(input, 1, end, groups))
                || self.run_straight(input, 1, 0, groups);
        }
        self.run_from(input, 0, 0, groups)
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
                let run = bytes[start..]
                    .iter()
                    .position(|&b| b == self.delimiter)
                    .unwrap_or(bytes.len() - start);
                let end = start + run;
                (run > 0 && has_prefix(&bytes[end..], suffix.as_bytes()))
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
                    let run = bytes[start..]
                        .iter()
                        .position(|&b| b == self.delimiter)
                        .unwrap_or(bytes.len() - start);
                    let end = start + run;
                    if run == 0 || !has_prefix(&bytes[end..], suffix.as_bytes()) {
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
                    let after_prefix = &rest[prefix.len()..];
                    let run = after_prefix
                        .iter()
                        .position(|&b| b == self.delimiter)
                        .unwrap_or(after_prefix.len());
                    let start = pos + prefix.len();
                    let end = start + run;
                    if run > 0 && has_prefix(&input.as_bytes()[end..], suffix.as_bytes()) {
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
