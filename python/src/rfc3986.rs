//! `weburl.rfc3986`: RFC 3986 (URI) and RFC 3987 (IRI) syntax, resolution
//! and normalization, for the places that need the RFCs rather than the
//! URL Standard. Errors raise `ValueError` naming what failed and where.
//!
//! <https://www.rfc-editor.org/rfc/rfc3986>

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use weburl_rfc3986::{self as rfc, Rfc3986Error};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_non_strict, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_scheme_based, m)?)?;
    m.add_function(wrap_pyfunction!(remove_dot_segments, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(is_uri, m)?)?;
    m.add_function(wrap_pyfunction!(is_uri_reference, m)?)?;
    m.add_function(wrap_pyfunction!(is_relative_ref, m)?)?;
    m.add_function(wrap_pyfunction!(is_absolute_uri, m)?)?;
    m.add_function(wrap_pyfunction!(is_iri, m)?)?;
    m.add_function(wrap_pyfunction!(is_iri_reference, m)?)?;
    Ok(())
}

fn value_error(e: Rfc3986Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// `reference` resolved against `base` by RFC 3986 §5.2 (strict: a
/// reference with the base's scheme is not taken as relative).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>
#[pyfunction]
fn resolve(base: &str, reference: &str) -> PyResult<String> {
    rfc::resolve(base, reference).map_err(value_error)
}

/// `resolve` in the RFC's non-strict mode: `http:g` against an `http`
/// base is the relative reference `g`.
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-5.4.2>
#[pyfunction]
fn resolve_non_strict(base: &str, reference: &str) -> PyResult<String> {
    rfc::resolve_non_strict(base, reference).map_err(value_error)
}

/// Syntax-based normalization (case, percent-encoding, dot segments).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
#[pyfunction]
fn normalize(uri: &str) -> PyResult<String> {
    rfc::normalize(uri).map_err(value_error)
}

/// Syntax-based plus scheme-based normalization (default ports, empty paths).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3>
#[pyfunction]
fn normalize_scheme_based(uri: &str) -> PyResult<String> {
    rfc::normalize_scheme_based(uri).map_err(value_error)
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4>
#[pyfunction]
fn remove_dot_segments(path: &str) -> String {
    rfc::remove_dot_segments(path)
}

/// The five components of a URI reference (RFC 3986 §3) as a dict:
/// `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`
/// (`None` where absent; `host` is `None` when there is no authority).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3>
#[pyfunction]
fn split<'py>(py: Python<'py>, uri: &str) -> PyResult<Bound<'py, PyDict>> {
    let c = rfc::split(uri).map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("scheme", c.scheme)?;
    d.set_item("userinfo", c.authority.and_then(|a| a.userinfo))?;
    d.set_item("host", c.authority.map(|a| a.host))?;
    d.set_item("port", c.authority.and_then(|a| a.port))?;
    d.set_item("path", c.path)?;
    d.set_item("query", c.query)?;
    d.set_item("fragment", c.fragment)?;
    Ok(d)
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-3>
#[pyfunction]
fn is_uri(s: &str) -> bool {
    rfc::is_uri(s)
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-4.1>
#[pyfunction]
fn is_uri_reference(s: &str) -> bool {
    rfc::is_uri_reference(s)
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-4.2>
#[pyfunction]
fn is_relative_ref(s: &str) -> bool {
    rfc::is_relative_ref(s)
}

/// <https://www.rfc-editor.org/rfc/rfc3986#section-4.3>
#[pyfunction]
fn is_absolute_uri(s: &str) -> bool {
    rfc::is_absolute_uri(s)
}

/// <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>
#[pyfunction]
fn is_iri(s: &str) -> bool {
    rfc::is_iri(s)
}

/// <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>
#[pyfunction]
fn is_iri_reference(s: &str) -> bool {
    rfc::is_iri_reference(s)
}
