//! `weburl.URL`: the URL Standard's API (`new URL(url, base)`), over [`weburl::Url`].
//!
//! <https://url.spec.whatwg.org/#url-class>

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use weburl::encoding_rs::Encoding;
use weburl::{Component, ParseError, SetterError, Url};
use weburl_sites::surt::SurtProfile;
use weburl_sites::Sites;

use crate::errors::{url_error, URLError};
use crate::search_params::PySearchParams;

/// A base URL argument: a string to parse, or a `URL`.
pub enum BaseArg<'py> {
    Url(PyRef<'py, PyUrl>),
    Str(String),
}

impl BaseArg<'_> {
    /// The base as a URL: the `URL` object's, or the string parsed (a
    /// `URLError` when it is not a URL). Every function that takes a base
    /// reads it through this.
    pub fn to_url(&self, py: Python<'_>) -> PyResult<std::borrow::Cow<'_, Url>> {
        match self {
            BaseArg::Url(u) => Ok(std::borrow::Cow::Borrowed(u.url())),
            BaseArg::Str(s) => Url::parse(s)
                .map(std::borrow::Cow::Owned)
                .map_err(|e| url_error(py, e, s)),
        }
    }
}

/// By hand rather than derived, so that a `str` that is not valid Unicode
/// (a lone surrogate) raises its own `UnicodeEncodeError`, a `ValueError`,
/// and anything else a plain `TypeError`.
impl<'a, 'py> FromPyObject<'a, 'py> for BaseArg<'py> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(BaseArg::Str(s.to_str()?.to_owned()));
        }
        if let Ok(url) = obj.cast::<PyUrl>() {
            return Ok(BaseArg::Url(url.borrow()));
        }
        Err(PyTypeError::new_err(format!(
            "expected a base URL as str or URL, found {}",
            obj.get_type().name()?
        )))
    }
}

/// Parses `base` (if given) and `input` against it.
///
/// <https://url.spec.whatwg.org/#api-url-parser>
pub fn api_parse(
    py: Python<'_>,
    input: &str,
    base: Option<&BaseArg<'_>>,
    encoding: &'static Encoding,
) -> PyResult<Url> {
    let base_url = base.map(|b| b.to_url(py)).transpose()?;
    Url::options()
        .base_url(base_url.as_deref())
        .encoding(encoding)
        .parse(input)
        .map_err(|e| url_error(py, e, input))
}

/// The encoding for a WHATWG encoding label such as `"windows-1252"` or
/// `"shift_jis"`. <https://encoding.spec.whatwg.org/#concept-encoding-get>
pub fn encoding_for_label(label: &str) -> PyResult<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
        .ok_or_else(|| PyValueError::new_err(format!("unknown encoding label: {label:?}")))
}

/// A parsed URL, as the JavaScript `URL` object.
///
/// `URL(url, base=None, *, encoding=None)` parses `url` (against `base`, a
/// string or a `URL`, if given) by the WHATWG URL Standard and raises
/// `URLError` (a `ValueError`) if it is not a URL. `encoding` is a WHATWG
/// encoding label: the query of a special URL is encoded with it, as in an
/// HTML document in that encoding.
///
/// The attributes are those of the JavaScript object. Setting one follows
/// its setter: a value that cannot be used leaves the URL unchanged, except
/// `href`, which raises `URLError`. `str()`, `==` and `hash()` go by `href`.
#[pyclass(name = "URL", module = "weburl", skip_from_py_object)]
#[derive(Debug)]
pub struct PyUrl {
    url: Url,
    /// The href as a Python `str`, when one was at hand: the input, when
    /// it was its own href (a canonical URL), so reading `href` makes no
    /// new string. Cleared by every change to the URL.
    href_str: Option<Py<PyString>>,
}

impl PyUrl {
    fn new_from(url: Url) -> Self {
        PyUrl {
            url,
            href_str: None,
        }
    }

    /// The URL, read-only.
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// The URL, to change: forgets the href string.
    pub fn edit(&mut self) -> &mut Url {
        self.href_str = None;
        &mut self.url
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (url, base=None, *, encoding=None))]
    fn new(
        py: Python<'_>,
        url: &Bound<'_, PyString>,
        base: Option<BaseArg<'_>>,
        encoding: Option<&str>,
    ) -> PyResult<Self> {
        let encoding = match encoding {
            Some(label) => encoding_for_label(label)?,
            None => weburl::encoding_rs::UTF_8,
        };
        let input = url.to_str()?;
        let parsed = api_parse(py, input, base.as_ref(), encoding)?;
        let href_str = (parsed.href() == input).then(|| url.clone().unbind());
        Ok(PyUrl {
            url: parsed,
            href_str,
        })
    }

    /// Whether `url` parses (against `base`, if given), without building a URL.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-canparse>
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn can_parse(url: &str, base: Option<BaseArg<'_>>) -> bool {
        can_parse_impl(url, base.as_ref())
    }

    /// Like `URL(url, base)`, but returns `None` instead of raising.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-parse>
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn parse(py: Python<'_>, url: &str, base: Option<BaseArg<'_>>) -> Option<Self> {
        api_parse(py, url, base.as_ref(), weburl::encoding_rs::UTF_8)
            .ok()
            .map(PyUrl::new_from)
    }

    /// <https://url.spec.whatwg.org/#dom-url-href>
    #[getter]
    fn href(&self, py: Python<'_>) -> Py<PyString> {
        match &self.href_str {
            Some(s) => s.clone_ref(py),
            None => PyString::new(py, self.url.href()).unbind(),
        }
    }

    #[setter]
    fn set_href(&mut self, py: Python<'_>, value: &str) -> PyResult<()> {
        self.edit()
            .set_href(value)
            .map_err(|e: ParseError| url_error(py, e, value))
    }

    /// <https://url.spec.whatwg.org/#dom-url-origin>
    #[getter]
    fn origin(&self) -> String {
        self.url.origin().ascii_serialization()
    }

    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }

    #[setter]
    fn set_protocol(&mut self, value: &str) {
        // The setters of the JavaScript object ignore values they cannot
        // use; so does this one (the Rust error says why).
        let _ = self.edit().set_protocol(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-username>
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }

    #[setter]
    fn set_username(&mut self, value: &str) {
        let _ = self.edit().set_username(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-password>
    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }

    #[setter]
    fn set_password(&mut self, value: &str) {
        let _ = self.edit().set_password(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-host>
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }

    #[setter]
    fn set_host(&mut self, value: &str) {
        let _ = self.edit().set_host(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }

    #[setter]
    fn set_hostname(&mut self, value: &str) {
        let _ = self.edit().set_hostname(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-port>
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }

    /// Takes a string, or an int as JavaScript would convert it.
    #[setter]
    fn set_port(&mut self, value: PortArg<'_>) -> PyResult<()> {
        let text = match value {
            PortArg::Str(s) => s,
            PortArg::Int(n) => n.str()?.to_str()?.to_owned(),
        };
        let _ = self.edit().set_port(&text);
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }

    #[setter]
    fn set_pathname(&mut self, value: &str) {
        let _ = self.edit().set_pathname(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-search>
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }

    #[setter]
    fn set_search(&mut self, value: &str) {
        let _ = self.edit().set_search(value);
    }

    /// <https://url.spec.whatwg.org/#dom-url-hash>
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }

    #[setter]
    fn set_hash(&mut self, value: &str) {
        let _ = self.edit().set_hash(value);
    }

    /// The public suffix of the host by the Public Suffix List (`"co.uk"`
    /// for `www.example.co.uk`), or `None` for a host that is no domain.
    ///
    /// <https://url.spec.whatwg.org/#host-public-suffix>
    #[getter]
    fn public_suffix(&self) -> Option<&str> {
        self.url.public_suffix()
    }

    /// The registrable domain of the host (`"example.co.uk"` for
    /// `www.example.co.uk`), or `None` (an IP address, a public suffix).
    ///
    /// <https://url.spec.whatwg.org/#host-registrable-domain>
    #[getter]
    fn registrable_domain(&self) -> Option<&str> {
        self.url.registrable_domain()
    }

    /// The SURT key: `profile="ia"` (the default) is the Internet Archive
    /// `surt` package's `surt.surt(url)` byte for byte (the keys of CDX
    /// indexes: `com,example)/a?b=1`); `"heritrix"` is Heritrix's form
    /// (`http://(com,example,www,)/a`).
    #[pyo3(signature = (profile="ia"))]
    fn surt(&self, profile: &str) -> PyResult<String> {
        let profile: SurtProfile =
            profile
                .parse()
                .map_err(|e: weburl_sites::surt::UnknownSurtProfile| {
                    PyValueError::new_err(e.to_string())
                })?;
        Ok(weburl_sites::surt::key(&self.url, profile))
    }

    /// Sets a component strictly: as the attribute's setter does, but a
    /// value the setter cannot use raises `URLError` (`kind` names the
    /// reason) instead of leaving the URL unchanged in silence. `name` is
    /// an attribute name: `"href"`, `"protocol"`, `"username"`,
    /// `"password"`, `"host"`, `"hostname"`, `"port"`, `"pathname"`,
    /// `"search"` or `"hash"`.
    fn set(&mut self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        // Python's names keep their case; the origin has no setter.
        let Some(component) = Component::from_name(name)
            .filter(|c| c.name() == name && Component::SLICES.contains(c))
        else {
            let names: Vec<&str> = Component::SLICES.iter().map(|c| c.name()).collect();
            return Err(PyValueError::new_err(format!(
                "unknown component {name:?}: expected one of {}",
                names.join(", ")
            )));
        };
        if component == Component::Href {
            return self.set_href(py, value);
        }
        let mut url = self.url.clone();
        let result = component.set(&mut url, value);
        match result {
            Ok(()) => {
                *self.edit() = url;
                Ok(())
            }
            Err(e) => Err(setter_error(py, name, e, value)),
        }
    }

    /// The query as a live `URLSearchParams`: changing it changes this URL.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-searchparams>
    #[getter]
    fn search_params(slf: Py<Self>) -> PySearchParams {
        PySearchParams::linked(slf)
    }

    /// <https://url.spec.whatwg.org/#dom-url-tojson>
    fn to_json(&self, py: Python<'_>) -> Py<PyString> {
        self.href(py)
    }

    fn __str__(&self, py: Python<'_>) -> Py<PyString> {
        self.href(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let href = PyString::new(py, self.url.href());
        Ok(format!("URL({})", href.repr()?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        Ok(match other.cast::<PyUrl>() {
            Ok(other) => (self.url.href() == other.borrow().url.href())
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind(),
            Err(_) => py.NotImplemented(),
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.url.href().hash(&mut h);
        h.finish()
    }

    fn __copy__(&self, py: Python<'_>) -> Self {
        PyUrl {
            url: self.url.clone(),
            href_str: self.href_str.as_ref().map(|s| s.clone_ref(py)),
        }
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Self {
        self.__copy__(py)
    }

    /// Pickles as the href: parsing a URL's serialization gives the URL back.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let href = slf.borrow().url.href().to_owned();
        (slf.get_type(), (href,)).into_pyobject(py)
    }
}

/// A `URLError` for a setter that refused `value`: `kind` is the
/// reason's name (`"OpaquePath"`, or the parse failure's kind).
fn setter_error(py: Python<'_>, name: &str, e: SetterError, value: &str) -> PyErr {
    if let SetterError::Parse(p) = e {
        return url_error(py, p, value);
    }
    let kind = format!("{e:?}");
    let err = URLError::new_err(format!("cannot set {name} to {value:?}: {e}"));
    let _ = err.value(py).setattr("kind", kind);
    let _ = err.value(py).setattr("input", value);
    err
}

/// A port value: JavaScript converts numbers to strings.
#[derive(FromPyObject)]
pub enum PortArg<'py> {
    Str(String),
    Int(Bound<'py, pyo3::types::PyInt>),
}

/// `URL.can_parse` and `weburl.can_parse`.
///
/// <https://url.spec.whatwg.org/#dom-url-canparse>
pub fn can_parse_impl(url: &str, base: Option<&BaseArg<'_>>) -> bool {
    match base {
        None => Url::can_parse(url, None),
        Some(BaseArg::Str(s)) => Url::can_parse(url, Some(s)),
        Some(BaseArg::Url(u)) => Url::options().base_url(Some(u.url())).can_parse(url),
    }
}
