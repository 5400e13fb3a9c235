//! Line numbers of tags, counted as html5ever's tokenizer counts them, so
//! that they agree with the reference the tests compare against.

/// Whitespace in the tokenizer's sense.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Line numbers as html5ever counts them: one per LF, CR LF or lone CR
/// read, except whitespace between `=` and an attribute value, which it
/// skips without counting. Counted lazily, only for tags that have links.
/// lol_html hands out no end tag's attributes: after `</x a=\n>` the line
/// numbers here are one higher than html5ever's.
pub(super) struct Lines<'a> {
    src: &'a [u8],
    has_cr: bool,
    counted_to: usize,
    newlines: u64,
    /// Newlines skipped before attribute values, up to the tokenizer's
    /// position.
    uncounted: u64,
}

impl<'a> Lines<'a> {
    pub(super) fn new(src: &'a [u8]) -> Self {
        Lines {
            src,
            has_cr: src.contains(&b'\r'),
            counted_to: 0,
            newlines: 0,
            uncounted: 0,
        }
    }

    /// Normalized newlines in `src[from..to]`: each LF, and each CR not
    /// followed by LF.
    fn count(&self, from: usize, to: usize) -> u64 {
        let part = &self.src[from..to];
        let mut n = part.iter().filter(|&&b| b == b'\n').count() as u64;
        if self.has_cr {
            for (i, &b) in part.iter().enumerate() {
                if b == b'\r' && self.src.get(from + i + 1) != Some(&b'\n') {
                    n += 1;
                }
            }
        }
        n
    }

    /// Adds the newlines between `=` and the value of an attribute whose
    /// name ends at `name_end`.
    pub(super) fn skip_before_value(&mut self, name_end: usize) {
        // Between the name and the value there is only whitespace, `=` and
        // a quote.
        let src = self.src;
        let mut i = name_end;
        while src.get(i).is_some_and(|&b| is_space(b)) {
            i += 1;
        }
        if src.get(i) != Some(&b'=') {
            return;
        }
        let start = i + 1;
        let mut end = start;
        while src.get(end).is_some_and(|&b| is_space(b)) {
            end += 1;
        }
        if end > start {
            self.uncounted += self.count(start, end);
        }
    }

    /// The line of a tag ending just before `end`.
    pub(super) fn at(&mut self, end: usize) -> u64 {
        if end > self.counted_to {
            self.newlines += self.count(self.counted_to, end);
            self.counted_to = end;
        }
        1 + self.newlines - self.uncounted
    }
}
