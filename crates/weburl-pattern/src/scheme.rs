//! The scheme of a URL string, read without parsing the rest: enough to
//! refuse most inputs of a pattern whose protocol is fixed text.
//!
//! <https://url.spec.whatwg.org/#scheme-start-state>

/// What the URL parser, given no base, makes of the start of an input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Scheme<'a> {
    /// The input has no scheme, so it does not parse.
    None,
    /// The scheme, lowercased (the URL's `protocol` less its `:`), in the
    /// caller's buffer.
    Some(&'a str),
    /// Longer than the buffer: unknown here.
    TooLong,
}

/// The scheme the URL parser reads from `input` with no base: leading C0
/// controls and spaces stripped, ASCII tabs and newlines skipped, an ASCII
/// alpha then alphanumerics, `+`, `-` or `.` up to a `:`. Anything else
/// there is the "no scheme" state, a failure without a base.
pub(crate) fn scheme_of<'b>(input: &str, buffer: &'b mut [u8]) -> Scheme<'b> {
    let bytes = input.as_bytes();
    let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let mut len = 0;
    for &b in &bytes[start..] {
        match b {
            b'\t' | b'\n' | b'\r' => continue,
            b':' if len > 0 => {
                // The buffer holds lowercased ASCII only.
                return std::str::from_utf8(&buffer[..len]).map_or(Scheme::None, Scheme::Some);
            }
            b if b.is_ascii_alphabetic()
                || (len > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.'))) =>
            {
                let Some(slot) = buffer.get_mut(len) else {
                    return Scheme::TooLong;
                };
                *slot = b.to_ascii_lowercase();
                len += 1;
            }
            _ => return Scheme::None,
        }
    }
    Scheme::None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_as_the_parser_reads_them() {
        let mut buffer = [0; 8];
        let mut scheme = |s: &str| match scheme_of(s, &mut buffer) {
            Scheme::Some(s) => Ok(s.to_owned()),
            Scheme::None => Err("none"),
            Scheme::TooLong => Err("too long"),
        };
        assert_eq!(scheme("https://a/"), Ok("https".into()));
        assert_eq!(scheme(" \u{1}HT\ttP\nS:x"), Ok("https".into()));
        assert_eq!(scheme("a+b-c.d:"), Ok("a+b-c.d".into()));
        assert_eq!(scheme("x1:"), Ok("x1".into()));
        assert_eq!(scheme("1x:"), Err("none"));
        assert_eq!(scheme(":x"), Err("none"));
        assert_eq!(scheme("//a/b"), Err("none"));
        assert_eq!(scheme("ht tp://a"), Err("none"));
        assert_eq!(scheme("hé:"), Err("none"));
        assert_eq!(scheme("https"), Err("none"));
        assert_eq!(scheme(""), Err("none"));
        assert_eq!(scheme("abcdefghi:"), Err("too long"));
    }
}
