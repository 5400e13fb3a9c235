//! Whole inputs and outputs for the subcommands: each reads one file (or
//! standard input) and writes its result in one go.

use std::io::{self, Read, Write};
use std::path::Path;

use crate::exit::{self, fatal, Fatal};

/// The bytes of `path`, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, Fatal> {
    let read = if path == Path::new("-") {
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    };
    read.map_err(|e| fatal(exit::FILE, format!("{}: {e}", path.display())))
}

/// Writes `bytes` to standard output. A closed pipe (`| head`) ends the
/// command quietly, as in the main mode.
pub fn write_stdout(bytes: &[u8]) -> Result<(), Fatal> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(fatal(0, "")),
        Err(e) => Err(fatal(exit::FILE, format!("writing the output: {e}"))),
        Ok(()) => Ok(()),
    }
}
