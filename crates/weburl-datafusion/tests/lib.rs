//! The SQL functions' tests, in one test binary: each linked binary
//! carries DataFusion (and Ballista), so one link instead of seven keeps
//! `cargo test` quick.

mod common;

#[cfg(feature = "ballista")]
mod ballista;
mod functions;
mod parse;
mod pattern;
mod sites;
mod spark;
mod sql;
