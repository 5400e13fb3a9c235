//! The command line: trurl's options and names, the bulk options, and the
//! subcommands (`lint`, `links`, `extract`, `data`, `completions`, `man`).
//! Errors map to trurl's exit codes.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, ArgGroup, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use weburl_sites::normalize::Normalizer;

use crate::cmd::{data, extract, links, lint};
use crate::exit;
use crate::record::OnError;

/// The most threads `-j` starts. Each holds up to two batches of about
/// 1 MiB, so this bounds the memory a run takes whatever `-j` says.
pub const MAX_JOBS: u16 = 64;

const EXIT_CODES: &str = "\
Exit codes (trurl's numbering):
  0  every record parsed (or --allow-errors)
  1  a problem with --url-file (cannot open or read it)
  2  a problem with --append
  3  an option misses its argument
  4  an option mistake or an illegal combination of options
  5  a problem with --set
  7  not enough input to make a URL
  8  a problem with --qtrim
  9  a URL did not parse (any failed record; at once with --verify)
 10  a problem with --get (bad format, or must:/strict: failed)
 11  a problem with --iterate
 12  a problem with --replace or --replace-append
The subcommands list their own: weburl SUBCOMMAND --help.";

/// Take URLs apart, edit them and push files of them through the WHATWG
/// URL parser, exactly as browsers parse, losing nothing.
#[derive(Parser, Debug)]
#[command(
    name = "weburl",
    about = "Parse, take apart and edit URLs as browsers do (the WHATWG URL Standard)",
    long_about = "Parse, take apart and edit URLs exactly as browsers do (the WHATWG URL \
Standard), with trurl's options and format language, and files of millions of URLs \
with one output record per input line, in order, every failure reported.",
    disable_version_flag = true,
    after_help = EXIT_CODES,
    group(ArgGroup::new("output").args(["get", "json", "jsonl", "csv", "tsv", "diagram"]).multiple(false)),
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// URLs to work on (the same as --url); an argument after `--` is a URL
    /// even when it starts with a dash or is named like a subcommand.
    #[arg(value_name = "URL")]
    pub urls: Vec<String>,

    /// A URL to work on; may be repeated.
    #[arg(long = "url", value_name = "URL", allow_hyphen_values = true)]
    pub url: Vec<String>,

    /// Read URLs from FILE, one per line; `-` is standard input. Standard
    /// input is also read when no URL is given and it is a pipe or a file,
    /// unless --set, --append or --iterate builds a URL.
    #[arg(short = 'f', long = "url-file", value_name = "FILE")]
    pub url_file: Option<PathBuf>,

    /// Resolve every input against this base URL (relative references).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,

    // The format language. Its help is an attribute, not a doc comment:
    // rustdoc would read `[component]` as a link, and clap shows the text
    // as it is, so markdown escapes would show.
    #[arg(
        short = 'g',
        long,
        value_name = "FORMAT",
        allow_hyphen_values = true,
        help = "Output this format for each URL: {component} or [component], with \
                the prefixes url: default: puny: idn: strict: must:, {query:KEY}, \
                {query-all:KEY}, and \\n \\t \\r \\\\ \\{ \\["
    )]
    pub get: Option<String>,

    /// Output a JSON array of objects with url, parts and params (trurl's shape).
    #[arg(long)]
    pub json: bool,

    /// Output one JSON object per input record: line, offset, input, the
    /// URL Standard's components, or the error.
    #[arg(long)]
    pub jsonl: bool,

    /// Output CSV, a header and one row per record (see --fields).
    #[arg(long)]
    pub csv: bool,

    /// Output tab-separated values, a header and one row per record.
    #[arg(long)]
    pub tsv: bool,

    /// Comma-separated fields for --jsonl, --csv and --tsv: component names
    /// (here `host` is the URL Standard's, with the port) and line, offset,
    /// input, error.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub fields: Vec<String>,

    /// Output the href with the offsets of its components drawn under it.
    #[arg(long)]
    pub diagram: bool,

    /// Set a component: COMP=VALUE (VALUE is percent-encoded), COMP:=VALUE
    /// (already encoded), COMP?=VALUE (only when absent).
    #[arg(
        short = 's',
        long,
        value_name = "COMP=VALUE",
        allow_hyphen_values = true
    )]
    pub set: Vec<String>,

    /// Append a path segment (path=SEG) or a query pair (query=NAME=VALUE).
    #[arg(
        short = 'a',
        long,
        value_name = "COMP=DATA",
        allow_hyphen_values = true
    )]
    pub append: Vec<String>,

    /// Output the URL once for each of the space-separated ITEMS set as COMP.
    #[arg(long, value_name = "COMP=ITEMS", allow_hyphen_values = true)]
    pub iterate: Vec<String>,

    /// Resolve this URL against each input (follow a redirect).
    #[arg(long, value_name = "URL", allow_hyphen_values = true)]
    pub redirect: Option<String>,

    /// Normalize each URL by a profile of `weburl_sites::normalize` before
    /// the edits (names in any case, as the library reads them): canonical
    /// (the parser's serialization, nothing more), safe (RFC 3986's equivalences: case of percent
    /// escapes, unreserved characters decoded), crawler (safe, and tracking
    /// parameters dropped, the query sorted, an empty query and the
    /// fragment dropped) or aggressive (crawler, and the query form-encoded,
    /// index.html and a trailing slash dropped).
    #[arg(
        long,
        value_name = "PROFILE",
        ignore_case = true,
        value_parser = PossibleValuesParser::new(Normalizer::PROFILE_NAMES)
            .try_map(|name: String| name.parse::<Normalizer>())
    )]
    pub normalize: Option<Normalizer>,

    /// Sort the query pairs, case-insensitively.
    #[arg(long)]
    pub sort_query: bool,

    /// Remove query pairs named WHAT, or starting with WHAT when it ends
    /// in `*` (`\*` for a literal star).
    #[arg(long, value_name = "WHAT", allow_hyphen_values = true)]
    pub qtrim: Vec<String>,

    /// Deprecated form of --qtrim: query=WHAT.
    #[arg(
        long,
        value_name = "COMP=WHAT",
        hide = true,
        allow_hyphen_values = true
    )]
    pub trim: Vec<String>,

    /// Replace the value of the query pair NAME (NAME=VALUE or NAME).
    #[arg(long, value_name = "DATA", allow_hyphen_values = true)]
    pub replace: Vec<String>,

    /// Like --replace, and append the pair when there is none to replace.
    #[arg(
        long,
        value_name = "DATA",
        alias = "force-replace",
        allow_hyphen_values = true
    )]
    pub replace_append: Vec<String>,

    /// The one character that separates query pairs (default `&`).
    #[arg(long, value_name = "C", allow_hyphen_values = true)]
    pub query_separator: Option<String>,

    /// Show the scheme's default port when the URL has none.
    #[arg(long)]
    pub default_port: bool,

    /// Accepted for trurl compatibility; the URL Standard always drops a
    /// special scheme's default port.
    #[arg(long)]
    pub keep_port: bool,

    /// Output hosts in punycode (the URL Standard's hosts always are).
    #[arg(long, conflicts_with = "as_idn")]
    pub punycode: bool,

    /// Output punycode hosts as Unicode (International Domain Names).
    #[arg(long)]
    pub as_idn: bool,

    /// Output the href as an IRI for people to read: the host in Unicode
    /// unless it could spoof another, percent-encoded UTF-8 in the path,
    /// query and fragment as characters where that is safe. It applies
    /// wherever the href is output (the default output, {url} and {href},
    /// the url of --json, the href and url fields); the other components
    /// keep their values.
    #[arg(long, conflicts_with = "diagram")]
    pub as_iri: bool,

    /// Output components percent-encoded in --get and --json.
    #[arg(long)]
    pub urlencode: bool,

    /// Whose rules the surt component follows: ia (the Internet Archive's
    /// surt package, as in CDX indexes: com,example)/path) or heritrix
    /// (http://(com,example,www,)/path).
    #[arg(long, value_name = "PROFILE", default_value = "ia")]
    pub surt_profile: weburl_sites::surt::SurtProfile,

    /// Stop at the first input that does not parse, with exit code 9.
    #[arg(long)]
    pub verify: bool,

    /// Suppress notes, warnings and the summary (failures are still reported).
    #[arg(long)]
    pub quiet: bool,

    /// Accepted for trurl compatibility: the URL Standard percent-encodes
    /// spaces in paths, queries and fragments anyway.
    #[arg(long)]
    pub accept_space: bool,

    /// Accepted for trurl compatibility: schemes are never guessed unless
    /// --compat=trurl.
    #[arg(long)]
    pub no_guess_scheme: bool,

    /// Only accept the URL schemes libcurl supports.
    #[arg(long)]
    pub curl: bool,

    /// `trurl`: guess a missing scheme from the host, as libcurl does, and
    /// give a URL with a host at least the path `/`.
    #[arg(long, value_enum, value_name = "MODE", default_value = "whatwg")]
    pub compat: Compat,

    /// The document encoding for queries of special URLs (an Encoding
    /// Standard label, like windows-1252 or shift_jis).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,

    /// What a record that fails outputs: an empty line (keeps the output
    /// aligned with the input), nothing, the input as it is, or stop.
    #[arg(long, value_enum, value_name = "MODE", default_value = "empty")]
    pub on_error: OnError,

    /// Exit 0 even when records failed.
    #[arg(long)]
    pub allow_errors: bool,

    /// Fail lines longer than N bytes as TooLong; beyond a 1 MiB batch their
    /// bytes are skipped, not kept in memory (by default a line may be of
    /// any length).
    #[arg(long, value_name = "N")]
    pub max_line: Option<usize>,

    /// Replace invalid UTF-8 with U+FFFD instead of failing the record.
    #[arg(long)]
    pub lossy: bool,

    /// Take each byte that is not UTF-8 as if written percent-encoded
    /// (`caf\xE9` → `caf%E9`), the library's `Url::parse_bytes`, instead
    /// of failing the record; in a domain such a byte still fails.
    #[arg(long, conflicts_with = "lossy")]
    pub percent_bytes: bool,

    /// Parse on N threads, at most 64; the output keeps the input order.
    /// `-j 0` uses every core (up to 64).
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = clap::value_parser!(u16).range(0..=MAX_JOBS as i64)
    )]
    pub jobs: u16,

    /// Output each distinct record once.
    #[arg(long)]
    pub unique: bool,

    /// Output only the records that parse.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,

    /// Output only the records that fail (their input, in text formats).
    #[arg(long)]
    pub invalid: bool,

    /// Output only the number of records that would be output.
    #[arg(long)]
    pub count: bool,

    /// Time the run without writing the records, and report URLs/s and MB/s.
    #[arg(long)]
    pub benchmark: bool,

    /// Never show the progress bar.
    #[arg(long)]
    pub no_progress: bool,

    /// Show the version.
    #[arg(short = 'v', long, action = ArgAction::Version)]
    pub version: Option<bool>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Show each URL's validation errors under it, and where RFC 3986
    /// reads it otherwise than the URL Standard.
    #[command(after_help = lint::EXIT_CODES)]
    Lint(lint::LintArgs),
    /// List the links of an HTML page, resolved as a browser resolves them.
    #[command(after_help = links::EXIT_CODES)]
    Links(links::LinksArgs),
    /// Find the URLs in running text, with their byte spans.
    #[command(after_help = extract::EXIT_CODES)]
    Extract(extract::ExtractArgs),
    /// Decode a data: URL: the body to standard output, its MIME type to
    /// standard error.
    #[command(after_help = data::EXIT_CODES)]
    Data(data::DataArgs),
    /// Print the URLs a URL pattern matches (with --json, their groups).
    #[command(after_help = crate::cmd::matching::EXIT_CODES)]
    Match(crate::cmd::matching::MatchArgs),
    /// Print a shell completion script.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compat {
    Whatwg,
    Trurl,
}

/// The parsed command line, with the URL arguments (positional and
/// `--url`) merged in command-line order.
#[derive(Debug)]
pub struct Parsed {
    pub cli: Cli,
    pub inputs: Vec<String>,
}

/// What to do instead of running: print this and exit with this code.
#[derive(Debug)]
pub struct Early {
    pub code: u8,
    pub stdout: String,
    pub stderr: String,
}

pub fn command() -> clap::Command {
    Cli::command().version(env!("CARGO_PKG_VERSION"))
}

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Parsed, Early> {
    let matches = command().try_get_matches_from(args).map_err(clap_error)?;
    let mut cli = Cli::from_arg_matches(&matches).map_err(clap_error)?;
    if let Some((name, _)) = matches.subcommand() {
        main_options_before(name, &matches)?;
    }
    let mut ordered: Vec<(usize, String)> = Vec::new();
    for id in ["urls", "url"] {
        if let (Some(idx), Some(vals)) = (matches.indices_of(id), matches.get_many::<String>(id)) {
            ordered.extend(idx.zip(vals.cloned()));
        }
    }
    ordered.sort_by_key(|(i, _)| *i);
    cli.urls.clear();
    cli.url.clear();
    Ok(Parsed {
        cli,
        inputs: ordered.into_iter().map(|(_, u)| u).collect(),
    })
}

/// Refuses main-mode options before a subcommand (`weburl --base X lint
/// Y`): clap would accept and drop them, and the subcommand would run
/// without what was asked. Exit code 4, an illegal combination.
fn main_options_before(name: &str, matches: &clap::ArgMatches) -> Result<(), Early> {
    let cmd = command();
    let given = cmd.get_arguments().find(|a| {
        matches.value_source(a.get_id().as_str()) == Some(clap::parser::ValueSource::CommandLine)
    });
    match given {
        None => Ok(()),
        Some(arg) => Err(Early {
            code: exit::FLAG,
            stdout: String::new(),
            stderr: format!(
                "weburl error: --{} is given before the subcommand `{name}`, \
                 which takes only the options after its name\n\
                 weburl error: Try weburl {name} -h for help\n",
                arg.get_long().unwrap_or(arg.get_id().as_str())
            ),
        }),
    }
}

/// The `features:` line of `--version`, in trurl's form, so that scripts
/// that look for one of trurl's feature names find it: those whose
/// behaviour weburl has. `no-guess-scheme` (the option is accepted; no
/// scheme is guessed unless --compat=trurl), `normalize-ipv4` (the URL
/// Standard's IPv4 parser), `punycode` (hosts are always punycode) and
/// `punycode2idn` (--as-idn, idn:). Not listed: `zone-id` and
/// `imap-options` (the URL Standard has neither), `url-strerror` (the
/// messages are weburl's, not libcurl's), `white-space` and `get-empty`
/// (libcurl's behaviours, which the URL Standard does not share).
const FEATURES: &str = "features: no-guess-scheme normalize-ipv4 punycode punycode2idn\n";

/// clap's errors with trurl's exit codes: a missing argument is 3 (12 for
/// --replace), any other mistake 4; help and version go to stdout with 0.
fn clap_error(e: clap::Error) -> Early {
    let text = e.render().to_string();
    let code = match e.kind() {
        ErrorKind::DisplayHelp => {
            return Early {
                code: 0,
                stdout: text,
                stderr: String::new(),
            }
        }
        ErrorKind::DisplayVersion => {
            return Early {
                code: 0,
                stdout: format!("{text}{FEATURES}"),
                stderr: String::new(),
            }
        }
        ErrorKind::InvalidValue if missing_value(&e) => {
            let arg = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(a)) => a.as_str(),
                _ => "",
            };
            if arg.starts_with("--replace") {
                return Early {
                    code: exit::REPLACE,
                    stdout: String::new(),
                    stderr: "weburl error: No data passed to replace component\n\
                             weburl error: Try weburl -h for help\n"
                        .into(),
                };
            } else {
                exit::ARG
            }
        }
        _ => exit::FLAG,
    };
    Early {
        code,
        stdout: String::new(),
        stderr: text,
    }
}

fn missing_value(e: &clap::Error) -> bool {
    matches!(e.get(ContextKind::InvalidValue), Some(ContextValue::String(v)) if v.is_empty())
}

/// `weburl completions SHELL`. Rendered in memory: the generator panics
/// when its writer fails (a closed pipe).
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command(), "weburl", &mut buf);
    buf
}

/// `weburl man`, rendered in memory like the completions.
pub fn man() -> Vec<u8> {
    let mut buf = Vec::new();
    // Rendering into a Vec cannot fail.
    let _ = clap_mangen::Man::new(command()).render(&mut buf);
    buf
}
