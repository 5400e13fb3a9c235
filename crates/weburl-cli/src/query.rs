//! Name-value pairs of a query, split on a chosen separator.
//!
//! The URL Standard's `URLSearchParams` splits on `&` only; trurl's
//! `--query-separator` allows another byte, so the splitting is done here.
//! Names and values decode as `application/x-www-form-urlencoded` does:
//! `+` is a space, then percent-decoding.

use std::borrow::Cow;

use weburl::percent_encoding::{percent_decode, EncodeSet};

/// The non-empty pairs of `query`, as written.
pub fn pairs(query: &str, sep: u8) -> impl Iterator<Item = &str> {
    query
        .split(move |c: char| c as u32 == u32::from(sep))
        .filter(|p| !p.is_empty())
}

/// A pair split at its first `=` (an absent `=` gives an empty value).
pub fn split(pair: &str) -> (&str, &str) {
    pair.split_once('=').unwrap_or((pair, ""))
}

/// `+` to space, then percent-decoding, as bytes.
pub fn decode(s: &str) -> Cow<'_, [u8]> {
    if !s.contains('+') {
        return percent_decode(s.as_bytes());
    }
    let plus: Vec<u8> = s
        .bytes()
        .map(|b| if b == b'+' { b' ' } else { b })
        .collect();
    Cow::Owned(percent_decode(&plus).into_owned())
}

/// The decoded name of a pair, for matching.
pub fn decoded_name(pair: &str) -> Cow<'_, [u8]> {
    decode(split(pair).0)
}

/// `application/x-www-form-urlencoded` byte serialization of one string.
pub fn form_encode(bytes: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in bytes {
        if b == b' ' {
            out.push('+');
        } else if EncodeSet::FORM_URLENCODED.contains(b) {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        } else {
            out.push(b as char);
        }
    }
}

/// A `name=value` argument made into a pair: each side of the first `=`
/// form-encoded on its own, so that it decodes back to what was typed.
pub fn encode_assignment(arg: &str) -> String {
    let mut out = String::with_capacity(arg.len() + 8);
    match arg.split_once('=') {
        Some((name, value)) => {
            form_encode(name.as_bytes(), &mut out);
            out.push('=');
            form_encode(value.as_bytes(), &mut out);
        }
        None => form_encode(arg.as_bytes(), &mut out),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_the_separator_and_drops_empty_pairs() {
        let got: Vec<_> = pairs("a=1&&b&=3&", b'&').collect();
        assert_eq!(got, ["a=1", "b", "=3"]);
        let got: Vec<_> = pairs("b=name:a=age", b':').collect();
        assert_eq!(got, ["b=name", "a=age"]);
    }

    #[test]
    fn decodes_plus_and_percent() {
        assert_eq!(&*decode("tra%20cker+x"), b"tra cker x");
        assert_eq!(&*decode("%zz"), b"%zz");
    }

    #[test]
    fn encodes_each_side_of_the_first_equals() {
        assert_eq!(encode_assignment("search=a b=c"), "search=a+b%3Dc");
        assert_eq!(encode_assignment("quest=%00"), "quest=%2500");
        assert_eq!(encode_assignment("flag"), "flag");
    }
}
