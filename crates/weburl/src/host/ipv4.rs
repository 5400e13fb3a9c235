//! IPv4 addresses in every legacy form the URL Standard accepts.

use crate::validation::ValidationErrorKind;

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
#[inline(always)]
pub(crate) fn ends_in_a_number(domain: &[u8]) -> bool {
    // Most domains end in a letter that no number can end in: decide at
    // once, here where the caller inlines it.
    let last = match domain {
        [.., b, b'.'] | [.., b] => *b,
        [] => return false,
    };
    if !MAY_END_A_NUMBER[usize::from(last)] {
        return false;
    }
    last_label_is_a_number(domain)
}

/// The bytes an IPv4 number can end in: digits, hex digits, and the "x"
/// of "0x".
static MAY_END_A_NUMBER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_hexdigit() || byte == b'x' || byte == b'X';
        b += 1;
    }
    table
};

#[inline(never)]
fn last_label_is_a_number(domain: &[u8]) -> bool {
    let domain = domain.strip_suffix(b".").unwrap_or(domain);
    let last = match domain.iter().rposition(|&b| b == b'.') {
        Some(dot) => &domain[dot + 1..],
        None => domain,
    };
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // Parsing `last` as an IPv4 number succeeds exactly when it is "0x" or
    // "0X" followed by hex digits (the note under the spec's step).
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

/// What an IPv4 part parsed to. Values past `u32` saturate: they are out
/// of range either way, and saturating keeps the work linear in the input.
#[derive(Clone, Copy)]
struct Number(u64);

/// <https://url.spec.whatwg.org/#ipv4-number-parser>: the number, and
/// whether it was written in hexadecimal or octal.
fn parse_number(part: &[u8]) -> Option<(Number, bool)> {
    if part.is_empty() {
        return None;
    }
    let (digits, radix) = match part {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (part, 10),
    };
    let mut value: u64 = 0;
    for &b in digits {
        let digit = char::from(b).to_digit(radix)?;
        value = value
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(digit))
            .min(u64::from(u32::MAX) + 1);
    }
    Some((Number(value), radix != 10))
}

/// The reasons the IPv4 parser returns failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ipv4Error {
    TooManyParts,
    NonNumericPart,
    OutOfRange,
}

/// <https://url.spec.whatwg.org/#concept-ipv4-parser>
#[cfg(test)]
pub(crate) fn parse(input: &[u8]) -> Result<u32, Ipv4Error> {
    parse_noting(input, |_| {})
}

/// The IPv4 parser, telling `note` about each validation error it meets.
pub(crate) fn parse_noting(
    input: &[u8],
    mut note: impl FnMut(ValidationErrorKind),
) -> Result<u32, Ipv4Error> {
    let input = match input.strip_suffix(b".") {
        Some(rest) => {
            note(ValidationErrorKind::Ipv4EmptyPart);
            if rest.is_empty() {
                input
            } else {
                rest
            }
        }
        None => input,
    };
    let part_count = input.split(|&b| b == b'.').count();
    if part_count < 4 {
        note(ValidationErrorKind::Ipv4TooFewParts);
    }
    if part_count > 4 {
        note(ValidationErrorKind::Ipv4TooManyParts);
        return Err(Ipv4Error::TooManyParts);
    }
    let mut numbers = [0u64; 4];
    for (i, part) in input.split(|&b| b == b'.').enumerate() {
        let Some((number, non_decimal)) = parse_number(part) else {
            note(ValidationErrorKind::Ipv4NonNumericPart);
            return Err(Ipv4Error::NonNumericPart);
        };
        if non_decimal {
            note(ValidationErrorKind::Ipv4NonDecimalPart);
        }
        numbers[i] = number.0;
    }
    let count = part_count;
    let (last, rest) = (numbers[count - 1], &numbers[..count - 1]);
    if numbers[..count].iter().any(|&n| n > 255) {
        note(ValidationErrorKind::Ipv4OutOfRangePart);
    }
    if rest.iter().any(|&n| n > 255) || last >= 1u64 << (8 * (5 - count)) {
        return Err(Ipv4Error::OutOfRange);
    }
    let mut ipv4 = last;
    for (counter, &n) in rest.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    u32::try_from(ipv4).map_err(|_| Ipv4Error::OutOfRange)
}

/// <https://url.spec.whatwg.org/#concept-ipv4-serializer>
pub(crate) fn serialize(address: u32, out: &mut String) {
    for (i, part) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_decimal(out, part);
    }
}

/// Appends `n` in decimal without going through `core::fmt`.
fn push_decimal(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(s: &str) -> Result<String, Ipv4Error> {
        parse(s.as_bytes()).map(|a| {
            let mut out = String::new();
            serialize(a, &mut out);
            out
        })
    }

    #[test]
    fn legacy_forms() {
        assert_eq!(v4("0x7f.1").unwrap(), "127.0.0.1");
        assert_eq!(v4("0177.0.0.1").unwrap(), "127.0.0.1");
        assert_eq!(v4("2130706433").unwrap(), "127.0.0.1");
        assert_eq!(v4("0xffffffff").unwrap(), "255.255.255.255");
        assert_eq!(v4("1.2.3.4.").unwrap(), "1.2.3.4");
        assert_eq!(v4("0x").unwrap(), "0.0.0.0");
        assert_eq!(v4("4294967296"), Err(Ipv4Error::OutOfRange));
        assert_eq!(v4("256.1.1.1"), Err(Ipv4Error::OutOfRange));
        assert_eq!(v4("1.2.3.4.5"), Err(Ipv4Error::TooManyParts));
        assert_eq!(v4("09.1"), Err(Ipv4Error::NonNumericPart));
        assert_eq!(v4("1..2"), Err(Ipv4Error::NonNumericPart));
        assert_eq!(
            v4(&format!("0x{}1", "0".repeat(10_000))).unwrap(),
            "0.0.0.1"
        );
        assert_eq!(v4(&"9".repeat(10_000)), Err(Ipv4Error::OutOfRange));
    }

    #[test]
    fn decimal_parts_match_core_fmt() {
        for n in 0..=u8::MAX {
            let mut out = String::new();
            push_decimal(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn ends_in_a_number_cases() {
        assert!(ends_in_a_number(b"a.1"));
        assert!(ends_in_a_number(b"a.0x"));
        assert!(ends_in_a_number(b"a.09."));
        assert!(!ends_in_a_number(b"a.0xg"));
        assert!(!ends_in_a_number(b"example.com"));
        assert!(!ends_in_a_number(b"1.a"));
    }
}
