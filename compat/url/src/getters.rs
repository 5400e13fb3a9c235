//! The getters: slices of weburl's serialization, with rust-url's
//! `Option`s and types.

use weburl::Position as W;

use crate::host::Host;
use crate::origin::{self, Origin};
use crate::Url;

impl Url {
    /// The URL's origin.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-origin>
    #[inline]
    pub fn origin(&self) -> Origin {
        origin::url_origin(self)
    }

    /// The scheme, lowercase, without ":".
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
    ///
    /// <https://url.spec.whatwg.org/#is-special>
    #[inline]
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// Whether the scheme is followed by "//" (the URL has a host, maybe empty).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.inner.has_host()
    }

    /// The credentials, host and port, as serialized (`""` without a host).
    pub fn authority(&self) -> &str {
        if self.inner.has_host() {
            &self.inner[W::BeforeUsername..W::AfterPort]
        } else {
            ""
        }
    }

    /// Whether the path is opaque (`mailto:x`, `data:,x`).
    ///
    /// <https://url.spec.whatwg.org/#url-opaque-path>
    #[inline]
    pub fn cannot_be_a_base(&self) -> bool {
        self.inner.has_opaque_path()
    }

    /// The username, percent-encoded; `""` when there is none.
    #[inline]
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The password, percent-encoded; `None` when there is none.
    pub fn password(&self) -> Option<&str> {
        let password = self.inner.password();
        (!password.is_empty()).then_some(password)
    }

    /// Whether the URL has a host: rust-url counts the empty host of
    /// `file:///x` as none.
    pub fn has_host(&self) -> bool {
        self.inner.has_host() && !self.inner.hostname().is_empty()
    }

    /// The host, serialized; `None` when it is null or empty
    /// (`file:///x`).
    pub fn host_str(&self) -> Option<&str> {
        let host = self.inner.hostname();
        (self.inner.has_host() && !host.is_empty()).then_some(host)
    }

    /// The host, typed: a domain (or the opaque host of a non-special
    /// URL), an IPv4 or an IPv6 address.
    pub fn host(&self) -> Option<Host<&str>> {
        Some(match self.inner.typed_host()? {
            weburl::Host::Domain(d) | weburl::Host::Opaque(d) => Host::Domain(d),
            weburl::Host::Ipv4(a) => Host::Ipv4(a),
            weburl::Host::Ipv6(a) => Host::Ipv6(a),
            weburl::Host::Empty => return None,
        })
    }

    /// The host when it is a domain (or an opaque host).
    pub fn domain(&self) -> Option<&str> {
        match self.host()? {
            Host::Domain(d) => Some(d),
            _ => None,
        }
    }

    /// The port; `None` when absent or the scheme's default.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.inner.typed_port()
    }

    /// The port, or the scheme's default port.
    #[inline]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.inner.port_or_known_default()
    }

    /// Resolves the host to socket addresses, with the port (or the
    /// scheme's default, or `default_port_number()`).
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<Vec<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::ToSocketAddrs;
        let host = self
            .host()
            .ok_or_else(|| Error::new(ErrorKind::InvalidData, "No host name in the URL"))?;
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| Error::new(ErrorKind::InvalidData, "No port number in the URL"))?;
        Ok(match host {
            Host::Domain(domain) => (domain, port).to_socket_addrs()?.collect(),
            Host::Ipv4(ip) => vec![(ip, port).into()],
            Host::Ipv6(ip) => vec![(ip, port).into()],
        })
    }

    /// The path, percent-encoded.
    #[inline]
    pub fn path(&self) -> &str {
        self.inner.pathname()
    }

    /// The path's segments, percent-encoded; `None` for an opaque path.
    #[inline]
    pub fn path_segments(&self) -> Option<std::str::Split<'_, char>> {
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// The query without "?"; `None` when absent.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The query's `application/x-www-form-urlencoded` pairs.
    #[inline]
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// The fragment without "#"; `None` when absent.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }
}
