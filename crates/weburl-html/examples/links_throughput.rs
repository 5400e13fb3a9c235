//! Throughput of `links` (what `weburl links` runs) over the vendored
//! pages: one thread, a plain timed loop, each page's best time of N passes
//! (on a busy machine, more passes get closer to an idle core), in MB/s of
//! HTML. Answers are checked against `testdata/html/expected.json`: on the
//! first pass everything `tests/pages.rs` checks (encoding, base URL, link
//! counts in all and per attribute, the sampled resolved links), on every
//! pass the number of links, so a fast wrong answer cannot pass for a fast
//! right one.
//!
//! `cargo run --release -p weburl-html --example links_throughput [passes]`,
//! or `bench/links_throughput.sh`. `ONLY=substring` keeps the matching
//! pages; `PER_PAGE=1` prints each page's rate, slowest first; `CHECK=1`
//! exits with status 1 when a page is under `MIN_MBPS` (default 50).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::Value;
use weburl::Url;

struct Page<'a> {
    expected: &'a Value,
    file: &'a str,
    html: Vec<u8>,
    url: Url,
    best: Duration,
}

fn main() -> Result<ExitCode, Box<dyn std::error::Error>> {
    let passes: usize = std::env::args().nth(1).map_or(Ok(20), |s| s.parse())?;
    let min_mbps: f64 = std::env::var("MIN_MBPS").map_or(Ok(50.0), |s| s.parse())?;
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
        pages.push(Page {
            expected: page,
            file,
            html: std::fs::read(format!("{dir}/{file}"))?,
            url: Url::parse(page["url"].as_str().ok_or("url")?)?,
            best: Duration::MAX,
        });
    }
    if pages.is_empty() {
        return Err("no pages".into());
    }
    let bytes: usize = pages.iter().map(|p| p.html.len()).sum();
    let mut best_pass = Duration::MAX;
    let mut total_links = 0;
    for pass in 0..passes.max(1) {
        let mut elapsed = Duration::ZERO;
        total_links = 0;
        for page in &mut pages {
            let start = Instant::now();
            let doc = weburl_html::links(&page.html, &page.url, None)?;
            let took = start.elapsed();
            elapsed += took;
            page.best = page.best.min(took);
            if pass == 0 {
                check(page.file, page.expected, &doc)?;
            } else if doc.links.len() as u64 != page.expected["links"] {
                return Err(format!("{}: {} links", page.file, doc.links.len()).into());
            }
            total_links += doc.links.len();
        }
        best_pass = best_pass.min(elapsed);
    }
    let rate = |p: &Page| p.html.len() as f64 / 1e6 / p.best.as_secs_f64();
    pages.sort_by(|a, b| rate(a).total_cmp(&rate(b)));
    let mb = bytes as f64 / 1e6;
    println!(
        "{} pages, {mb:.2} MB, {total_links} links: best of {passes} passes {:.2} ms = {:.1} MB/s",
        pages.len(),
        best_pass.as_secs_f64() * 1e3,
        mb / best_pass.as_secs_f64(),
    );
    if std::env::var_os("PER_PAGE").is_some() {
        for p in &pages {
            let flag = if rate(p) < min_mbps { "  < target" } else { "" };
            println!(
                "{:8.1} MB/s {:>8} B  {}{flag}",
                rate(p),
                p.html.len(),
                p.file
            );
        }
    }
    let slowest = &pages[0];
    let under = pages.iter().filter(|p| rate(p) < min_mbps).count();
    println!(
        "slowest page: {}, {:.1} MB/s; {under} of {} pages under {min_mbps} MB/s",
        slowest.file,
        rate(slowest),
        pages.len(),
    );
    if under > 0 && std::env::var("CHECK").is_ok_and(|v| v == "1") {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// What `tests/pages.rs` checks, in short.
fn check(file: &str, want: &Value, doc: &weburl_html::Document) -> Result<(), String> {
    let fail = |what: String| Err(format!("{file}: {what}"));
    let encoding = want["encoding"].as_str().unwrap_or_default();
    if !doc.encoding.name().eq_ignore_ascii_case(encoding) {
        return fail(format!("encoding {}", doc.encoding.name()));
    }
    if doc.base_url.href() != want["base_url"] {
        return fail(format!("base URL {}", doc.base_url));
    }
    if doc.links.len() as u64 != want["links"] {
        return fail(format!("{} links", doc.links.len()));
    }
    let mut by = BTreeMap::<String, u64>::new();
    for l in &doc.links {
        *by.entry(format!("{} {}", l.element, l.attribute))
            .or_default() += 1;
    }
    let by: Value = by.into_iter().map(|(k, v)| (k, Value::from(v))).collect();
    if by != want["by_attribute"] {
        return fail(format!("links per attribute {by}"));
    }
    for s in want["sample"].as_array().into_iter().flatten() {
        let i = s[0].as_u64().unwrap_or(u64::MAX) as usize;
        let Some(l) = doc.links.get(i) else {
            return fail(format!("link {i} missing"));
        };
        let href = l.url.as_ref().ok().map(|u| u.href());
        if (l.element, l.attribute, l.reference(), href)
            != (
                s[1].as_str().unwrap_or_default(),
                s[2].as_str().unwrap_or_default(),
                s[3].as_str().unwrap_or_default(),
                s[4].as_str(),
            )
        {
            return fail(format!("link {i}: {l:?}"));
        }
    }
    Ok(())
}
