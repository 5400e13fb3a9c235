//! Schemes: which are special, their default ports, and the scheme an
//! input starts with.

use crate::code_points::{is_ascii_tab_or_newline, is_c0_control_or_space, is_scheme_byte};

/// A URL's scheme, classified once at parse time.
///
/// <https://url.spec.whatwg.org/#special-scheme>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SchemeKind {
    /// `http`, default port 80.
    Http,
    /// `https`, default port 443.
    Https,
    /// `ws`, default port 80.
    Ws,
    /// `wss`, default port 443.
    Wss,
    /// `ftp`, default port 21.
    Ftp,
    /// `file`, no default port.
    File,
    /// Any other scheme: not special.
    Other,
}

/// Recognizes "https://" or "http://" at the start of `input` with one
/// 8-byte comparison each, in any case with `any_case`: the schemes of most
/// real URLs, before the general scheme scan. Gives the scheme and where
/// it ends (the ":"). Needs 8 bytes of input; `None` leaves it to the
/// general scan.
#[inline]
pub(crate) fn http_prefix(input: &[u8], any_case: bool) -> Option<(SchemeKind, usize)> {
    let first: [u8; 8] = input.get(..8)?.try_into().ok()?;
    let word = u64::from_le_bytes(first);
    // Setting 0x20 lowercases a letter, and maps no other byte to one.
    let (fold_https, fold_http) = if any_case {
        (0x0000_0020_2020_2020, 0x0000_0000_2020_2020)
    } else {
        (0, 0)
    };
    // The bits that differ from each prefix ("http://" and any eighth
    // byte). Lists mix the two schemes: one test for both, with no branch
    // on which it is.
    let https = (word | fold_https) ^ u64::from_le_bytes(*b"https://");
    let http = ((word | fold_http) & 0x00FF_FFFF_FFFF_FFFF) ^ u64::from_le_bytes(*b"http://\0");
    if https.min(http) != 0 {
        return None;
    }
    Some(if https == 0 {
        (SchemeKind::Https, 5)
    } else {
        (SchemeKind::Http, 4)
    })
}

/// Whether `input` starts with "file://", in any case, tested as
/// `http_prefix` tests its schemes. Needs 8 bytes of input.
#[inline]
pub(crate) fn is_file_prefix(input: &[u8]) -> bool {
    let Some(first) = input.get(..8) else {
        return false;
    };
    let word = u64::from_le_bytes(first.try_into().unwrap_or_default());
    (word | 0x2020_2020) & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"file://\0")
}

impl SchemeKind {
    /// ada's number for the scheme (`ada::scheme::type`), which ada's C
    /// API (`ada_get_scheme_type`) and ada's Python package expose:
    /// http 0, any non-special scheme 1, https 2, ws 3, ftp 4, wss 5,
    /// file 6.
    ///
    /// ```
    /// assert_eq!(weburl::SchemeKind::Https.ada_type(), 2);
    /// ```
    pub const fn ada_type(self) -> u8 {
        match self {
            SchemeKind::Http => 0,
            SchemeKind::Other => 1,
            SchemeKind::Https => 2,
            SchemeKind::Ws => 3,
            SchemeKind::Ftp => 4,
            SchemeKind::Wss => 5,
            SchemeKind::File => 6,
        }
    }

    /// Classifies a scheme that is already ASCII-lowercased.
    #[inline]
    pub(crate) fn from_lowercase(scheme: &[u8]) -> SchemeKind {
        match scheme {
            b"http" => SchemeKind::Http,
            b"https" => SchemeKind::Https,
            b"ws" => SchemeKind::Ws,
            b"wss" => SchemeKind::Wss,
            b"ftp" => SchemeKind::Ftp,
            b"file" => SchemeKind::File,
            _ => SchemeKind::Other,
        }
    }

    /// Classifies a scheme as a URL serializes it (ASCII lowercase, no
    /// ":"); any other string, `"HTTP"` included, is [`SchemeKind::Other`].
    ///
    /// ```
    /// use weburl::SchemeKind;
    /// assert_eq!(SchemeKind::from_scheme("wss"), SchemeKind::Wss);
    /// assert!(!SchemeKind::from_scheme("blob").is_special());
    /// ```
    pub fn from_scheme(scheme: &str) -> SchemeKind {
        SchemeKind::from_lowercase(scheme.as_bytes())
    }

    /// <https://url.spec.whatwg.org/#is-special>
    #[inline]
    pub fn is_special(self) -> bool {
        self != SchemeKind::Other
    }

    /// <https://url.spec.whatwg.org/#default-port>
    #[inline]
    pub fn default_port(self) -> Option<u16> {
        match self {
            SchemeKind::Http | SchemeKind::Ws => Some(80),
            SchemeKind::Https | SchemeKind::Wss => Some(443),
            SchemeKind::Ftp => Some(21),
            SchemeKind::File | SchemeKind::Other => None,
        }
    }
}

/// Finds the scheme at the start of `input`: an ASCII letter, then ASCII
/// alphanumerics, "+", "-" or ".", then ":". Returns the position of the ":".
///
/// <https://url.spec.whatwg.org/#scheme-start-state>
#[inline]
pub(crate) fn find_scheme_end(input: &[u8]) -> Option<usize> {
    if !input.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = 1 + input[1..].iter().position(|&b| !is_scheme_byte(b))?;
    (input[len] == b':').then_some(len)
}

/// What the basic URL parser, given no base, reads as the scheme at the
/// start of `input` (see [`input_scheme`]).
#[derive(Debug, PartialEq, Eq)]
pub enum InputScheme<'a> {
    /// The input has no scheme (the "no scheme" state), so it does not
    /// parse without a base.
    None,
    /// The scheme, lowercased (the URL's `protocol` less its `:`), in the
    /// caller's buffer.
    Some(&'a str),
    /// Longer than the buffer: unknown here.
    TooLong,
}

/// The scheme the basic URL parser reads from `input` with no base, without
/// parsing the rest: leading C0 controls and spaces stripped, ASCII tabs and
/// newlines skipped, then the scheme start and scheme states up to the ":".
/// The scheme is lowercased into `buffer`. A caller can refuse most inputs
/// by their scheme alone (weburl-pattern's `may_match_str`) before paying
/// for a parse.
///
/// <https://url.spec.whatwg.org/#scheme-start-state>
///
/// ```
/// use weburl::{input_scheme, InputScheme};
///
/// let mut buffer = [0; 16];
/// assert_eq!(input_scheme(" HT\ttPS://a/", &mut buffer), InputScheme::Some("https"));
/// assert_eq!(input_scheme("//a/b", &mut buffer), InputScheme::None);
/// ```
pub fn input_scheme<'b>(input: &str, buffer: &'b mut [u8]) -> InputScheme<'b> {
    let bytes = input.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_c0_control_or_space(char::from(b)))
        .unwrap_or(bytes.len());
    let mut len = 0;
    for &b in &bytes[start..] {
        if is_ascii_tab_or_newline(b) {
            continue;
        }
        if b == b':' && len > 0 {
            // The buffer holds lowercased ASCII only.
            return std::str::from_utf8(&buffer[..len])
                .map_or(InputScheme::None, InputScheme::Some);
        }
        if !(b.is_ascii_alphabetic() || (len > 0 && is_scheme_byte(b))) {
            return InputScheme::None;
        }
        let Some(slot) = buffer.get_mut(len) else {
            return InputScheme::TooLong;
        };
        *slot = b.to_ascii_lowercase();
        len += 1;
    }
    InputScheme::None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_schemes_as_the_parser_reads_them() {
        let mut buffer = [0; 8];
        let mut scheme = |s: &str| match input_scheme(s, &mut buffer) {
            InputScheme::Some(s) => Ok(s.to_owned()),
            InputScheme::None => Err("none"),
            InputScheme::TooLong => Err("too long"),
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

    #[test]
    fn finds_schemes() {
        assert_eq!(find_scheme_end(b"http://x"), Some(4));
        assert_eq!(find_scheme_end(b"a+b-c.d:"), Some(7));
        assert_eq!(find_scheme_end(b"1http:"), None);
        assert_eq!(find_scheme_end(b"http"), None);
        assert_eq!(find_scheme_end(b"ht tp:"), None);
        assert_eq!(find_scheme_end(b""), None);
    }

    #[test]
    fn default_ports() {
        assert_eq!(SchemeKind::from_lowercase(b"wss").default_port(), Some(443));
        assert_eq!(SchemeKind::from_lowercase(b"file").default_port(), None);
        assert!(!SchemeKind::from_lowercase(b"blob").is_special());
    }

    #[test]
    fn http_prefixes() {
        assert_eq!(
            http_prefix(b"https://h", false),
            Some((SchemeKind::Https, 5))
        );
        assert_eq!(http_prefix(b"http://h", false), Some((SchemeKind::Http, 4)));
        assert_eq!(http_prefix(b"HTTPS://h", false), None);
        assert_eq!(
            http_prefix(b"HtTpS://h", true),
            Some((SchemeKind::Https, 5))
        );
        assert_eq!(http_prefix(b"HTTP://h", true), Some((SchemeKind::Http, 4)));
        for other in [
            &b"http://"[..],
            b"https:/h/",
            b"http:/hh/",
            b"httpx://h",
            b"http\x08://",
            b"H\x14TP://h",
            b"ftp://hhh",
        ] {
            assert_eq!(http_prefix(other, true), None, "{other:?}");
        }
        for file in [&b"file:///"[..], b"FiLe://h", b"file://h/x"] {
            assert!(is_file_prefix(file), "{file:?}");
        }
        for other in [
            &b"file://"[..],
            b"file:/hh",
            b"fil://hh",
            b"f\x09le://h",
            b"files://",
        ] {
            assert!(!is_file_prefix(other), "{other:?}");
        }
    }
}
