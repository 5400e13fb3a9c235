//! The URL Standard's getters by name: the fields of `url_parse` and the
//! components `url_get` accepts.

use std::fmt::Write;

use weburl::{SchemeKind, Url};

/// One of the JavaScript `URL` object's string getters.
///
/// Every getter gives a string, `""` when the URL has no such component,
/// exactly as `new URL(input)[name]` does in a browser.
///
/// ```
/// use weburl::Url;
/// use weburl_datafusion::Component;
///
/// let url = Url::parse("https://user@example.com:8080/a?b#c")?;
/// let mut scratch = String::new();
/// assert_eq!(Component::Host.get(&url, &mut scratch), "example.com:8080");
/// assert_eq!(Component::from_name("ORIGIN"), Some(Component::Origin));
/// assert_eq!(Component::Origin.get(&url, &mut scratch), "https://example.com:8080");
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// The whole serialization.
    Href,
    /// The scheme and `:`.
    Protocol,
    /// The username, percent-encoded.
    Username,
    /// The password, percent-encoded.
    Password,
    /// The host and, when not the default, `:` and the port.
    Host,
    /// The host without the port.
    Hostname,
    /// The port, `""` when it is the scheme's default.
    Port,
    /// The path.
    Pathname,
    /// `?` and the query, `""` when the query is empty or absent.
    Search,
    /// `#` and the fragment, `""` when the fragment is empty or absent.
    Hash,
    /// The ASCII serialization of the origin, `null` for an opaque origin.
    Origin,
}

impl Component {
    /// All getters, in the order of `url_parse`'s fields.
    pub const ALL: [Component; 11] = [
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
        Component::Origin,
    ];

    /// The getter's name, lowercase.
    pub fn name(self) -> &'static str {
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

    /// The getter called `name`, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// The getter's value. Only the origin of a URL with credentials or of a
    /// `blob:` URL is not a slice of the serialization; it is written into
    /// `scratch`.
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
            Component::Origin => origin(url, scratch),
        }
    }
}

/// The ASCII serialization of `url`'s origin.
///
/// For an http(s), ws(s) or ftp URL without credentials that is
/// `scheme://host[:port]`, the start of the href; other tuple origins are
/// written into `scratch`, and opaque ones are `null`.
pub(crate) fn origin<'a>(url: &'a Url, scratch: &'a mut String) -> &'a str {
    match url.scheme_kind() {
        SchemeKind::Http
        | SchemeKind::Https
        | SchemeKind::Ws
        | SchemeKind::Wss
        | SchemeKind::Ftp => {
            if url.includes_credentials() {
                scratch.clear();
                scratch.push_str(url.protocol());
                scratch.push_str("//");
                scratch.push_str(url.host());
                scratch
            } else {
                &url.href()[..url.protocol().len() + 2 + url.host().len()]
            }
        }
        // Only a blob URL's path can give it a tuple origin; the library
        // computes that one.
        _ if url.scheme() == "blob" => {
            scratch.clear();
            let _ = write!(scratch, "{}", url.origin());
            scratch
        }
        _ => "null",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_matches_the_library() {
        let inputs = [
            "https://example.com/a",
            "HTTP://EXAMPLE.com:80/",
            "http://example.com:8080/",
            "https://u:p@example.com:444/x",
            "https://u@example.com/",
            "ws://[::1]:81/",
            "ftp://ftp.example.com/f",
            "file:///tmp/x",
            "blob:https://example.com:443/uuid",
            "blob:ftp://example.com/uuid",
            "blob:not a url",
            "data:,x",
            "mailto:a@example.com",
            "foo://host/",
        ];
        let mut scratch = String::new();
        for input in inputs {
            let url = Url::parse(input).unwrap();
            assert_eq!(
                origin(&url, &mut scratch),
                url.origin().to_string(),
                "{input}"
            );
        }
    }

    #[test]
    fn names_round_trip() {
        for c in Component::ALL {
            assert_eq!(Component::from_name(c.name()), Some(c));
        }
        assert_eq!(Component::from_name("Hostname"), Some(Component::Hostname));
        assert_eq!(Component::from_name("scheme"), None);
    }
}
