//! Query and fragment encoding, including the query's encoding override.

use std::fmt::Write;

use encoding_rs::{EncoderResult, Encoding};

use crate::percent_encoding::{encode_bytes_into, EncodeSet};

/// Percent-encode after encoding (<https://url.spec.whatwg.org/#string-percent-encode-after-encoding>)
/// with a legacy `encoding`: code points it cannot express become
/// "%26%23" + decimal + "%3B" (an HTML numeric character reference,
/// percent-encoded).
pub(crate) fn encode_with_encoding(
    out: &mut String,
    input: &str,
    encoding: &'static Encoding,
    set: EncodeSet,
) {
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; 512];
    let mut rest = input;
    loop {
        // `last` is true throughout: the whole query is here, and a
        // stateful encoder (ISO-2022-JP) must return to ASCII at the end.
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        encode_bytes_into(out, &buffer[..written], set);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                // Writing to a String cannot fail.
                let _ = write!(out, "%26%23{}%3B", u32::from(c));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples under "Percent-encoded bytes" in url.bs.
    #[test]
    fn spec_examples() {
        let cases = [
            (encoding_rs::SHIFT_JIS, " ", "%20"),
            (encoding_rs::SHIFT_JIS, "≡", "%81%DF"),
            (encoding_rs::SHIFT_JIS, "‽", "%26%238253%3B"),
            (encoding_rs::ISO_2022_JP, "¥", "%1B(J\\%1B(B"),
        ];
        for (encoding, input, expected) in cases {
            let mut out = String::new();
            encode_with_encoding(&mut out, input, encoding, EncodeSet::SPECIAL_QUERY);
            assert_eq!(out, expected, "{input}");
        }
    }
}
