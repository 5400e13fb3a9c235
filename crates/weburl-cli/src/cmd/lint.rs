//! `weburl lint`: each URL's validation errors drawn under it, and where
//! RFC 3986 reads it otherwise than the URL Standard.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use weburl::{Url, ValidationError};
use weburl_rfc3986::lens::{self, LintReport};

use crate::bulk::BOM;
use crate::exit::{self, fatal, Fatal};
use crate::json::{self, Obj};

pub const EXIT_CODES: &str = "\
Exit codes:
  0  every URL is clean: no validation error, and RFC 3986 reads it the same way
     (with --whatwg-only: no validation error, whatever RFC 3986 says)
  1  some URL has validation errors, fails to parse, or RFC 3986 reads it otherwise
     (or the file cannot be read, or the output cannot be written)
  3  an option misses its argument
  4  an option mistake
  9  the --base URL does not parse";

#[derive(clap::Args, Debug)]
pub struct LintArgs {
    /// URLs to check (after `--` they may start with a dash); `-` alone
    /// reads them from standard input, one a line.
    #[arg(value_name = "URL", required_unless_present = "file")]
    urls: Vec<String>,

    /// Read the URLs from FILE, one a line (`-` for standard input); blank
    /// lines are skipped.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    file: Option<PathBuf>,

    /// Resolve every URL against this base URL.
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// Judge by the URL Standard alone: a URL that parses without
    /// validation errors is clean even where RFC 3986 reads it otherwise
    /// (the disagreements are still shown).
    #[arg(long)]
    whatwg_only: bool,

    /// Output a JSON array with one report per URL: the validation errors
    /// with their byte spans, the disagreements and the verdict.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &LintArgs) -> Result<u8, Fatal> {
    let base = match &args.base {
        Some(b) => Some(
            Url::parse(b)
                .map_err(|e| fatal(exit::BADURL, format!("{}: {e}: base URL {b:?}", e.name())))?,
        ),
        None => None,
    };
    let stdout = io::stdout();
    let mut w = Lint {
        out: io::BufWriter::new(stdout.lock()),
        base: base.as_ref(),
        args,
        count: 0,
        unclean: 0,
    };
    if args.json {
        w.write(b"[")?;
    }
    // `weburl lint -`: the URLs of standard input.
    let from_stdin = args.urls == ["-"];
    if !from_stdin {
        for url in &args.urls {
            w.lint(url)?;
        }
    }
    let file = args.file.clone().or(from_stdin.then(|| PathBuf::from("-")));
    if let Some(path) = file {
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(io::BufReader::new(io::stdin()))
        } else {
            let f = std::fs::File::open(&path)
                .map_err(|e| fatal(exit::FILE, format!("{}: {e}", path.display())))?;
            Box::new(io::BufReader::new(f))
        };
        let read_error = |e: io::Error| fatal(exit::FILE, format!("{}: {e}", path.display()));
        for (i, line) in reader.split(b'\n').enumerate() {
            let line = line.map_err(read_error)?;
            let mut line = line.as_slice();
            if i == 0 {
                line = line.strip_prefix(BOM).unwrap_or(line);
            }
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if !line.is_empty() {
                w.lint(&String::from_utf8_lossy(line))?;
            }
        }
    }
    if args.json {
        w.write(if w.count == 0 { b"]\n" } else { b"\n]\n" })?;
    }
    w.out
        .flush()
        .map_err(|e| fatal(exit::LINT_FINDINGS, format!("writing the output: {e}")))?;
    Ok(if w.unclean == 0 {
        0
    } else {
        exit::LINT_FINDINGS
    })
}

/// The reports, written as each URL is linted.
struct Lint<'a, W: Write> {
    out: W,
    base: Option<&'a Url>,
    args: &'a LintArgs,
    count: u64,
    unclean: u64,
}

impl<W: Write> Lint<'_, W> {
    fn lint(&mut self, input: &str) -> Result<(), Fatal> {
        let report = lens::lint(input, self.base);
        let clean = is_clean(&report, self.args.whatwg_only);
        let mut out = Vec::new();
        if self.args.json {
            out.extend_from_slice(if self.count == 0 { b"\n" } else { b",\n" });
            report_json(&report, clean, &mut out);
        } else {
            if self.count > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(report.render().as_bytes());
        }
        self.count += 1;
        self.unclean += u64::from(!clean);
        self.write(&out)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Fatal> {
        match self.out.write_all(bytes) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(fatal(0, "")),
            Err(e) => Err(fatal(
                exit::LINT_FINDINGS,
                format!("writing the output: {e}"),
            )),
            Ok(()) => Ok(()),
        }
    }
}

/// Whether a report is clean; with `whatwg_only`, by the URL Standard alone.
fn is_clean(report: &LintReport, whatwg_only: bool) -> bool {
    if whatwg_only {
        report.errors.is_empty() && report.comparison.whatwg.is_ok()
    } else {
        report.is_clean()
    }
}

/// The validation errors as `render` shows them: by position, a repeat
/// of the same error at the same place once.
fn distinct_errors(report: &LintReport) -> Vec<&ValidationError> {
    let mut errors: Vec<&ValidationError> = report.errors.iter().collect();
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    errors.dedup();
    errors
}

fn report_json(report: &LintReport, clean: bool, out: &mut Vec<u8>) {
    let c = &report.comparison;
    let mut o = Obj::new(out);
    o.str("input", &report.input)
        .opt_str("base", c.base.as_deref())
        .bool("clean", clean)
        .opt_str("href", c.whatwg.as_ref().ok().map(Url::href))
        .raw("failure", |out| match &c.whatwg {
            Ok(_) => out.extend_from_slice(b"null"),
            Err(e) => json::error(e.name(), &e.to_string(), out),
        })
        .raw("errors", |out| {
            out.push(b'[');
            for (i, e) in distinct_errors(report).into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                let mut o = Obj::new(out);
                o.str("kind", e.kind.name())
                    .str("description", e.kind.description())
                    .span("span", &e.span);
                o.end();
            }
            out.push(b']');
        });
    match &c.rfc3986.strict {
        Ok(uri) => o
            .str("rfc3986", &uri.to_string())
            .opt_str("rfc3986_failure", None),
        Err(e) => o
            .opt_str("rfc3986", None)
            .str("rfc3986_failure", &e.to_string()),
    };
    o.raw("disagreements", |out| {
        out.push(b'[');
        for (i, d) in c.disagreements.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let mut o = Obj::new(out);
            o.str("component", d.component.name())
                .str("reading", d.reading.name())
                .opt_str("whatwg", d.whatwg.as_deref())
                .opt_str("rfc3986", d.rfc3986.as_deref())
                .str("explanation", d.explanation);
            o.end();
        }
        out.push(b']');
    })
    .bool("changes_host", c.changes_host())
    .bool("changes_origin", c.changes_origin())
    .str("verdict", c.verdict());
    o.end();
}
