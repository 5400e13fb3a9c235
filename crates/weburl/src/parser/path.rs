//! The path states: path state, opaque path state, and shortening.
//!
//! Paths are written straight into the serialization: each segment as "/"
//! followed by its percent-encoded bytes. A segment that turns out to be a
//! dot segment is cut off again, and "shorten" truncates back to the
//! previous "/". `path_start` marks where the path begins in `out`.

use crate::code_points::{is_normalized_windows_drive_letter, is_windows_drive_letter};
use crate::parser::byte_class::scan_path;
use crate::percent_encoding::{encode_into, percent_byte, EncodeSet};

/// What the path state needs to know about the URL it writes into.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathContext {
    /// The URL is special: "\" separates segments too.
    pub special: bool,
    /// The scheme is "file": the Windows drive letter quirks apply.
    pub file: bool,
    /// A state override is given (the pathname setter): "?" and "#" are
    /// ordinary code points.
    pub state_override: bool,
}

/// Bytes the path state copies as they are whatever the context: not in the
/// path percent-encode set and not a segment separator ("/", "\\").
static PLAIN_PATH_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = !crate::percent_encoding::in_path(b) && b != b'/' && b != b'\\';
        i += 1;
    }
    table
};

/// <https://url.spec.whatwg.org/#single-dot-path-segment>
#[inline]
pub(crate) fn is_single_dot(segment: &[u8]) -> bool {
    segment == b"." || segment.eq_ignore_ascii_case(b"%2e")
}

/// <https://url.spec.whatwg.org/#double-dot-path-segment>
#[inline]
pub(crate) fn is_double_dot(segment: &[u8]) -> bool {
    match segment.len() {
        2 => segment == b"..",
        4 => segment.eq_ignore_ascii_case(b".%2e") || segment.eq_ignore_ascii_case(b"%2e."),
        6 => segment.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// <https://url.spec.whatwg.org/#shorten-a-urls-path>
pub(crate) fn shorten(out: &mut String, path_start: usize, file: bool) {
    let path = &out.as_bytes()[path_start..];
    let Some(last_slash) = path.iter().rposition(|&b| b == b'/') else {
        return;
    };
    if file && last_slash == 0 && is_normalized_windows_drive_letter(&path[1..]) {
        return;
    }
    out.truncate(path_start + last_slash);
}

/// The path state (<https://url.spec.whatwg.org/#path-state>), run from
/// `pos` in `input` until its end, or until "?" or "#" without a state
/// override. Returns the position where the path ended.
pub(crate) fn parse_path(
    out: &mut String,
    path_start: usize,
    input: &str,
    mut pos: usize,
    cx: PathContext,
) -> usize {
    let bytes = input.as_bytes();
    loop {
        // Segments that need nothing (no byte to encode, no dot segment,
        // no drive letter) are copied in one piece, found by the block scan.
        if !cx.state_override && !cx.file && !matches!(bytes.get(pos), Some(b'.' | b'%')) {
            let end = scan_path(bytes, pos);
            match bytes.get(end) {
                None | Some(b'?' | b'#') => {
                    out.push('/');
                    out.push_str(&input[pos..end]);
                    return end;
                }
                // A segment that may be a dot segment starts at `end`,
                // after a "/".
                Some(b'.' | b'%') => {
                    out.push('/');
                    out.push_str(&input[pos..end - 1]);
                    pos = end;
                }
                // A byte to look at: the segments before its own.
                Some(_) => {
                    if let Some(slash) = bytes[pos..end].iter().rposition(|&b| b == b'/') {
                        out.push('/');
                        out.push_str(&input[pos..pos + slash]);
                        pos += slash + 1;
                    }
                }
            }
        }
        out.push('/');
        let segment_start = out.len();
        // Copy the segment, percent-encoding what the path set holds.
        let mut run_start = pos;
        let mut end = pos;
        loop {
            end += bytes[end..]
                .iter()
                .position(|&b| !PLAIN_PATH_BYTE[usize::from(b)])
                .unwrap_or(bytes.len() - end);
            let Some(&b) = bytes.get(end) else {
                break;
            };
            let ends_segment = b == b'/'
                || (cx.special && b == b'\\')
                || (!cx.state_override && (b == b'?' || b == b'#'));
            if ends_segment {
                break;
            }
            if EncodeSet::PATH.contains(b) {
                if run_start < end {
                    out.push_str(&input[run_start..end]);
                }
                out.push_str(percent_byte(b));
                run_start = end + 1;
            }
            end += 1;
        }
        if run_start < end {
            out.push_str(&input[run_start..end]);
        }

        let terminator = bytes.get(end).copied();
        let at_slash = terminator == Some(b'/') || (cx.special && terminator == Some(b'\\'));
        let segment = &out.as_bytes()[segment_start..];
        if is_double_dot(segment) {
            out.truncate(segment_start - 1);
            shorten(out, path_start, cx.file);
            if !at_slash {
                // "/usr/.." gives "/", not an empty path.
                out.push('/');
            }
        } else if is_single_dot(segment) {
            out.truncate(segment_start - 1);
            if !at_slash {
                out.push('/');
            }
        } else if cx.file && segment_start - 1 == path_start && is_windows_drive_letter(segment) {
            // The (platform-independent) Windows drive letter quirk: "C|" becomes "C:".
            out.replace_range(segment_start + 1..segment_start + 2, ":");
        }
        if !at_slash {
            return end;
        }
        pos = end + 1;
    }
}

/// The opaque path state (<https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>),
/// run from `pos` until "?", "#" or the end. Returns where it stopped.
pub(crate) fn parse_opaque_path(out: &mut String, input: &str, pos: usize) -> usize {
    let bytes = input.as_bytes();
    let end = bytes[pos..]
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .map_or(bytes.len(), |i| pos + i);
    let path = &input[pos..end];
    // A space right before "?" or "#" is encoded, so that a later setter
    // that removes the query or fragment never leaves a trailing space.
    match path.strip_suffix(' ') {
        Some(rest) if end < bytes.len() => {
            encode_into(out, rest, EncodeSet::C0_CONTROL);
            out.push_str("%20");
        }
        _ => encode_into(out, path, EncodeSet::C0_CONTROL),
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(input: &str, special: bool, file: bool) -> String {
        let mut out = String::new();
        let cx = PathContext {
            special,
            file,
            state_override: false,
        };
        parse_path(&mut out, 0, input, 0, cx);
        out
    }

    #[test]
    fn dot_segments() {
        assert_eq!(path("a/./b/../c", true, false), "/a/c");
        assert_eq!(path("usr/..", true, false), "/");
        assert_eq!(path("a/%2E%2e/b/%2e", true, false), "/b/");
        assert_eq!(path("a\\b", true, false), "/a/b");
        assert_eq!(path("a\\b", false, false), "/a\\b");
        assert_eq!(path("../../x", false, false), "/x");
    }

    #[test]
    fn drive_letters() {
        assert_eq!(path("C|/../..", true, true), "/C:/");
        assert_eq!(path("x/C|", true, true), "/x/C|");
    }

    #[test]
    fn encodes_path_set() {
        assert_eq!(path("a b?c", true, false), "/a%20b");
        let mut out = String::new();
        let cx = PathContext {
            special: true,
            file: false,
            state_override: true,
        };
        parse_path(&mut out, 0, "a?b#c{}", 0, cx);
        assert_eq!(out, "/a%3Fb%23c%7B%7D");
    }

    #[test]
    fn opaque_paths() {
        let mut out = String::new();
        assert_eq!(parse_opaque_path(&mut out, "a b ?q", 0), 4);
        assert_eq!(out, "a b%20");
    }
}
