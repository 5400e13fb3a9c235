//! Machinery shared by the data-driven conformance suites: loading the
//! vendored JSON, naming cases, the expected-failures list, catching panics
//! and the final report.
//!
//! Every case runs to completion and records its problems; nothing stops at
//! the first mismatch. The report at the end lists every failing case, a
//! summary line per suite and a final `N passed, M failed` line.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;

/// Environment variable holding a substring; only cases whose name contains
/// it run.
pub const FILTER_VAR: &str = "WEBURL_TEST_FILTER";

/// Failing cases reported with all their details; the rest get one line each.
const DETAILED_FAILURES: usize = 200;

/// The vendored `testdata/` folder at the workspace root.
pub fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Reads and parses a JSON file under `testdata/`.
///
/// Lone UTF-16 surrogate escapes are replaced by `\uFFFD` first (see
/// [`replace_lone_surrogates`]), so files written for UTF-16 strings load into
/// Rust strings the way a browser converts them to a USVString.
pub fn load_json(relative: &str) -> serde_json::Value {
    let path = testdata_dir().join(relative);
    let raw = fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&replace_lone_surrogates(&raw))
        .unwrap_or_else(|err| panic!("cannot parse {}: {err}", path.display()))
}

/// The URLs of WPT's urltestdata.json that parse (input against base).
#[allow(dead_code)] // not every test binary uses it
pub fn wpt_urls() -> Vec<weburl::Url> {
    let json = load_json("wpt/urltestdata.json");
    let mut urls = Vec::new();
    for case in json.as_array().expect("a JSON array") {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue; // a comment
        };
        let base = match case.get("base").and_then(|v| v.as_str()) {
            Some(base) => match weburl::Url::parse(base) {
                Ok(base) => Some(base),
                Err(_) => continue,
            },
            None => None,
        };
        let parsed = match &base {
            Some(base) => base.join(input),
            None => weburl::Url::parse(input),
        };
        if let Ok(url) = parsed {
            urls.push(url);
        }
    }
    urls
}

/// Rewrites every `\uXXXX` escape of a lone surrogate in JSON text to
/// `\uFFFD`, leaving valid surrogate pairs and everything else untouched.
///
/// This is the USVString conversion that WebIDL applies to the inputs of the
/// URL API: each unpaired surrogate code unit becomes U+FFFD.
pub fn replace_lone_surrogates(json: &str) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = unicode_escape(bytes, i) else {
            // A two-character escape such as `\\` or `\"`.
            i += 2;
            continue;
        };
        let lone = match unit {
            0xD800..=0xDBFF => !matches!(unicode_escape(bytes, i + 6), Some(0xDC00..=0xDFFF)),
            0xDC00..=0xDFFF => true,
            _ => false,
        };
        if lone {
            out.push_str(&json[copied..i]);
            out.push_str("\\uFFFD");
            i += 6;
            copied = i;
        } else if (0xD800..=0xDBFF).contains(&unit) {
            // A high surrogate followed by a low one: keep the pair.
            i += 12;
        } else {
            i += 6;
        }
    }
    out.push_str(&json[copied..]);
    out
}

/// The code unit of a `\uXXXX` escape starting at `at`, if there is one.
fn unicode_escape(bytes: &[u8], at: usize) -> Option<u16> {
    match bytes.get(at..at + 6)? {
        [b'\\', b'u', digits @ ..] if digits.iter().all(u8::is_ascii_hexdigit) => {
            u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
        }
        _ => None,
    }
}

/// The name of a URL-parsing case: `<input> against <base>`.
pub fn url_case_name(input: &str, base: Option<&str>) -> String {
    format!("{input} against {}", base.unwrap_or("null"))
}

/// The name of a setter case: `<setter> <href> = <new_value>`.
pub fn setter_case_name(setter: &str, href: &str, new_value: &str) -> String {
    format!("{setter} {href} = {new_value}")
}

/// A case name as printed in reports and written in the expected-failures
/// list: tab, line feed and carriage return become `\t`, `\n`, `\r`; other
/// control characters, whitespace other than U+0020 and invisible format
/// characters become `\u{…}`. Everything else is kept as is.
pub fn printable(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if is_hard_to_see(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

fn is_hard_to_see(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{AD}'
                | '\u{34F}'
                | '\u{61C}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFF0}'..='\u{FFFB}'
        )
}

/// Problems found while running one case.
#[derive(Debug, Default)]
pub struct Check {
    problems: Vec<String>,
}

impl Check {
    /// Records a problem.
    pub fn fail(&mut self, problem: impl Into<String>) {
        self.problems.push(problem.into());
    }

    /// Records a problem unless `actual == expected`; returns whether they
    /// matched.
    pub fn eq(&mut self, what: &str, actual: &str, expected: &str) -> bool {
        let same = actual == expected;
        if !same {
            self.fail(format!("{what}: got {actual:?}, expected {expected:?}"));
        }
        same
    }

    /// How many problems have been recorded so far.
    pub fn count(&self) -> usize {
        self.problems.len()
    }
}

/// One failing case.
#[derive(Debug)]
struct Failure {
    suite: &'static str,
    name: String,
    problems: Vec<String>,
}

/// The per-suite line of the report.
#[derive(Debug)]
struct Summary {
    line: String,
    notes: Vec<String>,
}

thread_local! {
    static IN_CASE: Cell<bool> = const { Cell::new(false) };
    static PANIC_MESSAGE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs suites of cases and reports on them.
#[derive(Debug)]
pub struct Harness {
    filter: Option<String>,
    expected_failures: BTreeSet<String>,
    /// Listed names that belong to a case that ran.
    listed_seen: BTreeSet<String>,
    /// Listed cases that passed.
    stale: Vec<(&'static str, String)>,
    unexpected: Vec<Failure>,
    expected: Vec<Failure>,
    passed: usize,
    summaries: Vec<Summary>,
}

impl Harness {
    /// Reads the filter from [`FILTER_VAR`] and the expected-failures list,
    /// and routes panics raised inside cases into the report.
    pub fn from_env() -> Harness {
        let filter = std::env::var(FILTER_VAR).ok().filter(|f| !f.is_empty());
        let harness = Harness {
            filter,
            expected_failures: read_expected_failures(),
            listed_seen: BTreeSet::new(),
            stale: Vec::new(),
            unexpected: Vec::new(),
            expected: Vec::new(),
            passed: 0,
            summaries: Vec::new(),
        };
        install_panic_hook();
        harness
    }

    /// Starts a suite; its summary line uses `label`.
    pub fn suite(&mut self, label: &'static str) -> Suite<'_> {
        Suite {
            harness: self,
            label,
            passed: 0,
            total: 0,
            notes: Vec::new(),
        }
    }

    /// Prints the report and returns the process exit code: failure if any
    /// case failed that is not listed, or a listed case passed, or (without a
    /// filter) a listed name matched no case.
    pub fn finish(self) -> ExitCode {
        for (index, failure) in self.unexpected.iter().enumerate() {
            if index < DETAILED_FAILURES {
                print_failure(failure);
            } else {
                let first = failure.problems.first().map_or("", String::as_str);
                let first = first.lines().next().unwrap_or("");
                println!("FAIL [{}] {}: {first}", failure.suite, failure.name);
            }
        }
        if self.unexpected.len() > DETAILED_FAILURES {
            println!(
                "(details shown for the first {DETAILED_FAILURES} failures; \
                 set {FILTER_VAR} to narrow the run)"
            );
        }
        for failure in &self.expected {
            println!(
                "expected failure [{}] {} ({} problems)",
                failure.suite,
                failure.name,
                failure.problems.len()
            );
        }
        let mut errors = 0;
        for (suite, name) in &self.stale {
            errors += 1;
            println!(
                "ERROR: [{suite}] {name} passed but is listed in \
                 testdata/expected-failures.txt; remove it from the list"
            );
        }
        if self.filter.is_none() {
            for name in self.expected_failures.difference(&self.listed_seen) {
                errors += 1;
                println!(
                    "ERROR: {name} is listed in testdata/expected-failures.txt \
                     but no case has that name; remove it from the list"
                );
            }
        }

        println!();
        if let Some(filter) = &self.filter {
            println!("{FILTER_VAR}={filter:?}: only cases whose name contains it ran");
        }
        for summary in &self.summaries {
            println!("{}", summary.line);
            for note in &summary.notes {
                println!("  {note}");
            }
        }
        if !self.expected.is_empty() {
            println!(
                "{} of the failures are listed in testdata/expected-failures.txt",
                self.expected.len()
            );
        }
        let failed = self.unexpected.len() + self.expected.len();
        println!("{} passed, {failed} failed", self.passed);

        if self.unexpected.is_empty() && errors == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

fn print_failure(failure: &Failure) {
    println!("---- FAIL [{}] {}", failure.suite, failure.name);
    for problem in &failure.problems {
        let mut lines = problem.lines();
        if let Some(first) = lines.next() {
            println!("  {first}");
        }
        for line in lines {
            println!("      {line}");
        }
    }
}

/// The names in `testdata/expected-failures.txt`.
///
/// Lines starting with `#` are comments and blank lines are ignored. A line
/// starting with `\` stands for the rest of the line, so that a name starting
/// with `#` or `\` can be listed.
fn read_expected_failures() -> BTreeSet<String> {
    let path = testdata_dir().join("expected-failures.txt");
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    text.lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.strip_prefix('\\').unwrap_or(line).to_owned())
        .collect()
}

fn install_panic_hook() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !IN_CASE.with(Cell::get) {
            default_hook(info);
            return;
        }
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(non-string panic payload)");
        let mut text = message.to_owned();
        if let Some(location) = info.location() {
            let _ = write!(text, " at {location}");
        }
        PANIC_MESSAGE.with(|slot| *slot.borrow_mut() = Some(text));
    }));
}

/// A group of cases with one summary line, usually one data file.
#[derive(Debug)]
pub struct Suite<'h> {
    harness: &'h mut Harness,
    label: &'static str,
    passed: usize,
    total: usize,
    notes: Vec<String>,
}

impl Suite<'_> {
    /// Runs one case unless the filter excludes it; returns whether it ran.
    ///
    /// A panic inside `body` is caught and recorded as a problem of the case.
    pub fn case(&mut self, name: &str, body: impl FnOnce(&mut Check)) -> bool {
        let shown = printable(name);
        if let Some(filter) = &self.harness.filter {
            if !name.contains(filter.as_str()) && !shown.contains(filter.as_str()) {
                return false;
            }
        }

        let mut check = Check::default();
        IN_CASE.with(|flag| flag.set(true));
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| body(&mut check)));
        IN_CASE.with(|flag| flag.set(false));
        if outcome.is_err() {
            let message = PANIC_MESSAGE
                .with(|slot| slot.borrow_mut().take())
                .unwrap_or_else(|| "(no message)".to_owned());
            check.fail(format!("panicked: {message}"));
        }

        self.total += 1;
        let listed = self.harness.expected_failures.contains(&shown);
        if listed {
            self.harness.listed_seen.insert(shown.clone());
        }
        if check.problems.is_empty() {
            self.passed += 1;
            self.harness.passed += 1;
            if listed {
                self.harness.stale.push((self.label, shown));
            }
        } else {
            let failure = Failure {
                suite: self.label,
                name: shown,
                problems: check.problems,
            };
            if listed {
                self.harness.expected.push(failure);
            } else {
                self.harness.unexpected.push(failure);
            }
        }
        true
    }

    /// Adds an indented line under the suite's summary line.
    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// Ends the suite with the summary line `<label>: <passed>/<total> passed`.
    pub fn finish(self) {
        self.finish_with(|label, passed, total| format!("{label}: {passed}/{total} passed"));
    }

    /// Ends the suite with a summary line built from its label, the number of
    /// cases that passed and the number that ran. Suites in which no case ran
    /// (because of the filter) print nothing.
    pub fn finish_with(self, line: impl FnOnce(&str, usize, usize) -> String) {
        if self.total == 0 && self.harness.filter.is_some() {
            return;
        }
        let line = line(self.label, self.passed, self.total);
        self.harness.summaries.push(Summary {
            line,
            notes: self.notes,
        });
    }
}
