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
//! ## Crate features
//!
//! - `psl` (default): [`Url::public_suffix`], [`Url::registrable_domain`]
//!   and their [`Host`] and ICANN-only variants, from a snapshot of the
//!   Public Suffix List compiled into the library (about 280 KB).
//! - `encodings` (default): legacy query and form encodings
//!   ([`ParseOptions::encoding`], `form_urlencoded::*_with_encoding`,
//!   [`UrlSearchParams::serialize_with_encoding`]); without it only UTF-8,
//!   and encoding_rs's tables stay out of the build.
//! - `serde`: `Url` serializes as its href and deserializes by parsing.

mod code_points;
pub mod display;
mod edit;
mod error;
pub mod form_urlencoded;
mod host;
pub mod normalize;
mod offsets;
mod options;
mod origin;
mod parser;
mod parts;
pub mod percent_encoding;
#[cfg(feature = "psl")]
mod psl;
mod scheme;
mod search_params;
mod setters;
mod slicing;
pub mod state_override;
pub mod surt;
mod swar;
mod url;
mod validation;

pub use edit::{EditError, PathSegmentsMut, UrlBuilder};
pub use encoding_rs;
pub use error::{ParseError, SetterError};
pub use host::domain::{domain_to_ascii, domain_to_unicode};
pub use host::Host;
pub use options::ParseOptions;
pub use origin::{OpaqueOrigin, Origin};
pub use scheme::SchemeKind;
pub use search_params::UrlSearchParams;
pub use slicing::Position;
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

    /// Where each component sits in [`Url::href`], for the C API's
    /// `ada_get_components`: the positions the `Url` already stores, so
    /// no caller recomputes them from the getters.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct ComponentOffsets {
        /// The ":" that ends the scheme.
        pub scheme_end: u32,
        /// The end of the username; `host_start` when there are no
        /// credentials, `scheme_end + 1` when there is no host.
        pub username_end: u32,
        /// The first byte of the host, after any "@".
        pub host_start: u32,
        /// The end of the host: where ":" and the port, or the path, begin.
        pub host_end: u32,
        /// The first byte of the path, after any "/." the serializer wrote.
        pub path_start: u32,
        /// The "?" that starts the query, if there is one.
        pub query_start: Option<u32>,
        /// The "#" that starts the fragment, if there is one.
        pub fragment_start: Option<u32>,
    }

    /// The offsets of `url`'s components.
    pub fn component_offsets(url: &Url) -> ComponentOffsets {
        let o = &url.offsets;
        ComponentOffsets {
            scheme_end: o.scheme_end,
            username_end: o.username_end,
            host_start: o.host_start,
            host_end: o.host_end,
            path_start: o.path_start,
            query_start: o.query_start().map(|_| o.query_start),
            fragment_start: o.fragment_start().map(|_| o.fragment_start),
        }
    }

    /// UTS #46 ToASCII with the URL Standard's flags (`beStrict` false),
    /// without the URL Standard's ASCII fast path and checks around it:
    /// ada's `ada_idna_to_ascii`, for the C API. `None` is failure.
    pub fn uts46_to_ascii(domain: &[u8]) -> Option<String> {
        let mut out = String::new();
        crate::host::domain::to_ascii_into(domain, false, &mut out).then_some(out)
    }

    /// `input` with each byte outside well-formed UTF-8 written as "%XX":
    /// the policy of [`Url::parse_bytes`], for callers that hand setters
    /// bytes.
    pub fn percent_encode_invalid_utf8(input: &[u8]) -> std::borrow::Cow<'_, str> {
        match std::str::from_utf8(input) {
            Ok(s) => std::borrow::Cow::Borrowed(s),
            Err(_) => std::borrow::Cow::Owned(crate::options::percent_encode_invalid_utf8(input)),
        }
    }

    /// Where the Public Suffix List table probes first for the node of
    /// `label` under the node in slot `parent` (`None` for a top-level
    /// label), in a table of `2^bits` slots; for the table's generator.
    #[cfg(feature = "psl")]
    pub fn psl_slot_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
        crate::psl::slot_of(parent, label, bits)
    }

    /// The filter bit of that node in the Public Suffix List table's
    /// filter of `2^bits` bits; for the table's generator.
    #[cfg(feature = "psl")]
    pub fn psl_filter_bit_of(parent: Option<usize>, label: &[u8], bits: u32) -> usize {
        crate::psl::filter_bit_of(parent, label, bits)
    }

    /// How the Public Suffix List table stores a label of at most 8 bytes;
    /// for the table's generator.
    #[cfg(feature = "psl")]
    pub fn psl_label_word(label: &[u8]) -> u64 {
        crate::psl::label_word(label)
    }

    /// A Public Suffix List table node as the table stores it; `None` when
    /// the fields do not fit. For the table's generator.
    #[cfg(feature = "psl")]
    pub fn psl_pack_node(parent: Option<usize>, label_len: usize, flags: u32) -> Option<u32> {
        crate::psl::pack_node(parent, label_len, flags)
    }
}
