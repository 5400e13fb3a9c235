//! Schemes: which are special, and their default ports.

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

impl SchemeKind {
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
    let len = 1 + input[1..]
        .iter()
        .position(|&b| !crate::code_points::is_scheme_byte(b))?;
    (input[len] == b':').then_some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
