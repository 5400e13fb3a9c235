//! Test code shared across crates and workspaces, as a dev-dependency, so
//! that no test includes another crate's files with `#[path]`:
//!
//! - [`checks`]: the properties the fuzz targets assert, one function per
//!   target; `fuzz/` runs them on generated inputs and
//!   `crates/weburl/tests/fuzz_regressions.rs` replays the saved crashers
//!   through them.
//! - [`divergences`] and, with the `ada` feature, `ada_compare`: the
//!   comparison with ada of the `differential` fuzz target and
//!   `crates/weburl/tests/differential.rs`, and the known ada bugs it may
//!   meet (`fuzz/allowed_divergences.md`).
//! - with the `pattern` feature, `pattern_checks`: the properties of the
//!   `url_pattern` fuzz target.
//! - with the `sites` feature, `psl_plain`: a plain reading of the Public
//!   Suffix List, the reference of weburl-sites' compiled lookup in its
//!   tests, the `psl` fuzz target and the benchmark.
//! - [`harness`]: the data-driven conformance suites' machinery (loading
//!   the vendored JSON, naming cases, the expected-failures list, the
//!   report), for weburl's and weburl-pattern's WPT harnesses.
//! - [`console`]: runs a README's console examples against a build's
//!   binaries (the `weburl` and `weburl-sql` README tests).
//! - [`url_struct`]: the URL struct's rows written out, for weburl-arrow's
//!   kernel and weburl-datafusion's `url_parse`.

#[cfg(feature = "ada")]
pub mod ada_compare;
pub mod checks;
pub mod console;
pub mod divergences;
pub mod harness;
#[cfg(feature = "pattern")]
pub mod pattern_checks;
#[cfg(feature = "sites")]
pub mod psl_plain;
pub mod url_struct;
