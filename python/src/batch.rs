//! `weburl.parse_many`: many URLs in, one Arrow struct array out, parsed
//! with the GIL released by weburl-arrow's kernel (the one SQL's
//! `url_parse` runs).

use arrow_array::{make_array, Array, StructArray};
use arrow_data::ArrayData;
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use weburl::{Component, Url};
use weburl_arrow::{Column, Derived, UrlStruct};
use weburl_sites::surt::SurtProfile;
use weburl_sites::Sites;

use crate::errors::url_error;

/// The result's string type: `string` (pyarrow's default), whatever the
/// input's. Its 32-bit offsets are half the size of `large_string`'s; on
/// real lists the offsets are a third of the result, so the result takes a
/// sixth less memory, and a sixth fewer of the page faults that its fresh
/// memory costs. The price is a limit of 2 GiB a column.
const STRING_TYPE: DataType = DataType::Utf8;

/// The result's columns unless `fields` picks them: the ten getters that
/// are slices of the href ([`Component::SLICES`]), then `error`. `origin`,
/// which has to be written out, is there when `fields` names it.
const DEFAULT_COLUMNS: [Column; 11] = weburl_arrow::getter_columns(&Component::SLICES);

/// The columns `fields` can name beyond the getters and `error`: values
/// from weburl-sites, null where the URL has none.
const SITE_COLUMNS: [Derived; 3] = [
    Derived {
        name: "public_suffix",
        value: public_suffix,
    },
    Derived {
        name: "registrable_domain",
        value: registrable_domain,
    },
    Derived {
        name: "surt",
        value: surt,
    },
];

fn public_suffix<'a>(url: &'a Url, _: &'a mut String) -> Option<&'a str> {
    url.public_suffix()
}

fn registrable_domain<'a>(url: &'a Url, _: &'a mut String) -> Option<&'a str> {
    url.registrable_domain()
}

/// The `ia` SURT key.
fn surt<'a>(url: &'a Url, scratch: &'a mut String) -> Option<&'a str> {
    *scratch = weburl_sites::surt::key(url, SurtProfile::InternetArchive);
    Some(scratch)
}

/// The column `fields` names `name` (Python's names keep their case).
fn column(name: &str) -> PyResult<Column> {
    if let Some(c) = Component::from_name(name).filter(|c| c.name() == name) {
        return Ok(Column::Component(c));
    }
    if name == Column::Error.name() {
        return Ok(Column::Error);
    }
    if let Some(&d) = SITE_COLUMNS.iter().find(|d| d.name == name) {
        return Ok(Column::Derived(d));
    }
    let valid: Vec<&str> = Component::ALL
        .iter()
        .map(|c| c.name())
        .chain(SITE_COLUMNS.iter().map(|d| d.name))
        .chain([Column::Error.name()])
        .collect();
    Err(PyValueError::new_err(format!(
        "parse_many: unknown field {name:?}: expected one of {}",
        valid.join(", ")
    )))
}

/// The result's columns: those `fields` names, or [`DEFAULT_COLUMNS`].
fn columns(fields: Option<&[String]>) -> PyResult<Vec<Column>> {
    match fields {
        None => Ok(DEFAULT_COLUMNS.to_vec()),
        Some(names) => names.iter().map(|n| column(n)).collect(),
    }
}

/// Parses every string of an Arrow string array.
fn parse_array(data: ArrayData, kernel: &UrlStruct<'_>) -> PyResult<StructArray> {
    // The C Data Interface trusts the exporter; the parser relies on the
    // strings being UTF-8 and the offsets in bounds, so check them all.
    data.validate_full()
        .map_err(|e| PyValueError::new_err(format!("parse_many: invalid Arrow array: {e}")))?;
    let array = make_array(data);
    match array.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
            kernel.parse(&array).map_err(value_error)
        }
        other => Err(PyTypeError::new_err(format!(
            "parse_many: expected an Arrow string, large_string or string_view array, found {other}"
        ))),
    }
}

/// An Arrow error (a column too large) as a Python `ValueError`.
fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(format!(
        "parse_many: {e} (a pyarrow.ChunkedArray is parsed chunk by chunk)"
    ))
}

/// Parses the strings of a Python iterable, copied into one buffer first so
/// that the parse runs without the GIL.
fn parse_iterable(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    kernel: &UrlStruct<'_>,
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
    let mut rows = kernel
        .builder(spans.len(), text.len())
        .map_err(value_error)?;
    py.detach(|| {
        rows.extend(spans.iter().map(|span| span.map(|(a, b)| &text[a..b])))?;
        rows.finish()
    })
    .map_err(value_error)
}

/// Parses many URLs at once into a `pyarrow.StructArray` with one
/// `string` field per getter (`href`, `protocol`, `username`, `password`,
/// `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `origin`),
/// null where the URL does not parse, and `error`, the failure's kind
/// (`None` where it parses). A null input gives a null row. This is the
/// struct SQL's `url_parse` gives, built by the same kernel (weburl-arrow).
///
/// `urls` is an iterable of `str` (or `None`), or an Arrow array of
/// strings (`string`, `large_string` or `string_view`) from any library
/// that exports the Arrow PyCapsule interface (`__arrow_c_array__`), or a
/// stream of them (`__arrow_c_stream__`: a `pyarrow.ChunkedArray`, a Polars
/// `Series`; the result is then a `pyarrow.ChunkedArray`, chunked the same way).
/// Arrow input is read in place, without Python objects; the parsing runs
/// with the GIL released. `base` (a string) resolves relative references.
/// A `ValueError` says when a column of one result array would exceed
/// 2 GiB, the most a `string` array holds (pass smaller chunks then).
/// Needs pyarrow for the result.
///
/// `fields` (a list of names) picks the result's columns, in its order:
/// the names above, and `public_suffix`, `registrable_domain` and `surt`
/// (the `ia` key), which are null where the URL has none. An unknown name
/// raises `ValueError` listing the valid ones.
///
/// <https://url.spec.whatwg.org/#concept-url-parser>
#[pyfunction]
#[pyo3(signature = (urls, base=None, *, fields=None))]
pub fn parse_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    base: Option<&str>,
    fields: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyAny>> {
    let columns = columns(fields.as_deref())?;
    let base = match base {
        Some(s) => Some(Url::parse(s).map_err(|e| url_error(py, e, s))?),
        None => None,
    };
    let kernel = UrlStruct::new(&columns)
        .base(base.as_ref())
        .string_type(STRING_TYPE);
    if urls.hasattr("__arrow_c_array__")? {
        let data = ArrayData::from_pyarrow_bound(urls)?;
        let result = py.detach(|| parse_array(data, &kernel))?;
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
            let result = py.detach(|| parse_array(data, &kernel))?;
            out.push(result.into_data().to_pyarrow(py)?);
        }
        let struct_type = DataType::Struct(kernel.fields()).to_pyarrow(py)?;
        return pyarrow.call_method1("chunked_array", (PyList::new(py, out)?, struct_type));
    }
    let result = parse_iterable(py, urls, &kernel)?;
    result.into_data().to_pyarrow(py)
}
