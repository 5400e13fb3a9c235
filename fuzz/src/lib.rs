//! Shared code of the fuzz targets.
//!
//! `checks` holds every property the targets assert, with no dependency
//! but `weburl`: `crates/weburl/tests/fuzz_regressions.rs` includes the same
//! file to replay the minimized inputs under `regressions/`. `ada_compare`
//! adds the comparison with ada for the `differential` target, and
//! `divergences` the known ada bugs it may meet (`allowed_divergences.md`).
//! `pattern_checks` holds the `url_pattern` target's properties.

pub mod ada_compare;
pub mod checks;
pub mod divergences;
pub mod pattern_checks;
