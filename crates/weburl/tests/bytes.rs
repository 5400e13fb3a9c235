//! `Url::parse_bytes`: input that is not UTF-8, and the stated policy that
//! each byte outside well-formed UTF-8 counts as written "%XX".

use weburl::{ParseError, Url};

#[test]
fn well_formed_input_parses_as_a_str_would() {
    for input in [
        "https://example.com/ü?ß#€",
        "  http://EXAMPLE.com\t/a/../b ",
        "sc:opaque",
        "/relative",
    ] {
        assert_eq!(
            Url::parse_bytes(input.as_bytes()),
            Url::parse(input),
            "{input}"
        );
    }
}

#[test]
fn invalid_bytes_are_taken_as_percent_encoded() {
    let cases: &[(&[u8], &str)] = &[
        (b"https://example.com/\xFF", "https://example.com/%FF"),
        (b"https://example.com/?q=\xC3", "https://example.com/?q=%C3"),
        (
            b"https://example.com/#\xE2\x82",
            "https://example.com/#%E2%82",
        ),
        (
            b"https://us\x80er:p\xFE@example.com/",
            "https://us%80er:p%FE@example.com/",
        ),
        (b"sc://h\xF0st/", "sc://h%F0st/"),
        (b"sc:op\xC0que", "sc:op%C0que"),
        // Valid UTF-8 next to invalid bytes is encoded as UTF-8 as usual.
        (
            b"https://example.com/\xC3\xA9\xC3",
            "https://example.com/%C3%A9%C3",
        ),
    ];
    for &(input, expected) in cases {
        let url = Url::parse_bytes(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(url.href(), expected, "{input:?}");
        url.check_invariants().unwrap();
    }
}

#[test]
fn an_invalid_byte_in_a_domain_fails() {
    assert_eq!(
        Url::parse_bytes(b"https://exampl\xE9.com/"),
        Err(ParseError::DomainToAscii)
    );
    assert_eq!(
        Url::parse_bytes(b"http://\xFF/"),
        Err(ParseError::DomainToAscii)
    );
}

#[test]
fn the_size_limit_holds_for_bytes() {
    let input = [0xFFu8; 100];
    assert_eq!(
        Url::options().max_len(200).parse_bytes(&input),
        Err(ParseError::TooLong)
    );
}
