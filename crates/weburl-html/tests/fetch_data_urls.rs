//! WPT's `data:` URL tests (`testdata/fetch/`, from web-platform-tests
//! `fetch/data-urls/resources/`): every case of `data-urls.json` through the
//! URL parser and the data: URL processor, and every case of `base64.json`
//! as the body of `data:;base64,`. All failures are reported together.

use serde_json::Value;
use weburl::Url;
use weburl_html::data_url;

fn load(name: &str) -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/fetch/");
    serde_json::from_slice(&std::fs::read(format!("{path}{name}")).unwrap()).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect()
}

/// `fetch(input)` in WPT: the URL parser, then the data: URL processor;
/// either failing is a network error (`null`).
fn fetch(input: &str) -> Option<(String, Vec<u8>)> {
    let url = Url::parse(input).ok()?;
    let data = data_url::process(&url).ok()?;
    Some((data.mime_type.to_string(), data.body))
}

#[test]
fn wpt_data_urls() {
    let cases = load("data-urls.json");
    let mut failures = Vec::new();
    for case in &cases {
        let input = case[0].as_str().unwrap();
        // README: "" stands for the default, text/plain;charset=US-ASCII.
        let expected = case[1].as_str().map(|mime| {
            let mime = if mime.is_empty() {
                "text/plain;charset=US-ASCII"
            } else {
                mime
            };
            (mime.to_owned(), bytes(&case[2]))
        });
        let found = fetch(input);
        if found != expected {
            failures.push(format!("{input:?}: expected {expected:?}, found {found:?}"));
        }
    }
    println!(
        "data-urls.json: {} cases, {} failed",
        cases.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn wpt_base64() {
    let cases = load("base64.json");
    let mut failures = Vec::new();
    for case in &cases {
        let input = case[0].as_str().unwrap();
        let expected = (!case[1].is_null()).then(|| bytes(&case[1]));
        let found = fetch(&format!("data:;base64,{input}")).map(|(_, body)| body);
        if found != expected {
            failures.push(format!("{input:?}: expected {expected:?}, found {found:?}"));
        }
        // The decoder alone agrees, on the input as written.
        let direct = weburl_html::base64::forgiving_decode(input);
        if direct != expected {
            failures.push(format!(
                "forgiving_decode({input:?}): expected {expected:?}, found {direct:?}"
            ));
        }
    }
    println!(
        "base64.json: {} cases, {} failed",
        cases.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
