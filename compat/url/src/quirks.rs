//! Getters and setters with the JavaScript `URL` object's semantics, as
//! the URL Standard defines them: weburl's own API, under rust-url's names.
//!
//! Unless you need to be interoperable with web browsers, you probably
//! want the [`Url`] methods instead.
//!
//! <https://url.spec.whatwg.org/#api>

use crate::host::Host;
#[cfg(feature = "expose_internals")]
use crate::Position;
use crate::{ParseError, Url};

/// The offsets of a URL's components, in rust-url's layout:
///
/// ```text
/// https://user:pass@example.com:1234/foo/bar?baz#quux
///      |     |    |          |  ^^^^|       |   |
///      |     |    |          |  |   |       |   `----- fragment_start
///      |     |    |          |  |   |       `--------- query_start
///      |     |    |          |  |   `----------------- path_start
///      |     |    |          |  `--------------------- port
///      |     |    |          `------------------------ host_end
///      |     |    `----------------------------------- host_start
///      |     `---------------------------------------- username_end
///      `---------------------------------------------- scheme_end
/// ```
#[derive(Copy, Clone, Debug)]
#[cfg(feature = "expose_internals")]
pub struct InternalComponents {
    pub scheme_end: u32,
    pub username_end: u32,
    pub host_start: u32,
    pub host_end: u32,
    pub port: Option<u16>,
    pub path_start: u32,
    pub query_start: Option<u32>,
    pub fragment_start: Option<u32>,
}

/// The offsets of `url`'s components, for compact serializations.
#[cfg(feature = "expose_internals")]
pub fn internal_components(url: &Url) -> InternalComponents {
    let at = |p: Position| url.offset(p) as u32;
    InternalComponents {
        scheme_end: at(Position::AfterScheme),
        username_end: at(Position::AfterUsername),
        host_start: at(Position::BeforeHost),
        host_end: at(Position::AfterHost),
        port: url.port(),
        path_start: at(Position::BeforePath),
        query_start: url.query().map(|_| at(Position::AfterPath)),
        fragment_start: url.fragment().map(|_| at(Position::AfterQuery)),
    }
}

/// The domain in ASCII, or `""` when `domain` is not one.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
pub fn domain_to_ascii(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(domain)) => domain,
        _ => String::new(),
    }
}

/// The domain with its labels in Unicode, or `""` when it is not one.
///
/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>
pub fn domain_to_unicode(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(domain)) => weburl::domain_to_unicode(&domain).into_owned(),
        _ => String::new(),
    }
}

/// <https://url.spec.whatwg.org/#dom-url-href>
pub fn href(url: &Url) -> &str {
    url.as_str()
}

/// <https://url.spec.whatwg.org/#dom-url-href>
pub fn set_href(url: &mut Url, value: &str) -> Result<(), ParseError> {
    *url = Url::parse(value)?;
    Ok(())
}

/// <https://url.spec.whatwg.org/#dom-url-origin>
pub fn origin(url: &Url) -> String {
    url.origin().ascii_serialization()
}

/// <https://url.spec.whatwg.org/#dom-url-protocol>
#[inline]
pub fn protocol(url: &Url) -> &str {
    url.inner.protocol()
}

/// <https://url.spec.whatwg.org/#dom-url-protocol>
#[allow(clippy::result_unit_err)]
pub fn set_protocol(url: &mut Url, new_protocol: &str) -> Result<(), ()> {
    url.inner.set_protocol(new_protocol).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-username>
#[inline]
pub fn username(url: &Url) -> &str {
    url.inner.username()
}

/// <https://url.spec.whatwg.org/#dom-url-username>
#[allow(clippy::result_unit_err)]
pub fn set_username(url: &mut Url, new_username: &str) -> Result<(), ()> {
    url.inner.set_username(new_username).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-password>
#[inline]
pub fn password(url: &Url) -> &str {
    url.inner.password()
}

/// <https://url.spec.whatwg.org/#dom-url-password>
#[allow(clippy::result_unit_err)]
pub fn set_password(url: &mut Url, new_password: &str) -> Result<(), ()> {
    url.inner.set_password(new_password).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-host>
#[inline]
pub fn host(url: &Url) -> &str {
    url.inner.host()
}

/// <https://url.spec.whatwg.org/#dom-url-host>
#[allow(clippy::result_unit_err)]
pub fn set_host(url: &mut Url, new_host: &str) -> Result<(), ()> {
    url.inner.set_host(new_host).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-hostname>
#[inline]
pub fn hostname(url: &Url) -> &str {
    url.inner.hostname()
}

/// <https://url.spec.whatwg.org/#dom-url-hostname>
#[allow(clippy::result_unit_err)]
pub fn set_hostname(url: &mut Url, new_hostname: &str) -> Result<(), ()> {
    url.inner.set_hostname(new_hostname).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-port>
#[inline]
pub fn port(url: &Url) -> &str {
    url.inner.port()
}

/// <https://url.spec.whatwg.org/#dom-url-port>
#[allow(clippy::result_unit_err)]
pub fn set_port(url: &mut Url, new_port: &str) -> Result<(), ()> {
    url.inner.set_port(new_port).map_err(|_| ())
}

/// <https://url.spec.whatwg.org/#dom-url-pathname>
#[inline]
pub fn pathname(url: &Url) -> &str {
    url.inner.pathname()
}

/// <https://url.spec.whatwg.org/#dom-url-pathname>
pub fn set_pathname(url: &mut Url, new_pathname: &str) {
    let _ = url.inner.set_pathname(new_pathname);
}

/// <https://url.spec.whatwg.org/#dom-url-search>
#[inline]
pub fn search(url: &Url) -> &str {
    url.inner.search()
}

/// <https://url.spec.whatwg.org/#dom-url-search>
pub fn set_search(url: &mut Url, new_search: &str) {
    let _ = url.inner.set_search(new_search);
}

/// <https://url.spec.whatwg.org/#dom-url-hash>
#[inline]
pub fn hash(url: &Url) -> &str {
    url.inner.hash()
}

/// <https://url.spec.whatwg.org/#dom-url-hash>
pub fn set_hash(url: &mut Url, new_hash: &str) {
    let _ = url.inner.set_hash(new_hash);
}
