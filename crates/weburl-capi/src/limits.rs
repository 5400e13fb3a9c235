//! The input length limit and the API version.

use std::ffi::{c_char, CStr};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::types::ada_version_components;

/// The longest input and href that parsing and the setters accept;
/// `u32::MAX` (no limit beyond weburl's own) until set.
static MAX_INPUT_LENGTH: AtomicU32 = AtomicU32::new(u32::MAX);

/// The limit as a length.
pub(crate) fn max_len() -> usize {
    MAX_INPUT_LENGTH.load(Ordering::Relaxed) as usize
}

/// Sets the longest input, and the longest href, that `ada_parse*`,
/// `ada_can_parse*` and the setters accept (a setter that would make the
/// href longer fails and leaves the URL unchanged), and the longest query
/// `ada_parse_search_params` and `ada_search_params_reset` take (a longer
/// one gives an empty list). Process-wide.
#[no_mangle]
pub extern "C" fn ada_set_max_input_length(length: u32) {
    MAX_INPUT_LENGTH.store(length, Ordering::Relaxed);
}

#[no_mangle]
pub extern "C" fn ada_get_max_input_length() -> u32 {
    MAX_INPUT_LENGTH.load(Ordering::Relaxed)
}

/// The version of ada's C API implemented: 4.0.0.
static VERSION: &CStr = c"4.0.0";

/// The version of ada's C API this library implements, NUL-terminated,
/// static.
#[no_mangle]
pub extern "C" fn ada_get_version() -> *const c_char {
    VERSION.as_ptr()
}

#[no_mangle]
pub extern "C" fn ada_get_version_components() -> ada_version_components {
    ada_version_components {
        major: 4,
        minor: 0,
        revision: 0,
    }
}
