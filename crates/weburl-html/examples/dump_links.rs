//! Prints, for each page of `testdata/html/pages.json`, what `links` finds,
//! one JSON object per line: the page, its encoding, its base URL and
//! every link as `[element, attribute, reference, href or null]`.
//!
//! `cargo run -p weburl-html --example dump_links [testdata/html]`

use std::path::PathBuf;

use serde_json::{json, Value};
use weburl::Url;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/html").into()),
    );
    let pages: Vec<Value> = serde_json::from_slice(&std::fs::read(dir.join("pages.json"))?)?;
    for page in pages {
        let file = page["file"].as_str().ok_or("file")?;
        let url = Url::parse(page["url"].as_str().ok_or("url")?)?;
        let html = std::fs::read(dir.join(file))?;
        let doc = weburl_html::links(&html, &url, None)?;
        let links: Vec<Value> = doc
            .links
            .iter()
            .map(|l| {
                json!([
                    l.element,
                    l.attribute,
                    l.reference(),
                    l.url.as_ref().ok().map(Url::href)
                ])
            })
            .collect();
        println!(
            "{}",
            json!({
                "file": file,
                "encoding": doc.encoding.name(),
                "encoding_source": format!("{:?}", doc.encoding_source),
                "base_url": doc.base_url.href(),
                "links": links,
            })
        );
    }
    Ok(())
}
