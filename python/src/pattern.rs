//! `weburl.URLPattern`: the URL Pattern Standard's `URLPattern`, over
//! [`weburl_pattern::UrlPattern`].
//!
//! <https://urlpattern.spec.whatwg.org/#urlpattern>

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use weburl_pattern::{
    ComponentResult, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions, COMPONENTS,
};

/// A pattern input: a constructor string (or URL to match) or a dict of
/// components, as `URLPatternInit`.
fn to_input(obj: Option<&Bound<'_, PyAny>>) -> PyResult<UrlPatternInput> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(UrlPatternInput::Init(UrlPatternInit::default()));
    };
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(UrlPatternInput::String(s.to_str()?.to_owned()));
    }
    let Ok(dict) = obj.cast::<PyDict>() else {
        return Err(PyTypeError::new_err(format!(
            "expected a str or a dict of components, found {}",
            obj.get_type().name()?
        )));
    };
    let mut init = UrlPatternInit::default();
    for (key, value) in dict.iter() {
        let key: String = key.extract()?;
        let value: String = value
            .extract()
            .map_err(|_| PyTypeError::new_err(format!("the component {key:?} is not a str")))?;
        // `base_url` is the Python spelling of `baseURL`.
        let field = if key == "base_url" {
            "baseURL"
        } else {
            key.as_str()
        };
        let Some(slot) = init.field_mut(field) else {
            return Err(PyValueError::new_err(format!(
                "unknown component {key:?}: expected one of {}",
                UrlPatternInit::KEYS.join(", ")
            )));
        };
        *slot = Some(value);
    }
    Ok(UrlPatternInput::Init(init))
}

/// An input back as Python: a `str`, or a dict of the components given.
fn input_to_py<'py>(py: Python<'py>, input: &UrlPatternInput) -> PyResult<Bound<'py, PyAny>> {
    match input {
        UrlPatternInput::String(s) => Ok(PyString::new(py, s).into_any()),
        UrlPatternInput::Init(init) => {
            let d = PyDict::new(py);
            for (key, value) in [
                ("protocol", &init.protocol),
                ("username", &init.username),
                ("password", &init.password),
                ("hostname", &init.hostname),
                ("port", &init.port),
                ("pathname", &init.pathname),
                ("search", &init.search),
                ("hash", &init.hash),
                ("baseURL", &init.base_url),
            ] {
                if let Some(v) = value {
                    d.set_item(key, v)?;
                }
            }
            Ok(d.into_any())
        }
    }
}

fn component_to_py<'py>(py: Python<'py>, c: &ComponentResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("input", &c.input)?;
    let groups = PyDict::new(py);
    for (name, value) in &c.groups {
        groups.set_item(name, value)?;
    }
    d.set_item("groups", groups)?;
    Ok(d)
}

/// A URL pattern, as the JavaScript `URLPattern` object.
///
/// `URLPattern(input=None, base_url=None, *, ignore_case=False)`: `input`
/// is a constructor string (`"https://*.example.com/users/:id"`; a
/// relative one needs `base_url`) or a dict of component patterns
/// (`{"pathname": "/users/:id"}`, with `"baseURL"` as a key of its own;
/// the components not given match anything). Raises `ValueError` when the
/// pattern does not build (JavaScript's `TypeError`).
#[pyclass(name = "URLPattern", module = "weburl", frozen)]
#[derive(Debug)]
pub struct PyUrlPattern {
    pattern: UrlPattern,
}

fn pattern_error(e: weburl_pattern::Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (input=None, base_url=None, *, ignore_case=false))]
    fn new(
        input: Option<&Bound<'_, PyAny>>,
        base_url: Option<&str>,
        ignore_case: bool,
    ) -> PyResult<Self> {
        let options = UrlPatternOptions { ignore_case };
        let pattern =
            UrlPattern::new(to_input(input)?, base_url, options).map_err(pattern_error)?;
        Ok(PyUrlPattern { pattern })
    }

    /// Whether `input` (a URL string, with `base_url` for a relative one,
    /// or a dict of components) matches. Raises `ValueError` where
    /// JavaScript throws (a dict with `base_url`).
    ///
    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-test>
    #[pyo3(signature = (input=None, base_url=None))]
    fn test(&self, input: Option<&Bound<'_, PyAny>>, base_url: Option<&str>) -> PyResult<bool> {
        self.pattern
            .test(&to_input(input)?, base_url)
            .map_err(pattern_error)
    }

    /// The match as a dict (`inputs`, then for each component `input` and
    /// `groups`, a dict of group names to the matched text or `None`), or
    /// `None` when `input` does not match.
    ///
    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec>
    #[pyo3(signature = (input=None, base_url=None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        base_url: Option<&str>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(result) = self
            .pattern
            .exec(&to_input(input)?, base_url)
            .map_err(pattern_error)?
        else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        let inputs: Vec<Bound<'py, PyAny>> = result
            .inputs
            .iter()
            .map(|i| input_to_py(py, i))
            .collect::<PyResult<_>>()?;
        d.set_item("inputs", inputs)?;
        for c in COMPONENTS {
            if let Some(r) = result.component(c) {
                d.set_item(c.name(), component_to_py(py, r)?)?;
            }
        }
        Ok(Some(d))
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-protocol>
    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-username>
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-password>
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-hostname>
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-port>
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-pathname>
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-search>
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }

    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-hash>
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }

    /// Whether a component uses a regular expression group (`(\d+)`).
    ///
    /// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-hasregexpgroups>
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> = COMPONENTS
            .iter()
            .map(|&c| {
                let pattern = self.pattern.pattern_string(c).unwrap_or_default();
                format!("{}={pattern:?}", c.name())
            })
            .collect();
        format!("URLPattern({})", parts.join(", "))
    }
}
