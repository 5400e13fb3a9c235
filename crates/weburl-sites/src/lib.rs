//! # weburl-sites
//!
//! What a URL's site is, for grouping, archiving and deduplicating URLs
//! parsed by [`weburl`] (the WHATWG URL Standard): public suffixes and
//! registrable domains from the Public Suffix List, SURT keys, and
//! normalization profiles.
//!
//! ## Overview
//!
//! - [`Sites`] (feature `psl`): a host's public suffix and registrable
//!   domain ("eTLD+1") by the URL Standard's definitions, from a snapshot
//!   of the [Public Suffix List](https://publicsuffix.org/) compiled in as
//!   a hash table (one probe per label, no allocation). An extension trait
//!   of `&Url` and `Host`: `url.registrable_domain()`.
//! - [`surt`]: SURT keys, the URL rewritten so that sorting groups a
//!   site's URLs (`com,example)/a`), by the Internet Archive's and by
//!   Heritrix's rules.
//! - [`normalize`]: opt-in rewrites on top of the standard's canonical
//!   form (RFC 3986 §6 steps, tracking parameters, sorted queries), in
//!   profiles, for deduplication keys.
//!
//! They live apart from `weburl` because none of them is the URL
//! Standard: the list changes every week or so, and a refresh should not
//! be a release of the parser; and a small build (WebAssembly, embedded)
//! of the parser should not carry the list's 430 KB.
//!
//! ## Examples
//!
//! ```
//! use weburl::Url;
//! use weburl_sites::normalize::Normalizer;
//! use weburl_sites::surt::{self, SurtProfile};
//! use weburl_sites::Sites;
//!
//! let url = Url::parse("https://www.Example.co.uk/a/?utm_source=x&b=2&a=1#top")?;
//! assert_eq!(url.public_suffix(), Some("co.uk"));
//! assert_eq!(url.registrable_domain(), Some("example.co.uk"));
//! assert_eq!(surt::key(&url, SurtProfile::InternetArchive), "uk,co,example)/a?a=1&b=2&utm_source=x");
//! assert_eq!(
//!     Normalizer::crawler().normalize(&url).href(),
//!     "https://www.example.co.uk/a/?a=1&b=2"
//! );
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! ## Crate features
//!
//! - `psl` (default): [`Sites`], with the Public Suffix List compiled into
//!   the library (about 430 KB of tables). [`surt`] and [`normalize`] do not
//!   need it.
//! - `compact-list`: `psl` with the list compiled in as text (95 KB, 34 KiB
//!   gzipped), from which the first lookup builds the same table, once
//!   (about 1 ms natively): for builds where size counts, such as
//!   WebAssembly. Same answers.

// The overview links `Sites`, which exists with the `psl` feature only.
#![cfg_attr(not(feature = "psl"), allow(rustdoc::broken_intra_doc_links))]

pub mod normalize;
#[cfg(feature = "psl")]
mod psl;
pub mod surt;

#[cfg(feature = "psl")]
pub use psl::Sites;

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
