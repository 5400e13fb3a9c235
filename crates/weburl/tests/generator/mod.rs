//! Deterministic URL input generator for the differential test: a small
//! PRNG, seed inputs from `testdata/` and mutations with URL-significant
//! tokens.
//!
//! Everything is seeded: the same seed gives the same inputs on every
//! machine, so a reported disagreement can be replayed by its case number.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// SplitMix64: tiny, fast, and good enough to pick mutations.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A string to parse and, optionally, the base URL to parse it against.
#[derive(Clone, Debug)]
pub struct Seed {
    pub input: String,
    pub base: Option<String>,
}

/// The vendored `testdata/` folder at the workspace root.
pub fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// The inputs (and bases) of the WPT URL test data.
pub fn wpt_seeds() -> Vec<Seed> {
    let path = testdata_dir().join("wpt/urltestdata.json");
    let raw =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&raw)
        .unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()));
    json.as_array()
        .expect("urltestdata.json is an array")
        .iter()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?.to_owned();
            let base = case.get("base").and_then(|b| b.as_str()).map(str::to_owned);
            Some(Seed { input, base })
        })
        .collect()
}

/// Real-world URLs from `testdata/urls/` when it is there: every line of
/// the `.txt` files and the (base, href) pairs of the `.tsv` files, taking
/// one line in `step`. Empty when the folder is missing.
pub fn real_world_seeds(step: usize) -> (Vec<Seed>, Vec<String>) {
    let dir = testdata_dir().join("urls");
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries.filter_map(|e| Some(e.ok()?.path())).collect(),
        Err(_) => return (Vec::new(), Vec::new()),
    };
    files.sort();
    let mut seeds = Vec::new();
    let mut names = Vec::new();
    for file in files {
        let extension = file.extension().and_then(|e| e.to_str()).unwrap_or("");
        if extension != "txt" && extension != "tsv" {
            continue;
        }
        let Ok(bytes) = fs::read(&file) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        let before = seeds.len();
        for line in text.lines().step_by(step.max(1)) {
            let line = line.trim_start_matches('\u{FEFF}');
            if line.is_empty() {
                continue;
            }
            match (extension, line.split_once('\t')) {
                ("tsv", Some((base, href))) => seeds.push(Seed {
                    input: href.to_owned(),
                    base: Some(base.to_owned()),
                }),
                _ => seeds.push(Seed {
                    input: line.to_owned(),
                    base: None,
                }),
            }
        }
        names.push(format!(
            "{} ({} seeds)",
            file_name(&file),
            seeds.len() - before
        ));
    }
    (seeds, names)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Bases the mutated inputs are also resolved against: special and
/// non-special, with and without host, credentials, port, opaque path.
pub const FIXED_BASES: [&str; 12] = [
    "https://user:pass@example.com:8080/dir/sub/file.html?q=1#frag",
    "http://example.org/",
    "http://127.0.0.1/a/b",
    "ws://[::1]:81/",
    "file:///C:/dir/file.txt",
    "file://server/share/file",
    "file:///",
    "sc://host/a/b?q",
    "sc://user@host:99",
    "sc:/a/b",
    "sc:opaque?q#f",
    "blob:https://example.com/uuid",
];

/// The tokens mutations insert: delimiters, percent sequences, IPv4-like
/// numbers, whitespace and controls, IDNA-mapped letters and schemes.
pub const TOKENS: &[&str] = &[
    // Slashes and authority delimiters.
    "/",
    "//",
    "///",
    "\\",
    "\\\\",
    "/\\",
    "\\/",
    "@",
    "@@",
    ":",
    "::",
    ":@",
    "?",
    "#",
    ".",
    "..",
    "./",
    "../",
    "/./",
    "/../",
    ";",
    "=",
    "&",
    "+",
    // Percent sequences.
    "%",
    "%%",
    "%2e",
    "%2E",
    "%2e%2e",
    ".%2e",
    "%2e.",
    "%41",
    "%zz",
    "%2",
    "%00",
    "%20",
    "%23",
    "%25",
    "%2f",
    "%2F",
    "%3a",
    "%3A",
    "%3f",
    "%40",
    "%5b",
    "%5d",
    "%5c",
    "%7f",
    "%80",
    "%c3%9f",
    "%ef%bc%85",
    "%e2%80%8d",
    // Brackets and IPv6.
    "[",
    "]",
    "[::]",
    "[::1]",
    "[::ffff:1.2.3.4]",
    "[1:2:3:4:5:6:7:8]",
    "[0::",
    "::1]",
    "[v1.x]",
    // Numbers that look like IPv4.
    "0",
    "00",
    "0x",
    "0X",
    "0x7f",
    "0x7F",
    "017",
    "0177",
    "08",
    "09",
    "127",
    "127.1",
    "127.0.0.1",
    "0x7f.1",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "2130706433",
    "0xffffffff",
    "0x100000000",
    "1.2.3.4.5",
    "1.2.3.",
    ".1",
    "99999999999999999999",
    // Ports.
    ":0",
    ":80",
    ":443",
    ":21",
    ":8080",
    ":65535",
    ":65536",
    ":+80",
    ":-1",
    ":0x50",
    ":80a",
    // Whitespace and controls.
    "\t",
    "\n",
    "\r",
    " ",
    "\u{0}",
    "\u{1}",
    "\u{1f}",
    "\u{7f}",
    "\u{c}",
    "\u{a0}",
    "\u{3000}",
    "\u{feff}",
    "\u{200b}",
    // IDNA.
    "xn--",
    "XN--",
    "xn--zca",
    "xn--8i7caa",
    "xn--fa-hia",
    "xn--53h",
    "xn--ls8h",
    "xn--a",
    "-",
    "ｅｘ",
    "ｅｘａｍｐｌｅ",
    "ß",
    "İ",
    "ı",
    "。",
    "．",
    "｡",
    "０",
    "％",
    "ﬀ",
    "Ⅻ",
    "ẞ",
    "\u{200d}",
    "\u{200c}",
    "\u{301}",
    "\u{5d0}",
    "\u{627}",
    "☕",
    "💩",
    "\u{fffd}",
    "\u{ad}",
    "\u{34f}",
    "Σ",
    "ς",
    "ǅ",
    "\u{2024}",
    "\u{fe0f}",
    // Forbidden host code points.
    "<",
    ">",
    "^",
    "|",
    "`",
    "{",
    "}",
    "'",
    "\"",
    "$",
    ",",
    "*",
    "!",
    // Schemes.
    "http:",
    "https:",
    "ws:",
    "wss:",
    "ftp:",
    "file:",
    "blob:",
    "data:",
    "javascript:",
    "sc:",
    "mailto:",
    "HTTP:",
    "hTTps:",
    "File:",
    "c:",
    "C|",
    "c|",
    "/c:",
    "file:///",
    "file://",
    "http://",
    "https://",
    "sc://",
    "blob:http://",
    "localhost",
    "LOCALHOST",
    "example.com",
];

/// A mutated copy of `input`: one to four insertions, deletions,
/// replacements, duplications or case flips.
pub fn mutate(rng: &mut Rng, input: &str, other: &str) -> String {
    let mut s: Vec<char> = input.chars().collect();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        let at = rng.below(s.len() + 1);
        match rng.below(10) {
            0..=3 => {
                let token: Vec<char> = rng.pick(TOKENS).chars().collect();
                s.splice(at..at, token);
            }
            4 if !s.is_empty() => {
                let at = at.min(s.len() - 1);
                let len = (1 + rng.below(4)).min(s.len() - at);
                s.drain(at..at + len);
            }
            5..=6 if !s.is_empty() => {
                let at = at.min(s.len() - 1);
                let len = (1 + rng.below(3)).min(s.len() - at);
                let token: Vec<char> = rng.pick(TOKENS).chars().collect();
                s.splice(at..at + len, token);
            }
            7 if !s.is_empty() => {
                // Duplicate a chunk (repeats "../", "@", labels...).
                let at = at.min(s.len() - 1);
                let len = (1 + rng.below(6)).min(s.len() - at);
                let chunk: Vec<char> = s[at..at + len].to_vec();
                s.splice(at..at, chunk);
            }
            8 if !s.is_empty() => {
                let at = at.min(s.len() - 1);
                let c = s[at];
                s[at] = if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                };
            }
            _ => {
                // Splice in a piece of another seed.
                let other: Vec<char> = other.chars().collect();
                if !other.is_empty() {
                    let from = rng.below(other.len());
                    let len = (1 + rng.below(12)).min(other.len() - from);
                    s.splice(at..at, other[from..from + len].iter().copied());
                }
            }
        }
    }
    s.into_iter().collect()
}
