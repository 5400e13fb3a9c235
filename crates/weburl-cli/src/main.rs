//! `weburl [--base URL] URL...`: prints each URL's href, as a browser would
//! parse it, one per line.
//!
//! A URL that does not parse prints `error: <input>: <reason>` on standard
//! error in its place, and the command exits with status 1.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use weburl::Url;

/// Parse URLs by the WHATWG URL Standard and print their serialization.
#[derive(Parser, Debug)]
#[command(name = "weburl", version, about)]
struct Args {
    /// Resolve each URL against this base URL.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
    /// The URLs to parse.
    #[arg(value_name = "URL", required = true)]
    urls: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let base = match args.base.as_deref().map(Url::parse).transpose() {
        Ok(base) => base,
        Err(e) => {
            eprintln!("error: base URL {:?}: {e}", args.base.unwrap_or_default());
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for input in &args.urls {
        match Url::options().base_url(base.as_ref()).parse(input) {
            Ok(url) => {
                if writeln!(out, "{url}").is_err() {
                    return ExitCode::from(2);
                }
            }
            Err(e) => {
                failed = true;
                eprintln!("error: {input:?}: {e}");
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
