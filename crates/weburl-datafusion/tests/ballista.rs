//! The URL functions on a Ballista cluster in this process: a scheduler and
//! two executors on 127.0.0.1, queried over a partitioned Parquet table,
//! give what one local `SessionContext` gives.

use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use tokio::net::TcpListener;
use weburl_datafusion::ballista::{executor_config, remote_context, run_executor, serve_scheduler};

const FILES: usize = 6;
const ROWS_PER_FILE: usize = 400;

/// Some URLs of every kind: several hosts, ports, queries, fragments,
/// credentials, relative and invalid strings.
fn url(file: usize, row: usize) -> String {
    let host = [
        "example.com",
        "EXAMPLE.com",
        "shop.example",
        "xn--mnchen-3ya.example",
        "[::1]",
        "bad host",
    ][row % 6];
    let scheme = ["https", "http", "ftp", "HTTPS"][(row / 6) % 4];
    match row % 11 {
        0 => format!("/relative/{row}"),
        1 => format!("{scheme}://user:pw@{host}:8{file}/p/{row}?id={}", row % 7),
        2 => format!(
            "{scheme}://{host}/a/../b/{row}?utm_source=x&id={}#frag",
            row % 5
        ),
        _ => format!("{scheme}://{host}/{file}/{row}?id={}", row % 3),
    }
}

fn write_parquet(dir: &Path) {
    for file in 0..FILES {
        let urls: Vec<String> = (0..ROWS_PER_FILE).map(|row| url(file, row)).collect();
        let column: ArrayRef = Arc::new(StringArray::from(urls));
        let batch = RecordBatch::try_from_iter([("url", column)]).unwrap();
        let path = dir.join(format!("part-{file}.parquet"));
        let mut writer =
            ArrowWriter::try_new(File::create(path).unwrap(), batch.schema(), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
}

const QUERIES: [&str; 4] = [
    "SELECT url_host(url) AS h, count(*) AS n FROM urls GROUP BY h ORDER BY n DESC, h NULLS LAST",
    "SELECT url_error(url) AS e, url_valid(url) AS v, count(*) AS n FROM urls GROUP BY e, v ORDER BY e NULLS FIRST",
    "SELECT url_parse(url)['origin'] AS o, url_query_param(url, 'id') AS id, parse_url(url, 'PATH') AS p, \
            url_port(url) AS port \
     FROM urls WHERE url_valid(url) ORDER BY o, id, p, port LIMIT 50",
    "SELECT count(DISTINCT url_normalize(url, 'crawler')) AS keys, \
            count(DISTINCT url_resolve('https://base.example/dir/', url)) AS resolved FROM urls",
];

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn results(ctx: &SessionContext) -> Vec<String> {
    let mut out = Vec::new();
    for sql in QUERIES {
        let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
        out.push(pretty_format_batches(&batches).unwrap().to_string());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn distributed_results_equal_local_results() {
    tokio::time::timeout(Duration::from_secs(50), distributed_and_local())
        .await
        .expect("the Ballista test ran over its time limit");
}

async fn distributed_and_local() {
    let data = tempfile::tempdir().unwrap();
    write_parquet(data.path());
    let table = format!("{}/", data.path().display());

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let scheduler_port = listener.local_addr().unwrap().port();
    let scheduler = tokio::spawn(serve_scheduler(listener, Some("127.0.0.1")));

    let work_dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let executors: Vec<_> = work_dirs
        .iter()
        .map(|work_dir| {
            let mut config = executor_config("127.0.0.1", scheduler_port, "127.0.0.1", free_port());
            config.work_dir = Some(work_dir.path().display().to_string());
            config.vcores = 1;
            tokio::spawn(run_executor(config))
        })
        .collect();

    let remote = remote_context(&format!("df://127.0.0.1:{scheduler_port}"))
        .await
        .unwrap();
    remote
        .register_parquet("urls", &table, ParquetReadOptions::default())
        .await
        .unwrap();
    let distributed = results(&remote).await;

    let local = weburl_datafusion::sql::session_context();
    local
        .register_parquet("urls", &table, ParquetReadOptions::default())
        .await
        .unwrap();
    let expected = results(&local).await;

    for ((sql, got), want) in QUERIES.iter().zip(&distributed).zip(&expected) {
        assert_eq!(got, want, "{sql}");
    }
    // The first query has one line per host, and NULL for the relative
    // and invalid strings.
    assert!(expected[0].contains("| example.com:81 "), "{}", expected[0]);

    // Both executors ran tasks: each wrote shuffle files (job/stage/partition/data*.arrow).
    for dir in &work_dirs {
        assert!(holds_a_file(dir.path()), "an executor ran no task");
    }

    for executor in executors {
        executor.abort();
    }
    scheduler.abort();
}

/// Whether there is a file anywhere under `dir`.
fn holds_a_file(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        let path = entry.unwrap().path();
        if path.is_dir() {
            holds_a_file(&path)
        } else {
            true
        }
    })
}
