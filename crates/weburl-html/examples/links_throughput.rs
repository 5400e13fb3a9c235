//! Throughput of `links` over the vendored pages: one core, a plain timed
//! loop, best of N passes, in all and for the slowest page (each page's own
//! best time). On a busy machine, more passes get closer to an idle core. Each pass checks its answers against
//! `testdata/html/expected.json` (the number of links of every page), so a
//! fast wrong answer cannot pass for a fast right one.
//!
//! `cargo run --release -p weburl-html --example links_throughput [passes]`;
//! `ONLY=substring` keeps the matching pages, `PER_PAGE=1` prints each
//! page's rate.

use std::time::{Duration, Instant};

use serde_json::Value;
use weburl::Url;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let passes: usize = std::env::args().nth(1).map_or(Ok(20), |s| s.parse())?;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/html");
    let expected: Vec<Value> =
        serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json"))?)?;
    let only = std::env::var("ONLY").unwrap_or_default();
    let mut pages = Vec::new();
    for page in &expected {
        let file = page["file"].as_str().ok_or("file")?;
        if !file.contains(&only) {
            continue;
        }
        let url = Url::parse(page["url"].as_str().ok_or("url")?)?;
        let links = page["links"].as_u64().ok_or("links")? as usize;
        pages.push((file, std::fs::read(format!("{dir}/{file}"))?, url, links));
    }
    let bytes: usize = pages.iter().map(|p| p.1.len()).sum();
    let mut best = Duration::MAX;
    let mut page_best = vec![Duration::MAX; pages.len()];
    let mut total_links = 0;
    for _ in 0..passes {
        let start = Instant::now();
        total_links = 0;
        for (i, (file, html, url, links)) in pages.iter().enumerate() {
            let page_start = Instant::now();
            let doc = weburl_html::links(html, url, None)?;
            page_best[i] = page_best[i].min(page_start.elapsed());
            assert_eq!(doc.links.len(), *links, "{file}");
            total_links += doc.links.len();
        }
        best = best.min(start.elapsed());
    }
    let (slowest, rate) = pages
        .iter()
        .zip(&page_best)
        .map(|(p, t)| (p.0, p.1.len() as f64 / 1e6 / t.as_secs_f64()))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .ok_or("no pages")?;
    let mb = bytes as f64 / 1e6;
    println!(
        "{} pages, {:.2} MB, {} links: best of {passes} passes {:.1} ms = {:.1} MB/s ({:.0} links/ms)",
        pages.len(),
        mb,
        total_links,
        best.as_secs_f64() * 1e3,
        mb / best.as_secs_f64(),
        total_links as f64 / (best.as_secs_f64() * 1e3),
    );
    println!("slowest page: {slowest}, {rate:.1} MB/s");
    if std::env::var_os("PER_PAGE").is_some() {
        for (p, t) in pages.iter().zip(&page_best) {
            let rate = p.1.len() as f64 / 1e6 / t.as_secs_f64();
            println!("{rate:8.1} MB/s {:>8} B {}", p.1.len(), p.0);
        }
    }
    Ok(())
}
