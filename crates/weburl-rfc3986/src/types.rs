//! The components of a URI reference, borrowed from the input: what
//! [`split`](crate::split) gives and what the grammar, resolution and
//! normalization read and build. In a module of their own so that those
//! modules depend on the types and not on each other.

use std::fmt;

use crate::host::HostKind;

/// The five components of a URI reference (RFC 3986 §3), borrowed from the
/// input. An absent component is `None`; a present but empty one (`"http://a?"`
/// has an empty query) is `Some("")`. The path is always present, maybe empty.
///
/// `Display` recomposes the reference by §5.3, which gives back the input
/// exactly.
///
/// ```text
///   foo://user@example.com:8042/over/there?name=ferret#nose
///   \_/   \__________________/\_________/ \_________/ \__/
///    |             |              |            |        |
///  scheme      authority        path         query   fragment
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Components<'a> {
    /// `scheme`, without the `":"`.
    pub scheme: Option<&'a str>,
    /// `authority`, present when the reference has `"//"` after the scheme
    /// (or at its start).
    pub authority: Option<Authority<'a>>,
    /// `path`, in full.
    pub path: &'a str,
    /// `query`, without the `"?"`.
    pub query: Option<&'a str>,
    /// `fragment`, without the `"#"`.
    pub fragment: Option<&'a str>,
}

/// The parts of an `authority` (RFC 3986 §3.2), borrowed from the input.
///
/// ```text
///   user:pass@[::1]:8080
///   \_______/ \___/ \__/
///   userinfo   host  port
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Authority<'a> {
    /// `userinfo`, without the `"@"`.
    pub userinfo: Option<&'a str>,
    /// `host`, with the brackets of an IP-literal; may be empty.
    pub host: &'a str,
    /// `port`, without the `":"`; `Some("")` for `"http://a:/"`.
    pub port: Option<&'a str>,
}

impl Authority<'_> {
    /// Which `host` alternative the host matches, or `None` if it matches
    /// none (possible only after [`split_lenient`](crate::split_lenient)).
    ///
    /// RFC 3986 §3.2.2 <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>.
    ///
    /// ```
    /// use weburl_rfc3986::{split, HostKind};
    ///
    /// let c = split("http://127.0.0.1:8080/").unwrap();
    /// assert_eq!(c.authority.unwrap().host_kind(), Some(HostKind::Ipv4));
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        HostKind::of(self.host)
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(userinfo) = self.userinfo {
            write!(f, "{userinfo}@")?;
        }
        f.write_str(self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

/// Component recomposition, RFC 3986 §5.3.
impl fmt::Display for Components<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(authority) = &self.authority {
            write!(f, "//{authority}")?;
        }
        f.write_str(self.path)?;
        if let Some(query) = self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}
