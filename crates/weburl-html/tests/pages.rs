//! The vendored real pages (`testdata/html/`): for each one, the encoding,
//! the base URL, the number of links (in all and per attribute) and a
//! sample of resolved links, as recorded in `testdata/html/expected.json`
//! from headless Chromium and checked against Python's html.parser (see
//! `tools/make_expected.py`). Every page is checked and all failures are
//! reported together. `PAGES=substring` limits the run to matching files.

use serde_json::Value;
use weburl::Url;

#[test]
fn vendored_pages() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/html");
    let expected: Vec<Value> =
        serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json")).unwrap()).unwrap();
    let filter = std::env::var("PAGES").unwrap_or_default();
    let mut failures = Vec::new();
    let (mut pages, mut links, mut sampled) = (0, 0, 0);
    for page in &expected {
        let file = page["file"].as_str().unwrap();
        if !file.contains(&filter) {
            continue;
        }
        pages += 1;
        let mut fail = |what: String| failures.push(format!("{file}: {what}"));
        let html = std::fs::read(format!("{dir}/{file}")).unwrap();
        let address = Url::parse(page["url"].as_str().unwrap()).unwrap();
        let doc = weburl_html::links(&html, &address, None).unwrap();

        let encoding = page["encoding"].as_str().unwrap();
        if !doc.encoding.name().eq_ignore_ascii_case(encoding) {
            fail(format!(
                "encoding: expected {encoding}, found {}",
                doc.encoding.name()
            ));
        }
        if doc.base_url.href() != page["base_url"] {
            fail(format!(
                "base URL: expected {}, found {}",
                page["base_url"], doc.base_url
            ));
        }
        links += doc.links.len();
        if doc.links.len() as u64 != page["links"] {
            fail(format!(
                "links: expected {}, found {}",
                page["links"],
                doc.links.len()
            ));
        }
        let mut by = std::collections::BTreeMap::<String, u64>::new();
        for l in &doc.links {
            *by.entry(format!("{} {}", l.element, l.attribute))
                .or_default() += 1;
        }
        let by = serde_json::to_value(by).unwrap();
        if by != page["by_attribute"] {
            fail(format!(
                "per attribute: expected {}, found {by}",
                page["by_attribute"]
            ));
        }
        for s in page["sample"].as_array().unwrap() {
            sampled += 1;
            let i = s[0].as_u64().unwrap() as usize;
            let Some(l) = doc.links.get(i) else {
                fail(format!("link {i} missing"));
                continue;
            };
            let href = l.url.as_ref().ok().map(|u| u.href());
            let found = (l.element, l.attribute, l.reference(), href);
            let want = (
                s[1].as_str().unwrap(),
                s[2].as_str().unwrap(),
                s[3].as_str().unwrap(),
                s[4].as_str(),
            );
            if found != want {
                fail(format!("link {i}: expected {want:?}, found {found:?}"));
            }
        }
        // Probes: non-ASCII queries resolved with the document's base URL
        // and encoding, as the browser did in the same document.
        for p in page["probes"].as_array().unwrap() {
            let reference = p[0].as_str().unwrap();
            let got = Url::options()
                .base_url(Some(&doc.base_url))
                .encoding(doc.encoding.output_encoding())
                .parse(reference)
                .map(|u| u.href().to_owned());
            if got.as_deref() != Ok(p[1].as_str().unwrap()) {
                fail(format!(
                    "probe {reference:?}: expected {}, found {got:?}",
                    p[1]
                ));
            }
        }
    }
    println!("{pages} pages, {links} links, {sampled} sampled links checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
