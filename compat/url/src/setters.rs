//! The setters, with rust-url's signatures and rules on top of weburl's
//! (JavaScript URL object) setters.
//!
//! Where rust-url and the URL Standard's API differ only in which values
//! are refused (`set_port` on a `file:` URL, `set_scheme` to `file` with a
//! host), rust-url's rule is kept; the result of an accepted value is the
//! Standard's.

use std::net::IpAddr;

use crate::error::{self, ParseError};
use crate::host::Host;
use crate::Url;

impl Url {
    /// Sets the fragment (`None` removes it), percent-encoding it.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hash>
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        // weburl's setter takes "" as "remove" and skips one leading "#".
        let _ = match fragment {
            None => self.inner.set_hash(""),
            Some(f) if !f.is_empty() && !f.starts_with('#') => self.inner.set_hash(f),
            Some(f) => self.inner.set_hash(&format!("#{f}")),
        };
    }

    /// Sets the query (`None` removes it), percent-encoding it.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-search>
    pub fn set_query(&mut self, query: Option<&str>) {
        // weburl's setter takes "" as "remove" and skips one leading "?".
        let _ = match query {
            None => self.inner.set_search(""),
            Some(q) if !q.is_empty() && !q.starts_with('?') => self.inner.set_search(q),
            Some(q) => self.inner.set_search(&format!("?{q}")),
        };
    }

    /// Sets the path. For a URL with an opaque path (`mailto:x`) the value
    /// becomes the new opaque path, a leading "/" encoded as `%2F` so that
    /// the path stays opaque.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    pub fn set_path(&mut self, path: &str) {
        if !self.cannot_be_a_base() {
            let _ = self.inner.set_pathname(path);
            return;
        }
        let mut new = String::with_capacity(self.as_str().len() + path.len() + 3);
        new.push_str(self.scheme());
        new.push(':');
        let rest = match path.strip_prefix('/') {
            Some(rest) => {
                new.push_str("%2F");
                rest
            }
            None => path,
        };
        // The opaque path state stops at "?" and "#": encode them so the
        // whole value is path.
        let rest = rest.replace('?', "%3F").replace('#', "%23");
        new.push_str(&weburl::state_override::opaque_path(&rest));
        new.push_str(&self.as_str()[self.offset(crate::Position::AfterPath)..]);
        self.replace_with(&new);
    }

    /// Sets the port; `None`, or the scheme's default, removes it. `Err`
    /// when the URL has no host, an empty host, or the `file` scheme.
    #[allow(clippy::result_unit_err)]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        if !self.has_host() || self.scheme() == "file" {
            return Err(());
        }
        let result = match port {
            None => self.inner.set_port(""),
            Some(port) => self.inner.set_port(&port.to_string()),
        };
        result.map_err(|_| ())
    }

    /// Sets the host (a port in the value is ignored); `None` removes it
    /// with the credentials and port, which only non-special URLs (and
    /// `file:`, whose host becomes empty) allow.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        if self.cannot_be_a_base() {
            return Err(ParseError::SetHostOnCannotBeABaseUrl);
        }
        let special = self.is_special();
        let file = self.scheme() == "file";
        let Some(host) = host else {
            if !self.inner.has_host() {
                return Ok(());
            }
            if special && !file {
                return Err(ParseError::EmptyHost);
            }
            if file {
                return self
                    .inner
                    .set_hostname("")
                    .map_err(|_| ParseError::EmptyHost);
            }
            self.remove_authority();
            return Ok(());
        };
        if host.is_empty() && special && !file {
            return Err(ParseError::EmptyHost);
        }
        let mut host_only = host;
        // The host state: a ":" outside brackets starts the port.
        if !(host.starts_with('[') && host.ends_with(']')) {
            match host.find(':') {
                Some(0) => return Err(ParseError::InvalidDomainCharacter),
                Some(colon) => host_only = &host[..colon],
                None => {}
            }
        }
        let parsed = if host_only.is_empty() {
            Host::Domain(String::new())
        } else if special {
            Host::parse(host_only)?
        } else {
            Host::parse_opaque(host_only)?
        };
        self.set_host_serialized(&parsed.to_string())
    }

    /// Sets the host to an IP address. `Err` for a URL with an opaque path.
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let host: Host<&str> = match address {
            IpAddr::V4(a) => Host::Ipv4(a),
            IpAddr::V6(a) => Host::Ipv6(a),
        };
        self.set_host_serialized(&host.to_string()).map_err(|_| ())
    }

    /// Sets the password (`None` or `""` removes it). `Err` when the URL
    /// cannot have credentials (no host, an empty host, or `file:`).
    ///
    /// <https://url.spec.whatwg.org/#dom-url-password>
    #[allow(clippy::result_unit_err)]
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        if !self.has_host() || self.scheme() == "file" {
            return Err(());
        }
        self.inner
            .set_password(password.unwrap_or(""))
            .map_err(|_| ())
    }

    /// Sets the username. `Err` when the URL cannot have credentials (no
    /// host, an empty host, or `file:`).
    ///
    /// <https://url.spec.whatwg.org/#dom-url-username>
    #[allow(clippy::result_unit_err)]
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        if !self.has_host() || self.scheme() == "file" {
            return Err(());
        }
        self.inner.set_username(username).map_err(|_| ())
    }

    /// Sets the scheme: a scheme, optionally followed by ":" and nothing
    /// else. `Err` for a change between special and non-special schemes,
    /// to `file` for a URL with an authority, or to a special scheme for a
    /// URL without a host. A port that is the new scheme's default goes.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    #[allow(clippy::result_unit_err)]
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        let scheme = scheme.strip_suffix(':').unwrap_or(scheme);
        let mut bytes = scheme.bytes();
        let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(());
        }
        let new = weburl::SchemeKind::from_scheme(&scheme.to_ascii_lowercase());
        if new.is_special() != self.is_special()
            || (new == weburl::SchemeKind::File && self.has_authority())
            || (new.is_special() && !self.has_host())
        {
            return Err(());
        }
        self.inner.set_protocol(scheme).map_err(|_| ())
    }

    /// Puts an already serialized host in place, adding "//" to a URL
    /// without an authority.
    fn set_host_serialized(&mut self, host: &str) -> Result<(), ParseError> {
        match self.inner.set_hostname(host) {
            Ok(()) => Ok(()),
            Err(weburl::SetterError::Parse(e)) => Err(error::from_weburl(e, None)),
            Err(weburl::SetterError::OpaquePath) => Err(ParseError::SetHostOnCannotBeABaseUrl),
            Err(_) => Err(ParseError::EmptyHost),
        }
    }

    /// Drops "//", the credentials, the host and the port of a
    /// non-special URL; the path keeps its leading "/" (or gets one).
    fn remove_authority(&mut self) {
        let after_port = self.offset(crate::Position::AfterPort);
        let rest = &self.as_str()[after_port..];
        let mut new = String::with_capacity(self.as_str().len());
        new.push_str(self.scheme());
        new.push(':');
        if self.path().starts_with("//") {
            // The serializer's "/." keeps the path from reading as a host.
            // <https://url.spec.whatwg.org/#concept-url-serializer>
            new.push_str("/.");
        } else if self.path().is_empty() {
            new.push('/');
        }
        new.push_str(rest);
        self.replace_with(&new);
    }

    /// Replaces the URL with the parse of `serialization`, which the
    /// callers build from this URL's canonical components, so it parses;
    /// should it not, the URL stays as it was.
    fn replace_with(&mut self, serialization: &str) {
        if let Ok(url) = weburl::Url::parse(serialization) {
            self.inner = url;
        }
    }
}
