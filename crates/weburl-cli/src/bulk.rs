//! Reading records and the ordered pipeline.
//!
//! The line reader works on bytes: a line ends at `\n`; one `\r` before it
//! is dropped (a CRLF line), any other `\r` is data; a last line without a
//! newline is a line; nothing is truncated (with `--max-line`, a longer
//! line becomes a `TooLong` record and its bytes are skipped, not kept).
//! Byte offsets count every byte read.
//!
//! Lines are gathered into batches. With one job the main thread reads,
//! processes and writes each batch in turn. With N jobs a reader thread
//! fills batches, N workers process them, and the main thread writes them
//! back in input order; a fixed pool of batch buffers circulates between
//! them, so memory is bounded whatever the input size and buffers are
//! reused rather than allocated per line.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Mutex;

use crate::output::{Meta, Output};
use crate::record::{Processor, Sink};

/// A batch ends after this many lines or bytes, whichever comes first.
const BATCH_LINES: usize = 4096;
const BATCH_BYTES: usize = 1 << 20;

#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
    number: u64,
    offset: u64,
    /// The length of a line refused by --max-line.
    too_long: Option<u64>,
}

/// Lines read together, then their output.
#[derive(Debug, Default)]
pub struct Batch {
    seq: u64,
    data: Vec<u8>,
    lines: Vec<Line>,
    bytes: u64,
    sink: Sink,
    /// Set when --on-error=fail stopped at a record of this batch.
    stop: Option<u8>,
}

impl Batch {
    fn clear(&mut self) {
        self.data.clear();
        self.lines.clear();
        self.bytes = 0;
        self.sink.clear();
        self.stop = None;
    }
}

/// Reads lines from `R`, counting line numbers and byte offsets.
#[derive(Debug)]
pub struct LineReader<R> {
    r: R,
    offset: u64,
    number: u64,
    max_line: Option<usize>,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(r: R, max_line: Option<usize>) -> Self {
        LineReader {
            r,
            offset: 0,
            number: 0,
            max_line,
        }
    }

    /// Appends the next line's content to `buf`. A line longer than
    /// --max-line stops being kept as soon as it is known to be too long.
    fn next_into(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
        let start = buf.len();
        let mut total = 0usize;
        let mut kept = true;
        let mut ended = false;
        // The line's last two bytes so far: is there a CR before the LF?
        let (mut before_last, mut last) = (None, None);
        loop {
            let chunk = self.r.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            let (take, found) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let piece = &chunk[..take];
            before_last = if take >= 2 {
                Some(piece[take - 2])
            } else {
                last
            };
            last = piece.last().copied();
            if kept {
                buf.extend_from_slice(piece);
            }
            total += take;
            self.r.consume(take);
            if let Some(max) = self.max_line {
                // Content and at most "\r\n": past that it is too long whatever follows.
                if kept && total > max + 2 {
                    kept = false;
                    buf.truncate(start);
                }
            }
            if found {
                ended = true;
                break;
            }
        }
        if total == 0 {
            return Ok(None);
        }
        let ending = if ended {
            1 + usize::from(total >= 2 && before_last == Some(b'\r'))
        } else {
            0
        };
        let content = total - ending;
        let too_long = self.max_line.is_some_and(|max| content > max);
        if too_long {
            buf.truncate(start);
        } else {
            buf.truncate(buf.len() - ending);
        }
        self.number += 1;
        let line = Line {
            start,
            end: buf.len(),
            number: self.number,
            offset: self.offset,
            too_long: too_long.then_some(content as u64),
        };
        self.offset += total as u64;
        Ok(Some(line))
    }

    /// Fills `batch` with the next lines; false when there were none.
    fn fill(&mut self, batch: &mut Batch) -> io::Result<bool> {
        let before = self.offset;
        while batch.lines.len() < BATCH_LINES && batch.data.len() < BATCH_BYTES {
            match self.next_into(&mut batch.data)? {
                Some(line) => batch.lines.push(line),
                None => break,
            }
        }
        batch.bytes = self.offset - before;
        Ok(!batch.lines.is_empty())
    }
}

/// Processes every line of a batch.
fn process(p: &Processor<'_>, stop_at_failure: bool, batch: &mut Batch) {
    for line in &batch.lines {
        let meta = Meta {
            line: line.number,
            offset: Some(line.offset),
            input: &batch.data[line.start..line.end],
        };
        if !p.process(&meta, line.too_long, &mut batch.sink) && stop_at_failure {
            batch.stop = batch.sink.first_failure;
            return;
        }
    }
}

/// Totals of a run.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    pub ok: u64,
    pub failed: u64,
    pub emitted: u64,
    pub bytes: u64,
    pub first_failure: Option<u8>,
    /// --on-error=fail (or --verify) stopped the run with this code.
    pub stopped: Option<u8>,
}

/// Writes batches in order: stdout records, stderr messages, --unique,
/// the JSON array's commas, progress.
pub struct Writer<'a, W: Write> {
    pub out: W,
    pub output: &'a Output,
    pub unique: Option<HashSet<Box<[u8]>>>,
    /// Nothing goes to `out` (--count, --benchmark).
    pub discard: bool,
    pub wrote_any: bool,
    pub totals: Totals,
    pub progress: Option<indicatif::ProgressBar>,
}

impl<W: Write> std::fmt::Debug for Writer<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer")
            .field("totals", &self.totals)
            .finish()
    }
}

impl<W: Write> Writer<'_, W> {
    /// Writes one processed sink.
    pub fn write(&mut self, sink: &Sink, bytes: u64) -> io::Result<()> {
        if !sink.err.is_empty() {
            let err = || io::stderr().lock().write_all(&sink.err);
            match &self.progress {
                Some(bar) => bar.suspend(err),
                None => err(),
            }?;
        }
        let t = &mut self.totals;
        t.ok += sink.ok;
        t.failed += sink.failed;
        t.bytes += bytes;
        if t.first_failure.is_none() {
            t.first_failure = sink.first_failure;
        }
        if let Some(bar) = &self.progress {
            bar.inc(bytes);
        }
        if let Some(seen) = &mut self.unique {
            let mut start = 0;
            for &end in &sink.ends {
                let rec = &sink.out[start..end];
                start = end;
                if seen.contains(rec) {
                    continue;
                }
                seen.insert(rec.into());
                self.totals.emitted += 1;
                if !self.discard {
                    write_record(&mut self.out, self.output, &mut self.wrote_any, rec)?;
                }
            }
            return Ok(());
        }
        self.totals.emitted += sink.emitted;
        if !self.discard && !sink.out.is_empty() {
            write_record(&mut self.out, self.output, &mut self.wrote_any, &sink.out)?;
        }
        Ok(())
    }
}

fn write_record<W: Write>(
    out: &mut W,
    output: &Output,
    wrote_any: &mut bool,
    rec: &[u8],
) -> io::Result<()> {
    let rec = if output.leading_comma() && !*wrote_any {
        rec.strip_prefix(b",").unwrap_or(rec)
    } else {
        rec
    };
    *wrote_any = true;
    out.write_all(rec)
}

/// Something that stops a run: the input could not be read, or the output
/// could not be written.
#[derive(Debug)]
pub enum RunError {
    Read(io::Error),
    Write(io::Error),
}

/// Opens the input on the thread that reads it (standard input's lock
/// cannot move between threads).
pub type Opener = Box<dyn FnOnce() -> Box<dyn BufRead> + Send>;

/// Reads, processes and writes every line of `input`.
pub fn run<R, W>(
    input: impl FnOnce() -> R + Send,
    max_line: Option<usize>,
    jobs: usize,
    p: &Processor<'_>,
    stop_at_failure: bool,
    w: &mut Writer<'_, W>,
) -> Result<(), RunError>
where
    R: BufRead,
    W: Write,
{
    if jobs <= 1 {
        let mut reader = LineReader::new(input(), max_line);
        let mut batch = Batch::default();
        loop {
            batch.clear();
            if !reader.fill(&mut batch).map_err(RunError::Read)? {
                return Ok(());
            }
            process(p, stop_at_failure, &mut batch);
            w.write(&batch.sink, batch.bytes).map_err(RunError::Write)?;
            if let Some(code) = batch.stop {
                w.totals.stopped = Some(code);
                return Ok(());
            }
        }
    }
    run_parallel(input, max_line, jobs, p, stop_at_failure, w)
}

fn run_parallel<R, W>(
    input: impl FnOnce() -> R + Send,
    max_line: Option<usize>,
    jobs: usize,
    p: &Processor<'_>,
    stop_at_failure: bool,
    w: &mut Writer<'_, W>,
) -> Result<(), RunError>
where
    R: BufRead,
    W: Write,
{
    // Enough buffers to keep every worker busy while one batch is written
    // and one is read.
    let pool_size = 2 * jobs + 2;
    let (pool_tx, pool_rx) = channel::<Batch>();
    for _ in 0..pool_size {
        let _ = pool_tx.send(Batch::default());
    }
    let (work_tx, work_rx) = sync_channel::<Batch>(pool_size);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Batch>();
    let stop = AtomicBool::new(false);

    std::thread::scope(|s| {
        let stop_flag = &stop;
        let reader = s.spawn(move || -> io::Result<()> {
            let mut reader = LineReader::new(input(), max_line);
            let mut seq = 0;
            // The pool runs dry only when the writer has stopped.
            while let Ok(mut batch) = pool_rx.recv() {
                if stop_flag.load(Ordering::Relaxed) {
                    break;
                }
                batch.clear();
                if !reader.fill(&mut batch)? {
                    break;
                }
                batch.seq = seq;
                seq += 1;
                if work_tx.send(batch).is_err() {
                    break;
                }
            }
            drop(work_tx);
            Ok(())
        });
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (work_rx, stop) = (&work_rx, &stop);
            s.spawn(move || loop {
                let next = work_rx.lock().map(|rx| rx.recv());
                let Ok(Ok(mut batch)) = next else { break };
                if !stop.load(Ordering::Relaxed) {
                    process(p, stop_at_failure, &mut batch);
                }
                if done_tx.send(batch).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let written = write_in_order(&done_rx, &pool_tx, &stop, w);
        // Whatever happened, let the reader and workers finish.
        stop.store(true, Ordering::Relaxed);
        drop(pool_tx);
        drop(done_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("reader panicked")));
        written.map_err(RunError::Write)?;
        read.map_err(RunError::Read)
    })
}

/// The writer's side: batches come back in any order and are written in
/// sequence, each then returned to the pool.
fn write_in_order<W: Write>(
    done: &Receiver<Batch>,
    pool: &std::sync::mpsc::Sender<Batch>,
    stop: &AtomicBool,
    w: &mut Writer<'_, W>,
) -> io::Result<()> {
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    for batch in done {
        pending.insert(batch.seq, batch);
        while let Some(batch) = pending.remove(&next) {
            next += 1;
            w.write(&batch.sink, batch.bytes)?;
            if let Some(code) = batch.stop {
                w.totals.stopped = Some(code);
                stop.store(true, Ordering::Relaxed);
                return Ok(());
            }
            let _ = pool.send(batch);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: Option<usize>) -> Vec<(Vec<u8>, u64, u64, Option<u64>)> {
        let mut r = LineReader::new(input, max);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(l) = r.next_into(&mut buf).unwrap() {
            out.push((buf[l.start..l.end].to_vec(), l.number, l.offset, l.too_long));
        }
        out
    }

    #[test]
    fn line_endings() {
        let got = lines(b"a\r\nb\rc\n\n\rd\r", None);
        let texts: Vec<_> = got.iter().map(|l| l.0.clone()).collect();
        assert_eq!(
            texts,
            [b"a".to_vec(), b"b\rc".to_vec(), vec![], b"\rd\r".to_vec()]
        );
        let offsets: Vec<_> = got.iter().map(|l| l.2).collect();
        assert_eq!(offsets, [0, 3, 7, 8]);
    }

    #[test]
    fn max_line_skips_without_keeping() {
        let got = lines(b"abc\nabcdef\nab\r\nabcde", Some(3));
        assert_eq!(got[0], (b"abc".to_vec(), 1, 0, None));
        assert_eq!(got[1], (vec![], 2, 4, Some(6)));
        assert_eq!(got[2], (b"ab".to_vec(), 3, 11, None));
        assert_eq!(got[3], (vec![], 4, 15, Some(5)));
        let got = lines(b"abc\r\n", Some(3));
        assert_eq!(got[0], (b"abc".to_vec(), 1, 0, None));
        let got = lines(b"abcd", Some(3));
        assert_eq!(got[0], (vec![], 1, 0, Some(4)));
        let got = lines(b"abcx\r\nz", Some(3));
        assert_eq!(got[0], (vec![], 1, 0, Some(4)));
        assert_eq!(got[1], (b"z".to_vec(), 2, 6, None));
    }
}
