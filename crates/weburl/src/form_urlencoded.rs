//! The [`application/x-www-form-urlencoded`] format: a list of name-value
//! pairs as found in HTML form submissions and in URL queries.
//!
//! * [`parse`] is the spec's [parser]: bytes in, `(name, value)` pairs out,
//!   decoded as UTF-8 (invalid sequences become U+FFFD).
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
//! let pairs = form_urlencoded::parse(b"q=caf%C3%A9+au+lait&lang=fr");
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into())]);
//! let serialized = form_urlencoded::serialize(pairs.iter().map(|(name, value)| (name, value)));
//! assert_eq!(serialized, "q=caf%C3%A9+au+lait&lang=fr");
//! ```
//!
//! [`application/x-www-form-urlencoded`]: https://url.spec.whatwg.org/#application/x-www-form-urlencoded
//! [parser]: https://url.spec.whatwg.org/#concept-urlencoded-parser
//! [serializer]: https://url.spec.whatwg.org/#concept-urlencoded-serializer

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8};

use crate::percent_encoding::{encode_after_encoding, percent_decode, EncodeSet};

/// Parses `input` as `application/x-www-form-urlencoded` into name-value
/// pairs, decoding the percent-decoded bytes as UTF-8 without BOM handling.
///
/// Empty sequences between `&`s are skipped, a sequence without `=` is a
/// name with an empty value, `+` means space, and a `%` not followed by two
/// hex digits is kept literally. Pass `s.as_bytes()` for a string, which is
/// the spec's [string parser] hook.
///
/// <https://url.spec.whatwg.org/#concept-urlencoded-parser>
///
/// [string parser]: https://url.spec.whatwg.org/#concept-urlencoded-string-parser
///
/// ```
/// use weburl::form_urlencoded::parse;
///
/// assert_eq!(
///     parse(b"a=1&&b&=c&d=%zz+%41"),
///     [
///         ("a".to_owned(), "1".to_owned()),
///         ("b".to_owned(), String::new()),
///         (String::new(), "c".to_owned()),
///         ("d".to_owned(), "%zz A".to_owned()),
///     ]
/// );
/// // Invalid UTF-8 after percent-decoding becomes U+FFFD.
/// assert_eq!(parse(b"%C2x"), [("\u{FFFD}x".to_owned(), String::new())]);
/// ```
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    parse_with(input, decode_utf8)
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
pub fn parse_with_encoding(input: &[u8], encoding: &'static Encoding) -> Vec<(String, String)> {
    if encoding == UTF_8 {
        return parse(input);
    }
    parse_with(input, |bytes| {
        encoding.decode_without_bom_handling(&bytes).0.into_owned()
    })
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
    serialize_with_encoding(pairs, UTF_8)
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
pub fn serialize_with_encoding<I, K, V>(pairs: I, encoding: &'static Encoding) -> String
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

/// The parser's steps, with the decoding of names and values left to `decode`.
fn parse_with<F>(input: &[u8], mut decode: F) -> Vec<(String, String)>
where
    F: FnMut(Cow<'_, [u8]>) -> String,
{
    input
        .split(|&byte| byte == b'&')
        .filter(|bytes| !bytes.is_empty())
        .map(|bytes| {
            let (name, value) = match bytes.iter().position(|&byte| byte == b'=') {
                Some(index) => (&bytes[..index], &bytes[index + 1..]),
                None => (bytes, &[][..]),
            };
            (
                decode(percent_decode_plus(name)),
                decode(percent_decode_plus(value)),
            )
        })
        .collect()
}

/// UTF-8 decode without BOM: ill-formed sequences become U+FFFD, one per
/// maximal subpart, which is what `from_utf8_lossy` does too.
fn decode_utf8(bytes: Cow<'_, [u8]>) -> String {
    match bytes {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
    }
}

/// Replaces `+` with a space, then percent-decodes, as the parser's steps
/// say (in that order, so that a `%2B` decoded here stays `+`).
fn percent_decode_plus(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'+') {
        return percent_decode(input);
    }
    let spaced: Vec<u8> = input
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    Cow::Owned(percent_decode(&spaced).into_owned())
}
