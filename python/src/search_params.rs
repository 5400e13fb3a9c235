//! `weburl.URLSearchParams`, over [`weburl::UrlSearchParams`].
//!
//! <https://url.spec.whatwg.org/#interface-urlsearchparams>

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use weburl::UrlSearchParams;

use crate::url::PyUrl;

/// Where a `URLSearchParams` keeps its list.
#[derive(Debug)]
enum Store {
    /// Its own list.
    Own(UrlSearchParams),
    /// The query of a `URL` (its `search_params`). The list is parsed from
    /// the query on each use and written back after each change, which is
    /// the same list the standard keeps: the URL's search and href setters
    /// replace it with the parse of the new query, and the update steps
    /// write its serialization, whose parse is the list again.
    Url(Py<PyUrl>),
}

/// A list of name-value pairs read from and written as
/// `application/x-www-form-urlencoded`, as the JavaScript object.
///
/// `URLSearchParams(init="")` takes a query string (a leading "?" is
/// dropped), a mapping, an iterable of (name, value) pairs, or another
/// `URLSearchParams`. Iterating gives (name, value) tuples; `str()` gives
/// the serialization. The `search_params` of a `URL` is live: changing it
/// changes the URL's query.
#[pyclass(name = "URLSearchParams", module = "weburl", skip_from_py_object)]
#[derive(Debug)]
pub struct PySearchParams {
    store: Store,
}

impl PySearchParams {
    pub fn linked(url: Py<PyUrl>) -> Self {
        PySearchParams {
            store: Store::Url(url),
        }
    }

    /// The current list.
    fn list(&self, py: Python<'_>) -> UrlSearchParams {
        match &self.store {
            Store::Own(list) => list.clone(),
            Store::Url(url) => url.borrow(py).url().search_params(),
        }
    }

    /// Runs `f` on the current list.
    fn read<T>(&self, py: Python<'_>, f: impl FnOnce(&UrlSearchParams) -> T) -> T {
        match &self.store {
            Store::Own(list) => f(list),
            Store::Url(url) => f(&url.borrow(py).url().search_params()),
        }
    }

    /// Runs `f` on the current list and, for a URL's list, writes the
    /// result back as its query (the update steps).
    ///
    /// <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
    fn modify(&mut self, py: Python<'_>, f: impl FnOnce(&mut UrlSearchParams)) {
        match &mut self.store {
            Store::Own(list) => f(list),
            Store::Url(url) => {
                let mut url = url.borrow_mut(py);
                let mut list = url.url().search_params();
                f(&mut list);
                // Writing a serialization as the query cannot fail: it is
                // ASCII with nothing a query would encode.
                let _ = url.edit().set_search_params(&list);
            }
        }
    }
}

/// The pairs of a constructor argument that is not a string.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
fn pairs_of(init: &Bound<'_, PyAny>) -> PyResult<Vec<(String, String)>> {
    let py = init.py();
    if let Ok(other) = init.cast::<PySearchParams>() {
        let list = other.borrow().list(py);
        return Ok(list
            .pairs()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect());
    }
    let items = if let Ok(dict) = init.cast::<PyDict>() {
        dict.items().into_any()
    } else if init.hasattr("keys")? && init.hasattr("__getitem__")? {
        init.call_method0("items")?
    } else {
        init.clone()
    };
    let mut pairs = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        let pair: Vec<Bound<'_, PyAny>> = match item.extract() {
            Ok(v) if !item.is_instance_of::<PyString>() => v,
            _ => {
                return Err(PyTypeError::new_err(
                    "URLSearchParams: each pair must be a sequence of two strings",
                ))
            }
        };
        if pair.len() != 2 {
            return Err(PyTypeError::new_err(format!(
                "URLSearchParams: a pair must have 2 items, not {}",
                pair.len()
            )));
        }
        pairs.push((pair[0].extract::<String>()?, pair[1].extract::<String>()?));
    }
    Ok(pairs)
}

#[pymethods]
impl PySearchParams {
    #[new]
    #[pyo3(signature = (init=None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let list = match init {
            None => UrlSearchParams::new(),
            Some(init) => match init.cast::<PyString>() {
                Ok(s) => UrlSearchParams::parse(s.to_str()?),
                Err(_) => UrlSearchParams::from_pairs(pairs_of(init)?),
            },
        };
        Ok(PySearchParams {
            store: Store::Own(list),
        })
    }

    /// The number of pairs. <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
    #[getter]
    fn size(&self, py: Python<'_>) -> usize {
        self.read(py, UrlSearchParams::len)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.size(py)
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
    fn append(&mut self, py: Python<'_>, name: &str, value: &str) {
        self.modify(py, |l| l.append(name, value));
    }

    /// Removes the pairs named `name` (and with `value`, if given).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    #[pyo3(signature = (name, value=None))]
    fn delete(&mut self, py: Python<'_>, name: &str, value: Option<&str>) {
        self.modify(py, |l| l.delete(name, value));
    }

    /// The first value named `name`, or `None`.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-get>
    fn get(&self, py: Python<'_>, name: &str) -> Option<String> {
        self.read(py, |l| l.get(name).map(str::to_owned))
    }

    /// Every value named `name`, in order.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-getall>
    fn get_all(&self, py: Python<'_>, name: &str) -> Vec<String> {
        self.read(py, |l| l.get_all(name).map(str::to_owned).collect())
    }

    /// Whether a pair is named `name` (and has `value`, if given).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
    #[pyo3(signature = (name, value=None))]
    fn has(&self, py: Python<'_>, name: &str, value: Option<&str>) -> bool {
        self.read(py, |l| l.has(name, value))
    }

    fn __contains__(&self, py: Python<'_>, name: &str) -> bool {
        self.has(py, name, None)
    }

    /// `params[name]`: the first value named `name`, as `get`, but a
    /// missing name raises `KeyError` (as a dict does).
    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<String> {
        self.get(py, name)
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name.to_owned()))
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    fn set(&mut self, py: Python<'_>, name: &str, value: &str) {
        self.modify(py, |l| l.set(name, value));
    }

    /// Sorts by name (in UTF-16 code units), keeping the order of equal names.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
    fn sort(&mut self, py: Python<'_>) {
        self.modify(py, UrlSearchParams::sort);
    }

    /// The (name, value) pairs.
    fn items(&self, py: Python<'_>) -> Vec<(String, String)> {
        self.read(py, |l| {
            l.pairs()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect()
        })
    }

    /// The names, in order, repeated as often as they occur.
    fn keys(&self, py: Python<'_>) -> Vec<String> {
        self.read(py, |l| l.pairs().map(|(n, _)| n.to_owned()).collect())
    }

    /// The values, in order.
    fn values(&self, py: Python<'_>) -> Vec<String> {
        self.read(py, |l| l.pairs().map(|(_, v)| v.to_owned()).collect())
    }

    fn __iter__(&self, py: Python<'_>) -> SearchParamsIter {
        SearchParamsIter {
            pairs: self.items(py).into_iter(),
        }
    }

    /// The `application/x-www-form-urlencoded` serialization.
    ///
    /// <https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior>
    fn __str__(&self, py: Python<'_>) -> String {
        self.read(py, UrlSearchParams::to_string)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.__str__(py));
        Ok(format!("URLSearchParams({})", text.repr()?))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Ok(match other.cast::<PySearchParams>() {
            Ok(other) => {
                let same = self.items(py) == other.borrow().items(py);
                same.into_pyobject(py)?.to_owned().into_any().unbind()
            }
            Err(_) => py.NotImplemented(),
        })
    }

    /// Pickles as the serialization (a copy: not linked to any URL).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let text = slf.borrow().__str__(py);
        (slf.get_type(), (text,)).into_pyobject(py)
    }
}

/// The iterator of a `URLSearchParams`: a snapshot of its pairs.
#[pyclass(module = "weburl")]
#[derive(Debug)]
pub struct SearchParamsIter {
    pairs: std::vec::IntoIter<(String, String)>,
}

#[pymethods]
impl SearchParamsIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<(String, String)> {
        self.pairs.next()
    }
}
