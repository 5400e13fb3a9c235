//! The encoding callbacks: each piece of fixed pattern text, and each
//! component of a dictionary input, canonicalized as the URL parser would
//! canonicalize that component.
//!
//! <https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks>
//!
//! The standard runs the basic URL parser with a state override on a dummy
//! URL. The setters of [`weburl::Url`] do exactly that for the username,
//! password, hostname, port and pathname; the search and hash setters skip
//! a leading "?" or "#" that the query and fragment states keep, so the
//! value is given one to skip. The opaque path state has no setter and
//! comes from [`weburl::state_override::opaque_path`].

use weburl::{SchemeKind, Url};

use crate::error::{Component, Error};

/// Which canonicalization a component's fixed text goes through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Encoding {
    Protocol,
    Username,
    Password,
    Hostname,
    Ipv6Hostname,
    /// The port, for the given protocol when there is one.
    Port(Option<String>),
    Pathname,
    OpaquePathname,
    Search,
    Hash,
}

/// <https://urlpattern.spec.whatwg.org/#create-a-dummy-url>
fn dummy_url() -> Url {
    // A constant that parses: the error arm is unreachable.
    Url::parse("https://dummy.invalid/").unwrap_or_else(|_| unreachable!())
}

impl Encoding {
    /// The component this encoding canonicalizes.
    pub(crate) fn component(&self) -> Component {
        match self {
            Encoding::Protocol => Component::Protocol,
            Encoding::Username => Component::Username,
            Encoding::Password => Component::Password,
            Encoding::Hostname | Encoding::Ipv6Hostname => Component::Hostname,
            Encoding::Port(_) => Component::Port,
            Encoding::Pathname | Encoding::OpaquePathname => Component::Pathname,
            Encoding::Search => Component::Search,
            Encoding::Hash => Component::Hash,
        }
    }

    /// Runs the callback on `value`.
    pub(crate) fn encode(&self, value: &str) -> Result<String, Error> {
        if value.is_empty() {
            return Ok(String::new());
        }
        let invalid = || Error::InvalidComponent {
            component: self.component(),
            value: value.to_owned(),
        };
        match self {
            Encoding::Protocol => canonicalize_protocol(value).ok_or_else(invalid),
            Encoding::Username => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-a-username>
                let mut url = dummy_url();
                url.set_username(value).map_err(|_| invalid())?;
                Ok(url.username().to_owned())
            }
            Encoding::Password => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-a-password>
                let mut url = dummy_url();
                url.set_password(value).map_err(|_| invalid())?;
                Ok(url.password().to_owned())
            }
            Encoding::Hostname => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname>
                let mut url = dummy_url();
                url.set_hostname(value).map_err(|_| invalid())?;
                Ok(url.hostname().to_owned())
            }
            Encoding::Ipv6Hostname => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname>
                if !value
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || matches!(b, b'[' | b']' | b':'))
                {
                    return Err(invalid());
                }
                Ok(value.to_ascii_lowercase())
            }
            Encoding::Port(protocol) => {
                canonicalize_port(value, protocol.as_deref()).ok_or_else(invalid)
            }
            Encoding::Pathname => Ok(canonicalize_pathname(value)),
            Encoding::OpaquePathname => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname>
                Ok(weburl::state_override::opaque_path(value))
            }
            Encoding::Search => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-a-search>
                let mut url = dummy_url();
                url.set_search(&format!("?{value}"))
                    .map_err(|_| invalid())?;
                Ok(url.query().unwrap_or("").to_owned())
            }
            Encoding::Hash => {
                // <https://urlpattern.spec.whatwg.org/#canonicalize-a-hash>
                let mut url = dummy_url();
                url.set_hash(&format!("#{value}")).map_err(|_| invalid())?;
                Ok(url.fragment().unwrap_or("").to_owned())
            }
        }
    }
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol>
fn canonicalize_protocol(value: &str) -> Option<String> {
    let url = Url::parse(&format!("{value}://dummy.invalid/")).ok()?;
    Some(url.scheme().to_owned())
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-port>
fn canonicalize_port(value: &str, protocol: Option<&str>) -> Option<String> {
    // The dummy URL's scheme only matters for its default port: a special
    // scheme stands for itself, any other scheme for all the others. With
    // no protocol the standard's dummy URL is "https:", which would turn
    // the fixed text "443" of "443*" into ""; browsers and WPT keep it
    // (`{"port": "443*", "protocol": "https"}`), so no default port applies.
    let mut url = match protocol {
        Some(p) if SchemeKind::from_scheme(p) != SchemeKind::Other => {
            Url::parse(&format!("{p}://dummy.invalid/")).ok()?
        }
        _ => Url::parse("non-special://dummy.invalid/").ok()?,
    };
    url.set_port(value).ok()?;
    Some(url.port().to_owned())
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname>
pub(crate) fn canonicalize_pathname(value: &str) -> String {
    let leading_slash = value.starts_with('/');
    let modified = if leading_slash {
        value.to_owned()
    } else {
        format!("/-{value}")
    };
    let mut url = dummy_url();
    // The dummy URL has a host, so the pathname setter always applies.
    let _ = url.set_pathname(&modified);
    let result = url.pathname();
    if leading_slash {
        result.to_owned()
    } else {
        result.get(2..).unwrap_or("").to_owned()
    }
}

/// Whether `scheme` is a special scheme (<https://url.spec.whatwg.org/#special-scheme>).
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    SchemeKind::from_scheme(scheme) != SchemeKind::Other
}

/// The default port of a special scheme, if it has one.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    SchemeKind::from_scheme(scheme).default_port()
}
