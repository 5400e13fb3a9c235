//! The fast path for input that is already a canonical special URL.
//!
//! Most real URLs are already in their serialized form:
//! `https://host.example/path?query#fragment`, with a lowercase scheme and
//! host, no dot segments, nothing to percent-encode. For those, the URL is
//! the input itself: one scan checks that, and records the offsets, and
//! the parse is a single copy. Anything else (upper case, credentials,
//! IP addresses, "%2e" segments, bytes to encode, non-ASCII, file URLs,
//! missing path) makes the scan give up, and the general parser runs.
//!
//! The result must be byte-identical to the general parser's: the tests
//! below and the `fast_path` fuzz target compare the two.

use crate::host::{ipv4, HostKind};
use crate::offsets::Offsets;
use crate::parser::byte_class::{
    equal_bytes, scan, scan_path, scan_short, ANY_CASE_HOST, FRAGMENT, HOST, QUERY, SCHEME,
};
use crate::parser::path;
use crate::scheme::{self, SchemeKind};
use crate::url::Url;

/// A dot segment ("." or "..", with "%2e" for dots), which the general
/// parser would remove.
#[inline]
fn is_dot_segment(segment: &[u8]) -> bool {
    // Most segments start with neither "." nor "%": decide those at once.
    matches!(segment.first(), Some(b'.' | b'%'))
        && (path::is_single_dot(segment) || path::is_double_dot(segment))
}

/// What the scan found: the offsets of the URL, and whether it lacks only
/// the "/" of an empty path after the host, which the serialization adds.
pub(crate) struct Canonical {
    pub offsets: Offsets,
    pub insert_slash: bool,
}

/// Recognizes `input` when it is already the serialization of a special URL
/// with a domain or (for file URLs) an empty host, or lacks only the "/" of
/// an empty path; `None` when the general parser has to decide.
pub(crate) fn recognize(input: &[u8]) -> Option<Canonical> {
    // Scheme: lowercase, special, followed by "//".
    let (scheme, scheme_end, http) = match scheme::http_prefix(input, false) {
        Some((scheme, scheme_end)) => (scheme, scheme_end, true),
        None => {
            if !input.first()?.is_ascii_lowercase() {
                return None;
            }
            let scheme_end = scan(input, 1, SCHEME);
            if input.get(scheme_end) != Some(&b':') {
                return None;
            }
            let scheme = SchemeKind::from_lowercase(&input[..scheme_end]);
            if !scheme.is_special() || input.get(scheme_end + 1..scheme_end + 3) != Some(b"//") {
                return None;
            }
            (scheme, scheme_end, false)
        }
    };
    let file = scheme == SchemeKind::File;
    // Host: a lowercase domain that does not end in a number; file URLs may
    // have an empty host, but not "localhost", which becomes empty.
    let host_start = scheme_end + 3;
    // An http(s) host starts at 7 or 8, and is mostly short: one window
    // tests it, with its loads started before `host_start` is known.
    let host_end = if http {
        scan_short(input, 7, host_start, HOST)
    } else {
        scan(input, host_start, HOST)
    };
    let host_bytes = &input[host_start..host_end];
    let host = if host_bytes.is_empty() {
        if !file {
            return None;
        }
        HostKind::Empty
    } else {
        if ipv4::ends_in_a_number(host_bytes) || (file && host_bytes == b"localhost") {
            return None;
        }
        HostKind::Domain
    };
    // Port: canonical digits (no leading zero), in range, not the default.
    let mut path_start = host_end;
    if input.get(host_end) == Some(&b':') {
        let digits = input[host_end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let port = &input[host_end + 1..host_end + 1 + digits];
        if file || port.is_empty() || port.len() > 5 || port[0] == b'0' {
            return None;
        }
        let value = port.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        if value > 65535 || Some(value as u16) == scheme.default_port() {
            return None;
        }
        path_start = host_end + 1 + digits;
    }
    // Path: segments of plain bytes, no dot segments, no "C|" to normalize;
    // or nothing at all, when the serialization adds "/".
    let (path_end, insert_slash) = match input.get(path_start) {
        Some(b'/') => (canonical_path_end(input, path_start, file)?, false),
        Some(b'?' | b'#') | None => (path_start, true),
        Some(_) => return None,
    };
    // Query and fragment: nothing to encode.
    let mut query_start = Offsets::NONE;
    let mut fragment_start = Offsets::NONE;
    let shift = u32::from(insert_slash);
    let mut pos = path_end;
    if input.get(pos) == Some(&b'?') {
        query_start = pos as u32 + shift;
        pos = scan(input, pos + 1, QUERY);
        if pos < input.len() && input[pos] != b'#' {
            return None;
        }
    }
    if pos < input.len() {
        fragment_start = pos as u32 + shift;
        if scan(input, pos + 1, FRAGMENT) != input.len() {
            return None;
        }
    }
    Some(Canonical {
        offsets: Offsets {
            scheme_end: scheme_end as u32,
            username_end: host_start as u32,
            host_start: host_start as u32,
            host_end: host_end as u32,
            path_start: path_start as u32,
            query_start,
            fragment_start,
            scheme,
            host,
            opaque_path: false,
        },
        insert_slash,
    })
}

/// Whether `input` surely parses, against any base: `false` means "ask the
/// general parser", not "fails". Paths, queries and fragments never make a
/// parse fail, so they are not looked at; what is left is the scheme and
/// the host:
///
/// - a special URL other than `file:` written with "//" and a domain of
///   plain ASCII bytes (any case) that does not end in a number, or that
///   does and is a valid IPv4 address, with an optional valid port;
/// - a `file:` URL written with "//" and such a host, or an empty host
///   (<https://url.spec.whatwg.org/#file-host-state>);
/// - a URL with any other scheme and no "//" after it: a path or an opaque
///   path follows, and no host
///   (<https://url.spec.whatwg.org/#scheme-state>).
pub(crate) fn surely_parses(input: &[u8]) -> bool {
    let (kind, scheme_end) = match scheme::http_prefix(input, true) {
        // The most common case, straight to the host.
        Some((_, scheme_end)) => {
            return authority_surely_parses::<false>(input, scheme_end + 3, scheme_end + 3, false)
        }
        None => {
            let Some(first) = input.first() else {
                return false;
            };
            if !first.is_ascii_alphabetic() {
                return false;
            }
            let scheme_end = 1 + input[1..]
                .iter()
                .take_while(|&&b| crate::code_points::is_scheme_byte(b))
                .count();
            if input.get(scheme_end) != Some(&b':') {
                return false;
            }
            let mut scheme = [0u8; 5];
            let kind = match input.get(..scheme_end).filter(|s| s.len() <= 5) {
                Some(lower) => {
                    scheme[..lower.len()].copy_from_slice(lower);
                    scheme.make_ascii_lowercase();
                    SchemeKind::from_lowercase(&scheme[..lower.len()])
                }
                None => SchemeKind::Other,
            };
            (kind, scheme_end)
        }
    };
    let rest = &input[scheme_end + 1..];
    if !kind.is_special() {
        // The path or authority state needs "//", where tabs and newlines
        // in between are removed first.
        let mut kept = rest
            .iter()
            .filter(|&&b| !matches!(b, b'\t' | b'\n' | b'\r'));
        return kept.next() != Some(&b'/') || kept.next() != Some(&b'/');
    }
    if !rest.starts_with(b"//") {
        return false;
    }
    authority_surely_parses::<false>(
        input,
        scheme_end + 3,
        scheme_end + 3,
        kind == SchemeKind::File,
    )
}

/// `surely_parses` for its most common cases only, "http://", "https://"
/// and "file://" URLs (any case), and with no call: `false` also for a
/// domain that may end in a number, which `surely_parses` decides. For
/// `can_parse` to inline.
#[inline(always)]
pub(crate) fn surely_parses_quick(input: &[u8]) -> bool {
    // The host starts at 7 or 8: the scan's loads start at 7, before the
    // test of which it is has ended.
    match scheme::http_prefix(input, true) {
        Some((_, scheme_end)) => authority_surely_parses::<true>(input, 7, scheme_end + 3, false),
        None => scheme::is_file_prefix(input) && authority_surely_parses::<true>(input, 7, 7, true),
    }
}

/// `surely_parses` after the "//" of a special URL, at `host_start`
/// (`early` as in `scan_short`). With `QUICK`, `false` for a domain that
/// may end in a number, rather than the call that decides.
#[inline(always)]
fn authority_surely_parses<const QUICK: bool>(
    input: &[u8],
    early: usize,
    host_start: usize,
    file: bool,
) -> bool {
    let host_end = scan_short(input, early, host_start, ANY_CASE_HOST);
    if host_end == host_start {
        if !file {
            return false;
        }
    } else if may_end_in_a_number(input, host_start, host_end) {
        // A domain that ends in a number is an IPv4 address or fails
        // (<https://url.spec.whatwg.org/#concept-host-parser>, step 8).
        // Its case does not matter to the IPv4 parser, and these bytes
        // reach it only lowercased.
        let host = &input[host_start..host_end];
        if QUICK || (ipv4::ends_in_a_number(host) && ipv4::parse_noting(host, |_| {}).is_err()) {
            return false;
        }
    }
    let mut end = host_end;
    if !file && input.get(end) == Some(&b':') {
        let digits = input[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 5 {
            return false;
        }
        let port = input[end + 1..end + 1 + digits]
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        if port > 65535 {
            return false;
        }
        end += 1 + digits;
    }
    matches!(input.get(end), None | Some(b'/' | b'?' | b'#' | b'\\'))
}

/// Whether the domain `input[host_start..host_end]` (not empty) may end in
/// a number (<https://url.spec.whatwg.org/#ends-in-a-number-checker>):
/// `false` is sure. A label that is a number starts with a digit ("0x"
/// too), so this looks at the first byte of the last label, found among
/// the domain's last 8 bytes in one word; a domain ending in "." or with a
/// longer last label is left to the exact check.
#[inline(always)]
fn may_end_in_a_number(input: &[u8], host_start: usize, host_end: usize) -> bool {
    let Some(last8) = host_end
        .checked_sub(8)
        .and_then(|at| input.get(at..host_end))
    else {
        return true;
    };
    let word = u64::from_le_bytes(last8.try_into().unwrap_or_default());
    if word >> 56 == u64::from(b'.') {
        return true;
    }
    // A bit per dot among the 8 bytes (the second word is no part of them).
    let dots = equal_bytes([word, 0], b'.');
    let label_start = if dots != 0 {
        host_end - 8 + (31 - dots.leading_zeros() as usize) + 1
    } else if host_end - host_start <= 8 {
        host_start
    } else {
        return true;
    };
    input[label_start.max(host_start)].is_ascii_digit()
}

/// Where the path starting with "/" at `path_start` ends, if it is
/// already canonical: segments of bytes the path state copies as they are,
/// no dot segments, and (for file URLs) no "C|" drive letter to normalize.
/// It ends at "?", "#" or the end of the input.
pub(crate) fn canonical_path_end(input: &[u8], path_start: usize, file: bool) -> Option<usize> {
    // A "|" second in the first segment may make a drive letter: left to
    // the general parser, whether or not the segment is "C|".
    if file && input.get(path_start + 2) == Some(&b'|') {
        return None;
    }
    let mut from = path_start + 1;
    loop {
        let end = scan_path(input, from);
        match input.get(end) {
            Some(b'?' | b'#') | None => return Some(end),
            // A segment starting with "." or "%": a dot segment is at most
            // 6 bytes ("%2e%2e").
            Some(b'.' | b'%') => {
                let limit = input.len().min(end + 7);
                let segment_end = (end..limit)
                    .find(|&i| matches!(input[i], b'/' | b'?' | b'#'))
                    .unwrap_or(limit);
                if is_dot_segment(&input[end..segment_end]) {
                    return None;
                }
                from = end + 1;
            }
            Some(_) => return None,
        }
    }
}

/// Capacity for a serialization of `len` bytes: the same allocation as
/// `len` with common allocators (glibc rounds requests up to 16 bytes, less
/// 8 of its own), so setters that grow the URL slightly need no realloc.
pub(crate) fn capacity_for(len: usize) -> usize {
    ((len + 23) & !15).saturating_sub(8).max(len)
}

/// Builds the URL `recognize` found: the input itself, or with "/" added.
pub(crate) fn build(input: &str, canonical: Canonical) -> Url {
    let extra = usize::from(canonical.insert_slash);
    let mut url = Url {
        serialization: String::with_capacity(capacity_for(input.len() + extra)),
        offsets: canonical.offsets,
    };
    write(input, &canonical, &mut url.serialization);
    url.debug_check();
    url
}

/// `build` into an existing URL, reusing its buffer.
pub(crate) fn build_into(input: &str, canonical: Canonical, url: &mut Url) {
    url.serialization.clear();
    write(input, &canonical, &mut url.serialization);
    url.offsets = canonical.offsets;
    url.debug_check();
}

fn write(input: &str, canonical: &Canonical, out: &mut String) {
    if canonical.insert_slash {
        let at = canonical.offsets.path_start as usize;
        out.push_str(&input[..at]);
        out.push('/');
        out.push_str(&input[at..]);
    } else {
        out.push_str(input);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_canonical_urls() {
        for url in [
            "https://example.com/",
            "http://a.b:8080/x/y.html?q=1&r=%20#frag",
            "wss://x/a%2fb/.../.x/x.",
            "ftp://f/?#",
            "https://example.com",
            "https://example.com?x#y",
            "file:///C:/x",
            "file://host",
            "file://",
        ] {
            assert!(recognize(url.as_bytes()).is_some(), "{url}");
        }
    }

    #[test]
    fn leaves_the_rest_to_the_general_parser() {
        for url in [
            "HTTP://example.com/",
            "https://Example.com/",
            "https://u@example.com/",
            "https://example.com:443/",
            "https://example.com:080/",
            "https://example.com:/",
            "https://1.2.3.4/",
            "https://a.0x1/",
            "https://[::1]/",
            "https://example.com/a/../b",
            "https://example.com/a/%2E/b",
            "https://example.com/a b",
            "https://example.com/a\\b",
            "https://example.com/?a'b",
            "https://example.com/#a`b",
            "https://exämple.com/",
            "file://localhost/x",
            "file:///C|/x",
            "file://C:/x",
            "file://h:1/",
            "sc://host/",
            " https://example.com/",
            "https://example.com/\t",
        ] {
            assert!(recognize(url.as_bytes()).is_none(), "{url}");
        }
    }

    #[test]
    fn surely_parses_only_what_parses() {
        for url in [
            "HTTPS://Example.COM",
            "http://a:65535/\t x",
            "ws://h?",
            "ftp://h#x y",
            "http://h:/",
            "file:///x",
            "FILE://host/x",
            "file://",
            "node:url",
            "sc:/x",
            "sc:",
            "longscheme:/\t\\x",
        ] {
            assert!(surely_parses(url.as_bytes()), "{url}");
        }
        // What the quick check takes, `surely_parses` takes too; a domain
        // whose last label starts with a digit (or that ends in ".") is
        // always left to it.
        for url in [
            "http://h/",
            "HTTPS://Example.COM",
            "http://a:65535/\t x",
            "http://a.b-c_d.e?q",
            "http://x1.y/",
            "http://a.x1/",
            "http://abcdefgh.ijklmnop.q0/",
            "file:///x",
            "FILE://host/x",
            "file://node.gypi",
        ] {
            assert!(surely_parses_quick(url.as_bytes()), "{url}");
            assert!(surely_parses(url.as_bytes()), "{url}");
        }
        for url in [
            "http://1/",
            "http://a.1/",
            "http://a.b./",
            "http://a.0x/",
            "http://a.1a/",
            "http://www.example.1com/",
            "http://abcdefgh.123456789/",
            "http://abcdefgh.abcdefghi/",
            "ws://h/",
            "http:/h/",
            "file://h:1/",
            "file://C|/x",
            "file:/x",
        ] {
            assert!(!surely_parses_quick(url.as_bytes()), "{url}");
        }
        for url in [
            "http://a.1a/",
            "http://www.example.1com/",
            "http://a.b./",
            "http://abcdefgh.abcdefghi/",
        ] {
            assert!(surely_parses(url.as_bytes()), "{url}");
        }
        // IPv4 addresses: the IPv4 parser decides.
        for url in [
            "http://1.2.3.4/",
            "file://1.2.3.4/",
            "HTTP://0X7F.0.0.1:80/",
            "http://1.2.3.4./",
            "http://4294967295/",
            "http://0x7f.1/",
        ] {
            assert!(surely_parses(url.as_bytes()), "{url}");
        }
        for url in [
            "http://1.2.3.256/",
            "http://1.2.3.4.5/",
            "http://4294967296/",
            "http://09.1/",
            "http://a.1/",
            "http://a.b.0/",
            "http://1.2.3.4:65536/",
            "file://1.2.3.4:1/",
        ] {
            assert!(!surely_parses(url.as_bytes()), "{url}");
        }
        for url in [
            "http://h:65536/",
            "http://h:1x/",
            "http://[::1]/",
            "http://u@h/",
            "file://h:1/",
            "file://C|/x",
            "file:x",
            "sc://h/",
            "sc:/\t/h",
            "sc:\n//h",
            " http://h/",
            "http://h\tx/",
            "http://ü/",
        ] {
            assert!(!surely_parses(url.as_bytes()), "{url}");
        }
    }

    /// Wherever the fast path accepts an input, the general parser gives
    /// the same serialization and offsets: over every real URL list and
    /// every WPT input.
    #[test]
    fn agrees_with_the_general_parser() {
        use crate::parser::{parse_general, Settings};
        // The repository's test data; a missing file fails the test.
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/");
        let mut inputs = Vec::new();
        for list in [
            "kasztp.txt",
            "userbait.txt",
            "node_files.txt",
            "isaacs_files.txt",
            "web_links.txt",
        ] {
            let text = std::fs::read_to_string(format!("{root}urls/{list}")).expect(list);
            inputs.extend(text.lines().map(str::to_owned));
        }
        let wpt =
            std::fs::read_to_string(format!("{root}wpt/urltestdata.json")).expect("urltestdata");
        let wpt: serde_json::Value = serde_json::from_str(&wpt).expect("urltestdata is JSON");
        let before = inputs.len();
        for case in wpt.as_array().expect("urltestdata is an array") {
            if let Some(input) = case.get("input").and_then(serde_json::Value::as_str) {
                inputs.push(input.to_owned());
            }
        }
        assert!(
            inputs.len() - before > 800,
            "urltestdata's inputs were read"
        );
        let settings = Settings {
            base: None,
            encoding: encoding_rs::UTF_8,
            max_len: crate::parser::DEFAULT_MAX_LEN,
        };
        let mut fast = 0;
        for input in &inputs {
            if let Some(canonical) = recognize(input.as_bytes()) {
                fast += 1;
                let general = parse_general(input, settings).expect(input);
                let url = build(input, canonical);
                assert_eq!(general.href(), url.href());
                assert_eq!(general.offsets, url.offsets, "{input}");
            }
            if surely_parses(input.as_bytes()) || surely_parses_quick(input.as_bytes()) {
                assert!(parse_general(input, settings).is_ok(), "{input}");
            }
        }
        println!("fast path: {fast} of {} inputs", inputs.len());
    }
}
