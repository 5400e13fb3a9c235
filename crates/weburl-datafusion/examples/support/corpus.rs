//! The URL lines of the main repository's test corpus, shared by the
//! examples (included with `#[path]`; in a folder, so it is no example itself).

use std::path::Path;

/// Where the corpus is: `WEBURL_CORPUS`, or the main repository's copy.
pub fn corpus_dir() -> String {
    std::env::var("WEBURL_CORPUS")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/urls").to_owned())
}

/// Every non-empty line of every `*.txt` file in `dir`, in file name order.
pub fn load_lines(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut lines = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        lines.extend(
            text.lines()
                .map(|l| l.trim_start_matches('\u{feff}').trim_end_matches('\r'))
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    Ok(lines)
}
