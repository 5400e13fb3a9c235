//! Rows per second of the URL functions over 1,000,000 URLs, against
//! DataFusion's own string functions (the floor) and `datafusion-spark`'s
//! `parse_url`, built on the `url` crate (the peer).
//!
//! ```text
//! cargo run --release --example bench [-- ROWS [RUNS]]
//! ```
//!
//! "peer" is datafusion-spark's function, "weburl" this crate's, "floor"
//! DataFusion's built-ins. The rows are the corpus lines repeated; one partition, so the figures
//! are for one core. Each query runs RUNS times (default 5) and the fastest
//! run counts, as the least disturbed by other work on the machine.
//!
//! Every query must return one row per input row, and `url_parse`,
//! `url_valid` and `url_host` must agree with the library on how many rows
//! are valid URLs (and URLs with a host): a fast wrong answer fails the run.

#[path = "support/corpus.rs"]
mod corpus;

use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, RecordBatch, StringArray, StringViewArray,
};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};
use weburl::Url;

const BATCH_ROWS: usize = 8192;

/// `rows` strings cycling through `lines`, in batches, as `Utf8` or `Utf8View`.
fn batches(lines: &[String], rows: usize, view: bool) -> Vec<RecordBatch> {
    (0..rows)
        .step_by(BATCH_ROWS)
        .map(|start| {
            let end = (start + BATCH_ROWS).min(rows);
            let values = (start..end).map(|i| lines[i % lines.len()].as_str());
            let column: ArrayRef = if view {
                Arc::new(StringViewArray::from_iter_values(values))
            } else {
                Arc::new(StringArray::from_iter_values(values))
            };
            RecordBatch::try_from_iter([("url", column)]).unwrap()
        })
        .collect()
}

/// A one-partition context over `batches` as table `t`; with this crate's
/// functions (`ours`) or datafusion-spark's.
fn context(batches: &[RecordBatch], ours: bool) -> SessionContext {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(1));
    if ours {
        weburl_datafusion::register_url_functions(&ctx);
    } else {
        for udf in datafusion_spark::function::url::functions() {
            ctx.register_udf(udf.as_ref().clone());
        }
    }
    let table = MemTable::try_new(batches[0].schema(), vec![batches.to_vec()]).unwrap();
    ctx.register_table("t", Arc::new(table)).unwrap();
    ctx
}

/// The fastest of `runs` runs of `SELECT expr FROM t`, and the last run's
/// output.
async fn best_time(ctx: &SessionContext, expr: &str, runs: usize) -> (Duration, Vec<RecordBatch>) {
    let sql = format!("SELECT {expr} FROM t");
    let mut best = Duration::MAX;
    let mut out = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        out = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
        best = best.min(start.elapsed());
    }
    (best, out)
}

/// How many of the `rows` rows (cycling through `lines`) are valid URLs,
/// and how many are URLs with a host, by the library itself.
fn expected_counts(lines: &[String], rows: usize) -> (usize, usize) {
    let per_line: Vec<(bool, bool)> = lines
        .iter()
        .map(|l| match Url::parse(l) {
            Ok(url) => (true, url.has_host()),
            Err(_) => (false, false),
        })
        .collect();
    (0..rows).fold((0, 0), |(valid, hosts), i| {
        let (v, h) = per_line[i % lines.len()];
        (valid + usize::from(v), hosts + usize::from(h))
    })
}

/// Checks a query's answer: one row per input row, and for the functions
/// the library can count directly, the same count.
fn check_answer(expr: &str, out: &[RecordBatch], rows: usize, (valid, hosts): (usize, usize)) {
    let columns: Vec<&dyn Array> = out.iter().map(|b| b.column(0).as_ref()).collect();
    let len: usize = columns.iter().map(|c| c.len()).sum();
    assert_eq!(len, rows, "{expr}: {len} rows out for {rows} in");
    let non_null: usize = columns.iter().map(|c| c.len() - c.null_count()).sum();
    match expr {
        "url_parse(url)" => assert_eq!(non_null, valid, "{expr}: valid rows"),
        "url_host(url)" => assert_eq!(non_null, hosts, "{expr}: rows with a host"),
        "url_valid(url)" => {
            let trues: usize = columns.iter().map(|c| c.as_boolean().true_count()).sum();
            assert_eq!(trues, valid, "{expr}: valid rows");
        }
        _ => {}
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let rows: usize = args.next().map_or(1_000_000, |a| a.parse().expect("ROWS"));
    let runs: usize = args.next().map_or(5, |a| a.parse().expect("RUNS"));
    let dir = corpus::corpus_dir();
    let lines = corpus::load_lines(dir.as_ref()).expect("reading the corpus");
    let bytes: usize = (0..rows).map(|i| lines[i % lines.len()].len()).sum();
    let expected = expected_counts(&lines, rows);
    println!(
        "{rows} rows ({} distinct lines from {dir}, {:.1} bytes a row), best of {runs} runs, one partition",
        lines.len(),
        bytes as f64 / rows as f64
    );

    for view in [false, true] {
        let data = batches(&lines, rows, view);
        let (ours, spark) = (context(&data, true), context(&data, false));
        println!("\nurl column as {}", if view { "Utf8View" } else { "Utf8" });
        println!("{:<52} {:>9} {:>12}", "expression", "ms", "rows/s");
        let cases: [(&str, &SessionContext, &str); 11] = [
            ("floor", &ours, "length(url)"),
            ("floor", &ours, "lower(url)"),
            ("peer", &spark, "try_parse_url(url, 'HOST')"),
            ("peer", &spark, "try_parse_url(url, 'QUERY', 'id')"),
            ("weburl", &ours, "url_parse(url)"),
            ("weburl", &ours, "url_host(url)"),
            ("weburl", &ours, "url_hostname(url)"),
            ("weburl", &ours, "url_valid(url)"),
            ("weburl", &ours, "url_normalize(url)"),
            ("weburl", &ours, "try_parse_url(url, 'HOST')"),
            ("weburl", &ours, "try_parse_url(url, 'QUERY', 'id')"),
        ];
        // The peer's rate for each expression, and for HOST as the
        // reference of the url_* functions.
        let mut peer_rates: Vec<(&str, f64)> = Vec::new();
        for (kind, ctx, expr) in cases {
            let (time, out) = best_time(ctx, expr, runs).await;
            check_answer(expr, &out, rows, expected);
            let rate = rows as f64 / time.as_secs_f64();
            let ratio = if kind == "peer" {
                peer_rates.push((expr, rate));
                String::new()
            } else if kind == "weburl" {
                let (reference, peer) = peer_rates
                    .iter()
                    .find(|(e, _)| *e == expr)
                    .unwrap_or(&peer_rates[0]);
                format!("  {:.2}x peer {reference}", rate / peer)
            } else {
                String::new()
            };
            println!(
                "{:<52} {:>9.1} {:>12.0}{ratio}",
                format!("{kind}: {expr}"),
                time.as_secs_f64() * 1e3,
                rate
            );
        }
    }
}
