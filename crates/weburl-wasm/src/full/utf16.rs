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

    /// The UTF-16 index of byte offset `byte` (clamped to the end), for
    /// the start of a span: an offset inside a character gives the
    /// character's start.
    pub(crate) fn at(&self, byte: usize) -> u64 {
        if self.table.is_empty() {
            return byte as u64;
        }
        let i = byte.min(self.table.len() - 1);
        u64::from(self.table[i])
    }

    /// As [`Utf16Index::at`], for the end of a span: an offset inside a
    /// character gives the character's end, so that a span never shrinks
    /// to nothing.
    pub(crate) fn end(&self, byte: usize) -> u64 {
        if self.table.is_empty() {
            return byte as u64;
        }
        let last = self.table.len() - 1;
        let mut i = byte.min(last);
        // A byte inside a character has the same index as the byte before
        // it: every character is at least one code unit.
        while i > 0 && i < last && self.table[i] == self.table[i - 1] {
            i += 1;
        }
        u64::from(self.table[i])
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16Index;

    #[test]
    fn ascii_offsets_are_indices() {
        let index = Utf16Index::new("https://a/");
        assert_eq!((index.at(3), index.end(3)), (3, 3));
    }

    #[test]
    fn offsets_inside_characters_round_outwards() {
        // "é" is 2 bytes and 1 unit, "😀" 4 bytes and 2 units.
        let s = "aé😀b";
        let index = Utf16Index::new(s);
        assert_eq!([1, 3, 7, 8].map(|b| index.at(b)), [1, 2, 4, 5]);
        assert_eq!((index.at(2), index.end(2)), (1, 2));
        assert_eq!((index.at(5), index.end(5)), (2, 4));
        assert_eq!(index.end(100), 5);
    }
}
