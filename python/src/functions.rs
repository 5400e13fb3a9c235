//! The functions that do not build a `URL` object: `parse_url`,
//! `can_parse`, `join`, `normalize`, `validation_errors`, `to_iri`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use weburl::{Component, Url, ValidationError};
use weburl_sites::normalize::Normalizer;

use crate::errors::url_error;
use crate::url::{api_parse, can_parse_impl, BaseArg};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_url, m)?)?;
    m.add_function(wrap_pyfunction!(can_parse, m)?)?;
    m.add_function(wrap_pyfunction!(join, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(validation_errors, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(idna_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(idna_to_unicode, m)?)?;
    Ok(())
}

/// ada-url's `host_type`: 0 a domain (or opaque, empty or null host), 1
/// IPv4, 2 IPv6 (`Host::ada_type`).
fn host_type(url: &Url) -> u8 {
    url.typed_host().map_or(0, |host| host.ada_type())
}

/// ada-url's `scheme_type` (`SchemeKind::ada_type`).
fn scheme_type(url: &Url) -> u8 {
    url.typed_scheme().ada_type()
}

/// `parse_url`'s getters, in ada-url's order.
const PARSE_URL_KEYS: [Component; 11] = [
    Component::Href,
    Component::Username,
    Component::Password,
    Component::Protocol,
    Component::Port,
    Component::Hostname,
    Component::Host,
    Component::Pathname,
    Component::Search,
    Component::Hash,
    Component::Origin,
];

/// Parses `url` (against `base`) into a dict of its components, in the
/// shape of ada-url's `parse_url`: `href`, `username`, `password`,
/// `protocol`, `port`, `hostname`, `host`, `pathname`, `search`, `hash`,
/// `origin`, `host_type`, `scheme_type`. Raises `URLError` if it is not a URL.
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn parse_url<'py>(
    py: Python<'py>,
    url: &str,
    base: Option<BaseArg<'_>>,
) -> PyResult<Bound<'py, PyDict>> {
    let u = api_parse(py, url, base.as_ref(), weburl::encoding_rs::UTF_8)?;
    let d = PyDict::new(py);
    let mut scratch = String::new();
    for component in PARSE_URL_KEYS {
        d.set_item(component.name(), component.get(&u, &mut scratch))?;
    }
    d.set_item("host_type", host_type(&u))?;
    d.set_item("scheme_type", scheme_type(&u))?;
    Ok(d)
}

/// Whether `url` parses (against `base`, if given).
///
/// <https://url.spec.whatwg.org/#dom-url-canparse>
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn can_parse(url: &str, base: Option<BaseArg<'_>>) -> bool {
    can_parse_impl(url, base.as_ref())
}

/// The href of `ref` resolved against `base`, as a browser resolves a link.
/// Raises `URLError` if either is not a URL.
///
/// <https://url.spec.whatwg.org/#concept-url-parser>
#[pyfunction]
#[pyo3(name = "join", signature = (base, r#ref))]
fn join(py: Python<'_>, base: BaseArg<'_>, r#ref: &str) -> PyResult<String> {
    api_parse(py, r#ref, Some(&base), weburl::encoding_rs::UTF_8).map(|u| u.href().to_owned())
}

/// The href of `url` normalized by one of the library's profiles:
/// `"safe"` (RFC 3986 §6.2.2 equivalences only), `"crawler"` (safe, plus
/// dropping tracking parameters, sorting the query, dropping an empty query
/// and the fragment) or `"aggressive"`.
#[pyfunction]
#[pyo3(signature = (url, profile="safe"))]
fn normalize(py: Python<'_>, url: &str, profile: &str) -> PyResult<String> {
    let normalizer: Normalizer =
        profile
            .parse()
            .map_err(|e: weburl_sites::normalize::UnknownProfile| {
                PyValueError::new_err(e.to_string())
            })?;
    normalizer
        .normalize_str(url)
        .map(|u| u.href().to_owned())
        .map_err(|e| url_error(py, e, url))
}

/// The URL Standard's validation errors in `url` (parsed against `base`),
/// as `(name, start, end)`: the error's name as the standard spells it and
/// where it is, as indices of the `str` (`url[start:end]`), in order of
/// position and each once: the list `weburl lint` shows. For a URL that
/// fails to parse, these are the errors found before the parser gave up;
/// `URL(url)` raises `URLError` with the failure's kind.
///
/// <https://url.spec.whatwg.org/#validation-error>
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn validation_errors(
    py: Python<'_>,
    url: &str,
    base: Option<BaseArg<'_>>,
) -> PyResult<Vec<(&'static str, usize, usize)>> {
    let base_url = base.as_ref().map(|b| b.to_url(py)).transpose()?;
    let mut errors: Vec<ValidationError> = Vec::new();
    let _ = Url::options()
        .base_url(base_url.as_deref())
        .validation_sink(&mut errors)
        .parse(url);
    // As `weburl lint` lists them: by position, an error the parser
    // reported twice at the same place once.
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    errors.dedup();
    Ok(errors
        .into_iter()
        .map(|e| {
            (
                e.kind.name(),
                char_index(url, e.span.start),
                char_index(url, e.span.end),
            )
        })
        .collect())
}

/// The index in code points (Python's `str` index) of byte offset `byte`.
fn char_index(s: &str, byte: usize) -> usize {
    let byte = byte.min(s.len());
    s.as_bytes()[..byte]
        .iter()
        .filter(|&&b| (b as i8) >= -0x40)
        .count()
}

/// The URL as people should read it (an IRI): the host in Unicode where
/// that is safe from spoofing, and percent-encoded UTF-8 in the path,
/// query and fragment shown as characters where that is safe. Parsing the
/// result gives the same URL. Raises `URLError` if `url` is not a URL.
///
/// <https://url.spec.whatwg.org/#url-rendering-i18n>
#[pyfunction]
fn to_iri(py: Python<'_>, url: &str) -> PyResult<String> {
    Url::parse(url)
        .map(|u| u.to_display_string())
        .map_err(|e| url_error(py, e, url))
}

/// The domain `domain` in ASCII (punycode) by UTS #46 ToASCII as the URL
/// Standard applies it (ada-url's `idna_to_ascii`): `"Bücher.example"` →
/// `"xn--bcher-kva.example"`. Raises `URLError` when it is no valid domain.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
#[pyfunction]
fn idna_to_ascii(py: Python<'_>, domain: &str) -> PyResult<String> {
    weburl::domain_to_ascii(domain, false).map_err(|e| url_error(py, e, domain))
}

/// The domain `domain` in Unicode by UTS #46 ToUnicode (ada-url's
/// `idna_to_unicode`): `"xn--bcher-kva.example"` → `"bücher.example"`; a
/// label that does not decode stays as it is.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>
#[pyfunction]
fn idna_to_unicode(domain: &str) -> String {
    weburl::domain_to_unicode(domain).into_owned()
}
