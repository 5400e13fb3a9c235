//! IRI display: `Url::to_display_string` and the spoofing policy.

use weburl_test_support::harness as common;

use weburl::display::{check_label, domain_to_display, percent_decode_for_display, SpoofReason};
use weburl::Url;

#[track_caller]
fn shown(input: &str) -> String {
    let url = Url::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let display = url.to_display_string();
    let again = Url::parse(&display).unwrap_or_else(|e| panic!("{display:?}: {e}"));
    assert_eq!(again, url, "{input:?} displayed as {display:?}");
    display
}

#[test]
fn round_trips_on_every_wpt_url() {
    let data = common::load_json("wpt/urltestdata.json");
    let (mut parsed, mut changed) = (0, 0);
    for case in data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_object())
    {
        let input = case["input"].as_str().unwrap();
        let url = match case.get("base").and_then(|b| b.as_str()) {
            None => Url::parse(input),
            Some(base) => Url::parse(base).and_then(|base| base.join(input)),
        };
        let Ok(url) = url else { continue };
        parsed += 1;
        let display = url.to_display_string();
        let again = Url::parse(&display)
            .unwrap_or_else(|e| panic!("{input:?}: display {display:?} fails: {e}"));
        assert_eq!(again, url, "{input:?} displayed as {display:?}");
        if display != url.href() {
            changed += 1;
        }
    }
    // Most of the file parses, and enough of it has something to decode
    // that the round trip tests the decoding, not just the identity.
    assert!(parsed > 500, "{parsed}");
    assert!(changed > 10, "{changed}");
}

#[test]
fn round_trips_on_hand_picked_urls() {
    for input in [
        "https://xn--bcher-kva.example/%C3%A9%E2%80%AE%2F%FF%e9?%C3%A9&a=%26#%C3%A9",
        "https://аррӏе.com/",
        "https://ελλάδα.gr/διαδρομή",
        "https://مثال.إختبار/مسار",
        "https://xn--80ak6aa92e.xn--bcher-kva.com/",
        "http://[::1]:8080/%C3%A9",
        "sc://%C3%A9/%C3%A9",
        "mailto:%C3%A9@example.com",
        "web+demo:/.//not-a-host/%C3%A9",
        "https://%C3%A9:%C3%A9@example.com/",
        "file:///C:/%C3%A9",
        "https://example.com/e%CC%81/%CC%81",
        "https://東京tokyoとうきょう.jp/",
    ] {
        shown(input);
    }
}

// ----- host -----

#[test]
fn single_script_labels_are_shown_in_unicode() {
    assert_eq!(shown("https://bücher.example/"), "https://bücher.example/");
    // Greek only, with letters that have no Latin look-alike.
    let greek = Url::parse("https://ελλάδα.gr/").unwrap();
    assert!(greek.hostname().starts_with("xn--"));
    assert_eq!(greek.to_display_string(), "https://ελλάδα.gr/");
    assert_eq!(shown("https://пример.рф/"), "https://пример.рф/");
    assert_eq!(shown("https://例え.テスト/"), "https://例え.テスト/");
}

#[test]
fn allowed_script_mixes_are_shown() {
    // Latin + Han + Hiragana + Katakana, and Latin + Han + Hangul.
    assert_eq!(
        shown("https://東京tokyoとうきょう.jp/"),
        "https://東京tokyoとうきょう.jp/"
    );
    assert_eq!(shown("https://한국abc漢字.kr/"), "https://한국abc漢字.kr/");
}

#[test]
fn mixed_script_labels_stay_in_punycode() {
    // Latin "p", "y", "p", "l" with Cyrillic "а" (U+0430).
    let url = Url::parse("https://p\u{430}yp\u{430}l.com/").unwrap();
    assert!(url.hostname().starts_with("xn--"));
    assert_eq!(
        url.to_display_string(),
        format!("https://{}/", url.hostname())
    );
    assert_eq!(
        check_label("p\u{430}yp\u{430}l"),
        Err(SpoofReason::MixedScript)
    );
    // Latin + Greek, Cyrillic + Greek, Latin + Hangul without Han is fine
    // (Latin + Han + Hangul allows a subset), Hangul + Hiragana is not.
    assert_eq!(check_label("abcα"), Err(SpoofReason::MixedScript));
    assert_eq!(check_label("жλ"), Err(SpoofReason::MixedScript));
    assert_eq!(check_label("abc한국"), Ok(()));
    assert_eq!(check_label("한국ひらがな"), Err(SpoofReason::MixedScript));
}

#[test]
fn whole_script_confusables_stay_in_punycode() {
    // Cyrillic "аррӏе" reads as "apple".
    let url = Url::parse("https://аррӏе.com/").unwrap();
    assert_eq!(url.hostname(), "xn--80ak6aa92e.com");
    assert_eq!(shown("https://аррӏе.com/"), "https://xn--80ak6aa92e.com/");
    assert_eq!(
        check_label("аррӏе"),
        Err(SpoofReason::WholeScriptConfusable("Cyrillic"))
    );
    // "ехор" (Cyrillic) with digits and a hyphen still reads as Latin.
    assert_eq!(
        check_label("ехор-123"),
        Err(SpoofReason::WholeScriptConfusable("Cyrillic"))
    );
    // Greek omicron, rho, alpha: "opa".
    assert_eq!(
        check_label("ορα"),
        Err(SpoofReason::WholeScriptConfusable("Greek"))
    );
    // Armenian "ոս" reads as "nu".
    assert_eq!(
        check_label("ոս"),
        Err(SpoofReason::WholeScriptConfusable("Armenian"))
    );
    // One letter without a look-alike is enough to show the label.
    assert_eq!(check_label("аррӏея"), Ok(()));
}

#[test]
fn delimiter_lookalikes_stay_in_punycode() {
    for (c, host) in [
        ('\u{2044}', "good.com\u{2044}login.evil.com"),
        ('\u{2215}', "good.com\u{2215}login.evil.com"),
        ('\u{A789}', "good\u{A789}443.evil.com"),
        ('\u{0589}', "good\u{0589}443.evil.com"),
        (
            '\u{05C3}',
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{05C3}\u{5E9}\u{5DC}.com",
        ),
    ] {
        let input = format!("https://{host}/");
        let url = Url::parse(&input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let display = shown(&input);
        assert!(!display.contains(c), "{display}");
        assert_eq!(display, url.href());
    }
    assert_eq!(
        check_label("a\u{2215}b"),
        Err(SpoofReason::DelimiterLookalike('\u{2215}'))
    );
    // Mapped to "." by IDNA before any label can hold them.
    let url = Url::parse("https://good\u{3002}com/").unwrap();
    assert_eq!(url.hostname(), "good.com");
}

#[test]
fn only_the_failing_label_stays_in_punycode() {
    assert_eq!(
        shown("https://аррӏе.bücher.com/"),
        "https://xn--80ak6aa92e.bücher.com/"
    );
}

#[test]
fn other_hosts_are_shown_as_they_are() {
    assert_eq!(shown("http://0x7f.1/"), "http://127.0.0.1/");
    assert_eq!(shown("http://[::1]/"), "http://[::1]/");
    assert_eq!(shown("sc://%C3%A9x/"), "sc://%C3%A9x/");
    assert_eq!(shown("file:///tmp/x"), "file:///tmp/x");
    assert_eq!(domain_to_display("example.com"), "example.com");
    // Not punycode that decodes: unchanged.
    assert_eq!(domain_to_display("xn--zz.example"), "xn--zz.example");
}

#[test]
fn userinfo_is_not_decoded() {
    assert_eq!(
        shown("https://%C3%A9:%C3%A9@example.com/"),
        "https://%C3%A9:%C3%A9@example.com/"
    );
}

// ----- path, query, fragment -----

#[test]
fn utf8_is_decoded() {
    assert_eq!(
        shown("https://example.com/caf%C3%A9?q=caf%C3%A9#caf%C3%A9"),
        "https://example.com/café?q=café#café"
    );
    assert_eq!(shown("mailto:%C3%A9@example.com"), "mailto:é@example.com");
    assert_eq!(
        shown("https://example.com/%F0%9F%98%80"),
        "https://example.com/😀"
    );
}

#[test]
fn ascii_delimiters_stay_encoded() {
    assert_eq!(
        shown("https://example.com/a%2Fb%3F%23%25?a=%26%3D%2B#%23"),
        "https://example.com/a%2Fb%3F%23%25?a=%26%3D%2B#%23"
    );
    // Even unreserved ASCII: decoding it would change the URL.
    assert_eq!(shown("https://example.com/%41"), "https://example.com/%41");
}

#[test]
fn bidi_and_format_characters_stay_encoded() {
    for encoded in [
        "%E2%80%AE", // U+202E RIGHT-TO-LEFT OVERRIDE
        "%E2%80%8F", // U+200F RIGHT-TO-LEFT MARK
        "%E2%80%8E", // U+200E LEFT-TO-RIGHT MARK
        "%D8%9C",    // U+061C ARABIC LETTER MARK
        "%E2%81%A6", // U+2066 LEFT-TO-RIGHT ISOLATE
        "%E2%80%8D", // U+200D ZERO WIDTH JOINER
        "%C2%AD",    // U+00AD SOFT HYPHEN
        "%EF%BB%BF", // U+FEFF BYTE ORDER MARK
    ] {
        let input = format!("https://example.com/a{encoded}b?{encoded}#{encoded}");
        assert_eq!(shown(&input), input);
    }
    assert_eq!(percent_decode_for_display("%E2%80%AE"), "%E2%80%AE");
}

#[test]
fn controls_and_spaces_stay_encoded() {
    for encoded in [
        "%C2%80",    // U+0080, a C1 control
        "%C2%85",    // U+0085 NEXT LINE
        "%C2%A0",    // U+00A0 NO-BREAK SPACE
        "%E3%80%80", // U+3000 IDEOGRAPHIC SPACE
        "%E2%80%A8", // U+2028 LINE SEPARATOR
        "%E1%85%9F", // U+115F HANGUL CHOSEONG FILLER
    ] {
        let input = format!("https://example.com/{encoded}");
        assert_eq!(shown(&input), input);
    }
}

#[test]
fn unsuitable_characters_stay_encoded() {
    for encoded in [
        "%EE%80%80",    // U+E000, private use
        "%EF%B7%90",    // U+FDD0, a noncharacter
        "%EF%BF%BD",    // U+FFFD REPLACEMENT CHARACTER
        "%E2%81%84",    // U+2044 FRACTION SLASH, looks like "/"
        "%EF%BC%8F",    // U+FF0F FULLWIDTH SOLIDUS
        "%E2%80%A5",    // U+2025 TWO DOT LEADER, reads as ".."
        "%CD%B8",       // U+0378, unassigned
        "%F3%A0%80%81", // U+E0001 LANGUAGE TAG
    ] {
        let input = format!("https://example.com/x{encoded}");
        assert_eq!(shown(&input), input);
    }
}

#[test]
fn invalid_utf8_stays_encoded() {
    assert_eq!(shown("https://example.com/%FF"), "https://example.com/%FF");
    assert_eq!(
        shown("https://example.com/%C3%A9%FF%C3"),
        "https://example.com/é%FF%C3"
    );
    assert_eq!(
        shown("https://example.com/%C3%28"),
        "https://example.com/%C3%28"
    );
}

#[test]
fn lowercase_hex_stays_encoded() {
    // The parser writes "%C3%A9"; "é" would not give back "%c3%a9".
    assert_eq!(
        shown("https://example.com/%c3%a9"),
        "https://example.com/%c3%a9"
    );
}

#[test]
fn combining_marks_after_a_delimiter_stay_encoded() {
    assert_eq!(
        shown("https://example.com/e%CC%81/%CC%81"),
        "https://example.com/e\u{301}/%CC%81"
    );
}

#[test]
fn rtl_letters_are_decoded() {
    assert_eq!(
        shown("https://example.com/%D7%A9%D7%9C%D7%95%D7%9D"),
        "https://example.com/שלום"
    );
}

#[test]
fn iri_to_uri_and_back() {
    let iri = "https://bücher.example/straße?q=café#ø";
    let url = Url::parse(iri).unwrap();
    assert_eq!(
        url.href(),
        "https://xn--bcher-kva.example/stra%C3%9Fe?q=caf%C3%A9#%C3%B8"
    );
    assert_eq!(url.to_display_string(), iri);
}
