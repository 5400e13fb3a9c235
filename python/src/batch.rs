//! `weburl.parse_many`: many URLs in, one Arrow struct array out, parsed
//! with the GIL released.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::{
    make_array, Array, ArrayRef, BooleanArray, GenericStringArray, LargeStringArray,
    OffsetSizeTrait, StringArray, StringViewArray, StructArray,
};
use arrow_buffer::NullBufferBuilder;
use arrow_data::ArrayData;
use arrow_pyarrow::{FromPyArrow, ToPyArrow};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use arrow_select::nullif::nullif;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use weburl::{Component, Url};
use weburl_sites::surt::SurtProfile;
use weburl_sites::Sites;

use crate::errors::url_error;

/// The result's type: a struct of `string` fields (pyarrow's default string
/// type). Their 32-bit offsets are half the size of `large_string`'s; on
/// real lists the offsets are a third of the result, so the result takes a
/// sixth less memory, and a sixth fewer of the page faults that its fresh
/// memory costs. The price is a limit of [`MAX_COLUMN_BYTES`] a column.
fn result_fields() -> Fields {
    // The URL's getters, in the order `Columns::push` appends them, then
    // `error`.
    Component::SLICES
        .iter()
        .map(|c| c.name())
        .chain(std::iter::once("error"))
        .map(|name| Field::new(name, DataType::Utf8, true))
        .collect()
}

/// The most bytes a `string` column holds: its offsets are `i32`.
const MAX_COLUMN_BYTES: usize = i32::MAX as usize;

/// The result's columns as they are filled, a row at a time: each input
/// is parsed into one reused [`Url`] and its components are appended
/// straight from its serialization, so a row allocates nothing.
struct Columns<'b> {
    /// The base URL of relative references.
    base: Option<&'b Url>,
    /// The URL the inputs are parsed into (its buffer reused: see
    /// [`weburl::ParseOptions::parse_reusing`]); `None` until the first
    /// input parses.
    url: Option<Url>,
    /// The components, in the order of [`Component::SLICES`]; `""` for a row that
    /// did not parse, made null by [`Columns::finish`].
    components: [Column; 10],
    /// The rows that did not parse, in order, with the failure's name: the
    /// `error` column, built at the end (most rows parse, and a row that
    /// parses then costs nothing here).
    failures: Vec<(usize, &'static str)>,
    /// The bytes of the failures' names.
    failure_bytes: usize,
    /// The rows appended.
    rows: usize,
    /// Which rows parsed: the components' validity.
    parsed: NullBufferBuilder,
    /// Which inputs were not null: the struct's validity.
    present: NullBufferBuilder,
}

impl<'b> Columns<'b> {
    /// Room for `rows` URLs from `bytes` of input, sized once so that no
    /// column grows in the common case: growing copies a column into fresh
    /// memory, whose every page costs a fault. A component is a slice of its
    /// href, and an href is about as long as its input (plus a "/" after a
    /// bare host, or the base's length for a relative reference;
    /// percent-encoding, rarer, lengthens it more), so the href, path and
    /// query are given all of that; the short components a generous share
    /// per row. Room that is never written costs address space only: pages
    /// are mapped as they are first written. No column is given more than
    /// it can hold; one that outgrows its room grows geometrically.
    fn new(rows: usize, bytes: usize, base: Option<&'b Url>) -> Self {
        let extra = 1 + base.map_or(0, |b| b.href().len());
        let href = bytes
            .saturating_add(rows.saturating_mul(extra))
            .min(MAX_COLUMN_BYTES);
        let per_row = |n: usize| rows.saturating_mul(n).min(href);
        Columns {
            base,
            url: None,
            components: std::array::from_fn(|i| {
                let bytes = match Component::SLICES[i] {
                    Component::Href | Component::Pathname | Component::Search => href,
                    Component::Host | Component::Hostname => per_row(64),
                    Component::Protocol | Component::Hash => per_row(16),
                    _ => per_row(4),
                };
                Column {
                    builder: StringBuilder::with_capacity(rows, bytes),
                    empty: 0,
                }
            }),
            failures: Vec::new(),
            failure_bytes: 0,
            rows: 0,
            parsed: NullBufferBuilder::new(rows),
            present: NullBufferBuilder::new(rows),
        }
    }

    /// Parses each input and appends its row.
    fn extend<'a>(
        &mut self,
        inputs: impl Iterator<Item = Option<&'a str>>,
    ) -> Result<(), ArrowError> {
        for input in inputs {
            self.push(input)?;
        }
        Ok(())
    }

    /// Parses `input` (against the base) and appends its row; fails when a
    /// column would hold more than [`MAX_COLUMN_BYTES`].
    #[inline]
    fn push(&mut self, input: Option<&str>) -> Result<(), ArrowError> {
        let Some(input) = input else {
            self.present.append_null();
            self.parsed.append_null();
            self.components.iter_mut().for_each(|c| c.push(""));
            self.rows += 1;
            return Ok(());
        };
        self.present.append_non_null();
        match Url::options()
            .base_url(self.base)
            .parse_reusing(input, &mut self.url)
        {
            Ok(url) => {
                // Each component is a slice of its href, so a column of
                // components holds no more than the href column.
                fits(self.components[0].builder.values_slice().len(), url.href())?;
                self.parsed.append_non_null();
                // The ten are slices of the href: `scratch` stays empty.
                let mut scratch = String::new();
                for (column, component) in self.components.iter_mut().zip(Component::SLICES) {
                    column.push(component.get(url, &mut scratch));
                }
            }
            Err(e) => {
                fits(self.failure_bytes, e.name())?;
                self.failure_bytes += e.name().len();
                self.failures.push((self.rows, e.name()));
                self.parsed.append_null();
                self.components.iter_mut().for_each(|c| c.push(""));
            }
        }
        self.rows += 1;
        Ok(())
    }

    fn finish(mut self) -> Result<StructArray, ArrowError> {
        // The rows that did not parse, as the `true`s of a mask for nullif,
        // which sets the components' validity without checking their bytes
        // again (each column shares this one bitmap's meaning).
        let unparsed = self
            .parsed
            .finish()
            .map(|parsed| BooleanArray::new(!parsed.inner(), None));
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(Component::SLICES.len() + 1);
        for column in &mut self.components {
            let array = column.finish();
            arrays.push(match &unparsed {
                Some(mask) => nullif(&array, mask)?,
                None => Arc::new(array),
            });
        }
        arrays.push(Arc::new(self.error_column()));
        StructArray::try_new(result_fields(), arrays, self.present.finish())
    }

    /// The `error` column: the failures' names, null between them.
    fn error_column(&self) -> StringArray {
        let mut error = StringBuilder::with_capacity(self.rows, self.failure_bytes);
        // The failures' rows increase and are below `self.rows`, so
        // `next` never passes the row it is subtracted from.
        let mut next = 0;
        for &(row, name) in &self.failures {
            error.append_nulls(row - next);
            error.append_value(name);
            next = row + 1;
        }
        error.append_nulls(self.rows - next);
        error.finish()
    }
}

/// A column `parse_many(..., fields=[...])` can ask for beyond the getters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// One of the URL API's getters, the origin among them.
    Getter(Component),
    PublicSuffix,
    RegistrableDomain,
    /// The `ia` SURT key.
    Surt,
    Error,
}

/// The names `fields` may hold, after the getters'.
const EXTRA_FIELDS: [&str; 4] = ["public_suffix", "registrable_domain", "surt", "error"];

impl Pick {
    fn from_name(name: &str) -> PyResult<Pick> {
        // Python's names keep their case.
        if let Some(c) = Component::from_name(name).filter(|c| c.name() == name) {
            return Ok(Pick::Getter(c));
        }
        Ok(match name {
            "public_suffix" => Pick::PublicSuffix,
            "registrable_domain" => Pick::RegistrableDomain,
            "surt" => Pick::Surt,
            "error" => Pick::Error,
            _ => {
                let valid: Vec<&str> = Component::ALL
                    .iter()
                    .map(|c| c.name())
                    .chain(EXTRA_FIELDS)
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "parse_many: unknown field {name:?}: expected one of {}",
                    valid.join(", ")
                )));
            }
        })
    }

    /// The value for a parsed URL; `None` is null.
    fn value<'u>(self, url: &'u Url) -> Option<std::borrow::Cow<'u, str>> {
        use std::borrow::Cow;
        match self {
            Pick::Getter(c) => Some(match c.range(url) {
                Some(range) => Cow::Borrowed(&url.href()[range]),
                None => Cow::Owned(c.get(url, &mut String::new()).to_owned()),
            }),
            Pick::PublicSuffix => url.public_suffix().map(Cow::Borrowed),
            Pick::RegistrableDomain => url.registrable_domain().map(Cow::Borrowed),
            Pick::Surt => Some(Cow::Owned(weburl_sites::surt::key(
                url,
                SurtProfile::InternetArchive,
            ))),
            Pick::Error => None,
        }
    }
}

/// The columns `fields` names, a row at a time: simpler than [`Columns`]
/// (each value is appended as it is computed), for the fields that are not
/// slices of the href.
struct Picked<'b> {
    base: Option<&'b Url>,
    url: Option<Url>,
    names: Vec<String>,
    picks: Vec<Pick>,
    builders: Vec<StringBuilder>,
    present: NullBufferBuilder,
}

impl<'b> Picked<'b> {
    fn new(names: &[String], rows: usize, base: Option<&'b Url>) -> PyResult<Self> {
        let picks = names
            .iter()
            .map(|n| Pick::from_name(n))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Picked {
            base,
            url: None,
            names: names.to_vec(),
            builders: picks
                .iter()
                .map(|_| StringBuilder::with_capacity(rows, 0))
                .collect(),
            picks,
            present: NullBufferBuilder::new(rows),
        })
    }

    fn push(&mut self, input: Option<&str>) -> Result<(), ArrowError> {
        let Some(input) = input else {
            self.present.append_null();
            self.builders
                .iter_mut()
                .for_each(StringBuilder::append_null);
            return Ok(());
        };
        self.present.append_non_null();
        match Url::options()
            .base_url(self.base)
            .parse_reusing(input, &mut self.url)
        {
            Ok(url) => {
                for (pick, builder) in self.picks.iter().zip(&mut self.builders) {
                    match pick.value(url) {
                        Some(v) => {
                            fits(builder.values_slice().len(), &v)?;
                            builder.append_value(v);
                        }
                        None => builder.append_null(),
                    }
                }
            }
            Err(e) => {
                for (pick, builder) in self.picks.iter().zip(&mut self.builders) {
                    if *pick == Pick::Error {
                        fits(builder.values_slice().len(), e.name())?;
                        builder.append_value(e.name());
                    } else {
                        builder.append_null();
                    }
                }
            }
        }
        Ok(())
    }

    fn fields(names: &[String]) -> Fields {
        names
            .iter()
            .map(|name| Field::new(name.as_str(), DataType::Utf8, true))
            .collect()
    }

    fn finish(mut self) -> Result<StructArray, ArrowError> {
        let arrays: Vec<ArrayRef> = self
            .builders
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef)
            .collect();
        StructArray::try_new(Picked::fields(&self.names), arrays, self.present.finish())
    }
}

/// The result being built: every getter and `error` (the fast path), or
/// the columns `fields` names.
enum Builder<'b> {
    All(Box<Columns<'b>>),
    Picked(Picked<'b>),
}

impl<'b> Builder<'b> {
    fn new(
        fields: Option<&[String]>,
        rows: usize,
        bytes: usize,
        base: Option<&'b Url>,
    ) -> PyResult<Self> {
        Ok(match fields {
            None => Builder::All(Box::new(Columns::new(rows, bytes, base))),
            Some(names) => Builder::Picked(Picked::new(names, rows, base)?),
        })
    }

    fn extend<'a>(
        &mut self,
        inputs: impl Iterator<Item = Option<&'a str>>,
    ) -> Result<(), ArrowError> {
        match self {
            Builder::All(c) => c.extend(inputs),
            Builder::Picked(p) => inputs.into_iter().try_for_each(|i| p.push(i)),
        }
    }

    fn finish(self) -> Result<StructArray, ArrowError> {
        match self {
            Builder::All(c) => (*c).finish(),
            Builder::Picked(p) => p.finish(),
        }
    }
}

/// The result's struct type for `fields`.
fn struct_fields(fields: Option<&[String]>) -> Fields {
    match fields {
        None => result_fields(),
        Some(names) => Picked::fields(names),
    }
}

/// A column of strings that appends runs of `""` at once: most components
/// of most URLs are empty (a username, password, port, fragment), and the
/// builder's `append_value` is a call of its own (not inlined) each time.
struct Column {
    builder: StringBuilder,
    /// The `""`s appended since the last value that was not.
    empty: usize,
}

impl Column {
    #[inline]
    fn push(&mut self, value: &str) {
        if value.is_empty() {
            self.empty += 1;
            return;
        }
        if self.empty > 0 {
            self.flush();
        }
        self.builder.append_value(value);
    }

    /// Appends the pending `""`s.
    #[cold]
    fn flush(&mut self) {
        self.builder.append_value_n("", self.empty);
        self.empty = 0;
    }

    fn finish(&mut self) -> StringArray {
        if self.empty > 0 {
            self.flush();
        }
        self.builder.finish()
    }
}

/// Whether `value` fits in a column that holds `len` bytes, as a typed
/// error when not (rather than the builder's panic).
#[inline]
fn fits(len: usize, value: &str) -> Result<(), ArrowError> {
    if value.len() <= MAX_COLUMN_BYTES - len {
        return Ok(());
    }
    Err(ArrowError::InvalidArgumentError(format!(
        "parse_many: a column of the result would exceed {MAX_COLUMN_BYTES} bytes, \
         the most an Arrow string array holds; pass the URLs in smaller arrays \
         (a pyarrow.ChunkedArray is parsed chunk by chunk)"
    )))
}

/// Parses every string of an Arrow string array.
fn parse_array(
    data: ArrayData,
    base: Option<&Url>,
    fields: Option<&[String]>,
) -> PyResult<StructArray> {
    // The C Data Interface trusts the exporter; the parser relies on the
    // strings being UTF-8 and the offsets in bounds, so check them all.
    data.validate_full()
        .map_err(|e| PyValueError::new_err(format!("parse_many: invalid Arrow array: {e}")))?;
    let array = make_array(data);
    macro_rules! each {
        ($ty:ty, $bytes:expr) => {{
            let strings = array
                .as_any()
                .downcast_ref::<$ty>()
                .ok_or_else(|| PyTypeError::new_err("parse_many: unexpected array layout"))?;
            let bytes: fn(&$ty) -> usize = $bytes;
            let mut columns = Builder::new(fields, strings.len(), bytes(strings), base)?;
            columns.extend(strings.iter()).map_err(value_error)?;
            columns
        }};
    }
    let columns = match array.data_type() {
        DataType::Utf8 => each!(StringArray, offsets_span),
        DataType::LargeUtf8 => each!(LargeStringArray, offsets_span),
        DataType::Utf8View => each!(StringViewArray, |a| a
            .lengths()
            .map(|n| n as usize)
            .sum()),
        other => {
            return Err(PyTypeError::new_err(format!(
                "parse_many: expected an Arrow string, large_string or string_view array, found {other}"
            )))
        }
    };
    columns.finish().map_err(value_error)
}

/// An Arrow error (a column too large, or arrays that do not fit together)
/// as a Python `ValueError`.
fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The bytes of an array's strings (of its slice only, when it is one).
fn offsets_span<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> usize {
    let offsets = array.value_offsets();
    match (offsets.first(), offsets.last()) {
        (Some(first), Some(last)) => (*last - *first).as_usize(),
        _ => 0,
    }
}

/// Parses the strings of a Python iterable, copied into one buffer first so
/// that the parse runs without the GIL.
fn parse_iterable(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    base: Option<&Url>,
    fields: Option<&[String]>,
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
    let mut columns = Builder::new(fields, spans.len(), text.len(), base)?;
    py.detach(|| {
        columns.extend(spans.iter().map(|span| span.map(|(a, b)| &text[a..b])))?;
        columns.finish()
    })
    .map_err(value_error)
}

/// Parses many URLs at once into a `pyarrow.StructArray` with one
/// `string` field per component (`href`, `protocol`, `username`,
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
/// A `ValueError` says when a column of one result array would exceed
/// 2 GiB, the most a `string` array holds (pass smaller chunks then).
/// Needs pyarrow for the result.
///
/// `fields` (a list of names) picks the result's columns, in its order:
/// the component names above, `error`, and `origin`, `public_suffix`,
/// `registrable_domain` and `surt` (the `ia` key), which are null where
/// the URL has none. An unknown name raises `ValueError` listing the valid
/// ones.
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
    let fields = fields.as_deref();
    let base = match base {
        Some(s) => Some(Url::parse(s).map_err(|e| url_error(py, e, s))?),
        None => None,
    };
    let base = base.as_ref();
    if urls.hasattr("__arrow_c_array__")? {
        let data = ArrayData::from_pyarrow_bound(urls)?;
        let result = py.detach(|| parse_array(data, base, fields))?;
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
            let result = py.detach(|| parse_array(data, base, fields))?;
            out.push(result.into_data().to_pyarrow(py)?);
        }
        let struct_type = DataType::Struct(struct_fields(fields)).to_pyarrow(py)?;
        return pyarrow.call_method1("chunked_array", (PyList::new(py, out)?, struct_type));
    }
    let result = parse_iterable(py, urls, base, fields)?;
    result.into_data().to_pyarrow(py)
}
