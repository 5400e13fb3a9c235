//! The RFC 3986 side of the lens, read three ways: strict, lenient and
//! truncated (see the [lens](super) documentation).

use std::fmt;

use crate::Rfc3986Error;

/// How the RFC 3986 side read the string; see the module documentation.
///
/// RFC 3986 Appendix A (strict), Appendix B (lenient), Appendix C
/// (truncated): <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>.
///
/// ```
/// use weburl_rfc3986::lens::{compare, Reading};
///
/// let c = compare("http://a/b", None);
/// assert_eq!(c.rfc3986.readings().map(|(r, _)| r).collect::<Vec<_>>(), [Reading::Strict]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reading {
    /// By the RFC 3986 grammar ([`crate::split`] or [`crate::resolve`]).
    Strict,
    /// By the regular expression of RFC 3986 Appendix B ([`crate::split_lenient`]).
    Lenient,
    /// Up to the first character the RFC 3987 grammar rejects.
    Truncated,
}

impl Reading {
    /// The reading's name, lowercase.
    ///
    /// ```
    /// assert_eq!(weburl_rfc3986::lens::Reading::Lenient.name(), "lenient");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Reading::Strict => "strict",
            Reading::Lenient => "lenient",
            Reading::Truncated => "truncated",
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The components of a URI, owned: what one reading of the RFC 3986 side
/// found, after resolution against the base (RFC 3986 §5.2.2).
///
/// `Display` recomposes them by §5.3.
///
/// ```
/// use weburl_rfc3986::lens::compare;
///
/// let c = compare("HTTP://Example.com:080/a/../b", None);
/// let rfc = c.rfc3986.strict.as_ref().unwrap();
/// assert_eq!(rfc.scheme.as_deref(), Some("HTTP"));
/// assert_eq!(rfc.authority.as_ref().unwrap().port.as_deref(), Some("080"));
/// assert_eq!(rfc.path, "/b");
/// assert_eq!(rfc.to_string(), "HTTP://Example.com:080/b");
/// assert!(c.disagreements.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct RfcComponents {
    /// The scheme, as written.
    pub scheme: Option<String>,
    /// The authority, when there is one.
    pub authority: Option<RfcAuthority>,
    /// The path, dot segments removed.
    pub path: String,
    /// The query, without "?".
    pub query: Option<String>,
    /// The fragment, without "#".
    pub fragment: Option<String>,
}

/// The parts of an authority, owned (RFC 3986 §3.2).
///
/// ```
/// use weburl_rfc3986::lens::compare;
///
/// let c = compare("http://u:p@[::1]:8080/", None);
/// let a = c.rfc3986.strict.unwrap().authority.unwrap();
/// assert_eq!((a.userinfo.as_deref(), a.host.as_str(), a.port.as_deref()), (Some("u:p"), "[::1]", Some("8080")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct RfcAuthority {
    /// The userinfo, without "@".
    pub userinfo: Option<String>,
    /// The host, with an IP-literal's brackets.
    pub host: String,
    /// The port, without ":".
    pub port: Option<String>,
}

impl RfcComponents {
    pub(super) fn from_split(c: &crate::Components<'_>) -> RfcComponents {
        RfcComponents {
            scheme: c.scheme.map(str::to_owned),
            authority: c.authority.map(|a| RfcAuthority {
                userinfo: a.userinfo.map(str::to_owned),
                host: a.host.to_owned(),
                port: a.port.map(str::to_owned),
            }),
            path: c.path.to_owned(),
            query: c.query.map(str::to_owned),
            fragment: c.fragment.map(str::to_owned),
        }
    }

    /// The scheme, ASCII-lowercased.
    pub(super) fn scheme_lowercase(&self) -> Option<String> {
        self.scheme.as_deref().map(str::to_ascii_lowercase)
    }
}

/// Recomposition, RFC 3986 §5.3.
impl fmt::Display for RfcComponents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}:")?;
        }
        match &self.authority {
            Some(a) => {
                f.write_str("//")?;
                if let Some(userinfo) = &a.userinfo {
                    write!(f, "{userinfo}@")?;
                }
                f.write_str(&a.host)?;
                if let Some(port) = &a.port {
                    write!(f, ":{port}")?;
                }
            }
            // A path starting with "//" would read back as an authority;
            // "/." in front keeps it a path, as crate::resolve does.
            None if self.path.starts_with("//") => f.write_str("/.")?,
            None => {}
        }
        f.write_str(&self.path)?;
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

/// Why the strict reading found no URI.
///
/// RFC 3986 §4.1, <https://www.rfc-editor.org/rfc/rfc3986#section-4.1>.
///
/// ```
/// use weburl_rfc3986::lens::{compare, Rfc3986Rejection};
///
/// assert_eq!(compare("/a/b", None).rfc3986.strict, Err(Rfc3986Rejection::NotAbsolute));
/// assert!(matches!(
///     compare("http://a/b c", None).rfc3986.strict,
///     Err(Rfc3986Rejection::Syntax(e)) if e.offset() == 10
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rfc3986Rejection {
    /// The string (or the base) does not match the grammar.
    Syntax(Rfc3986Error),
    /// The string is a valid relative reference, but there is no base to
    /// resolve it against (RFC 3986 §4.2, §5.1).
    NotAbsolute,
}

impl fmt::Display for Rfc3986Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rfc3986Rejection::Syntax(e) => write!(f, "{e}"),
            Rfc3986Rejection::NotAbsolute => {
                f.write_str("a relative reference, and no base URI to resolve it against")
            }
        }
    }
}

impl std::error::Error for Rfc3986Rejection {}

/// The truncated reading: where the string was cut, and what the prefix
/// gives.
///
/// RFC 3986 Appendix C, <https://www.rfc-editor.org/rfc/rfc3986#appendix-C>.
///
/// ```
/// let c = weburl_rfc3986::lens::compare("http://a.example/b c", None);
/// let cut = c.rfc3986.truncated.unwrap();
/// assert_eq!((cut.at, cut.components.path.as_str()), (18, "/b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Truncation {
    /// The byte offset of the first character the RFC 3987 grammar rejects.
    pub at: usize,
    /// The components of the prefix before it (resolved against the base).
    pub components: RfcComponents,
}

/// The RFC 3986 side of a [`Comparison`](super::Comparison).
///
/// ```
/// use weburl_rfc3986::lens::compare;
///
/// let c = compare("http://1.1.1.1 &@2.2.2.2/", None);
/// assert!(c.rfc3986.strict.is_err());
/// assert_eq!(c.rfc3986.lenient.as_ref().unwrap().authority.as_ref().unwrap().host, "2.2.2.2");
/// let cut = c.rfc3986.truncated.as_ref().unwrap();
/// assert_eq!(cut.at, 14);
/// assert_eq!(cut.components.authority.as_ref().unwrap().host, "1.1.1.1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rfc3986Parse {
    /// The strict reading, or why there is none.
    pub strict: Result<RfcComponents, Rfc3986Rejection>,
    /// The lenient reading, when the strict one fails and this one gives an
    /// absolute URI.
    pub lenient: Option<RfcComponents>,
    /// The truncated reading, when the strict one fails and this one gives
    /// an absolute URI other than the lenient reading.
    pub truncated: Option<Truncation>,
}

impl Rfc3986Parse {
    pub(super) fn new(input: &str, base: Option<&str>) -> Rfc3986Parse {
        let strict = strict_reading(input, base);
        if strict.is_ok() {
            return Rfc3986Parse {
                strict,
                lenient: None,
                truncated: None,
            };
        }
        let base_components = base.map(|b| RfcComponents::from_split(&crate::split_lenient(b)));
        let lenient_reading = |s: &str| {
            resolve_lenient(
                base_components.as_ref(),
                RfcComponents::from_split(&crate::split_lenient(s)),
            )
        };
        let lenient = lenient_reading(input);
        let truncated = crate::validate_iri_reference(input)
            .err()
            .and_then(|e| {
                let at = e.offset();
                let components = lenient_reading(input.get(..at)?)?;
                Some(Truncation { at, components })
            })
            .filter(|t| Some(&t.components) != lenient.as_ref());
        Rfc3986Parse {
            strict,
            lenient,
            truncated,
        }
    }

    /// Whether the string (resolved against the base, if any) is a URI by
    /// the RFC 3986 grammar.
    ///
    /// ```
    /// assert!(weburl_rfc3986::lens::compare("http://a/b", None).rfc3986.is_valid());
    /// assert!(!weburl_rfc3986::lens::compare("http://a/b c", None).rfc3986.is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        self.strict.is_ok()
    }

    /// The readings there are, each with its components.
    ///
    /// ```
    /// use weburl_rfc3986::lens::{compare, Reading};
    ///
    /// let c = compare("http://a\\@b/", None);
    /// let readings: Vec<Reading> = c.rfc3986.readings().map(|(r, _)| r).collect();
    /// assert_eq!(readings, [Reading::Lenient, Reading::Truncated]);
    /// ```
    pub fn readings(&self) -> impl Iterator<Item = (Reading, &RfcComponents)> {
        let strict = self.strict.as_ref().ok().map(|c| (Reading::Strict, c));
        let lenient = self.lenient.as_ref().map(|c| (Reading::Lenient, c));
        let truncated = self
            .truncated
            .as_ref()
            .map(|t| (Reading::Truncated, &t.components));
        strict.into_iter().chain(lenient).chain(truncated)
    }
}

/// The strict reading: a URI, or a reference resolved against a URI.
fn strict_reading(input: &str, base: Option<&str>) -> Result<RfcComponents, Rfc3986Rejection> {
    match base {
        None => {
            let c = crate::split(input).map_err(Rfc3986Rejection::Syntax)?;
            if c.scheme.is_none() {
                return Err(Rfc3986Rejection::NotAbsolute);
            }
            resolve_lenient(None, RfcComponents::from_split(&c))
                .ok_or(Rfc3986Rejection::NotAbsolute)
        }
        Some(base) => {
            let target = crate::resolve(base, input).map_err(Rfc3986Rejection::Syntax)?;
            let c = crate::split(&target).map_err(Rfc3986Rejection::Syntax)?;
            Ok(RfcComponents::from_split(&c))
        }
    }
}

/// RFC 3986 §5.2.2 (strict: a scheme makes a reference absolute) on
/// components that need not be valid. `None` when there is no scheme to be
/// had.
fn resolve_lenient(base: Option<&RfcComponents>, r: RfcComponents) -> Option<RfcComponents> {
    use crate::remove_dot_segments;
    if r.scheme.is_some() {
        let path = remove_dot_segments(&r.path);
        return Some(RfcComponents { path, ..r });
    }
    let base = base.filter(|b| b.scheme.is_some())?;
    let mut t = RfcComponents {
        scheme: base.scheme.clone(),
        fragment: r.fragment,
        ..RfcComponents::default()
    };
    if r.authority.is_some() {
        t.authority = r.authority;
        t.path = remove_dot_segments(&r.path);
        t.query = r.query;
        return Some(t);
    }
    t.authority = base.authority.clone();
    if r.path.is_empty() {
        t.path = base.path.clone();
        t.query = r.query.or_else(|| base.query.clone());
    } else {
        t.path = if r.path.starts_with('/') {
            remove_dot_segments(&r.path)
        } else {
            // §5.2.3 merge.
            let merged = if base.authority.is_some() && base.path.is_empty() {
                format!("/{}", r.path)
            } else {
                match base.path.rfind('/') {
                    Some(i) => format!("{}{}", &base.path[..=i], r.path),
                    None => r.path.clone(),
                }
            };
            remove_dot_segments(&merged)
        };
        t.query = r.query;
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_resolution() {
        let base = RfcComponents::from_split(&crate::split_lenient("http://a/b/c/d;p?q"));
        let target = |r: &str| {
            resolve_lenient(
                Some(&base),
                RfcComponents::from_split(&crate::split_lenient(r)),
            )
            .unwrap()
            .to_string()
        };
        // RFC 3986 §5.4.1's examples, which must agree with the strict algorithm.
        for (r, expected) in [
            ("g", "http://a/b/c/g"),
            ("../g", "http://a/b/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            ("../../../g", "http://a/g"),
        ] {
            assert_eq!(target(r), expected, "{r}");
            assert_eq!(crate::resolve("http://a/b/c/d;p?q", r).unwrap(), expected);
        }
        assert_eq!(target("/a b\\c"), "http://a/a b\\c");
    }
}
