//! Byte offsets in UTF-8 to UTF-16 code unit indices, for spans that
//! JavaScript indexes its strings by.

/// Maps byte offsets of one string to UTF-16 indices.
pub(crate) struct Utf16Index {
    /// For non-ASCII text, the UTF-16 index of every byte offset (a byte
    /// inside a character maps to the character's start); empty for ASCII,
    /// where the two are equal.
    table: Vec<u32>,
}

impl Utf16Index {
    pub(crate) fn new(s: &str) -> Utf16Index {
        if s.is_ascii() {
            return Utf16Index { table: Vec::new() };
        }
        let mut table = Vec::with_capacity(s.len() + 1);
        let mut units = 0u32;
        for c in s.chars() {
            for _ in 0..c.len_utf8() {
                table.push(units);
            }
            units += c.len_utf16() as u32;
        }
        table.push(units);
        Utf16Index { table }
    }

    /// The UTF-16 index of byte offset `byte` (clamped to the end).
    pub(crate) fn at(&self, byte: usize) -> u64 {
        if self.table.is_empty() {
            return byte as u64;
        }
        let i = byte.min(self.table.len() - 1);
        u64::from(self.table[i])
    }
}
