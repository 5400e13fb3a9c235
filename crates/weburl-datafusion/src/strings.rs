//! Arrow string arguments in and string columns out, for the three string
//! types (`Utf8`, `LargeUtf8`, `Utf8View`), so each function is written once.
//!
//! Inputs are read as `&str` slices of the Arrow buffers and outputs are
//! appended as slices, so a row costs no `String` of its own unless the value
//! has to be computed.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, LargeStringArray, LargeStringBuilder, StringArray, StringBuilder,
    StringViewArray, StringViewBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::ColumnarValue;

/// A string column of any of the three Arrow string types.
#[derive(Debug, Clone, Copy)]
pub(crate) enum StrColumn<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> StrColumn<'a> {
    /// Views `array` as strings; an error for any other type.
    pub(crate) fn try_new(array: &'a dyn Array) -> Result<Self> {
        Ok(match array.data_type() {
            DataType::Utf8 => StrColumn::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => StrColumn::Large(array.as_string::<i64>()),
            DataType::Utf8View => StrColumn::View(array.as_string_view()),
            other => return exec_err!("expected a string column, got {other}"),
        })
    }

    /// Row `i`, `None` when it is null.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            StrColumn::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            StrColumn::Large(a) => a.is_valid(i).then(|| a.value(i)),
            StrColumn::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }
}

/// A string argument: one value for every row, or a column.
#[derive(Debug, Clone, Copy)]
pub(crate) enum StrArg<'a> {
    Scalar(Option<&'a str>),
    Column(StrColumn<'a>),
}

impl<'a> StrArg<'a> {
    /// Reads a function argument; `NULL` of type `Null` counts as a null string.
    pub(crate) fn try_new(value: &'a ColumnarValue) -> Result<Self> {
        Ok(match value {
            ColumnarValue::Scalar(ScalarValue::Null) => StrArg::Scalar(None),
            ColumnarValue::Scalar(s) => match s.try_as_str() {
                Some(v) => StrArg::Scalar(v),
                None => return exec_err!("expected a string, got {}", s.data_type()),
            },
            ColumnarValue::Array(a) if a.data_type() == &DataType::Null => StrArg::Scalar(None),
            ColumnarValue::Array(a) => StrArg::Column(StrColumn::try_new(a.as_ref())?),
        })
    }

    /// The value for row `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            StrArg::Scalar(v) => *v,
            StrArg::Column(c) => c.get(i),
        }
    }

    /// The single value, when the argument is the same for every row.
    pub(crate) fn as_scalar(&self) -> Option<Option<&'a str>> {
        match self {
            StrArg::Scalar(v) => Some(*v),
            StrArg::Column(_) => None,
        }
    }
}

/// Builds a string column of a given Arrow string type.
#[derive(Debug)]
pub(crate) enum StrBuilder {
    Utf8(StringBuilder),
    Large(LargeStringBuilder),
    View(StringViewBuilder),
}

impl StrBuilder {
    /// A builder for `rows` values of type `data_type`, with room for about
    /// `bytes` bytes of text.
    pub(crate) fn new(data_type: &DataType, rows: usize, bytes: usize) -> Result<Self> {
        Ok(match data_type {
            DataType::Utf8 => StrBuilder::Utf8(StringBuilder::with_capacity(rows, bytes)),
            DataType::LargeUtf8 => {
                StrBuilder::Large(LargeStringBuilder::with_capacity(rows, bytes))
            }
            DataType::Utf8View => StrBuilder::View(StringViewBuilder::with_capacity(rows)),
            other => return exec_err!("cannot build a string column of type {other}"),
        })
    }

    /// Appends a value, or a null for `None`.
    #[inline]
    pub(crate) fn append(&mut self, value: Option<&str>) {
        match self {
            StrBuilder::Utf8(b) => b.append_option(value),
            StrBuilder::Large(b) => b.append_option(value),
            StrBuilder::View(b) => b.append_option(value),
        }
    }

    /// The column built.
    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            StrBuilder::Utf8(mut b) => Arc::new(b.finish()),
            StrBuilder::Large(mut b) => Arc::new(b.finish()),
            StrBuilder::View(mut b) => Arc::new(b.finish()),
        }
    }
}

/// The type a string function returns for its first argument's type: the
/// same string type, or `Utf8` when the argument is an untyped `NULL`.
pub(crate) fn string_type_like(arg: &DataType) -> DataType {
    match arg {
        DataType::LargeUtf8 | DataType::Utf8View => arg.clone(),
        _ => DataType::Utf8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_of_each_type_read_the_same() {
        let values = [Some("a"), None, Some("ccc")];
        let arrays: [ArrayRef; 3] = [
            Arc::new(StringArray::from(values.to_vec())),
            Arc::new(LargeStringArray::from(values.to_vec())),
            Arc::new(StringViewArray::from(values.to_vec())),
        ];
        for array in &arrays {
            let column = StrColumn::try_new(array.as_ref()).unwrap();
            let read: Vec<_> = (0..3).map(|i| column.get(i)).collect();
            assert_eq!(read, values);
        }
    }

    #[test]
    fn builders_give_their_type() {
        for dt in [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View] {
            let mut b = StrBuilder::new(&dt, 2, 8).unwrap();
            b.append(Some("x"));
            b.append(None);
            let array = b.finish();
            assert_eq!(array.data_type(), &dt);
            assert_eq!(array.null_count(), 1);
        }
    }

    #[test]
    fn scalar_arguments() {
        let value = ColumnarValue::Scalar(ScalarValue::Utf8View(Some("k".into())));
        assert_eq!(StrArg::try_new(&value).unwrap().get(5), Some("k"));
        let null = ColumnarValue::Scalar(ScalarValue::Null);
        assert_eq!(StrArg::try_new(&null).unwrap().as_scalar(), Some(None));
        let int = ColumnarValue::Scalar(ScalarValue::Int32(Some(1)));
        assert!(StrArg::try_new(&int).is_err());
    }
}
