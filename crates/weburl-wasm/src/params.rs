//! `URLSearchParams`: the application/x-www-form-urlencoded parser,
//! serializer and sort. JavaScript keeps the list of pairs; parsing,
//! serializing and sorting it are weburl's.
//!
//! <https://url.spec.whatwg.org/#interface-urlsearchparams>

use weburl::{form_urlencoded, UrlSearchParams};

use crate::abi;

/// A list from `with_args` strings: names and values alternating.
pub(crate) fn from_args(args: &[Option<&str>]) -> UrlSearchParams {
    UrlSearchParams::from_pairs(
        args.chunks_exact(2)
            .map(|p| (p[0].unwrap_or_default(), p[1].unwrap_or_default())),
    )
}

/// Writes strings for JavaScript's `readStrings`: their count, each one's
/// length in UTF-16 code units (what JavaScript slices by), then the
/// UTF-8 text of all of them.
pub(crate) fn out_strings<'a>(strings: impl Iterator<Item = &'a str> + Clone) -> i32 {
    abi::out_with(|out| {
        let count = strings.clone().count() as u32;
        out.extend_from_slice(&count.to_le_bytes());
        for s in strings.clone() {
            let units = s.encode_utf16().count() as u32;
            out.extend_from_slice(&units.to_le_bytes());
        }
        for s in strings {
            out.extend_from_slice(s.as_bytes());
        }
    })
}

fn out_pairs(params: &UrlSearchParams) -> i32 {
    out_strings(params.pairs().flat_map(|(n, v)| [n, v]))
}

/// Parses the input's first `len` bytes as application/x-www-form-urlencoded
/// into pairs. `strip_question_mark` 1: the `URLSearchParams` constructor's
/// string form, which drops one leading "?"; 0: a URL's query as it is.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser>
#[no_mangle]
pub extern "C" fn weburl_params_parse(len: usize, strip_question_mark: u32) -> i32 {
    abi::with_input(len, |input| {
        let params = if strip_question_mark != 0 {
            UrlSearchParams::parse(input)
        } else {
            UrlSearchParams::from_pairs(form_urlencoded::parse(input.as_bytes()))
        };
        out_pairs(&params)
    })
}

/// Serializes `count` strings (names and values alternating).
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-serializer>
#[no_mangle]
pub extern "C" fn weburl_params_serialize(count: usize) -> i32 {
    abi::with_args(count, |args| abi::out_str(&from_args(args).to_string()))
}

/// Sorts `count` strings (names and values alternating) by name, and
/// returns the pairs in their new order.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
#[no_mangle]
pub extern "C" fn weburl_params_sort(count: usize) -> i32 {
    abi::with_args(count, |args| {
        let mut params = from_args(args);
        params.sort();
        out_pairs(&params)
    })
}
