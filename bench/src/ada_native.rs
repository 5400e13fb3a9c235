//! ada 4.0 called natively: loops written in C++ (native/ada_native.cpp),
//! each running over a whole list in one call, so the timing holds no FFI
//! cost per URL and no heap-allocated result object.

// The only unsafe code of the harness: calls into the C++ loops.
#![allow(unsafe_code)]

use std::ffi::c_char;

extern "C" {
    fn bench_ada_native_parse_href(data: *const *const c_char, lens: *const usize, n: usize)
        -> u64;
    fn bench_ada_native_can_parse(data: *const *const c_char, lens: *const usize, n: usize) -> u64;
    fn bench_ada_native_join_href(
        base: *const c_char,
        base_len: usize,
        data: *const *const c_char,
        lens: *const usize,
        n: usize,
    ) -> u64;
    fn bench_ada_native_join_answers(
        base: *const c_char,
        base_len: usize,
        data: *const *const c_char,
        lens: *const usize,
        n: usize,
        parses: *mut u8,
        href_lens: *mut u64,
        href_hashes: *mut u64,
    );
    fn bench_ada_native_answers(
        data: *const *const c_char,
        lens: *const usize,
        n: usize,
        parses: *mut u8,
        href_lens: *mut u64,
        href_hashes: *mut u64,
        can_parse: *mut u8,
    );
}

/// A list as the C++ loops take it: a pointer and a length per input,
/// made once, untimed. Borrows the strings it points into.
pub struct NativeList<'a> {
    ptrs: Vec<*const c_char>,
    lens: Vec<usize>,
    _inputs: &'a [String],
}

impl<'a> NativeList<'a> {
    pub fn new(inputs: &'a [String]) -> Self {
        NativeList {
            ptrs: inputs.iter().map(|s| s.as_ptr().cast()).collect(),
            lens: inputs.iter().map(String::len).collect(),
            _inputs: inputs,
        }
    }

    /// `ada::parse<ada::url_aggregator>` and `get_href()` on every input:
    /// the sum over those that parse of the href's length + 1.
    pub fn parse_href(&self) -> u64 {
        // SAFETY: `ptrs[i]` points to `lens[i]` initialized bytes of a
        // String that `_inputs` keeps borrowed for as long as `self` lives;
        // both vectors have `n` entries; the C++ loop only reads them.
        unsafe { bench_ada_native_parse_href(self.ptrs.as_ptr(), self.lens.as_ptr(), self.len()) }
    }

    /// `ada::can_parse` on every input: how many parse.
    pub fn can_parse(&self) -> u64 {
        // SAFETY: as in `parse_href`.
        unsafe { bench_ada_native_can_parse(self.ptrs.as_ptr(), self.lens.as_ptr(), self.len()) }
    }

    /// Every input resolved against `base`, parsed once before the loop:
    /// the sum over those that parse of the href's length + 1.
    pub fn join_href(&self, base: &str) -> u64 {
        // SAFETY: as in `parse_href`, and `base` points to `base.len()`
        // initialized bytes for the duration of the call.
        unsafe {
            bench_ada_native_join_href(
                base.as_ptr().cast(),
                base.len(),
                self.ptrs.as_ptr(),
                self.lens.as_ptr(),
                self.len(),
            )
        }
    }

    /// Per input resolved against `base`: `Some((href length, FNV-1a of
    /// the href))` when it parses.
    pub fn join_answers(&self, base: &str) -> Vec<Option<(u64, u64)>> {
        let n = self.len();
        let mut parses = vec![0u8; n];
        let mut href_lens = vec![0u64; n];
        let mut href_hashes = vec![0u64; n];
        // SAFETY: as in `join_href`; each output vector has `n` writable
        // entries, and the C++ side writes exactly entries 0..n.
        unsafe {
            bench_ada_native_join_answers(
                base.as_ptr().cast(),
                base.len(),
                self.ptrs.as_ptr(),
                self.lens.as_ptr(),
                n,
                parses.as_mut_ptr(),
                href_lens.as_mut_ptr(),
                href_hashes.as_mut_ptr(),
            );
        }
        (0..n)
            .map(|i| (parses[i] != 0).then_some((href_lens[i], href_hashes[i])))
            .collect()
    }

    /// Per input: `Some((href length, FNV-1a of the href))` when it parses,
    /// and whether `can_parse` is true.
    pub fn answers(&self) -> Vec<(Option<(u64, u64)>, bool)> {
        let n = self.len();
        let mut parses = vec![0u8; n];
        let mut href_lens = vec![0u64; n];
        let mut href_hashes = vec![0u64; n];
        let mut can_parse = vec![0u8; n];
        // SAFETY: the inputs as in `parse_href`; each output vector has `n`
        // writable entries, and the C++ side writes exactly entries 0..n.
        unsafe {
            bench_ada_native_answers(
                self.ptrs.as_ptr(),
                self.lens.as_ptr(),
                n,
                parses.as_mut_ptr(),
                href_lens.as_mut_ptr(),
                href_hashes.as_mut_ptr(),
                can_parse.as_mut_ptr(),
            );
        }
        (0..n)
            .map(|i| {
                let parsed = (parses[i] != 0).then_some((href_lens[i], href_hashes[i]));
                (parsed, can_parse[i] != 0)
            })
            .collect()
    }

    fn len(&self) -> usize {
        debug_assert_eq!(self.ptrs.len(), self.lens.len());
        self.lens.len()
    }
}

/// FNV-1a, the hash the C++ side computes of ada's hrefs.
pub fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
