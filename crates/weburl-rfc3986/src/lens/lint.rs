//! The lint: the URL Standard's validation errors under the input, then
//! the lens comparison, for people.

use icu_properties::props::{EastAsianWidth, GeneralCategory};
use icu_properties::CodePointMapData;
use weburl::display::is_hidden;
use weburl::{Url, ValidationError};

use super::{compare, Comparison};

/// What [`lint`] found: the URL Standard's validation errors, with the
/// comparison against RFC 3986.
///
/// ```
/// use weburl_rfc3986::lens::lint;
///
/// let report = lint("http://a\\@b/", None);
/// assert_eq!(report.errors.len(), 1);
/// assert!(report.comparison.changes_host());
/// println!("{}", report.render());
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LintReport {
    /// The input, as given.
    pub input: String,
    /// The validation errors, in the order the parser met them.
    pub errors: Vec<ValidationError>,
    /// The parse by both standards, and their disagreements.
    pub comparison: Comparison,
}

/// Checks `input` (against `base`, if given): validation errors
/// (<https://url.spec.whatwg.org/#validation-error>) and the lens
/// comparison. [`LintReport::render`] prints them for people.
///
/// ```
/// use weburl_rfc3986::lens::lint;
///
/// let report = lint("http://exa mple.com\\path", None);
/// assert!(report.comparison.whatwg.is_err());
/// let text = report.render();
/// assert!(text.starts_with("http://exa mple.com\\path\n"));
/// assert!(text.contains("       ^^^^^^^^^^^^ domain-to-ASCII"));
/// ```
pub fn lint(input: &str, base: Option<&Url>) -> LintReport {
    let mut errors: Vec<ValidationError> = Vec::new();
    // The result is in the comparison; this parse only collects errors.
    let _ = Url::options()
        .base_url(base)
        .validation_sink(&mut errors)
        .parse(input);
    LintReport {
        input: input.to_owned(),
        errors,
        comparison: compare(input, base.map(Url::href)),
    }
}

impl LintReport {
    /// Whether there is nothing to report: the input parses without
    /// validation errors and both standards read it the same way.
    ///
    /// ```
    /// assert!(weburl_rfc3986::lens::lint("https://example.com/a?b#c", None).is_clean());
    /// assert!(!weburl_rfc3986::lens::lint("https://example.com/a b", None).is_clean());
    /// ```
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
            && self.comparison.whatwg.is_ok()
            && self.comparison.disagreements.is_empty()
    }

    /// The report as text: the input on one line (tabs, newlines and
    /// invisible characters written as escapes such as `\t` and
    /// `\u{202e}`), a line of carets under each validation error's span
    /// with the error's name and what it means, the WHATWG and RFC 3986
    /// results, the disagreements and the verdict.
    ///
    /// Carets are placed by terminal columns: one per character, two for
    /// East Asian wide and fullwidth characters, none for combining marks.
    ///
    /// ```
    /// let text = weburl_rfc3986::lens::lint("http://a\tb/", None).render();
    /// assert!(text.starts_with("http://a\\tb/\n        ^^ invalid-URL-unit"));
    /// ```
    pub fn render(&self) -> String {
        let echo = Echo::new(&self.input);
        let mut out = String::new();
        out.push_str(&echo.line);
        out.push('\n');
        let mut errors: Vec<&ValidationError> = self.errors.iter().collect();
        errors.sort_by_key(|e| (e.span.start, e.span.end));
        let mut previous: Option<&ValidationError> = None;
        for error in errors {
            // The parser may report one error twice at the same place.
            if previous == Some(error) {
                continue;
            }
            previous = Some(error);
            let start = echo.column(error.span.start);
            let end = echo.column(error.span.end).max(start + 1);
            out.push_str(&" ".repeat(start));
            out.push_str(&"^".repeat(end - start));
            out.push_str(&format!(
                " {}: {}\n",
                error.kind.name(),
                error.kind.description()
            ));
        }
        out.push_str(&self.comparison.to_string());
        out.push('\n');
        out
    }
}

/// The input as shown on one line, and the column of each byte offset.
struct Echo {
    line: String,
    /// `columns[i]`: the column where the character at byte `i` starts.
    columns: Vec<usize>,
}

impl Echo {
    fn new(input: &str) -> Echo {
        let mut line = String::with_capacity(input.len());
        let mut columns = vec![0; input.len() + 1];
        let mut column = 0;
        for (i, c) in input.char_indices() {
            columns[i..i + c.len_utf8()].fill(column);
            let shown = match c {
                '\t' => "\\t".to_owned(),
                '\n' => "\\n".to_owned(),
                '\r' => "\\r".to_owned(),
                ' ' => " ".to_owned(),
                c if is_hidden(c) => format!("\\u{{{:x}}}", u32::from(c)),
                c => c.to_string(),
            };
            column += if shown.chars().count() == 1 {
                terminal_columns(c)
            } else {
                shown.len()
            };
            line.push_str(&shown);
        }
        columns[input.len()] = column;
        Echo { line, columns }
    }

    /// The column of byte offset `i` (the end for offsets past it).
    fn column(&self, i: usize) -> usize {
        let last = self.columns.len() - 1;
        self.columns[i.min(last)]
    }
}

/// How many terminal columns `c` takes: two for East Asian wide and
/// fullwidth characters, none for combining marks, one otherwise.
fn terminal_columns(c: char) -> usize {
    if c.is_ascii() {
        return 1;
    }
    match CodePointMapData::<GeneralCategory>::new().get(c) {
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark => return 0,
        _ => {}
    }
    let width = CodePointMapData::<EastAsianWidth>::new().get(c);
    if width == EastAsianWidth::Wide || width == EastAsianWidth::Fullwidth {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::terminal_columns as columns;

    #[test]
    fn widths() {
        assert_eq!(columns('a'), 1);
        assert_eq!(columns('é'), 1);
        assert_eq!(columns('東'), 2);
        assert_eq!(columns('ｅ'), 2);
        assert_eq!(columns('\u{301}'), 0);
    }
}
