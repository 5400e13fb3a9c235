//! `ada_set_max_input_length`: process-wide, so alone in its own test
//! binary (tests in one binary run in parallel).

use weburl_capi::*;

fn parse(input: &[u8]) -> ada_url {
    // SAFETY: `input` points to its length.
    unsafe { ada_parse(input.as_ptr().cast(), input.len()) }
}

#[test]
fn the_limit_applies_to_input_href_setters_and_queries() {
    // SAFETY: live handles until freed; inputs point to their lengths.
    unsafe {
        assert_eq!(ada_get_max_input_length(), u32::MAX);
        ada_set_max_input_length(30);

        // The input, and the href it normalizes to.
        let at_limit = b"https://example.com/0123456789"; // 30 bytes
        let url = parse(at_limit);
        assert!(ada_is_valid(url));
        let over = b"https://example.com/0123456789a";
        assert!(!valid(over));
        assert!(!ada_can_parse(over.as_ptr().cast(), over.len()));
        // Short input, long href: each space becomes "%20".
        let grows = b"https://example.com/a b c d e";
        assert!(!ada_can_parse(grows.as_ptr().cast(), grows.len()));
        assert!(!valid(grows));
        // Not UTF-8: the limit holds on that path too.
        let bytes = b"https://example.com/\xFF\xFF\xFF";
        assert!(!ada_can_parse(bytes.as_ptr().cast(), bytes.len()));

        // A setter that would pass the limit fails and changes nothing,
        // even those without a result.
        let path = b"/0123456789a";
        assert!(!ada_set_pathname(url, path.as_ptr().cast(), path.len()));
        ada_set_hash(url, b"x".as_ptr().cast(), 1);
        let href = ada_get_href(url);
        assert_eq!(
            std::slice::from_raw_parts(href.data.cast::<u8>(), href.length),
            at_limit
        );
        assert!(ada_set_pathname(url, b"/x".as_ptr().cast(), 2));
        ada_free(url);

        // Queries for search params: longer ones give an empty list.
        let query = [b'a'; 31];
        let params = ada_parse_search_params(query.as_ptr().cast(), query.len());
        assert_eq!(ada_search_params_size(params), 0);
        ada_search_params_reset(params, b"a=1&b=2".as_ptr().cast(), 7);
        assert_eq!(ada_search_params_size(params), 2);
        ada_search_params_reset(params, query.as_ptr().cast(), query.len());
        assert_eq!(ada_search_params_size(params), 0);
        ada_free_search_params(params);

        ada_set_max_input_length(u32::MAX);
        assert!(valid(over));
    }
}

/// Whether `input` parses to a valid URL (the handle is freed).
fn valid(input: &[u8]) -> bool {
    let url = parse(input);
    // SAFETY: a live handle, freed once.
    unsafe {
        let valid = ada_is_valid(url);
        ada_free(url);
        valid
    }
}
