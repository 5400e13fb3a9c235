//! `weburl match PATTERN [URL...|-f FILE]`: the URLs that a URL pattern
//! (the URL Pattern Standard, crate weburl-pattern) matches, or with
//! `--json` the groups each match captured (components whose pattern is
//! `*` left out). Like grep: it streams its input line by line, `-v`
//! selects the lines that do not match, `--count` counts the selected
//! lines, and the exit code is 1 when none was selected.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;

use weburl::Url;
use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};

use crate::bulk::BOM;
use crate::exit::{self, fatal, Fatal};
use crate::json::Obj;
use crate::output::escape_input;

pub const EXIT_CODES: &str = "\
Exit codes (grep's convention):
  0  at least one line was selected (matched, or with -v did not match)
  1  no line was selected
  2  the input file cannot be read or the output cannot be written
  4  the pattern does not build (the message says why)";

/// The components of a `URLPatternInit`, as `--component` and the JSON
/// form name them.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The URL pattern, as a constructor string
    /// ("https://*.example.com/users/:id") or a JSON URLPatternInit
    /// ('{"pathname": "/users/:id"}'); left out when --component gives it.
    /// Then the URLs to test. Without any (and without --file), standard
    /// input is read, one URL a line.
    #[arg(value_name = "PATTERN|URL")]
    args: Vec<String>,

    /// One component of a dictionary pattern, NAME=PATTERN, NAME one of
    /// protocol, username, password, hostname, port, pathname, search,
    /// hash, baseURL (may be repeated; added to a JSON pattern). The
    /// components not given match anything.
    #[arg(long = "component", value_name = "NAME=PATTERN")]
    components: Vec<String>,

    /// Read the URLs from FILE, one a line ("-" for standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    file: Option<PathBuf>,

    /// The base URL of a relative pattern ("/users/:id").
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// Match the pathname, search and hash case-insensitively.
    #[arg(short = 'i', long)]
    ignore_case: bool,

    /// Select the lines that do not match (inputs that are no URL included).
    #[arg(short = 'v', long = "invert")]
    invert: bool,

    /// Print only the number of selected lines.
    #[arg(short = 'c', long)]
    count: bool,

    /// For each match, a JSON object (one a line): the URL and the groups
    /// of each component whose pattern is not "*".
    #[arg(long, conflicts_with = "invert")]
    json: bool,
}

pub fn run(args: &MatchArgs) -> Result<u8, Fatal> {
    let mut positional = args.args.iter();
    let pattern = build(args, &mut positional)?;
    let urls: Vec<&String> = positional.collect();
    let stdout = io::stdout();
    let mut m = Matcher {
        pattern: &pattern,
        args,
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        selected: 0,
    };
    if !urls.is_empty() {
        for (i, url) in urls.iter().enumerate() {
            m.line(&format!("argument {}", i + 1), url.as_bytes())
                .map_err(Failure::fatal)?;
        }
    } else {
        let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
        } else {
            let f = File::open(&path)
                .map_err(|e| fatal(exit::MATCH_IO, format!("{}: {e}", path.display())))?;
            Box::new(BufReader::with_capacity(1 << 16, f))
        };
        m.stream(reader).map_err(|e| match e {
            Failure::Read(e) => fatal(exit::MATCH_IO, format!("{}: {e}", path.display())),
            Failure::Write(e) => e,
        })?;
    }
    if args.count {
        let selected = m.selected;
        writeln!(m.out, "{selected}").map_err(write_error)?;
    }
    m.out.flush().map_err(write_error)?;
    Ok(if m.selected == 0 {
        exit::MATCH_NONE_SELECTED
    } else {
        0
    })
}

/// The pattern: `--component` entries on top of a JSON dictionary, or a
/// constructor string (the first positional argument, then taken off).
fn build<'a>(
    args: &MatchArgs,
    positional: &mut impl Iterator<Item = &'a String>,
) -> Result<UrlPattern, Fatal> {
    let options = UrlPatternOptions {
        ignore_case: args.ignore_case,
    };
    let bad = |what: &str, e: &dyn std::fmt::Display| {
        fatal(exit::MATCH_PATTERN, format!("pattern {what}: {e}"))
    };
    let first_is_json = args
        .args
        .first()
        .is_some_and(|a| a.trim_start().starts_with('{'));
    if args.components.is_empty() && !first_is_json {
        let Some(text) = positional.next() else {
            return Err(fatal(
                exit::MATCH_PATTERN,
                "no pattern: give PATTERN or --component NAME=PATTERN",
            ));
        };
        return UrlPattern::new(text.as_str(), args.base.as_deref(), options)
            .map_err(|e| bad(&format!("{text:?}"), &e));
    }
    let mut init = UrlPatternInit::default();
    if first_is_json {
        let text = positional.next().map(String::as_str).unwrap_or_default();
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| bad(&format!("{text:?}"), &e))?;
        let serde_json::Value::Object(map) = value else {
            return Err(fatal(
                exit::MATCH_PATTERN,
                "a JSON pattern is an object of components",
            ));
        };
        for (name, value) in map {
            let serde_json::Value::String(value) = value else {
                return Err(fatal(
                    exit::MATCH_PATTERN,
                    format!("the JSON pattern's {name:?} is not a string"),
                ));
            };
            set_component(&mut init, &name, value)?;
        }
    }
    for entry in &args.components {
        let Some((name, value)) = entry.split_once('=') else {
            return Err(fatal(
                exit::MATCH_PATTERN,
                format!("--component {entry:?}: expected NAME=PATTERN"),
            ));
        };
        set_component(&mut init, name, value.to_owned())?;
    }
    if let Some(base) = &args.base {
        init.base_url = Some(base.clone());
    }
    UrlPattern::new(init, None, options).map_err(|e| bad("dictionary", &e))
}

fn set_component(init: &mut UrlPatternInit, name: &str, value: String) -> Result<(), Fatal> {
    let Some(slot) = init.field_mut(name) else {
        return Err(fatal(
            exit::MATCH_PATTERN,
            format!(
                "unknown component {name:?}: expected one of {}",
                UrlPatternInit::KEYS.join(", ")
            ),
        ));
    };
    *slot = Some(value);
    Ok(())
}

enum Failure {
    Read(io::Error),
    Write(Fatal),
}

impl Failure {
    fn fatal(self) -> Fatal {
        match self {
            Failure::Read(e) => fatal(exit::MATCH_IO, format!("reading: {e}")),
            Failure::Write(e) => e,
        }
    }
}

struct Matcher<'a, W: Write> {
    pattern: &'a UrlPattern,
    args: &'a MatchArgs,
    out: W,
    selected: u64,
}

impl<W: Write> Matcher<'_, W> {
    /// Every line of `reader`, one at a time: memory stays that of the
    /// longest line. Line numbers count every line, blank ones included.
    fn stream(&mut self, mut reader: impl BufRead) -> Result<(), Failure> {
        let mut buf = Vec::new();
        let mut number = 0u64;
        let mut offset = 0u64;
        loop {
            buf.clear();
            let n = reader.read_until(b'\n', &mut buf).map_err(Failure::Read)?;
            if n == 0 {
                return Ok(());
            }
            number += 1;
            let mut line = buf.as_slice();
            if number == 1 {
                line = line.strip_prefix(BOM).unwrap_or(line);
            }
            line = line.strip_suffix(b"\n").unwrap_or(line);
            line = line.strip_suffix(b"\r").unwrap_or(line);
            let label = format!("line {number}, offset {offset}");
            offset += n as u64;
            if line.is_empty() {
                continue; // A blank line is no URL: nothing to select.
            }
            self.line(&label, line)?;
        }
    }

    /// Tests one input; reports one that is no URL.
    fn line(&mut self, label: &str, input: &[u8]) -> Result<(), Failure> {
        let text = String::from_utf8_lossy(input);
        let url = match Url::parse(&text) {
            Ok(url) => Some(url),
            Err(e) => {
                // Not a URL: it matches nothing; say so rather than drop it.
                let mut msg = format!("weburl match: {label}: {}: {e}: ", e.name()).into_bytes();
                escape_input(input, 256, &mut msg);
                msg.push(b'\n');
                let _ = io::stderr().write_all(&msg);
                None
            }
        };
        if self.args.json {
            let Some(groups) = url.as_ref().and_then(|u| self.pattern.exec_groups_json(u)) else {
                return Ok(());
            };
            self.selected += 1;
            if !self.args.count {
                let mut rec = Vec::new();
                let mut o = Obj::new(&mut rec);
                o.str("url", &text);
                o.raw("groups", |out| out.extend_from_slice(groups.as_bytes()));
                o.end();
                rec.push(b'\n');
                self.out
                    .write_all(&rec)
                    .map_err(|e| Failure::Write(write_error(e)))?;
            }
            return Ok(());
        }
        let matched = url.as_ref().is_some_and(|u| self.pattern.test_url(u));
        if matched != self.args.invert {
            self.selected += 1;
            if !self.args.count {
                self.out
                    .write_all(input)
                    .and_then(|()| self.out.write_all(b"\n"))
                    .map_err(|e| Failure::Write(write_error(e)))?;
            }
        }
        Ok(())
    }
}

/// A closed pipe (`| head`) ends the command quietly, as in the main mode.
fn write_error(e: io::Error) -> Fatal {
    if e.kind() == io::ErrorKind::BrokenPipe {
        fatal(0, "")
    } else {
        fatal(exit::MATCH_IO, format!("writing the output: {e}"))
    }
}
