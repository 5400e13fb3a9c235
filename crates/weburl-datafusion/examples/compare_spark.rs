//! Where this crate's `parse_url` and `datafusion-spark`'s (the `url`
//! crate's parsing) give different results over the URL corpus, part by
//! part, with examples.
//!
//! ```text
//! cargo run --release --example compare_spark [-- EXAMPLES]
//! ```

#[path = "support/corpus.rs"]
mod corpus;

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, AsArray, RecordBatch, StringArray};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

const PARTS: [&str; 8] = [
    "HOST",
    "PATH",
    "QUERY",
    "REF",
    "PROTOCOL",
    "FILE",
    "AUTHORITY",
    "USERINFO",
];

async fn values(ctx: &SessionContext, part: &str) -> Vec<Option<String>> {
    let sql = format!("SELECT try_parse_url(url, '{part}') FROM t");
    let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
    let mut out = Vec::new();
    for batch in batches {
        let column = batch.column(0).as_string::<i32>();
        out.extend(column.iter().map(|v| v.map(str::to_owned)));
    }
    out
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let examples: usize = std::env::args()
        .nth(1)
        .map_or(3, |a| a.parse().expect("EXAMPLES"));
    let lines = corpus::load_lines(corpus::corpus_dir().as_ref()).expect("reading the corpus");
    let column: ArrayRef = Arc::new(StringArray::from_iter_values(lines.iter()));
    let batch = RecordBatch::try_from_iter([("url", column)]).unwrap();
    let make = |ours: bool| {
        let ctx = SessionContext::new();
        if ours {
            weburl_datafusion::register_url_functions(&ctx);
        } else {
            for udf in datafusion_spark::function::url::functions() {
                ctx.register_udf(udf.as_ref().clone());
            }
        }
        let table = MemTable::try_new(batch.schema(), vec![vec![batch.clone()]]).unwrap();
        ctx.register_table("t", Arc::new(table)).unwrap();
        ctx
    };
    let (ours, theirs) = (make(true), make(false));
    println!(
        "{} URLs; rows where try_parse_url differs (weburl vs datafusion-spark):",
        lines.len()
    );
    for part in PARTS {
        let (a, b) = (values(&ours, part).await, values(&theirs, part).await);
        let differing: Vec<usize> = (0..lines.len()).filter(|&i| a[i] != b[i]).collect();
        println!(
            "\n{part}: {} differ ({:.3}%)",
            differing.len(),
            100.0 * differing.len() as f64 / lines.len() as f64
        );
        for &i in differing.iter().take(examples) {
            println!(
                "  {:?}\n    weburl: {:?}\n    spark:  {:?}",
                lines[i], a[i], b[i]
            );
        }
    }
}
