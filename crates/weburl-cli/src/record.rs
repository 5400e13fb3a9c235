//! One input record to its output: bytes to text, parse (against the base),
//! edits, output; or a failure, reported with where it came from.

use std::borrow::Cow;
use std::io::Write as _;

use weburl::encoding_rs::Encoding;
use weburl::{ParseError, Url};
use weburl_sites::normalize::Normalizer;

use crate::edit::Edits;
use crate::exit;
use crate::output::{escape_input, Failure, Meta, Output};

/// What a record that fails outputs (`--on-error`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnError {
    Empty,
    Skip,
    Input,
    Fail,
}

/// Which records are output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    All,
    Valid,
    Invalid,
}

/// Everything that decides what a record becomes; shared by the threads.
#[derive(Debug)]
pub struct Processor<'a> {
    pub base: Option<&'a Url>,
    pub encoding: &'static Encoding,
    pub edits: &'a Edits,
    pub output: &'a Output,
    pub guess_scheme: bool,
    pub root_path: bool,
    /// `--normalize`: the library's normalization, before the edits.
    pub normalizer: Option<&'a Normalizer>,
    pub lossy: bool,
    /// `--percent-bytes`: bytes that are not UTF-8 as `%XX`.
    pub percent_bytes: bool,
    /// `--max-line`, for the message of a line longer than it.
    pub max_line: Option<usize>,
    pub curl_only: bool,
    pub on_error: OnError,
    pub filter: Filter,
    pub quiet: bool,
    /// --count without --unique: records are counted, not rendered.
    pub count_only: bool,
    /// --unique: each record's end is recorded for the writer.
    pub record_ends: bool,
    /// Records come from arguments: messages say "argument N".
    pub from_args: bool,
    /// Nothing to do but parse and write the href: see `Processor::fast`.
    pub fast: bool,
}

/// Where a record's output, messages and counts go.
#[derive(Debug, Default)]
pub struct Sink {
    pub out: Vec<u8>,
    /// The end of each record in `out`, when the writer needs them.
    pub ends: Vec<usize>,
    /// Text for standard error.
    pub err: Vec<u8>,
    pub ok: u64,
    pub failed: u64,
    /// Records that went to the output (after filtering).
    pub emitted: u64,
    /// The exit code of the first failure.
    pub first_failure: Option<u8>,
    /// The exit code of a failure that stops the run: any with
    /// --on-error=fail (or --verify), and `must:` or `strict:` failing in
    /// --get, as in trurl.
    pub stop: Option<u8>,
    /// The last URL of the bulk path, whose buffer the next parse reuses.
    pub url: Option<Url>,
}

impl Sink {
    pub fn clear(&mut self) {
        self.out.clear();
        self.ends.clear();
        self.err.clear();
        self.ok = 0;
        self.failed = 0;
        self.emitted = 0;
        self.first_failure = None;
        self.stop = None;
    }
}

/// The schemes libcurl supports, for --curl.
const CURL_SCHEMES: [&str; 28] = [
    "dict", "file", "ftp", "ftps", "gopher", "gophers", "http", "https", "imap", "imaps", "ldap",
    "ldaps", "mqtt", "pop3", "pop3s", "rtmp", "rtmps", "rtsp", "scp", "sftp", "smb", "smbs",
    "smtp", "smtps", "telnet", "tftp", "ws", "wss",
];

/// Messages show at most this much of an input.
const SHOWN_INPUT: usize = 256;

impl Processor<'_> {
    /// Whether every successful record is its href and nothing else.
    pub fn fast(&self) -> bool {
        self.edits.is_empty()
            && self.output.is_plain_href()
            && !self.guess_scheme
            && !self.root_path
            && self.normalizer.is_none()
            && !self.curl_only
            && self.filter == Filter::All
            && !self.count_only
            && !self.record_ends
    }

    /// Processes one record. `too_long` is the length of a line that
    /// --max-line refused (its bytes were not kept). Returns false when the
    /// record failed.
    pub fn process(&self, meta: &Meta<'_>, too_long: Option<u64>, sink: &mut Sink) -> bool {
        if meta.input.is_empty() && !self.from_args && too_long.is_none() {
            // A blank line of a file is no URL (not even a reference to
            // the base): it fails, so that it keeps its output record and
            // is counted and reported like any other line that is no URL.
            let f = Failure {
                kind: "EmptyLine",
                message: "an empty line, where a URL was expected".into(),
                exit: exit::BADURL,
            };
            return self.failed(meta, f, sink);
        }
        if self.fast && too_long.is_none() {
            // The common bulk job, without the general path's bookkeeping;
            // anything unusual takes the general path.
            if let Some(text) = meta.text.or_else(|| std::str::from_utf8(meta.input).ok()) {
                let opts = Url::options().base_url(self.base).encoding(self.encoding);
                return match opts.parse_reusing(text, &mut sink.url) {
                    Ok(url) => {
                        sink.out.extend_from_slice(url.href().as_bytes());
                        sink.out.push(b'\n');
                        sink.ok += 1;
                        sink.emitted += 1;
                        true
                    }
                    Err(e) => self.failed(meta, self.parse_failure(text, e), sink),
                };
            }
        }
        let text = match too_long {
            Some(len) => Err(Failure {
                kind: "TooLong",
                message: format!(
                    "line of {len} bytes is longer than --max-line {}",
                    self.max_line.unwrap_or_default()
                ),
                exit: exit::BADURL,
            }),
            None => match meta
                .text
                .map_or_else(|| std::str::from_utf8(meta.input), Ok)
            {
                Ok(s) => Ok(Cow::Borrowed(s)),
                Err(_) if self.lossy => Ok(String::from_utf8_lossy(meta.input)),
                // The policy of `Url::parse_bytes`, applied to the text so
                // that scheme guessing and the edits see it too.
                Err(_) if self.percent_bytes => Ok(weburl::percent_encode_invalid_utf8(meta.input)),
                Err(e) => Err(Failure {
                    kind: "InvalidUtf8",
                    message: format!("invalid UTF-8 at byte {} of the line", e.valid_up_to()),
                    exit: exit::BADURL,
                }),
            },
        };
        match text.and_then(|text| self.url(meta, &text, sink)) {
            Ok(()) => {
                sink.ok += 1;
                true
            }
            Err(f) => self.failed(meta, f, sink),
        }
    }

    /// Counts, reports and (as --on-error says) outputs a failed record.
    fn failed(&self, meta: &Meta<'_>, f: Failure, sink: &mut Sink) -> bool {
        sink.failed += 1;
        // trurl prints nothing for a URL whose `must:` or `strict:` fails,
        // and stops there with exit code 10.
        let stops = self.on_error == OnError::Fail || f.exit == exit::GET;
        // A filter (--valid, --invalid) sorts records: a failure is what it
        // drops or outputs, not a problem to report or to exit with.
        if self.filter == Filter::All || stops {
            sink.first_failure.get_or_insert(f.exit);
            self.report(meta, &f, sink);
        }
        if stops {
            sink.stop.get_or_insert(f.exit);
        }
        let shown = match self.filter {
            Filter::Valid => false,
            Filter::Invalid => true,
            // --unique outputs distinct URLs: a failure is none (it is
            // reported and counted as failed, not as a URL).
            Filter::All => !stops && self.on_error != OnError::Skip && !self.record_ends,
        };
        if shown {
            let as_input = self.filter == Filter::Invalid || self.on_error == OnError::Input;
            let _ = self.emit(sink, |out| {
                self.output.failure(meta, &f, as_input, out);
                Ok::<(), ()>(())
            });
        }
        false
    }

    fn url(&self, meta: &Meta<'_>, text: &str, sink: &mut Sink) -> Result<(), Failure> {
        let (url, scheme_guessed) = self.parse(text).map_err(|e| self.parse_failure(text, e))?;
        if self.curl_only && !CURL_SCHEMES.contains(&url.scheme()) {
            return Err(Failure {
                kind: "UnsupportedScheme",
                message: format!("libcurl does not support the scheme {:?}", url.scheme()),
                exit: exit::BADURL,
            });
        }
        if self.filter == Filter::Invalid {
            return Ok(());
        }
        if self.edits.is_empty() {
            return self.emit_url(meta, &url, sink);
        }
        // Notes and the first render failure are gathered, then reported.
        let mut notes = Vec::new();
        let mut failure = None;
        let applied = self
            .edits
            .apply(&url, scheme_guessed, &mut |n| notes.push(n), &mut |u| {
                if failure.is_none() {
                    if let Err(f) = self.emit_url(meta, u, sink) {
                        failure = Some(f);
                    }
                }
            });
        for n in notes {
            self.note(meta, &n, sink);
        }
        applied.map_err(|e| Failure {
            kind: e.name(),
            message: format!(
                "invalid redirection to {:?}: {e}",
                self.edits.redirect.as_deref().unwrap_or_default()
            ),
            exit: exit::BADURL,
        })?;
        failure.map_or(Ok(()), Err)
    }

    /// A parse failure; an input without a scheme that would parse with
    /// one names the option that guesses it.
    fn parse_failure(&self, text: &str, e: ParseError) -> Failure {
        let mut f = parse_failure(e);
        if e == ParseError::MissingSchemeNonRelativeUrl && !self.guess_scheme && self.base.is_none()
        {
            let guessed = format!("{}{}", guess_scheme(text), text);
            // Only for what reads as a host name (`example.com/x`).
            let head = text.split(['/', '?', '#', ':']).next().unwrap_or_default();
            let host_like = head.contains('.') || head.eq_ignore_ascii_case("localhost");
            if host_like && Url::parse(&guessed).is_ok() {
                f.message.push_str(&format!(
                    " (--compat=trurl guesses a scheme, as curl does: {guessed})"
                ));
            }
        }
        f
    }

    /// Parses a record; the flag says its scheme was guessed.
    fn parse(&self, text: &str) -> Result<(Url, bool), ParseError> {
        let opts = Url::options().base_url(self.base).encoding(self.encoding);
        let guessed = self.guess_scheme && self.base.is_none() && !has_scheme(text);
        let mut url = if guessed {
            opts.parse(&format!("{}{}", guess_scheme(text), text))?
        } else {
            opts.parse(text)?
        };
        if self.root_path && url.has_host() && url.pathname().is_empty() {
            let _ = url.set_pathname("/");
        }
        if let Some(normalizer) = self.normalizer {
            url = normalizer.normalize(&url);
        }
        Ok((url, guessed))
    }

    fn emit_url(&self, meta: &Meta<'_>, url: &Url, sink: &mut Sink) -> Result<(), Failure> {
        let mut warnings = Vec::new();
        if self.output.mods.idn {
            if let Some(host) = unconvertible_host(url) {
                warnings.push(format!(
                    "--as-idn: the host {host} cannot be converted to Unicode (UTS #46 ToUnicode fails); it is shown in punycode"
                ));
            }
        }
        let result = self.emit(sink, |out| {
            self.output.url(meta, url, out, &mut |w| warnings.push(w))
        });
        for w in warnings {
            self.note(meta, &w, sink);
        }
        result.map_err(|e| Failure {
            kind: e.kind(),
            message: e.to_string(),
            exit: exit::GET,
        })
    }

    /// Writes one output record (or only counts it); a record whose
    /// writing fails leaves nothing behind.
    fn emit<E>(
        &self,
        sink: &mut Sink,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        if !self.count_only {
            write(&mut sink.out)?;
            if self.record_ends {
                sink.ends.push(sink.out.len());
            }
        }
        sink.emitted += 1;
        Ok(())
    }

    fn label(&self, meta: &Meta<'_>, err: &mut Vec<u8>) {
        if self.from_args {
            let _ = write!(err, "argument {}", meta.line);
        } else {
            let _ = write!(
                err,
                "line {}, offset {}",
                meta.line,
                meta.offset.unwrap_or(0)
            );
        }
    }

    /// `weburl: line 3, offset 120: HostMissing: expected a host, found none: "http://"`
    fn report(&self, meta: &Meta<'_>, f: &Failure, sink: &mut Sink) {
        let err = &mut sink.err;
        err.extend_from_slice(b"weburl: ");
        self.label(meta, err);
        let _ = write!(err, ": {}: {}: ", f.kind, f.message);
        if f.kind == "TooLong" {
            err.extend_from_slice(b"(not kept)");
        } else {
            escape_input(meta.input, SHOWN_INPUT, err);
        }
        err.push(b'\n');
    }

    fn note(&self, meta: &Meta<'_>, msg: &str, sink: &mut Sink) {
        if self.quiet {
            return;
        }
        sink.err.extend_from_slice(b"weburl note: ");
        self.label(meta, &mut sink.err);
        let _ = writeln!(sink.err, ": {msg}");
    }
}

/// The hostname of `url` when it has a punycode label (`xn--`) that
/// UTS #46 ToUnicode cannot convert, so `--as-idn` shows it unchanged.
///
/// <https://www.unicode.org/reports/tr46/#ToUnicode>
fn unconvertible_host(url: &Url) -> Option<&str> {
    let host = url.hostname();
    let punycode = host.split('.').any(|label| label.starts_with("xn--"));
    (punycode && matches!(weburl::domain_to_unicode(host), Cow::Borrowed(_))).then_some(host)
}

fn parse_failure(e: ParseError) -> Failure {
    let mut message = e.to_string();
    if e == ParseError::TooLong {
        message.push_str(&format!(" of {} bytes", weburl::ParseOptions::MAX_LEN));
    }
    Failure {
        kind: e.name(),
        message,
        exit: exit::BADURL,
    }
}

/// Whether the input starts with `scheme://` (after leading C0 controls
/// and spaces, which the parser strips too).
fn has_scheme(text: &str) -> bool {
    let t = text.trim_start_matches(|c: char| c <= ' ');
    let b = t.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let end = b
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
        .unwrap_or(b.len());
    b[end..].starts_with(b"://")
}

/// libcurl's guess for an input without a scheme: from the host's first label.
fn guess_scheme(text: &str) -> &'static str {
    // Compared as bytes: the input's fifth byte may be inside a character.
    let host = text.trim_start_matches(|c: char| c <= ' ').as_bytes();
    for (prefix, scheme) in [
        ("ftp.", "ftp://"),
        ("dict.", "dict://"),
        ("ldap.", "ldap://"),
        ("imap.", "imap://"),
        ("smtp.", "smtp://"),
        ("pop3.", "pop3://"),
    ] {
        if host
            .get(..prefix.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prefix.as_bytes()))
        {
            return scheme;
        }
    }
    "http://"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_detection_and_guessing() {
        assert!(has_scheme("https://x"));
        assert!(has_scheme("  git+ssh://x"));
        assert!(!has_scheme("localhost:8080"));
        assert!(!has_scheme("example.com"));
        assert_eq!(guess_scheme("ftp.example.com"), "ftp://");
        assert_eq!(guess_scheme("FTP.example.com"), "ftp://");
        // A character across the prefix's end is no prefix, and no panic.
        assert_eq!(guess_scheme("`.繶[::1]0"), "http://");
        assert_eq!(guess_scheme("ftp繶.x"), "http://");
        assert_eq!(guess_scheme("é"), "http://");
        assert_eq!(guess_scheme("example.com"), "http://");
        assert_eq!(guess_scheme("imap.x"), "imap://");
    }
}
