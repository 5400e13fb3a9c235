//! `URL`: parsing, `canParse`, the setters and the origin. A parsed URL
//! goes back to JavaScript as its href and the offsets of its components
//! in it; the getters are slices of the href made in JavaScript.
//!
//! <https://url.spec.whatwg.org/#api>

use std::cell::RefCell;

use weburl::{Position, Url};

use crate::abi::{self, NULL};

/// The positions written to `META[OFFSETS..]`, in this order; `js/src/core.js`
/// reads them by index.
const POSITIONS: [Position; 14] = [
    Position::AfterScheme,
    Position::BeforeUsername,
    Position::AfterUsername,
    Position::BeforePassword,
    Position::AfterPassword,
    Position::BeforeHost,
    Position::AfterHost,
    Position::BeforePort,
    Position::AfterPort,
    Position::BeforePath,
    Position::AfterPath,
    Position::BeforeQuery,
    Position::AfterQuery,
    Position::BeforeFragment,
];

/// Hands `url` to JavaScript: offsets in `META`, the href in the output
/// unless it is the first `same_as_input` bytes of the input.
fn emit(url: &Url, same_as_input: usize) -> i32 {
    for (i, p) in POSITIONS.iter().enumerate() {
        // Offsets fit in u32: weburl stores them as u32.
        abi::set_meta(abi::OFFSETS + i, url.position(*p) as u32);
    }
    let href = url.href();
    let same = same_as_input == href.len() && abi::input_is(same_as_input, href);
    abi::set_meta(abi::FLAGS, u32::from(same));
    if same {
        return href.len() as i32;
    }
    abi::out_str(href)
}

thread_local! {
    /// The URL of the last parse, whose buffer the next one reuses: a URL
    /// the fast path takes then costs no allocation.
    static LAST: RefCell<Option<Url>> = const { RefCell::new(None) };
}

/// Hrefs longer than this are not kept in `LAST` (a 1 MB URL would hold
/// its memory until the next parse).
const KEEP_AT_MOST: usize = 1 << 12;

fn parse<'u>(input: &str, base: Option<&str>, slot: &'u mut Option<Url>) -> Option<&'u Url> {
    match base {
        None => Url::options().parse_reusing(input, slot).ok(),
        Some(base) => {
            let base = Url::parse(base).ok()?;
            Url::options()
                .base_url(Some(&base))
                .parse_reusing(input, slot)
                .ok()
        }
    }
}

/// `new URL(input, base)`: the input's first `len` bytes, the base's
/// `base_len` after them (negative: no base). Returns the href's length
/// (the href in the output unless `META[FLAGS]` bit 0 says it is the
/// input), or `NULL` when it does not parse.
///
/// <https://url.spec.whatwg.org/#dom-url-url>
#[no_mangle]
pub extern "C" fn weburl_url_parse(len: usize, base_len: i32) -> i32 {
    LAST.with_borrow_mut(|slot| {
        let status = abi::with_input_and_base(len, base_len, |input, base| {
            match parse(input, base, slot) {
                Some(url) => emit(url, if base_len < 0 { len } else { usize::MAX }),
                None => NULL,
            }
        });
        if slot
            .as_ref()
            .is_some_and(|url| url.href().len() > KEEP_AT_MOST)
        {
            *slot = None;
        }
        status
    })
}

/// `URL.canParse(input, base)`: 1 or 0, with the layout of
/// [`weburl_url_parse`].
///
/// <https://url.spec.whatwg.org/#dom-url-canparse>
#[no_mangle]
pub extern "C" fn weburl_url_can_parse(len: usize, base_len: i32) -> i32 {
    abi::with_input_and_base(len, base_len, Url::can_parse).into()
}

/// The setters, by number: `SETTERS` in `js/src/core.js`.
fn set(url: &mut Url, which: u32, value: &str) -> Result<(), String> {
    // The setters other than href ignore values they cannot use, as the
    // JavaScript ones do; only href throws.
    match which {
        0 => return url.set_href(value).map_err(|e| format!("Invalid URL: {e}")),
        1 => drop(url.set_protocol(value)),
        2 => drop(url.set_username(value)),
        3 => drop(url.set_password(value)),
        4 => drop(url.set_host(value)),
        5 => drop(url.set_hostname(value)),
        6 => drop(url.set_port(value)),
        7 => drop(url.set_pathname(value)),
        8 => drop(url.set_search(value)),
        9 => drop(url.set_hash(value)),
        _ => return Err(format!("no setter number {which}")),
    }
    Ok(())
}

/// The URL whose href is `href`, an href this module gave JavaScript.
/// Parsing gives it back, but for one kind: a file URL whose host is
/// "localhost", which only the protocol setter makes (the scheme state with
/// a state override keeps a special URL's host when the scheme becomes
/// "file") and which the parser's file host state makes the empty host
/// ("If host is "localhost", then set host to the empty string"). That one
/// is made as the protocol setter made it: the same URL with scheme "http",
/// then "file".
///
/// <https://url.spec.whatwg.org/#scheme-state>
fn parse_href(href: &str) -> Result<Url, weburl::ParseError> {
    let url = Url::parse(href)?;
    if url.href().len() != href.len() {
        if let Some(rest) = href.strip_prefix("file://localhost") {
            if let Ok(mut again) = Url::parse(&format!("http://localhost{rest}")) {
                if again.set_protocol("file").is_ok() && again.href() == href {
                    return Ok(again);
                }
            }
        }
    }
    Ok(url)
}

/// A setter: arguments (`with_args`) href and value. Returns the new
/// href as [`weburl_url_parse`] does, or `TYPE_ERROR` (href only).
///
/// <https://url.spec.whatwg.org/#urlutils-members>
#[no_mangle]
pub extern "C" fn weburl_url_set(which: u32) -> i32 {
    let result = abi::with_args(2, |args| {
        let href = args[0].unwrap_or_default();
        let mut url = parse_href(href).map_err(|e| e.to_string())?;
        set(&mut url, which, args[1].unwrap_or_default())?;
        Ok::<Url, String>(url)
    });
    match result {
        Ok(url) => emit(&url, usize::MAX),
        Err(message) => abi::type_error(&message),
    }
}

/// The origin of the URL whose href is the input's first `len` bytes.
///
/// <https://url.spec.whatwg.org/#dom-url-origin>
#[no_mangle]
pub extern "C" fn weburl_url_origin(len: usize) -> i32 {
    abi::with_input(len, |href| match Url::parse(href) {
        Ok(url) => abi::out_str(&url.origin().ascii_serialization()),
        Err(_) => NULL,
    })
}

/// The `URLSearchParams` update steps: arguments href, then names and
/// values alternating (`count` strings in all). Returns the new href.
///
/// <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
#[no_mangle]
pub extern "C" fn weburl_url_set_params(count: usize) -> i32 {
    let result = abi::with_args(count, |args| {
        let mut url = parse_href(args.first().copied().flatten()?).ok()?;
        let params = crate::params::from_args(&args[1..]);
        url.set_search_params(&params).ok()?;
        Some(url)
    });
    match result {
        Some(url) => emit(&url, usize::MAX),
        None => abi::type_error("the URL's href does not parse"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_href_gives_back_a_file_url_whose_host_is_localhost() {
        let url = parse_href("file://localhost/C:/x?q#f").unwrap();
        assert_eq!(url.href(), "file://localhost/C:/x?q#f");
        assert_eq!(url.hostname(), "localhost");
        for href in [
            "file:///x",
            "file://host/x",
            "http://localhost/",
            "file://localhostx/",
        ] {
            assert_eq!(parse_href(href).unwrap().href(), href);
        }
        // Not an href of a URL: parsed as it is.
        assert_eq!(parse_href("file://LOCALHOST/").unwrap().href(), "file:///");
    }
}
