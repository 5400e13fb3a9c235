//! Byte tests eight at a time on a `u64` ("SIMD within a register"), for
//! the short reads that the 16-byte scans of `parser::byte_class` do not
//! pay for: the last bytes of a domain.

/// 0x01 in every byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// A 0x80 in each byte of `word` that is `.`, exactly: no carry crosses a
/// byte, so a byte next to a dot is never marked.
#[inline(always)]
pub(crate) fn dots_in(word: u64) -> u64 {
    let t = word ^ (u64::from(b'.') * ONES);
    !(((t & !HIGHS) + !HIGHS) | t) & HIGHS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_exactly_the_dots() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let mut bytes = [b'a'; 8];
                bytes[at] = b;
                // A neighbour of every value, on both sides.
                bytes[(at + 1) % 8] = b.wrapping_add(1);
                let want = bytes
                    .iter()
                    .enumerate()
                    .fold(0, |m, (i, &x)| m | u64::from(x == b'.') << (8 * i + 7));
                assert_eq!(dots_in(u64::from_le_bytes(bytes)), want, "{bytes:?}");
            }
        }
    }
}
