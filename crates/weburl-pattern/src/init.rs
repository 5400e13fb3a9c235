//! The dictionary input (`URLPatternInit`) and its processing.
//!
//! <https://urlpattern.spec.whatwg.org/#canon-processing-for-init>

use weburl::Url;

use crate::canonicalize::{is_special_scheme, Encoding};
use crate::error::{pattern_component, Component, Error};
use crate::escape::escape_pattern_string;

/// A URL pattern or URL given component by component; a missing component
/// is `None`.
///
/// <https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit>
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlPatternInit {
    /// The scheme, with or without a trailing ":".
    pub protocol: Option<String>,
    /// The username.
    pub username: Option<String>,
    /// The password.
    pub password: Option<String>,
    /// The host.
    pub hostname: Option<String>,
    /// The port.
    pub port: Option<String>,
    /// The path.
    pub pathname: Option<String>,
    /// The query, with or without a leading "?".
    pub search: Option<String>,
    /// The fragment, with or without a leading "#".
    pub hash: Option<String>,
    /// A URL that supplies the components not given.
    pub base_url: Option<String>,
}

/// Whether `process` works on a pattern or on a URL to match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// <https://urlpattern.spec.whatwg.org/#process-a-base-url-string>
fn process_base_url_string(input: &str, ty: InitType) -> String {
    match ty {
        InitType::Pattern => {
            let mut out = String::with_capacity(input.len());
            escape_pattern_string(&mut out, input);
            out
        }
        InitType::Url => input.to_owned(),
    }
}

/// <https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname>
fn is_absolute_pathname(input: &str, ty: InitType) -> bool {
    let b = input.as_bytes();
    match b.first() {
        None => false,
        Some(b'/') => true,
        _ if ty == InitType::Url => false,
        _ => b.len() >= 2 && matches!(b[0], b'\\' | b'{') && b[1] == b'/',
    }
}

impl UrlPatternInit {
    /// The keys of a `URLPatternInit` dictionary as JavaScript spells them:
    /// the eight components, then `baseURL`.
    ///
    /// <https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit>
    pub const KEYS: [&'static str; 9] = [
        "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
        "baseURL",
    ];

    /// The field of the dictionary key `key` ([`UrlPatternInit::KEYS`]), for
    /// filling a dictionary from names; `None` for any other key.
    ///
    /// ```
    /// use weburl_pattern::UrlPatternInit;
    /// let mut init = UrlPatternInit::default();
    /// *init.field_mut("baseURL").unwrap() = Some("https://example.com/".into());
    /// assert_eq!(init.base_url.as_deref(), Some("https://example.com/"));
    /// assert!(init.field_mut("href").is_none());
    /// ```
    pub fn field_mut(&mut self, key: &str) -> Option<&mut Option<String>> {
        match key {
            "baseURL" => Some(&mut self.base_url),
            _ => self.component_mut(pattern_component(key)?),
        }
    }

    /// The field of `component`, for filling a dictionary by component
    /// name; `None` for `href`, `host` and `origin`, which a dictionary
    /// does not have.
    ///
    /// ```
    /// use weburl_pattern::{Component, UrlPatternInit};
    /// let mut init = UrlPatternInit::default();
    /// *init.component_mut(Component::Pathname).unwrap() = Some("/users/:id".into());
    /// assert_eq!(init.pathname.as_deref(), Some("/users/:id"));
    /// assert!(init.component_mut(Component::Origin).is_none());
    /// ```
    pub fn component_mut(&mut self, component: Component) -> Option<&mut Option<String>> {
        Some(match component {
            Component::Protocol => &mut self.protocol,
            Component::Username => &mut self.username,
            Component::Password => &mut self.password,
            Component::Hostname => &mut self.hostname,
            Component::Port => &mut self.port,
            Component::Pathname => &mut self.pathname,
            Component::Search => &mut self.search,
            Component::Hash => &mut self.hash,
            Component::Href | Component::Host | Component::Origin => return None,
        })
    }

    /// <https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit>, with
    /// the given starting values (`Default` for none, or all empty).
    pub(crate) fn process(
        &self,
        ty: InitType,
        mut result: UrlPatternInit,
    ) -> Result<UrlPatternInit, Error> {
        let init = self;
        let mut base_url = None;
        if let Some(base) = &init.base_url {
            let base = Url::parse(base).map_err(|_| Error::InvalidBaseUrl(base.clone()))?;
            let has = |c: &[&Option<String>]| c.iter().any(|v| v.is_some());
            if init.protocol.is_none() {
                result.protocol = Some(process_base_url_string(base.scheme(), ty));
            }
            if ty != InitType::Pattern
                && !has(&[&init.protocol, &init.hostname, &init.port, &init.username])
            {
                result.username = Some(process_base_url_string(base.username(), ty));
            }
            if ty != InitType::Pattern
                && !has(&[
                    &init.protocol,
                    &init.hostname,
                    &init.port,
                    &init.username,
                    &init.password,
                ])
            {
                result.password = Some(process_base_url_string(base.password(), ty));
            }
            if !has(&[&init.protocol, &init.hostname]) {
                result.hostname = Some(process_base_url_string(base.hostname(), ty));
            }
            if !has(&[&init.protocol, &init.hostname, &init.port]) {
                result.port = Some(base.port().to_owned());
            }
            if !has(&[&init.protocol, &init.hostname, &init.port, &init.pathname]) {
                result.pathname = Some(process_base_url_string(base.pathname(), ty));
            }
            if !has(&[
                &init.protocol,
                &init.hostname,
                &init.port,
                &init.pathname,
                &init.search,
            ]) {
                result.search = Some(process_base_url_string(base.query().unwrap_or(""), ty));
            }
            if !has(&[
                &init.protocol,
                &init.hostname,
                &init.port,
                &init.pathname,
                &init.search,
                &init.hash,
            ]) {
                result.hash = Some(process_base_url_string(base.fragment().unwrap_or(""), ty));
            }
            base_url = Some(base);
        }
        // A pattern's strings are kept as written; a URL's are canonicalized
        // by the component's encoding callback.
        let pattern = ty == InitType::Pattern;
        let process = |value: &str, encoding: Encoding| -> Result<String, Error> {
            if pattern {
                Ok(value.to_owned())
            } else {
                encoding.encode(value)
            }
        };
        if let Some(protocol) = &init.protocol {
            // <https://urlpattern.spec.whatwg.org/#process-protocol-for-init>
            let stripped = protocol.strip_suffix(':').unwrap_or(protocol);
            result.protocol = Some(process(stripped, Encoding::Protocol)?);
        }
        if let Some(username) = &init.username {
            result.username = Some(process(username, Encoding::Username)?);
        }
        if let Some(password) = &init.password {
            result.password = Some(process(password, Encoding::Password)?);
        }
        if let Some(hostname) = &init.hostname {
            result.hostname = Some(process(hostname, Encoding::Hostname)?);
        }
        let protocol = result.protocol.clone().unwrap_or_default();
        if let Some(port) = &init.port {
            result.port = Some(process(port, Encoding::Port(Some(protocol.clone())))?);
        }
        if let Some(pathname) = &init.pathname {
            let mut pathname = pathname.clone();
            if let Some(base) = base_url.as_ref().filter(|b| !b.has_opaque_path()) {
                if !is_absolute_pathname(&pathname, ty) {
                    let base_path = process_base_url_string(base.pathname(), ty);
                    if let Some(slash) = base_path.rfind('/') {
                        pathname = format!("{}{pathname}", &base_path[..=slash]);
                    }
                }
            }
            // <https://urlpattern.spec.whatwg.org/#process-pathname-for-init>
            let encoding = if protocol.is_empty() || is_special_scheme(&protocol) {
                Encoding::Pathname
            } else {
                Encoding::OpaquePathname
            };
            result.pathname = Some(process(&pathname, encoding)?);
        }
        if let Some(search) = &init.search {
            // <https://urlpattern.spec.whatwg.org/#process-search-for-init>
            let stripped = search.strip_prefix('?').unwrap_or(search);
            result.search = Some(process(stripped, Encoding::Search)?);
        }
        if let Some(hash) = &init.hash {
            // <https://urlpattern.spec.whatwg.org/#process-hash-for-init>
            let stripped = hash.strip_prefix('#').unwrap_or(hash);
            result.hash = Some(process(stripped, Encoding::Hash)?);
        }
        Ok(result)
    }
}
