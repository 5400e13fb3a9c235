//! `weburl.URLError` and the names of the parser's failures.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use weburl::ParseError;

create_exception!(
    weburl,
    URLError,
    PyValueError,
    "The input is not a URL: the URL parser returned failure.\n\n\
     `kind` names the reason (`\"HostMissing\"`, `\"PortInvalid\"`, ...), \
     `input` is the string that failed."
);

/// A `URLError` for `input`, with `kind` and `input` set on the exception.
pub fn url_error(py: Python<'_>, e: ParseError, input: &str) -> PyErr {
    let err = URLError::new_err(format!("{e}: {:?}", shorten(input)));
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for
    // memory exhaustion, and then the plain error is still right.
    let _ = value.setattr("kind", e.name());
    let _ = value.setattr("input", input);
    err
}

/// At most the first 200 characters of `input`, for messages: an error
/// about a 100 MB string should not carry a 100 MB message.
fn shorten(input: &str) -> std::borrow::Cow<'_, str> {
    match input.char_indices().nth(200) {
        Some((end, _)) => format!("{}...", &input[..end]).into(),
        None => input.into(),
    }
}
