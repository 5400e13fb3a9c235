//! Name-value pairs of a query, split on a chosen separator and kept as
//! written, so that editing some leaves the others byte for byte.
//!
//! The URL Standard's `URLSearchParams` splits on `&` only; trurl's
//! `--query-separator` allows another byte. Names and values decode with
//! the library's `application/x-www-form-urlencoded` steps.

use std::borrow::Cow;

use weburl::form_urlencoded;

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

/// The decoded name of a pair, for matching.
pub fn decoded_name(pair: &str) -> Cow<'_, [u8]> {
    form_urlencoded::decode(split(pair).0.as_bytes())
}

/// A `name=value` argument made into a pair: each side of the first `=`
/// form-encoded on its own, so that it decodes back to what was typed.
pub fn encode_assignment(arg: &str) -> String {
    let mut out = String::with_capacity(arg.len() + 8);
    match arg.split_once('=') {
        Some((name, value)) => {
            out.extend(form_urlencoded::byte_serialize(name.as_bytes()));
            out.push('=');
            out.extend(form_urlencoded::byte_serialize(value.as_bytes()));
        }
        None => out.extend(form_urlencoded::byte_serialize(arg.as_bytes())),
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
        assert_eq!(&*decoded_name("tra%20cker+x=1"), b"tra cker x");
        assert_eq!(&*decoded_name("%zz"), b"%zz");
    }

    #[test]
    fn encodes_each_side_of_the_first_equals() {
        assert_eq!(encode_assignment("search=a b=c"), "search=a+b%3Dc");
        assert_eq!(encode_assignment("quest=%00"), "quest=%2500");
        assert_eq!(encode_assignment("flag"), "flag");
    }
}
