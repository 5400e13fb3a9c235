//! Writing records: text (the href), `--get`, `--json` (trurl's array),
//! `--jsonl`, `--csv`, `--tsv` and `--diagram`, for URLs and for failures.
//!
//! Everything is written into the caller's byte buffer; nothing here does
//! I/O, so batches can be rendered on any thread.

use std::borrow::Cow;
use std::io::Write as _;

use weburl::{form_urlencoded, Component, Url};

use crate::components::trurl::Part;
use crate::components::{self, Field, Mods};
use crate::format::{Format, RenderError};

/// A column of `--fields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Line,
    Offset,
    Input,
    Error,
    Field(Field),
}

impl Column {
    /// The names `--fields` takes, for the message about one it does not.
    pub fn names() -> String {
        let mut names = vec!["line", "offset", "input", "error"];
        names.extend(Field::names());
        names.join(", ")
    }

    pub fn parse(name: &str) -> Option<Column> {
        Some(match name {
            "line" => Column::Line,
            "offset" => Column::Offset,
            "input" => Column::Input,
            "error" => Column::Error,
            _ => Column::Field(Field::from_field_name(name)?),
        })
    }

    fn name(self) -> &'static str {
        match self {
            Column::Line => "line",
            Column::Offset => "offset",
            Column::Input => "input",
            Column::Error => "error",
            Column::Field(f) => f.name(),
        }
    }
}

/// The default columns: where the record came from, the URL Standard's
/// getters by their `--fields` names (the href, the origin, then the
/// others in the href's order), and the error.
pub fn default_columns() -> Vec<Column> {
    let mut columns = vec![Column::Line, Column::Offset, Column::Input];
    let (href, rest) = Component::SLICES.split_at(1);
    let getters = href.iter().chain([&Component::Origin]).chain(rest);
    columns.extend(getters.filter_map(|c| Field::from_field_name(c.name()).map(Column::Field)));
    columns.push(Column::Error);
    columns
}

#[derive(Debug)]
pub enum Mode {
    Text,
    Get(Format),
    Json,
    Jsonl,
    Csv,
    Tsv,
    Diagram,
}

/// Where a record came from.
#[derive(Clone, Copy, Debug)]
pub struct Meta<'a> {
    /// Line number in the file (from 1), or argument number.
    pub line: u64,
    /// Byte offset of the line in the file; `None` for an argument.
    pub offset: Option<u64>,
    /// The input as read (without the line ending).
    pub input: &'a [u8],
    /// The input as text, when it is already known to be UTF-8.
    pub text: Option<&'a str>,
}

/// A record that failed: its kind (`HostMissing`, `InvalidUtf8`, …) and message.
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: &'static str,
    pub message: String,
    pub exit: u8,
}

#[derive(Debug)]
pub struct Output {
    pub mode: Mode,
    pub fields: Vec<Column>,
    /// Whether --fields was given (jsonl then writes exactly those).
    pub explicit_fields: bool,
    pub mods: Mods,
    pub qsep: u8,
}

impl Output {
    /// Whether a successful record is just the href and a newline.
    pub fn is_plain_href(&self) -> bool {
        !self.mods.default_port
            && !self.mods.idn
            && !self.mods.iri
            && match &self.mode {
                Mode::Text => true,
                Mode::Get(f) => f.is_plain_href(),
                _ => false,
            }
    }

    /// What comes before the first record.
    pub fn header(&self, out: &mut Vec<u8>) {
        match self.mode {
            Mode::Json => out.push(b'['),
            Mode::Csv | Mode::Tsv => {
                let sep = if matches!(self.mode, Mode::Csv) {
                    b','
                } else {
                    b'\t'
                };
                for (i, f) in self.fields.iter().enumerate() {
                    if i > 0 {
                        out.push(sep);
                    }
                    out.extend_from_slice(f.name().as_bytes());
                }
                out.push(b'\n');
            }
            _ => {}
        }
    }

    /// What comes after the last record.
    pub fn footer(&self, wrote_any: bool, out: &mut Vec<u8>) {
        if let Mode::Json = self.mode {
            out.extend_from_slice(if wrote_any { b"\n]\n" } else { b"]\n" });
        }
    }

    /// A JSON array's records each start with a comma; the writer drops the
    /// first one.
    pub fn leading_comma(&self) -> bool {
        matches!(self.mode, Mode::Json)
    }

    /// Writes one URL's record.
    pub fn url(
        &self,
        meta: &Meta<'_>,
        url: &Url,
        out: &mut Vec<u8>,
        warn: &mut dyn FnMut(String),
    ) -> Result<(), RenderError> {
        if self.is_plain_href() {
            out.extend_from_slice(url.href().as_bytes());
            out.push(b'\n');
            return Ok(());
        }
        match &self.mode {
            Mode::Text => {
                out.extend_from_slice(components::href(url, self.mods).as_bytes());
                out.push(b'\n');
            }
            Mode::Get(f) => {
                let start = out.len();
                if let Err(e) = f.render(url, self.qsep, out, warn) {
                    out.truncate(start);
                    return Err(e);
                }
                out.push(b'\n');
            }
            Mode::Diagram => {
                out.extend_from_slice(url.diagram().as_bytes());
                out.push(b'\n');
            }
            Mode::Json => self.trurl_json(url, out),
            Mode::Jsonl => self.jsonl(meta, Ok(url), out),
            Mode::Csv | Mode::Tsv => self.row(meta, Ok(url), out),
        }
        Ok(())
    }

    /// Writes a failed record: `as_input` writes the input in text formats
    /// (`--on-error=input`, `--invalid`), otherwise an empty line.
    pub fn failure(&self, meta: &Meta<'_>, f: &Failure, as_input: bool, out: &mut Vec<u8>) {
        match &self.mode {
            Mode::Text | Mode::Get(_) | Mode::Diagram => {
                if as_input {
                    out.extend_from_slice(meta.input);
                }
                out.push(b'\n');
            }
            Mode::Json => {
                out.extend_from_slice(b",\n  {\n    \"input\": ");
                json_str(&String::from_utf8_lossy(meta.input), out);
                out.extend_from_slice(b",\n    \"error\": ");
                json_error(f, out);
                out.extend_from_slice(b"\n  }");
            }
            Mode::Jsonl => self.jsonl(meta, Err(f), out),
            Mode::Csv | Mode::Tsv => self.row(meta, Err(f), out),
        }
    }

    /// trurl's `--json` object: url, parts (trurl's names, decoded unless
    /// --urlencode), params (decoded pairs) when there is a query.
    fn trurl_json(&self, url: &Url, out: &mut Vec<u8>) {
        out.extend_from_slice(b",\n  {\n    \"url\": ");
        json_str(&components::href(url, self.mods), out);
        out.extend_from_slice(b",\n    \"parts\": {");
        let mut first = true;
        // The URL is the object's own key, before the parts.
        for part in Part::ALL.into_iter().filter(|&p| p != Part::Url) {
            // An empty query, fragment or host is left out, as an absent one.
            let value = part.value(url).filter(|v| {
                !v.is_empty() || !matches!(part, Part::Query | Part::Fragment | Part::Host)
            });
            let value: Cow<'_, str> = match (part, value) {
                (Part::Port, None) if self.mods.default_port => {
                    match components::default_port(url) {
                        Some(p) => Cow::Owned(p.to_string()),
                        None => continue,
                    }
                }
                (_, None) => continue,
                (Part::Host, Some(_)) if self.mods.idn => weburl::domain_to_unicode(url.hostname()),
                (Part::Query, Some(raw)) if !self.mods.encoded => {
                    lossy(form_urlencoded::decode(raw.as_bytes()))
                }
                (_, Some(raw)) if part.decodes() && !self.mods.encoded => {
                    lossy(weburl::percent_encoding::percent_decode(raw.as_bytes()))
                }
                (_, Some(raw)) => Cow::Borrowed(raw),
            };
            out.extend_from_slice(if first { b"\n      \"" } else { b",\n      \"" });
            first = false;
            out.extend_from_slice(part.name().as_bytes());
            out.extend_from_slice(b"\": ");
            json_str(&value, out);
        }
        out.extend_from_slice(b"\n    }");
        if let Some(q) = url.query().filter(|q| !q.is_empty()) {
            out.extend_from_slice(b",\n    \"params\": [");
            let mut first = true;
            for (k, v) in form_urlencoded::parse_with_separator(q.as_bytes(), self.qsep) {
                out.extend_from_slice(if first {
                    b"\n      {\n        \"key\": "
                } else {
                    b",\n      {\n        \"key\": "
                });
                first = false;
                json_str(&k, out);
                out.extend_from_slice(b",\n        \"value\": ");
                json_str(&v, out);
                out.extend_from_slice(b"\n      }");
            }
            out.extend_from_slice(if first { b"]" } else { b"\n    ]" });
        }
        out.extend_from_slice(b"\n  }");
    }

    fn jsonl(&self, meta: &Meta<'_>, rec: Result<&Url, &Failure>, out: &mut Vec<u8>) {
        out.push(b'{');
        let mut first = true;
        for &field in &self.fields {
            let value = match (field, rec) {
                // Without --fields, a URL has no error key and a failure no components.
                (Column::Error, Ok(_)) | (Column::Field(_), Err(_)) if !self.explicit_fields => {
                    continue
                }
                _ => field,
            };
            if !first {
                out.push(b',');
            }
            first = false;
            json_str(field.name(), out);
            out.push(b':');
            match (value, rec) {
                (Column::Line, _) => {
                    let _ = write!(out, "{}", meta.line);
                }
                (Column::Offset, _) => match meta.offset {
                    Some(o) => {
                        let _ = write!(out, "{o}");
                    }
                    None => out.extend_from_slice(b"null"),
                },
                (Column::Input, _) => json_str(&String::from_utf8_lossy(meta.input), out),
                (Column::Error, Ok(_)) | (Column::Field(_), Err(_)) => {
                    out.extend_from_slice(b"null")
                }
                (Column::Error, Err(f)) => json_error(f, out),
                (Column::Field(Field::Site(site)), Ok(url)) => {
                    match site.value(url, self.mods.surt) {
                        Some(value) => json_str(&value, out),
                        None => out.extend_from_slice(b"null"),
                    }
                }
                (Column::Field(f), Ok(url)) => json_str(&self.field_value(url, f), out),
            }
        }
        out.extend_from_slice(b"}\n");
    }

    fn row(&self, meta: &Meta<'_>, rec: Result<&Url, &Failure>, out: &mut Vec<u8>) {
        let csv = matches!(self.mode, Mode::Csv);
        for (i, &field) in self.fields.iter().enumerate() {
            if i > 0 {
                out.push(if csv { b',' } else { b'\t' });
            }
            let cell: Cow<'_, [u8]> = match (field, rec) {
                (Column::Line, _) => Cow::Owned(meta.line.to_string().into_bytes()),
                (Column::Offset, _) => Cow::Owned(
                    meta.offset
                        .map(|o| o.to_string())
                        .unwrap_or_default()
                        .into_bytes(),
                ),
                (Column::Input, _) => Cow::Borrowed(meta.input),
                (Column::Error, Ok(_)) | (Column::Field(_), Err(_)) => Cow::Borrowed(b""),
                (Column::Error, Err(f)) => Cow::Owned(f.kind.as_bytes().to_vec()),
                (Column::Field(f), Ok(url)) => {
                    Cow::Owned(self.field_value(url, f).into_owned().into_bytes())
                }
            };
            if csv {
                csv_cell(&cell, out);
            } else {
                tsv_cell(&cell, out);
            }
        }
        out.push(b'\n');
    }

    /// A component for --jsonl/--csv/--tsv: the URL Standard's getters as
    /// they are, trurl's names decoded unless --urlencode.
    fn field_value<'u>(&self, url: &'u Url, field: Field) -> Cow<'u, str> {
        match field {
            _ if field.is_href() => components::href(url, self.mods),
            _ => {
                let (raw, _) = components::raw(url, field, self.mods.surt);
                if field.decodes() && !self.mods.encoded {
                    match raw {
                        Cow::Borrowed(s) => {
                            lossy(components::decode_shown(s.as_bytes(), false, None))
                        }
                        Cow::Owned(s) => Cow::Owned(
                            lossy(components::decode_shown(s.as_bytes(), false, None)).into_owned(),
                        ),
                    }
                } else {
                    raw
                }
            }
        }
    }
}

fn lossy(b: Cow<'_, [u8]>) -> Cow<'_, str> {
    match b {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => match String::from_utf8(b) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

pub fn json_str(s: &str, out: &mut Vec<u8>) {
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
}

fn json_error(f: &Failure, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"kind\":");
    json_str(f.kind, out);
    out.extend_from_slice(b",\"message\":");
    json_str(&f.message, out);
    out.push(b'}');
}

/// RFC 4180: quoted when it holds a comma, quote or line break.
fn csv_cell(cell: &[u8], out: &mut Vec<u8>) {
    if !cell
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        out.extend_from_slice(cell);
        return;
    }
    out.push(b'"');
    for &b in cell {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// Tab, line breaks and backslash escaped, so a row stays one line.
pub fn tsv_cell(cell: &[u8], out: &mut Vec<u8>) {
    for &b in cell {
        match b {
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            _ => out.push(b),
        }
    }
}

/// The input as shown in a message: printable text as it is, everything
/// else escaped (`\xff`, `\0`, `\r`), at most `max` bytes of it.
pub fn escape_input(input: &[u8], max: usize, out: &mut Vec<u8>) {
    let shown = &input[..input.len().min(max)];
    out.push(b'"');
    for chunk in shown.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.extend_from_slice(b"\\\""),
                '\\' => out.extend_from_slice(b"\\\\"),
                '\n' => out.extend_from_slice(b"\\n"),
                '\r' => out.extend_from_slice(b"\\r"),
                '\t' => out.extend_from_slice(b"\\t"),
                '\0' => out.extend_from_slice(b"\\0"),
                // Controls, and the invisible characters that would hide or
                // reorder text in a terminal (BOM, zero-width, bidi).
                c if c.is_control()
                    || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}') =>
                {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
                c => {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.push(b'"');
    if shown.len() < input.len() {
        let _ = write!(out, "… ({} bytes)", input.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_bytes_for_messages() {
        let mut out = Vec::new();
        escape_input(b"a\"\\\r\0\xffb\xc3\xa9", 100, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\"a\\\"\\\\\\r\\0\\xffbé\""
        );
        let mut out = Vec::new();
        escape_input(b"abcdef", 3, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "\"abc\"… (6 bytes)");
        let mut out = Vec::new();
        escape_input("\u{feff}a\u{202e}".as_bytes(), 100, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "\"\\u{feff}a\\u{202e}\"");
    }

    #[test]
    fn csv_and_tsv_cells() {
        let mut out = Vec::new();
        csv_cell(b"a,\"b\"", &mut out);
        assert_eq!(out, b"\"a,\"\"b\"\"\"");
        let mut out = Vec::new();
        tsv_cell(b"a\tb\\", &mut out);
        assert_eq!(out, b"a\\tb\\\\");
    }
}
