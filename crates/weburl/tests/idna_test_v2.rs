//! Every line of Unicode's IdnaTestV2.txt (UTS #46 17.0.0, vendored in
//! `testdata/unicode/`) through the URL Standard's domain parser,
//! `weburl::domain_to_ascii`, with beStrict true and false.
//!
//! The domain parser runs Unicode ToASCII with CheckBidi and CheckJoiners
//! true, Transitional_Processing and IgnoreInvalidPunycode false, and
//! CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to beStrict
//! (<https://url.spec.whatwg.org/#concept-domain-parser-toascii>). So each
//! line's toAsciiN column and status apply, minus the status codes the file
//! header says to ignore for flags that are false:
//!
//! * beStrict true: every flag the codes stand for is set; nothing ignored,
//!   and the domain parser returns ToASCII's result as it is.
//! * beStrict false: V2 and V3 (CheckHyphens), U1 (UseSTD3ASCIIRules), A4_1
//!   and A4_2 (VerifyDnsLength) are ignored. Then the domain parser's own
//!   steps apply (<https://url.spec.whatwg.org/#concept-domain-to-ascii>):
//!   an ASCII domain is lowercased whatever ToASCII says (step 5), and an
//!   empty result or one with a forbidden domain code point fails (steps 7
//!   and 8). The lines where this makes the result differ from ToASCII's
//!   are listed, with the step, in `testdata/unicode/IdnaTestV2-url.txt`;
//!   the list must be exact, so a line that moves in or out of it fails.
//!
//! The Rust strings cannot hold the two lines' lone surrogates (`\uD900`);
//! they become U+FFFD, as the URL API's USVString conversion makes them, and
//! the status (failure) stays right for them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use weburl::domain_to_ascii;

/// Status codes of flags the URL Standard sets to beStrict, ignored when it
/// is false (IdnaTestV2.txt header: "Implementations that allow values of
/// particular input flags to be false would ignore the corresponding status
/// codes").
const IGNORED_WHEN_NOT_STRICT: [&str; 5] = ["V2", "V3", "U1", "A4_1", "A4_2"];

fn testdata(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(relative)
}

/// One test line of IdnaTestV2.txt, with blanks resolved as the header says.
struct Line {
    number: usize,
    /// Column 1 as written (escapes kept), to name the line.
    raw_source: String,
    source: String,
    /// Column 4: toAsciiN.
    to_ascii: String,
    /// Column 5: toAsciiNStatus.
    status: Vec<String>,
}

/// Unescapes `\uXXXX` and `\x{X…}`; a lone surrogate becomes U+FFFD.
fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (hex, len) = if let Some(braced) = tail.strip_prefix("\\x{") {
            let end = braced.find('}').expect("closed \\x{ escape");
            (&braced[..end], 3 + end + 1)
        } else if tail.starts_with("\\u") && tail.len() >= 6 {
            (&tail[2..6], 6)
        } else {
            panic!("unknown escape in {field:?}");
        };
        let value = u32::from_str_radix(hex, 16).expect("hex escape");
        out.push(char::from_u32(value).unwrap_or('\u{FFFD}'));
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

/// A string column: blank means `blank`, `""` the empty string.
fn string_column(field: &str, blank: &str) -> String {
    match field {
        "" => blank.to_owned(),
        "\"\"" => String::new(),
        _ => unescape(field),
    }
}

/// A status column: blank means `blank`, `[]` no errors.
fn status_column(field: &str, blank: &[String]) -> Vec<String> {
    if field.is_empty() {
        return blank.to_vec();
    }
    let inner = field
        .strip_prefix('[')
        .and_then(|f| f.strip_suffix(']'))
        .unwrap_or_else(|| panic!("status {field:?}"));
    inner
        .split(',')
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .map(str::to_owned)
        .collect()
}

fn read_lines() -> Vec<Line> {
    let path = testdata("unicode/IdnaTestV2.txt");
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = data
            .split(';')
            .map(|c| c.trim_matches([' ', '\t']))
            .collect();
        assert_eq!(columns.len(), 7, "line {}: {line:?}", index + 1);
        let source = string_column(columns[0], "");
        let to_unicode = string_column(columns[1], &source);
        let to_unicode_status = status_column(columns[2], &[]);
        lines.push(Line {
            number: index + 1,
            raw_source: columns[0].to_owned(),
            to_ascii: string_column(columns[3], &to_unicode),
            status: status_column(columns[4], &to_unicode_status),
            source,
        });
    }
    lines
}

/// The status codes that make ToASCII fail with the URL Standard's flags.
fn errors(line: &Line, be_strict: bool) -> Vec<&str> {
    line.status
        .iter()
        .map(String::as_str)
        .filter(|code| be_strict || !IGNORED_WHEN_NOT_STRICT.contains(code))
        .collect()
}

/// ToASCII's result with the URL Standard's flags: `None` is failure.
fn expected_to_ascii(line: &Line, be_strict: bool) -> Option<String> {
    errors(line, be_strict)
        .is_empty()
        .then(|| line.to_ascii.clone())
}

/// The list's third column: what ToASCII gives, its error codes or its
/// output.
fn to_ascii_column(line: &Line) -> String {
    match expected_to_ascii(line, false) {
        Some(output) => format!("{output:?}"),
        None => format!("[{}]", errors(line, false).join(", ")),
    }
}

/// url.bs "forbidden domain code point", written from the definition.
fn is_forbidden_domain_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
            | '%'
            | '\u{7F}'
    ) || c.is_ascii_control()
}

/// The step of the non-strict domain parser that makes its result differ
/// from ToASCII's, and that result; `None` when it does not differ.
fn url_standard_difference(
    line: &Line,
    to_ascii: &Option<String>,
) -> Option<(&'static str, Option<String>)> {
    // Step 5: the ASCII fallback.
    let result = if line.source.is_ascii() {
        Some(line.source.to_ascii_lowercase())
    } else {
        to_ascii.clone()
    };
    let (step, result) = match result {
        Some(r) if r.is_empty() => ("step-7-empty", None),
        Some(r) if r.chars().any(is_forbidden_domain_code_point) => ("step-8-forbidden", None),
        r => ("step-5-ascii-fallback", r),
    };
    (result != *to_ascii).then_some((step, result))
}

/// The documented list: line number → (step, ToASCII's result, source as
/// written).
fn read_difference_list() -> BTreeMap<usize, (String, String, String)> {
    let path = testdata("unicode/IdnaTestV2-url.txt");
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let mut list = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.splitn(4, '\t').collect();
        let [number, step, to_ascii, source] = fields[..] else {
            panic!("IdnaTestV2-url.txt: malformed line {line:?}");
        };
        let number = number.parse().expect("line number");
        let entry = (step.to_owned(), to_ascii.to_owned(), source.to_owned());
        let old = list.insert(number, entry);
        assert!(
            old.is_none(),
            "IdnaTestV2-url.txt lists line {number} twice"
        );
    }
    list
}

fn show(result: &Option<String>) -> String {
    match result {
        Some(s) => format!("{s:?}"),
        None => "failure".to_owned(),
    }
}

#[test]
fn every_line_of_idna_test_v2() {
    let lines = read_lines();
    assert_eq!(
        lines.len(),
        6391,
        "IdnaTestV2.txt 17.0.0 has 6391 test lines"
    );
    let listed = read_difference_list();
    let mut computed = BTreeMap::new();
    let mut failures = String::new();
    let mut checks = 0;
    let mut expected_failures = [0; 2];

    for line in &lines {
        for be_strict in [true, false] {
            let to_ascii = expected_to_ascii(line, be_strict);
            let expected = if be_strict {
                to_ascii
            } else {
                match url_standard_difference(line, &to_ascii) {
                    Some((step, result)) => {
                        let entry = (
                            step.to_owned(),
                            to_ascii_column(line),
                            line.raw_source.clone(),
                        );
                        computed.insert(line.number, entry);
                        result
                    }
                    None => to_ascii,
                }
            };
            let actual = domain_to_ascii(&line.source, be_strict).ok();
            checks += 1;
            if expected.is_none() {
                expected_failures[usize::from(be_strict)] += 1;
            }
            if actual != expected {
                let _ = writeln!(
                    failures,
                    "line {} {:?} (beStrict {be_strict}): got {}, expected {} (status {:?})",
                    line.number,
                    line.raw_source,
                    show(&actual),
                    show(&expected),
                    line.status,
                );
            }
        }
    }

    if computed != listed {
        let _ = writeln!(
            failures,
            "testdata/unicode/IdnaTestV2-url.txt is not the list of lines where the URL \
             Standard's steps change ToASCII's result; the list should be:"
        );
        for (number, (step, to_ascii, source)) in &computed {
            let _ = writeln!(failures, "{number}\t{step}\t{to_ascii}\t{source}");
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert_eq!(checks, 2 * 6391);
    eprintln!(
        "IdnaTestV2.txt: {} lines, each with beStrict true ({} failures expected) and false \
         ({} failures expected); {} lines where the URL Standard's steps differ from ToASCII",
        lines.len(),
        expected_failures[1],
        expected_failures[0],
        computed.len()
    );
}

/// The case that UTS #46 V4 decides: a non-ASCII host whose label decodes to
/// one beginning with `xn--`, through the whole URL parser.
#[test]
fn url_with_a_label_decoding_to_xn() {
    use weburl::Url;
    assert!(Url::parse("https://xn--xn---ep\u{FF4F}a/").is_err());
    assert!(!Url::can_parse("https://xn--xn---ep\u{FF4F}a/", None));
    // The ASCII fallback keeps the ASCII spelling.
    let url = Url::parse("https://xn--xn---epa/x").unwrap();
    assert_eq!(url.hostname(), "xn--xn---epa");
}
