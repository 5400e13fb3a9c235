//! `weburl data`: a data: URL through the Fetch standard's data: URL
//! processor; the body to standard output, the MIME type on standard error.

use std::io::Write as _;

use weburl::Url;
use weburl_html::data_url;

use crate::exit::{self, fatal, Fatal};
use crate::output::escape_input;
use crate::stdio::write_stdout;

pub const EXIT_CODES: &str = "\
Exit codes (trurl's numbering):
  0  the body (or with --info, the description) was written
  1  the output cannot be written
  3  an option misses its argument
  4  an option mistake
  9  URL does not parse, is not a data: URL, has no \",\", or has bad base64";

#[derive(clap::Args, Debug)]
pub struct DataArgs {
    /// The data: URL (quote it for the shell).
    #[arg(value_name = "URL")]
    url: String,

    /// Print the MIME type, its parameters, the body's length and whether
    /// it was base64, instead of the body.
    #[arg(long)]
    info: bool,
}

pub fn run(args: &DataArgs) -> Result<u8, Fatal> {
    let url = Url::parse(&args.url).map_err(|e| bad(e.name(), &e.to_string(), args))?;
    let data = data_url::process(&url).map_err(|e| bad(e.name(), &e.to_string(), args))?;
    if args.info {
        let mut out = Vec::new();
        let _ = writeln!(out, "type: {}", data.mime_type);
        let _ = writeln!(out, "essence: {}", data.mime_type.essence());
        for (name, value) in &data.mime_type.parameters {
            let _ = writeln!(out, "parameter: {name}={value}");
        }
        let _ = writeln!(out, "length: {}", data.body.len());
        let _ = writeln!(out, "base64: {}", if data.base64 { "yes" } else { "no" });
        write_stdout(&out)?;
    } else {
        // Standard error, so that `> file` gets exactly the body.
        eprintln!("Content-Type: {}", data.mime_type);
        write_stdout(&data.body)?;
    }
    Ok(0)
}

/// `KIND: message: "the URL"`, as the main mode reports a record.
fn bad(kind: &str, message: &str, args: &DataArgs) -> Fatal {
    let mut shown = Vec::new();
    escape_input(args.url.as_bytes(), 256, &mut shown);
    fatal(
        exit::BADURL,
        format!("{kind}: {message}: {}", String::from_utf8_lossy(&shown)),
    )
}
