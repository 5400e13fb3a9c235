//! URLPattern's regular expressions on JavaScript's own `RegExp`: the
//! [`RegexEngine`] of the full module.
//!
//! Why the host's engine rather than weburl-pattern's linear-time one: the
//! standard defines regexp groups by ECMAScript's `RegExp` with the `v`
//! flag, and every JavaScript host has that engine already, so the module
//! leaves out `regex-automata` and its Unicode tables (about 420 KiB of the
//! gzipped module) and gets ECMAScript's semantics exactly, lookaround and
//! backreferences included; matching then backtracks, as every native
//! `URLPattern` does. Routing shapes (`/users/:id`, `*`) never get here:
//! weburl-pattern matches them directly.
//!
//! The host side is `js/src/regexp.js`: a table of `RegExp` objects by
//! integer handle, reached through the imports of module `weburl_regexp`.
//!
//! Offsets: JavaScript reports capture spans in UTF-16 code units. The
//! strings matched are canonicalized URL components, which are ASCII (the
//! URL parser percent-encodes or punycodes everything else), and on ASCII
//! text a UTF-16 index is the byte offset; [`byte_offset`] still converts
//! for any other text, so a span never lands inside a character.

use weburl_pattern::{CompiledRegex, Error, RegexEngine};

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "weburl_regexp")]
extern "C" {
    /// `new RegExp(source, ignore_case ? "vi" : "v")` on the `len` UTF-8
    /// bytes at `source`: its handle (≥ 0), or when the constructor throws,
    /// `-1 - n` with the first `n` bytes (at most `err_cap`) of the error's
    /// message, UTF-8, written at `err`.
    fn regexp_new(
        source: *const u8,
        len: usize,
        ignore_case: u32,
        err: *mut u8,
        err_cap: usize,
    ) -> i32;
    /// `re.exec(input) !== null` on the `len` UTF-8 bytes at `input`: 1 or 0.
    fn regexp_test(handle: u32, input: *const u8, len: usize) -> u32;
    /// `re.exec(input)` with indices: 1 and, for each group `i + 1` below
    /// `groups`, its start and end (UTF-16 indices; -1 and -1 when
    /// undefined) as `i32`s at `spans[2 i]` and `spans[2 i + 1]`; or 0.
    fn regexp_exec(
        handle: u32,
        input: *const u8,
        len: usize,
        spans: *mut i32,
        groups: usize,
    ) -> u32;
    /// Frees the handle's slot.
    fn regexp_free(handle: u32);
}

/// Outside WebAssembly (a native `cargo check` or test of this crate)
/// there is no JavaScript: every source is refused.
#[cfg(not(target_arch = "wasm32"))]
mod no_host {
    pub(super) unsafe fn regexp_new(
        _source: *const u8,
        _len: usize,
        _ignore_case: u32,
        _err: *mut u8,
        _err_cap: usize,
    ) -> i32 {
        -1
    }
    pub(super) unsafe fn regexp_test(_handle: u32, _input: *const u8, _len: usize) -> u32 {
        0
    }
    pub(super) unsafe fn regexp_exec(
        _handle: u32,
        _input: *const u8,
        _len: usize,
        _spans: *mut i32,
        _groups: usize,
    ) -> u32 {
        0
    }
    pub(super) unsafe fn regexp_free(_handle: u32) {}
}
#[cfg(not(target_arch = "wasm32"))]
use no_host::{regexp_exec, regexp_free, regexp_new, regexp_test};

/// How much of a SyntaxError's message comes back.
const MESSAGE_CAP: usize = 256;

/// The engine: JavaScript's `RegExp`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct JsRegExp;

impl RegexEngine for JsRegExp {
    fn compile(&self, regexp: &str, ignore_case: bool) -> Result<Box<dyn CompiledRegex>, Error> {
        let mut message = [0u8; MESSAGE_CAP];
        // SAFETY: `regexp` is `regexp.len()` readable bytes and `message`
        // `MESSAGE_CAP` writable ones, both alive for the call; the host
        // reads and writes only those ranges and calls back into nothing.
        let handle = unsafe {
            regexp_new(
                regexp.as_ptr(),
                regexp.len(),
                ignore_case.into(),
                message.as_mut_ptr(),
                MESSAGE_CAP,
            )
        };
        match u32::try_from(handle) {
            Ok(handle) => Ok(Box::new(JsRegex { handle })),
            Err(_) => {
                let n = usize::try_from(-1 - handle).unwrap_or(0).min(MESSAGE_CAP);
                let reason = match String::from_utf8_lossy(&message[..n]) {
                    m if m.is_empty() => "not a valid regular expression here".to_owned(),
                    m => m.into_owned(),
                };
                Err(Error::InvalidRegExp {
                    regexp: regexp.to_owned(),
                    reason,
                })
            }
        }
    }
}

/// A `RegExp` in the host's table, freed with the last pattern holding it.
#[derive(Debug)]
struct JsRegex {
    handle: u32,
}

impl CompiledRegex for JsRegex {
    fn is_match(&self, input: &str) -> bool {
        // SAFETY: `input` is `input.len()` readable bytes for the call.
        unsafe { regexp_test(self.handle, input.as_ptr(), input.len()) == 1 }
    }

    fn exec(&self, input: &str, groups: &mut [Option<(usize, usize)>]) -> bool {
        let mut spans = vec![-1i32; 2 * groups.len()];
        // SAFETY: `input` is `input.len()` readable bytes and `spans`
        // `2 * groups.len()` writable, aligned `i32`s, both alive for the
        // call; the host writes no further.
        let matched = unsafe {
            regexp_exec(
                self.handle,
                input.as_ptr(),
                input.len(),
                spans.as_mut_ptr(),
                groups.len(),
            ) == 1
        };
        if matched {
            for (slot, span) in groups.iter_mut().zip(spans.chunks_exact(2)) {
                *slot = byte_offset(input, span[0]).zip(byte_offset(input, span[1]));
            }
        }
        matched
    }
}

impl Drop for JsRegex {
    fn drop(&mut self) {
        // SAFETY: the handle is this object's alone (clones of a pattern
        // share the object through an `Arc`), freed once, here.
        unsafe { regexp_free(self.handle) }
    }
}

/// The byte offset in `input` of UTF-16 index `unit`; `None` for -1
/// (an undefined group), past the end, or inside a character.
fn byte_offset(input: &str, unit: i32) -> Option<usize> {
    let unit = usize::try_from(unit).ok()?;
    if input.is_ascii() {
        return (unit <= input.len()).then_some(unit);
    }
    let mut units = 0;
    for (at, c) in input.char_indices() {
        if units == unit {
            return Some(at);
        }
        units += c.len_utf16();
        if units > unit {
            return None;
        }
    }
    (units == unit).then_some(input.len())
}

#[cfg(test)]
mod tests {
    use super::byte_offset;

    #[test]
    fn utf16_indices_to_byte_offsets() {
        assert_eq!(byte_offset("/a/b", 2), Some(2));
        assert_eq!(byte_offset("/a/b", 4), Some(4));
        assert_eq!(byte_offset("/a/b", 5), None);
        assert_eq!(byte_offset("/a/b", -1), None);
        // "é" is one unit and two bytes; "😀" two units and four bytes.
        assert_eq!(byte_offset("é😀x", 1), Some(2));
        assert_eq!(byte_offset("é😀x", 2), None);
        assert_eq!(byte_offset("é😀x", 3), Some(6));
        assert_eq!(byte_offset("é😀x", 4), Some(7));
    }
}
