//! `weburl.parse_many`: many URLs in, one Arrow struct array out, parsed
//! with the GIL released.

use std::sync::Arc;

use arrow_array::{
    make_array, Array, ArrayRef, LargeStringArray, StringArray, StringViewArray, StructArray,
};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ArrayData;
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use weburl::{ParseError, Url};

use crate::errors::url_error;

/// The result's fields: the URL's getters, in this order (as `Columns::flush`
/// fills them), then `error`.
const COMPONENTS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// The result's type: a struct of `large_string` fields (64-bit offsets, so
/// that no input is too large for its output).
fn result_fields() -> Fields {
    COMPONENTS
        .iter()
        .chain(std::iter::once(&"error"))
        .map(|name| Field::new(*name, DataType::LargeUtf8, true))
        .collect()
}

/// Inputs parsed before their components are copied out: the parsed URLs
/// held at once, whatever the batch's size.
const CHUNK: usize = 8 * 1024;

/// One input's outcome.
enum Row {
    Null,
    Failed(ParseError),
    Parsed(Url),
}

/// One `large_string` column as it is filled. The columns are filled one
/// after the other over a chunk of parsed rows, each in a loop of its own
/// getter, which costs far less per value than arrow's builder did
/// (appending all ten components of a row before going to the next).
struct Column {
    values: Vec<u8>,
    offsets: Vec<i64>,
}

impl Column {
    fn with_capacity(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Column {
            values: Vec::with_capacity(bytes),
            offsets,
        }
    }

    /// Appends `get(url)` for the parsed rows, an empty (null) slot for the others.
    #[inline]
    fn fill(&mut self, rows: &[Row], get: impl Fn(&Row) -> Option<&str>) {
        for row in rows {
            if let Some(value) = get(row) {
                self.values.extend_from_slice(value.as_bytes());
            }
            // A Vec's length is at most isize::MAX: it fits an i64.
            self.offsets.push(self.values.len() as i64);
        }
    }

    fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, ArrowError> {
        // The offsets start at 0 and never decrease, so `new` cannot panic;
        // `try_new` checks the bytes are UTF-8 (they are: slices of `str`s).
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array = LargeStringArray::try_new(offsets, Buffer::from_vec(self.values), nulls)?;
        Ok(Arc::new(array))
    }
}

/// A validity bitmap, `None` when nothing is null.
fn nulls(mut valid: BooleanBufferBuilder) -> Option<NullBuffer> {
    Some(NullBuffer::new(valid.finish())).filter(|n| n.null_count() > 0)
}

/// The columns of the result as they are filled.
struct Columns {
    components: [Column; 10],
    error: Column,
    /// Which rows parsed: the components' validity.
    parsed: BooleanBufferBuilder,
    /// Which rows failed: the error column's validity.
    failed: BooleanBufferBuilder,
    /// Which inputs were not null: the struct's validity.
    present: BooleanBufferBuilder,
    /// The chunk being parsed.
    chunk: Vec<Row>,
}

impl Columns {
    /// Room for `rows` URLs from about `bytes` of input (at most 512 bytes
    /// a row counted, for a small slice of a large array).
    fn new(rows: usize, bytes: usize) -> Self {
        let bytes = bytes.min(rows.saturating_mul(512));
        Columns {
            // href takes about the input's bytes, the path and query most of
            // the rest; the short components grow as needed.
            components: std::array::from_fn(|i| match COMPONENTS[i] {
                "href" => Column::with_capacity(rows, bytes),
                "pathname" | "search" => Column::with_capacity(rows, bytes / 2),
                _ => Column::with_capacity(rows, rows.saturating_mul(8)),
            }),
            error: Column::with_capacity(rows, 0),
            parsed: BooleanBufferBuilder::new(rows),
            failed: BooleanBufferBuilder::new(rows),
            present: BooleanBufferBuilder::new(rows),
            chunk: Vec::with_capacity(CHUNK.min(rows)),
        }
    }

    /// Parses `inputs` (against `base`), a chunk at a time.
    fn extend<'a>(&mut self, inputs: impl Iterator<Item = Option<&'a str>>, base: Option<&Url>) {
        for input in inputs {
            let row = match input {
                None => Row::Null,
                Some(input) => {
                    let parsed = match base {
                        None => Url::parse(input),
                        Some(base) => Url::options().base_url(Some(base)).parse(input),
                    };
                    match parsed {
                        Ok(url) => Row::Parsed(url),
                        Err(e) => Row::Failed(e),
                    }
                }
            };
            self.chunk.push(row);
            if self.chunk.len() == CHUNK {
                self.flush();
            }
        }
        self.flush();
    }

    /// Copies the chunk's components into the columns and empties it.
    fn flush(&mut self) {
        let rows = &self.chunk;
        for row in rows {
            self.parsed.append(matches!(row, Row::Parsed(_)));
            self.failed.append(matches!(row, Row::Failed(_)));
            self.present.append(!matches!(row, Row::Null));
        }
        macro_rules! fill {
            ($($i:literal => $getter:ident),*) => {$(
                self.components[$i].fill(rows, |row| match row {
                    Row::Parsed(url) => Some(url.$getter()),
                    _ => None,
                });
            )*};
        }
        fill!(0 => href, 1 => protocol, 2 => username, 3 => password, 4 => host,
              5 => hostname, 6 => port, 7 => pathname, 8 => search, 9 => hash);
        self.error.fill(rows, |row| match row {
            Row::Failed(e) => Some(e.name()),
            _ => None,
        });
        self.chunk.clear();
    }

    fn finish(self) -> Result<StructArray, ArrowError> {
        let parsed = nulls(self.parsed);
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(COMPONENTS.len() + 1);
        for column in self.components {
            arrays.push(column.finish(parsed.clone())?);
        }
        arrays.push(self.error.finish(nulls(self.failed))?);
        StructArray::try_new(result_fields(), arrays, nulls(self.present))
    }
}

/// Parses every string of an Arrow string array.
fn parse_array(data: ArrayData, base: Option<&Url>) -> PyResult<StructArray> {
    // The C Data Interface trusts the exporter; the parser relies on the
    // strings being UTF-8 and the offsets in bounds, so check them all.
    data.validate_full()
        .map_err(|e| PyValueError::new_err(format!("parse_many: invalid Arrow array: {e}")))?;
    let array = make_array(data);
    let mut columns = Columns::new(array.len(), array.get_buffer_memory_size());
    macro_rules! each {
        ($ty:ty) => {{
            let strings = array
                .as_any()
                .downcast_ref::<$ty>()
                .ok_or_else(|| PyTypeError::new_err("parse_many: unexpected array layout"))?;
            columns.extend(strings.iter(), base);
        }};
    }
    match array.data_type() {
        DataType::Utf8 => each!(StringArray),
        DataType::LargeUtf8 => each!(LargeStringArray),
        DataType::Utf8View => each!(StringViewArray),
        other => {
            return Err(PyTypeError::new_err(format!(
                "parse_many: expected an Arrow string, large_string or string_view array, found {other}"
            )))
        }
    }
    columns
        .finish()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Parses the strings of a Python iterable, copied into one buffer first so
/// that the parse runs without the GIL.
fn parse_iterable(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    base: Option<&Url>,
) -> PyResult<StructArray> {
    let mut text = String::new();
    let mut spans: Vec<Option<(usize, usize)>> = Vec::new();
    for item in urls.try_iter()? {
        let item = item?;
        if item.is_none() {
            spans.push(None);
            continue;
        }
        let s = item.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "parse_many: expected str or None, found {}",
                item.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        let s = s.to_str()?;
        let start = text.len();
        text.push_str(s);
        spans.push(Some((start, text.len())));
    }
    py.detach(|| {
        let mut columns = Columns::new(spans.len(), text.len());
        let inputs = spans.iter().map(|span| span.map(|(a, b)| &text[a..b]));
        columns.extend(inputs, base);
        columns.finish()
    })
    .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Parses many URLs at once into a `pyarrow.StructArray` with one
/// `large_string` field per component (`href`, `protocol`, `username`,
/// `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`),
/// null where the URL does not parse, and `error`, the failure's kind
/// (`None` where it parses). A null input gives a null row.
///
/// `urls` is an iterable of `str` (or `None`), or an Arrow array of
/// strings (`string`, `large_string` or `string_view`) from any library
/// that exports the Arrow PyCapsule interface (`__arrow_c_array__`), or a
/// stream of them (`__arrow_c_stream__`: a `pyarrow.ChunkedArray`, a Polars
/// `Series`; the result is then a `pyarrow.ChunkedArray`, chunked the same way).
/// Arrow input is read in place, without Python objects; the parsing runs
/// with the GIL released. `base` (a string) resolves relative references.
/// Needs pyarrow for the result.
///
/// <https://url.spec.whatwg.org/#concept-url-parser>
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
pub fn parse_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let base = match base {
        Some(s) => Some(Url::parse(s).map_err(|e| url_error(py, e, s))?),
        None => None,
    };
    let base = base.as_ref();
    if urls.hasattr("__arrow_c_array__")? {
        let data = ArrayData::from_pyarrow_bound(urls)?;
        let result = py.detach(|| parse_array(data, base))?;
        return result.into_data().to_pyarrow(py);
    }
    if urls.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "parse_many: expected an iterable of URLs, found one str",
        ));
    }
    if urls.hasattr("__arrow_c_stream__")? {
        // A pyarrow.ChunkedArray, or any stream of string arrays (a Polars
        // Series, ...), which pyarrow takes in as one without copying.
        let pyarrow = py.import("pyarrow")?;
        let chunked = match urls.getattr("chunks") {
            Ok(_) => urls.clone(),
            Err(_) => pyarrow.call_method1("chunked_array", (urls,))?,
        };
        let mut out = Vec::new();
        for chunk in chunked.getattr("chunks")?.try_iter()? {
            let data = ArrayData::from_pyarrow_bound(&chunk?)?;
            let result = py.detach(|| parse_array(data, base))?;
            out.push(result.into_data().to_pyarrow(py)?);
        }
        let struct_type = DataType::Struct(result_fields()).to_pyarrow(py)?;
        return pyarrow.call_method1("chunked_array", (PyList::new(py, out)?, struct_type));
    }
    let result = parse_iterable(py, urls, base)?;
    result.into_data().to_pyarrow(py)
}
