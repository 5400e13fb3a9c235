//! `weburl-scheduler`: a Ballista scheduler that knows the URL functions.
//!
//! ```text
//! weburl-scheduler [--bind 0.0.0.0:50050] [--advertise HOST]
//! ```

use std::process::ExitCode;

use tokio::net::TcpListener;
use weburl_datafusion::ballista::serve_scheduler;

const USAGE: &str = "usage: weburl-scheduler [--bind ADDRESS:PORT] [--advertise HOST]
  --bind       where to listen (default 127.0.0.1:50050)
  --advertise  the host name executors and clients reach this scheduler by
               (default: the IP address of --bind)";

#[tokio::main]
async fn main() -> ExitCode {
    let mut bind = "127.0.0.1:50050".to_owned();
    let mut advertise = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = match flag.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--bind" | "--advertise" => match args.next() {
                Some(v) => v,
                None => return fail(&format!("{flag} needs a value")),
            },
            _ => return fail(USAGE),
        };
        match flag.as_str() {
            "--bind" => bind = value,
            _ => advertise = Some(value),
        }
    }
    let listener = match TcpListener::bind(&bind).await {
        Ok(l) => l,
        Err(e) => return fail(&format!("cannot listen on {bind}: {e}")),
    };
    eprintln!("weburl-scheduler: listening on {bind}");
    match serve_scheduler(listener, advertise.as_deref()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("weburl-scheduler: {message}");
    ExitCode::FAILURE
}
