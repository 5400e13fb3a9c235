//! IPv6 addresses: the parser and the compressed serialization.

use crate::error::ParseError;
use crate::validation::ValidationErrorKind;

/// <https://url.spec.whatwg.org/#concept-ipv6-parser>
pub(crate) fn parse(input: &[u8]) -> Result<[u16; 8], Ipv6Error> {
    parse_noting(input, || {})
}

/// The IPv6 parser; `leading_zero` hears of each piece written with a
/// leading zero (the one validation error that does not fail).
pub(crate) fn parse_noting(
    input: &[u8],
    mut leading_zero: impl FnMut(),
) -> Result<[u16; 8], Ipv6Error> {
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let c = |p: usize| input.get(p).copied();

    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return Err(Ipv6Error::InvalidCompression);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while c(p).is_some() {
        if piece_index == 8 {
            return Err(Ipv6Error::TooManyPieces);
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return Err(Ipv6Error::MultipleCompression);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = c(p).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            value = value * 0x10 + digit as u16;
            p += 1;
            length += 1;
        }
        match c(p) {
            Some(b'.') => {
                if length == 0 {
                    return Err(Ipv6Error::Ipv4InvalidCodePoint);
                }
                p -= length;
                if piece_index > 6 {
                    return Err(Ipv6Error::Ipv4TooManyPieces);
                }
                let mut numbers_seen = 0;
                while c(p).is_some() {
                    if numbers_seen > 0 {
                        if c(p) == Some(b'.') && numbers_seen < 4 {
                            p += 1;
                        } else {
                            return Err(Ipv6Error::Ipv4InvalidCodePoint);
                        }
                    }
                    if !c(p).is_some_and(|b| b.is_ascii_digit()) {
                        return Err(Ipv6Error::Ipv4InvalidCodePoint);
                    }
                    let mut ipv4_piece: Option<u16> = None;
                    while let Some(b @ b'0'..=b'9') = c(p) {
                        let number = u16::from(b - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return Err(Ipv6Error::Ipv4InvalidCodePoint),
                            Some(piece) => Some(piece * 10 + number),
                        };
                        if ipv4_piece > Some(255) {
                            return Err(Ipv6Error::Ipv4OutOfRangePart);
                        }
                        p += 1;
                    }
                    let piece = ipv4_piece.unwrap_or(0);
                    address[piece_index] = address[piece_index] * 0x100 + piece;
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return Err(Ipv6Error::Ipv4TooFewParts);
                }
                break;
            }
            Some(b':') => {
                p += 1;
                if c(p).is_none() {
                    return Err(Ipv6Error::InvalidCodePoint);
                }
            }
            Some(_) => return Err(Ipv6Error::InvalidCodePoint),
            None => {}
        }
        if length > 1 && u32::from(value) < 1 << (4 * (length - 1)) {
            leading_zero();
        }
        address[piece_index] = value;
        piece_index += 1;
    }
    match compress {
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
        }
        None if piece_index != 8 => return Err(Ipv6Error::TooFewPieces),
        None => {}
    }
    Ok(address)
}

/// Why the IPv6 parser returned failure, by the validation error's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ipv6Error {
    InvalidCompression,
    TooManyPieces,
    MultipleCompression,
    InvalidCodePoint,
    TooFewPieces,
    Ipv4TooManyPieces,
    Ipv4InvalidCodePoint,
    Ipv4OutOfRangePart,
    Ipv4TooFewParts,
}

impl Ipv6Error {
    pub(crate) fn kind(self) -> ValidationErrorKind {
        match self {
            Ipv6Error::InvalidCompression => ValidationErrorKind::Ipv6InvalidCompression,
            Ipv6Error::TooManyPieces => ValidationErrorKind::Ipv6TooManyPieces,
            Ipv6Error::MultipleCompression => ValidationErrorKind::Ipv6MultipleCompression,
            Ipv6Error::InvalidCodePoint => ValidationErrorKind::Ipv6InvalidCodePoint,
            Ipv6Error::TooFewPieces => ValidationErrorKind::Ipv6TooFewPieces,
            Ipv6Error::Ipv4TooManyPieces => ValidationErrorKind::Ipv4InIpv6TooManyPieces,
            Ipv6Error::Ipv4InvalidCodePoint => ValidationErrorKind::Ipv4InIpv6InvalidCodePoint,
            Ipv6Error::Ipv4OutOfRangePart => ValidationErrorKind::Ipv4InIpv6OutOfRangePart,
            Ipv6Error::Ipv4TooFewParts => ValidationErrorKind::Ipv4InIpv6TooFewParts,
        }
    }

    pub(crate) fn parse_error(self) -> ParseError {
        match self {
            Ipv6Error::Ipv4TooManyPieces
            | Ipv6Error::Ipv4InvalidCodePoint
            | Ipv6Error::Ipv4OutOfRangePart
            | Ipv6Error::Ipv4TooFewParts => ParseError::Ipv4InIpv6Invalid,
            _ => ParseError::Ipv6Invalid,
        }
    }
}

/// <https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index>
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest: Option<usize> = None;
    let mut longest_size = 1;
    let mut found: Option<usize> = None;
    let mut found_size = 0;
    for (i, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest = found;
                longest_size = found_size;
            }
            found = None;
            found_size = 0;
        } else {
            found.get_or_insert(i);
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found;
    }
    longest
}

/// Appends `piece` as the shortest lowercase hexadecimal number, without
/// going through `core::fmt`.
fn push_hex(out: &mut String, piece: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digits = (16 - piece.leading_zeros()).div_ceil(4).max(1);
    for shift in (0..digits).rev() {
        out.push(char::from(HEX[usize::from((piece >> (4 * shift)) & 0xF)]));
    }
}

/// <https://url.spec.whatwg.org/#concept-ipv6-serializer>
pub(crate) fn serialize(address: &[u16; 8], out: &mut String) {
    let compress = compressed_piece_index(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex(out, piece);
        if i != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Option<String> {
        parse(s.as_bytes()).ok().map(|a| {
            let mut out = String::new();
            serialize(&a, &mut out);
            out
        })
    }

    #[test]
    fn compressed_serialization() {
        assert_eq!(v6("0:0::1").as_deref(), Some("::1"));
        assert_eq!(v6("0:f:0:0:f:f:0:0").as_deref(), Some("0:f::f:f:0:0"));
        assert_eq!(v6("1:0:0:2::3:0").as_deref(), Some("1::2:0:0:3:0"));
        assert_eq!(v6("::").as_deref(), Some("::"));
        assert_eq!(v6("::ffff:1.2.3.4").as_deref(), Some("::ffff:102:304"));
        assert_eq!(v6("1:2:3:4:5:6:7:8").as_deref(), Some("1:2:3:4:5:6:7:8"));
    }

    #[test]
    fn failures() {
        for bad in [
            "",
            ":",
            "1:",
            ":1",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "::1::",
            "::1.2.3",
            "::1.2.3.04",
            "::256.0.0.1",
            "12345::",
            "::g",
        ] {
            assert!(v6(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn hex_digits_match_core_fmt() {
        for piece in 0..=u16::MAX {
            let mut out = String::new();
            push_hex(&mut out, piece);
            assert_eq!(out, format!("{piece:x}"));
        }
    }

    /// Serializing then parsing gives the same address.
    #[test]
    fn roundtrip() {
        let mut seed = 0x1234_5678_u32;
        for _ in 0..2000 {
            let mut address = [0u16; 8];
            for piece in &mut address {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                *piece = if seed >> 31 == 1 {
                    0
                } else {
                    (seed >> 8) as u16
                };
            }
            let mut out = String::new();
            serialize(&address, &mut out);
            assert_eq!(parse(out.as_bytes()), Ok(address), "{out}");
        }
    }
}
