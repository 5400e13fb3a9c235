//! The [`application/x-www-form-urlencoded`] format: a list of name-value
//! pairs as found in HTML form submissions and in URL queries.
//!
//! * [`parse`] is the spec's [parser]: bytes in, `(name, value)` pairs out,
//!   decoded lazily as UTF-8 (invalid sequences become U+FFFD);
//!   [`parse_with_separator`] splits on another byte than `&`.
//! * [`sequences`], [`split_sequence`] and [`decode`] are its steps, for
//!   callers that keep the pairs as written or need the decoded bytes.
//! * [`byte_serialize`] is the spec's [byte serializer] for one string.
//! * [`parse_with_encoding`] is the same parser decoding with a legacy
//!   encoding, for servers that receive forms submitted in one.
//! * [`serialize`] and [`serialize_with_encoding`] are the spec's
//!   [serializer], the latter with its optional encoding override.
//!
//! The spec's strings are scalar value strings. A Rust `&str` is one by
//! construction: it cannot hold a lone surrogate, so the U+FFFD replacement
//! that a JavaScript `USVString` conversion performs has already happened (or
//! was never needed) by the time a `&str` reaches this module.
//!
//! ```
//! use weburl::form_urlencoded;
//!
//! let pairs: Vec<_> = form_urlencoded::parse(b"q=caf%C3%A9+au+lait&lang=fr").collect();
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into())]);
//! let serialized = form_urlencoded::serialize(pairs.iter().map(|(name, value)| (name, value)));
//! assert_eq!(serialized, "q=caf%C3%A9+au+lait&lang=fr");
//! ```
//!
//! [`application/x-www-form-urlencoded`]: https://url.spec.whatwg.org/#application/x-www-form-urlencoded
//! [parser]: https://url.spec.whatwg.org/#concept-urlencoded-parser
//! [serializer]: https://url.spec.whatwg.org/#concept-urlencoded-serializer
//! [byte serializer]: https://url.spec.whatwg.org/#concept-urlencoded-byte-serializer

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8};

use crate::percent_encoding::{encode_after_encoding, percent_byte, percent_decode, EncodeSet};

/// Parses `input` as `application/x-www-form-urlencoded` into name-value
/// pairs, decoding the percent-decoded bytes as UTF-8 without BOM handling.
///
/// Empty sequences between `&`s are skipped, a sequence without `=` is a
/// name with an empty value, `+` means space, and a `%` not followed by two
/// hex digits is kept literally. Pass `s.as_bytes()` for a string, which is
/// the spec's [string parser] hook.
///
/// The pairs come lazily and borrow from `input` where nothing needed
/// decoding.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser>
///
/// [string parser]: https://url.spec.whatwg.org/#concept-urlencoded-string-parser
///
/// ```
/// use std::borrow::Cow;
/// use weburl::form_urlencoded::parse;
///
/// assert_eq!(
///     parse(b"a=1&&b&=c&d=%zz+%41").collect::<Vec<_>>(),
///     [
///         ("a".into(), "1".into()),
///         ("b".into(), "".into()),
///         ("".into(), "c".into()),
///         ("d".into(), "%zz A".into()),
///     ]
/// );
/// // Invalid UTF-8 after percent-decoding becomes U+FFFD.
/// assert_eq!(parse(b"%C2x").next(), Some(("\u{FFFD}x".into(), "".into())));
/// // Nothing to decode: borrowed.
/// assert!(matches!(parse(b"k=v").next(), Some((Cow::Borrowed("k"), Cow::Borrowed("v")))));
/// ```
pub fn parse(input: &[u8]) -> Parse<'_> {
    parse_with_separator(input, b'&')
}

/// Parses `input` like [`parse`], but with the sequences separated by
/// `separator` instead of `&`, as trurl's `--query-separator` allows.
/// The standard knows only `&`.
///
/// ```
/// use weburl::form_urlencoded::parse_with_separator;
///
/// let pairs: Vec<_> = parse_with_separator(b"a=1;b=x+y&z", b';').collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y&z".into())]);
/// ```
pub fn parse_with_separator(input: &[u8], separator: u8) -> Parse<'_> {
    Parse {
        sequences: sequences(input, separator),
    }
}

/// The name-value pairs of a form-urlencoded byte string, decoded lazily:
/// made by [`parse`] and [`parse_with_separator`].
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    sequences: Sequences<'a>,
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let (name, value) = split_sequence(self.sequences.next()?);
        Some((utf8_lossy(decode(name)), utf8_lossy(decode(value))))
    }
}

/// The non-empty sequences of `input` between `separator`s, as written:
/// the parser's first two steps, for callers that keep pairs undecoded
/// (to remove or replace some and leave the others as they were).
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser> (steps 1 and 3.1)
///
/// ```
/// use weburl::form_urlencoded::sequences;
///
/// let raw: Vec<&[u8]> = sequences(b"a=1&&b&", b'&').collect();
/// assert_eq!(raw, [&b"a=1"[..], b"b"]);
/// ```
pub fn sequences(input: &[u8], separator: u8) -> Sequences<'_> {
    Sequences {
        rest: Some(input),
        separator,
    }
}

/// The iterator of [`sequences`].
#[derive(Clone, Debug)]
pub struct Sequences<'a> {
    rest: Option<&'a [u8]>,
    separator: u8,
}

impl<'a> Iterator for Sequences<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        loop {
            let rest = self.rest?;
            let sequence = match rest.iter().position(|&b| b == self.separator) {
                Some(end) => {
                    self.rest = Some(&rest[end + 1..]);
                    &rest[..end]
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            if !sequence.is_empty() {
                return Some(sequence);
            }
        }
    }
}

/// A sequence split at its first `=` into name and value, undecoded; no
/// `=` means an empty value.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser> (step 3.2)
///
/// ```
/// use weburl::form_urlencoded::split_sequence;
///
/// assert_eq!(split_sequence(b"a=b=c"), (&b"a"[..], &b"b=c"[..]));
/// assert_eq!(split_sequence(b"flag"), (&b"flag"[..], &b""[..]));
/// ```
pub fn split_sequence(sequence: &[u8]) -> (&[u8], &[u8]) {
    match sequence.iter().position(|&b| b == b'=') {
        Some(index) => (&sequence[..index], &sequence[index + 1..]),
        None => (sequence, &[]),
    }
}

/// Decodes one name or value to bytes: `+` becomes a space, then
/// percent-decoding (in that order, so that a decoded `%2B` stays `+`).
/// Borrows `raw` when it has neither.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser> (steps 3.3 and 3.4)
///
/// ```
/// use weburl::form_urlencoded::decode;
///
/// assert_eq!(&*decode(b"a+b%2B%zz%FF"), b"a b+%zz\xFF");
/// ```
pub fn decode(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'+') {
        return percent_decode(raw);
    }
    let spaced: Vec<u8> = raw
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    Cow::Owned(percent_decode(&spaced).into_owned())
}

/// The `application/x-www-form-urlencoded` byte serializer: everything but
/// ASCII alphanumerics and `*-._` percent-encoded, a space as `+`. Yields
/// pieces of the output; collect them into a `String` or extend one.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-byte-serializer>
///
/// ```
/// use weburl::form_urlencoded::byte_serialize;
///
/// assert_eq!(byte_serialize(b"a b+\xFF~*").collect::<String>(), "a+b%2B%FF%7E*");
/// let mut out = String::from("q=");
/// out.extend(byte_serialize("é".as_bytes()));
/// assert_eq!(out, "q=%C3%A9");
/// ```
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { rest: input }
}

/// The iterator of [`byte_serialize`].
#[derive(Clone, Debug)]
pub struct ByteSerialize<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.rest.split_first()?;
        if first == b' ' {
            self.rest = rest;
            return Some("+");
        }
        if EncodeSet::FORM_URLENCODED.contains(first) {
            self.rest = rest;
            return Some(percent_byte(first));
        }
        // A run of bytes that stay as they are: ASCII, so valid UTF-8.
        let run = self
            .rest
            .iter()
            .position(|&b| b == b' ' || EncodeSet::FORM_URLENCODED.contains(b))
            .unwrap_or(self.rest.len());
        let (plain, rest) = self.rest.split_at(run);
        self.rest = rest;
        std::str::from_utf8(plain).ok()
    }
}

/// Parses `input` like [`parse`], but decodes each percent-decoded name and
/// value with `encoding` (without BOM handling) instead of UTF-8.
///
/// HTML form submissions use the document's encoding, so a server receiving
/// them from legacy pages may need this. The spec only defines UTF-8; its
/// note on legacy servers is what this covers, and it warns that decoding
/// non-ASCII bytes with anything but UTF-8 may be insecure.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser>
///
/// ```
/// use weburl::form_urlencoded::parse_with_encoding;
///
/// let pairs = parse_with_encoding(b"q=%81%DF+%82%A0", encoding_rs::SHIFT_JIS);
/// assert_eq!(pairs, [("q".to_owned(), "≡ あ".to_owned())]);
/// ```
///
/// Needs the `encodings` feature (on by default).
#[cfg(feature = "encodings")]
pub fn parse_with_encoding(input: &[u8], encoding: &'static Encoding) -> Vec<(String, String)> {
    let decode_with = |raw: &[u8]| -> String {
        let bytes = decode(raw);
        if encoding == UTF_8 {
            utf8_lossy(bytes).into_owned()
        } else {
            encoding.decode_without_bom_handling(&bytes).0.into_owned()
        }
    };
    sequences(input, b'&')
        .map(|sequence| {
            let (name, value) = split_sequence(sequence);
            (decode_with(name), decode_with(value))
        })
        .collect()
}

/// Serializes name-value pairs as `application/x-www-form-urlencoded`,
/// encoding names and values as UTF-8.
///
/// Everything but ASCII alphanumerics and `*-._` is percent-encoded, and a
/// space becomes `+`. The result is always ASCII.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-serializer>
///
/// ```
/// use weburl::form_urlencoded::serialize;
///
/// assert_eq!(serialize([("a b", "c+d"), ("é", "~*")]), "a+b=c%2Bd&%C3%A9=%7E*");
/// assert_eq!(serialize(Vec::<(String, String)>::new()), "");
/// ```
pub fn serialize<I, K, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    serialize_in(pairs, UTF_8)
}

/// Serializes name-value pairs as `application/x-www-form-urlencoded`,
/// encoding names and values with `encoding` first, as HTML forms do with
/// the form's encoding.
///
/// `encoding` is first replaced by its [output encoding], so UTF-16BE,
/// UTF-16LE and replacement serialize as UTF-8. A code point that `encoding`
/// cannot represent is written as the percent-encoded numeric character
/// reference `%26%23NNNN%3B` (`&#NNNN;`), per the spec's
/// [percent-encode after encoding].
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-serializer>
///
/// [output encoding]: https://encoding.spec.whatwg.org/#get-an-output-encoding
/// [percent-encode after encoding]: https://url.spec.whatwg.org/#string-percent-encode-after-encoding
///
/// ```
/// use weburl::form_urlencoded::serialize_with_encoding;
///
/// // The spec's own example: ≡ is 81 DF in Shift_JIS, ‽ (U+203D) is not in it.
/// assert_eq!(
///     serialize_with_encoding([("a", "1+1 ≡ 2%20‽")], encoding_rs::SHIFT_JIS),
///     "a=1%2B1+%81%DF+2%2520%26%238253%3B"
/// );
/// assert_eq!(serialize_with_encoding([("é", "")], encoding_rs::UTF_16LE), "%C3%A9=");
/// ```
///
/// Needs the `encodings` feature (on by default).
#[cfg(feature = "encodings")]
pub fn serialize_with_encoding<I, K, V>(pairs: I, encoding: &'static Encoding) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    serialize_in(pairs, encoding)
}

/// The serializer with any encoding, for [`serialize`] and
/// [`serialize_with_encoding`].
fn serialize_in<I, K, V>(pairs: I, encoding: &'static Encoding) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let encoding = encoding.output_encoding();
    let mut output = String::new();
    for (name, value) in pairs {
        // Every serialized pair contains '=', so a non-empty output means a
        // pair has already been written.
        if !output.is_empty() {
            output.push('&');
        }
        encode_after_encoding(
            &mut output,
            name.as_ref(),
            encoding,
            EncodeSet::FORM_URLENCODED,
        );
        output.push('=');
        encode_after_encoding(
            &mut output,
            value.as_ref(),
            encoding,
            EncodeSet::FORM_URLENCODED,
        );
    }
    output
}

/// UTF-8 decode without BOM: ill-formed sequences become U+FFFD, one per
/// maximal subpart, which is what `from_utf8_lossy` does too.
fn utf8_lossy(bytes: Cow<'_, [u8]>) -> Cow<'_, str> {
    match bytes {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
        Cow::Owned(bytes) => Cow::Owned(
            String::from_utf8(bytes)
                .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
        ),
    }
}
