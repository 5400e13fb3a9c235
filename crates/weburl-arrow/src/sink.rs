//! The three Arrow string builders behind one trait, so that the kernel is
//! written once and compiled for each string type (a branch a value on the
//! type would cost in the loop that appends them).

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder};
use arrow_array::{ArrayRef, OffsetSizeTrait};
use arrow_schema::ArrowError;

/// A string column being built.
pub(crate) trait Sink {
    /// Room for `rows` values of about `bytes` bytes in all.
    fn with_capacity(rows: usize, bytes: usize) -> Self;

    /// The most bytes of values a column holds (for `Utf8View`, a value).
    const MAX_BYTES: usize;

    /// How many more bytes of values the column holds.
    fn room(&self) -> usize;

    fn append(&mut self, value: &str);

    /// Appends `n` empty strings.
    fn append_empty(&mut self, n: usize);

    fn append_nulls(&mut self, n: usize);

    fn finish(&mut self) -> ArrayRef;

    /// Appends `value`, or a typed error (rather than the builder's panic)
    /// when the column cannot hold it.
    #[inline]
    fn try_append(&mut self, value: &str) -> Result<(), ArrowError> {
        if value.len() > self.room() {
            return Err(too_large());
        }
        self.append(value);
        Ok(())
    }
}

/// The error for a column that outgrows its type.
#[cold]
fn too_large() -> ArrowError {
    ArrowError::InvalidArgumentError(
        "a column of the URL struct would exceed the bytes an Arrow string array of its \
         type holds; parse the URLs in smaller arrays"
            .to_owned(),
    )
}

/// `Utf8` and `LargeUtf8`: offsets of `O`, values in one buffer.
impl<O: OffsetSizeTrait> Sink for GenericStringBuilder<O> {
    const MAX_BYTES: usize = O::MAX_OFFSET;

    fn with_capacity(rows: usize, bytes: usize) -> Self {
        GenericStringBuilder::with_capacity(rows, bytes.min(O::MAX_OFFSET))
    }

    #[inline]
    fn room(&self) -> usize {
        O::MAX_OFFSET - self.values_slice().len()
    }

    #[inline]
    fn append(&mut self, value: &str) {
        self.append_value(value);
    }

    fn append_empty(&mut self, n: usize) {
        self.append_value_n("", n);
    }

    fn append_nulls(&mut self, n: usize) {
        GenericStringBuilder::append_nulls(self, n);
    }

    fn finish(&mut self) -> ArrayRef {
        Arc::new(GenericStringBuilder::finish(self))
    }
}

/// `Utf8View`: a view a value, values longer than 12 bytes in blocks.
impl Sink for StringViewBuilder {
    const MAX_BYTES: usize = u32::MAX as usize;

    fn with_capacity(rows: usize, _bytes: usize) -> Self {
        StringViewBuilder::with_capacity(rows)
    }

    /// A view's length is a `u32` (and the blocks are added as needed).
    #[inline]
    fn room(&self) -> usize {
        Self::MAX_BYTES
    }

    #[inline]
    fn append(&mut self, value: &str) {
        self.append_value(value);
    }

    fn append_empty(&mut self, n: usize) {
        (0..n).for_each(|_| self.append_value(""));
    }

    fn append_nulls(&mut self, n: usize) {
        (0..n).for_each(|_| self.append_null());
    }

    fn finish(&mut self) -> ArrayRef {
        Arc::new(StringViewBuilder::finish(self))
    }
}
