//! The URL API's getters by name: the one vocabulary of components that
//! every binding (SQL columns, Python records, the C API, the CLI's
//! `--fields`, URL patterns, the test harnesses) speaks.

use std::fmt;
use std::ops::Range;

use crate::error::SetterError;
use crate::origin::write_origin;
use crate::slicing::Position;
use crate::url::Url;

/// One of the string getters of the URL Standard's `URL` class.
///
/// Each gives exactly what `new URL(input)[name]` gives in a browser: a
/// string, `""` when the URL has no such component.
///
/// <https://url.spec.whatwg.org/#url-class>
///
/// ```
/// use weburl::{Component, Url};
///
/// let url = Url::parse("https://user@example.com:8080/a?b#c")?;
/// let mut scratch = String::new();
/// assert_eq!(Component::Host.get(&url, &mut scratch), "example.com:8080");
/// assert_eq!(Component::from_name("origin"), Some(Component::Origin));
/// assert_eq!(Component::Origin.get(&url, &mut scratch), "https://example.com:8080");
/// assert_eq!(Component::Search.range(&url), Some(31..33));
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The whole serialization.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-href>
    Href,
    /// The scheme and `:`.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    Protocol,
    /// The username, percent-encoded.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-username>
    Username,
    /// The password, percent-encoded.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-password>
    Password,
    /// The host and, when not the scheme's default, `:` and the port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-host>
    Host,
    /// The host without the port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    Hostname,
    /// The port, `""` when it is absent or the scheme's default.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-port>
    Port,
    /// The path.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    Pathname,
    /// `?` and the query, `""` when the query is empty or absent.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-search>
    Search,
    /// `#` and the fragment, `""` when the fragment is empty or absent.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hash>
    Hash,
    /// The ASCII serialization of the origin, `null` for an opaque origin.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-origin>
    Origin,
}

impl Component {
    /// The ten getters whose value is always a slice of the href, in the
    /// order the serializer writes them.
    pub const SLICES: [Component; 10] = [
        Component::Href,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// Every getter: [`Component::SLICES`], then the origin.
    pub const ALL: [Component; 11] = {
        let mut all = [Component::Origin; 11];
        let mut i = 0;
        while i < Component::SLICES.len() {
            all[i] = Component::SLICES[i];
            i += 1;
        }
        all
    };

    /// The getter's name in the `URL` class: `"href"`, `"pathname"`, …
    pub const fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::Origin => "origin",
        }
    }

    /// The getter called `name`, ignoring ASCII case (SQL and shells do
    /// not keep JavaScript's case).
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// The getter's value on `url`. Only an origin that is not the start
    /// of the href (one of a URL with credentials or of a `blob:` URL) is
    /// written into `scratch`; every other value is a slice of `url`.
    #[inline]
    pub fn get<'a>(self, url: &'a Url, scratch: &'a mut String) -> &'a str {
        match self {
            Component::Href => url.href(),
            Component::Protocol => url.protocol(),
            Component::Username => url.username(),
            Component::Password => url.password(),
            Component::Host => url.host(),
            Component::Hostname => url.hostname(),
            Component::Port => url.port(),
            Component::Pathname => url.pathname(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
            Component::Origin => write_origin(url, scratch),
        }
    }

    /// The URL record's field behind the getter, without the getter's
    /// punctuation: the scheme without `:`, the query without `?`, the
    /// fragment without `#`; `None` where the record holds null (no host,
    /// no port, no query, no fragment). The href is the whole
    /// serialization; the origin, which is not a field of the record but
    /// derived from it, is `None` (take [`Component::get`]'s).
    ///
    /// <https://url.spec.whatwg.org/#concept-url>
    ///
    /// ```
    /// use weburl::{Component, Url};
    ///
    /// let url = Url::parse("https://example.com/?")?;
    /// assert_eq!(Component::Protocol.record_value(&url), Some("https"));
    /// assert_eq!(Component::Search.record_value(&url), Some(""));
    /// assert_eq!(Component::Hash.record_value(&url), None);
    /// assert_eq!(Component::Port.record_value(&url), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn record_value(self, url: &Url) -> Option<&str> {
        match self {
            Component::Href => Some(url.href()),
            Component::Protocol => Some(url.scheme()),
            Component::Username => Some(url.username()),
            Component::Password => Some(url.password()),
            Component::Host => url.has_host().then(|| url.host()),
            Component::Hostname => url.has_host().then(|| url.hostname()),
            Component::Port => Some(url.port()).filter(|port| !port.is_empty()),
            Component::Pathname => Some(url.pathname()),
            Component::Search => url.query(),
            Component::Hash => url.fragment(),
            Component::Origin => None,
        }
    }

    /// Runs the setter of the same name on `url` with the JavaScript URL
    /// object's semantics: a value it cannot use leaves `url` unchanged
    /// and the error says why. [`Component::Origin`] has no setter.
    ///
    /// <https://url.spec.whatwg.org/#urlutils-members>
    pub fn set(self, url: &mut Url, value: &str) -> Result<(), SetterError> {
        match self {
            Component::Href => url.set_href(value).map_err(SetterError::from),
            Component::Protocol => url.set_protocol(value),
            Component::Username => url.set_username(value),
            Component::Password => url.set_password(value),
            Component::Host => url.set_host(value),
            Component::Hostname => url.set_hostname(value),
            Component::Port => url.set_port(value),
            Component::Pathname => url.set_pathname(value),
            Component::Search => url.set_search(value),
            Component::Hash => url.set_hash(value),
            Component::Origin => Err(SetterError::ReadOnly),
        }
    }

    /// Where the getter's value lies in [`Url::href`], in bytes: derived
    /// from the component [`Position`]s. An empty value is an empty range
    /// where the component would be written. `None` for
    /// [`Component::Origin`], which is not in general a slice.
    pub fn range(self, url: &Url) -> Option<Range<usize>> {
        let at = |p: Position| url.position(p);
        let non_empty = |start: usize, end: usize, min: usize| {
            if end - start > min {
                start..end
            } else {
                end..end
            }
        };
        Some(match self {
            Component::Href => 0..url.href().len(),
            Component::Protocol => 0..at(Position::AfterScheme) + 1,
            Component::Username => at(Position::BeforeUsername)..at(Position::AfterUsername),
            Component::Password => at(Position::BeforePassword)..at(Position::AfterPassword),
            Component::Host => at(Position::BeforeHost)..at(Position::AfterPort),
            Component::Hostname => at(Position::BeforeHost)..at(Position::AfterHost),
            Component::Port => at(Position::BeforePort)..at(Position::AfterPort),
            Component::Pathname => at(Position::BeforePath)..at(Position::AfterPath),
            // "?" and "#" count only when something follows them.
            Component::Search => non_empty(at(Position::AfterPath), at(Position::AfterQuery), 1),
            Component::Hash => non_empty(at(Position::AfterQuery), url.href().len(), 1),
            Component::Origin => return None,
        })
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Component::ALL {
            assert_eq!(Component::from_name(c.name()), Some(c));
            assert_eq!(
                Component::from_name(&c.name().to_ascii_uppercase()),
                Some(c)
            );
        }
        assert_eq!(Component::from_name("searchParams"), None);
        assert_eq!(&Component::ALL[..10], &Component::SLICES);
    }

    #[test]
    fn ranges_are_the_getters() {
        let inputs = [
            "https://user:pw@example.com:8080/p/q?x=1#frag",
            "https://example.com/?#",
            "http://u@h/",
            "http://:p@h/",
            "file:///C:/x",
            "mailto:a@b?subject=x",
            "non-spec:/.//p",
            "foo://h:1?",
            "blob:https://example.com/uuid",
        ];
        let mut scratch = String::new();
        for input in inputs {
            let url = Url::parse(input).unwrap();
            for c in Component::SLICES {
                let range = c.range(&url).unwrap();
                assert_eq!(
                    &url.href()[range],
                    c.get(&url, &mut scratch),
                    "{c} of {input}"
                );
            }
            assert_eq!(Component::Origin.range(&url), None);
        }
    }
}
