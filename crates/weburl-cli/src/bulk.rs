//! Reading records and the ordered pipeline.
//!
//! Input is read in large chunks of whole lines, straight into a batch's
//! buffer; the lines inside a batch are found by whoever processes it. A
//! line ends at `\n`; one `\r` before it is dropped (a CRLF line), any
//! other `\r` is data; a last line without a newline is a line; a UTF-8
//! byte order mark at the start of the input is dropped; nothing is
//! truncated (with `--max-line`, a longer line becomes a `TooLong` record,
//! and a line longer than a whole chunk has its bytes skipped, not kept).
//! Byte offsets count every byte read.
//!
//! With one job the main thread reads, processes and writes each batch in
//! turn. With N jobs, N workers take turns reading the next batch (under a
//! lock: reading is the only serial step, and it is one `read` call per
//! megabyte), process it, and the main thread writes the batches back in
//! input order. A fixed pool of batch buffers circulates between them, so
//! memory is bounded whatever the input size and buffers are reused rather
//! than allocated per line.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

use crate::output::{Meta, Output};
use crate::record::{Processor, Sink};

/// A batch is read until it holds at least this many bytes, then cut after
/// its last complete line.
const BATCH_BYTES: usize = 1 << 20;

/// The UTF-8 encoding of U+FEFF, which some editors put at the start of
/// a text file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line of a batch: its content is `data[start..end]`.
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
    /// The length of a line refused by --max-line.
    too_long: Option<u64>,
}

/// Whole lines read together, then their output.
#[derive(Debug, Default)]
pub struct Batch {
    seq: u64,
    /// The bytes read, line endings included; only `data[..len]` is input
    /// (the rest is buffer kept for the next read).
    data: Vec<u8>,
    len: usize,
    /// The number and byte offset of the batch's first line.
    first_number: u64,
    first_offset: u64,
    /// The batch is one line longer than --max-line whose bytes were
    /// skipped: the length of its content.
    skipped_line: Option<u64>,
    /// The bytes of input the batch accounts for.
    bytes: u64,
    lines: Vec<Line>,
    sink: Sink,
    /// Set when a failure stopped the run at a record of this batch
    /// (--on-error=fail, or `must:`/`strict:`).
    stop: Option<u8>,
}

impl Batch {
    fn clear(&mut self) {
        self.len = 0;
        self.skipped_line = None;
        self.bytes = 0;
        self.lines.clear();
        self.sink.clear();
        self.stop = None;
    }
}

/// Reads whole lines in chunks, counting line numbers and byte offsets.
#[derive(Debug)]
pub struct ChunkReader<R> {
    r: R,
    /// The start of a line that the last batch could not hold whole.
    carry: Vec<u8>,
    offset: u64,
    number: u64,
    max_line: Option<usize>,
    eof: bool,
}

impl<R: Read> ChunkReader<R> {
    pub fn new(r: R, max_line: Option<usize>) -> Self {
        ChunkReader {
            r,
            carry: Vec::new(),
            offset: 0,
            number: 0,
            max_line,
            eof: false,
        }
    }

    /// Reads once into `batch.data[batch.len..]`, making room for at least
    /// `want` bytes; the number of bytes read (0 at the end of input).
    fn read_more(&mut self, batch: &mut Batch, want: usize) -> io::Result<usize> {
        if batch.data.len() < batch.len + want {
            batch.data.resize(batch.len + want, 0);
        }
        loop {
            match self.r.read(&mut batch.data[batch.len..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(0);
                }
                Ok(n) => {
                    batch.len += n;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Fills `batch` with the next whole lines; false when there were none.
    fn fill(&mut self, batch: &mut Batch) -> io::Result<bool> {
        batch.clear();
        batch.first_number = self.number + 1;
        batch.first_offset = self.offset;
        if batch.data.len() < self.carry.len() {
            batch.data.resize(self.carry.len(), 0);
        }
        batch.data[..self.carry.len()].copy_from_slice(&self.carry);
        batch.len = self.carry.len();
        self.carry.clear();
        // Where to look for the last newline: bytes before `searched` have none.
        let mut searched = 0;
        while !self.eof {
            if batch.len < BATCH_BYTES {
                self.read_more(batch, BATCH_BYTES - batch.len)?;
                continue;
            }
            if let Some(i) = memchr::memrchr(b'\n', &batch.data[searched..batch.len]) {
                let cut = searched + i + 1;
                self.carry.extend_from_slice(&batch.data[cut..batch.len]);
                batch.len = cut;
                break;
            }
            // One line is longer than everything read so far.
            searched = batch.len;
            if self.max_line.is_some_and(|max| batch.len > max + 2) {
                return self.skip_line(batch).map(|()| true);
            }
            self.read_more(batch, BATCH_BYTES)?;
        }
        let data = &batch.data[..batch.len];
        let mut lines = memchr::memchr_iter(b'\n', data).count() as u64;
        if data.last().is_some_and(|&b| b != b'\n') {
            lines += 1; // the last line, without a newline
        }
        self.number += lines;
        self.offset += batch.len as u64;
        batch.bytes = batch.len as u64;
        Ok(lines > 0)
    }

    /// The batch holds the start of one line longer than --max-line: reads
    /// past the rest of it without keeping it, and makes the batch that
    /// line's `TooLong` record.
    fn skip_line(&mut self, batch: &mut Batch) -> io::Result<()> {
        let mut total = batch.len as u64;
        let mut last_two = [batch.data[batch.len - 2], batch.data[batch.len - 1]];
        let ending = loop {
            batch.len = 0;
            let n = self.read_more(batch, BATCH_BYTES)?;
            if n == 0 {
                break 0;
            }
            let chunk = &batch.data[..n];
            if let Some(i) = memchr::memchr(b'\n', chunk) {
                let before = if i >= 1 { chunk[i - 1] } else { last_two[1] };
                total += i as u64 + 1;
                self.carry.extend_from_slice(&chunk[i + 1..]);
                break 1 + u64::from(before == b'\r');
            }
            total += n as u64;
            last_two = if n >= 2 {
                [chunk[n - 2], chunk[n - 1]]
            } else {
                [last_two[1], chunk[0]]
            };
        };
        batch.len = 0;
        batch.skipped_line = Some(total - ending);
        self.number += 1;
        self.offset += total;
        batch.bytes = total;
        Ok(())
    }
}

/// Finds the lines of a batch.
fn split_lines(batch: &mut Batch, max_line: Option<usize>) {
    if let Some(len) = batch.skipped_line {
        batch.lines.push(Line {
            start: 0,
            end: 0,
            too_long: Some(len),
        });
        return;
    }
    let data = &batch.data[..batch.len];
    // A UTF-8 byte order mark opens the input, not its first line.
    let mut start = if batch.first_offset == 0 && data.starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    let mut push = |start: usize, end: usize| {
        let content = end - start;
        let too_long = max_line.is_some_and(|max| content > max);
        batch.lines.push(Line {
            start,
            end: if too_long { start } else { end },
            too_long: too_long.then_some(content as u64),
        });
    };
    for newline in memchr::memchr_iter(b'\n', data) {
        let end = if newline > start && data[newline - 1] == b'\r' {
            newline - 1
        } else {
            newline
        };
        push(start, end);
        start = newline + 1;
    }
    if start < data.len() {
        push(start, data.len());
    }
}

/// Processes every line of a batch.
fn process(p: &Processor<'_>, max_line: Option<usize>, batch: &mut Batch) {
    split_lines(batch, max_line);
    let data = &batch.data[..batch.len];
    // One check for the whole batch; its lines are then text too, as they
    // are cut at ASCII bytes.
    let text = std::str::from_utf8(data).ok();
    for (i, line) in batch.lines.iter().enumerate() {
        let meta = Meta {
            line: batch.first_number + i as u64,
            offset: Some(batch.first_offset + line.start as u64),
            input: &data[line.start..line.end],
            text: text.map(|t| &t[line.start..line.end]),
        };
        if !p.process(&meta, line.too_long, &mut batch.sink) && batch.sink.stop.is_some() {
            batch.stop = batch.sink.stop;
            return;
        }
    }
}

/// The progress bar shows for inputs of this many bytes or more: a run
/// shorter than that is over before a bar would help.
pub const PROGRESS_AFTER: u64 = 8 << 20;

/// Totals of a run.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    pub ok: u64,
    pub failed: u64,
    pub emitted: u64,
    pub bytes: u64,
    pub first_failure: Option<u8>,
    /// A failure stopped the run with this code (--on-error=fail,
    /// --verify, `must:`/`strict:`).
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
            if bar.is_hidden() && bar.position() >= PROGRESS_AFTER {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
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

/// Reads, processes and writes every line of `input`.
pub fn run<W: Write>(
    input: Box<dyn Read + Send>,
    max_line: Option<usize>,
    jobs: usize,
    p: &Processor<'_>,
    w: &mut Writer<'_, W>,
) -> Result<(), RunError> {
    let mut reader = ChunkReader::new(input, max_line);
    if jobs <= 1 {
        let mut batch = Batch::default();
        loop {
            if !reader.fill(&mut batch).map_err(RunError::Read)? {
                return Ok(());
            }
            process(p, max_line, &mut batch);
            w.write(&batch.sink, batch.bytes).map_err(RunError::Write)?;
            if let Some(code) = batch.stop {
                w.totals.stopped = Some(code);
                return Ok(());
            }
        }
    }
    run_parallel(reader, jobs, p, w)
}

/// What the workers share: the input and the free batch buffers, taken
/// together under one lock so that batches are numbered in read order.
struct Input<R> {
    reader: ChunkReader<R>,
    free: Receiver<Batch>,
    next_seq: u64,
    /// The first read error; reading stops there.
    error: Option<io::Error>,
}

impl<R: Read> Input<R> {
    /// The next batch of input, numbered; `None` at the end of input, after
    /// an error, or when the writer has stopped (the pool is closed).
    fn next(&mut self) -> Option<Batch> {
        if self.error.is_some() {
            return None;
        }
        let mut batch = self.free.recv().ok()?;
        match self.reader.fill(&mut batch) {
            Ok(true) => {
                batch.seq = self.next_seq;
                self.next_seq += 1;
                Some(batch)
            }
            Ok(false) => None,
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

fn run_parallel<R: Read + Send, W: Write>(
    reader: ChunkReader<R>,
    jobs: usize,
    p: &Processor<'_>,
    w: &mut Writer<'_, W>,
) -> Result<(), RunError> {
    // Enough buffers to keep every worker busy while batches wait to be
    // written in order.
    let pool_size = 2 * jobs + 2;
    let (pool_tx, pool_rx) = channel::<Batch>();
    for _ in 0..pool_size {
        let _ = pool_tx.send(Batch::default());
    }
    let max_line = reader.max_line;
    let input = Mutex::new(Input {
        reader,
        free: pool_rx,
        next_seq: 0,
        error: None,
    });
    let (done_tx, done_rx) = channel::<Batch>();
    let stop = AtomicBool::new(false);

    std::thread::scope(|s| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (input, stop) = (&input, &stop);
            s.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let next = input.lock().ok().and_then(|mut input| input.next());
                let Some(mut batch) = next else { break };
                process(p, max_line, &mut batch);
                if done_tx.send(batch).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let written = write_in_order(&done_rx, &pool_tx, &stop, w);
        // Whatever happened, let the workers finish: a worker waiting for
        // a free buffer wakes when the pool closes.
        stop.store(true, Ordering::Relaxed);
        drop(pool_tx);
        drop(done_rx);
        written.map_err(RunError::Write)
    })?;
    let error = input
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .error;
    error.map_or(Ok(()), |e| Err(RunError::Read(e)))
}

/// The writer's side: batches come back in any order and are written in
/// sequence, each then returned to the pool.
fn write_in_order<W: Write>(
    done: &Receiver<Batch>,
    pool: &Sender<Batch>,
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

    /// A reader that hands out at most `step` bytes per read, as a pipe does.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    type Record = (Vec<u8>, u64, u64, Option<u64>);

    /// Every record of `input`: content, line number, byte offset, and the
    /// length of a line refused by `max`; the same for any read size.
    fn lines(input: &[u8], max: Option<usize>) -> Vec<Record> {
        let mut results: Vec<Vec<Record>> = Vec::new();
        for step in [1, 7, 4096, usize::MAX] {
            let mut r = ChunkReader::new(Trickle { data: input, step }, max);
            let mut batch = Batch::default();
            let mut out = Vec::new();
            let mut bytes = 0;
            while r.fill(&mut batch).unwrap() {
                split_lines(&mut batch, max);
                bytes += batch.bytes;
                for (i, l) in batch.lines.iter().enumerate() {
                    out.push((
                        batch.data[l.start..l.end].to_vec(),
                        batch.first_number + i as u64,
                        batch.first_offset + l.start as u64,
                        l.too_long,
                    ));
                }
            }
            assert_eq!(bytes, input.len() as u64, "every byte accounted for");
            results.push(out);
        }
        assert!(
            results.windows(2).all(|w| w[0] == w[1]),
            "read size matters"
        );
        results.pop().unwrap()
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
        assert_eq!(lines(b"", None), []);
        assert_eq!(lines(b"\n", None), [(vec![], 1, 0, None)]);
        assert_eq!(lines(b"\r\n", None), [(vec![], 1, 0, None)]);
    }

    #[test]
    fn max_line_refuses_without_truncating() {
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

    /// Lines longer than a batch: kept whole without --max-line, skipped
    /// (their length still exact) with it.
    #[test]
    fn lines_longer_than_a_batch() {
        let long = vec![b'x'; 3 * BATCH_BYTES + 5];
        for ending in [&b"\n"[..], b"\r\n", b""] {
            let mut input = b"a\n".to_vec();
            input.extend_from_slice(&long);
            input.extend_from_slice(ending);
            input.extend_from_slice(b"b\r");
            let kept = lines(&input, None);
            assert_eq!(kept.len(), if ending.is_empty() { 2 } else { 3 });
            assert_eq!(kept[0], (b"a".to_vec(), 1, 0, None));
            if ending.is_empty() {
                assert_eq!(kept[1].0.len(), long.len() + 2);
                continue;
            }
            assert_eq!(kept[1], (long.clone(), 2, 2, None));
            let after = 2 + (long.len() + ending.len()) as u64;
            assert_eq!(kept[2], (b"b\r".to_vec(), 3, after, None));
            let refused = lines(&input, Some(100));
            assert_eq!(refused[1], (vec![], 2, 2, Some(long.len() as u64)));
            assert_eq!(refused[2], (b"b\r".to_vec(), 3, after, None));
        }
    }
}
