//! `ada_url_search_params`: URLSearchParams, its string lists and its
//! iterators, on weburl's [`UrlSearchParams`].
//!
//! <https://url.spec.whatwg.org/#interface-urlsearchparams>

use std::ffi::c_char;
use std::ptr;

use weburl::UrlSearchParams;

use crate::ffi::{
    borrowed, bytes, free_handle, guard, handle_mut, into_handle, owned, usv_string, NO_STRING,
};
use crate::limits::max_len;
use crate::types::{
    ada_owned_string, ada_string, ada_string_pair, ada_strings, ada_url_search_params,
    ada_url_search_params_entries_iter, ada_url_search_params_keys_iter,
    ada_url_search_params_values_iter,
};

/// Parses a query as `new URLSearchParams(init)` does; a query longer
/// than the input length limit gives an empty list, as in ada.
fn parse_query(input: &[u8]) -> UrlSearchParams {
    if input.len() > max_len() {
        return UrlSearchParams::new();
    }
    UrlSearchParams::parse(&usv_string(input))
}

/// Runs `f` on the list behind `params`; `fallback` for NULL or a panic.
///
/// # Safety
///
/// `params` is NULL or a live handle from `ada_parse_search_params`, not
/// in use by another call.
unsafe fn with_params<R: Copy>(
    params: ada_url_search_params,
    fallback: R,
    f: impl FnOnce(&mut UrlSearchParams) -> R,
) -> R {
    guard(fallback, || {
        // SAFETY: the caller's contract is `handle_mut`'s.
        match unsafe { handle_mut::<UrlSearchParams>(params) } {
            Some(params) => f(params),
            None => fallback,
        }
    })
}

/// The strings of `ada_search_params_get_all`.
type Strings = Vec<String>;

/// An iterator over a copy of the list taken when it was made: the
/// strings it hands out stay valid until it is freed, whatever happens to
/// the list (ada's iterators read the live list; both agree while the
/// list is unchanged).
struct PairsIter {
    pairs: Vec<(String, String)>,
    next: usize,
}

fn iter_over(params: &UrlSearchParams) -> PairsIter {
    PairsIter {
        pairs: params
            .pairs()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect(),
        next: 0,
    }
}

/// Runs `f` on the next pair of `iter` and advances; `fallback` when the
/// iterator is exhausted or NULL.
///
/// # Safety
///
/// `iter` is NULL or a live iterator handle, not in use by another call.
unsafe fn next_pair<R: Copy>(
    iter: *mut std::ffi::c_void,
    fallback: R,
    f: impl FnOnce(&(String, String)) -> R,
) -> R {
    guard(fallback, || {
        // SAFETY: the caller's contract is `handle_mut`'s.
        let Some(iter) = (unsafe { handle_mut::<PairsIter>(iter) }) else {
            return fallback;
        };
        match iter.pairs.get(iter.next) {
            Some(pair) => {
                iter.next += 1;
                f(pair)
            }
            None => fallback,
        }
    })
}

/// Whether `iter` has a pair left.
///
/// # Safety
///
/// As for [`next_pair`].
unsafe fn has_next(iter: *mut std::ffi::c_void) -> bool {
    guard(false, || {
        // SAFETY: the caller's contract is `handle_mut`'s.
        unsafe { handle_mut::<PairsIter>(iter) }.is_some_and(|iter| iter.next < iter.pairs.len())
    })
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
#[no_mangle]
pub unsafe extern "C" fn ada_parse_search_params(
    input: *const c_char,
    length: usize,
) -> ada_url_search_params {
    guard(ptr::null_mut(), || {
        // SAFETY: C passes `length` readable bytes at `input` (or NULL).
        into_handle(parse_query(unsafe { bytes(input, length) }))
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params(result: ada_url_search_params) {
    // SAFETY: `result` is NULL or a live search params handle, freed once.
    guard((), || unsafe { free_handle::<UrlSearchParams>(result) })
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_size(result: ada_url_search_params) -> usize {
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe { with_params(result, 0, |params| params.len()) }
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_sort(result: ada_url_search_params) {
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe { with_params(result, (), |params| params.sort()) }
}

/// The list serialized as `application/x-www-form-urlencoded`; `{NULL, 0}`
/// for NULL.
///
/// <https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_to_string(
    result: ada_url_search_params,
) -> ada_owned_string {
    let none = ada_owned_string {
        data: ptr::null(),
        length: 0,
    };
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe {
        with_params(result, none, |params| {
            owned(params.to_string().into_bytes())
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_append(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: `result` is NULL or a live search params handle; C passes
    // readable bytes at `key` and `value` (or NULL).
    unsafe {
        with_params(result, (), |params| {
            let (key, value) = (
                usv_string(bytes(key, key_length)),
                usv_string(bytes(value, value_length)),
            );
            params.append(&key, &value)
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_set(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, (), |params| {
            let (key, value) = (
                usv_string(bytes(key, key_length)),
                usv_string(bytes(value, value_length)),
            );
            params.set(&key, &value)
        })
    }
}

/// Removes every pair named `key`.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_remove(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, (), |params| {
            params.delete(&usv_string(bytes(key, key_length)), None)
        })
    }
}

/// Removes the pairs named `key` whose value is `value`.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_remove_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, (), |params| {
            let (key, value) = (
                usv_string(bytes(key, key_length)),
                usv_string(bytes(value, value_length)),
            );
            params.delete(&key, Some(&value))
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_has(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> bool {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, false, |params| {
            params.has(&usv_string(bytes(key, key_length)), None)
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_has_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) -> bool {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, false, |params| {
            let (key, value) = (
                usv_string(bytes(key, key_length)),
                usv_string(bytes(value, value_length)),
            );
            params.has(&key, Some(&value))
        })
    }
}

/// The first value named `key`, borrowed from the list; `{NULL, 0}` when
/// there is none.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-get>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_string {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, NO_STRING, |params| {
            params
                .get(&usv_string(bytes(key, key_length)))
                .map_or(NO_STRING, borrowed)
        })
    }
}

/// Every value named `key`, copied into a list the caller frees with
/// `ada_free_strings` (an empty list for NULL).
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-getall>
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_all(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_strings {
    guard(ptr::null_mut(), || {
        // SAFETY: as in `ada_search_params_append`.
        let (params, key) = unsafe {
            (
                handle_mut::<UrlSearchParams>(result),
                usv_string(bytes(key, key_length)),
            )
        };
        let all: Strings = match params {
            Some(params) => params.get_all(&key).map(str::to_owned).collect(),
            None => Strings::new(),
        };
        into_handle(all)
    })
}

/// Replaces the list with `input` parsed, as ada's `reset`.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_reset(
    result: ada_url_search_params,
    input: *const c_char,
    length: usize,
) {
    // SAFETY: as in `ada_search_params_append`.
    unsafe {
        with_params(result, (), |params| {
            *params = parse_query(bytes(input, length))
        })
    }
}

/// Makes an iterator over the list's pairs (empty for NULL).
///
/// # Safety
///
/// `result` is NULL or a live search params handle.
unsafe fn new_iter(result: ada_url_search_params) -> *mut std::ffi::c_void {
    guard(ptr::null_mut(), || {
        // SAFETY: this function's contract.
        let iter = match unsafe { handle_mut::<UrlSearchParams>(result) } {
            Some(params) => iter_over(params),
            None => PairsIter {
                pairs: Vec::new(),
                next: 0,
            },
        };
        into_handle(iter)
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_keys(
    result: ada_url_search_params,
) -> ada_url_search_params_keys_iter {
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe { new_iter(result) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_values(
    result: ada_url_search_params,
) -> ada_url_search_params_values_iter {
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe { new_iter(result) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_entries(
    result: ada_url_search_params,
) -> ada_url_search_params_entries_iter {
    // SAFETY: `result` is NULL or a live search params handle.
    unsafe { new_iter(result) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_strings(result: ada_strings) {
    // SAFETY: `result` is NULL or a live string list handle, freed once.
    guard((), || unsafe { free_handle::<Strings>(result) })
}

#[no_mangle]
pub unsafe extern "C" fn ada_strings_size(result: ada_strings) -> usize {
    guard(0, || {
        // SAFETY: `result` is NULL or a live string list handle.
        unsafe { handle_mut::<Strings>(result) }.map_or(0, |strings| strings.len())
    })
}

/// The string at `index`, borrowed from the list; `{NULL, 0}` past the end.
#[no_mangle]
pub unsafe extern "C" fn ada_strings_get(result: ada_strings, index: usize) -> ada_string {
    guard(NO_STRING, || {
        // SAFETY: `result` is NULL or a live string list handle.
        let strings = unsafe { handle_mut::<Strings>(result) };
        strings
            .and_then(|strings| strings.get(index))
            .map_or(NO_STRING, |s| borrowed(s))
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_keys_iter(result: ada_url_search_params_keys_iter) {
    // SAFETY: `result` is NULL or a live iterator handle, freed once.
    guard((), || unsafe { free_handle::<PairsIter>(result) })
}

/// The next name, borrowed from the iterator; `{NULL, 0}` at the end.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_keys_iter_next(
    result: ada_url_search_params_keys_iter,
) -> ada_string {
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe { next_pair(result, NO_STRING, |(name, _)| borrowed(name)) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_keys_iter_has_next(
    result: ada_url_search_params_keys_iter,
) -> bool {
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe { has_next(result) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_values_iter(
    result: ada_url_search_params_values_iter,
) {
    // SAFETY: `result` is NULL or a live iterator handle, freed once.
    guard((), || unsafe { free_handle::<PairsIter>(result) })
}

/// The next value, borrowed from the iterator; `{NULL, 0}` at the end.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_values_iter_next(
    result: ada_url_search_params_values_iter,
) -> ada_string {
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe { next_pair(result, NO_STRING, |(_, value)| borrowed(value)) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_values_iter_has_next(
    result: ada_url_search_params_values_iter,
) -> bool {
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe { has_next(result) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_entries_iter(
    result: ada_url_search_params_entries_iter,
) {
    // SAFETY: `result` is NULL or a live iterator handle, freed once.
    guard((), || unsafe { free_handle::<PairsIter>(result) })
}

/// The next pair, borrowed from the iterator; both `{NULL, 0}` at the end.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_entries_iter_next(
    result: ada_url_search_params_entries_iter,
) -> ada_string_pair {
    let end = ada_string_pair {
        key: NO_STRING,
        value: NO_STRING,
    };
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe {
        next_pair(result, end, |(name, value)| ada_string_pair {
            key: borrowed(name),
            value: borrowed(value),
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn ada_search_params_entries_iter_has_next(
    result: ada_url_search_params_entries_iter,
) -> bool {
    // SAFETY: `result` is NULL or a live iterator handle.
    unsafe { has_next(result) }
}
