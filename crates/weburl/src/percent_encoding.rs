//! Percent-encoding and percent-decoding, and the URL Standard's
//! percent-encode sets.
//!
//! <https://url.spec.whatwg.org/#percent-encoded-bytes>
//!
//! Every set contains all non-ASCII code points, so encoding works on bytes:
//! a byte ≥ 0x80 is always encoded, and the UTF-8 encoding of a code point is
//! exactly the byte sequence the spec's "UTF-8 percent-encode" writes.

use std::borrow::Cow;
#[cfg(feature = "encodings")]
use std::fmt::Write;

#[cfg(feature = "encodings")]
use encoding_rs::EncoderResult;
use encoding_rs::{Encoding, UTF_8};

/// A percent-encode set of the URL Standard.
///
/// <https://url.spec.whatwg.org/#percent-encode-set>
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet(u8);

impl EncodeSet {
    /// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
    pub const C0_CONTROL: EncodeSet = EncodeSet(1 << 0);
    /// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
    pub const FRAGMENT: EncodeSet = EncodeSet(1 << 1);
    /// <https://url.spec.whatwg.org/#query-percent-encode-set>
    pub const QUERY: EncodeSet = EncodeSet(1 << 2);
    /// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
    pub const SPECIAL_QUERY: EncodeSet = EncodeSet(1 << 3);
    /// <https://url.spec.whatwg.org/#path-percent-encode-set>
    pub const PATH: EncodeSet = EncodeSet(1 << 4);
    /// <https://url.spec.whatwg.org/#userinfo-percent-encode-set>
    pub const USERINFO: EncodeSet = EncodeSet(1 << 5);
    /// <https://url.spec.whatwg.org/#component-percent-encode-set>
    pub const COMPONENT: EncodeSet = EncodeSet(1 << 6);
    /// <https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set>
    pub const FORM_URLENCODED: EncodeSet = EncodeSet(1 << 7);

    /// Whether `byte` is in this set.
    #[inline]
    pub fn contains(self, byte: u8) -> bool {
        SETS[byte as usize] & self.0 != 0
    }
}

// Each predicate is the spec's definition, each set built on the one before.
const fn in_c0_control(b: u8) -> bool {
    b <= 0x1F || b > 0x7E
}
pub(crate) const fn in_fragment(b: u8) -> bool {
    in_c0_control(b) || matches!(b, b' ' | b'"' | b'<' | b'>' | b'`')
}
const fn in_query(b: u8) -> bool {
    in_c0_control(b) || matches!(b, b' ' | b'"' | b'#' | b'<' | b'>')
}
pub(crate) const fn in_special_query(b: u8) -> bool {
    in_query(b) || b == b'\''
}
pub(crate) const fn in_path(b: u8) -> bool {
    in_query(b) || matches!(b, b'?' | b'^' | b'`' | b'{' | b'}')
}
const fn in_userinfo(b: u8) -> bool {
    in_path(b) || matches!(b, b'/' | b':' | b';' | b'=' | b'@' | b'['..=b']' | b'|')
}
const fn in_component(b: u8) -> bool {
    in_userinfo(b) || matches!(b, b'$'..=b'&' | b'+' | b',')
}
const fn in_form_urlencoded(b: u8) -> bool {
    in_component(b) || matches!(b, b'!' | b'\''..=b')' | b'~')
}

const fn build_sets() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut bits = 0u8;
        if in_c0_control(b) {
            bits |= EncodeSet::C0_CONTROL.0;
        }
        if in_fragment(b) {
            bits |= EncodeSet::FRAGMENT.0;
        }
        if in_query(b) {
            bits |= EncodeSet::QUERY.0;
        }
        if in_special_query(b) {
            bits |= EncodeSet::SPECIAL_QUERY.0;
        }
        if in_path(b) {
            bits |= EncodeSet::PATH.0;
        }
        if in_userinfo(b) {
            bits |= EncodeSet::USERINFO.0;
        }
        if in_component(b) {
            bits |= EncodeSet::COMPONENT.0;
        }
        if in_form_urlencoded(b) {
            bits |= EncodeSet::FORM_URLENCODED.0;
        }
        table[i] = bits;
        i += 1;
    }
    table
}

static SETS: [u8; 256] = build_sets();

/// "%00" to "%FF", so encoding a byte is one slice copy.
static PERCENT_BYTES: [[u8; 3]; 256] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut table = [[0u8; 3]; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = [b'%', HEX[i >> 4], HEX[i & 15]];
        i += 1;
    }
    table
};

/// The percent-encoding of `byte`: "%" and two upper-case hex digits.
///
/// <https://url.spec.whatwg.org/#percent-encode>
#[inline]
pub(crate) fn percent_byte(byte: u8) -> &'static str {
    match std::str::from_utf8(&PERCENT_BYTES[byte as usize]) {
        Ok(s) => s,
        Err(_) => unreachable!("the table holds ASCII only"),
    }
}

/// Appends `input`, UTF-8 percent-encoded with `set`, to `out`.
///
/// Runs of bytes outside the set are copied as one slice. Because every set
/// contains all bytes ≥ 0x80, such runs are ASCII and start and end on
/// character boundaries.
///
/// <https://url.spec.whatwg.org/#string-utf-8-percent-encode>
#[inline]
pub(crate) fn encode_into(out: &mut String, input: &str, set: EncodeSet) {
    let bytes = input.as_bytes();
    let mut run_start = 0;
    let mut i = 0;
    while let Some(offset) = bytes[i..].iter().position(|&b| set.contains(b)) {
        i += offset;
        // Only a non-empty run is sliced: inside a multi-byte character
        // `i` is not a character boundary, but then the run is empty.
        if run_start < i {
            out.push_str(&input[run_start..i]);
        }
        out.push_str(percent_byte(bytes[i]));
        i += 1;
        run_start = i;
    }
    if run_start < bytes.len() {
        out.push_str(&input[run_start..]);
    }
}

/// Appends bytes that may not be UTF-8 (a legacy encoder's output),
/// percent-encoded with `set`; a space becomes "+" when `space_as_plus`.
fn encode_bytes_into(out: &mut String, bytes: &[u8], set: EncodeSet, space_as_plus: bool) {
    for &b in bytes {
        if space_as_plus && b == b' ' {
            out.push('+');
        } else if set.contains(b) {
            out.push_str(percent_byte(b));
        } else {
            // Not in the set, hence ASCII.
            out.push(char::from(b));
        }
    }
}

/// Percent-encode after encoding: encodes `input` with `encoding` (an
/// output encoding), then percent-encodes the bytes in `set`; code points
/// the encoding cannot express become "%26%23" + decimal + "%3B" (an HTML
/// numeric character reference, percent-encoded). Space is "+" for the
/// application/x-www-form-urlencoded set.
///
/// <https://url.spec.whatwg.org/#string-percent-encode-after-encoding>
pub(crate) fn encode_after_encoding(
    out: &mut String,
    input: &str,
    encoding: &'static Encoding,
    set: EncodeSet,
) {
    let space_as_plus = set == EncodeSet::FORM_URLENCODED;
    // Without the `encodings` feature no API can choose another encoding
    // than UTF-8, and the legacy encoders are left out of the build.
    #[cfg(feature = "encodings")]
    if encoding != UTF_8 {
        encode_legacy(out, input, encoding, set, space_as_plus);
        return;
    }
    #[cfg(not(feature = "encodings"))]
    debug_assert!(
        encoding == UTF_8,
        "only UTF-8 without the encodings feature"
    );
    // The UTF-8 encoding of a `&str` is its bytes, and UTF-8 maps everything.
    if space_as_plus {
        encode_bytes_into(out, input.as_bytes(), set, true);
    } else {
        encode_into(out, input, set);
    }
}

/// [`encode_after_encoding`] for a legacy (non-UTF-8) output encoding.
#[cfg(feature = "encodings")]
fn encode_legacy(
    out: &mut String,
    input: &str,
    encoding: &'static Encoding,
    set: EncodeSet,
    space_as_plus: bool,
) {
    // A fresh encoder per call, as the spec gets one: ISO-2022-JP's escape
    // state must not leak from one string into the next.
    let mut encoder = encoding.new_encoder();
    // Larger than any single character's output, ISO-2022-JP's escapes
    // included, so every call makes progress.
    let mut buffer = [0u8; 512];
    let mut rest = input;
    loop {
        // `last` is true throughout: the whole input is here, and a
        // stateful encoder must return to ASCII at the end.
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        encode_bytes_into(out, &buffer[..written], set, space_as_plus);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return,
            EncoderResult::OutputFull => {}
            // encoding_rs, like the Encoding Standard, has switched
            // ISO-2022-JP back to ASCII before reporting this.
            EncoderResult::Unmappable(c) => {
                // Writing to a String cannot fail.
                let _ = write!(out, "%26%23{}%3B", u32::from(c));
            }
        }
    }
}

/// The length of `input` once percent-encoded with `set`.
pub(crate) fn encoded_len(input: &[u8], set: EncodeSet) -> usize {
    input.len() + 2 * input.iter().filter(|&&b| set.contains(b)).count()
}

/// UTF-8 percent-encodes `input` with `set`, borrowing when nothing changes.
///
/// <https://url.spec.whatwg.org/#string-utf-8-percent-encode>
///
/// ```
/// use weburl::percent_encoding::{percent_encode, EncodeSet};
/// assert_eq!(percent_encode("Say what‽", EncodeSet::USERINFO), "Say%20what%E2%80%BD");
/// assert_eq!(percent_encode("plain", EncodeSet::PATH), "plain");
/// ```
pub fn percent_encode(input: &str, set: EncodeSet) -> Cow<'_, str> {
    match input.bytes().position(|b| set.contains(b)) {
        None => Cow::Borrowed(input),
        Some(first) => {
            let mut out = String::with_capacity(input.len() + 8);
            out.push_str(&input[..first]);
            encode_into(&mut out, &input[first..], set);
            Cow::Owned(out)
        }
    }
}

#[inline]
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `input`; a "%" not followed by two hex digits stays as it is.
///
/// <https://url.spec.whatwg.org/#percent-decode>
///
/// ```
/// use weburl::percent_encoding::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
/// assert_eq!(&*percent_decode("‽%25%2E".as_bytes()), b"\xE2\x80\xBD%.");
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = input.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    let mut i = first;
    while i < input.len() {
        let b = input[i];
        if b == b'%' {
            if let (Some(&h), Some(&l)) = (input.get(i + 1), input.get(i + 2)) {
                if let (Some(h), Some(l)) = (hex_value(h), hex_value(l)) {
                    out.push(h << 4 | l);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets as the spec lists them, spelled out as strings of ASCII
    /// members (beyond C0 controls, DEL and non-ASCII, which all contain).
    fn listed(set: EncodeSet) -> &'static [u8] {
        match set {
            EncodeSet::C0_CONTROL => b"",
            EncodeSet::FRAGMENT => b" \"<>`",
            EncodeSet::QUERY => b" \"#<>",
            EncodeSet::SPECIAL_QUERY => b" \"#<>'",
            EncodeSet::PATH => b" \"#<>?^`{}",
            EncodeSet::USERINFO => b" \"#<>?^`{}/:;=@[\\]|",
            EncodeSet::COMPONENT => b" \"#<>?^`{}/:;=@[\\]|$%&+,",
            EncodeSet::FORM_URLENCODED => b" \"#<>?^`{}/:;=@[\\]|$%&+,!'()~",
            _ => unreachable!(),
        }
    }

    #[test]
    fn sets_match_the_spec_lists() {
        let sets = [
            EncodeSet::C0_CONTROL,
            EncodeSet::FRAGMENT,
            EncodeSet::QUERY,
            EncodeSet::SPECIAL_QUERY,
            EncodeSet::PATH,
            EncodeSet::USERINFO,
            EncodeSet::COMPONENT,
            EncodeSet::FORM_URLENCODED,
        ];
        for set in sets {
            for b in 0..=255u8 {
                let expected = b <= 0x1F || b >= 0x7F || listed(set).contains(&b);
                assert_eq!(set.contains(b), expected, "{set:?} {b:#x}");
            }
        }
    }

    #[test]
    fn form_set_keeps_only_alphanumerics_and_four_marks() {
        for b in 0..=255u8 {
            let kept = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
            assert_eq!(!EncodeSet::FORM_URLENCODED.contains(b), kept, "{b:#x}");
        }
    }

    /// Encoding then decoding gives the input back, for every set that encodes "%".
    #[test]
    fn encode_decode_roundtrip() {
        let inputs = ["", "a b", "%zz%41", "‽≡💩", "\u{0}\u{7f}\u{80}", "100%"];
        for input in inputs {
            for set in [EncodeSet::COMPONENT, EncodeSet::FORM_URLENCODED] {
                let encoded = percent_encode(input, set);
                assert_eq!(&*percent_decode(encoded.as_bytes()), input.as_bytes());
            }
        }
    }

    /// The examples under "Percent-encoded bytes" in url.bs.
    #[test]
    fn percent_encode_after_encoding_spec_examples() {
        use encoding_rs::{ISO_2022_JP, SHIFT_JIS};
        let cases = [
            (SHIFT_JIS, " ", EncodeSet::SPECIAL_QUERY, "%20"),
            (SHIFT_JIS, "≡", EncodeSet::SPECIAL_QUERY, "%81%DF"),
            (SHIFT_JIS, "‽", EncodeSet::SPECIAL_QUERY, "%26%238253%3B"),
            (ISO_2022_JP, "¥", EncodeSet::SPECIAL_QUERY, "%1B(J\\%1B(B"),
            (
                SHIFT_JIS,
                "1+1 ≡ 2%20‽",
                EncodeSet::FORM_URLENCODED,
                "1%2B1+%81%DF+2%2520%26%238253%3B",
            ),
            (
                UTF_8,
                "Say what‽",
                EncodeSet::USERINFO,
                "Say%20what%E2%80%BD",
            ),
            (UTF_8, "a b", EncodeSet::FORM_URLENCODED, "a+b"),
        ];
        for (encoding, input, set, expected) in cases {
            let mut out = String::new();
            encode_after_encoding(&mut out, input, encoding, set);
            assert_eq!(out, expected, "{input}");
        }
    }

    #[test]
    fn encoded_len_matches_encoding() {
        for input in ["a b", "‽x", "plain", "<>"] {
            let mut out = String::new();
            encode_into(&mut out, input, EncodeSet::PATH);
            assert_eq!(out.len(), encoded_len(input.as_bytes(), EncodeSet::PATH));
        }
    }
}
