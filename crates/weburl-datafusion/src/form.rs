//! Looking up one parameter of a query as `URLSearchParams.get` does,
//! without building the whole list of pairs.

use std::borrow::Cow;

use weburl::percent_encoding::percent_decode;

/// The value of the first parameter of `query` (without `?`) named `name`,
/// names and values decoded as `application/x-www-form-urlencoded`;
/// `None` when there is none.
///
/// The value is borrowed from `query` unless it needs decoding.
pub(crate) fn query_param<'a>(query: &'a str, name: &str) -> Option<Cow<'a, str>> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .find_map(|pair| {
            let (raw_name, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
            (form_decode(raw_name) == name).then(|| form_decode(raw_value))
        })
}

/// `+` as a space, then percent-decoding, then UTF-8 with U+FFFD for
/// invalid sequences.
fn form_decode(raw: &str) -> Cow<'_, str> {
    if !raw.bytes().any(|b| b == b'+' || b == b'%') {
        return Cow::Borrowed(raw);
    }
    let spaced: Vec<u8> = raw
        .bytes()
        .map(|b| if b == b'+' { b' ' } else { b })
        .collect();
    Cow::Owned(String::from_utf8_lossy(&percent_decode(&spaced)).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::UrlSearchParams;

    #[test]
    fn agrees_with_url_search_params() {
        let queries = [
            "a=1&b=2&a=3",
            "a&b=&=c",
            "q=a+b%20c&x=%zz",
            "%61=decoded-name&a=second",
            "&&a=1&&",
            "k=%C2x",
            "k=v=w",
            "a+b=1",
            "",
        ];
        let names = ["a", "b", "", "q", "x", "k", "a b", "missing"];
        for query in queries {
            let params = UrlSearchParams::parse(query);
            for name in names {
                assert_eq!(
                    query_param(query, name).as_deref(),
                    params.get(name),
                    "{query:?} {name:?}"
                );
            }
        }
    }

    #[test]
    fn plain_values_are_borrowed() {
        assert!(matches!(query_param("a=1", "a"), Some(Cow::Borrowed("1"))));
    }
}
