//! Forgiving-base64 decode, as `data:` URLs and `atob()` use it.
//!
//! <https://infra.spec.whatwg.org/#forgiving-base64-decode>

/// Decodes `data` (whitespace anywhere, padding optional), or `None` if it
/// is not base64.
///
/// ```
/// use weburl_html::base64::forgiving_decode;
/// assert_eq!(forgiving_decode("aGk=").as_deref(), Some(&b"hi"[..]));
/// assert_eq!(forgiving_decode(" aG\nk ").as_deref(), Some(&b"hi"[..]));
/// assert_eq!(forgiving_decode("aGk=="), None);
/// ```
pub fn forgiving_decode(data: &str) -> Option<Vec<u8>> {
    let mut sextets: Vec<u8> = data
        .bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
        .collect();
    if sextets.len().is_multiple_of(4) {
        // At most two `=`, and only when they complete a group of four.
        let pad = sextets
            .iter()
            .rev()
            .take(2)
            .take_while(|&&b| b == b'=')
            .count();
        sextets.truncate(sextets.len() - pad);
    }
    if sextets.len() % 4 == 1 {
        return None;
    }
    for b in &mut sextets {
        *b = match *b {
            b'A'..=b'Z' => *b - b'A',
            b'a'..=b'z' => *b - b'a' + 26,
            b'0'..=b'9' => *b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            // Non-ASCII bytes land here too.
            _ => return None,
        };
    }
    let mut out = Vec::with_capacity(sextets.len() / 4 * 3 + 2);
    for group in sextets.chunks(4) {
        let mut buffer = 0u32;
        for &s in group {
            buffer = buffer << 6 | u32::from(s);
        }
        // 4 sextets: 3 bytes; 3 sextets: 2 bytes (2 bits dropped); 2: 1 byte (4 dropped).
        match group.len() {
            4 => out.extend_from_slice(&buffer.to_be_bytes()[1..]),
            3 => out.extend_from_slice(&(buffer >> 2).to_be_bytes()[2..]),
            _ => out.push((buffer >> 4) as u8),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_the_rfc_4648_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(
                forgiving_decode(encoded).unwrap(),
                plain.as_bytes(),
                "{encoded}"
            );
            let unpadded = encoded.trim_end_matches('=');
            assert_eq!(
                forgiving_decode(unpadded).unwrap(),
                plain.as_bytes(),
                "{unpadded}"
            );
        }
    }

    #[test]
    fn rejects() {
        for bad in [
            "a", "abcde", "ab=c", "=", "ab===", "a\u{A0}b", "ab\x0Bcd", "ab-_",
        ] {
            assert_eq!(forgiving_decode(bad), None, "{bad:?}");
        }
    }
}
