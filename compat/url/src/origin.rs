//! `Origin`: rust-url's shape (a tuple with a typed host) of weburl's
//! origin.
//!
//! <https://url.spec.whatwg.org/#concept-url-origin>

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::host::Host;
use crate::Url;

/// The origin of `url`, as weburl computes it, in rust-url's types.
pub(crate) fn url_origin(url: &Url) -> Origin {
    match url.as_weburl().origin() {
        weburl::Origin::Tuple { scheme, host, port } => {
            let port = port
                .or_else(|| weburl::SchemeKind::from_scheme(&scheme).default_port())
                .unwrap_or(0);
            Origin::Tuple(scheme, typed(host), port)
        }
        weburl::Origin::Opaque(_) => Origin::new_opaque(),
    }
}

/// The typed form of a serialized host that a tuple origin holds: weburl
/// serializes IPv4 hosts as dotted decimals, which no domain can be.
fn typed(host: String) -> Host<String> {
    if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        if let Ok(address) = v6.parse() {
            return Host::Ipv6(address);
        }
    }
    match host.parse() {
        Ok(address) => Host::Ipv4(address),
        Err(_) => Host::Domain(host),
    }
}

/// The origin of a URL: a scheme/host/port tuple, or opaque.
///
/// <https://html.spec.whatwg.org/multipage/#origin>
#[derive(PartialEq, Eq, Hash, Clone, Debug)]
pub enum Origin {
    /// A globally unique identifier.
    Opaque(OpaqueOrigin),
    /// Consists of the URL's scheme, host and port (the scheme's default
    /// port when the URL has none).
    Tuple(String, Host<String>, u16),
}

impl Origin {
    /// A new opaque origin, different from every other.
    pub fn new_opaque() -> Origin {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        Origin::Opaque(OpaqueOrigin(COUNTER.fetch_add(1, Ordering::SeqCst)))
    }

    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// <https://html.spec.whatwg.org/multipage/#ascii-serialisation-of-an-origin>
    pub fn ascii_serialization(&self) -> String {
        self.serialize(|host| host.to_string())
    }

    /// The ASCII serialization with the domain's labels in Unicode.
    ///
    /// <https://html.spec.whatwg.org/multipage/#unicode-serialisation-of-an-origin>
    pub fn unicode_serialization(&self) -> String {
        self.serialize(|host| match host {
            Host::Domain(domain) => weburl::domain_to_unicode(domain).into_owned(),
            _ => host.to_string(),
        })
    }

    fn serialize(&self, host: impl Fn(&Host<String>) -> String) -> String {
        match self {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple(scheme, h, port) => {
                let h = host(h);
                if weburl::SchemeKind::from_scheme(scheme).default_port() == Some(*port) {
                    format!("{scheme}://{h}")
                } else {
                    format!("{scheme}://{h}:{port}")
                }
            }
        }
    }
}

/// Opaque identifier for URLs that have file or other schemes.
#[derive(Eq, PartialEq, Hash, Clone, Debug)]
pub struct OpaqueOrigin(usize);
