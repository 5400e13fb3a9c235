//! What the `weburl-sql` command runs: SQL over CSV, NDJSON and Parquet
//! files, with the URL functions registered.

use std::io::Write;
use std::str::FromStr;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::SessionContext;

use crate::register_url_functions;

/// A context in which a file path can stand as a table
/// (`SELECT … FROM 'urls.parquet'`; the extension, `.csv`, `.json`
/// (NDJSON) or `.parquet`, gives the format) and the URL functions are
/// registered.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = weburl_datafusion::sql::session_context();
/// let df = ctx.sql("SELECT url_valid('https://example.com/') AS ok").await?;
/// assert_eq!(df.collect().await?[0].num_rows(), 1);
/// # Ok(())
/// # }
/// ```
pub fn session_context() -> SessionContext {
    let ctx = SessionContext::new().enable_url_table();
    register_url_functions(&ctx);
    ctx
}

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// An aligned text table.
    #[default]
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON object per line.
    Json,
}

impl FromStr for OutputFormat {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s {
            "table" => Ok(OutputFormat::Table),
            "csv" => Ok(OutputFormat::Csv),
            "json" | "ndjson" => Ok(OutputFormat::Json),
            other => Err(format!(
                "unknown format {other:?}: expected table, csv or json"
            )),
        }
    }
}

/// Runs one SQL statement in `ctx` and writes its result to `out`.
pub async fn run(
    ctx: &SessionContext,
    sql: &str,
    format: OutputFormat,
    out: &mut dyn Write,
) -> Result<()> {
    let batches = ctx.sql(sql).await?.collect().await?;
    write_batches(&batches, format, out)
}

/// Writes `batches` to `out` in `format`.
pub fn write_batches(
    batches: &[RecordBatch],
    format: OutputFormat,
    out: &mut dyn Write,
) -> Result<()> {
    match format {
        OutputFormat::Table => {
            // A statement such as CREATE EXTERNAL TABLE has no rows to show.
            if batches.iter().any(|b| b.num_columns() > 0) {
                writeln!(out, "{}", pretty_format_batches(batches)?)?;
            }
        }
        OutputFormat::Csv => {
            let mut writer = datafusion::arrow::csv::WriterBuilder::new()
                .with_header(true)
                .build(&mut *out);
            for batch in batches {
                writer.write(batch)?;
            }
        }
        OutputFormat::Json => {
            let mut writer = datafusion::arrow::json::LineDelimitedWriter::new(&mut *out);
            writer.write_batches(&batches.iter().collect::<Vec<_>>())?;
            writer.finish()?;
        }
    }
    out.flush().map_err(DataFusionError::from)
}
