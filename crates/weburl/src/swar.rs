//! Byte tests eight at a time on a `u64` ("SIMD within a register"), for
//! the short reads that the 16-byte scans of `parser::byte_class` do not
//! pay for.

/// 0x01 in every byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;
