//! The `host` rules of RFC 3986 §3.2.2: IP-literal (IPv6address, IPvFuture),
//! IPv4address and reg-name.

use crate::chars::{self, HEXDIG, IPV_FUTURE, REG_NAME};
use crate::error::{ErrorKind, Part};
use crate::scan::{scan, Mode};

/// Which `host` alternative a host matches, in the order RFC 3986 §3.2.2
/// gives them: a host that matches `IPv4address` is an IPv4 address, even
/// though it also matches `reg-name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// `"[" IPv6address "]"`.
    Ipv6,
    /// `"[" IPvFuture "]"`.
    IpvFuture,
    /// `IPv4address`: four `dec-octet`s.
    Ipv4,
    /// `reg-name`, including the empty host. A dotted quad outside
    /// `dec-octet` (such as `256.1.1.1` or `01.2.3.4`) lands here.
    RegName,
}

impl HostKind {
    /// Classifies `host` (with brackets for an IP-literal) by the `host`
    /// rule, or `None` if it matches no alternative.
    ///
    /// RFC 3986 §3.2.2 <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>.
    ///
    /// ```
    /// use weburl_rfc3986::HostKind;
    ///
    /// assert_eq!(HostKind::of("[::1]"), Some(HostKind::Ipv6));
    /// assert_eq!(HostKind::of("[v7.x]"), Some(HostKind::IpvFuture));
    /// assert_eq!(HostKind::of("10.0.0.1"), Some(HostKind::Ipv4));
    /// assert_eq!(HostKind::of("10.0.0.256"), Some(HostKind::RegName));
    /// assert_eq!(HostKind::of("a b"), None);
    /// ```
    pub fn of(host: &str) -> Option<HostKind> {
        let b = host.as_bytes();
        if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            return ip_literal_inner(inner.as_bytes()).ok();
        }
        if is_ipv4(b) {
            return Some(HostKind::Ipv4);
        }
        let end = b.len();
        scan(host, 0, end, REG_NAME, Part::Host, Mode::Uri).ok()?;
        Some(HostKind::RegName)
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
pub(crate) fn is_ipv4(b: &[u8]) -> bool {
    let mut parts = 0;
    for octet in b.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4 || !is_dec_octet(octet) {
            return false;
        }
    }
    parts == 4
}

/// `dec-octet`, alternative by alternative:
/// `DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`.
fn is_dec_octet(o: &[u8]) -> bool {
    match *o {
        [a] => a.is_ascii_digit(),
        [a, b] => matches!(a, b'1'..=b'9') && b.is_ascii_digit(),
        [b'1', b, c] => b.is_ascii_digit() && c.is_ascii_digit(),
        [b'2', b'0'..=b'4', c] => c.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// Checks what is between an IP-literal's brackets. On failure, returns the
/// kind and the offset within `inner`.
pub(crate) fn ip_literal_inner(inner: &[u8]) -> Result<HostKind, (ErrorKind, usize)> {
    // ABNF strings are case-insensitive (RFC 5234 §2.3), so "V" starts IPvFuture too.
    if matches!(inner.first(), Some(b'v' | b'V')) {
        ipv_future(inner)
            .map(|()| HostKind::IpvFuture)
            .map_err(|at| (ErrorKind::InvalidIpvFuture, at))
    } else {
        ipv6(inner)
            .map(|()| HostKind::Ipv6)
            .map_err(|at| (ErrorKind::InvalidIpv6Address, at))
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn ipv_future(b: &[u8]) -> Result<(), usize> {
    let mut i = 1;
    while i < b.len() && chars::is(b[i], HEXDIG) {
        i += 1;
    }
    if i == 1 || i == b.len() || b[i] != b'.' {
        return Err(i);
    }
    i += 1;
    if i == b.len() {
        return Err(i);
    }
    while i < b.len() {
        if !(b[i].is_ascii() && chars::is(b[i], IPV_FUTURE)) {
            return Err(i);
        }
        i += 1;
    }
    Ok(())
}

/// `IPv6address`, all nine alternatives of §3.2.2.
///
/// Reading the alternatives as "pieces before `::`" (L, each an `h16`) and
/// "pieces after" (R, where a trailing `ls32` counts two, and an
/// `IPv4address` may appear only as that `ls32`), they say exactly: without
/// `::`, L = 8; with one `::`, L + R <= 7. The last two alternatives
/// (`... "::" h16` and `... "::"`) are the R = 1 and R = 0 rows of that
/// bound, and the first is L = 0, R = 7.
fn ipv6(b: &[u8]) -> Result<(), usize> {
    let end = b.len();
    let mut i = 0;
    let mut pieces = 0;
    let mut compressed = false;
    if b.starts_with(b"::") {
        compressed = true;
        i = 2;
    } else if b.first() == Some(&b':') {
        return Err(0);
    }
    while i < end {
        let start = i;
        while i < end && chars::is(b[i], HEXDIG) {
            i += 1;
        }
        if i < end && b[i] == b'.' {
            // Only an ls32 may be an IPv4address, and ls32 is always last.
            if !is_ipv4(&b[start..]) {
                return Err(start);
            }
            pieces += 2;
            break;
        }
        if i == start {
            return Err(start);
        }
        if i - start > 4 {
            return Err(start + 4);
        }
        pieces += 1;
        if i == end {
            break;
        }
        if b[i] != b':' {
            return Err(i);
        }
        i += 1;
        if i < end && b[i] == b':' {
            if compressed {
                return Err(i - 1);
            }
            compressed = true;
            i += 1;
        } else if i == end {
            // A single trailing ':' ends no alternative.
            return Err(i - 1);
        }
    }
    let fits = if compressed { pieces <= 7 } else { pieces == 8 };
    if fits {
        Ok(())
    } else {
        Err(0)
    }
}
