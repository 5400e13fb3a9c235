//! Tests for `weburl::form_urlencoded` and `weburl::UrlSearchParams`.
//!
//! Data-driven parts:
//! * WPT `url/resources/urlencoded-parser-data.json`, through both
//!   `UrlSearchParams::parse` and `form_urlencoded::parse`.
//! * `testdata/wpt-ported/urlsearchparams.json`: the cases of WPT's
//!   `urlsearchparams-*.any.js` and `url-searchparams.any.js`, ported as
//!   steps (its header describes them).
//! * WPT `url/resources/percent-encoding.json`, cross-checked against the
//!   serializer's encoders.
//!
//! WPT cases that were not ported, because they only make sense in
//! JavaScript:
//! * `urlsearchparams-constructor.any.js`:
//!   - "URLSearchParams constructor, DOMException as argument": a record
//!     read from the constants of a JS interface object, plus a TypeError
//!     from a branding check on `DOMException.prototype`.
//!   - "Custom [Symbol.iterator]": the JS iteration protocol.
//!   - "Construct with 2 unpaired surrogates (no trailing)" and "Construct
//!     with 3 unpaired surrogates (no leading)": record keys with lone
//!     surrogates, which WebIDL turns into U+FFFD and then merges when two
//!     keys become equal. A Rust string cannot hold a lone surrogate, and
//!     pairs are not a record, so neither step exists here.
//!   - In "Constructor with sequence of sequences of strings", the two
//!     TypeError cases (`[[1]]`, `[[1,2,3]]`): Rust pairs always have two
//!     elements. The rest of that test is ported.
//!   - In "Construct with object with NULL, non-ASCII, and surrogate keys",
//!     the key `"c\uD83D"` is given as its USVString conversion `"c\uFFFD"`.
//! * `urlsearchparams-foreach.any.js`: "For-of Check", "delete next param
//!   during iteration", "delete current param during iteration" and "delete
//!   every param seen during iteration" change the list while a live JS
//!   iterator walks it, which the borrow checker rules out.
//! * `url-searchparams.any.js`: "URL.searchParams getter" (object identity)
//!   and "URL.searchParams setter, invalid values" (assigning a read-only
//!   attribute).
//! * `urlsearchparams-constructor-formdata.any.js` (FormData) as a whole.
//!
//! Cases that check both a URL and its `searchParams` (in the delete, size,
//! sort, stringifier and url-searchparams files) are ported for the list
//! only; a URL's `href` and `search` are for the URL tests.

use encoding_rs::Encoding;
use serde_json::Value;
use weburl::{form_urlencoded, UrlSearchParams};

const URLENCODED_PARSER_DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/wpt/urlencoded-parser-data.json"
);
const PERCENT_ENCODING_DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/wpt/percent-encoding.json"
);
const PORTED_DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/wpt-ported/urlsearchparams.json"
);

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {path}: {e}"))
}

fn str_of(value: &Value) -> &str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("expected a string, got {value}"))
}

fn pairs_of(value: &Value) -> Vec<(String, String)> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("expected an array of pairs, got {value}"))
        .iter()
        .map(|pair| match pair.as_array().map(Vec::as_slice) {
            Some([name, value]) => (str_of(name).to_owned(), str_of(value).to_owned()),
            _ => panic!("expected a [name, value] pair, got {pair}"),
        })
        .collect()
}

fn owned_pairs(params: &UrlSearchParams) -> Vec<(String, String)> {
    params
        .pairs()
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
}

#[test]
fn urlencoded_parser_data() {
    let data = load(URLENCODED_PARSER_DATA);
    let cases = data.as_array().expect("a JSON array");
    let mut failures = Vec::new();
    for case in cases {
        let input = str_of(&case["input"]);
        let expected = pairs_of(&case["output"]);
        let via_params = owned_pairs(&UrlSearchParams::parse(input));
        let via_parser = owned(form_urlencoded::parse(input.as_bytes()));
        let via_utf8 = form_urlencoded::parse_with_encoding(input.as_bytes(), encoding_rs::UTF_8);
        if via_params != expected || via_parser != expected || via_utf8 != expected {
            failures.push(format!(
                "{input:?}: expected {expected:?}, UrlSearchParams gave {via_params:?}, \
                 parse gave {via_parser:?}, parse_with_encoding(UTF-8) gave {via_utf8:?}"
            ));
            continue;
        }
        // Serializing and parsing again must give back the same pairs.
        let serialized = form_urlencoded::serialize(via_parser.iter().map(|(n, v)| (n, v)));
        let reparsed = owned(form_urlencoded::parse(serialized.as_bytes()));
        if reparsed != expected {
            failures.push(format!("{input:?}: round trip gave {reparsed:?}"));
        }
    }
    let passed = cases.len() - failures.len();
    println!("urlencoded-parser: {passed}/{} passed", cases.len());
    assert_eq!(
        cases.len(),
        35,
        "urlencoded-parser-data.json should hold 35 cases"
    );
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

/// Runs one ported test; returns a description of the first failing step.
fn run_ported_test(test: &Value) -> Result<(), String> {
    let mut objects: Vec<UrlSearchParams> = Vec::new();
    let steps = test["steps"].as_array().expect("steps");
    for (index, step) in steps.iter().enumerate() {
        let slot = step.get("obj").and_then(Value::as_u64).unwrap_or(0) as usize;
        if objects.len() <= slot {
            objects.resize_with(slot + 1, UrlSearchParams::new);
        }
        let source = || {
            let source = step["source"].as_u64().expect("source") as usize;
            objects.get(source).cloned().unwrap_or_default()
        };
        let name = || str_of(&step["name"]);
        let value = || step.get("value").map(str_of);
        let expected = &step["expected"];
        let op = str_of(&step["op"]);
        let check = |ok: bool, actual: String| {
            if ok {
                Ok(())
            } else {
                Err(format!("step {index} {step}: got {actual}"))
            }
        };
        match op {
            "new" => objects[slot] = UrlSearchParams::new(),
            "parse" => objects[slot] = UrlSearchParams::parse(str_of(&step["input"])),
            "from_pairs" => objects[slot] = UrlSearchParams::from_pairs(pairs_of(&step["pairs"])),
            "from_query" => {
                let list = form_urlencoded::parse(str_of(&step["query"]).as_bytes());
                objects[slot] = UrlSearchParams::from_pairs(list);
            }
            "copy" => {
                let source = source();
                objects[slot] = UrlSearchParams::from_pairs(source.pairs());
            }
            "reparse" => objects[slot] = UrlSearchParams::parse(&source().to_string()),
            "append" => objects[slot].append(name(), value().expect("value")),
            "delete" => objects[slot].delete(name(), value()),
            "set" => objects[slot].set(name(), value().expect("value")),
            "sort" => objects[slot].sort(),
            "expect_string" => {
                let actual = objects[slot].to_string();
                check(actual == str_of(expected), format!("{actual:?}"))?;
            }
            "expect_get" => {
                let actual = objects[slot].get(name());
                check(actual == expected.as_str(), format!("{actual:?}"))?;
            }
            "expect_get_all" => {
                let actual: Vec<&str> = objects[slot].get_all(name()).collect();
                let wanted: Vec<&str> = expected
                    .as_array()
                    .expect("array")
                    .iter()
                    .map(str_of)
                    .collect();
                check(actual == wanted, format!("{actual:?}"))?;
            }
            "expect_has" => {
                let actual = objects[slot].has(name(), value());
                check(Some(actual) == expected.as_bool(), format!("{actual}"))?;
            }
            "expect_size" => {
                let actual = objects[slot].len();
                check(
                    Some(actual as u64) == expected.as_u64(),
                    format!("{actual}"),
                )?;
                check(
                    objects[slot].is_empty() == (actual == 0),
                    "is_empty disagrees".into(),
                )?;
            }
            "expect_pairs" => {
                let actual = owned_pairs(&objects[slot]);
                check(actual == pairs_of(expected), format!("{actual:?}"))?;
            }
            other => panic!("unknown op {other:?} in {step}"),
        }
    }
    Ok(())
}

#[test]
fn wpt_ported_urlsearchparams() {
    let data = load(PORTED_DATA);
    let mut total = 0;
    let mut failures = Vec::new();
    for group in data["groups"].as_array().expect("groups") {
        let source = str_of(&group["source"]);
        let tests = group["tests"].as_array().expect("tests");
        let mut passed = 0;
        for test in tests {
            match run_ported_test(test) {
                Ok(()) => passed += 1,
                Err(message) => {
                    failures.push(format!("{source}: {}: {message}", str_of(&test["name"])))
                }
            }
        }
        println!("{source}: {passed}/{} passed", tests.len());
        total += tests.len();
    }
    println!(
        "urlsearchparams (WPT-ported): {}/{total} passed",
        total - failures.len()
    );
    assert!(total >= 80, "only {total} ported tests found");
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

/// WPT's percent-encoding.json gives "percent-encode after encoding" with the
/// special-query set. Percent-decoding those outputs gives the encoder's
/// bytes (numeric references included), which re-encoded with the
/// form-urlencoded set must match what the serializer writes.
#[test]
fn percent_encoding_data_through_the_form_serializer() {
    let data = load(PERCENT_ENCODING_DATA);
    let mut checked = 0;
    for case in data
        .as_array()
        .expect("array")
        .iter()
        .filter(|c| c.is_object())
    {
        let input = str_of(&case["input"]);
        for (label, special_query) in case["output"].as_object().expect("output") {
            let encoding = Encoding::for_label(label.as_bytes()).expect("known label");
            let bytes = percent_decode(str_of(special_query).as_bytes());
            let expected = format!("={}", form_encode(&bytes));
            let actual = form_urlencoded::serialize_with_encoding([("", input)], encoding);
            assert_eq!(actual, expected, "{input:?} in {label}");
            checked += 1;
        }
    }
    println!("percent-encoding (form set): {checked}/{checked} passed");
    assert_eq!(checked, 16);
}

fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut output = Vec::new();
    let mut i = 0;
    while i < input.len() {
        match input.get(i..i + 3) {
            Some([b'%', high, low]) if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
                let hex = std::str::from_utf8(&input[i + 1..i + 3]).unwrap();
                output.push(u8::from_str_radix(hex, 16).unwrap());
                i += 3;
            }
            _ => {
                output.push(input[i]);
                i += 1;
            }
        }
    }
    output
}

/// The form-urlencoded percent-encode set built from the spec's chain of
/// definitions rather than from its summary note.
fn in_form_set(byte: u8) -> bool {
    // C0 controls and everything above U+007E (~).
    let c0_control = !(0x20..=0x7E).contains(&byte);
    let query = c0_control || b" \"#<>".contains(&byte);
    let path = query || b"?^`{}".contains(&byte);
    let userinfo = path || b"/:;=@[\\]|".contains(&byte);
    let component = userinfo || b"$%&+,".contains(&byte);
    component || b"!'()~".contains(&byte)
}

fn form_encode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&byte| match byte {
            b' ' => "+".to_owned(),
            _ if in_form_set(byte) => format!("%{byte:02X}"),
            _ => char::from(byte).to_string(),
        })
        .collect()
}

#[test]
fn form_set_matches_the_spec_definitions() {
    for byte in 0..=0x7Fu8 {
        let c = char::from(byte).to_string();
        let unencoded = byte.is_ascii_alphanumeric() || b"*-._".contains(&byte);
        assert_eq!(in_form_set(byte), !unencoded, "byte {byte:#04X}");
        let expected = if byte == b' ' {
            "+=".to_owned()
        } else {
            format!("{}=", form_encode(&[byte]))
        };
        assert_eq!(form_urlencoded::serialize([(c.as_str(), "")]), expected);
    }
    // Non-ASCII: always percent-encoded, uppercase hex.
    assert_eq!(
        form_urlencoded::serialize([("\u{80}\u{FFFF}", "")]),
        "%C2%80%EF%BF%BF="
    );
}

#[test]
fn serializer_with_legacy_encodings() {
    use encoding_rs::{
        ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
    };

    // The spec's examples of percent-encode after encoding, with the form set.
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("1+1 ≡ 2%20‽", "")], SHIFT_JIS),
        "1%2B1+%81%DF+2%2520%26%238253%3B="
    );
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("¥", "")], ISO_2022_JP),
        "%1B%28J%5C%1B%28B="
    );
    // An unmappable code point in the JIS X 0208 state: the encoder goes back
    // to ASCII first, then the reference follows.
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("≡‽", "")], ISO_2022_JP),
        "%1B%24B%22a%1B%28B%26%238253%3B="
    );
    // ISO-2022-JP refuses U+000E, U+000F and U+001B with U+FFFD as the error.
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("\u{1B}", "")], ISO_2022_JP),
        "%26%2365533%3B="
    );
    // A fresh encoder for each name and value: each ends in ASCII on its own.
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("≡", "≡")], ISO_2022_JP),
        "%1B%24B%22a%1B%28B=%1B%24B%22a%1B%28B"
    );
    assert_eq!(
        form_urlencoded::serialize_with_encoding([("€ 😀", "")], WINDOWS_1252),
        "%80+%26%23128512%3B="
    );
    // Output encodings: UTF-16 and replacement serialize as UTF-8.
    let pairs = [("é ‽", "𝄞")];
    let utf8 = form_urlencoded::serialize_with_encoding(pairs, UTF_8);
    assert_eq!(utf8, "%C3%A9+%E2%80%BD=%F0%9D%84%9E");
    for encoding in [UTF_16BE, UTF_16LE, REPLACEMENT] {
        assert_eq!(
            form_urlencoded::serialize_with_encoding(pairs, encoding),
            utf8
        );
    }
    assert_eq!(form_urlencoded::serialize(pairs), utf8);
    let params = UrlSearchParams::from_pairs(pairs);
    assert_eq!(params.serialize_with_encoding(UTF_16LE), utf8);
    assert_eq!(params.to_string(), utf8);
    assert_eq!(
        params.serialize_with_encoding(SHIFT_JIS),
        "%26%23233%3B+%26%238253%3B=%26%23119070%3B"
    );
}

#[test]
fn parser_with_legacy_encodings() {
    use encoding_rs::{REPLACEMENT, SHIFT_JIS, UTF_16LE, WINDOWS_1252};

    let parse = form_urlencoded::parse_with_encoding;
    assert_eq!(
        parse(b"%80=%E9+x", WINDOWS_1252),
        [("€".to_owned(), "é x".to_owned())]
    );
    assert_eq!(
        parse(b"q=%81%DF&%82", SHIFT_JIS),
        [
            ("q".to_owned(), "≡".to_owned()),
            ("\u{FFFD}".to_owned(), String::new())
        ]
    );
    // Without BOM handling: a BOM is content, not a signature.
    assert_eq!(
        parse(b"%FF%FEA%00", UTF_16LE),
        [("\u{FEFF}A".to_owned(), String::new())]
    );
    assert_eq!(
        parse(b"x=&=", REPLACEMENT),
        [
            ("\u{FFFD}".to_owned(), String::new()),
            (String::new(), String::new())
        ]
    );
    // '&', '=', '+' and '%' are found in the raw bytes, before decoding.
    assert_eq!(
        parse(b"a%26b=%3D", WINDOWS_1252),
        [("a&b".to_owned(), "=".to_owned())]
    );
}

#[test]
fn parser_edge_cases() {
    let parse = |input: &[u8]| owned(form_urlencoded::parse(input));
    let one = |name: &str, value: &str| vec![(name.to_owned(), value.to_owned())];
    assert_eq!(parse(b"%"), one("%", ""));
    assert_eq!(parse(b"%2"), one("%2", ""));
    assert_eq!(parse(b"%g1=%1g"), one("%g1", "%1g"));
    assert_eq!(parse(b"%2B=+%2b"), one("+", " +"));
    assert_eq!(parse(b"%+1"), one("% 1", ""));
    assert_eq!(parse(b"%%41"), one("%A", ""));
    assert_eq!(parse(b"a=b=c=d"), one("a", "b=c=d"));
    assert_eq!(parse(b"%26=%3D"), one("&", "="));
    // Raw invalid UTF-8 and truncated sequences become U+FFFD per maximal subpart.
    assert_eq!(parse(b"\xFF=\xE2\x82"), one("\u{FFFD}", "\u{FFFD}"));
    assert_eq!(
        parse(b"%F0%9F%92=%ED%A0%80"),
        one("\u{FFFD}", "\u{FFFD}\u{FFFD}\u{FFFD}")
    );
    assert_eq!(parse(b"&&&"), Vec::<(String, String)>::new());
}

#[test]
fn sort_compares_utf16_code_units() {
    // UTF-8 byte order would put U+E000 and U+FFFF before U+10000; UTF-16
    // puts U+10000 (0xD800 0xDC00) first.
    let mut params = UrlSearchParams::from_pairs([
        ("\u{FFFF}", "1"),
        ("\u{10000}", "2"),
        ("\u{E000}", "3"),
        ("a", "4"),
        ("\u{10FFFF}", "5"),
        ("\u{D7FF}", "6"),
        ("\u{10000}", "7"),
    ]);
    params.sort();
    let names: Vec<&str> = params.pairs().map(|(name, _)| name).collect();
    assert_eq!(
        names,
        [
            "a",
            "\u{D7FF}",
            "\u{10000}",
            "\u{10000}",
            "\u{10FFFF}",
            "\u{E000}",
            "\u{FFFF}"
        ]
    );
    // Stable: equal names keep their order.
    assert_eq!(params.get_all("\u{10000}").collect::<Vec<_>>(), ["2", "7"]);
    // A prefix sorts first.
    let mut params = UrlSearchParams::parse("ab=1&a=2&=3&abc=4&a=5");
    params.sort();
    assert_eq!(params.to_string(), "=3&a=2&a=5&ab=1&abc=4");
}

#[test]
fn set_and_delete() {
    let mut params = UrlSearchParams::parse("x=0&a=1&b=2&a=3&a=4&c=5");
    params.set("a", "9");
    assert_eq!(params.to_string(), "x=0&a=9&b=2&c=5");
    params.set("new", "");
    assert_eq!(params.to_string(), "x=0&a=9&b=2&c=5&new=");
    params.delete("a", Some("1"));
    assert_eq!(params.len(), 5);
    params.delete("a", Some("9"));
    params.delete("zzz", None);
    assert_eq!(params.to_string(), "x=0&b=2&c=5&new=");
    params.delete("x", None);
    params.delete("b", None);
    params.delete("c", None);
    params.delete("new", None);
    assert!(params.is_empty());
    assert_eq!(params.to_string(), "");
}

#[test]
fn parse_strips_one_question_mark() {
    assert_eq!(UrlSearchParams::parse("?").len(), 0);
    assert_eq!(
        owned_pairs(&UrlSearchParams::parse("??a=b")),
        [("?a".to_owned(), "b".to_owned())]
    );
    // Only at the start, and only the code point '?', not "%3F".
    assert_eq!(UrlSearchParams::parse("%3Fa=b").get("?a"), Some("b"));
    assert_eq!(UrlSearchParams::parse("a=?").get("a"), Some("?"));
}

#[test]
fn get_all_results_outlive_the_name() {
    let params = UrlSearchParams::parse("a=1&a=2");
    let first;
    {
        let name = String::from("a");
        first = params.get_all(&name).next();
    }
    assert_eq!(first, Some("1"));
}

#[test]
fn trait_impls() {
    let parsed: UrlSearchParams = "?a=1&b=2".parse().unwrap();
    assert_eq!(parsed, UrlSearchParams::parse("a=1&b=2"));
    assert_ne!(parsed, UrlSearchParams::parse("b=2&a=1"));
    assert_eq!(UrlSearchParams::default(), UrlSearchParams::new());

    let collected: UrlSearchParams = vec![
        ("a".to_owned(), "1".to_owned()),
        ("b".to_owned(), "2".to_owned()),
    ]
    .into_iter()
    .collect();
    assert_eq!(collected, parsed);

    let mut extended = UrlSearchParams::new();
    extended.extend([("a", "1")]);
    extended.extend(vec![(String::from("b"), "2")]);
    assert_eq!(extended, parsed);

    let mut seen = Vec::new();
    for (name, value) in &parsed {
        seen.push((name, value));
    }
    assert_eq!(seen, [("a", "1"), ("b", "2")]);
    assert_eq!(parsed.pairs().len(), 2);
    assert_eq!(parsed.pairs().next_back(), Some(("b", "2")));

    let mut copy = parsed.clone();
    copy.append("c", "3");
    assert_eq!(parsed.len(), 2);
    assert_eq!(copy.len(), 3);
    assert_eq!(format!("{copy}"), "a=1&b=2&c=3");
    assert!(format!("{copy:?}").contains("\"c\""));
}

/// The pairs of a lazy form parse, owned, to compare with expected lists.
fn owned(pairs: form_urlencoded::Parse<'_>) -> Vec<(String, String)> {
    pairs
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}
