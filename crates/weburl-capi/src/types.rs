//! The C types of `ada_c.h`, laid out as C lays them out.

use std::ffi::{c_char, c_int, c_void};

/// `ada_url_components` value of a component the URL does not have: no
/// port, no query, no fragment.
pub const ada_url_omitted: u32 = u32::MAX;

/// A string borrowed from the handle it was read from (URL or search
/// params). Not NUL-terminated. Valid until that handle is next mutated
/// (`ada_set_*`, `ada_clear_*`, `ada_search_params_*` that change the list,
/// `ada_search_params_reset`) or freed. `data` is NULL when there is no
/// string: an invalid URL, a missing key, an exhausted iterator.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ada_string {
    pub data: *const c_char,
    pub length: usize,
}

/// A string the caller owns and must release with `ada_free_owned_string`.
/// Not NUL-terminated. `data` is NULL for an invalid URL's origin.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ada_owned_string {
    pub data: *const c_char,
    pub length: usize,
}

/// Byte offsets of a URL's components in its href, as ada's
/// `url_aggregator` keeps them:
///
/// ```text
/// https://user:pass@example.com:1234/foo/bar?baz#quux
///       |     |    |          | ^^^^|       |   |
///       |     |    |          | |   |       |   `----- hash_start
///       |     |    |          | |   |       `--------- search_start
///       |     |    |          | |   `----------------- pathname_start
///       |     |    |          | `--------------------- port (the number)
///       |     |    |          `----------------------- host_end
///       |     |    `---------------------------------- host_start ("@")
///       |     `--------------------------------------- username_end
///       `--------------------------------------------- protocol_end
/// ```
///
/// `port`, `search_start` and `hash_start` are `ada_url_omitted` when the
/// URL has no port, query or fragment.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ada_url_components {
    pub protocol_end: u32,
    pub username_end: u32,
    pub host_start: u32,
    pub host_end: u32,
    pub port: u32,
    pub pathname_start: u32,
    pub search_start: u32,
    pub hash_start: u32,
}

/// A parse result: a valid URL or an invalid one (`ada_is_valid`). Owned
/// by the caller; release it with `ada_free`.
pub type ada_url = *mut c_void;

/// A URLSearchParams list. Owned by the caller; release it with
/// `ada_free_search_params`.
pub type ada_url_search_params = *mut c_void;

/// A list of strings (`ada_search_params_get_all`). Owned by the caller;
/// release it with `ada_free_strings`.
pub type ada_strings = *mut c_void;

/// An iterator over the names of a search params list. Owned by the
/// caller; release it with `ada_free_search_params_keys_iter`.
pub type ada_url_search_params_keys_iter = *mut c_void;

/// An iterator over the values of a search params list. Owned by the
/// caller; release it with `ada_free_search_params_values_iter`.
pub type ada_url_search_params_values_iter = *mut c_void;

/// A name and a value, both borrowed from the iterator they came from.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ada_string_pair {
    pub key: ada_string,
    pub value: ada_string,
}

/// An iterator over the name-value pairs of a search params list. Owned
/// by the caller; release it with `ada_free_search_params_entries_iter`.
pub type ada_url_search_params_entries_iter = *mut c_void;

/// The version of ada's C API this library implements.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ada_version_components {
    pub major: c_int,
    pub minor: c_int,
    pub revision: c_int,
}
