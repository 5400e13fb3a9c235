//! The boundary with JavaScript: one input buffer JavaScript encodes its
//! strings into, one output buffer for the strings the exports return, and
//! a block of 32-bit words (`META`) for numbers (component offsets, flags,
//! the output's address).
//!
//! No Rust object outlives a call unless JavaScript holds its handle
//! (URLPattern, see `pattern.rs`): a URL is its href and offsets, kept in
//! JavaScript, so a dropped `URL` frees nothing here.
//!
//! Strings cross as UTF-8. JavaScript's `TextEncoder` turns lone
//! surrogates into U+FFFD, as WebIDL's USVString conversion does; the
//! exports still validate the bytes and read anything else lossily.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Words JavaScript reads after a call; see [`meta_ptr`].
pub(crate) static META: [AtomicU32; 32] = [const { AtomicU32::new(0) }; 32];

/// `META[OUT_PTR]`: the address of the output's first byte.
pub(crate) const OUT_PTR: usize = 0;
/// `META[FLAGS]`: bit 0, the href is the input byte for byte (JavaScript
/// then keeps its own string instead of decoding one).
pub(crate) const FLAGS: usize = 1;
/// `META[OFFSETS..OFFSETS + 14]`: a URL's component offsets (`url.rs`).
#[cfg(feature = "url")]
pub(crate) const OFFSETS: usize = 2;
/// `META[OUT_LEN]`: the output's length in bytes (for a `TYPE_ERROR`'s
/// message, whose status is not its length).
pub(crate) const OUT_LEN: usize = 31;

/// A status: the output is `null` (or the URL does not parse).
pub const NULL: i32 = -1;
/// A status: the call failed; the output holds the `TypeError`'s message.
pub const TYPE_ERROR: i32 = -2;

thread_local! {
    /// What JavaScript writes; read while the output is written, so the
    /// two are separate cells.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn set_meta(index: usize, value: u32) {
    META[index].store(value, Relaxed);
}

/// The address of the `META` words, for a `Uint32Array` view.
#[no_mangle]
pub extern "C" fn weburl_meta_ptr() -> *const AtomicU32 {
    META.as_ptr()
}

/// Makes room for `len` bytes of input and returns where JavaScript
/// writes them. The address holds until the next call with a larger
/// `len`. The buffer keeps the largest size asked for: a module's linear
/// memory never shrinks, so freeing it would only lend those pages to
/// other allocations.
#[no_mangle]
pub extern "C" fn weburl_input_reserve(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        if input.len() < len {
            input.resize(len, 0);
        }
        input.as_mut_ptr()
    })
}

/// The input, read as UTF-8 (lossily, though `TextEncoder` only writes
/// UTF-8): `f` gets the arguments JavaScript wrote back to back.
pub(crate) fn with_input<R>(len: usize, f: impl FnOnce(&str) -> R) -> R {
    INPUT.with_borrow(|input| f(&utf8(input.get(..len).unwrap_or(input))))
}

/// Splits the input into the arguments a call passes as a list of byte
/// lengths (`u32::MAX` for `null`), written by JavaScript's `writeArgs`:
/// `count` lengths as little-endian words, then the strings' bytes.
pub(crate) fn with_byte_args<R>(count: usize, f: impl FnOnce(&[Option<&[u8]>]) -> R) -> R {
    INPUT.with_borrow(|input| {
        let input = &input[..];
        let mut args: Vec<Option<&[u8]>> = Vec::with_capacity(count);
        let mut at = (count * 4).min(input.len());
        for i in 0..count {
            let word = input.get(i * 4..i * 4 + 4).unwrap_or(&[0xff; 4]);
            let len = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            if len == u32::MAX {
                args.push(None);
                continue;
            }
            let end = at.saturating_add(len as usize).min(input.len());
            args.push(Some(&input[at..end]));
            at = end;
        }
        f(&args)
    })
}

/// [`with_byte_args`] with the arguments read as UTF-8.
pub(crate) fn with_args<R>(count: usize, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
    with_byte_args(count, |bytes| {
        let args: Vec<Option<Cow<'_, str>>> = bytes.iter().map(|b| b.map(utf8)).collect();
        let refs: Vec<Option<&str>> = args.iter().map(|a| a.as_deref()).collect();
        f(&refs)
    })
}

/// Puts `s` in the output buffer and returns its length (the status of a
/// call that returns a string).
pub(crate) fn out_str(s: &str) -> i32 {
    out_with(|out| out.extend_from_slice(s.as_bytes()))
}

/// Builds the output with `f` and returns its length.
pub(crate) fn out_with(f: impl FnOnce(&mut Vec<u8>)) -> i32 {
    OUT.with_borrow_mut(|out| {
        out.clear();
        f(out);
        set_meta(OUT_PTR, out.as_ptr() as u32);
        set_meta(OUT_LEN, out.len() as u32);
        len_status(out.len())
    })
}

/// [`out_str`] for an optional string: `NULL` for `None`.
#[cfg(feature = "site")]
pub(crate) fn out_opt(s: Option<&str>) -> i32 {
    s.map_or(NULL, out_str)
}

/// The `TypeError` status, with `message` as the output.
pub(crate) fn type_error(message: &str) -> i32 {
    out_str(message);
    TYPE_ERROR
}

fn len_status(len: usize) -> i32 {
    // Inputs are bounded by what a wasm32 memory holds (4 GiB) and URLs by
    // weburl's u32 offsets; an output over 2 GiB is reported as a failure
    // rather than a negative length.
    i32::try_from(len).unwrap_or(TYPE_ERROR)
}

/// The first `len` bytes of the input as `input`, and the `base_len`
/// bytes after them as `base` (none when `base_len` is negative): the
/// layout of the URL calls, which skip `with_args`'s header for speed.
pub(crate) fn with_input_and_base<R>(
    len: usize,
    base_len: i32,
    f: impl FnOnce(&str, Option<&str>) -> R,
) -> R {
    INPUT.with_borrow(|buf| {
        let end = len.min(buf.len());
        let input = utf8(&buf[..end]);
        let base = usize::try_from(base_len).ok().map(|n| {
            let base_end = (end + n).min(buf.len());
            utf8(&buf[end..base_end])
        });
        f(&input, base.as_deref())
    })
}

/// Whether the input's first `len` bytes are `s`.
#[cfg(feature = "url")]
pub(crate) fn input_is(len: usize, s: &str) -> bool {
    INPUT.with_borrow(|buf| {
        buf.get(..len)
            .is_some_and(|input| same_bytes(input, s.as_bytes()))
    })
}

/// `bytes` as UTF-8, lossily. What JavaScript writes is ASCII most of the
/// time: that is tested eight bytes at a time, where the standard
/// library's lossy reading goes byte by byte on wasm32 (and its strict
/// check four at a time).
pub(crate) fn utf8(bytes: &[u8]) -> Cow<'_, str> {
    if is_ascii(bytes) {
        // SAFETY: every byte is below 0x80, and ASCII is well-formed UTF-8.
        return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// The eight bytes of `chunk` as one word (one load: `copy_from_slice`
/// is a call at the core module's opt-level).
#[inline(always)]
fn word(c: &[u8]) -> u64 {
    u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])
}

fn is_ascii(bytes: &[u8]) -> bool {
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    let mut any = 0;
    for chunk in &mut chunks {
        any |= word(chunk);
    }
    any & HIGHS == 0 && chunks.remainder().iter().all(u8::is_ascii)
}

/// `a == b`, eight bytes at a time: the slice comparison calls `memcmp`,
/// which wasm32's compiler builtins run one byte at a time.
#[cfg(feature = "url")]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    let mut diff = 0;
    for (p, q) in (&mut x).zip(&mut y) {
        diff |= word(p) ^ word(q);
    }
    diff == 0 && x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_reads_ascii_utf8_and_anything_else_lossily() {
        for len in 0..40 {
            let ascii = "a/b.".repeat(10)[..len].to_owned();
            assert!(matches!(utf8(ascii.as_bytes()), Cow::Borrowed(s) if s == ascii));
            // A non-ASCII byte at every position, in every word.
            for at in 0..len {
                let mut text = ascii.clone();
                text.replace_range(at..=at, "é");
                assert!(matches!(utf8(text.as_bytes()), Cow::Borrowed(s) if s == text));
                let mut bytes = ascii.clone().into_bytes();
                bytes[at] = 0xff;
                assert_eq!(utf8(&bytes), String::from_utf8_lossy(&bytes));
            }
        }
    }

    #[test]
    #[cfg(feature = "url")]
    fn same_bytes_is_slice_equality() {
        let a = b"file:///Users/isaacs/dev/tapjs/tapjs/node_modules/ts-node/esm.mjs";
        for len in 0..a.len() {
            assert!(same_bytes(&a[..len], &a[..len]));
            assert!(!same_bytes(&a[..len], &a[..len + 1]));
            for at in 0..len {
                let mut b = a[..len].to_vec();
                b[at] ^= 0x20;
                assert!(!same_bytes(&a[..len], &b), "{len} {at}");
            }
        }
    }
}
