//! Byte classes of canonical URL components, and the scan that finds where
//! a run of one class ends, 16 bytes at a time.
//!
//! The table is the reference: `scan_scalar` walks it byte by byte, and
//! `scan` must give the same answer on every input (the unit tests below
//! and the `byte_class_scan` fuzz target compare the two). On x86_64, where
//! SSE2 is part of the baseline, `scan` compares a block of 16 bytes with
//! each byte that ends the run at once; elsewhere (wasm32, aarch64) it
//! looks eight bytes up in the table with one branch for the eight.

/// Bytes with no class.
pub(crate) const PLAIN: u8 = 0;
/// A byte of a plain lowercase domain: "a"-"z", digits, "-", "." and
/// "_". Other bytes that a domain may hold are rare in real hosts: the
/// fast path leaves them to the general parser.
pub(crate) const HOST: u8 = 1 << 0;
/// Copied as it is in a path segment.
pub(crate) const PATH: u8 = 1 << 1;
/// Copied as it is in a special URL's query.
pub(crate) const QUERY: u8 = 1 << 2;
/// Copied as it is in a fragment.
pub(crate) const FRAGMENT: u8 = 1 << 3;
/// A lowercase scheme byte after the first.
pub(crate) const SCHEME: u8 = 1 << 4;
/// `HOST` or "A"-"Z".
pub(crate) const ANY_CASE_HOST: u8 = 1 << 5;
/// `PATH` or "/": segments and their separators (see `scan_path`).
pub(crate) const SEGMENTS: u8 = 1 << 6;
/// `SEGMENTS` but "." and "%": bytes that neither end a path's run nor
/// may start a dot segment (the portable `scan_path` skips eight of them
/// at a time).
const SEGMENTS_UNDOTTED: u8 = 1 << 7;

/// Every class, for the comparison of the scans.
const ALL: [u8; 7] = [HOST, PATH, QUERY, FRAGMENT, SCHEME, ANY_CASE_HOST, SEGMENTS];

pub(crate) static CLASSES: [u8; 256] = {
    let mut table = [PLAIN; 256];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        let mut class = PLAIN;
        // All of them are domain bytes (not forbidden domain code points).
        if b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'.' | b'_') {
            class |= HOST | ANY_CASE_HOST;
        }
        if b.is_ascii_uppercase() {
            class |= ANY_CASE_HOST;
        }
        if !crate::percent_encoding::in_path(b) && b != b'/' && b != b'\\' {
            class |= PATH;
        }
        if !crate::percent_encoding::in_path(b) && b != b'\\' {
            class |= SEGMENTS;
            if b != b'.' && b != b'%' {
                class |= SEGMENTS_UNDOTTED;
            }
        }
        if !crate::percent_encoding::in_special_query(b) {
            class |= QUERY;
        }
        if !crate::percent_encoding::in_fragment(b) {
            class |= FRAGMENT;
        }
        if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'+' || b == b'-' || b == b'.' {
            class |= SCHEME;
        }
        table[i] = class;
        i += 1;
    }
    table
};

/// The first position at or after `from` whose byte is not of `class`, or
/// `bytes.len()`: one byte at a time.
#[inline]
pub(crate) fn scan_scalar(bytes: &[u8], from: usize, class: u8) -> usize {
    from + bytes[from..]
        .iter()
        .position(|&b| CLASSES[usize::from(b)] & class == 0)
        .unwrap_or(bytes.len() - from)
}

/// The first position at or after `from` whose byte is not of `class`, or
/// `bytes.len()`. `class` must be one of the constants above.
#[inline(always)]
pub(crate) fn scan(bytes: &[u8], from: usize, class: u8) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        match class {
            HOST => sse2::scan::<HOST>(bytes, from),
            PATH => sse2::scan::<PATH>(bytes, from),
            QUERY => sse2::scan::<QUERY>(bytes, from),
            FRAGMENT => sse2::scan::<FRAGMENT>(bytes, from),
            ANY_CASE_HOST => sse2::scan::<ANY_CASE_HOST>(bytes, from),
            SEGMENTS => sse2::scan::<SEGMENTS>(bytes, from),
            _ => scan_scalar(bytes, from, class),
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        portable::scan(bytes, from, class)
    }
}

/// Whether every byte of `bytes` is of `class`. The block scan starts at
/// 16 bytes; from 8 to 15 the bytes are tested as one block of their
/// first and last 8 (overlapping), which holds each of them.
#[inline]
pub(crate) fn all_of_class(bytes: &[u8], class: u8) -> bool {
    let len = bytes.len();
    if let (Some(first), Some(last)) = (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
        if len < 16 {
            let mut block = [0u8; 16];
            block[..8].copy_from_slice(first);
            block[8..].copy_from_slice(last);
            return scan(&block, 0, class) == 16;
        }
    }
    scan(bytes, 0, class) == len
}

/// `scan`, for runs that are mostly shorter than 32 bytes (hosts): 32
/// bytes from `early` (or the whole input, from 16 bytes on) are tested at
/// once, with no branch on where among them the run ends. `early` is a
/// position at most `from` and less than 16 before it that the caller
/// knows sooner: the loads need not wait for `from` to be computed.
#[inline(always)]
pub(crate) fn scan_short(bytes: &[u8], early: usize, from: usize, class: u8) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        match class {
            HOST => return sse2::scan_short::<HOST>(bytes, early, from),
            ANY_CASE_HOST => return sse2::scan_short::<ANY_CASE_HOST>(bytes, early, from),
            _ => {}
        }
    }
    let _ = early;
    scan(bytes, from, class)
}

/// Whether a segment that starts at `at` may be a dot segment: it starts
/// with "." or "%" ("%2e"), right after a "/".
#[inline(always)]
fn starts_dot_segment(bytes: &[u8], at: usize) -> bool {
    matches!(bytes[at], b'.' | b'%') && at > 0 && bytes[at - 1] == b'/'
}

/// Where a scan of a path from `from` stops: the first position whose
/// byte is not of `SEGMENTS`, or that starts a segment with "." or "%"
/// (which may be a dot segment, for the caller to check); `bytes.len()`
/// if there is none. One byte at a time.
pub(crate) fn scan_path_scalar(bytes: &[u8], from: usize) -> usize {
    (from..bytes.len())
        .find(|&i| ends_path_run(bytes, i))
        .unwrap_or(bytes.len().max(from))
}

/// Whether `scan_path` stops at `at`.
#[inline(always)]
fn ends_path_run(bytes: &[u8], at: usize) -> bool {
    CLASSES[usize::from(bytes[at])] & SEGMENTS == 0 || starts_dot_segment(bytes, at)
}

/// `scan_path_scalar`, 16 bytes at a time where the target allows.
#[inline(always)]
pub(crate) fn scan_path(bytes: &[u8], from: usize) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        sse2::scan_path(bytes, from)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        portable::scan_path(bytes, from)
    }
}

/// The scans eight bytes at a time for targets without the SSE2 ones:
/// each byte is still looked up in the table, but the run goes on with
/// one branch per eight bytes instead of one per byte. Compiled on every
/// target, so that `compare_scans` checks it everywhere.
mod portable {
    use super::{ends_path_run, scan_scalar, CLASSES, SEGMENTS_UNDOTTED};

    const BLOCK: usize = 8;

    /// Whether the `BLOCK` bytes from `at` (inside `bytes`) are all of
    /// `class`.
    #[inline(always)]
    fn all_of(bytes: &[u8], at: usize, class: u8) -> bool {
        let b = &bytes[at..at + BLOCK];
        let c = |i: usize| CLASSES[usize::from(b[i])];
        c(0) & c(1) & c(2) & c(3) & c(4) & c(5) & c(6) & c(7) & class != 0
    }

    /// `super::scan`.
    pub(super) fn scan(bytes: &[u8], from: usize, class: u8) -> usize {
        let mut pos = from;
        while pos + BLOCK <= bytes.len() && all_of(bytes, pos, class) {
            pos += BLOCK;
        }
        // The run ends within the next eight bytes, or the input does.
        scan_scalar(bytes, pos, class)
    }

    /// `super::scan_path`: blocks of plain segment bytes are skipped; a
    /// block holding anything else (mostly the "." of a file name) is
    /// looked at byte by byte.
    pub(super) fn scan_path(bytes: &[u8], from: usize) -> usize {
        let mut pos = from;
        loop {
            while pos + BLOCK <= bytes.len() && all_of(bytes, pos, SEGMENTS_UNDOTTED) {
                pos += BLOCK;
            }
            let end = bytes.len().min(pos + BLOCK);
            match (pos..end).find(|&i| ends_path_run(bytes, i)) {
                Some(stop) => return stop,
                None if end >= bytes.len() => return bytes.len().max(from),
                None => pos = end,
            }
        }
    }
}

/// A bit per byte of the 16 bytes of `words` (`words[0]`'s first, each
/// word's least significant byte first) that is `byte`: bit `i` for byte
/// `i`. One byte at a time.
pub(crate) fn equal_bytes_scalar(words: [u64; 2], byte: u8) -> u32 {
    let low = words[0].to_le_bytes();
    let high = words[1].to_le_bytes();
    low.iter()
        .chain(&high)
        .enumerate()
        .fold(0, |bits, (i, &b)| bits | u32::from(b == byte) << i)
}

/// `equal_bytes_scalar`, all 16 bytes at once where the target allows.
#[inline(always)]
pub(crate) fn equal_bytes(words: [u64; 2], byte: u8) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        sse2::equal_bytes(words, byte)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        equal_bytes_scalar(words, byte)
    }
}

/// Compares `scan` with `scan_scalar` for every class: from each of the
/// first 17 positions (every alignment of a block), and from just after
/// every position where a scan stops. `Err` describes the first difference.
pub(crate) fn compare_scans(input: &[u8]) -> Result<(), String> {
    for class in ALL {
        // And from each of the last 33, where `scan_short`'s window meets
        // the end.
        let starts = (0..=input.len().min(16))
            .chain(input.len().saturating_sub(32)..=input.len())
            .chain(
                (0..input.len())
                    .filter(|&i| CLASSES[usize::from(input[i])] & class == 0)
                    .map(|i| i + 1),
            );
        for from in starts {
            let reference = scan_scalar(input, from, class);
            for (kind, fast) in [
                ("block", scan(input, from, class)),
                ("portable", portable::scan(input, from, class)),
            ] {
                if fast != reference {
                    return Err(format!(
                        "class {class:#x} from {from}: {kind} scan {fast}, scalar scan {reference}"
                    ));
                }
            }
            for early in [from, from.saturating_sub(1), from.saturating_sub(15)] {
                let short = scan_short(input, early, from, class);
                if short != reference {
                    return Err(format!(
                        "class {class:#x} from {from} ({early}): short scan {short}, scalar scan {reference}"
                    ));
                }
            }
            if class == SEGMENTS {
                let reference = scan_path_scalar(input, from);
                for (kind, fast) in [
                    ("block", scan_path(input, from)),
                    ("portable", portable::scan_path(input, from)),
                ] {
                    if fast != reference {
                        return Err(format!(
                            "path from {from}: {kind} scan {fast}, scalar scan {reference}"
                        ));
                    }
                }
            }
        }
    }
    // Every prefix of up to 32 bytes, as a whole, against the table.
    for len in 0..=input.len().min(32) {
        let bytes = &input[..len];
        for class in ALL {
            let reference = bytes.iter().all(|&b| CLASSES[usize::from(b)] & class != 0);
            if all_of_class(bytes, class) != reference {
                return Err(format!(
                    "class {class:#x}, first {len} bytes: all_of_class says {}",
                    !reference
                ));
            }
        }
    }
    // The input 16 bytes at a time, overlapping by 8 (zeros past its end),
    // against its first and last byte, a dot and a byte it lacks (the unit
    // tests try every value at every position).
    for at in (0..input.len()).step_by(8) {
        let mut block = [0; 16];
        let tail = &input[at..input.len().min(at + 16)];
        block[..tail.len()].copy_from_slice(tail);
        let (low, high) = block.split_at(8);
        let words = [low, high].map(|half| u64::from_le_bytes(half.try_into().unwrap_or_default()));
        let absent = (0..=u8::MAX).find(|b| !block.contains(b)).unwrap_or(0);
        for byte in [block[0], block[15], b'.', absent] {
            let (fast, reference) = (equal_bytes(words, byte), equal_bytes_scalar(words, byte));
            if fast != reference {
                return Err(format!(
                    "bytes equal to {byte:#x} at {at}: block test {fast:#x}, scalar {reference:#x}"
                ));
            }
        }
    }
    Ok(())
}

/// The bytes that end a run of `class`, as the block scan tests them:
/// everything below "!" and everything from 0x80 in one signed comparison,
/// "A"-"Z" in one range test when all of them end the run, and each other
/// byte of "!"-DEL on its own.
#[cfg(any(all(target_arch = "x86_64", target_feature = "sse2"), test))]
#[derive(Clone, Copy)]
struct Stops {
    upper: bool,
    bytes: [u8; 32],
    len: usize,
}

/// The runs of ASCII bytes of a class with few of them, as the block scan
/// tests them: a byte is of the class when it falls in one of the runs.
#[cfg(any(all(target_arch = "x86_64", target_feature = "sse2"), test))]
#[derive(Clone, Copy)]
struct Runs {
    /// First byte and length of each run.
    runs: [(u8, u8); 6],
    /// A length past 6 marks a class of too many runs to test this way.
    len: usize,
}

#[cfg(any(all(target_arch = "x86_64", target_feature = "sse2"), test))]
const fn runs_of(class: u8) -> Runs {
    let mut runs = Runs {
        runs: [(0, 0); 6],
        len: 0,
    };
    let mut b = 0u8;
    while b < 0x80 {
        if CLASSES[b as usize] & class != 0 {
            let start = b;
            while b < 0x80 && CLASSES[b as usize] & class != 0 {
                b += 1;
            }
            if runs.len < 6 {
                runs.runs[runs.len] = (start, b - start);
            }
            runs.len += 1;
        } else {
            b += 1;
        }
    }
    runs
}

#[cfg(any(all(target_arch = "x86_64", target_feature = "sse2"), test))]
const fn stops_of(class: u8) -> Stops {
    let mut upper = true;
    let mut b = b'A';
    while b <= b'Z' {
        upper &= CLASSES[b as usize] & class == 0;
        b += 1;
    }
    let mut stops = Stops {
        upper,
        bytes: [0; 32],
        len: 0,
    };
    let mut b = b'!';
    while b <= 0x7F {
        if CLASSES[b as usize] & class == 0 && !(upper && b.is_ascii_uppercase()) {
            // A length past 32 marks a class with too many stops to
            // compare one by one: it stays with the scalar scan.
            if stops.len < 32 {
                stops.bytes[stops.len] = b;
            }
            stops.len += 1;
        }
        b += 1;
    }
    // Everything below "!" must end every run: the signed comparison
    // takes all of those bytes together.
    let mut b = 0;
    while b < b'!' {
        assert!(CLASSES[b as usize] & class == 0);
        b += 1;
    }
    stops
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    #![allow(unsafe_code)]
    #![deny(clippy::undocumented_unsafe_blocks)]

    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_set_epi64x, _mm_sub_epi8,
    };

    use super::{runs_of, stops_of, Runs, Stops};

    const BLOCK: usize = 16;

    /// `super::scan` for a class of at most 32 stops.
    #[inline(always)]
    pub(super) fn scan<const CLASS: u8>(bytes: &[u8], from: usize) -> usize {
        if bytes.len() < BLOCK {
            return super::scan_scalar(bytes, from, CLASS);
        }
        // SAFETY: `scan_blocks` only needs SSE2, and this module is
        // compiled only where the target has SSE2 enabled (the cfg above).
        unsafe { scan_blocks::<CLASS, false>(bytes, from) }
    }

    /// `super::scan_short` for a class of at most 32 stops.
    #[inline(always)]
    pub(super) fn scan_short<const CLASS: u8>(bytes: &[u8], early: usize, from: usize) -> usize {
        if bytes.len() < BLOCK || from > bytes.len() || from.wrapping_sub(early) >= BLOCK {
            return scan::<CLASS>(bytes, from);
        }
        // The window: 32 bytes, or the whole input when it is shorter,
        // starting at `early` or as late as the input allows, so that it
        // holds `from`. Its two blocks overlap when the input is shorter
        // than 32 bytes.
        let wide = bytes.len().min(2 * BLOCK);
        let first = early.min(bytes.len() - wide);
        // SAFETY: as in `scan`.
        let window = unsafe { window_mask::<CLASS>(bytes, first, wide) };
        // A stop at the window's end: the input's end, or (when the run
        // fills the window) where the ordinary scan goes on.
        let stops = (window >> (from - first)) | 1 << (first + wide - from);
        let end = from + stops.trailing_zeros() as usize;
        if end == first + wide && end < bytes.len() {
            return scan::<CLASS>(bytes, end);
        }
        end
    }

    /// A bit per byte of `bytes[first..first + wide]` that ends a run of
    /// `CLASS`, for `wide` from 16 to 32 and the range inside `bytes`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn window_mask<const CLASS: u8>(bytes: &[u8], first: usize, wide: usize) -> u64 {
        let second = first + wide - BLOCK;
        let block =
            |at: usize| -> &[u8; BLOCK] { bytes[at..at + BLOCK].try_into().unwrap_or(&[0; BLOCK]) };
        let (low, _) = stop_mask::<CLASS, false>(block(first));
        let (high, _) = stop_mask::<CLASS, false>(block(second));
        u64::from(low) | u64::from(high) << (second - first)
    }

    /// `super::equal_bytes`.
    #[inline(always)]
    pub(super) fn equal_bytes(words: [u64; 2], byte: u8) -> u32 {
        // SAFETY: as in `scan`.
        unsafe { equal_bytes_sse2(words, byte) }
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn equal_bytes_sse2(words: [u64; 2], byte: u8) -> u32 {
        let v = _mm_set_epi64x(words[1] as i64, words[0] as i64);
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8))) as u32
    }

    /// `super::scan_path`.
    #[inline(always)]
    pub(super) fn scan_path(bytes: &[u8], from: usize) -> usize {
        if bytes.len() < BLOCK {
            return super::scan_path_scalar(bytes, from);
        }
        // SAFETY: as in `scan`.
        unsafe { scan_blocks::<{ super::SEGMENTS }, true>(bytes, from) }
    }

    /// The first position at or after `from` where `stops` has a bit, for
    /// `bytes` of at least one block. Blocks start at `from`; the last one
    /// is the last 16 bytes of `bytes`, overlapping the one before, with
    /// the bits before its first new byte dropped. With `DOTS`, a "." or
    /// "%" right after a "/" stops too.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn scan_blocks<const CLASS: u8, const DOTS: bool>(bytes: &[u8], from: usize) -> usize {
        let mut pos = from;
        // Whether the byte before the block is "/".
        let mut slash_before = DOTS && from > 0 && bytes.get(from - 1) == Some(&b'/');
        while let Some(block) = bytes.get(pos..pos + BLOCK) {
            let block: &[u8; BLOCK] = block.try_into().unwrap_or(&[0; BLOCK]);
            let (mut mask, slashes) = stop_mask::<CLASS, DOTS>(block);
            if DOTS {
                mask |= dots_after(block, slashes, u32::from(slash_before));
                slash_before = slashes & (1 << (BLOCK - 1)) != 0;
            }
            if mask != 0 {
                return pos + mask.trailing_zeros() as usize;
            }
            pos += BLOCK;
        }
        if pos >= bytes.len() {
            return bytes.len().max(from);
        }
        // The last block: bytes.len() >= BLOCK, so it starts at or after
        // 0, and before `pos`, whose predecessor it holds.
        let start = bytes.len() - BLOCK;
        let block: &[u8; BLOCK] = bytes[start..].try_into().unwrap_or(&[0; BLOCK]);
        let (mut mask, slashes) = stop_mask::<CLASS, DOTS>(block);
        if DOTS {
            mask |= dots_after(block, slashes, 0);
        }
        let mask = mask >> (pos - start);
        if mask != 0 {
            pos + mask.trailing_zeros() as usize
        } else {
            bytes.len()
        }
    }

    /// A bit per byte of `block` that is "." or "%" right after a "/",
    /// given a bit per "/" and whether the byte before the block is one.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn dots_after(block: &[u8; BLOCK], slashes: u32, slash_before: u32) -> u32 {
        let v = load(block);
        let dots = _mm_or_si128(
            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8)),
            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'%' as i8)),
        );
        (_mm_movemask_epi8(dots) as u32) & ((slashes << 1) | slash_before)
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(block: &[u8; BLOCK]) -> __m128i {
        let (lo, hi) = block.split_at(8);
        let lo = u64::from_le_bytes(lo.try_into().unwrap_or_default());
        let hi = u64::from_le_bytes(hi.try_into().unwrap_or_default());
        _mm_set_epi64x(hi as i64, lo as i64)
    }

    /// A bit per byte of `block` that ends a run of `CLASS`, and (with
    /// `SLASHES`) a bit per "/".
    #[inline]
    #[target_feature(enable = "sse2")]
    fn stop_mask<const CLASS: u8, const SLASHES: bool>(block: &[u8; BLOCK]) -> (u32, u32) {
        let v = load(block);
        let slashes = if SLASHES {
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'/' as i8))) as u32
        } else {
            0
        };
        let runs: Runs = const { runs_of(CLASS) };
        if runs.len <= runs.runs.len() {
            // v - (start + 0x80) as a signed byte is below len - 0x80
            // exactly when v - start, unsigned, is below len.
            let mut of_class = _mm_set1_epi8(0);
            let mut i = 0;
            while i < runs.len {
                let (start, len) = runs.runs[i];
                let shifted = _mm_sub_epi8(v, _mm_set1_epi8(start.wrapping_add(0x80) as i8));
                let limit = _mm_set1_epi8(len.wrapping_add(0x80) as i8);
                of_class = _mm_or_si128(of_class, _mm_cmplt_epi8(shifted, limit));
                i += 1;
            }
            return (!(_mm_movemask_epi8(of_class) as u32) & 0xFFFF, slashes);
        }
        let stops: Stops = const {
            let stops = stops_of(CLASS);
            assert!(
                runs_of(CLASS).len <= 6 || stops.len <= 32,
                "too many stops for the block scan"
            );
            stops
        };
        // Signed: 0x80-0xFF are negative, so this takes them with 0x00-0x20.
        let mut hit = _mm_cmplt_epi8(v, _mm_set1_epi8(b'!' as i8));
        if stops.upper {
            // v - 0xC1 maps "A".."Z" to -128..-103, and nothing else there.
            let shifted = _mm_sub_epi8(v, _mm_set1_epi8(0xC1u8 as i8));
            hit = _mm_or_si128(hit, _mm_cmplt_epi8(shifted, _mm_set1_epi8(-102)));
        }
        let mut i = 0;
        while i < stops.len {
            let eq = _mm_cmpeq_epi8(v, _mm_set1_epi8(stops.bytes[i] as i8));
            hit = _mm_or_si128(hit, eq);
            i += 1;
        }
        (_mm_movemask_epi8(hit) as u32, slashes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class's stops, as the block scan sees them, are exactly the
    /// bytes the table leaves out of the class.
    #[test]
    fn stops_match_the_table() {
        for class in ALL {
            let runs = runs_of(class);
            if runs.len <= 6 {
                for b in 0..=255u8 {
                    let of_class = runs.runs[..runs.len]
                        .iter()
                        .any(|&(start, len)| b.wrapping_sub(start) < len);
                    assert_eq!(
                        of_class,
                        CLASSES[usize::from(b)] & class != 0,
                        "{class} {b}"
                    );
                }
            }
            let stops = stops_of(class);
            if stops.len > 32 {
                continue;
            }
            for b in 0..=255u8 {
                let stop = !(b'!'..0x80).contains(&b)
                    || (stops.upper && b.is_ascii_uppercase())
                    || stops.bytes[..stops.len].contains(&b);
                assert_eq!(stop, CLASSES[usize::from(b)] & class == 0, "{class} {b}");
            }
        }
    }

    /// `equal_bytes` marks exactly the bytes equal to the one asked for:
    /// every value at every position, next to other values.
    #[test]
    fn equal_bytes_marks_every_byte_at_every_position() {
        for byte in 0..=u8::MAX {
            for value in 0..=u8::MAX {
                for at in 0..16 {
                    let mut block = [byte ^ 1; 16];
                    block[at] = value;
                    block[(at + 1) % 16] = value.wrapping_add(1);
                    let words = [0, 8]
                        .map(|half| u64::from_le_bytes(block[half..half + 8].try_into().unwrap()));
                    let want = block
                        .iter()
                        .enumerate()
                        .fold(0, |bits, (i, &b)| bits | u32::from(b == byte) << i);
                    assert_eq!(equal_bytes(words, byte), want, "{byte} in {block:?}");
                    assert_eq!(equal_bytes_scalar(words, byte), want, "{byte} in {block:?}");
                }
            }
        }
    }

    /// The block scan and the scalar scan agree on the real URL lists.
    #[test]
    fn block_scan_agrees_on_the_url_lists() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/urls/");
        for list in ["kasztp.txt", "web_links.txt", "node_files.txt"] {
            let text = std::fs::read_to_string(format!("{root}{list}")).expect(list);
            for line in text.lines() {
                compare_scans(line.as_bytes()).unwrap();
            }
        }
    }

    /// The 32-byte window scan and the scalar scan agree on inputs of up to
    /// 40 bytes (the window whole, clipped, and two overlapping blocks),
    /// with every byte at every position, from every start, with the
    /// window placed at the start or up to 15 bytes before it.
    #[test]
    fn short_scan_agrees_with_the_scalar_scan() {
        for class in [HOST, ANY_CASE_HOST] {
            for len in 0..=40 {
                for b in 0..=255u8 {
                    for at in 0..len {
                        let mut input = vec![b'a'; len];
                        input[at] = b;
                        for from in 0..=len {
                            for early in [from, from.saturating_sub(1), from.saturating_sub(15)] {
                                assert_eq!(
                                    scan_short(&input, early, from, class),
                                    scan_scalar(&input, from, class),
                                    "class {class}, byte {b}, at {at} of {len}, from {from} ({early})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// `all_of_class` answers as the table does for inputs of up to 33
    /// bytes (one byte at a time, two overlapping words, blocks), with
    /// every byte at every position.
    #[test]
    fn all_of_class_agrees_with_the_table() {
        for class in ALL {
            assert!(all_of_class(b"", class));
            for len in 1..=33 {
                for b in 0..=255u8 {
                    for at in 0..len {
                        let mut input = vec![b'a'; len];
                        input[at] = b;
                        assert_eq!(
                            all_of_class(&input, class),
                            CLASSES[usize::from(b)] & class != 0,
                            "class {class}, byte {b}, at {at} of {len}"
                        );
                    }
                }
            }
        }
    }

    /// The block scan and the scalar scan agree at every start position,
    /// on every byte placed at every position of a 40-byte run.
    #[test]
    fn block_scan_agrees_with_the_scalar_scan() {
        for class in ALL {
            for b in 0..=255u8 {
                for at in 0..40 {
                    let mut input = vec![b'a'; 40];
                    input[at] = b;
                    for from in 0..=input.len() {
                        let reference = scan_scalar(&input, from, class);
                        assert_eq!(
                            scan(&input, from, class),
                            reference,
                            "class {class}, byte {b}, at {at}, from {from}"
                        );
                        assert_eq!(
                            portable::scan(&input, from, class),
                            reference,
                            "portable: class {class}, byte {b}, at {at}, from {from}"
                        );
                    }
                }
            }
        }
    }

    /// The path scans agree with the scalar one on every byte at every
    /// position of a 40-byte path, alone or after a "/" (where "." and
    /// "%" may start a dot segment), from every start.
    #[test]
    fn path_scans_agree_with_the_scalar_scan() {
        for b in 0..=255u8 {
            for at in 0..40 {
                for slash in [false, true] {
                    let mut input = vec![b'a'; 40];
                    input[at] = b;
                    if slash && at > 0 {
                        input[at - 1] = b'/';
                    }
                    for from in 0..=input.len() + 1 {
                        let reference = scan_path_scalar(&input, from);
                        assert_eq!(
                            scan_path(&input, from),
                            reference,
                            "{b} at {at}, from {from}"
                        );
                        assert_eq!(
                            portable::scan_path(&input, from),
                            reference,
                            "portable: {b} at {at}, from {from}"
                        );
                    }
                }
            }
        }
    }
}
