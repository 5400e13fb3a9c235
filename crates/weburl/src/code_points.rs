//! Byte classes of the URL Standard, as tables built at compile time from
//! predicates that read like the spec text.
//!
//! Every class here is about ASCII bytes; bytes ≥ 0x80 belong to a non-ASCII
//! code point, which the callers handle on their own (they are never
//! forbidden host code points, and every percent-encode set contains them).

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
const fn is_forbidden_host_byte(b: u8) -> bool {
    matches!(
        b,
        0x00 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
pub(crate) const fn is_forbidden_domain_byte(b: u8) -> bool {
    is_forbidden_host_byte(b) || b <= 0x1F || b == b'%' || b == 0x7F
}

const FORBIDDEN_HOST: u8 = 1;
const FORBIDDEN_DOMAIN: u8 = 2;
const SCHEME: u8 = 4;

const fn build_classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        let mut class = 0;
        if is_forbidden_host_byte(b) {
            class |= FORBIDDEN_HOST;
        }
        if is_forbidden_domain_byte(b) {
            class |= FORBIDDEN_DOMAIN;
        }
        // <https://url.spec.whatwg.org/#scheme-state>: ASCII alphanumeric, +, -, .
        if b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.' {
            class |= SCHEME;
        }
        table[i] = class;
        i += 1;
    }
    table
}

static CLASSES: [u8; 256] = build_classes();

/// A byte that is a forbidden host code point (always false for non-ASCII bytes).
#[inline]
pub(crate) fn is_forbidden_host(b: u8) -> bool {
    CLASSES[b as usize] & FORBIDDEN_HOST != 0
}

/// A byte that is a forbidden domain code point (always false for non-ASCII bytes).
#[inline]
pub(crate) fn is_forbidden_domain(b: u8) -> bool {
    CLASSES[b as usize] & FORBIDDEN_DOMAIN != 0
}

/// A byte allowed after the first one in a scheme.
#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    CLASSES[b as usize] & SCHEME != 0
}

/// <https://infra.spec.whatwg.org/#c0-control-or-space>
#[inline]
pub(crate) fn is_c0_control_or_space(c: char) -> bool {
    c <= ' '
}

/// <https://infra.spec.whatwg.org/#ascii-tab-or-newline>
#[inline]
pub(crate) fn is_ascii_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// <https://url.spec.whatwg.org/#windows-drive-letter>
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], b':' | b'|')
}

/// <https://url.spec.whatwg.org/#normalized-windows-drive-letter>
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// <https://url.spec.whatwg.org/#start-with-a-windows-drive-letter>
#[inline]
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's list, written out once more as a plain string.
    const FORBIDDEN_HOST_TEXT: &[u8] = b"\0\t\n\r #/:<>?@[\\]^|";

    #[test]
    fn forbidden_host_table_matches_spec_list() {
        for b in 0..=255u8 {
            assert_eq!(
                is_forbidden_host(b),
                FORBIDDEN_HOST_TEXT.contains(&b),
                "{b:#x}"
            );
        }
    }

    #[test]
    fn forbidden_domain_table_matches_spec_definition() {
        for b in 0..=255u8 {
            let expected = FORBIDDEN_HOST_TEXT.contains(&b) || b <= 0x1F || b == b'%' || b == 0x7F;
            assert_eq!(is_forbidden_domain(b), expected, "{b:#x}");
        }
    }

    #[test]
    fn scheme_table_matches_spec_definition() {
        for b in 0..=255u8 {
            let expected = b.is_ascii_alphanumeric() || b"+-.".contains(&b);
            assert_eq!(is_scheme_byte(b), expected, "{b:#x}");
        }
    }

    #[test]
    fn windows_drive_letters() {
        assert!(starts_with_windows_drive_letter(b"c:"));
        assert!(starts_with_windows_drive_letter(b"C|/x"));
        assert!(!starts_with_windows_drive_letter(b"c:x"));
        assert!(!starts_with_windows_drive_letter(b"1:"));
        assert!(is_normalized_windows_drive_letter(b"z:"));
        assert!(!is_normalized_windows_drive_letter(b"z|"));
    }
}
