//! `weburl.links`: the URLs of an HTML document as a browser resolves them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use weburl::Url;

use crate::errors::url_error;

/// Every URL attribute of the HTML document `html` (bytes), resolved as a
/// browser resolves it: the document's encoding (byte order mark, the
/// transport `charset`, `<meta>`, windows-1252) for its text and its URLs'
/// queries, and its base URL (the first `<base href>`, else `url`).
///
/// Returns one dict per URL, in document order: `element` and `attribute`
/// (lowercase), `value` (the attribute's value), `reference` (the part of
/// it parsed as a URL), `line`, and `url` (the resolved href) or `error`
/// (why it does not parse), the other being `None`.
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url>
#[pyfunction]
#[pyo3(signature = (html, url, charset=None))]
pub fn links<'py>(
    py: Python<'py>,
    html: &[u8],
    url: &str,
    charset: Option<&str>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let document_url = Url::parse(url).map_err(|e| url_error(py, e, url))?;
    let doc = py
        .detach(|| weburl_html::links(html, &document_url, charset))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    doc.links
        .iter()
        .map(|link| {
            let d = PyDict::new(py);
            d.set_item("element", link.element)?;
            d.set_item("attribute", link.attribute)?;
            d.set_item("value", &link.value)?;
            d.set_item("reference", link.reference())?;
            d.set_item("line", link.line)?;
            match &link.url {
                Ok(u) => {
                    d.set_item("url", u.href())?;
                    d.set_item("error", py.None())?;
                }
                Err(e) => {
                    d.set_item("url", py.None())?;
                    d.set_item("error", e.name())?;
                }
            }
            Ok(d)
        })
        .collect()
}
