//! The full module's exports (feature `full`).

#[cfg(feature = "html")]
pub mod html;
#[cfg(feature = "site")]
pub mod inspect;
#[cfg(feature = "lens")]
pub mod lens;
#[cfg(feature = "pattern")]
pub mod pattern;
#[cfg(feature = "pattern")]
mod regexp;
#[cfg(feature = "site")]
pub mod site;
mod utf16;
pub mod validation;

use weburl::{ParseError, Url};

/// The base URL argument: `Ok(None)` without one, an error message when it
/// does not parse (JavaScript throws a `TypeError`, as `new URL` does).
pub(crate) fn parse_base(base: Option<&str>) -> Result<Option<Url>, String> {
    base.map(|b| Url::parse(b).map_err(|e| format!("Invalid base URL: {e}")))
        .transpose()
}

/// A parse failure as JSON: `{"name": …, "message": …}`.
pub(crate) fn failure_json(out: &mut Vec<u8>, e: &ParseError) {
    crate::json::Obj::new(out)
        .str("name", e.name())
        .str("message", &e.to_string())
        .end();
}
