//! A URL taken apart into its serialized components, and the URL
//! serializer that puts such components together again, writing the
//! serialization and its offsets in one pass.
//!
//! The setters change one component and reassemble the rest; `edit` and
//! `normalize` build components from raw input and serialize them to parse
//! again. The parser and its fast path write the serialization as they go
//! and keep their own writers; they share the `/.` rule
//! (`offsets::dot_before_path`), which lives beside the offsets it moves so
//! that the parser need not import this module.

use crate::error::ParseError;
use crate::host::HostKind;
use crate::offsets::{dot_before_path, Offsets};
use crate::parser::DEFAULT_MAX_LEN;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// A URL's components, each as it is serialized (percent-encoded, the host
/// serialized), borrowed.
#[derive(Clone, Copy)]
pub(crate) struct Parts<'a> {
    pub scheme: &'a str,
    pub username: &'a str,
    pub password: &'a str,
    /// `None` when the host is null; the kind is what the offsets record.
    pub host: Option<(HostKind, &'a str)>,
    /// The port's digits; `None` when absent.
    pub port: Option<&'a str>,
    /// The path as serialized, without the "/." the serializer may add.
    pub path: &'a str,
    pub opaque_path: bool,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// `url`'s components.
    #[inline]
    pub fn of(url: &'a Url) -> Parts<'a> {
        let port = url.port();
        Parts {
            scheme: url.scheme(),
            username: url.username(),
            password: url.password(),
            host: url.has_host().then(|| (url.offsets.host, url.hostname())),
            port: (!port.is_empty()).then_some(port),
            path: url.pathname(),
            opaque_path: url.has_opaque_path(),
            query: url.query(),
            fragment: url.fragment(),
        }
    }

    /// The URL serializer's steps on these components. The result is only
    /// a URL in the standard's sense if the components were canonical (as
    /// the setters' are); `edit` parses it again to find out.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-serializer>
    pub fn serialize(&self) -> Result<Url, ParseError> {
        let len = self.scheme.len()
            + self.username.len()
            + self.password.len()
            + self.host.map_or(0, |h| h.1.len())
            + self.port.map_or(0, str::len)
            + self.path.len()
            + self.query.map_or(0, str::len)
            + self.fragment.map_or(0, str::len)
            + 16;
        if len > DEFAULT_MAX_LEN {
            return Err(ParseError::TooLong);
        }
        let mut s = String::with_capacity(len);
        s.push_str(self.scheme);
        let scheme_end = s.len();
        s.push(':');
        let (username_end, host_start, host_end, host_kind);
        match self.host {
            Some((kind, host)) => {
                s.push_str("//");
                s.push_str(self.username);
                username_end = s.len();
                if !self.password.is_empty() {
                    s.push(':');
                    s.push_str(self.password);
                }
                if !self.username.is_empty() || !self.password.is_empty() {
                    s.push('@');
                }
                host_start = s.len();
                s.push_str(host);
                host_end = s.len();
                host_kind = if host.is_empty() {
                    HostKind::Empty
                } else {
                    kind
                };
                if let Some(port) = self.port {
                    s.push(':');
                    s.push_str(port);
                }
            }
            None => {
                (username_end, host_start, host_end) = (s.len(), s.len(), s.len());
                host_kind = HostKind::None;
            }
        }
        if dot_before_path(self.host.is_none(), self.opaque_path, self.path) {
            s.push_str("/.");
        }
        let path_start = s.len();
        s.push_str(self.path);
        let query_start = self.query.map(|query| {
            let start = s.len();
            s.push('?');
            s.push_str(query);
            start
        });
        let fragment_start = self.fragment.map(|fragment| {
            let start = s.len();
            s.push('#');
            s.push_str(fragment);
            start
        });
        // Every position is at most `len`, which fits in u32.
        let offset = |i: usize| i as u32;
        Ok(Url {
            offsets: Offsets {
                scheme_end: offset(scheme_end),
                username_end: offset(username_end),
                host_start: offset(host_start),
                host_end: offset(host_end),
                path_start: offset(path_start),
                query_start: query_start.map_or(Offsets::NONE, offset),
                fragment_start: fragment_start.map_or(Offsets::NONE, offset),
                scheme: SchemeKind::from_lowercase(self.scheme.as_bytes()),
                host: host_kind,
                opaque_path: self.opaque_path,
            },
            serialization: s,
        })
    }
}
