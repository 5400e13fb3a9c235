//! weburl's integration tests, one test binary for the files below (the
//! WPT harness, with its own `main`, and the linearity timings, which want
//! the machine to themselves, are binaries of their own; see Cargo.toml).

mod api;
mod bytes;
mod differential;
mod display;
mod edit;
mod fuzz_regressions;
mod generator;
mod idna_test_v2;
mod readme;
mod search_params;
mod security;
mod slicing;
mod validation;
