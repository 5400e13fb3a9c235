//! `weburl lint`: each URL's validation errors drawn under it, and where
//! RFC 3986 reads it otherwise than the URL Standard.

use weburl::{Url, ValidationError};
use weburl_rfc3986::lens::{self, LintReport};

use crate::exit::{self, fatal, Fatal};
use crate::json::{self, Obj};
use crate::stdio::write_stdout;

/// A URL with findings: a linter's 1 ("found something"). trurl's
/// numbering has nothing for it, and its 9 (a URL did not parse) would be
/// wrong for a URL that parses with validation errors.
const FINDINGS: u8 = 1;

pub const EXIT_CODES: &str = "\
Exit codes:
  0  every URL is clean: no validation error, and RFC 3986 reads it the same way
  1  some URL has validation errors, fails to parse, or RFC 3986 reads it otherwise
     (or the output cannot be written)
  3  an option misses its argument
  4  an option mistake
  9  the --base URL does not parse";

#[derive(clap::Args, Debug)]
pub struct LintArgs {
    /// URLs to check (after `--` they may start with a dash).
    #[arg(value_name = "URL", required = true)]
    urls: Vec<String>,

    /// Resolve every URL against this base URL.
    #[arg(long, value_name = "URL")]
    base: Option<String>,

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
    let reports: Vec<LintReport> = args
        .urls
        .iter()
        .map(|u| lens::lint(u, base.as_ref()))
        .collect();
    let mut out = Vec::new();
    if args.json {
        out.extend_from_slice(b"[");
        for (i, report) in reports.iter().enumerate() {
            out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            report_json(report, &mut out);
        }
        out.extend_from_slice(b"\n]\n");
    } else {
        for (i, report) in reports.iter().enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(report.render().as_bytes());
        }
    }
    write_stdout(&out)?;
    Ok(if reports.iter().all(LintReport::is_clean) {
        0
    } else {
        FINDINGS
    })
}

/// The validation errors as `render` shows them: by position, a repeat
/// of the same error at the same place once.
fn distinct_errors(report: &LintReport) -> Vec<&ValidationError> {
    let mut errors: Vec<&ValidationError> = report.errors.iter().collect();
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    errors.dedup();
    errors
}

fn report_json(report: &LintReport, out: &mut Vec<u8>) {
    let c = &report.comparison;
    let mut o = Obj::new(out);
    o.str("input", &report.input)
        .opt_str("base", c.base.as_deref())
        .bool("clean", report.is_clean())
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
