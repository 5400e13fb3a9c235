//! `weburl`: take URLs apart, edit them and push files of them through the
//! WHATWG URL parser. `weburl --help` lists the options; the crate's
//! README.md shows them at work and lists where they differ from trurl.

mod args;
mod bulk;
mod components;
mod edit;
mod format;
mod output;
mod query;
mod record;
mod run;

use std::io::Write;
use std::process::ExitCode;

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
        return match args::run_subcommand(cmd) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("weburl error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    match run::run(parsed) {
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
