//! Where each component sits in a URL's serialization, the invariants that
//! tie the offsets to the text, and a drawing of them for humans.

use std::fmt::Write;

use crate::host::HostKind;
use crate::scheme::SchemeKind;

/// Positions in the serialization, as `u32`, with [`Offsets::NONE`] for an
/// absent query or fragment.
///
/// ```text
/// https://user:pass@example.com:8080/path?query#fragment
///      |   |    |   |          |    |    |     |
///      |   |    |   host_start |    |    |     fragment_start (the "#")
///      |   |    |              |    |    query_start (the "?")
///      |   |    "@"            |    path_start
///      |   username_end        host_end (":" and the port follow)
///      scheme_end (the ":")
/// ```
///
/// Without a host, `username_end`, `host_start` and `host_end` all equal
/// `scheme_end + 1`, and `path_start` is either that too or two more when
/// the serializer wrote "/." before the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Offsets {
    pub scheme_end: u32,
    pub username_end: u32,
    pub host_start: u32,
    pub host_end: u32,
    pub path_start: u32,
    pub query_start: u32,
    pub fragment_start: u32,
    pub scheme: SchemeKind,
    pub host: HostKind,
    pub opaque_path: bool,
}

/// Whether the serializer writes "/." before the path: a URL without a
/// host whose (list) path would otherwise start with "//", which a parse
/// would read as the start of a host.
///
/// <https://url.spec.whatwg.org/#concept-url-serializer> (step 3: "If url's
/// host is null, url does not have an opaque path, url's path's size is
/// greater than 1, and url's path[0] is the empty string, then append
/// U+002F (/) followed by U+002E (.) to output.")
///
/// `path` is the serialized path: "/" and an empty first segment then
/// another "/" is exactly a path starting with "//".
#[inline]
pub(crate) fn dot_before_path(host_is_null: bool, opaque_path: bool, path: &str) -> bool {
    host_is_null && !opaque_path && path.starts_with("//")
}

impl Offsets {
    /// Marks an absent query or fragment.
    pub const NONE: u32 = u32::MAX;

    #[inline]
    pub fn has_host(&self) -> bool {
        self.host != HostKind::None
    }

    #[inline]
    pub fn query_start(&self) -> Option<usize> {
        (self.query_start != Self::NONE).then_some(self.query_start as usize)
    }

    #[inline]
    pub fn fragment_start(&self) -> Option<usize> {
        (self.fragment_start != Self::NONE).then_some(self.fragment_start as usize)
    }

    /// Where the username would start: after "//", or after ":" without a host.
    #[inline]
    pub fn username_start(&self) -> usize {
        self.scheme_end as usize + if self.has_host() { 3 } else { 1 }
    }

    /// The end of scheme, credentials, host and port: where a relative
    /// reference's own path would begin.
    #[inline]
    pub fn authority_end(&self) -> usize {
        if self.has_host() {
            self.path_start as usize
        } else {
            self.scheme_end as usize + 1
        }
    }

    /// The end of the path, given the serialization's length.
    #[inline]
    pub fn path_end_in(&self, len: usize) -> usize {
        self.query_start().or(self.fragment_start()).unwrap_or(len)
    }

    /// The end of the query, given the serialization's length.
    #[inline]
    pub fn query_end_in(&self, len: usize) -> usize {
        self.fragment_start().unwrap_or(len)
    }
}

/// Checks that `offsets` describe `s` (everything but the reparse, which
/// `Url::check_invariants` adds).
pub(crate) fn check_structure(s: &str, o: &Offsets) -> Result<(), String> {
    let b = s.as_bytes();
    let len = b.len();
    let fail = |what: &str| Err(format!("{what}\n{}", draw(s, o)));
    if !s.is_ascii() {
        return fail("serialization is not ASCII");
    }
    if u32::try_from(len).is_err() {
        return fail("serialization does not fit u32 offsets");
    }
    let scheme_end = o.scheme_end as usize;
    if scheme_end == 0 || scheme_end >= len || b[scheme_end] != b':' {
        return fail("scheme_end does not point at a ':' after a scheme");
    }
    let scheme = &b[..scheme_end];
    if !scheme[0].is_ascii_lowercase()
        || !scheme[1..]
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || b"+-.".contains(&c))
    {
        return fail("scheme is not a lowercase scheme");
    }
    if SchemeKind::from_lowercase(scheme) != o.scheme {
        return fail("scheme kind does not match the scheme");
    }
    let (username_end, host_start, host_end, path_start) = (
        o.username_end as usize,
        o.host_start as usize,
        o.host_end as usize,
        o.path_start as usize,
    );
    if o.has_host() {
        if &b[scheme_end + 1..(scheme_end + 3).min(len)] != b"//" {
            return fail("a URL with a host must have '//' after the scheme");
        }
        let username_start = scheme_end + 3;
        if !(username_start <= username_end
            && username_end <= host_start
            && host_start <= host_end
            && host_end <= path_start
            && path_start <= len)
        {
            return fail("authority offsets out of order");
        }
        if host_start > username_start {
            if b[host_start - 1] != b'@' {
                return fail("credentials must end with '@'");
            }
            if username_end < host_start - 1 && b[username_end] != b':' {
                return fail("a password must follow ':'");
            }
            if username_end == host_start - 1 && username_end == username_start {
                return fail("'@' without a username or password");
            }
        } else if username_end != host_start {
            return fail("username_end must equal host_start without credentials");
        }
        if (host_start == host_end) != (o.host == HostKind::Empty) {
            return fail("host kind Empty must match an empty host");
        }
        if host_end < path_start {
            let port = &s[host_end + 1..path_start];
            if b[host_end] != b':' || port.is_empty() || !port.bytes().all(|c| c.is_ascii_digit()) {
                return fail("between host and path only ':' and a port may stand");
            }
            match port.parse::<u16>() {
                Ok(p) if port.len() == 1 || !port.starts_with('0') => {
                    if Some(p) == o.scheme.default_port() {
                        return fail("the default port must not be serialized");
                    }
                }
                _ => return fail("port is not a canonical 16-bit number"),
            }
        }
    } else {
        let after = scheme_end + 1;
        if username_end != after || host_start != after || host_end != after {
            return fail("without a host, the authority offsets must be scheme_end + 1");
        }
        if o.scheme.is_special() {
            return fail("a special URL must have a host");
        }
        let has_dot_prefix = path_start == after + 2 && &b[after..path_start] == b"/.";
        if path_start != after && !has_dot_prefix {
            return fail("without a host, the path starts after the scheme or after '/.'");
        }
    }
    let path_end = o.path_end_in(len);
    if path_start > path_end {
        return fail("path_start after the path's end");
    }
    let path = &b[path_start..path_end];
    if o.opaque_path {
        if o.has_host() || path.first() == Some(&b'/') {
            return fail("an opaque path has no host and does not start with '/'");
        }
    } else if !path.is_empty() && path[0] != b'/' {
        return fail("a path that is a list of segments starts with '/'");
    }
    if o.scheme.is_special() && path.first() != Some(&b'/') {
        return fail("a special URL's path starts with '/'");
    }
    if !o.has_host() && !o.opaque_path {
        let needs_prefix = path.starts_with(b"//");
        if needs_prefix != (path_start == scheme_end + 3) {
            return fail(
                "'/.' must stand before a host-less path exactly when it starts with '//'",
            );
        }
    }
    if let Some(q) = o.query_start() {
        if q != path_end || b.get(q) != Some(&b'?') {
            return fail("query_start must point at the '?' ending the path");
        }
    }
    if let Some(f) = o.fragment_start() {
        if f < path_end || b.get(f) != Some(&b'#') {
            return fail("fragment_start must point at a '#' after the path");
        }
    }
    let before_fragment = o.fragment_start().unwrap_or(len);
    if b[..before_fragment].contains(&b'#') {
        return fail("'#' before the fragment");
    }
    if b[..o.path_end_in(len)].contains(&b'?') {
        return fail("'?' before the query");
    }
    Ok(())
}

/// Draws the offsets under the serialization, one line each.
pub(crate) fn draw(s: &str, o: &Offsets) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{s}");
    let mut mark = |name: &str, pos: Option<usize>| {
        if let Some(pos) = pos {
            let _ = writeln!(out, "{}^ {name} = {pos}", " ".repeat(pos.min(s.len())));
        }
    };
    mark("scheme_end", Some(o.scheme_end as usize));
    mark("username_end", Some(o.username_end as usize));
    mark("host_start", Some(o.host_start as usize));
    mark("host_end", Some(o.host_end as usize));
    mark("path_start", Some(o.path_start as usize));
    mark("query_start", o.query_start());
    mark("fragment_start", o.fragment_start());
    let _ = write!(
        out,
        "scheme: {:?}, host: {:?}, opaque path: {}",
        o.scheme, o.host, o.opaque_path
    );
    out
}
