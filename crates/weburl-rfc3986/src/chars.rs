//! Character classes of RFC 3986 §2 and RFC 3987 §2.2, as one byte table
//! built at compile time from the ABNF's own character lists.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
pub(crate) const UNRESERVED: u8 = 1;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
pub(crate) const SUB_DELIM: u8 = 1 << 1;
pub(crate) const COLON: u8 = 1 << 2;
pub(crate) const AT: u8 = 1 << 3;
pub(crate) const SLASH: u8 = 1 << 4;
pub(crate) const QUESTION: u8 = 1 << 5;
/// The characters after a scheme's first letter: `ALPHA / DIGIT / "+" / "-" / "."` (§3.1).
pub(crate) const SCHEME: u8 = 1 << 6;
/// `HEXDIG` (RFC 5234 B.1, case-insensitive as all ABNF strings are).
pub(crate) const HEXDIG: u8 = 1 << 7;

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1).
pub(crate) const USERINFO: u8 = UNRESERVED | SUB_DELIM | COLON;
/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2).
pub(crate) const REG_NAME: u8 = UNRESERVED | SUB_DELIM;
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` plus the
/// segment separator `/` (§3.3).
pub(crate) const PATH: u8 = UNRESERVED | SUB_DELIM | COLON | AT | SLASH;
/// `query = *( pchar / "/" / "?" )`; `fragment` is the same set (§3.4, §3.5).
pub(crate) const QUERY: u8 = PATH | QUESTION;
/// The tail of `IPvFuture`: `1*( unreserved / sub-delims / ":" )` (§3.2.2).
pub(crate) const IPV_FUTURE: u8 = UNRESERVED | SUB_DELIM | COLON;

const fn mark(mut table: [u8; 256], bytes: &[u8], class: u8) -> [u8; 256] {
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] |= class;
        i += 1;
    }
    table
}

const ALPHA: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &[u8] = b"0123456789";

const TABLE: [u8; 256] = {
    let t = [0u8; 256];
    let t = mark(t, ALPHA, UNRESERVED | SCHEME);
    let t = mark(t, DIGIT, UNRESERVED | SCHEME | HEXDIG);
    let t = mark(t, b"-._~", UNRESERVED);
    let t = mark(t, b"+-.", SCHEME);
    let t = mark(t, b"!$&'()*+,;=", SUB_DELIM);
    let t = mark(t, b":", COLON);
    let t = mark(t, b"@", AT);
    let t = mark(t, b"/", SLASH);
    let t = mark(t, b"?", QUESTION);
    mark(t, b"ABCDEFabcdef", HEXDIG)
};

/// Whether the ASCII byte `b` is in any of the classes of `mask`.
#[inline]
pub(crate) fn is(b: u8, mask: u8) -> bool {
    TABLE[b as usize] & mask != 0
}

/// `ucschar` exactly as RFC 3987 §2.2 lists it.
pub(crate) fn is_ucschar(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF
        | 0xF900..=0xFDCF
        | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD
        | 0x20000..=0x2FFFD
        | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD
        | 0x50000..=0x5FFFD
        | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD
        | 0x80000..=0x8FFFD
        | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD
        | 0xB0000..=0xBFFFD
        | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD
        | 0xE1000..=0xEFFFD)
}

/// `iprivate` exactly as RFC 3987 §2.2 lists it; allowed only in `iquery`.
pub(crate) fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The value of one hexadecimal digit, if `b` is one.
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table, checked against predicates that read like the ABNF.
    #[test]
    fn table_matches_abnf() {
        for b in 0..=255u8 {
            let alpha = b.is_ascii_alphabetic();
            let digit = b.is_ascii_digit();
            let unreserved = alpha || digit || b"-._~".contains(&b);
            let sub_delim = b"!$&'()*+,;=".contains(&b);
            assert_eq!(is(b, UNRESERVED), unreserved, "unreserved {b:#x}");
            assert_eq!(is(b, SUB_DELIM), sub_delim, "sub-delims {b:#x}");
            assert_eq!(
                is(b, SCHEME),
                alpha || digit || b"+-.".contains(&b),
                "scheme {b:#x}"
            );
            assert_eq!(is(b, HEXDIG), b.is_ascii_hexdigit(), "HEXDIG {b:#x}");
            let pchar = unreserved || sub_delim || b == b':' || b == b'@';
            assert_eq!(is(b, PATH), pchar || b == b'/', "path {b:#x}");
            assert_eq!(
                is(b, QUERY),
                pchar || b == b'/' || b == b'?',
                "query {b:#x}"
            );
            assert_eq!(
                is(b, USERINFO),
                unreserved || sub_delim || b == b':',
                "userinfo {b:#x}"
            );
            assert_eq!(is(b, REG_NAME), unreserved || sub_delim, "reg-name {b:#x}");
            assert_eq!(hex_value(b).is_some(), b.is_ascii_hexdigit());
        }
    }

    #[test]
    fn iri_ranges_edges() {
        for (c, uc, private) in [
            ('\u{9F}', false, false),
            ('\u{A0}', true, false),
            ('\u{D7FF}', true, false),
            ('\u{E000}', false, true),
            ('\u{F8FF}', false, true),
            ('\u{F900}', true, false),
            ('\u{FDCF}', true, false),
            ('\u{FDD0}', false, false),
            ('\u{FDEF}', false, false),
            ('\u{FDF0}', true, false),
            ('\u{FFEF}', true, false),
            ('\u{FFF0}', false, false),
            ('\u{1FFFD}', true, false),
            ('\u{1FFFE}', false, false),
            ('\u{E0FFF}', false, false),
            ('\u{E1000}', true, false),
            ('\u{EFFFD}', true, false),
            ('\u{F0000}', false, true),
            ('\u{FFFFD}', false, true),
            ('\u{FFFFE}', false, false),
            ('\u{10FFFD}', false, true),
            ('\u{10FFFF}', false, false),
        ] {
            assert_eq!(is_ucschar(c), uc, "ucschar {:#x}", c as u32);
            assert_eq!(is_iprivate(c), private, "iprivate {:#x}", c as u32);
        }
    }
}
