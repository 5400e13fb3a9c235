//! Crossing the C boundary: reading C input, handing strings and handles
//! out, and keeping panics on this side.

use std::borrow::Cow;
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use crate::types::{ada_owned_string, ada_string};

/// Runs `f` and returns its result, or `fallback` if it panics: no panic
/// may unwind into C. Nothing in weburl is meant to panic; this is the
/// last line, not a code path.
pub(crate) fn guard<R>(fallback: R, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The `length` bytes at `data`, or none when `data` is NULL.
///
/// # Safety
///
/// `data` is NULL or points to `length` bytes that stay readable and
/// unchanged for `'a`.
pub(crate) unsafe fn bytes<'a>(data: *const c_char, length: usize) -> &'a [u8] {
    // A length past isize::MAX cannot describe memory; reading it as empty
    // keeps `from_raw_parts`'s own precondition.
    if data.is_null() || length == 0 || length > isize::MAX as usize {
        return &[];
    }
    // SAFETY: `data` is non-null and, by this function's contract, points
    // to `length` readable bytes that live for 'a.
    unsafe { std::slice::from_raw_parts(data.cast::<u8>(), length) }
}

/// Input for a URL setter: bytes outside well-formed UTF-8 are taken as
/// written percent-encoded, the policy of `Url::parse_bytes`.
pub(crate) fn setter_text(input: &[u8]) -> Cow<'_, str> {
    weburl::percent_encode_invalid_utf8(input)
}

/// Input for URLSearchParams: a USVString, so bytes outside well-formed
/// UTF-8 become U+FFFD as WebIDL converts a lone surrogate.
///
/// <https://webidl.spec.whatwg.org/#es-USVString>
pub(crate) fn usv_string(input: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(input)
}

/// What an empty string points at: readable, so C code that reads
/// `data` before checking `length` reads a NUL.
static EMPTY: &[u8; 1] = b"\0";

/// "No string": an invalid URL, a missing key, an exhausted iterator.
pub(crate) const NO_STRING: ada_string = ada_string {
    data: ptr::null(),
    length: 0,
};

/// `s`, borrowed: valid as long as the memory `s` points into.
pub(crate) fn borrowed(s: &str) -> ada_string {
    if s.is_empty() {
        return ada_string {
            data: EMPTY.as_ptr().cast(),
            length: 0,
        };
    }
    ada_string {
        data: s.as_ptr().cast(),
        length: s.len(),
    }
}

/// `bytes`, handed to the caller, who frees it with [`free_owned`].
pub(crate) fn owned(bytes: Vec<u8>) -> ada_owned_string {
    if bytes.is_empty() {
        return ada_owned_string {
            data: EMPTY.as_ptr().cast(),
            length: 0,
        };
    }
    let boxed = bytes.into_boxed_slice();
    let length = boxed.len();
    ada_owned_string {
        data: Box::into_raw(boxed).cast::<c_char>().cast_const(),
        length,
    }
}

/// Frees what [`owned`] handed out. NULL and empty strings own nothing.
///
/// # Safety
///
/// `s` was returned by [`owned`], unchanged, and is not freed twice.
pub(crate) unsafe fn free_owned(s: ada_owned_string) {
    if s.data.is_null() || s.length == 0 {
        return;
    }
    let slice = ptr::slice_from_raw_parts_mut(s.data.cast::<u8>().cast_mut(), s.length);
    // SAFETY: `owned` made `data` from a `Box<[u8]>` of exactly `length`
    // bytes, and the caller gives it back once.
    drop(unsafe { Box::from_raw(slice) });
}

/// Boxes `value` as an opaque C handle.
pub(crate) fn into_handle<T>(value: T) -> *mut c_void {
    Box::into_raw(Box::new(value)).cast()
}

/// The value behind a handle from [`into_handle`], or `None` for NULL.
///
/// # Safety
///
/// `handle` is NULL or came from `into_handle::<T>`, is not freed, and no
/// other reference to its value is in use for `'a`.
pub(crate) unsafe fn handle_mut<'a, T>(handle: *mut c_void) -> Option<&'a mut T> {
    // SAFETY: by this function's contract `handle` is NULL or a live,
    // unaliased `Box<T>` pointer.
    unsafe { handle.cast::<T>().as_mut() }
}

/// Frees a handle from [`into_handle`]; NULL is ignored.
///
/// # Safety
///
/// `handle` is NULL or came from `into_handle::<T>` and is not freed yet.
pub(crate) unsafe fn free_handle<T>(handle: *mut c_void) {
    if !handle.is_null() {
        // SAFETY: `handle` came from `Box::into_raw` in `into_handle::<T>`
        // and is freed once.
        drop(unsafe { Box::from_raw(handle.cast::<T>()) });
    }
}
