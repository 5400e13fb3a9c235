//! `weburl match PATTERN [URL...|-f FILE]`: the URLs that a URL pattern
//! (the URL Pattern Standard, crate weburl-pattern) matches, or with
//! `--json` the groups each match captured (components whose pattern is
//! `*` left out).

use std::path::PathBuf;

use weburl::Url;
use weburl_pattern::{UrlPattern, UrlPatternOptions};

use crate::exit::{self, fatal, Fatal};
use crate::json::Obj;
use crate::stdio::{read_input, write_stdout};

pub const EXIT_CODES: &str = "\
Exit codes:
  0  the URLs were read (whether or not any matched)
  1  the input file cannot be read or the output cannot be written
  4  the pattern does not build (the message says why)";

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The URL pattern, as a constructor string: "https://*.example.com/users/:id".
    #[arg(value_name = "PATTERN")]
    pattern: String,

    /// URLs to test. Without any (and without --file), standard input is
    /// read, one URL a line.
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    /// Read the URLs from FILE, one a line ("-" for standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    file: Option<PathBuf>,

    /// The base URL of a relative pattern ("/users/:id").
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// Match the pathname, search and hash case-insensitively.
    #[arg(short = 'i', long)]
    ignore_case: bool,

    /// For each match, a JSON object (one a line): the URL and the groups
    /// of each component whose pattern is not "*".
    #[arg(long)]
    json: bool,
}

pub fn run(args: &MatchArgs) -> Result<u8, Fatal> {
    let options = UrlPatternOptions {
        ignore_case: args.ignore_case,
    };
    let pattern = UrlPattern::new(args.pattern.as_str(), args.base.as_deref(), options)
        .map_err(|e| fatal(exit::FLAG, format!("pattern {:?}: {e}", args.pattern)))?;
    let text;
    let lines: Vec<&str> = if !args.urls.is_empty() {
        args.urls.iter().map(String::as_str).collect()
    } else {
        let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
        text = String::from_utf8_lossy(&read_input(&path)?).into_owned();
        text.lines().filter(|l| !l.is_empty()).collect()
    };
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let Ok(url) = Url::parse(line) else {
            // Not a URL: it matches nothing; say so rather than drop it.
            eprintln!("weburl match: input {}: not a URL: {line:?}", n + 1);
            continue;
        };
        if args.json {
            if let Some(groups) = pattern.exec_groups_json(&url) {
                let mut o = Obj::new(&mut out);
                o.str("url", line);
                o.raw("groups", |out| out.extend_from_slice(groups.as_bytes()));
                o.end();
                out.push(b'\n');
            }
        } else if pattern.test_url(&url) {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
    }
    write_stdout(&out)?;
    Ok(0)
}
