//! `weburl.parse_many`: many URLs in, one Arrow struct array out, parsed
//! with the GIL released.

use std::sync::Arc;

use arrow_array::builder::LargeStringBuilder;
use arrow_array::{
    make_array, Array, ArrayRef, LargeStringArray, StringArray, StringViewArray, StructArray,
};
use arrow_buffer::NullBufferBuilder;
use arrow_data::ArrayData;
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use weburl::{ParseError, Url};

use crate::errors::url_error;

/// The result's fields: the URL's getters, in this order, then `error`.
const COMPONENTS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// The getters, in the order of [`COMPONENTS`].
fn components(url: &Url) -> [&str; 10] {
    [
        url.href(),
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.search(),
        url.hash(),
    ]
}

/// The result's type: a struct of `large_string` fields (64-bit offsets, so
/// that no input is too large for its output).
fn result_fields() -> Fields {
    COMPONENTS
        .iter()
        .chain(std::iter::once(&"error"))
        .map(|name| Field::new(*name, DataType::LargeUtf8, true))
        .collect()
}

/// The columns of the result as they are filled.
struct Columns {
    components: [LargeStringBuilder; 10],
    error: LargeStringBuilder,
    /// The struct's validity: null for a null input.
    rows: NullBufferBuilder,
}

impl Columns {
    fn new(rows: usize, bytes: usize) -> Self {
        Columns {
            components: std::array::from_fn(|_| LargeStringBuilder::with_capacity(rows, bytes)),
            error: LargeStringBuilder::with_capacity(rows, 0),
            rows: NullBufferBuilder::new(rows),
        }
    }

    /// One row: the parse of `input` (against `base`), or nulls for a null input.
    fn push(&mut self, input: Option<&str>, base: Option<&Url>) {
        let Some(input) = input else {
            self.push_nulls();
            self.error.append_null();
            self.rows.append_null();
            return;
        };
        let parsed = match base {
            None => Url::parse(input),
            Some(base) => Url::options().base_url(Some(base)).parse(input),
        };
        match parsed {
            Ok(url) => {
                for (column, value) in self.components.iter_mut().zip(components(&url)) {
                    column.append_value(value);
                }
                self.error.append_null();
            }
            Err(e) => self.push_failure(e),
        }
        self.rows.append_non_null();
    }

    fn push_failure(&mut self, e: ParseError) {
        self.push_nulls();
        self.error.append_value(e.name());
    }

    fn push_nulls(&mut self) {
        for column in &mut self.components {
            column.append_null();
        }
    }

    fn finish(mut self) -> Result<StructArray, arrow_schema::ArrowError> {
        let mut arrays: Vec<ArrayRef> = self
            .components
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef)
            .collect();
        arrays.push(Arc::new(self.error.finish()));
        StructArray::try_new(result_fields(), arrays, self.rows.finish())
    }
}

/// Parses every string of an Arrow string array.
fn parse_array(data: ArrayData, base: Option<&Url>) -> PyResult<StructArray> {
    let array = make_array(data);
    let mut columns = Columns::new(array.len(), array.get_buffer_memory_size());
    macro_rules! each {
        ($ty:ty) => {{
            let strings = array
                .as_any()
                .downcast_ref::<$ty>()
                .ok_or_else(|| PyTypeError::new_err("parse_many: unexpected array layout"))?;
            for s in strings.iter() {
                columns.push(s, base);
            }
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
        for span in &spans {
            columns.push(span.map(|(a, b)| &text[a..b]), base);
        }
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
/// `pyarrow.ChunkedArray` (the result is then chunked the same way).
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
    if let Ok(chunks) = urls.getattr("chunks") {
        if urls.hasattr("__arrow_c_stream__")? {
            let pyarrow = py.import("pyarrow")?;
            let mut out = Vec::new();
            for chunk in chunks.try_iter()? {
                let data = ArrayData::from_pyarrow_bound(&chunk?)?;
                let result = py.detach(|| parse_array(data, base))?;
                out.push(result.into_data().to_pyarrow(py)?);
            }
            let struct_type = DataType::Struct(result_fields()).to_pyarrow(py)?;
            return pyarrow.call_method1("chunked_array", (PyList::new(py, out)?, struct_type));
        }
    }
    let result = parse_iterable(py, urls, base)?;
    result.into_data().to_pyarrow(py)
}
