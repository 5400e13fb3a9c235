//! # weburl-capi
//!
//! ada's C API (`ada_c.h`, ada 4.0) exported by weburl: the same function
//! names, types and semantics, so that C and C++ programs and ada's
//! language bindings can use weburl as their URL parser. The header is
//! `include/ada_c.h`, generated from this crate by cbindgen
//! (`tests/header.rs` regenerates and checks it).
//!
//! The memory rules are those of ada, stated in the header: a URL, search
//! params, string list or iterator handle is owned by the caller until it
//! is passed to its `ada_free*` function; an `ada_string` borrows from the
//! handle it came from and is valid until that handle is next mutated or
//! freed; an `ada_owned_string` is the caller's until
//! `ada_free_owned_string`. NULL handles are accepted everywhere and act as
//! invalid or empty ones; a NULL input pointer is read as the empty string.
//!
//! No panic crosses the C boundary: every function catches one and returns
//! its "invalid" value.

#![deny(clippy::undocumented_unsafe_blocks)]
// The C names are ada's.
#![allow(non_camel_case_types, non_upper_case_globals)]
// Every exported function has one contract, stated once in the header and
// above: handles are NULL or live ones from this library, and each input
// pointer is NULL or points to the given number of readable bytes.
#![allow(clippy::missing_safety_doc)]

// The modules are declared in the order of ada_c.h, which cbindgen follows.
mod types;
pub use types::*;
mod ffi;
mod url;
pub use url::*;
mod idna;
pub use idna::*;
mod search_params;
pub use search_params::*;
mod limits;
pub use limits::*;
