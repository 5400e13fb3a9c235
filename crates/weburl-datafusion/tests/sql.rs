//! `weburl-sql` over CSV, NDJSON and Parquet files.

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::parquet::arrow::ArrowWriter;
use weburl_datafusion::sql::{run, session_context, OutputFormat};

use weburl_test_support::console;

const URLS: [&str; 6] = [
    "https://example.com/a?utm_source=x",
    "https://EXAMPLE.com:443/b",
    "http://other.example/",
    "https://example.com/c#top",
    "not a url",
    "http://other.example:8080/",
];

fn write_files(dir: &Path) {
    let csv: String = std::iter::once("url".to_owned())
        .chain(URLS.iter().map(|u| format!("\"{u}\"")))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("urls.csv"), csv + "\n").unwrap();
    let json: String = URLS
        .iter()
        .map(|u| format!("{{\"url\": \"{u}\"}}\n"))
        .collect();
    std::fs::write(dir.join("urls.json"), json).unwrap();
    let column: ArrayRef = Arc::new(StringArray::from(URLS.to_vec()));
    let batch = RecordBatch::try_from_iter([("url", column)]).unwrap();
    let mut writer = ArrowWriter::try_new(
        File::create(dir.join("urls.parquet")).unwrap(),
        batch.schema(),
        None,
    )
    .unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
}

const EXPECTED_CSV: &str = "h,n\nexample.com,3\nother.example,1\nother.example:8080,1\n,1\n";

#[test]
fn the_binary_queries_each_file_format() {
    let dir = tempfile::tempdir().unwrap();
    write_files(dir.path());
    for file in ["urls.csv", "urls.json", "urls.parquet"] {
        let path = dir.path().join(file);
        let sql = format!(
            "SELECT url_host(url) AS h, count(*) AS n FROM '{}' GROUP BY h ORDER BY n DESC, h NULLS LAST",
            path.display()
        );
        let output = Command::new(env!("CARGO_BIN_EXE_weburl-sql"))
            .args(["--format", "csv", &sql])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            EXPECTED_CSV,
            "{file}"
        );
    }
}

#[test]
fn the_binary_reports_errors() {
    let output = Command::new(env!("CARGO_BIN_EXE_weburl-sql"))
        .arg("SELECT url_get('http://a/', 'nope')")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown component"));
}

#[tokio::test]
async fn a_directory_of_files_as_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts");
    std::fs::create_dir(&parts).unwrap();
    for (i, chunk) in URLS.chunks(2).enumerate() {
        let lines: String = chunk
            .iter()
            .map(|u| format!("{{\"url\": \"{u}\"}}\n"))
            .collect();
        std::fs::write(parts.join(format!("part-{i}.json")), lines).unwrap();
    }
    let ctx = session_context();
    let mut out = Vec::new();
    let create = format!(
        "CREATE EXTERNAL TABLE links STORED AS JSON LOCATION '{}/'",
        parts.display()
    );
    run(&ctx, &create, OutputFormat::Table, &mut out)
        .await
        .unwrap();
    assert!(out.is_empty());
    let sql = "SELECT url_normalize(url, 'crawler') AS key, count(*) AS n FROM links \
               WHERE url_valid(url) GROUP BY key ORDER BY n DESC, key";
    run(&ctx, sql, OutputFormat::Json, &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first, r#"{"key":"http://other.example/","n":1}"#);
    assert_eq!(text.lines().count(), 5, "{text}");
}

/// The repository README's SQL example: its commands run with this build's
/// `weburl-sql` and print what the README shows.
#[test]
fn top_level_readme_sql_example() {
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_weburl-sql"))
        .parent()
        .unwrap();
    let blocks = console::check_console_blocks(
        include_str!("../../../README.md"),
        bin_dir,
        dir.path(),
        console::runs_weburl_sql,
    );
    assert_eq!(blocks, 1);
}

/// `--help` and `--version` are flags wherever they stand, not statements.
#[test]
fn help_and_version_flags() {
    let bin = env!("CARGO_BIN_EXE_weburl-sql");
    for (flag, first) in [
        ("--help", "usage: weburl-sql "),
        ("-h", "usage: weburl-sql "),
        ("--version", "weburl-sql 0."),
        ("-V", "weburl-sql 0."),
    ] {
        for args in [&[flag][..], &["SELECT 1", flag]] {
            let out = std::process::Command::new(bin).args(args).output().unwrap();
            assert!(out.status.success(), "{args:?}: {out:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.starts_with(first), "{args:?}: {text}");
            assert!(out.stderr.is_empty(), "{args:?}");
        }
    }
    assert_eq!(
        String::from_utf8(
            std::process::Command::new(bin)
                .arg("--version")
                .output()
                .unwrap()
                .stdout
        )
        .unwrap(),
        format!("weburl-sql {}\n", env!("CARGO_PKG_VERSION"))
    );
}
