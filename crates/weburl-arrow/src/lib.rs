//! # weburl-arrow
//!
//! Many URL strings parsed by the [WHATWG URL Standard] (through
//! [`weburl`]) into one Arrow struct array of their components: the kernel
//! behind SQL's `url_parse` (weburl-datafusion) and Python's `parse_many`.
//!
//! The struct ([`COLUMNS`]) has the URL API's getters, `href`, `protocol`,
//! `username`, `password`, `host`, `hostname`, `port`, `pathname`,
//! `search`, `hash` and `origin`, then `error`; every field is a nullable
//! string of one type (`Utf8`, `LargeUtf8` or `Utf8View`). A row is
//!
//! - for a URL that parses: the getters' values (`""` where the URL has no
//!   such component, as in a browser), `error` null;
//! - for a string that does not parse: the getters null, `error` the
//!   failure's name ([`weburl::ParseError::name`]); or, when asked
//!   ([`UrlStruct::failed_rows_null`], SQL's `url_parse`), a null row;
//! - for a null input: null, and so is each of its fields.
//!
//! A binding may pick columns, in any order, and add its own
//! ([`Column::Derived`]).
//!
//! ```
//! use arrow_array::cast::AsArray;
//! use arrow_array::{Array, StringArray};
//! use arrow_schema::DataType;
//! use weburl_arrow::{UrlStruct, COLUMNS};
//!
//! let urls = StringArray::from(vec![Some("https://EXAMPLE.com/a/../b?q"), Some("nope"), None]);
//! let parsed = UrlStruct::new(&COLUMNS).parse(&urls)?;
//! let host = parsed.column_by_name("host").unwrap().as_string::<i32>();
//! assert_eq!(host.value(0), "example.com");
//! assert!(host.is_null(1));
//! let error = parsed.column_by_name("error").unwrap().as_string::<i32>();
//! assert_eq!(error.value(1), "MissingSchemeNonRelativeUrl");
//! assert!(parsed.is_null(2));
//! assert_eq!(parsed.fields(), &weburl_arrow::fields(&COLUMNS, &DataType::Utf8));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! [WHATWG URL Standard]: https://url.spec.whatwg.org/

mod column;
mod rows;
mod sink;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, GenericStringArray, OffsetSizeTrait, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use weburl::Url;

pub use column::{getter_columns, Column, Derived, COLUMNS, GETTERS};

use rows::Rows;

/// The struct's fields for `columns` with values of `string_type`: one
/// nullable field a column, named by [`Column::name`].
pub fn fields(columns: &[Column], string_type: &DataType) -> Fields {
    columns
        .iter()
        .map(|c| Field::new(c.name(), string_type.clone(), true))
        .collect()
}

/// What to build: which columns, of which string type, against which base.
#[derive(Debug, Clone)]
pub struct UrlStruct<'a> {
    columns: &'a [Column],
    base: Option<&'a Url>,
    string_type: DataType,
    failed_rows_null: bool,
}

impl<'a> UrlStruct<'a> {
    /// `columns` (for example [`COLUMNS`]) as `Utf8`, without a base.
    pub fn new(columns: &'a [Column]) -> Self {
        UrlStruct {
            columns,
            base: None,
            string_type: DataType::Utf8,
            failed_rows_null: false,
        }
    }

    /// A string that does not parse gives a null row (SQL's `url_parse`)
    /// instead of a row of null getters beside its `error`.
    pub fn failed_rows_null(mut self) -> Self {
        self.failed_rows_null = true;
        self
    }

    /// Relative references are resolved against `base`.
    pub fn base(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// The fields' type: `Utf8` (the default), `LargeUtf8` or `Utf8View`.
    pub fn string_type(mut self, string_type: DataType) -> Self {
        self.string_type = string_type;
        self
    }

    /// The struct's fields: [`fields`] of these columns and string type.
    pub fn fields(&self) -> Fields {
        fields(self.columns, &self.string_type)
    }

    /// A builder for about `rows` URLs of `bytes` bytes in all (a guess
    /// that sizes the columns once; they grow past it when needed). An
    /// error when the string type is not one of the three.
    pub fn builder(&self, rows: usize, bytes: usize) -> Result<UrlStructBuilder<'a>, ArrowError> {
        let (fields, columns, base) = (self.fields(), self.columns, self.base);
        let null = self.failed_rows_null;
        Ok(UrlStructBuilder(match self.string_type {
            DataType::Utf8 => Kernel::Utf8(Rows::new(fields, columns, base, null, rows, bytes)),
            DataType::LargeUtf8 => {
                Kernel::Large(Rows::new(fields, columns, base, null, rows, bytes))
            }
            DataType::Utf8View => Kernel::View(Rows::new(fields, columns, base, null, rows, bytes)),
            ref other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "a URL struct's fields are Utf8, LargeUtf8 or Utf8View, not {other}"
                )))
            }
        }))
    }

    /// Parses every string of `array` (`Utf8`, `LargeUtf8` or `Utf8View`;
    /// an error for any other type) into one row each.
    pub fn parse(&self, array: &dyn Array) -> Result<StructArray, ArrowError> {
        let mut builder = match array.data_type() {
            DataType::Utf8 => self.builder(array.len(), bytes(array.as_string::<i32>()))?,
            DataType::LargeUtf8 => self.builder(array.len(), bytes(array.as_string::<i64>()))?,
            DataType::Utf8View => {
                let views = array.as_string_view();
                let bytes = views.lengths().map(|n| n as usize).sum();
                self.builder(array.len(), bytes)?
            }
            other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "expected an array of Utf8, LargeUtf8 or Utf8View strings, found {other}"
                )))
            }
        };
        match array.data_type() {
            DataType::Utf8 => builder.extend(array.as_string::<i32>()),
            DataType::LargeUtf8 => builder.extend(array.as_string::<i64>()),
            _ => builder.extend(array.as_string_view()),
        }?;
        builder.finish()
    }
}

/// The bytes of an array's strings (of its slice only, when it is one).
fn bytes<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> usize {
    let offsets = array.value_offsets();
    match (offsets.first(), offsets.last()) {
        (Some(first), Some(last)) => (*last - *first).as_usize(),
        _ => 0,
    }
}

/// The URL struct being built, a row at a time ([`UrlStruct::builder`]).
pub struct UrlStructBuilder<'b>(Kernel<'b>);

/// The kernel compiled for each string type.
enum Kernel<'b> {
    Utf8(Rows<'b, StringBuilder>),
    Large(Rows<'b, LargeStringBuilder>),
    View(Rows<'b, StringViewBuilder>),
}

impl std::fmt::Debug for UrlStructBuilder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UrlStructBuilder").finish_non_exhaustive()
    }
}

impl UrlStructBuilder<'_> {
    /// Parses `input` and appends its row; `None` appends a null row. An
    /// error when a column would hold more than its string type can.
    pub fn push(&mut self, input: Option<&str>) -> Result<(), ArrowError> {
        match &mut self.0 {
            Kernel::Utf8(rows) => rows.push(input),
            Kernel::Large(rows) => rows.push(input),
            Kernel::View(rows) => rows.push(input),
        }
    }

    /// [`push`](Self::push)es each input.
    pub fn extend<'a>(
        &mut self,
        inputs: impl IntoIterator<Item = Option<&'a str>>,
    ) -> Result<(), ArrowError> {
        match &mut self.0 {
            Kernel::Utf8(rows) => rows.extend(inputs),
            Kernel::Large(rows) => rows.extend(inputs),
            Kernel::View(rows) => rows.extend(inputs),
        }
    }

    /// The struct array of the rows appended.
    pub fn finish(self) -> Result<StructArray, ArrowError> {
        match self.0 {
            Kernel::Utf8(rows) => rows.finish(),
            Kernel::Large(rows) => rows.finish(),
            Kernel::View(rows) => rows.finish(),
        }
    }
}

#[cfg(test)]
mod tests;

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
