//! `weburl extract`: the URLs in running text (mail, plain-text documents),
//! each with its byte span in the input.

use std::io::Write as _;
use std::path::PathBuf;

use weburl_html::text::{Delimiter, Found, TextOptions};

use crate::exit::Fatal;
use crate::json::Obj;
use crate::stdio::{read_input, write_stdout};

pub const EXIT_CODES: &str = "\
Exit codes (trurl's numbering):
  0  the text was read (whether or not it holds URLs)
  1  FILE cannot be read, or the output cannot be written
  3  an option misses its argument
  4  an option mistake";

#[derive(clap::Args, Debug)]
pub struct ExtractArgs {
    /// The text; `-` reads standard input. Spans are byte offsets in it;
    /// bytes that are not UTF-8 end a URL.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Also find bare host names starting with `www.`, as http: URLs.
    #[arg(long)]
    www: bool,

    /// Output one JSON object per URL: span, delimiter, candidate, href.
    #[arg(long)]
    jsonl: bool,
}

pub fn run(args: &ExtractArgs) -> Result<u8, Fatal> {
    let text = read_input(&args.file)?;
    let found = find(&text, TextOptions::new().www(args.www));
    let mut out = Vec::new();
    for f in &found {
        if args.jsonl {
            found_json(f, &mut out);
        } else {
            let _ = writeln!(out, "{}-{}\t{}", f.span.start, f.span.end, f.url.href());
        }
    }
    write_stdout(&out)?;
    Ok(0)
}

/// The URLs of each run of valid UTF-8, with spans moved to byte offsets
/// of the whole input: the finder works on text, and the spans must point
/// into the file as it is.
fn find(bytes: &[u8], options: TextOptions) -> Vec<Found> {
    let mut all = Vec::new();
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        for mut f in options.extract(chunk.valid()) {
            f.span = f.span.start + at..f.span.end + at;
            all.push(f);
        }
        at += chunk.valid().len() + chunk.invalid().len();
    }
    all
}

fn delimiter(d: Delimiter) -> &'static str {
    match d {
        Delimiter::None => "none",
        Delimiter::AngleBrackets => "angle-brackets",
        Delimiter::UrlPrefix => "url-prefix",
        Delimiter::Quotes => "quotes",
        // The enum is non_exhaustive: a kind added later.
        _ => "other",
    }
}

fn found_json(f: &Found, out: &mut Vec<u8>) {
    let mut o = Obj::new(out);
    o.span("span", &f.span)
        .str("delimiter", delimiter(f.delimiter))
        .str("candidate", &f.candidate)
        .str("href", f.url.href());
    o.end();
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_count_the_bytes_that_are_not_utf8() {
        let found = find(b"\xff\xfe see https://a.example/ \xc3", TextOptions::new());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].span, 7..25);
        assert_eq!(found[0].url.href(), "https://a.example/");
    }
}
