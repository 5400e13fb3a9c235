//! The basic URL parser.
//!
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>
//!
//! The spec's state machine walks code points; here each state (or run of
//! states that always follow each other) is a method that scans its part of
//! the input as bytes and writes the serialization straight into one
//! `String`. Relative references copy the base URL's serialization by
//! slices. Setters reuse the component functions in `path`, `query` and
//! `crate::host` with the state-override semantics (see `crate::setters`).

pub(crate) mod byte_class;
pub(crate) mod fast_path;
pub(crate) mod input;
pub(crate) mod options;
pub(crate) mod path;

// The parser's façade: what the setters and the rest of the crate use.
pub(crate) use fast_path::canonical_path_end;
pub(crate) use input::remove_tab_and_newline;
pub(crate) use options::{default_settings, Settings, DEFAULT_MAX_LEN};
pub(crate) use path::{parse_path, PathContext};

use std::cell::RefCell;

use encoding_rs::{Encoding, UTF_8};

use crate::code_points::{
    is_normalized_windows_drive_letter, is_windows_drive_letter, starts_with_windows_drive_letter,
};
use crate::error::ParseError;
use crate::host::{self, HostKind};
use crate::offsets::Offsets;
use crate::percent_encoding::{encode_after_encoding, encode_into, encoded_len, EncodeSet};
use crate::scheme::{self, SchemeKind};
use crate::url::Url;
use crate::validation::{
    check_url_units, PositionMap, ValidationError, ValidationErrorKind, ValidationSink,
};

/// Parses `input` into a URL, reporting validation errors to `sink` if given.
pub(crate) fn parse(
    input: &str,
    settings: Settings<'_>,
    sink: Option<&mut dyn ValidationSink>,
) -> Result<Url, ParseError> {
    if input.len() > settings.max_len {
        return Err(ParseError::TooLong);
    }
    if let Some(sink) = sink {
        return parse_reporting(input, settings, sink);
    }
    // A special URL written with its scheme and "//" does not depend on the
    // base: the special relative or authority state and the file slash
    // state both go to the authority (or file host) then. Queries in other
    // encodings take the general path.
    if settings.encoding == UTF_8 {
        if let Some(canonical) = fast_path::recognize(input.as_bytes()) {
            return Ok(fast_path::build(input, canonical));
        }
    }
    parse_general(input, settings)
}

/// Parses `input` into `url`, reusing its buffer when the fast path takes
/// the input; `url` is left as it was when the parse fails.
pub(crate) fn parse_into(
    input: &str,
    settings: Settings<'_>,
    sink: Option<&mut dyn ValidationSink>,
    url: &mut Url,
) -> Result<(), ParseError> {
    if input.len() <= settings.max_len && sink.is_none() && settings.encoding == UTF_8 {
        if let Some(canonical) = fast_path::recognize(input.as_bytes()) {
            fast_path::build_into(input, canonical, url);
            return Ok(());
        }
    }
    *url = parse(input, settings, sink)?;
    Ok(())
}

/// The basic URL parser without the fast path.
pub(crate) fn parse_general(input: &str, settings: Settings<'_>) -> Result<Url, ParseError> {
    let input = input::preprocess(input);
    let mut parser = Parser::new(&input, settings, output_buffer(&input, settings), false);
    parser.run()?;
    parser.finish()
}

/// The general parser, telling `sink` about every validation error.
fn parse_reporting(
    original: &str,
    settings: Settings<'_>,
    sink: &mut dyn ValidationSink,
) -> Result<Url, ParseError> {
    let map = PositionMap::new(original, sink);
    let input = input::preprocess(original);
    let mut parser = Parser::new(&input, settings, output_buffer(&input, settings), false);
    parser.reporter = Some(Reporter { sink, map });
    parser.run()?;
    parser.finish()
}

/// The one allocation of a parse, sized for the common case: the output
/// is about as long as the input (plus the base, for relative references),
/// with room for what the general path adds most often (a "/" after the
/// host, a longer IPv4 or punycoded host, a few escapes).
fn output_buffer(input: &str, settings: Settings<'_>) -> String {
    let base_len = settings.base.map_or(0, |b| b.serialization.len());
    String::with_capacity(
        fast_path::capacity_for(input.len() + base_len + 16).min(settings.max_len),
    )
}

/// Where validation errors go, and how to find their original positions.
struct Reporter<'s> {
    sink: &'s mut dyn ValidationSink,
    map: PositionMap,
}

thread_local! {
    /// Reused by `can_parse`, so that validating allocates nothing once warm.
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Whether `input` parses, without building the URL.
///
/// Only the scheme, the credentials' placement, the host and the port can
/// make a parse fail; paths, queries and fragments never do. So the parser
/// stops as soon as it reaches the path, and writes only the host.
pub(crate) fn validate(input: &str, settings: Settings<'_>) -> bool {
    if input.len() > settings.max_len {
        return false;
    }
    // The serialization is at most 3 times as long as the input.
    if input.len() <= settings.max_len / 3 && fast_path::surely_parses(input.as_bytes()) {
        return true;
    }
    let input = input::preprocess(input);
    let base_len = settings.base.map_or(0, |b| b.serialization.len());
    if input.len().saturating_mul(3).saturating_add(base_len + 64) > settings.max_len {
        // The result might pass the size limit: only a full parse can tell.
        return parse(&input, settings, None).is_ok();
    }
    SCRATCH.with(|scratch| {
        let Ok(mut scratch) = scratch.try_borrow_mut() else {
            return parse(&input, settings, None).is_ok();
        };
        let mut out = std::mem::take(&mut *scratch);
        out.clear();
        let mut parser = Parser::new(&input, settings, out, true);
        let ok = parser.run().is_ok();
        *scratch = parser.out;
        ok
    })
}

/// `validate` with the default options, for `Url::can_parse`: the common
/// case (see `fast_path::surely_parses_quick`) inlined into the caller,
/// where it makes no call and saves no register, and the rest out of line.
#[inline(always)]
pub(crate) fn validate_by_default(input: &str) -> bool {
    // The serialization is at most 3 times as long as the input.
    (input.len() <= DEFAULT_MAX_LEN / 3 && fast_path::surely_parses_quick(input.as_bytes()))
        || validate_by_default_out_of_line(input)
}

#[inline(never)]
fn validate_by_default_out_of_line(input: &str) -> bool {
    validate(input, default_settings())
}

/// Which part of the base URL a relative reference keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Scheme, credentials, host and port.
    Authority,
    /// ... and the path.
    Path,
    /// ... and the query.
    Query,
}

struct Parser<'a> {
    input: &'a str,
    /// Validation errors go here when somebody listens.
    reporter: Option<Reporter<'a>>,
    base: Option<&'a Url>,
    /// The output encoding for special, non-WebSocket queries; UTF-8 when
    /// there is no override.
    encoding: &'static Encoding,
    max_len: usize,
    /// `can_parse`: stop at the path, which cannot fail.
    validate_only: bool,
    out: String,
    scheme: SchemeKind,
    scheme_end: usize,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    host: HostKind,
    path_start: usize,
    opaque_path: bool,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
}

impl<'a> Parser<'a> {
    fn new(input: &'a str, settings: Settings<'a>, out: String, validate_only: bool) -> Self {
        Parser {
            input,
            reporter: None,
            base: settings.base,
            encoding: if settings.encoding == UTF_8 {
                UTF_8
            } else {
                settings.encoding.output_encoding()
            },
            max_len: settings.max_len,
            validate_only,
            out,
            scheme: SchemeKind::Other,
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            host: HostKind::None,
            path_start: 0,
            opaque_path: false,
            query_start: None,
            fragment_start: None,
        }
    }

    #[inline]
    fn byte(&self, pos: usize) -> Option<u8> {
        self.input.as_bytes().get(pos).copied()
    }

    #[inline]
    fn is_slash(&self, b: Option<u8>) -> bool {
        b == Some(b'/') || (self.scheme.is_special() && b == Some(b'\\'))
    }

    /// <https://url.spec.whatwg.org/#scheme-start-state> and
    /// <https://url.spec.whatwg.org/#scheme-state>
    fn run(&mut self) -> Result<(), ParseError> {
        let Some(scheme_len) = scheme::find_scheme_end(self.input.as_bytes()) else {
            return self.no_scheme();
        };
        self.out.push_str(&self.input[..scheme_len]);
        self.out.make_ascii_lowercase();
        self.scheme_end = scheme_len;
        self.out.push(':');
        self.scheme = SchemeKind::from_lowercase(&self.out.as_bytes()[..scheme_len]);
        let rest = scheme_len + 1;
        match self.scheme {
            SchemeKind::File => {
                if !self.input[rest..].starts_with("//") {
                    self.report_at(
                        ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                        rest,
                    );
                }
                self.file(rest)
            }
            kind if kind.is_special() => {
                match self.base.filter(|b| b.offsets.scheme == kind) {
                    // Special relative or authority state: "http:foo" against an http base is relative.
                    Some(_) if !self.input[rest..].starts_with("//") => {
                        self.report_at(
                            ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                            rest,
                        );
                        self.out.clear();
                        self.relative(rest)
                    }
                    // Special authority slashes / ignore slashes states.
                    _ => {
                        let start = self.skip_slashes(rest);
                        self.authority(start)
                    }
                }
            }
            _ => {
                if self.byte(rest) == Some(b'/') {
                    // Path or authority state.
                    if self.byte(rest + 1) == Some(b'/') {
                        self.authority(rest + 2)
                    } else {
                        self.no_host();
                        self.path_start = self.out.len();
                        self.path(rest + 1)
                    }
                } else {
                    self.no_host();
                    self.path_start = self.out.len();
                    self.opaque_path(rest)
                }
            }
        }
    }

    /// Reports a validation error found at `start..end` of the
    /// pre-processed input.
    #[inline]
    fn report(&mut self, kind: ValidationErrorKind, start: usize, end: usize) {
        if let Some(reporter) = &mut self.reporter {
            let span = reporter.map.span(start, end);
            reporter.sink.report(ValidationError { kind, span });
        }
    }

    /// Reports `kind` for the byte at `pos` (an empty span at the end).
    #[inline]
    fn report_at(&mut self, kind: ValidationErrorKind, pos: usize) {
        if self.reporter.is_some() {
            let end = (pos + 1).min(self.input.len());
            self.report(kind, pos, end);
        }
    }

    /// Reports the invalid-URL-unit errors of `start..end`, a path, query
    /// or fragment; "\" separating the segments of a special URL's path is
    /// an invalid-reverse-solidus instead.
    fn report_url_units(&mut self, start: usize, end: usize, reverse_solidus_separates: bool) {
        if let Some(reporter) = &mut self.reporter {
            let text = &self.input[start..end];
            check_url_units(text, reverse_solidus_separates, &mut |kind, a, b| {
                let span = reporter.map.span(start + a, start + b);
                reporter.sink.report(ValidationError { kind, span });
            });
        }
    }

    /// Skips "/" and "\" after a special scheme (the special authority
    /// slashes and ignore slashes states): only "//" exactly is valid.
    fn skip_slashes(&mut self, pos: usize) -> usize {
        let bytes = &self.input.as_bytes()[pos..];
        let count = bytes
            .iter()
            .take_while(|&&b| b == b'/' || b == b'\\')
            .count();
        if self.reporter.is_some() {
            let valid = if bytes.starts_with(b"//") { 2 } else { 0 };
            if valid == 0 {
                self.report_at(
                    ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                    pos,
                );
            }
            for i in pos + valid..pos + count {
                self.report_at(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus, i);
            }
        }
        pos + count
    }

    /// Skips slashes after the two of a scheme-relative reference, each an error.
    fn skip_extra_slashes(&mut self, pos: usize) -> usize {
        let bytes = &self.input.as_bytes()[pos..];
        let count = bytes
            .iter()
            .take_while(|&&b| b == b'/' || b == b'\\')
            .count();
        for i in pos..pos + count {
            self.report_at(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus, i);
        }
        pos + count
    }

    /// <https://url.spec.whatwg.org/#no-scheme-state>
    fn no_scheme(&mut self) -> Result<(), ParseError> {
        let base = self
            .base
            .filter(|b| !b.offsets.opaque_path || self.byte(0) == Some(b'#'));
        let Some(base) = base else {
            self.report(
                ValidationErrorKind::MissingSchemeNonRelativeUrl,
                0,
                self.input.len(),
            );
            return Err(ParseError::MissingSchemeNonRelativeUrl);
        };
        if base.offsets.opaque_path {
            if self.validate_only {
                return Ok(());
            }
            self.copy_base(base, Keep::Query);
            return self.fragment(1);
        }
        if base.offsets.scheme == SchemeKind::File {
            self.out.push_str("file:");
            self.scheme_end = 4;
            self.scheme = SchemeKind::File;
            return self.file(0);
        }
        self.relative(0)
    }

    /// <https://url.spec.whatwg.org/#relative-state>
    fn relative(&mut self, pos: usize) -> Result<(), ParseError> {
        let Some(base) = self.base else {
            return Err(ParseError::MissingSchemeNonRelativeUrl);
        };
        self.scheme = base.offsets.scheme;
        let c = self.byte(pos);
        if self.is_slash(c) {
            if c == Some(b'\\') {
                self.report_at(ValidationErrorKind::InvalidReverseSolidus, pos);
            }
            return self.relative_slash(base, pos + 1);
        }
        if self.validate_only {
            return Ok(());
        }
        if let Some(done) = self.continue_from_base(base, pos) {
            return done;
        }
        self.copy_base(base, Keep::Path);
        path::shorten(&mut self.out, self.path_start, false);
        self.path(pos)
    }

    /// What the relative and file states share when the input continues
    /// the base's path: "?" keeps the base's path, "#" and the end of the
    /// input keep its query too. `None` when the input is a path.
    fn continue_from_base(&mut self, base: &Url, pos: usize) -> Option<Result<(), ParseError>> {
        match self.byte(pos) {
            Some(b'?') => {
                self.copy_base(base, Keep::Path);
                Some(self.query(pos + 1))
            }
            Some(b'#') => {
                self.copy_base(base, Keep::Query);
                Some(self.fragment(pos + 1))
            }
            None => {
                self.copy_base(base, Keep::Query);
                Some(Ok(()))
            }
            Some(_) => None,
        }
    }

    /// <https://url.spec.whatwg.org/#relative-slash-state>, entered after
    /// the first slash.
    fn relative_slash(&mut self, base: &'a Url, pos: usize) -> Result<(), ParseError> {
        let c = self.byte(pos);
        if self.is_slash(c) {
            if c == Some(b'\\') {
                self.report_at(ValidationErrorKind::InvalidReverseSolidus, pos);
            }
            self.out.clear();
            self.out
                .push_str(&base.serialization[..base.offsets.scheme_end as usize + 1]);
            self.scheme_end = base.offsets.scheme_end as usize;
            let start = if self.scheme.is_special() {
                self.skip_extra_slashes(pos + 1)
            } else {
                pos + 1
            };
            return self.authority(start);
        }
        if self.validate_only {
            return Ok(());
        }
        self.copy_base(base, Keep::Authority);
        self.path(pos)
    }

    /// Copies the base URL's serialization up to the end of the component
    /// `keep` names, with its offsets.
    fn copy_base(&mut self, base: &Url, keep: Keep) {
        let s = &base.serialization;
        let o = &base.offsets;
        self.out.clear();
        self.scheme = o.scheme;
        self.scheme_end = o.scheme_end as usize;
        self.username_end = o.username_end as usize;
        self.host_start = o.host_start as usize;
        self.host_end = o.host_end as usize;
        self.host = o.host;
        match keep {
            Keep::Authority | Keep::Path => {
                // The "/." that keeps a null-host path from looking like a host
                // is not part of the path: leave it out, `finish_path` decides anew.
                let authority_end = o.authority_end();
                self.out.push_str(&s[..authority_end]);
                self.path_start = authority_end;
                if keep == Keep::Path {
                    self.out
                        .push_str(&s[o.path_start as usize..base.path_end()]);
                    self.opaque_path = o.opaque_path;
                }
            }
            Keep::Query => {
                let end = o.fragment_start().unwrap_or(s.len());
                self.out.push_str(&s[..end]);
                self.path_start = o.path_start as usize;
                self.opaque_path = o.opaque_path;
                self.query_start = o.query_start();
            }
        }
    }

    /// The URL's host is null.
    fn no_host(&mut self) {
        let end = self.out.len();
        (self.username_end, self.host_start, self.host_end) = (end, end, end);
        self.host = HostKind::None;
    }

    /// The URL's host is the empty host: "//" and nothing.
    fn empty_host(&mut self) {
        self.out.push_str("//");
        let end = self.out.len();
        (self.username_end, self.host_start, self.host_end) = (end, end, end);
        self.host = HostKind::Empty;
    }

    /// <https://url.spec.whatwg.org/#authority-state>,
    /// <https://url.spec.whatwg.org/#host-state> and
    /// <https://url.spec.whatwg.org/#port-state>, entered after the slashes.
    fn authority(&mut self, pos: usize) -> Result<(), ParseError> {
        let special = self.scheme.is_special();
        // One scan finds the end of the authority, its last "@", and after
        // that the first ":" and whether a "[" makes the split harder.
        let bytes = self.input.as_bytes();
        let mut end = pos;
        let mut last_at = None;
        let mut first_colon = None;
        let mut bracket = false;
        loop {
            end += bytes[end..]
                .iter()
                .position(|&b| AUTHORITY_DELIMITER[usize::from(b)])
                .unwrap_or(bytes.len() - end);
            let Some(&b) = bytes.get(end) else {
                break;
            };
            match b {
                b'@' => {
                    self.report_at(ValidationErrorKind::InvalidCredentials, end);
                    last_at = Some(end - pos);
                    (first_colon, bracket) = (None, false);
                }
                b':' => {
                    first_colon.get_or_insert(end);
                }
                b'[' => bracket = true,
                b'\\' if !special => {}
                _ => break,
            }
            end += 1;
        }
        let authority = &self.input[pos..end];
        self.out.push_str("//");
        let username_start = self.out.len();
        self.username_end = username_start;
        // Everything before the last "@" is credentials; earlier "@"s are
        // encoded as "%40" by the userinfo percent-encode set.
        let host_and_port = match last_at {
            Some(at) => {
                let host_and_port = &authority[at + 1..];
                if host_and_port.is_empty() {
                    self.report_at(ValidationErrorKind::HostMissing, end);
                    return Err(ParseError::HostMissing);
                }
                if !self.validate_only {
                    self.credentials(&authority[..at], username_start)?;
                }
                host_and_port
            }
            None => authority,
        };
        self.host_start = self.out.len();
        let host_pos = end - host_and_port.len();
        let (host, port) = match first_colon {
            _ if bracket => split_host_and_port(host_and_port),
            Some(colon) => (
                &host_and_port[..colon - host_pos],
                Some(&host_and_port[colon - host_pos + 1..]),
            ),
            None => (host_and_port, None),
        };
        self.host_and_port(host, port, host_pos)?;
        self.path_start(end)
    }

    /// Writes the username and password; "@" follows when either is non-empty.
    fn credentials(&mut self, userinfo: &str, username_start: usize) -> Result<(), ParseError> {
        let (username, password) = match userinfo.split_once(':') {
            Some((username, password)) => (username, password),
            None => (userinfo, ""),
        };
        self.encode(username, EncodeSet::USERINFO)?;
        self.username_end = self.out.len();
        if !password.is_empty() {
            self.out.push(':');
            self.encode(password, EncodeSet::USERINFO)?;
        }
        if self.out.len() > username_start {
            self.out.push('@');
        }
        Ok(())
    }

    /// Parses the host and the port of an authority.
    /// `host` starts at `pos` of the pre-processed input; `port` follows
    /// it after a ":".
    fn host_and_port(
        &mut self,
        host: &str,
        port: Option<&str>,
        pos: usize,
    ) -> Result<(), ParseError> {
        if host.is_empty() {
            if port.is_some() || self.scheme.is_special() {
                self.report_at(ValidationErrorKind::HostMissing, pos);
                return Err(ParseError::HostMissing);
            }
            self.host = HostKind::Empty;
        } else {
            self.host = self.parse_host(host, pos, !self.scheme.is_special())?;
            if self.out.len() > self.max_len {
                return Err(ParseError::TooLong);
            }
        }
        self.host_end = self.out.len();
        if let Some(port) = port {
            let port_start = pos + host.len() + 1;
            let parsed = parse_port(port.as_bytes());
            if let Err(e) = parsed {
                let kind = match e {
                    ParseError::PortOutOfRange => ValidationErrorKind::PortOutOfRange,
                    _ => ValidationErrorKind::PortInvalid,
                };
                self.report(kind, port_start, port_start + port.len());
            }
            if let Some(port) = parsed? {
                if Some(port) != self.scheme.default_port() {
                    self.out.push(':');
                    self.out.push_str(itoa_u16(port, &mut [0; 5]));
                }
            }
        }
        Ok(())
    }

    /// The host parser on `host`, which starts at `pos`; its validation
    /// errors are reported with the host's span.
    fn parse_host(
        &mut self,
        host: &str,
        pos: usize,
        is_opaque: bool,
    ) -> Result<HostKind, ParseError> {
        if self.reporter.is_none() {
            return host::parse_into(host, is_opaque, &mut self.out, None);
        }
        let mut kinds = Vec::new();
        let result = host::parse_into(host, is_opaque, &mut self.out, Some(&mut |k| kinds.push(k)));
        for kind in kinds {
            self.report(kind, pos, pos + host.len());
        }
        result
    }

    /// <https://url.spec.whatwg.org/#file-state>
    fn file(&mut self, pos: usize) -> Result<(), ParseError> {
        let c = self.byte(pos);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report_at(ValidationErrorKind::InvalidReverseSolidus, pos);
            }
            return self.file_slash(pos + 1);
        }
        if self.validate_only {
            return Ok(());
        }
        match self.base.filter(|b| b.offsets.scheme == SchemeKind::File) {
            Some(base) => match self.continue_from_base(base, pos) {
                Some(done) => done,
                None => {
                    self.copy_base(base, Keep::Path);
                    if starts_with_windows_drive_letter(&self.input.as_bytes()[pos..]) {
                        // The (platform-independent) Windows drive letter quirk.
                        self.report(
                            ValidationErrorKind::FileInvalidWindowsDriveLetter,
                            pos,
                            pos + 2,
                        );
                        self.out.truncate(self.path_start);
                    } else {
                        path::shorten(&mut self.out, self.path_start, true);
                    }
                    self.path(pos)
                }
            },
            None => {
                self.empty_host();
                self.path_start = self.out.len();
                self.path(pos)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#file-slash-state>, entered after one slash.
    fn file_slash(&mut self, pos: usize) -> Result<(), ParseError> {
        let c = self.byte(pos);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report_at(ValidationErrorKind::InvalidReverseSolidus, pos);
            }
            return self.file_host(pos + 1);
        }
        if self.validate_only {
            return Ok(());
        }
        match self.base.filter(|b| b.offsets.scheme == SchemeKind::File) {
            Some(base) => {
                self.copy_base(base, Keep::Authority);
                if !starts_with_windows_drive_letter(&self.input.as_bytes()[pos..]) {
                    // The (platform-independent) Windows drive letter quirk:
                    // keep the base's drive letter.
                    if let Some(first) = base.first_path_segment() {
                        if is_normalized_windows_drive_letter(first.as_bytes()) {
                            self.out.push('/');
                            self.out.push_str(first);
                        }
                    }
                }
            }
            None => {
                self.empty_host();
                self.path_start = self.out.len();
            }
        }
        self.path(pos)
    }

    /// <https://url.spec.whatwg.org/#file-host-state>
    fn file_host(&mut self, pos: usize) -> Result<(), ParseError> {
        let rest = &self.input.as_bytes()[pos..];
        let end = pos
            + rest
                .iter()
                .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
                .unwrap_or(rest.len());
        let buffer = &self.input[pos..end];
        if is_windows_drive_letter(buffer.as_bytes()) {
            // "file://C:/x": the drive letter is the path's, not a host.
            self.report(
                ValidationErrorKind::FileInvalidWindowsDriveLetterHost,
                pos,
                end,
            );
            if self.validate_only {
                return Ok(());
            }
            self.empty_host();
            self.path_start = self.out.len();
            return self.path_checked_from(pos, end);
        }
        self.empty_host();
        if !buffer.is_empty() {
            let kind = self.parse_host(buffer, pos, false)?;
            if &self.out[self.host_start..] == "localhost" {
                self.out.truncate(self.host_start);
            } else {
                self.host = kind;
            }
            self.host_end = self.out.len();
        }
        self.path_start(end)
    }

    /// <https://url.spec.whatwg.org/#path-start-state> (without a state override).
    fn path_start(&mut self, pos: usize) -> Result<(), ParseError> {
        if self.validate_only {
            return Ok(());
        }
        self.path_start = self.out.len();
        let c = self.byte(pos);
        if self.scheme.is_special() {
            if c == Some(b'\\') {
                self.report_at(ValidationErrorKind::InvalidReverseSolidus, pos);
            }
            let pos = if self.is_slash(c) { pos + 1 } else { pos };
            return self.path(pos);
        }
        match c {
            Some(b'?') => self.query(pos + 1),
            Some(b'#') => self.fragment(pos + 1),
            Some(b'/') => self.path(pos + 1),
            Some(_) => self.path(pos),
            None => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#path-state>, then the query or fragment.
    fn path(&mut self, pos: usize) -> Result<(), ParseError> {
        self.path_checked_from(pos, pos)
    }

    /// [`Self::path`] from `pos`, its code points checked for validation
    /// errors from `checked` on: the file host state hands the path state a
    /// Windows drive letter in its buffer, which the path state appends
    /// without looking at its code points again.
    fn path_checked_from(&mut self, pos: usize, checked: usize) -> Result<(), ParseError> {
        if self.validate_only {
            return Ok(());
        }
        self.ensure_room(&self.input[pos..], EncodeSet::PATH)?;
        let cx = PathContext {
            special: self.scheme.is_special(),
            file: self.scheme == SchemeKind::File,
            state_override: false,
        };
        let end = path::parse_path(&mut self.out, self.path_start, self.input, pos, cx);
        self.report_url_units(checked.min(end), end, cx.special);
        match self.byte(end) {
            Some(b'?') => self.query(end + 1),
            Some(b'#') => self.fragment(end + 1),
            _ => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
    fn opaque_path(&mut self, pos: usize) -> Result<(), ParseError> {
        if self.validate_only {
            return Ok(());
        }
        self.opaque_path = true;
        self.ensure_room(&self.input[pos..], EncodeSet::PATH)?;
        let end = path::parse_opaque_path(&mut self.out, self.input, pos);
        self.report_url_units(pos, end, false);
        match self.byte(end) {
            Some(b'?') => self.query(end + 1),
            Some(b'#') => self.fragment(end + 1),
            _ => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#query-state>, entered after the "?".
    fn query(&mut self, pos: usize) -> Result<(), ParseError> {
        if self.validate_only {
            return Ok(());
        }
        self.finish_path();
        let rest = &self.input[pos..];
        let end = rest.bytes().position(|b| b == b'#').unwrap_or(rest.len());
        let query = &rest[..end];
        self.report_url_units(pos, pos + end, false);
        self.query_start = Some(self.out.len());
        self.out.push('?');
        let set = if self.scheme.is_special() {
            EncodeSet::SPECIAL_QUERY
        } else {
            EncodeSet::QUERY
        };
        let legacy = self.encoding != UTF_8
            && self.scheme.is_special()
            && !matches!(self.scheme, SchemeKind::Ws | SchemeKind::Wss);
        if legacy {
            encode_after_encoding(&mut self.out, query, self.encoding, set);
        } else {
            self.encode(query, set)?;
        }
        if end < rest.len() {
            return self.fragment(pos + end + 1);
        }
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#fragment-state>, entered after the "#".
    fn fragment(&mut self, pos: usize) -> Result<(), ParseError> {
        if self.validate_only {
            return Ok(());
        }
        self.finish_path();
        self.fragment_start = Some(self.out.len());
        self.out.push('#');
        self.report_url_units(pos, self.input.len(), false);
        self.encode(&self.input[pos..], EncodeSet::FRAGMENT)
    }

    /// Appends `input` percent-encoded, refusing to pass the size limit.
    fn encode(&mut self, input: &str, set: EncodeSet) -> Result<(), ParseError> {
        self.ensure_room(input, set)?;
        encode_into(&mut self.out, input, set);
        Ok(())
    }

    /// Fails if appending `input` encoded with `set` would pass the size
    /// limit; computes the exact size only when the cheap bound is too big.
    fn ensure_room(&self, input: &str, set: EncodeSet) -> Result<(), ParseError> {
        let len = self.out.len();
        if len.saturating_add(input.len().saturating_mul(3)) <= self.max_len
            || len + encoded_len(input.as_bytes(), set) <= self.max_len
        {
            Ok(())
        } else {
            Err(ParseError::TooLong)
        }
    }

    /// The serializer writes "/." before a path that starts with an empty
    /// segment when there is no host, so that it does not read as one
    /// (<https://url.spec.whatwg.org/#url-serializing>, step 3). Called once
    /// the path is complete.
    fn finish_path(&mut self) {
        let host_is_null = self.host == HostKind::None;
        if host_is_null && self.path_start == self.scheme_end + 3 {
            // The "/." is there already, copied from the base.
            return;
        }
        let path_end = self
            .query_start
            .or(self.fragment_start)
            .unwrap_or(self.out.len());
        let path = &self.out[self.path_start..path_end];
        if crate::offsets::dot_before_path(host_is_null, self.opaque_path, path) {
            self.out.insert_str(self.path_start, "/.");
            self.path_start += 2;
        }
    }

    fn finish(mut self) -> Result<Url, ParseError> {
        self.finish_path();
        if self.out.len() > self.max_len || self.out.len() >= u32::MAX as usize {
            return Err(ParseError::TooLong);
        }
        // Every position is at most `out.len()`, which fits in u32.
        let offset = |i: usize| i as u32;
        let offsets = Offsets {
            scheme_end: offset(self.scheme_end),
            username_end: offset(self.username_end),
            host_start: offset(self.host_start),
            host_end: offset(self.host_end),
            path_start: offset(self.path_start),
            query_start: self.query_start.map_or(Offsets::NONE, offset),
            fragment_start: self.fragment_start.map_or(Offsets::NONE, offset),
            scheme: self.scheme,
            host: self.host,
            opaque_path: self.opaque_path,
        };
        let url = Url {
            serialization: self.out,
            offsets,
        };
        url.debug_check();
        Ok(url)
    }
}

/// The bytes the authority scan stops at: its possible ends, "@", and the
/// ":" and "[" that decide where the host ends.
static AUTHORITY_DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    table[b':' as usize] = true;
    table[b'[' as usize] = true;
    table[b'/' as usize] = true;
    table[b'?' as usize] = true;
    table[b'#' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'@' as usize] = true;
    table
};

/// Splits an authority's host from its port at the first ":" outside
/// brackets (<https://url.spec.whatwg.org/#host-state>).
pub(crate) fn split_host_and_port(input: &str) -> (&str, Option<&str>) {
    let bytes = input.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b':' || b == b'[') else {
        return (input, None);
    };
    if bytes[first] == b':' {
        return (&input[..first], Some(&input[first + 1..]));
    }
    let mut inside_brackets = false;
    for (i, b) in input.bytes().enumerate().skip(first) {
        match b {
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            b':' if !inside_brackets => return (&input[..i], Some(&input[i + 1..])),
            _ => {}
        }
    }
    (input, None)
}

/// Parses a port made only of ASCII digits; `None` for the empty string.
///
/// <https://url.spec.whatwg.org/#port-state>
pub(crate) fn parse_port(digits: &[u8]) -> Result<Option<u16>, ParseError> {
    if digits.is_empty() {
        return Ok(None);
    }
    let mut value: u32 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return Err(ParseError::PortInvalid);
        }
        // Saturate past u16: leading zeros are fine, large values fail below.
        value = (value * 10 + u32::from(b - b'0')).min(1 << 16);
    }
    u16::try_from(value)
        .map(Some)
        .map_err(|_| ParseError::PortOutOfRange)
}

/// Formats a port without allocating.
pub(crate) fn itoa_u16(mut n: u16, buffer: &mut [u8; 5]) -> &str {
    let mut i = buffer.len();
    loop {
        i -= 1;
        buffer[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buffer[i..]).unwrap_or("0")
}
