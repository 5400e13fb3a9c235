//! `weburl-executor`: a Ballista executor that runs the URL functions.
//!
//! ```text
//! weburl-executor --scheduler HOST:PORT [--host HOST] [--port 50051] [--bind 0.0.0.0]
//!                 [--work-dir DIR] [--vcores N]
//! ```

use std::process::ExitCode;

use weburl_datafusion::ballista::{executor_config, run_executor};

const USAGE: &str = "usage: weburl-executor --scheduler HOST:PORT [options]
  --scheduler HOST:PORT  the scheduler to take tasks from
  --host HOST            the host name the scheduler and clients reach this executor by (default 127.0.0.1)
  --port PORT            the Arrow Flight port results are served on (default 50051)
  --bind ADDRESS         the address to listen on (default: --host)
  --work-dir DIR         where shuffle files go (default: a temporary directory)
  --vcores N             how many tasks to run at once (default: the number of cores)";

#[tokio::main]
async fn main() -> ExitCode {
    let mut scheduler = None;
    let mut host = "127.0.0.1".to_owned();
    let mut port = 50051u16;
    let mut bind = None;
    let mut work_dir = None;
    let mut vcores = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if matches!(flag.as_str(), "-h" | "--help") {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        let Some(value) = args.next() else {
            return fail(USAGE);
        };
        match flag.as_str() {
            "--scheduler" => scheduler = Some(value),
            "--host" => host = value,
            "--port" => match value.parse() {
                Ok(p) => port = p,
                Err(_) => return fail(&format!("--port: not a port number: {value}")),
            },
            "--bind" => bind = Some(value),
            "--work-dir" => work_dir = Some(value),
            "--vcores" => match value.parse() {
                Ok(n) => vcores = Some(n),
                Err(_) => return fail(&format!("--vcores: not a number: {value}")),
            },
            _ => return fail(USAGE),
        }
    }
    let Some(scheduler) = scheduler else {
        return fail(USAGE);
    };
    let Some((scheduler_host, scheduler_port)) = scheduler
        .rsplit_once(':')
        .and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))
    else {
        return fail(&format!("--scheduler: expected HOST:PORT, got {scheduler}"));
    };
    let mut config = executor_config(scheduler_host, scheduler_port, &host, port);
    if let Some(bind) = bind {
        config.bind_host = bind;
    }
    config.work_dir = work_dir;
    if let Some(n) = vcores {
        config.vcores = n;
    }
    eprintln!("weburl-executor: serving on {host}:{port}, scheduler {scheduler}");
    match run_executor(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("weburl-executor: {message}");
    ExitCode::FAILURE
}
