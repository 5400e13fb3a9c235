//! Everything the main mode derives from the command line, once, before a
//! record is read: the options checked and turned into the output, the
//! edits, the base URL, the encoding and the rules a record follows. The
//! run reads this and the command line no more.

use std::path::PathBuf;

use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::Url;
use weburl_sites::normalize::Normalizer;

use crate::args::{Cli, Compat, Parsed, MAX_JOBS};
use crate::components::Mods;
use crate::edit::{EditArgs, Edits};
use crate::exit::{self, fatal, Fatal};
use crate::format::Format;
use crate::output::{self, Column, Mode, Output};
use crate::record::{Filter, OnError, Processor};

/// The main mode's configuration.
#[derive(Debug)]
pub struct Config {
    /// The URL arguments (positional and `--url`), in command-line order.
    pub inputs: Vec<String>,
    /// `--url-file`; `-` is standard input.
    pub url_file: Option<PathBuf>,
    /// `--set`, `--append` or `--iterate` is given: with no input, a URL is
    /// built from them.
    pub builds: bool,
    pub output: Output,
    pub edits: Edits,
    pub base: Option<Url>,
    pub encoding: &'static Encoding,
    /// `--compat=trurl` and not `--no-guess-scheme`.
    pub guess_scheme: bool,
    /// `--compat=trurl`: a URL with a host has at least the path `/`.
    pub root_path: bool,
    /// `--normalize`.
    pub normalizer: Option<Normalizer>,
    pub lossy: bool,
    /// `--percent-bytes`.
    pub percent_bytes: bool,
    pub curl_only: bool,
    /// `--on-error`, or `fail` with `--verify`.
    pub on_error: OnError,
    pub filter: Filter,
    pub quiet: bool,
    pub count: bool,
    pub unique: bool,
    pub benchmark: bool,
    pub allow_errors: bool,
    pub no_progress: bool,
    /// Threads, `-j 0` resolved to the cores (at most [`MAX_JOBS`]).
    pub jobs: usize,
    pub max_line: Option<usize>,
}

impl Config {
    /// Checks the options in the order trurl reports their mistakes.
    pub fn new(parsed: Parsed) -> Result<Config, Fatal> {
        let Parsed { cli, inputs } = parsed;
        let qsep = query_separator(&cli)?;
        let mods = Mods {
            encoded: cli.urlencode,
            default_port: cli.default_port,
            idn: cli.as_idn,
            iri: cli.as_iri,
            surt: cli.surt_profile,
        };
        let mode = output_mode(&cli, mods)?;
        let (fields, explicit_fields) = fields(&cli)?;
        let edits = Edits::new(&EditArgs {
            set: &cli.set,
            iterate: &cli.iterate,
            append: &cli.append,
            qtrim: &cli.qtrim,
            trim: &cli.trim,
            replace: &cli.replace,
            replace_append: &cli.replace_append,
            sort_query: cli.sort_query,
            qsep,
            redirect: cli.redirect.as_deref(),
        })?;
        let base = match &cli.base {
            Some(b) => Some(
                Url::parse(b).map_err(|e| fatal(exit::BADURL, format!("base URL {b:?}: {e}")))?,
            ),
            None => None,
        };
        let encoding: &'static Encoding = match &cli.encoding {
            Some(label) => Encoding::for_label(label.as_bytes())
                .ok_or_else(|| fatal(exit::FLAG, format!("unknown encoding: {label}")))?,
            None => UTF_8,
        };
        if cli.keep_port && !cli.quiet {
            eprintln!("weburl note: --keep-port has no effect: the URL Standard drops a special scheme's default port");
        }
        let compat = cli.compat == Compat::Trurl;
        Ok(Config {
            inputs,
            builds: !(cli.set.is_empty() && cli.append.is_empty() && cli.iterate.is_empty()),
            output: Output {
                mode,
                fields,
                explicit_fields,
                mods,
                qsep,
            },
            edits,
            base,
            encoding,
            guess_scheme: compat && !cli.no_guess_scheme,
            root_path: compat,
            normalizer: cli.normalize,
            lossy: cli.lossy,
            percent_bytes: cli.percent_bytes,
            curl_only: cli.curl,
            on_error: if cli.verify {
                OnError::Fail
            } else {
                cli.on_error
            },
            filter: match (cli.valid, cli.invalid) {
                (true, _) => Filter::Valid,
                (_, true) => Filter::Invalid,
                _ => Filter::All,
            },
            quiet: cli.quiet,
            count: cli.count,
            unique: cli.unique,
            benchmark: cli.benchmark,
            allow_errors: cli.allow_errors,
            no_progress: cli.no_progress,
            jobs: match cli.jobs {
                0 => std::thread::available_parallelism()
                    .map_or(1, |n| n.get())
                    .min(MAX_JOBS.into()),
                n => n.into(),
            },
            max_line: cli.max_line,
            url_file: cli.url_file,
        })
    }

    /// What decides what a record becomes, borrowing from the configuration.
    pub fn processor(&self) -> Processor<'_> {
        let mut processor = Processor {
            base: self.base.as_ref(),
            encoding: self.encoding,
            edits: &self.edits,
            output: &self.output,
            guess_scheme: self.guess_scheme,
            root_path: self.root_path,
            normalizer: self.normalizer.as_ref(),
            lossy: self.lossy,
            percent_bytes: self.percent_bytes,
            max_line: self.max_line,
            curl_only: self.curl_only,
            on_error: self.on_error,
            filter: self.filter,
            quiet: self.quiet,
            count_only: self.count && !self.unique && !matches!(self.output.mode, Mode::Get(_)),
            record_ends: self.unique,
            from_args: false,
            fast: false,
        };
        processor.fast = processor.fast();
        processor
    }

    /// --count and --benchmark write no records.
    pub fn discard(&self) -> bool {
        self.count || self.benchmark
    }
}

/// `--query-separator`: one byte, `&` by default.
fn query_separator(cli: &Cli) -> Result<u8, Fatal> {
    match cli.query_separator.as_deref() {
        None => Ok(b'&'),
        Some(s) if s.len() == 1 => Ok(s.as_bytes()[0]),
        Some(_) => Err(fatal(
            exit::FLAG,
            "only single-letter query separators are supported",
        )),
    }
}

fn output_mode(cli: &Cli, mods: Mods) -> Result<Mode, Fatal> {
    Ok(if let Some(f) = &cli.get {
        Mode::Get(Format::parse(f, mods).map_err(|e| fatal(exit::GET, e.0))?)
    } else if cli.json {
        Mode::Json
    } else if cli.jsonl {
        Mode::Jsonl
    } else if cli.csv {
        Mode::Csv
    } else if cli.tsv {
        Mode::Tsv
    } else if cli.diagram {
        Mode::Diagram
    } else {
        Mode::Text
    })
}

/// `--fields`, and whether it was given.
fn fields(cli: &Cli) -> Result<(Vec<Column>, bool), Fatal> {
    if cli.fields.is_empty() {
        return Ok((output::default_columns(), false));
    }
    let fields = cli
        .fields
        .iter()
        .map(|f| {
            Column::parse(f).ok_or_else(|| {
                fatal(
                    exit::FLAG,
                    format!("unknown field: {f}: expected one of {}", Column::names()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((fields, true))
}
