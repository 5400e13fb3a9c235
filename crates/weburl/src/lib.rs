//! # weburl
//!
//! Parse, resolve and serialize Web addresses exactly as browsers do, by the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/).
//!
//! ## Overview
//!
//! [`Url::parse`] turns what people write in an `href` into the URL a
//! browser would fetch; [`Url::join`] resolves a reference against a base.
//! A [`Url`] is one ASCII string plus the offsets of its components, so
//! the getters ([`Url::href`], [`Url::hostname`], [`Url::search`], …)
//! return slices without allocating. The setters have the JavaScript URL
//! object's semantics. [`ParseOptions::encoding`] gives the query encoding
//! that HTML documents in legacy encodings need.
//!
//! ## Examples
//!
//! ```
//! use weburl::Url;
//!
//! let base = Url::parse("https://example.com/docs/index.html")?;
//! let mut url = base.join("../img/logo.png?size=2#top")?;
//! assert_eq!(url.href(), "https://example.com/img/logo.png?size=2#top");
//! assert_eq!(url.origin().to_string(), "https://example.com");
//!
//! url.set_search("size=3").unwrap();
//! assert_eq!(url.search(), "?size=3");
//!
//! assert!(Url::can_parse("http://[::1]:8080/", None));
//! assert!(!Url::can_parse("http://exa mple.com/", None));
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! Public suffixes and registrable domains (the Public Suffix List), SURT
//! keys and normalization profiles for deduplication are not part of the
//! standard's core: they live in the `weburl-sites` crate, on top of this
//! one's [`Host`], [`Url`] and [`UrlParts`].
//!
//! ## Crate features
//!
//! - `encodings` (default): legacy query and form encodings
//!   ([`ParseOptions::encoding`], `form_urlencoded::*_with_encoding`,
//!   [`UrlSearchParams::serialize_with_encoding`]); without it only UTF-8,
//!   and encoding_rs's tables stay out of the build.
//! - `serde`: `Url` serializes as its href and deserializes by parsing.

mod code_points;
mod component;
pub mod display;
mod edit;
mod error;
pub mod form_urlencoded;
mod host;
mod offsets;
mod options;
mod origin;
mod parser;
mod parts;
pub mod percent_encoding;
pub mod scan;
mod scheme;
mod search_params;
mod setters;
mod slicing;
pub mod state_override;
mod swar;
mod url;
mod validation;

pub use component::Component;
pub use edit::{PathSegmentsMut, UrlBuilder};
pub use encoding_rs;
pub use error::{EditError, ParseError, SetterError};
pub use host::domain::{domain_to_ascii, domain_to_unicode, uts46_to_ascii};
pub use host::Host;
pub use options::{percent_encode_invalid_utf8, ParseOptions};
pub use origin::{OpaqueOrigin, Origin};
pub use parts::UrlParts;
pub use scheme::{input_scheme, InputScheme, SchemeKind};
pub use search_params::UrlSearchParams;
pub use slicing::{Position, UrlComponents};
pub use url::Url;
pub use validation::{is_valid_url_string, ValidationError, ValidationErrorKind, ValidationSink};

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// Entry points for the fuzz targets and tests that compare the library's
/// paths with each other. Not part of the API: no stability promise.
#[doc(hidden)]
pub mod __internal {
    use crate::{ParseError, Url};

    /// The basic URL parser without the fast path for canonical input.
    pub fn parse_without_fast_path(input: &str) -> Result<Url, ParseError> {
        crate::parser::parse_general(input, crate::parser::default_settings())
    }

    /// Compares the block scan of byte classes with the byte-at-a-time
    /// scan it replaces, for every class, on `input`.
    pub fn compare_byte_class_scans(input: &[u8]) -> Result<(), String> {
        crate::parser::byte_class::compare_scans(input)
    }

    /// The structural half of [`Url::check_invariants`], without the
    /// reparse: for the fuzzers' URLs that the standard's own setters leave
    /// in a state the parser would normalize.
    pub fn check_structure(url: &Url) -> Result<(), String> {
        url.check_structure()
    }
}
