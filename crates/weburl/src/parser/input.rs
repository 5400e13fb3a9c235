//! Input pre-processing, done once before the state machine runs.
//!
//! <https://url.spec.whatwg.org/#concept-basic-url-parser> steps 1–3.

use std::borrow::Cow;

use crate::code_points::{is_ascii_tab_or_newline, is_c0_control_or_space};
use crate::swar::{HIGHS, ONES};

/// Removes leading and trailing C0 controls and spaces, then every ASCII tab
/// or newline. Borrows unless a tab or newline has to go.
#[inline]
pub(crate) fn preprocess(input: &str) -> Cow<'_, str> {
    let bytes = input.as_bytes();
    let trimmed = match (bytes.first(), bytes.last()) {
        // Nearly every real URL starts and ends with a printable byte.
        (Some(&first), Some(&last)) if first > b' ' && last > b' ' => input,
        _ => input.trim_matches(is_c0_control_or_space),
    };
    remove_tab_and_newline(trimmed)
}

/// Removes every ASCII tab or newline (setters do only this, no trimming).
#[inline]
pub(crate) fn remove_tab_and_newline(input: &str) -> Cow<'_, str> {
    if !has_tab_or_newline(input.as_bytes()) {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    for piece in input.split(['\t', '\n', '\r']) {
        out.push_str(piece);
    }
    Cow::Owned(out)
}

/// Whether `bytes` holds a tab, LF or CR. Looks at eight bytes at a time:
/// a word with no byte below 0x0E cannot hold one.
#[inline]
fn has_tab_or_newline(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        // The classic "has a byte less than n" test, n = 0x0E.
        if x.wrapping_sub(ONES * 0x0E) & !x & HIGHS != 0
            && chunk.iter().copied().any(is_ascii_tab_or_newline)
        {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .copied()
        .any(is_ascii_tab_or_newline)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_strips() {
        assert_eq!(preprocess("\u{0} \t ht\ntp://a\r/ \u{1f}"), "http://a/");
        assert!(matches!(preprocess("http://a/"), Cow::Borrowed(_)));
        assert_eq!(remove_tab_and_newline(" a\tb "), " ab ");
    }

    /// The word-at-a-time scan agrees with a plain byte scan.
    #[test]
    fn tab_scan_matches_naive() {
        let alphabet = [
            b'a', b'\t', b'\n', b'\r', 0x0B, 0x0C, 0x0E, 0x00, 0x80, 0xFF, b' ',
        ];
        let mut seed = 7u32;
        for len in 0..40 {
            for _ in 0..200 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                        // Mostly plain bytes, so that single hits are tested too.
                        if seed >> 28 == 0 {
                            alphabet[(seed >> 16) as usize % alphabet.len()]
                        } else {
                            b'a'
                        }
                    })
                    .collect();
                let naive = bytes.iter().copied().any(is_ascii_tab_or_newline);
                assert_eq!(has_tab_or_newline(&bytes), naive, "{bytes:?}");
            }
        }
    }
}
