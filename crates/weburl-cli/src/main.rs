//! `weburl`: take URLs apart, edit them and push files of them through the
//! WHATWG URL parser. `weburl --help` lists the options; the crate's
//! README.md shows them at work and lists where they differ from trurl.

mod args;
mod bulk;
mod cmd;
mod components;
mod config;
mod edit;
mod exit;
mod format;
mod json;
mod output;
mod query;
mod record;
mod run;
mod stdio;

use std::io::Write;
use std::process::ExitCode;

use args::Command;
use cmd::{data, extract, links, lint, matching};
use config::Config;
use exit::Fatal;

fn main() -> ExitCode {
    let parsed = match args::parse(std::env::args_os()) {
        Ok(parsed) => parsed,
        Err(early) => {
            let _ = std::io::stdout().write_all(early.stdout.as_bytes());
            let _ = std::io::stderr().write_all(early.stderr.as_bytes());
            return ExitCode::from(early.code);
        }
    };
    if let Some(cmd) = &parsed.cli.command {
        return match subcommand(cmd) {
            Ok(code) => ExitCode::from(code),
            Err(f) => {
                if !f.msg.is_empty() {
                    eprintln!("weburl error: {}", f.msg);
                }
                ExitCode::from(f.code)
            }
        };
    }
    match Config::new(parsed).and_then(run::run) {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            if !f.msg.is_empty() {
                eprintln!(
                    "weburl error: {}\nweburl error: Try weburl -h for help",
                    f.msg
                );
            }
            ExitCode::from(f.code)
        }
    }
}

fn subcommand(cmd: &Command) -> Result<u8, Fatal> {
    match cmd {
        Command::Lint(a) => lint::run(a),
        Command::Links(a) => links::run(a),
        Command::Extract(a) => extract::run(a),
        Command::Data(a) => data::run(a),
        Command::Match(a) => matching::run(a),
        Command::Completions { shell } => {
            stdio::write_stdout(&args::completions(*shell)).map(|()| 0)
        }
        Command::Man => stdio::write_stdout(&args::man()).map(|()| 0),
    }
}
