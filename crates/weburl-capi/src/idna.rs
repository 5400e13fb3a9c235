//! `ada_idna_to_ascii` and `ada_idna_to_unicode`: the URL Standard's
//! domain to ASCII and domain to Unicode, on the library's own IDNA.

use std::ffi::c_char;

use crate::ffi::{bytes, guard, owned};
use crate::types::ada_owned_string;

/// UTS #46 ToASCII with the URL Standard's flags (`beStrict` false); the
/// empty string when it fails, as in ada.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
#[no_mangle]
pub unsafe extern "C" fn ada_idna_to_ascii(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(owned(Vec::new()), || {
        // SAFETY: C passes `length` readable bytes at `input` (or NULL).
        let input = unsafe { bytes(input, length) };
        let ascii = weburl::uts46_to_ascii(input).unwrap_or_default();
        owned(ascii.into_bytes())
    })
}

/// UTS #46 ToUnicode; the input unchanged when it has errors (or is not
/// UTF-8), so that it round-trips.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>
#[no_mangle]
pub unsafe extern "C" fn ada_idna_to_unicode(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(owned(Vec::new()), || {
        // SAFETY: C passes `length` readable bytes at `input` (or NULL).
        let input = unsafe { bytes(input, length) };
        match std::str::from_utf8(input) {
            Ok(text) => owned(weburl::domain_to_unicode(text).into_owned().into_bytes()),
            Err(_) => owned(input.to_vec()),
        }
    })
}
