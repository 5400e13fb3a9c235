//! Byte scans that crates building on weburl's hosts share with its parser.
//!
//! Not part of the URL Standard: `weburl-sites` finds a domain's dots with
//! [`equal_bytes`] for its Public Suffix List lookup, and so needs no
//! `unsafe` code of its own; the 16-byte comparison stays in one place.

/// A bit per byte of the 16 bytes of `words` that is `byte`: bit `i` for
/// byte `i`, counting `words[0]`'s bytes first, each word's least
/// significant byte first (its bytes in memory order on a little-endian
/// machine). SSE2 where the target has it (x86-64), a byte at a time
/// elsewhere.
///
/// ```
/// use weburl::scan::equal_bytes;
///
/// let words = [u64::from_le_bytes(*b"a.b.co.u"), u64::from_le_bytes(*b"k.......")];
/// assert_eq!(equal_bytes(words, b'.'), 0b1111_1110_0100_1010);
/// assert_eq!(equal_bytes([0, 0], b'.'), 0);
/// ```
#[inline(always)]
pub fn equal_bytes(words: [u64; 2], byte: u8) -> u32 {
    crate::parser::byte_class::equal_bytes(words, byte)
}
