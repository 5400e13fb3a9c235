//! A run of the main mode, from its [`Config`]: the inputs chosen
//! (arguments, then the file or standard input), pushed through, the
//! summary and the exit code.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Instant;

use crate::bulk::{self, RunError, Writer};
use crate::config::Config;
use crate::edit;
use crate::exit::{self, fatal, Fatal};
use crate::output::{Meta, Mode};
use crate::record::{Filter, Processor, Sink};

const IO_BUFFER: usize = 1 << 20;

/// Where the lines come from.
enum Source {
    File(File, u64),
    Stdin,
}

pub fn run(mut config: Config) -> Result<u8, Fatal> {
    let (args, built, source) = select_inputs(&mut config)?;
    let config = &config;
    let processor = config.processor();
    let started = Instant::now();
    let stdout = io::stdout();
    let mut w = Writer {
        out: io::BufWriter::with_capacity(IO_BUFFER, stdout.lock()),
        output: &config.output,
        unique: config.unique.then(HashSet::new),
        discard: config.discard(),
        wrote_any: false,
        totals: bulk::Totals::default(),
        progress: None,
    };
    let mut head = Vec::new();
    config.output.header(&mut head);
    if !config.discard() {
        write_out(&mut w.out, &head, 0)?;
    }
    if !args.is_empty() {
        run_args(config, &processor, &args, built, &mut w)?;
    }
    let from_file = source.is_some();
    if let (Some(source), None) = (source, w.totals.stopped) {
        run_source(config, &processor, source, &mut w)?;
    }
    let closed = exit_code(&w.totals, config.allow_errors);
    let mut tail = Vec::new();
    config.output.footer(w.wrote_any, &mut tail);
    if !config.discard() {
        write_out(&mut w.out, &tail, closed)?;
    }
    if config.count {
        writeln!(w.out, "{}", w.totals.emitted).map_err(|e| write_error(e, closed))?;
    }
    flush(&mut w.out, closed)?;
    summary(config, &w.totals, started, from_file);
    Ok(closed)
}

/// The inputs: arguments, then the file. With neither, a URL is built from
/// the components when --set, --append or --iterate gives any (trurl's
/// "build a URL" mode, which never reads standard input, so that
/// `while read h; do weburl -s host=$h -s scheme=https; done < hosts`
/// leaves the loop its input); otherwise standard input is read when it
/// holds data. `-f -` reads it in every case. Returns the arguments,
/// whether the one argument is the built URL, and the source of lines.
fn select_inputs(config: &mut Config) -> Result<(Vec<String>, bool, Option<Source>), Fatal> {
    let mut args = std::mem::take(&mut config.inputs);
    let mut source = match config.url_file.as_deref() {
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
    if args.is_empty() && source.is_none() {
        if !config.builds && stdin_has_data() {
            source = Some(Source::Stdin);
        } else {
            let Some(start) = edit::start_from_sets(&config.edits.sets) else {
                // trurl opens and closes its array whatever happens, so
                // that a consumer still reads JSON: `[]`.
                if matches!(config.output.mode, Mode::Json) {
                    crate::stdio::write_stdout(b"[]\n")?;
                }
                return Err(fatal(exit::URL, "not enough input for a URL"));
            };
            args.push(start);
            built = true;
        }
    }
    Ok((args, built, source))
}

/// The URL arguments, one record each. A failure stops them when it stops
/// the run, or when the one argument is a URL built from --set.
fn run_args<W: Write>(
    config: &Config,
    processor: &Processor<'_>,
    args: &[String],
    built: bool,
    w: &mut Writer<'_, W>,
) -> Result<(), Fatal> {
    let p = Processor {
        from_args: true,
        ..*processor
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
        .map_err(|e| write_error(e, exit_code(&w.totals, config.allow_errors)))
}

/// The lines of the file or of standard input, through the bulk run.
fn run_source<W: Write>(
    config: &Config,
    processor: &Processor<'_>,
    source: Source,
    w: &mut Writer<'_, W>,
) -> Result<(), Fatal> {
    // Read in large chunks straight into the batches: no buffered reader
    // in between.
    let (input, len): (Box<dyn Read + Send>, Option<u64>) = match source {
        Source::File(f, len) => (Box::new(f), Some(len)),
        Source::Stdin => (Box::new(io::stdin()), None),
    };
    if !config.no_progress && io::stderr().is_terminal() {
        w.progress = progress_bar(len);
    }
    let result = bulk::run(input, config.max_line, config.jobs, processor, w);
    if let Some(bar) = w.progress.take() {
        bar.finish_and_clear();
    }
    match result {
        Ok(()) => Ok(()),
        Err(RunError::Read(e)) => {
            flush(&mut w.out, exit_code(&w.totals, config.allow_errors))?;
            Err(fatal(exit::FILE, format!("reading the URL file: {e}")))
        }
        Err(RunError::Write(e)) => Err(write_error(e, exit_code(&w.totals, config.allow_errors))),
    }
}

/// The --benchmark figures and the count of records that parsed and failed.
fn summary(config: &Config, t: &bulk::Totals, started: Instant, from_file: bool) {
    if config.benchmark {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let n = t.ok + t.failed;
        eprintln!(
            "weburl: {n} URLs, {} bytes in {secs:.3} s: {:.0} URLs/s, {:.1} MB/s",
            t.bytes,
            n as f64 / secs,
            t.bytes as f64 / secs / 1e6
        );
    }
    // A filter (--valid, --invalid) is quiet about what it filters out.
    if !config.quiet && config.filter == Filter::All && (from_file || t.failed > 0) {
        eprintln!("weburl: {} ok, {} failed", t.ok, t.failed);
    }
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
