//! `weburl links`: every URL of an HTML page, resolved as a browser
//! resolves it (the page's encoding, its `<base href>`), failures included.

use std::io::Write as _;
use std::path::PathBuf;

use weburl::Url;
use weburl_html::{Document, Link, LinkOptions};

use crate::components::Mods;
use crate::exit::{self, fatal, Fatal};
use crate::format::Format;
use crate::json::{self, Obj};
use crate::output::{escape_input, tsv_cell};
use crate::stdio::{read_input, write_stdout};

pub const EXIT_CODES: &str = "\
Exit codes (trurl's numbering where it applies):
  0  the page was read; links that fail to parse are in the output (with
     --urls or --get, on standard error), not an error
  1  PAGE cannot be read, or the output cannot be written
  3  an option misses its argument
  4  an option mistake, or --charset is not an encoding label
 10  the --get format is not one
  9  the --url address does not parse";

#[derive(clap::Args, Debug)]
pub struct LinksArgs {
    /// The HTML page; `-` reads standard input.
    #[arg(value_name = "PAGE")]
    page: PathBuf,

    /// The page's address: links resolve against it, or against the
    /// page's <base href> resolved against it.
    #[arg(long, value_name = "ADDRESS", required = true)]
    url: String,

    /// The charset the page was served with (the charset parameter of its
    /// Content-Type, an Encoding Standard label); it wins over <meta>.
    #[arg(long, value_name = "LABEL")]
    charset: Option<String>,

    /// Output JSON lines: the document (encoding, base), then one object
    /// per link with line, element, attribute, value, reference, url, error.
    #[arg(long, conflicts_with_all = ["urls", "get"])]
    jsonl: bool,

    /// Output only the URLs, one a line (for `| weburl -f -`); links that
    /// do not parse are reported on standard error instead.
    #[arg(long, conflicts_with = "get")]
    urls: bool,

    /// Output this format for each link's URL, as the main mode's --get
    /// ({host}, {path}, {query:KEY}…); links that do not parse are
    /// reported on standard error instead.
    #[arg(
        short = 'g',
        long = "get",
        value_name = "FORMAT",
        allow_hyphen_values = true
    )]
    get: Option<String>,

    /// Only the links of these elements (comma-separated: a,img,script).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    element: Vec<String>,

    /// Only the links in these attributes (comma-separated: href,src).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    attribute: Vec<String>,
}

pub fn run(args: &LinksArgs) -> Result<u8, Fatal> {
    let address = Url::parse(&args.url).map_err(|e| {
        fatal(
            exit::BADURL,
            format!("{}: {e}: --url {:?}", e.name(), args.url),
        )
    })?;
    let format = match (&args.get, args.urls) {
        (Some(f), _) => Some(
            Format::parse(f, Mods::default())
                .map_err(|e| fatal(exit::GET, format!("--get: {}", e.0)))?,
        ),
        (None, true) => Some(
            Format::parse("{href}", Mods::default())
                .map_err(|e| fatal(exit::GET, format!("--get: {}", e.0)))?,
        ),
        (None, false) => None,
    };
    let html = read_input(&args.page)?;
    let doc = LinkOptions::new(&address)
        .transport_charset(args.charset.as_deref())
        .parse(&html)
        .map_err(|e| fatal(exit::FLAG, format!("--charset: {e}")))?;
    let wanted = |names: &[String], name: &str| {
        names.is_empty() || names.iter().any(|n| n.eq_ignore_ascii_case(name))
    };
    let links = doc
        .links
        .iter()
        .filter(|l| wanted(&args.element, l.element) && wanted(&args.attribute, l.attribute));
    let mut out = Vec::new();
    if let Some(format) = format {
        let mut err = Vec::new();
        for link in links {
            match &link.url {
                Ok(url) => {
                    let _ = format.render(url, b'&', &mut out, &mut |_| {});
                    out.push(b'\n');
                }
                Err(e) => {
                    let _ = write!(
                        err,
                        "weburl links: line {}: {} {}: {}: {e}: ",
                        link.line,
                        link.element,
                        link.attribute,
                        e.name()
                    );
                    escape_input(link.reference().as_bytes(), 256, &mut err);
                    err.push(b'\n');
                }
            }
        }
        let _ = std::io::stderr().write_all(&err);
    } else if args.jsonl {
        document_json(&doc, &mut out);
        for link in links {
            link_json(link, &mut out);
        }
    } else {
        document_text(&doc, &mut out);
        for link in links {
            link_text(link, &mut out);
        }
    }
    write_stdout(&out)?;
    Ok(0)
}

/// `# encoding: Shift_JIS (prescan)<TAB>base: http://… (document-url)<TAB>links: 84`:
/// a comment line, so `grep -v '^#'` leaves the links.
fn document_text(doc: &Document, out: &mut Vec<u8>) {
    let _ = writeln!(
        out,
        "# encoding: {} ({})\tbase: {} ({})\tlinks: {}",
        doc.encoding.name(),
        doc.encoding_source.as_str(),
        doc.base_url.href(),
        doc.base_source.as_str(),
        doc.links.len()
    );
}

/// `URL<TAB>element<TAB>attribute<TAB>value<TAB>error`: the URL empty and
/// the failure's kind in the last column for a link that does not parse,
/// so that the first column holds URLs only. The value is escaped (`\t`,
/// `\n`) to stay on its line.
fn link_text(link: &Link, out: &mut Vec<u8>) {
    if let Ok(url) = &link.url {
        out.extend_from_slice(url.href().as_bytes());
    }
    let _ = write!(out, "\t{}\t{}\t", link.element, link.attribute);
    tsv_cell(link.value.as_bytes(), out);
    out.push(b'\t');
    if let Err(e) = &link.url {
        out.extend_from_slice(e.name().as_bytes());
    }
    out.push(b'\n');
}

fn document_json(doc: &Document, out: &mut Vec<u8>) {
    let mut o = Obj::new(out);
    o.str("encoding", doc.encoding.name())
        .str("encoding_source", doc.encoding_source.as_str())
        .str("base", doc.base_url.href())
        .str("base_source", doc.base_source.as_str())
        .opt_str("base_href", doc.base_href.as_deref())
        .num("links", doc.links.len() as u64);
    o.end();
    out.push(b'\n');
}

fn link_json(link: &Link, out: &mut Vec<u8>) {
    let mut o = Obj::new(out);
    o.num("line", link.line)
        .str("element", link.element)
        .str("attribute", link.attribute)
        .str("value", &link.value)
        .str("reference", link.reference());
    match &link.url {
        Ok(url) => o.str("url", url.href()).opt_str("error", None),
        Err(e) => o
            .opt_str("url", None)
            .raw("error", |out| json::error(e.name(), &e.to_string(), out)),
    };
    o.end();
    out.push(b'\n');
}
