//! Punycode encoding (RFC 3492) straight into the output, for the domains
//! that [`super::kept`] converts: the `idna` crate's public encoder returns
//! a new `String` per label. Decoding stays with the `idna` crate.
//!
//! <https://www.rfc-editor.org/rfc/rfc3492#section-6.3>

// The parameter values for IDNA (RFC 3492 section 5).
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// Appends the Punycode encoding of `input` to `out` (without "xn--");
/// `false`, with `out` left as it was, if a delta overflows a `u32`.
///
/// <https://www.rfc-editor.org/rfc/rfc3492#section-6.3>
pub(crate) fn encode_into(input: &[char], out: &mut String) -> bool {
    let start = out.len();
    if encode(input, out).is_none() {
        out.truncate(start);
        return false;
    }
    true
}

fn encode(input: &[char], out: &mut String) -> Option<()> {
    let before = out.len();
    out.extend(input.iter().filter(|c| c.is_ascii()));
    let basic = u32::try_from(out.len() - before).ok()?;
    let length = u32::try_from(input.len()).ok()?;
    if basic > 0 {
        out.push('-');
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut handled = basic;
    while handled < length {
        // The smallest code point not handled yet.
        let m = input
            .iter()
            .map(|&c| u32::from(c))
            .filter(|&c| c >= n)
            .min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in input {
            let c = u32::from(c);
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(())
}

/// <https://www.rfc-editor.org/rfc/rfc3492#section-6.1>
fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// The digit for `d` < 36: "a" to "z" for 0 to 25, "0" to "9" for 26 to 35.
fn digit(d: u32) -> char {
    const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    char::from(DIGITS[d as usize % 36])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(input: &str) -> Option<String> {
        let chars: Vec<char> = input.chars().collect();
        let mut out = String::from("x");
        encode_into(&chars, &mut out).then(|| out[1..].to_owned())
    }

    /// Agrees with the `idna` crate's encoder, including RFC 3492's sample
    /// strings (section 7.1) and code points far apart.
    #[test]
    fn agrees_with_idna() {
        for input in [
            "",
            "ü",
            "bücher",
            "faß",
            "a-b-ü",
            "-ü-",
            "ليهمابتكلموشعربي؟",
            "他们为什么不说中文",
            "Pročprostěnemluvíčesky",
            "почемужеонинеговорятпорусски",
            "3年B組金八先生",
            "安室奈美恵-with-SUPER-MONKEYS",
            "\u{10FFFF}\u{80}a\u{10000}",
            "abc",
        ] {
            assert_eq!(
                encoded(input),
                idna::punycode::encode_str(input),
                "{input:?}"
            );
        }
        assert_eq!(encoded("bücher").as_deref(), Some("bcher-kva"));
    }

    #[test]
    fn overflow_is_failure() {
        // (0x10FFFF - 0x80) * 4001 does not fit in a u32.
        let input = "a".repeat(4000) + "\u{10FFFF}";
        assert_eq!(encoded(&input), None);
        assert_eq!(idna::punycode::encode_str(&input), None);
    }
}
