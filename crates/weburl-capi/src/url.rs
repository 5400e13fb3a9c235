//! `ada_url`: parsing, the getters, setters and predicates of ada's
//! `url_aggregator`, on a weburl [`Url`].
//!
//! The getters and setters are the URL Standard's API:
//! <https://url.spec.whatwg.org/#api>

use std::ffi::c_char;
use std::ptr;

use weburl::{SetterError, Url};

use crate::ffi::{
    borrowed, bytes, free_handle, free_owned, guard, handle_mut, into_handle, owned, setter_text,
    NO_STRING,
};
use crate::limits::max_len;
use crate::types::{ada_owned_string, ada_string, ada_url, ada_url_components, ada_url_omitted};

/// What an `ada_url` points at: a parse result, and the components last
/// handed out by `ada_get_components` (the pointer it returns is into
/// here, so it lives as long as the handle).
pub(crate) struct UrlHandle {
    url: Option<Url>,
    components: ada_url_components,
}

fn new_url_handle(url: Option<Url>) -> ada_url {
    into_handle(UrlHandle {
        url,
        components: ada_url_components::default(),
    })
}

/// Parses `input` (any bytes) against `base`, within the input length
/// limit (`ada_set_max_input_length`), which applies to the input and to
/// the href.
///
/// <https://url.spec.whatwg.org/#concept-url-parser>
fn parse(input: &[u8], base: Option<&Url>) -> Option<Url> {
    Url::options()
        .max_len(max_len())
        .base_url(base)
        .parse_bytes(input)
        .ok()
}

/// Whether `input` parses against `base`, exactly when [`parse`] would
/// succeed, without building the URL when the input is UTF-8.
///
/// <https://url.spec.whatwg.org/#dom-url-canparse>
fn can_parse(input: &[u8], base: Option<&Url>) -> bool {
    match std::str::from_utf8(input) {
        Ok(text) => Url::options()
            .max_len(max_len())
            .base_url(base)
            .can_parse(text),
        Err(_) => parse(input, base).is_some(),
    }
}

/// Runs `f` on the URL behind `result` when it is valid; `fallback` for an
/// invalid URL, a NULL handle or a panic.
///
/// # Safety
///
/// `result` is NULL or a live handle from `ada_parse*` or `ada_copy`, not
/// in use by another call.
unsafe fn with_url<R: Copy>(result: ada_url, fallback: R, f: impl FnOnce(&mut Url) -> R) -> R {
    guard(fallback, || {
        // SAFETY: the caller's contract is `handle_mut`'s.
        match unsafe { handle_mut::<UrlHandle>(result) } {
            Some(UrlHandle { url: Some(url), .. }) => f(url),
            _ => fallback,
        }
    })
}

/// Runs a setter on `url` and undoes it when the href it leaves is longer
/// than the input length limit: ada's setters fail rather than produce
/// such a URL.
fn set_within_limit(url: &mut Url, set: impl FnOnce(&mut Url) -> bool) -> bool {
    let max = max_len();
    if max >= u32::MAX as usize {
        // weburl's own limit (what u32 offsets can describe) is lower.
        return set(url);
    }
    let before = url.clone();
    let done = set(url);
    if url.href().len() > max {
        *url = before;
        return false;
    }
    done
}

/// Parses `input`: a handle to a valid or an invalid URL.
#[no_mangle]
pub unsafe extern "C" fn ada_parse(input: *const c_char, length: usize) -> ada_url {
    guard(ptr::null_mut(), || {
        // SAFETY: C passes `length` readable bytes at `input` (or NULL).
        let input = unsafe { bytes(input, length) };
        new_url_handle(parse(input, None))
    })
}

/// Parses `input` against `base`; invalid when `base` does not parse.
#[no_mangle]
pub unsafe extern "C" fn ada_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> ada_url {
    guard(ptr::null_mut(), || {
        // SAFETY: C passes `input_length` readable bytes at `input` and
        // `base_length` at `base` (or NULL).
        let (input, base) = unsafe { (bytes(input, input_length), bytes(base, base_length)) };
        let url = parse(base, None).and_then(|base| parse(input, Some(&base)));
        new_url_handle(url)
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_can_parse(input: *const c_char, length: usize) -> bool {
    guard(false, || {
        // SAFETY: C passes `length` readable bytes at `input` (or NULL).
        can_parse(unsafe { bytes(input, length) }, None)
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_can_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> bool {
    guard(false, || {
        // SAFETY: as in `ada_parse_with_base`.
        let (input, base) = unsafe { (bytes(input, input_length), bytes(base, base_length)) };
        parse(base, None).is_some_and(|base| can_parse(input, Some(&base)))
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_free(result: ada_url) {
    guard((), || {
        // SAFETY: `result` is NULL or a live URL handle, freed once.
        unsafe { free_handle::<UrlHandle>(result) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_free_owned_string(owned: ada_owned_string) {
    guard((), || {
        // SAFETY: `owned` came from this library and is freed once.
        unsafe { free_owned(owned) }
    })
}

/// A new handle with the same parse result; NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn ada_copy(input: ada_url) -> ada_url {
    guard(ptr::null_mut(), || {
        // SAFETY: `input` is NULL or a live URL handle.
        match unsafe { handle_mut::<UrlHandle>(input) } {
            Some(handle) => new_url_handle(handle.url.clone()),
            None => ptr::null_mut(),
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn ada_is_valid(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |_| true) }
}

/// The origin, serialized (`null` for an opaque origin); `{NULL, 0}` for
/// an invalid URL.
///
/// <https://url.spec.whatwg.org/#dom-url-origin>
#[no_mangle]
pub unsafe extern "C" fn ada_get_origin(result: ada_url) -> ada_owned_string {
    let none = ada_owned_string {
        data: ptr::null(),
        length: 0,
    };
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, none, |url| {
            owned(url.origin().ascii_serialization().into_bytes())
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-url-href>
#[no_mangle]
pub unsafe extern "C" fn ada_get_href(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.href())) }
}

/// <https://url.spec.whatwg.org/#dom-url-username>
#[no_mangle]
pub unsafe extern "C" fn ada_get_username(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.username())) }
}

/// <https://url.spec.whatwg.org/#dom-url-password>
#[no_mangle]
pub unsafe extern "C" fn ada_get_password(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.password())) }
}

/// <https://url.spec.whatwg.org/#dom-url-port>
#[no_mangle]
pub unsafe extern "C" fn ada_get_port(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.port())) }
}

/// <https://url.spec.whatwg.org/#dom-url-hash>
#[no_mangle]
pub unsafe extern "C" fn ada_get_hash(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.hash())) }
}

/// <https://url.spec.whatwg.org/#dom-url-host>
#[no_mangle]
pub unsafe extern "C" fn ada_get_host(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.host())) }
}

/// <https://url.spec.whatwg.org/#dom-url-hostname>
#[no_mangle]
pub unsafe extern "C" fn ada_get_hostname(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.hostname())) }
}

/// <https://url.spec.whatwg.org/#dom-url-pathname>
#[no_mangle]
pub unsafe extern "C" fn ada_get_pathname(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.pathname())) }
}

/// <https://url.spec.whatwg.org/#dom-url-search>
#[no_mangle]
pub unsafe extern "C" fn ada_get_search(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.search())) }
}

/// <https://url.spec.whatwg.org/#dom-url-protocol>
#[no_mangle]
pub unsafe extern "C" fn ada_get_protocol(result: ada_url) -> ada_string {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, NO_STRING, |url| borrowed(url.protocol())) }
}

/// ada's `url_host_type`: 0 a domain (or an opaque, empty or null host),
/// 1 an IPv4 address, 2 an IPv6 address.
#[no_mangle]
pub unsafe extern "C" fn ada_get_host_type(result: ada_url) -> u8 {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, 0, |url| {
            url.typed_host().map_or(0, |host| host.ada_type())
        })
    }
}

/// ada's `scheme::type`: 0 http, 1 not special, 2 https, 3 ws, 4 ftp,
/// 5 wss, 6 file.
///
/// <https://url.spec.whatwg.org/#special-scheme>
#[no_mangle]
pub unsafe extern "C" fn ada_get_scheme_type(result: ada_url) -> u8 {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, 0, |url| url.typed_scheme().ada_type()) }
}

/// Replaces the URL with `input` parsed on its own; false, and the URL
/// unchanged, when it does not parse.
///
/// <https://url.spec.whatwg.org/#dom-url-href>
#[no_mangle]
pub unsafe extern "C" fn ada_set_href(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe {
        with_url(result, false, |url| {
            match parse(bytes(input, length), None) {
                Some(new) => {
                    *url = new;
                    true
                }
                None => false,
            }
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-url-host>
#[no_mangle]
pub unsafe extern "C" fn ada_set_host(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe { set(result, input, length, Url::set_host) }
}

/// <https://url.spec.whatwg.org/#dom-url-hostname>
#[no_mangle]
pub unsafe extern "C" fn ada_set_hostname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe { set(result, input, length, Url::set_hostname) }
}

/// Like ada, reports success for a value that is empty once ASCII tabs
/// and newlines are removed, which changes nothing.
///
/// <https://url.spec.whatwg.org/#dom-url-protocol>
#[no_mangle]
pub unsafe extern "C" fn ada_set_protocol(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe {
        set(result, input, length, |url, value| {
            match url.set_protocol(value) {
                Err(_) if is_blank(value) => Ok(()),
                done => done,
            }
        })
    }
}

/// <https://url.spec.whatwg.org/#dom-url-username>
#[no_mangle]
pub unsafe extern "C" fn ada_set_username(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe { set(result, input, length, Url::set_username) }
}

/// <https://url.spec.whatwg.org/#dom-url-password>
#[no_mangle]
pub unsafe extern "C" fn ada_set_password(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe { set(result, input, length, Url::set_password) }
}

/// Like ada, reports success for a value that is empty once ASCII tabs
/// and newlines are removed (which changes nothing) when the URL can have
/// a port.
///
/// <https://url.spec.whatwg.org/#dom-url-port>
#[no_mangle]
pub unsafe extern "C" fn ada_set_port(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe {
        set(result, input, length, |url, value| {
            match url.set_port(value) {
                Err(e) if e != SetterError::CannotHaveCredentialsOrPort && is_blank(value) => {
                    Ok(())
                }
                done => done,
            }
        })
    }
}

/// Whether `value` is empty once the setters' parser removes ASCII tab
/// and newline.
///
/// <https://url.spec.whatwg.org/#concept-basic-url-parser> (step 3)
fn is_blank(value: &str) -> bool {
    value.bytes().all(|b| matches!(b, b'\t' | b'\n' | b'\r'))
}

/// <https://url.spec.whatwg.org/#dom-url-pathname>
#[no_mangle]
pub unsafe extern "C" fn ada_set_pathname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: `result` is NULL or a live URL handle; C passes `length`
    // readable bytes at `input` (or NULL).
    unsafe { set(result, input, length, Url::set_pathname) }
}

/// The search setter: the empty string removes the query ("?" too).
///
/// <https://url.spec.whatwg.org/#dom-url-search>
#[no_mangle]
pub unsafe extern "C" fn ada_set_search(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: as for the other setters.
    unsafe { set(result, input, length, Url::set_search) };
}

/// The hash setter: the empty string removes the fragment ("#" too).
///
/// <https://url.spec.whatwg.org/#dom-url-hash>
#[no_mangle]
pub unsafe extern "C" fn ada_set_hash(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: as for the other setters.
    unsafe { set(result, input, length, Url::set_hash) };
}

/// Runs one of the standard's setters with C input: true when the URL
/// took the value, false when the setter ignores it (the URL is then
/// unchanged), as ada's setters report.
///
/// # Safety
///
/// `result` is NULL or a live URL handle; `input` is NULL or `length`
/// readable bytes.
unsafe fn set(
    result: ada_url,
    input: *const c_char,
    length: usize,
    setter: fn(&mut Url, &str) -> Result<(), SetterError>,
) -> bool {
    // SAFETY: this function's contract.
    unsafe {
        with_url(result, false, |url| {
            let value = setter_text(bytes(input, length));
            set_within_limit(url, |url| setter(url, &value).is_ok())
        })
    }
}

/// Removes the port. Setting the empty string is how the standard's port
/// setter removes it; a URL that cannot have a port has none to remove.
#[no_mangle]
pub unsafe extern "C" fn ada_clear_port(result: ada_url) {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, (), |url| {
            let _ = url.set_port("");
        })
    }
}

/// Removes the fragment, "#" included (the hash setter's empty string).
#[no_mangle]
pub unsafe extern "C" fn ada_clear_hash(result: ada_url) {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, (), |url| {
            let _ = url.set_hash("");
        })
    }
}

/// Removes the query, "?" included (the search setter's empty string).
#[no_mangle]
pub unsafe extern "C" fn ada_clear_search(result: ada_url) {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, (), |url| {
            let _ = url.set_search("");
        })
    }
}

/// A non-empty username or password.
///
/// <https://url.spec.whatwg.org/#include-credentials>
#[no_mangle]
pub unsafe extern "C" fn ada_has_credentials(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| url.includes_credentials()) }
}

/// The host is the empty host (`file:///x`).
#[no_mangle]
pub unsafe extern "C" fn ada_has_empty_hostname(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe {
        with_url(result, false, |url| {
            url.has_host() && url.hostname().is_empty()
        })
    }
}

/// The host is not null: the href has "//" after the scheme.
#[no_mangle]
pub unsafe extern "C" fn ada_has_hostname(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| url.has_host()) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_has_non_empty_username(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| !url.username().is_empty()) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_has_non_empty_password(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| !url.password().is_empty()) }
}

#[no_mangle]
pub unsafe extern "C" fn ada_has_port(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| url.typed_port().is_some()) }
}

/// ada tells a password by the ":" before it; weburl, as the standard's
/// serializer, writes that ":" only before a non-empty password.
///
/// <https://url.spec.whatwg.org/#concept-url-serializer>
#[no_mangle]
pub unsafe extern "C" fn ada_has_password(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| !url.password().is_empty()) }
}

/// A fragment, even an empty one ("#").
#[no_mangle]
pub unsafe extern "C" fn ada_has_hash(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| url.fragment().is_some()) }
}

/// A query, even an empty one ("?").
#[no_mangle]
pub unsafe extern "C" fn ada_has_search(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live URL handle.
    unsafe { with_url(result, false, |url| url.query().is_some()) }
}

/// ada's component offsets of a valid URL; NULL for an invalid one. The
/// struct lives in the handle: valid until the URL is mutated or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_components(result: ada_url) -> *const ada_url_components {
    guard(ptr::null(), || {
        // SAFETY: `result` is NULL or a live URL handle.
        match unsafe { handle_mut::<UrlHandle>(result) } {
            Some(UrlHandle {
                url: Some(url),
                components,
            }) => {
                *components = components_of(url);
                ptr::from_ref(components)
            }
            _ => ptr::null(),
        }
    })
}

/// The library's [`Url::components`], ada's layout, with absent offsets
/// written as `ada_url_omitted`.
pub(crate) fn components_of(url: &Url) -> ada_url_components {
    let c = url.components();
    ada_url_components {
        protocol_end: c.protocol_end,
        username_end: c.username_end,
        host_start: c.host_start,
        host_end: c.host_end,
        port: c.port.unwrap_or(ada_url_omitted),
        pathname_start: c.pathname_start,
        search_start: c.search_start.unwrap_or(ada_url_omitted),
        hash_start: c.hash_start.unwrap_or(ada_url_omitted),
    }
}
