//! # weburl-wasm
//!
//! The WebAssembly side of the `weburl` npm package (`js/` in the
//! repository): exports with a plain C ABI that `js/src/*.js` calls, so
//! that no binding generator stands between JavaScript and the parser.
//!
//! Two modules are built from this crate: the core module (default
//! feature `url`: `URL` and `URLSearchParams`) and the full module
//! (feature `full` alone: public suffixes, SURT keys, validation errors,
//! `URLPattern`, `explain`, `links` and `inspect`; the main entry loads
//! both).
//!
//! ## The boundary
//!
//! JavaScript encodes its arguments as UTF-8 into one input buffer
//! ([`abi::weburl_input_reserve`]); an export returns a status (a length,
//! [`abi::NULL`] or [`abi::TYPE_ERROR`]) and leaves its result in one
//! output buffer, whose address is in the `META` words
//! ([`abi::weburl_meta_ptr`]). A parsed URL comes back as its href and
//! the offsets of its components ([`weburl::Position`]), so JavaScript
//! makes every getter by slicing one string and keeps no Rust object
//! alive: a dropped `URL` leaves nothing to free. Structured results
//! (validation errors, `explain`, `links`, `inspect`, pattern matches) come
//! back as JSON.
//!
//! The core module imports nothing; the full module imports JavaScript's
//! `RegExp` for URLPattern's regexp groups (`full::regexp`).

#![deny(clippy::undocumented_unsafe_blocks)]

pub mod abi;
#[cfg(feature = "url")]
pub mod params;
#[cfg(feature = "url")]
pub mod url;

#[cfg(any(
    feature = "site",
    feature = "pattern",
    feature = "lens",
    feature = "html"
))]
pub mod full;
#[cfg(any(
    feature = "site",
    feature = "pattern",
    feature = "lens",
    feature = "html"
))]
mod json;
