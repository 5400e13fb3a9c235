//! The exported functions called from Rust: what ada's own test does not
//! reach (NULL, bytes that are not UTF-8, lifetimes), and
//! `ada_get_components` checked on every WPT URL against ada's own
//! reading of its components.

use std::ffi::c_char;
use std::ptr;

use weburl_capi::*;

fn s(input: &[u8]) -> (*const c_char, usize) {
    (input.as_ptr().cast(), input.len())
}

/// An `ada_string`'s bytes, or `None` for `{NULL, 0}`.
fn read(value: ada_string) -> Option<Vec<u8>> {
    if value.data.is_null() {
        assert_eq!(value.length, 0);
        return None;
    }
    // SAFETY: a non-null ada_string points to `length` bytes of a live handle.
    Some(unsafe { std::slice::from_raw_parts(value.data.cast::<u8>(), value.length) }.to_vec())
}

fn text(value: ada_string) -> String {
    String::from_utf8(read(value).expect("a string")).expect("UTF-8")
}

/// Takes an owned string's bytes and frees it.
fn take(value: ada_owned_string) -> Option<Vec<u8>> {
    let bytes = if value.data.is_null() {
        None
    } else {
        // SAFETY: an owned string points to `length` bytes until freed.
        Some(unsafe { std::slice::from_raw_parts(value.data.cast::<u8>(), value.length) }.to_vec())
    };
    // SAFETY: returned by this library, freed once.
    unsafe { ada_free_owned_string(value) };
    bytes
}

fn parse(input: &[u8]) -> ada_url {
    let (p, n) = s(input);
    // SAFETY: `p` points to `n` bytes.
    unsafe { ada_parse(p, n) }
}

/// The getters as ada's `url_aggregator` computes them from its
/// components and buffer (ada.cpp, `url_aggregator::get_*`), so that the
/// components must mean what they mean in ada.
fn getters_from_components(href: &str, c: &ada_url_components) -> [String; 7] {
    let b = href.as_bytes();
    let sub = |start: u32, end: u32| href[start as usize..end as usize].to_owned();
    let omitted = ada_url_omitted;
    let len = href.len() as u32;
    let username = if c.protocol_end + 2 < c.username_end {
        sub(c.protocol_end + 2, c.username_end)
    } else {
        String::new()
    };
    let password = if c.host_start > c.username_end {
        sub(c.username_end + 1, c.host_start)
    } else {
        String::new()
    };
    let mut host_start = c.host_start;
    if c.host_end > c.host_start && b[c.host_start as usize] == b'@' {
        host_start += 1;
    }
    let hostname = sub(host_start, c.host_end);
    let port = if c.port == omitted {
        String::new()
    } else {
        sub(c.host_end + 1, c.pathname_start)
    };
    let path_end = if c.search_start != omitted {
        c.search_start
    } else if c.hash_start != omitted {
        c.hash_start
    } else {
        len
    };
    let pathname = sub(c.pathname_start, path_end);
    let search = if c.search_start == omitted {
        String::new()
    } else {
        let end = if c.hash_start != omitted {
            c.hash_start
        } else {
            len
        };
        if end - c.search_start <= 1 {
            String::new()
        } else {
            sub(c.search_start, end)
        }
    };
    let hash = if c.hash_start == omitted || len - c.hash_start <= 1 {
        String::new()
    } else {
        sub(c.hash_start, len)
    };
    let protocol = sub(0, c.protocol_end);
    [
        protocol,
        username,
        password,
        hostname,
        port,
        pathname,
        search + &hash,
    ]
}

#[test]
fn components_mean_what_they_mean_in_ada_on_every_wpt_url() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt/urltestdata.json"
    );
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        if case.get("failure").is_some() {
            continue;
        }
        let input = case["input"].as_str().unwrap();
        let url = match case["base"].as_str() {
            Some(base) => {
                let ((i, il), (b, bl)) = (s(input.as_bytes()), s(base.as_bytes()));
                // SAFETY: both point to their lengths.
                unsafe { ada_parse_with_base(i, il, b, bl) }
            }
            None => parse(input.as_bytes()),
        };
        // SAFETY: `url` is a live handle until ada_free below.
        unsafe {
            assert!(ada_is_valid(url), "{input}");
            let href = text(ada_get_href(url));
            assert_eq!(href, case["href"].as_str().unwrap());
            let c = *ada_get_components(url);
            let ours = [
                text(ada_get_protocol(url)),
                text(ada_get_username(url)),
                text(ada_get_password(url)),
                text(ada_get_hostname(url)),
                text(ada_get_port(url)),
                text(ada_get_pathname(url)),
                text(ada_get_search(url)) + &text(ada_get_hash(url)),
            ];
            assert_eq!(getters_from_components(&href, &c), ours, "{input}: {c:?}");
            // ada's predicates on its components (ada.h, url_aggregator::has_*).
            let b = href.as_bytes();
            let has_authority = c.protocol_end + 2 <= c.host_start
                && &b[c.protocol_end as usize..c.protocol_end as usize + 2] == b"//";
            assert_eq!(ada_has_hostname(url), has_authority, "{input}");
            assert_eq!(
                ada_has_port(url),
                has_authority && c.pathname_start != c.host_end,
                "{input}"
            );
            assert_eq!(ada_has_search(url), c.search_start != ada_url_omitted);
            assert_eq!(ada_has_hash(url), c.hash_start != ada_url_omitted);
            assert_eq!(
                ada_has_non_empty_username(url),
                c.protocol_end + 2 < c.username_end
            );
            assert_eq!(
                ada_has_non_empty_password(url),
                c.host_start > c.username_end
            );
            assert_eq!(
                ada_has_password(url),
                c.host_start > c.username_end && b[c.username_end as usize] == b':'
            );
            let empty_hostname = has_authority
                && (c.host_start == c.host_end
                    || (c.host_end == c.host_start + 1 && c.username_end != c.host_start));
            assert_eq!(
                ada_has_empty_hostname(url),
                empty_hostname,
                "{input}: {c:?}"
            );
            ada_free(url);
        }
        checked += 1;
    }
    assert!(checked > 600, "only {checked} URLs checked");
}

#[test]
fn components_of_the_diagram() {
    let url = parse(b"https://user:pass@example.com:1234/foo/bar?baz#quux");
    // SAFETY: a live handle until ada_free.
    unsafe {
        let c = *ada_get_components(url);
        let expected = ada_url_components {
            protocol_end: 6,
            username_end: 12,
            host_start: 17,
            host_end: 29,
            port: 1234,
            pathname_start: 34,
            search_start: 42,
            hash_start: 46,
        };
        assert_eq!(c, expected);
        ada_free(url);
    }
    let url = parse(b"mailto:someone@example.com");
    // SAFETY: a live handle until ada_free.
    unsafe {
        let c = *ada_get_components(url);
        assert_eq!(
            (c.protocol_end, c.username_end, c.host_start, c.host_end),
            (7, 7, 7, 7)
        );
        assert_eq!(
            (c.port, c.pathname_start, c.search_start),
            (ada_url_omitted, 7, ada_url_omitted)
        );
        assert_eq!(ada_get_host_type(url), 0);
        assert!(!ada_has_hostname(url));
        ada_free(url);
    }
}

#[test]
fn null_handles_and_null_input_are_invalid_or_empty() {
    let null: ada_url = ptr::null_mut();
    // SAFETY: NULL is accepted everywhere.
    unsafe {
        assert!(!ada_is_valid(null));
        assert!(read(ada_get_href(null)).is_none());
        assert!(take(ada_get_origin(null)).is_none());
        assert!(ada_get_components(null).is_null());
        assert!(!ada_set_href(null, ptr::null(), 5));
        ada_set_search(null, ptr::null(), 0);
        ada_clear_hash(null);
        assert!(!ada_has_search(null));
        assert_eq!(ada_get_scheme_type(null), 0);
        assert!(ada_copy(null).is_null());
        ada_free(null);

        // A NULL input pointer is the empty string, whatever the length.
        let url = ada_parse(ptr::null(), 100);
        assert!(!ada_is_valid(url));
        assert!(read(ada_get_pathname(url)).is_none());
        ada_free(url);
        assert!(!ada_can_parse(ptr::null(), 3));
        let (b, bl) = s(b"https://example.com/a");
        assert!(ada_can_parse_with_base(ptr::null(), 7, b, bl));

        let params: ada_url_search_params = ptr::null_mut();
        assert_eq!(ada_search_params_size(params), 0);
        assert!(take(ada_search_params_to_string(params)).is_none());
        let all = ada_search_params_get_all(params, ptr::null(), 0);
        assert_eq!(ada_strings_size(all), 0);
        assert!(read(ada_strings_get(all, 0)).is_none());
        ada_free_strings(all);
        let keys = ada_search_params_get_keys(params);
        assert!(!ada_search_params_keys_iter_has_next(keys));
        assert!(read(ada_search_params_keys_iter_next(keys)).is_none());
        ada_free_search_params_keys_iter(keys);
        ada_free_search_params(params);
        assert!(read(ada_strings_get(ptr::null_mut(), 3)).is_none());
        assert!(!ada_search_params_entries_iter_has_next(ptr::null_mut()));
    }
}

#[test]
fn an_invalid_url_reads_as_null_and_ignores_setters() {
    let url = parse(b"http://exa mple.com/");
    // SAFETY: a live handle until ada_free.
    unsafe {
        assert!(!ada_is_valid(url));
        assert!(read(ada_get_href(url)).is_none());
        assert!(read(ada_get_hostname(url)).is_none());
        assert!(take(ada_get_origin(url)).is_none());
        assert!(ada_get_components(url).is_null());
        let (p, n) = s(b"/x");
        assert!(!ada_set_pathname(url, p, n));
        assert!(!ada_has_hostname(url));
        let copy = ada_copy(url);
        assert!(!ada_is_valid(copy));
        ada_free(copy);
        ada_free(url);
    }
}

#[test]
fn bytes_outside_utf8_follow_parse_bytes() {
    let url = parse(b"https://example.com/caf\xE9?q=\xFF");
    // SAFETY: a live handle until ada_free.
    unsafe {
        assert_eq!(text(ada_get_href(url)), "https://example.com/caf%E9?q=%FF");
        let (p, n) = s(b"/\xFF\xFE");
        assert!(ada_set_pathname(url, p, n));
        assert_eq!(text(ada_get_pathname(url)), "/%FF%FE");
        let (p, n) = s(b"exampl\xE9.com");
        assert!(!ada_set_hostname(url, p, n));
        assert_eq!(text(ada_get_hostname(url)), "example.com");
        ada_free(url);
    }
    assert!(!{
        let (p, n) = s(b"https://exampl\xE9.com/");
        // SAFETY: `p` points to `n` bytes.
        unsafe { ada_can_parse(p, n) }
    });
    let (p, n) = s(b"a=\xFF&b=%FF");
    // SAFETY: a live handle until freed.
    unsafe {
        let params = ada_parse_search_params(p, n);
        let (k, kl) = s(b"a");
        assert_eq!(text(ada_search_params_get(params, k, kl)), "\u{FFFD}");
        assert_eq!(
            take(ada_search_params_to_string(params)).unwrap(),
            b"a=%EF%BF%BD&b=%EF%BF%BD"
        );
        ada_free_search_params(params);
    }
    let (p, n) = s(b"\xFF.example");
    // SAFETY: `p` points to `n` bytes.
    unsafe {
        assert_eq!(take(ada_idna_to_ascii(p, n)).unwrap(), b"");
        assert_eq!(take(ada_idna_to_unicode(p, n)).unwrap(), b"\xFF.example");
    }
}

#[test]
fn setters_report_what_the_standard_ignores() {
    let url = parse(b"https://example.com/");
    // SAFETY: a live handle until ada_free.
    unsafe {
        let set = |f: unsafe extern "C" fn(ada_url, *const c_char, usize) -> bool, v: &[u8]| {
            let (p, n) = s(v);
            f(url, p, n)
        };
        // Values that are empty once tabs and newlines are removed change
        // nothing, and ada reports them as set.
        assert!(set(ada_set_protocol, b""));
        assert!(set(ada_set_protocol, b"\t\n"));
        assert!(set(ada_set_port, b"\t"));
        assert_eq!(text(ada_get_href(url)), "https://example.com/");
        assert!(set(ada_set_port, b"8080"));
        assert!(!set(ada_set_port, b"99999"));
        assert_eq!(text(ada_get_port(url)), "8080");
        assert!(!set(ada_set_protocol, b"git"), "special to non-special");
        assert!(!set(ada_set_protocol, b"1http"));
        assert!(set(ada_set_protocol, b"wss"));
        assert!(!set(ada_set_hostname, b"exa mple.com"));
        assert!(set(ada_set_host, b"[::1]:81"));
        assert_eq!(ada_get_host_type(url), 2);
        assert!(set(ada_set_hostname, b"10.0.0.1"));
        assert_eq!(ada_get_host_type(url), 1);
        assert!(!set(ada_set_href, b"not a url"));
        assert_eq!(text(ada_get_href(url)), "wss://10.0.0.1:81/");
        ada_clear_port(url);
        assert!(!ada_has_port(url));
        ada_free(url);
    }
    let file = parse(b"file:///tmp/x");
    // SAFETY: a live handle until ada_free.
    unsafe {
        assert!(ada_has_empty_hostname(file));
        assert!(ada_has_hostname(file));
        let (p, n) = s(b"user");
        assert!(
            !ada_set_username(file, p, n),
            "a file URL cannot have credentials"
        );
        assert!(!set_port(file, b"\t"), "a file URL cannot have a port");
        assert_eq!(ada_get_scheme_type(file), 6);
        ada_free(file);
    }
}

fn set_port(url: ada_url, value: &[u8]) -> bool {
    let (p, n) = s(value);
    // SAFETY: a live handle; `p` points to `n` bytes.
    unsafe { ada_set_port(url, p, n) }
}

#[test]
fn iterators_and_string_lists_outlive_their_list() {
    let (p, n) = s(b"a=1&b=2&a=3");
    // SAFETY: live handles until freed; the iterators and the list are
    // freed after the search params on purpose.
    unsafe {
        let params = ada_parse_search_params(p, n);
        let (k, kl) = s(b"a");
        let all = ada_search_params_get_all(params, k, kl);
        let entries = ada_search_params_get_entries(params);
        let values = ada_search_params_get_values(params);
        assert!(read(ada_search_params_get(params, s(b"zz").0, 2)).is_none());
        ada_free_search_params(params);
        assert_eq!(ada_strings_size(all), 2);
        assert_eq!(text(ada_strings_get(all, 1)), "3");
        assert!(read(ada_strings_get(all, 2)).is_none());
        let mut seen = Vec::new();
        while ada_search_params_entries_iter_has_next(entries) {
            let pair = ada_search_params_entries_iter_next(entries);
            seen.push((text(pair.key), text(pair.value)));
        }
        assert_eq!(
            seen,
            [
                ("a".into(), "1".into()),
                ("b".into(), "2".into()),
                ("a".into(), "3".into())
            ]
        );
        let end = ada_search_params_entries_iter_next(entries);
        assert!(read(end.key).is_none() && read(end.value).is_none());
        assert_eq!(text(ada_search_params_values_iter_next(values)), "1");
        ada_free_strings(all);
        ada_free_search_params_entries_iter(entries);
        ada_free_search_params_values_iter(values);
    }
}

#[test]
fn owned_strings_and_version() {
    let (p, n) = s("straße.de".as_bytes());
    // SAFETY: `p` points to `n` bytes; owned strings are freed by `take`.
    unsafe {
        assert_eq!(take(ada_idna_to_ascii(p, n)).unwrap(), b"xn--strae-oqa.de");
        let (p, n) = s(b"xn--");
        assert_eq!(take(ada_idna_to_ascii(p, n)).unwrap(), b"");
        let url = parse(b"blob:https://example.com:443/x");
        assert_eq!(take(ada_get_origin(url)).unwrap(), b"https://example.com");
        ada_free(url);
        let url = parse(b"data:,x");
        assert_eq!(take(ada_get_origin(url)).unwrap(), b"null");
        ada_free(url);
        let version = std::ffi::CStr::from_ptr(ada_get_version());
        let v = ada_get_version_components();
        assert_eq!(
            version.to_str().unwrap(),
            format!("{}.{}.{}", v.major, v.minor, v.revision)
        );
    }
}
