//! `cli-ada-loop FILE`: reads FILE line by line, parses each line with ada
//! and writes its href (an empty line for a failure) to standard output,
//! as `weburl -f FILE --get '{href}'` does; reports its own rate on stderr.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: cli-ada-loop FILE");
    let started = Instant::now();
    let file = std::fs::File::open(&path).expect("open FILE");
    let mut input = BufReader::with_capacity(1 << 20, file);
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut line = Vec::new();
    let (mut n, mut failed, mut bytes) = (0u64, 0u64, 0u64);
    loop {
        line.clear();
        let read = input.read_until(b'\n', &mut line).expect("read FILE");
        if read == 0 {
            break;
        }
        bytes += read as u64;
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        n += 1;
        match std::str::from_utf8(&line).ok().and_then(|s| ada_url::Url::parse(s, None).ok()) {
            Some(url) => out.write_all(url.href().as_bytes()).expect("write"),
            None => failed += 1,
        }
        out.write_all(b"\n").expect("write");
    }
    out.flush().expect("write");
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "ada loop: {n} URLs ({failed} failed), {bytes} bytes in {secs:.3} s: {:.0} URLs/s, {:.1} MB/s",
        n as f64 / secs,
        bytes as f64 / secs / 1e6
    );
}
