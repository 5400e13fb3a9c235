//! The origin of a URL.
//!
//! <https://url.spec.whatwg.org/#origin>

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::host::domain::domain_to_unicode;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// An origin: a scheme/host/port tuple, or an opaque origin.
///
/// <https://html.spec.whatwg.org/multipage/browsers.html#concept-origin>
///
/// Every opaque origin is different from every other, as the standard's
/// "a new opaque origin" says, even two taken from the same URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin; serializes as "null".
    Opaque(OpaqueOrigin),
    /// A tuple origin.
    Tuple {
        /// The scheme, lowercase.
        scheme: String,
        /// The serialized host.
        host: String,
        /// The port, `None` for the scheme's default.
        port: Option<u16>,
    },
}

/// The identity of one opaque origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(u64);

impl OpaqueOrigin {
    fn new() -> OpaqueOrigin {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Origin {
    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple { .. })
    }

    /// <https://html.spec.whatwg.org/multipage/browsers.html#same-origin>
    pub fn same_origin(&self, other: &Origin) -> bool {
        self == other
    }

    /// The ASCII serialization: "null", or scheme "://" host [":" port].
    ///
    /// <https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin>
    pub fn ascii_serialization(&self) -> String {
        self.to_string()
    }

    /// The serialization with the host's domain labels turned back into
    /// Unicode, for display to people.
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple { scheme, host, port } => {
                let host = domain_to_unicode(host);
                match port {
                    Some(port) => format!("{scheme}://{host}:{port}"),
                    None => format!("{scheme}://{host}"),
                }
            }
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque(_) => f.write_str("null"),
            Origin::Tuple {
                scheme,
                host,
                port: Some(port),
            } => write!(f, "{scheme}://{host}:{port}"),
            Origin::Tuple {
                scheme,
                host,
                port: None,
            } => write!(f, "{scheme}://{host}"),
        }
    }
}

impl Url {
    /// The URL's origin.
    ///
    /// <https://url.spec.whatwg.org/#concept-url-origin>
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("blob:https://example.com:443/uuid")?;
    /// assert_eq!(url.origin().to_string(), "https://example.com");
    /// assert_eq!(Url::parse("data:,x")?.origin().to_string(), "null");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        if self.scheme() == "blob" {
            // A blob URL entry is never attached here: take the path's URL.
            // Its origin is computed without recursion: only http, https
            // and file URLs pass on their origin.
            return match Url::parse(self.pathname()) {
                Ok(inner)
                    if matches!(
                        inner.typed_scheme(),
                        SchemeKind::Http | SchemeKind::Https | SchemeKind::File
                    ) =>
                {
                    inner.non_blob_origin()
                }
                _ => Origin::Opaque(OpaqueOrigin::new()),
            };
        }
        self.non_blob_origin()
    }

    fn non_blob_origin(&self) -> Origin {
        match self.typed_scheme() {
            SchemeKind::Http
            | SchemeKind::Https
            | SchemeKind::Ws
            | SchemeKind::Wss
            | SchemeKind::Ftp => Origin::Tuple {
                scheme: self.scheme().to_owned(),
                host: self.hostname().to_owned(),
                port: self.typed_port(),
            },
            // "file": "When in doubt, return a new opaque origin."
            SchemeKind::File | SchemeKind::Other => Origin::Opaque(OpaqueOrigin::new()),
        }
    }
}

/// The ASCII serialization of `url`'s origin without allocating where it
/// can: for an http(s), ws(s) or ftp URL without credentials it is the
/// start of the href (`scheme://host[:port]`); any other tuple origin is
/// written into `scratch`, and an opaque one is `null`. What
/// [`Component::Origin`](crate::Component::Origin) gives.
///
/// <https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin>
pub(crate) fn write_origin<'a>(url: &'a Url, scratch: &'a mut String) -> &'a str {
    use std::fmt::Write;
    match url.typed_scheme() {
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
        // Only a blob URL's path can give it a tuple origin.
        _ if url.scheme() == "blob" => {
            scratch.clear();
            let _ = write!(scratch, "{}", url.origin());
            scratch
        }
        _ => "null",
    }
}

#[cfg(test)]
mod write_origin_tests {
    use super::*;

    #[test]
    fn write_origin_is_the_origin_serialized() {
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
                write_origin(&url, &mut scratch),
                url.origin().to_string(),
                "{input}"
            );
        }
    }
}
