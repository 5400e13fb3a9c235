//! `weburl-sql`: runs SQL over CSV, NDJSON and Parquet files with the URL
//! functions registered.
//!
//! ```text
//! weburl-sql "SELECT url_host(url) h, count(*) FROM 'urls.parquet' GROUP BY h ORDER BY 2 DESC LIMIT 10"
//! weburl-sql --format csv "CREATE EXTERNAL TABLE logs STORED AS CSV LOCATION 'logs/' OPTIONS ('format.has_header' 'true')" \
//!            "SELECT url_path(url), count(*) FROM logs GROUP BY 1"
//! ```

use std::io::Read;
use std::process::ExitCode;

use weburl_datafusion::sql::{run, session_context, OutputFormat};

const USAGE: &str =
    "usage: weburl-sql [--format table|csv|json] [--remote df://HOST:PORT] SQL [SQL ...]
       weburl-sql -h | --help | -V | --version
Runs each statement in turn; `-` reads a statement from standard input.
A quoted file path stands as a table: FROM 'urls.parquet', 'logs.csv', 'events.json' (NDJSON).
--remote runs the statements on a Ballista cluster of weburl-scheduler and weburl-executor
(when built with the `ballista` feature); its tables are declared with CREATE EXTERNAL TABLE.";

#[tokio::main]
async fn main() -> ExitCode {
    let mut format = OutputFormat::default();
    let mut statements = Vec::new();
    let mut remote = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "-V" | "--version" => {
                println!("weburl-sql {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "--format" => match args.next().map(|f| f.parse()) {
                Some(Ok(f)) => format = f,
                Some(Err(e)) => return fail(&e),
                None => return fail("--format needs a value"),
            },
            "--remote" => match args.next() {
                Some(url) => remote = Some(url),
                None => return fail("--remote needs a scheduler URL"),
            },
            "-" => {
                let mut sql = String::new();
                if let Err(e) = std::io::stdin().read_to_string(&mut sql) {
                    return fail(&e.to_string());
                }
                statements.push(sql);
            }
            _ => statements.push(arg),
        }
    }
    if statements.is_empty() {
        return fail(USAGE);
    }
    let ctx = match remote {
        None => session_context(),
        Some(url) => match remote_context(&url).await {
            Ok(ctx) => ctx,
            Err(e) => return fail(&e.to_string()),
        },
    };
    let mut stdout = std::io::stdout().lock();
    for sql in &statements {
        if let Err(e) = run(&ctx, sql, format, &mut stdout).await {
            return fail(&e.to_string());
        }
    }
    ExitCode::SUCCESS
}

#[cfg(feature = "ballista")]
async fn remote_context(
    url: &str,
) -> datafusion::error::Result<datafusion::prelude::SessionContext> {
    weburl_datafusion::ballista::remote_context(url).await
}

#[cfg(not(feature = "ballista"))]
async fn remote_context(
    _url: &str,
) -> datafusion::error::Result<datafusion::prelude::SessionContext> {
    Err(datafusion::error::DataFusionError::Configuration(
        "--remote needs weburl-sql built with the `ballista` feature".to_owned(),
    ))
}

fn fail(message: &str) -> ExitCode {
    eprintln!("weburl-sql: {message}");
    ExitCode::FAILURE
}
