//! UTS #46 ToASCII, with the domain parser's relaxed flags, for the domains
//! it has nothing to do to but map full-width forms to ASCII and encode
//! with Punycode: lowercase letters of Latin-1, Greek and Cyrillic among
//! lowercase ASCII letters, digits and hyphens, any of them possibly in
//! full-width form, between full stops.
//!
//! For such a domain, Processing (UTS #46 section 4) maps only the
//! full-width forms, normalizes nothing, and every label passes the
//! validity criteria, so ToASCII is the Punycode of each label that is not
//! ASCII. Any other domain is left to the `idna` crate; the tests below
//! hold this module to it, code point by code point and pair by pair.
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
/// A known domain has, once [`full_width_to_ascii`] has mapped it, labels
/// of lowercase ASCII letters, digits, hyphens and [`is_kept`] code points,
/// none empty (an empty label or a trailing dot goes the long way) and none
/// beginning with "xn--" (those are Punycode to decode and check), at most
/// 253 bytes in all. Then:
///
/// - Processing step 1 maps the full-width forms as above and nothing else
///   (every other code point is valid or a deviation), and step 2
///   normalizes nothing (the result is in NFC).
/// - No label has a right-to-left code point, so the domain is no Bidi
///   domain name and CheckBidi checks nothing; no label has U+200C or
///   U+200D for CheckJoiners, or begins with a combining mark (V6).
/// - ToASCII then encodes each label that is not ASCII with Punycode
///   behind "xn--", and with VerifyDnsLength false checks no length.
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
    // Bytes that are not UTF-8 are no domain this module knows.
    let domain = std::str::from_utf8(domain).ok()?;
    // The current label's code points: fewer than the domain's bytes.
    let mut label = ['\0'; 253];
    let (mut len, mut ascii, mut first) = (0, true, true);
    for c in domain.chars() {
        let c = if c.is_ascii() {
            c
        } else {
            full_width_to_ascii(c).unwrap_or(c)
        };
        match c {
            '.' => {
                push_label(label.get(..len)?, ascii, first, out)?;
                (len, ascii, first) = (0, true, false);
            }
            c @ ('a'..='z' | '0'..='9' | '-') => {
                *label.get_mut(len)? = c;
                len += 1;
            }
            c if is_kept(c) => {
                *label.get_mut(len)? = c;
                len += 1;
                ascii = false;
            }
            _ => return None,
        }
    }
    push_label(label.get(..len)?, ascii, first, out)
}

/// What UTS #46 maps the full-width forms of lowercase and uppercase ASCII
/// letters, digits, "-" and "." to (the ASCII code point 0xFEE0 below, in
/// lower case), and the ideographic full stops to: ".".
///
/// <https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table>
fn full_width_to_ascii(c: char) -> Option<char> {
    match c {
        '\u{3002}' | '\u{FF61}' => Some('.'),
        '\u{FF0D}'
        | '\u{FF0E}'
        | '\u{FF10}'..='\u{FF19}'
        | '\u{FF21}'..='\u{FF3A}'
        | '\u{FF41}'..='\u{FF5A}' => {
            char::from_u32(u32::from(c) - 0xFEE0).map(|c| c.to_ascii_lowercase())
        }
        _ => None,
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

    /// The full-width forms the fast path maps, other than full stops.
    fn full_width() -> impl Iterator<Item = char> {
        ('\u{80}'..='\u{10FFFF}').filter(|&c| full_width_to_ascii(c).is_some_and(|a| a != '.'))
    }

    const FULL_STOPS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];

    /// Each code point the fast path takes alone, and every pair of them (a
    /// pair that normalized or mapped differently would show here), in
    /// labels of their own, among ASCII and between every kind of full stop.
    #[test]
    fn agrees_with_the_full_algorithm() {
        let taken: Vec<char> = kept().chain(full_width()).collect();
        assert_eq!(taken.len(), 32 + 35 + 48 + 26 + 26 + 10 + 1);
        assert_eq!(
            ('\u{80}'..='\u{10FFFF}')
                .filter(|&c| full_width_to_ascii(c) == Some('.'))
                .collect::<Vec<_>>(),
            FULL_STOPS
        );
        let mut checked = 0;
        let mut check = |domain: &str| {
            let result = fast(domain);
            assert!(result.is_some(), "{domain:?}");
            assert_eq!(result, full(domain), "{domain:?}");
            checked += 1;
        };
        for &a in &taken {
            check(&format!("{a}"));
            check(&format!("a{a}-0.example"));
            for stop in FULL_STOPS {
                check(&format!("www{stop}{a}{a}{stop}{a}"));
            }
            for &b in &taken {
                check(&format!("{a}{b}"));
            }
        }
        assert_eq!(checked, taken.len() * (taken.len() + 2 + FULL_STOPS.len()));
    }

    /// Domains made at random of code points the fast path takes, maps or
    /// must refuse, dots, hyphens and the pieces of "xn--": wherever the
    /// fast path answers, it answers as the full algorithm does.
    #[test]
    fn agrees_on_random_domains() {
        const ALPHABET: [char; 24] = [
            'a', 'x', 'n', '-', '-', '0', '.', '.', 'ß', 'ä', 'ς', 'я', '\u{FF21}', '\u{FF58}',
            '\u{FF4E}', '\u{FF0D}', '\u{3002}', '\u{FF0E}', '\u{FF61}', 'Z', '_', '☃', 'ا',
            '\u{301}',
        ];
        // A fixed linear congruential generator: the same domains every run.
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % bound
        };
        let mut answered = 0;
        for _ in 0..50_000 {
            let len = 1 + next(16);
            let domain: String = (0..len).map(|_| ALPHABET[next(ALPHABET.len())]).collect();
            if let Some(result) = fast(&domain) {
                assert_eq!(Some(result), full(&domain), "{domain:?}");
                answered += 1;
            }
        }
        // Enough of them take the fast path for this to mean something.
        assert!(answered > 1_000, "{answered}");
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
            // A label that full-width forms make "xn--"; full-width forms
            // of other ASCII code points; an empty label between full stops.
            "\u{FF58}\u{FF4E}\u{FF0D}-\u{E4}",
            "b\u{FF3F}c",
            "b\u{FF05}c",
            "a\u{3002}\u{3002}b",
            "a\u{3002}",
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
            // An overlong "." and a surrogate, both three bytes long.
            b"a\xE0\x80\xAEb",
            b"\xED\xA0\x80",
            b"\xEF\xBD",
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
