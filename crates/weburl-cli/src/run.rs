//! A run: options checked into a processor and an output, the inputs
//! (arguments, then the file or standard input) pushed through, the summary
//! and the exit code.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Instant;

use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::Url;

use crate::args::{exit, Cli, Compat, OnError, Parsed, MAX_JOBS};
use crate::bulk::{self, RunError, Writer};
use crate::components::Mods;
use crate::edit::{self, EditArgs, Edits};
use crate::format::{Defaults, Format};
use crate::output::{self, Field, Meta, Mode, Output};
use crate::record::{Filter, Processor, Sink};

/// A reason to stop before or during a run, with trurl's exit code.
#[derive(Debug)]
pub struct Fatal {
    pub code: u8,
    pub msg: String,
}

pub fn fatal(code: u8, msg: impl Into<String>) -> Fatal {
    Fatal {
        code,
        msg: msg.into(),
    }
}

const IO_BUFFER: usize = 1 << 20;

/// Where the lines come from.
enum Source {
    File(File, u64),
    Stdin,
}

pub fn run(parsed: Parsed) -> Result<u8, Fatal> {
    let Parsed { cli, inputs } = parsed;
    let qsep = match cli.query_separator.as_deref() {
        None => b'&',
        Some(s) if s.len() == 1 => s.as_bytes()[0],
        Some(_) => {
            return Err(fatal(
                exit::FLAG,
                "only single-letter query separators are supported",
            ))
        }
    };
    let mods = Mods {
        encoded: cli.urlencode,
        default_port: cli.default_port,
        idn: cli.as_idn,
        iri: cli.as_iri,
        surt: cli.surt_profile,
    };
    let mode = output_mode(&cli, mods)?;
    let (fields, explicit_fields) = if cli.fields.is_empty() {
        (output::default_fields(), false)
    } else {
        let fields = cli
            .fields
            .iter()
            .map(|f| {
                Field::parse(f).ok_or_else(|| fatal(exit::FLAG, format!("unknown field: {f}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        (fields, true)
    };
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
    })
    .map_err(|e| fatal(e.code, e.msg))?;
    let base = match &cli.base {
        Some(b) => {
            Some(Url::parse(b).map_err(|e| fatal(exit::BADURL, format!("base URL {b:?}: {e}")))?)
        }
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

    let is_get = matches!(mode, Mode::Get(_));
    let output = Output {
        mode,
        fields,
        explicit_fields,
        mods,
        qsep,
    };
    let filter = match (cli.valid, cli.invalid) {
        (true, _) => Filter::Valid,
        (_, true) => Filter::Invalid,
        _ => Filter::All,
    };
    let on_error = if cli.verify {
        OnError::Fail
    } else {
        cli.on_error
    };
    let compat = cli.compat == Compat::Trurl;
    let mut processor = Processor {
        base: base.as_ref(),
        encoding,
        edits: &edits,
        output: &output,
        guess_scheme: compat && !cli.no_guess_scheme,
        root_path: compat,
        lossy: cli.lossy,
        curl_only: cli.curl,
        on_error,
        filter,
        quiet: cli.quiet,
        count_only: cli.count && !cli.unique && !is_get,
        record_ends: cli.unique,
        from_args: false,
        fast: false,
    };
    processor.fast = processor.fast();

    // Inputs: arguments, then the file. With neither, a URL is built from
    // the components when --set, --append or --iterate gives any (trurl's
    // "build a URL" mode, which never reads standard input, so that
    // `while read h; do weburl -s host=$h -s scheme=https; done < hosts`
    // leaves the loop its input); otherwise standard input is read when it
    // holds data. `-f -` reads it in every case.
    let mut args = inputs;
    let mut source = match cli.url_file.as_deref() {
        Some(p) if p == Path::new("-") => Some(Source::Stdin),
        Some(p) => {
            let f = File::open(p)
                .map_err(|e| fatal(exit::FILE, format!("--url-file {}: {e}", p.display())))?;
            let len = f.metadata().map(|m| m.len()).unwrap_or(0);
            Some(Source::File(f, len))
        }
        None => None,
    };
    let mut built = false;
    let builds = !(cli.set.is_empty() && cli.append.is_empty() && cli.iterate.is_empty());
    if args.is_empty() && source.is_none() {
        if !builds && stdin_has_data() {
            source = Some(Source::Stdin);
        } else {
            let Some(start) = edit::start_from_sets(&edits.sets) else {
                // trurl opens and closes its array whatever happens, so
                // that a consumer still reads JSON: `[]`.
                if matches!(output.mode, Mode::Json) {
                    crate::stdio::write_stdout(b"[]\n")?;
                }
                return Err(fatal(exit::URL, "not enough input for a URL"));
            };
            args.push(start);
            built = true;
        }
    }

    let started = Instant::now();
    let discard = cli.count || cli.benchmark;
    let stdout = io::stdout();
    let mut w = Writer {
        out: io::BufWriter::with_capacity(IO_BUFFER, stdout.lock()),
        output: &output,
        unique: cli.unique.then(HashSet::new),
        discard,
        wrote_any: false,
        totals: bulk::Totals::default(),
        progress: None,
    };
    let mut head = Vec::new();
    output.header(&mut head);
    if !discard {
        write_out(&mut w.out, &head, 0)?;
    }

    if !args.is_empty() {
        let p = Processor {
            from_args: true,
            ..processor
        };
        let mut sink = Sink::default();
        let mut bytes = 0;
        for (i, input) in args.iter().enumerate() {
            let meta = Meta {
                line: i as u64 + 1,
                offset: None,
                input: input.as_bytes(),
                text: Some(input),
            };
            bytes += input.len() as u64;
            if !p.process(&meta, None, &mut sink) && (sink.stop.is_some() || built) {
                w.totals.stopped = sink.stop.or(sink.first_failure);
                break;
            }
        }
        w.write(&sink, bytes)
            .map_err(|e| write_error(e, exit_code(&w.totals, cli.allow_errors)))?;
    }

    let from_file = source.is_some();
    if let (Some(source), None) = (source, w.totals.stopped) {
        let jobs = match cli.jobs {
            0 => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(MAX_JOBS.into()),
            n => n.into(),
        };
        // Read in large chunks straight into the batches: no buffered
        // reader in between.
        let (input, len): (Box<dyn Read + Send>, Option<u64>) = match source {
            Source::File(f, len) => (Box::new(f), Some(len)),
            Source::Stdin => (Box::new(io::stdin()), None),
        };
        if !cli.no_progress && io::stderr().is_terminal() {
            w.progress = progress_bar(len);
        }
        let result = bulk::run(input, cli.max_line, jobs, &processor, &mut w);
        if let Some(bar) = w.progress.take() {
            bar.finish_and_clear();
        }
        match result {
            Ok(()) => {}
            Err(RunError::Read(e)) => {
                flush(&mut w.out, exit_code(&w.totals, cli.allow_errors))?;
                return Err(fatal(exit::FILE, format!("reading the URL file: {e}")));
            }
            Err(RunError::Write(e)) => {
                return Err(write_error(e, exit_code(&w.totals, cli.allow_errors)))
            }
        }
    }

    let mut tail = Vec::new();
    output.footer(w.wrote_any, &mut tail);
    if !discard {
        write_out(&mut w.out, &tail, exit_code(&w.totals, cli.allow_errors))?;
    }
    if cli.count {
        writeln!(w.out, "{}", w.totals.emitted)
            .map_err(|e| write_error(e, exit_code(&w.totals, cli.allow_errors)))?;
    }
    flush(&mut w.out, exit_code(&w.totals, cli.allow_errors))?;

    let t = w.totals;
    if cli.benchmark {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let n = t.ok + t.failed;
        eprintln!(
            "weburl: {n} URLs, {} bytes in {secs:.3} s: {:.0} URLs/s, {:.1} MB/s",
            t.bytes,
            n as f64 / secs,
            t.bytes as f64 / secs / 1e6
        );
    }
    if !cli.quiet && (from_file || t.failed > 0) {
        eprintln!("weburl: {} ok, {} failed", t.ok, t.failed);
    }
    Ok(exit_code(&t, cli.allow_errors))
}

/// The exit code for what the run did so far: the code that stopped it,
/// else that of the first failed record (unless --allow-errors), else 0.
fn exit_code(t: &bulk::Totals, allow_errors: bool) -> u8 {
    match (t.stopped, t.first_failure) {
        (Some(code), _) => code,
        (None, Some(code)) if !allow_errors => code,
        _ => 0,
    }
}

fn output_mode(cli: &Cli, mods: Mods) -> Result<Mode, Fatal> {
    Ok(if let Some(f) = &cli.get {
        let defaults = Defaults {
            urlencode: mods.encoded,
            default_port: mods.default_port,
            idn: mods.idn,
            iri: mods.iri,
            surt: mods.surt,
        };
        Mode::Get(Format::parse(f, defaults).map_err(|e| fatal(exit::GET, e.0))?)
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

/// Whether standard input is a pipe, a file or a socket: data to read. A
/// terminal or a device like /dev/null is not.
fn stdin_has_data() -> bool {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = stdin.as_fd().try_clone_to_owned() else {
            return false;
        };
        let Ok(meta) = File::from(fd).metadata() else {
            return false;
        };
        let t = meta.file_type();
        t.is_fifo() || t.is_file() || t.is_socket()
    }
    #[cfg(not(unix))]
    true
}

/// The progress bar of a long run: a file of [`bulk::PROGRESS_AFTER`] or
/// more, or standard input, whose length is unknown, once that much of it
/// has been read (the writer shows the hidden bar then), so that a short
/// piped input never shows a spinner.
fn progress_bar(len: Option<u64>) -> Option<indicatif::ProgressBar> {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if len.is_some_and(|l| l < bulk::PROGRESS_AFTER) {
        return None;
    }
    let target = match len {
        Some(_) => ProgressDrawTarget::stderr(),
        None => ProgressDrawTarget::hidden(),
    };
    let bar = ProgressBar::with_draw_target(len, target);
    let template = match len {
        Some(_) => "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        None => "{spinner} {bytes} {bytes_per_sec}",
    };
    bar.set_style(ProgressStyle::with_template(template).ok()?);
    Some(bar)
}

fn write_out(out: &mut impl Write, bytes: &[u8], closed: u8) -> Result<(), Fatal> {
    out.write_all(bytes).map_err(|e| write_error(e, closed))
}

fn flush(out: &mut impl Write, closed: u8) -> Result<(), Fatal> {
    out.flush().map_err(|e| write_error(e, closed))
}

/// A closed pipe (`| head`) ends the run quietly, with `closed`: the exit
/// code of the records processed so far, so that a failure before the
/// pipe closed still shows. Other write errors fail the run.
fn write_error(e: io::Error, closed: u8) -> Fatal {
    if e.kind() == io::ErrorKind::BrokenPipe {
        fatal(closed, "")
    } else {
        fatal(exit::FILE, format!("writing the output: {e}"))
    }
}
