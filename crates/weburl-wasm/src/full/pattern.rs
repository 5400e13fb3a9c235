//! `URLPattern`: compiled patterns live here, in a table JavaScript holds
//! indices into (freed by its `FinalizationRegistry`); regexp groups run on
//! JavaScript's `RegExp` (see `super::regexp`).
//!
//! <https://urlpattern.spec.whatwg.org/#urlpattern-class>

use std::cell::RefCell;

use weburl_pattern::{
    pattern_component, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult, COMPONENTS,
};

use weburl::Url;

use super::regexp::JsRegExp;
use crate::abi::{self, NULL};
use crate::json::Obj;

/// Live patterns by handle, and the free slots, reused first so that the
/// table stays as large as the most patterns alive at once.
struct Table {
    slots: Vec<Option<UrlPattern>>,
    free: Vec<u32>,
}

thread_local! {
    static PATTERNS: RefCell<Table> = const {
        RefCell::new(Table { slots: Vec::new(), free: Vec::new() })
    };
    /// The URL `test` parses its input into: one buffer reused from call to
    /// call instead of an allocation and a free per test.
    static SCRATCH: RefCell<Option<Url>> = const { RefCell::new(None) };
}

/// `pattern.test_str(input)`, parsing into [`SCRATCH`] what the scheme
/// alone does not refuse.
fn test_str(pattern: &UrlPattern, input: &str) -> bool {
    if !pattern.may_match_str(input) {
        return false;
    }
    SCRATCH.with_borrow_mut(|scratch| match scratch {
        // `parse_into` leaves the URL as it was when `input` does not parse.
        Some(url) => url.parse_into(input).is_ok() && pattern.test_url(url),
        None => Url::parse(input).is_ok_and(|url| pattern.test_url(scratch.insert(url))),
    })
}

fn store(pattern: UrlPattern) -> u32 {
    PATTERNS.with_borrow_mut(|table| match table.free.pop() {
        Some(slot) => {
            table.slots[slot as usize] = Some(pattern);
            slot
        }
        None => {
            table.slots.push(Some(pattern));
            (table.slots.len() - 1) as u32
        }
    })
}

fn with_pattern<R>(handle: u32, fallback: R, f: impl FnOnce(&UrlPattern) -> R) -> R {
    PATTERNS.with_borrow(|table| match table.slots.get(handle as usize) {
        Some(Some(p)) => f(p),
        _ => fallback,
    })
}

/// A dictionary from nine `with_args` strings: protocol, username,
/// password, hostname, port, pathname, search, hash, baseURL.
fn init_from(args: &[Option<&str>]) -> UrlPatternInit {
    let get = |i: usize| args.get(i).copied().flatten().map(str::to_owned);
    UrlPatternInit {
        protocol: get(0),
        username: get(1),
        password: get(2),
        hostname: get(3),
        port: get(4),
        pathname: get(5),
        search: get(6),
        hash: get(7),
        base_url: get(8),
    }
}

/// The input of a call: `kind` 0, a string and a base (two arguments);
/// 1, a dictionary (nine arguments).
fn with_input<R>(kind: u32, f: impl FnOnce(UrlPatternInput, Option<&str>) -> R) -> R {
    if kind == 0 {
        abi::with_args(2, |args| {
            f(UrlPatternInput::from(args[0].unwrap_or_default()), args[1])
        })
    } else {
        abi::with_args(9, |args| f(UrlPatternInput::Init(init_from(args)), None))
    }
}

/// `new URLPattern(input, baseURL, {ignoreCase})`, the input as in
/// `with_input`. Returns the length of a JSON object with the eight
/// component pattern strings and `hasRegExpGroups`, the handle in
/// `META[FLAGS]`; or `TYPE_ERROR`.
///
/// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern>
#[no_mangle]
pub extern "C" fn weburl_pattern_new(kind: u32, ignore_case: u32) -> i32 {
    let options = UrlPatternOptions {
        ignore_case: ignore_case != 0,
    };
    let built = with_input(kind, |input, base| {
        UrlPattern::with_engine(input, base, options, &JsRegExp)
    });
    match built {
        Ok(pattern) => {
            let status = abi::out_with(|out| {
                let mut o = Obj::new(out);
                for c in COMPONENTS {
                    o.str(c.name(), pattern.pattern_string(c).unwrap_or_default());
                }
                o.bool("hasRegExpGroups", pattern.has_regexp_groups()).end();
            });
            abi::set_meta(abi::FLAGS, store(pattern));
            status
        }
        Err(e) => abi::type_error(&e.to_string()),
    }
}

/// Frees a pattern's slot.
#[no_mangle]
pub extern "C" fn weburl_pattern_free(handle: u32) {
    PATTERNS.with_borrow_mut(|table| {
        if let Some(slot @ Some(_)) = table.slots.get_mut(handle as usize) {
            *slot = None;
            table.free.push(handle);
        }
    })
}

/// `pattern.test(input)` for a string input in the input's first `len`
/// bytes and a base in the `base_len` after them (negative: none): 1 or 0.
///
/// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-test>
#[no_mangle]
pub extern "C" fn weburl_pattern_test_str(handle: u32, len: usize, base_len: i32) -> i32 {
    with_pattern(handle, 0, |pattern| {
        abi::with_input_and_base(len, base_len, |input, base| match base {
            None => test_str(pattern, input),
            Some(base) => pattern
                .test(&UrlPatternInput::from(input), Some(base))
                .unwrap_or(false),
        })
        .into()
    })
}

fn result_json(out: &mut Vec<u8>, result: &UrlPatternResult) {
    let mut o = Obj::new(out);
    for c in COMPONENTS {
        let Some(r) = result.component(c) else {
            continue;
        };
        o.raw(c.name(), |out| {
            Obj::new(out)
                .str("input", &r.input)
                .raw("groups", |out| {
                    let mut g = Obj::new(out);
                    for (name, value) in &r.groups {
                        g.opt_str(name, value.as_deref());
                    }
                    g.end();
                })
                .end();
        });
    }
    o.end();
}

/// `pattern.exec(input, baseURL)` (`groups` 1) or `pattern.test` (0), the
/// input as in `with_input`. `exec`: the result's components as JSON
/// (groups that did not participate are `null`), or `NULL`; `test`: 1 or
/// `NULL`. `TYPE_ERROR` for a dictionary with a base URL.
///
/// <https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec>
#[no_mangle]
pub extern "C" fn weburl_pattern_exec(handle: u32, kind: u32, groups: u32) -> i32 {
    with_pattern(handle, NULL, |pattern| {
        with_input(kind, |input, base| {
            if groups == 0 {
                return match pattern.test(&input, base) {
                    Ok(true) => 1,
                    Ok(false) => NULL,
                    Err(e) => abi::type_error(&e.to_string()),
                };
            }
            match pattern.exec(&input, base) {
                Ok(Some(result)) => abi::out_with(|out| result_json(out, &result)),
                Ok(None) => NULL,
                Err(e) => abi::type_error(&e.to_string()),
            }
        })
    })
}

/// `URLPattern.compareComponent(component, left, right)`: -1, 0 or 1;
/// `TYPE_ERROR` for an unknown component name (the input's first `len`
/// bytes).
#[no_mangle]
pub extern "C" fn weburl_pattern_compare(len: usize, left: u32, right: u32) -> i32 {
    let Some(component) = abi::with_input(len, pattern_component) else {
        return abi::type_error("unknown URLPattern component");
    };
    with_pattern(left, NULL, |l| {
        with_pattern(right, NULL, |r| {
            UrlPattern::compare_component(component, l, r).map_or(0, |o| o as i32)
        })
    })
}

/// `pattern.generate(component, groups)`: arguments component name, then
/// group names and values alternating (`count` strings in all). The
/// string, or `TYPE_ERROR`.
#[no_mangle]
pub extern "C" fn weburl_pattern_generate(handle: u32, count: usize) -> i32 {
    with_pattern(handle, NULL, |pattern| {
        abi::with_args(count, |args| {
            let Some(component) = args[0].and_then(pattern_component) else {
                return abi::type_error("unknown URLPattern component");
            };
            let groups = |name: &str| {
                args[1..]
                    .chunks_exact(2)
                    .find(|p| p[0] == Some(name))
                    .map(|p| p[1].unwrap_or_default().to_owned())
            };
            match pattern.generate(component, &groups) {
                Ok(s) => abi::out_str(&s),
                Err(e) => abi::type_error(&e.to_string()),
            }
        })
    })
}
