//! UTS #46 ToASCII, with the domain parser's relaxed flags, for the domains
//! it has nothing to do to but Punycode: lowercase letters of Latin-1,
//! Greek and Cyrillic among lowercase ASCII letters, digits and hyphens.
//!
//! For such a domain, Processing (UTS #46 section 4) maps and normalizes
//! nothing and every label passes the validity criteria, so ToASCII is the
//! Punycode of each label that is not ASCII. Any other domain is left to
//! the `idna` crate; the tests below hold this module to it, code point by
//! code point and pair by pair.
//!
//! <https://www.unicode.org/reports/tr46/#ToASCII>

use super::punycode;

/// Code points outside ASCII that the fast path takes: lowercase letters
/// that UTS #46 keeps as they are (status valid, or deviation, which
/// nontransitional processing keeps), of Bidi_Class L, in NFC, composing
/// with no code point that the fast path takes (all are starters, and none
/// is the second of a composition pair).
///
/// <https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table>
fn is_kept(c: char) -> bool {
    matches!(
        c,
        // ß to ÿ, without ÷.
        '\u{DF}'..='\u{F6}' | '\u{F8}'..='\u{FF}'
        // ά to ώ, ς included.
        | '\u{3AC}'..='\u{3CE}'
        // а to џ.
        | '\u{430}'..='\u{45F}'
    )
}

/// Appends ToASCII of `domain` to `out` and returns `true` when `domain` is
/// one of the domains this module knows; otherwise returns `false` and
/// leaves `out` as it was, for the full UTS #46 to decide.
///
/// A known domain has labels of lowercase ASCII letters, digits, hyphens
/// and [`is_kept`] code points, none empty (an empty label or a trailing
/// dot goes the long way) and none beginning with "xn--" (those are
/// Punycode to decode and check), at most 253 bytes in all. Then:
///
/// - Processing step 1 maps nothing (every code point is valid or a
///   deviation) and step 2 normalizes nothing (the string is in NFC).
/// - No label has a right-to-left code point, so the domain is no Bidi
///   domain name and CheckBidi checks nothing; no label has U+200C or
///   U+200D for CheckJoiners, or begins with a combining mark (V6).
/// - ToASCII step 2 encodes each label that is not ASCII with Punycode
///   behind "xn--"; with VerifyDnsLength false there is no step 3.
///
/// <https://www.unicode.org/reports/tr46/#Processing>
pub(crate) fn to_ascii_into(domain: &[u8], out: &mut String) -> bool {
    let start = out.len();
    if domain.len() > 253 || convert(domain, out).is_none() {
        out.truncate(start);
        return false;
    }
    true
}

/// [`to_ascii_into`], `None` for a domain it does not know.
fn convert(domain: &[u8], out: &mut String) -> Option<()> {
    // The current label's code points: fewer than the domain's bytes.
    let mut label = ['\0'; 253];
    let mut len = 0;
    let mut ascii = true;
    let mut first = true;
    let mut i = 0;
    loop {
        let c = match domain.get(i) {
            Some(&b @ (b'a'..=b'z' | b'0'..=b'9' | b'-')) => {
                i += 1;
                char::from(b)
            }
            end @ (None | Some(b'.')) => {
                push_label(label.get(..len)?, ascii, first, out)?;
                if end.is_none() {
                    return Some(());
                }
                (i, len, ascii, first) = (i + 1, 0, true, false);
                continue;
            }
            // Every kept code point is two bytes long in UTF-8: a lead byte
            // C2 to DF (C0 and C1 would be overlong) and a continuation.
            Some(&lead @ 0xC2..=0xDF) => {
                let &trail = domain.get(i + 1).filter(|&&b| b & 0xC0 == 0x80)?;
                i += 2;
                ascii = false;
                let c = u32::from(lead & 0x1F) << 6 | u32::from(trail & 0x3F);
                char::from_u32(c).filter(|&c| is_kept(c))?
            }
            Some(_) => return None,
        };
        *label.get_mut(len)? = c;
        len += 1;
    }
}

/// Appends one label of a known domain (see [`to_ascii_into`]), after a dot
/// unless it is the first; `None` when the label makes the domain unknown.
fn push_label(label: &[char], ascii: bool, first: bool, out: &mut String) -> Option<()> {
    if label.is_empty() || label.starts_with(&['x', 'n', '-', '-']) {
        return None;
    }
    if !first {
        out.push('.');
    }
    if ascii {
        out.extend(label);
    } else {
        out.push_str("xn--");
        punycode::encode_into(label, out).then_some(())?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use icu_properties::props::{BidiClass, GeneralCategory};
    use icu_properties::CodePointMapData;
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

    /// The full UTS #46 ToASCII with the domain parser's relaxed flags.
    fn full(domain: &str) -> Option<String> {
        Uts46::new()
            .to_ascii(
                domain.as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .ok()
            .map(|ascii| ascii.into_owned())
    }

    fn fast(domain: &str) -> Option<String> {
        let mut out = String::from("prefix");
        let known = to_ascii_into(domain.as_bytes(), &mut out);
        match out.strip_prefix("prefix") {
            Some(result) if known => Some(result.to_owned()),
            Some("") => None,
            _ => panic!("{domain:?}: an unknown domain left output behind: {out:?}"),
        }
    }

    fn kept() -> impl Iterator<Item = char> {
        ('\u{80}'..='\u{10FFFF}').filter(|&c| is_kept(c))
    }

    #[test]
    fn kept_code_points_are_left_to_right_letters() {
        let bidi = CodePointMapData::<BidiClass>::new();
        let category = CodePointMapData::<GeneralCategory>::new();
        for c in kept() {
            assert_eq!(bidi.get(c), BidiClass::LeftToRight, "{c:?}");
            assert_eq!(category.get(c), GeneralCategory::LowercaseLetter, "{c:?}");
        }
    }

    /// Each kept code point alone, and every pair of them (a pair that
    /// normalized or mapped differently would show here), in labels of
    /// their own and among ASCII.
    #[test]
    fn agrees_with_the_full_algorithm() {
        let kept: Vec<char> = kept().collect();
        assert_eq!(kept.len(), 32 + 35 + 48);
        let mut checked = 0;
        let mut check = |domain: &str| {
            assert_eq!(fast(domain), full(domain), "{domain:?}");
            checked += 1;
        };
        for &a in &kept {
            check(&format!("{a}"));
            check(&format!("a{a}-0.example"));
            check(&format!("www.{a}{a}.{a}"));
            for &b in &kept {
                check(&format!("{a}{b}"));
            }
        }
        assert_eq!(checked, kept.len() * (kept.len() + 3));
    }

    #[test]
    fn leaves_the_rest_to_the_full_algorithm() {
        for domain in [
            // Already ASCII or Punycode; an empty label; a trailing dot.
            "xn--bcher-kva.example",
            "bücher.xn--bcher-kva",
            "xn--ä",
            "bücher..example",
            "bücher.example.",
            ".bücher",
            // Upper case, a forbidden or STD3-invalid ASCII code point,
            // other scripts, a mapped letter, a right-to-left label.
            "Bücher.example",
            "bü_cher.example",
            "bü%cher",
            "bücher.例え",
            "BÜCHER",
            "bücher.مثال",
            "÷",
        ] {
            assert_eq!(fast(domain), None, "{domain:?}");
        }
        assert_eq!(fast(&"ä".repeat(127)), None);
        assert!(fast(&"ä".repeat(126)).is_some());
    }

    #[test]
    fn bytes_that_are_not_utf8_of_kept_code_points() {
        for bytes in [
            &b"\xC3"[..],
            b"a\xC3.b",
            b"\xC3\x28",
            b"\xC0\xA4",
            b"\xC3\xA4\xA4",
            b"\xE2\x98\x83",
            b"\xFF",
        ] {
            let mut out = String::new();
            assert!(!to_ascii_into(bytes, &mut out), "{bytes:?}");
            assert_eq!(out, "");
        }
    }

    #[test]
    fn hyphens_and_digits() {
        for domain in [
            "-ä-",
            "ä--b",
            "ab--ä",
            "0ä.1",
            "ä.123",
            "ß.ς",
            "faß.example",
        ] {
            assert_eq!(fast(domain), full(domain), "{domain:?}");
            assert!(fast(domain).is_some(), "{domain:?}");
        }
        assert_eq!(fast("faß.example").as_deref(), Some("xn--fa-hia.example"));
    }
}
