//! Where the two parses disagree, component by component, after the
//! normalization an RFC-based client applies, and why (the comparison rules
//! of the [lens](super) documentation).

use std::net::Ipv6Addr;

use weburl::{Host, ParseError, Url};

use super::readings::{Rfc3986Parse, RfcComponents};
use super::{Aspect, Disagreement, Reading};

/// The explanations, one per cause.
mod why {
    pub const TRIMMED: &str = "WHATWG first strips leading and trailing C0 controls and spaces; \
        RFC 3986 has no such step, so a lenient splitter keeps them in the component";
    pub const TAB_NEWLINE: &str = "WHATWG removes every ASCII tab and newline before parsing; \
        RFC 3986 does not allow them, and a lenient splitter keeps them in the component";
    pub const BACKSLASH: &str = "in a special URL WHATWG reads \"\\\" as \"/\", so it ends (or \
        starts) the authority there; RFC 3986 does not allow \"\\\", and a lenient splitter reads \
        on to the next \"/\", \"?\" or \"#\"";
    pub const SLASHES: &str = "WHATWG gives a special URL an authority after any number of \"/\" \
        or \"\\\", even none; RFC 3986 needs exactly \"//\" and otherwise reads a path";
    pub const IPV4: &str = "WHATWG parses hexadecimal, octal and shortened IPv4 addresses \
        (0x7f.1 is 127.0.0.1); RFC 3986 knows only four decimal octets and reads anything else \
        as a reg-name, which a resolver may still take for an address";
    pub const PERCENT_HOST: &str = "WHATWG percent-decodes the host before IDNA (and fails if \
        that gives a forbidden code point such as \"/\"); RFC 3986 parsers keep a reg-name's \
        percent-encoding as written, and so does this comparison";
    pub const IDNA: &str = "WHATWG maps the host with UTS #46 (case and width folding, \
        punycode); an RFC 3986 parser keeps the characters as written";
    pub const DRIVE_LETTER: &str = "WHATWG reads a Windows drive letter after \"file://\" as the \
        start of the path; RFC 3986 reads it as a host and a port";
    pub const DOT_SEGMENTS: &str = "WHATWG also removes \"%2e\" and \"%2e%2e\" as dot segments; \
        RFC 3986 removes only literal \".\" and \"..\" segments";
    pub const WHATWG_REJECTS: &str = "the RFC 3986 grammar accepts this string but the WHATWG \
        parser fails on it, so an RFC-based client goes on to a URL a browser never fetches";
    pub const RFC_REJECTS: &str = "the WHATWG parser accepts this string but it is not a URI by \
        the RFC 3986 grammar; parsers that go on anyway split it as the lenient and truncated \
        readings show";
    pub const IRI_ONLY: &str = "not a URI but a valid IRI (RFC 3987): WHATWG maps it to a URI \
        (punycode, percent-encoding) while a URI parser rejects it";
    pub const TRUNCATED: &str = "a parser that stops at the first character the RFC 3987 grammar \
        rejects (as when a URI is delimited in text, RFC 3986 Appendix C) ends the URI there";
    pub const DEFAULT_PORT: &str = "the RFC 3986 reading has no explicit port, so it takes \
        the default of its scheme, which is not the WHATWG scheme";
    pub const OTHER: &str = "the two parsers read this component differently";
}

/// What the explanations look for in the input.
struct Context {
    special: bool,
    backslash: bool,
    tab_newline: bool,
    trimmed: bool,
    /// After the scheme (or at the start of a relative reference), not
    /// exactly "//" followed by something other than a slash.
    irregular_slashes: bool,
}

impl Context {
    fn new(input: &str, whatwg: &Result<Url, ParseError>) -> Context {
        let trimmed_input = input.trim_matches(|c: char| c <= ' ');
        let cleaned: String = trimmed_input
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let scheme_end = cleaned
            .char_indices()
            .take_while(|&(i, c)| {
                if i == 0 {
                    c.is_ascii_alphabetic()
                } else {
                    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
                }
            })
            .count();
        let rest = match cleaned.as_bytes().get(scheme_end) {
            Some(b':') if scheme_end > 0 => &cleaned[scheme_end + 1..],
            _ => &cleaned[..],
        };
        let regular = rest.starts_with("//") && !rest[2..].starts_with(['/', '\\']);
        Context {
            special: whatwg.as_ref().is_ok_and(Url::is_special),
            backslash: input.contains('\\'),
            tab_newline: trimmed_input.contains(['\t', '\n', '\r']),
            trimmed: trimmed_input.len() != input.len(),
            irregular_slashes: !regular,
        }
    }
}

pub(super) fn find_disagreements(
    input: &str,
    base: Option<&str>,
    whatwg: &Result<Url, ParseError>,
    rfc: &Rfc3986Parse,
) -> Vec<Disagreement> {
    let ctx = Context::new(input, whatwg);
    let mut out = Vec::new();
    match (whatwg, &rfc.strict) {
        (Ok(url), Ok(c)) => compare_reading(url, c, Reading::Strict, &ctx, &mut out),
        (Ok(url), Err(_)) => {
            let iri = crate::validate_iri_reference(input).is_ok()
                && base.is_none_or(|b| crate::validate_iri_reference(b).is_ok());
            out.push(Disagreement {
                component: Aspect::Acceptance,
                reading: Reading::Strict,
                whatwg: Some(url.href().to_owned()),
                rfc3986: None,
                explanation: if iri { why::IRI_ONLY } else { why::RFC_REJECTS },
            });
            if let Some(c) = &rfc.lenient {
                compare_reading(url, c, Reading::Lenient, &ctx, &mut out);
            }
            if let Some(t) = &rfc.truncated {
                let mut more = Vec::new();
                compare_reading(url, &t.components, Reading::Truncated, &ctx, &mut more);
                // What the lenient reading already said is not repeated.
                more.retain(|m| {
                    !out.iter()
                        .any(|d| d.component == m.component && d.rfc3986 == m.rfc3986)
                });
                out.extend(more);
            }
        }
        (Err(e), Ok(c)) => {
            out.push(Disagreement {
                component: Aspect::Acceptance,
                reading: Reading::Strict,
                whatwg: None,
                rfc3986: Some(c.to_string()),
                explanation: why::WHATWG_REJECTS,
            });
            let failed = match e {
                ParseError::PortOutOfRange | ParseError::PortInvalid => Some(Aspect::Port),
                ParseError::MissingSchemeNonRelativeUrl => Some(Aspect::Scheme),
                ParseError::TooLong => None,
                _ => Some(Aspect::Host),
            };
            let authority = c.authority.as_ref();
            let (rfc3986, explanation) = match failed {
                Some(Aspect::Host) => {
                    let host = authority.map(|a| a.host.clone());
                    let explanation = if host.as_deref().is_some_and(|h| h.contains('%')) {
                        why::PERCENT_HOST
                    } else {
                        why::WHATWG_REJECTS
                    };
                    (host, explanation)
                }
                Some(Aspect::Port) => (effective_port(c), why::WHATWG_REJECTS),
                _ => (c.scheme.clone(), why::WHATWG_REJECTS),
            };
            if let Some(component) = failed {
                out.push(Disagreement {
                    component,
                    reading: Reading::Strict,
                    whatwg: None,
                    rfc3986,
                    explanation,
                });
            }
        }
        (Err(_), Err(_)) => {}
    }
    out
}

/// Compares a WHATWG URL with one reading, by the module's rules.
fn compare_reading(
    url: &Url,
    c: &RfcComponents,
    reading: Reading,
    ctx: &Context,
    out: &mut Vec<Disagreement>,
) {
    let mut push = |component: Aspect, whatwg: Option<String>, rfc3986: Option<String>| {
        let explanation = explain(component, reading, ctx, url, c);
        out.push(Disagreement {
            component,
            reading,
            whatwg,
            rfc3986,
            explanation,
        });
    };
    let scheme = c.scheme_lowercase();
    let authority = c.authority.as_ref();

    if scheme.as_deref() != Some(url.scheme()) {
        push(
            Aspect::Scheme,
            Some(url.scheme().to_owned()),
            c.scheme.clone(),
        );
    }

    let userinfo = authority.and_then(|a| a.userinfo.as_deref());
    let rfc_credentials = userinfo.and_then(|u| match u.split_once(':') {
        Some((user, password)) => credentials(user, password),
        None => credentials(u, ""),
    });
    if credentials(url.username(), url.password()) != rfc_credentials {
        let whatwg = url.includes_credentials().then(|| {
            if url.password().is_empty() {
                url.username().to_owned()
            } else {
                format!("{}:{}", url.username(), url.password())
            }
        });
        push(Aspect::Userinfo, whatwg, userinfo.map(str::to_owned));
    }

    let whatwg_host = url.has_host().then(|| url.hostname());
    let rfc_host = authority.map(|a| host_key(&a.host, scheme.as_deref()));
    if whatwg_host != rfc_host.as_deref() {
        push(
            Aspect::Host,
            whatwg_host.map(str::to_owned),
            authority.map(|a| a.host.clone()),
        );
    }

    let whatwg_port = url.port_or_known_default().map(|p| p.to_string());
    let rfc_port = effective_port(c);
    if whatwg_port != rfc_port {
        push(Aspect::Port, whatwg_port, rfc_port);
    }

    let empty_is_root = authority.is_some()
        && c.path.is_empty()
        && scheme
            .as_deref()
            .is_some_and(|s| default_port(s).is_some() || s == "file");
    let rfc_path = if empty_is_root { "/" } else { &c.path };
    if decoded(url.pathname(), b"/") != decoded(rfc_path, b"/") {
        push(
            Aspect::Path,
            Some(url.pathname().to_owned()),
            Some(c.path.clone()),
        );
    }

    const QUERY_DELIMITERS: &[u8] = b"&=+#";
    if url.query().map(|q| decoded(q, QUERY_DELIMITERS))
        != c.query.as_deref().map(|q| decoded(q, QUERY_DELIMITERS))
    {
        push(
            Aspect::Query,
            url.query().map(str::to_owned),
            c.query.clone(),
        );
    }

    if url.fragment().map(|f| decoded(f, b"")) != c.fragment.as_deref().map(|f| decoded(f, b"")) {
        push(
            Aspect::Fragment,
            url.fragment().map(str::to_owned),
            c.fragment.clone(),
        );
    }
}

/// Username and password, percent-decoded; `None` when both are empty.
fn credentials(user: &str, password: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    if user.is_empty() && password.is_empty() {
        return None;
    }
    Some((decoded(user, b""), decoded(password, b"")))
}

/// An RFC 3986 host in the form the WHATWG parser serializes the same
/// host: ASCII-lowercased, IPv6 literals canonical (RFC 5952, as the URL
/// Standard's IPv6 serializer), and "localhost" empty for file URIs
/// (RFC 8089 §2). Reg-names are not percent-decoded.
fn host_key(host: &str, scheme: Option<&str>) -> String {
    let host = host.to_ascii_lowercase();
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        if let Ok(address) = inner.parse::<Ipv6Addr>() {
            return Host::Ipv6(address).to_string();
        }
    }
    if scheme == Some("file") && host == "localhost" {
        return String::new();
    }
    host
}

/// The URL Standard's default ports, for the schemes that have one.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The port an RFC-based client connects to: the port without leading
/// zeros, or the scheme's default when it is empty or absent.
fn effective_port(c: &RfcComponents) -> Option<String> {
    let authority = c.authority.as_ref()?;
    match authority.port.as_deref() {
        None | Some("") => default_port(&c.scheme_lowercase()?).map(|p| p.to_string()),
        Some(port) if port.bytes().all(|b| b.is_ascii_digit()) => {
            let digits = port.trim_start_matches('0');
            Some(if digits.is_empty() { "0" } else { digits }.to_owned())
        }
        Some(port) => Some(port.to_owned()),
    }
}

/// `s` percent-decoded, except for the bytes in `keep`, which stay encoded
/// (with upper-case hex, so that `%2f` and `%2F` compare equal).
fn decoded(s: &str, keep: &[u8]) -> Vec<u8> {
    fn hex(b: u8) -> Option<u8> {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            ) {
                let byte = h << 4 | l;
                if keep.contains(&byte) {
                    out.extend_from_slice(format!("%{byte:02X}").as_bytes());
                } else {
                    out.push(byte);
                }
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Picks the explanation of one disagreement from what the input holds.
fn explain(
    component: Aspect,
    reading: Reading,
    ctx: &Context,
    url: &Url,
    c: &RfcComponents,
) -> &'static str {
    if reading == Reading::Truncated {
        return why::TRUNCATED;
    }
    let authority = c.authority.as_ref();
    let raw = match component {
        Aspect::Scheme => c.scheme.as_deref(),
        Aspect::Userinfo => authority.and_then(|a| a.userinfo.as_deref()),
        Aspect::Host => authority.map(|a| a.host.as_str()),
        Aspect::Port => authority.and_then(|a| a.port.as_deref()),
        Aspect::Path => Some(c.path.as_str()),
        Aspect::Query => c.query.as_deref(),
        Aspect::Fragment => c.fragment.as_deref(),
        Aspect::Acceptance => None,
    }
    .unwrap_or("");
    if ctx.tab_newline && raw.contains(['\t', '\n', '\r']) {
        return why::TAB_NEWLINE;
    }
    let backslash = ctx.special && ctx.backslash;
    let structural = matches!(
        component,
        Aspect::Userinfo | Aspect::Host | Aspect::Port | Aspect::Path
    );
    if backslash && structural {
        return why::BACKSLASH;
    }
    if ctx.trimmed && (raw.starts_with(|c: char| c <= ' ') || raw.ends_with(|c: char| c <= ' ')) {
        return why::TRIMMED;
    }
    match component {
        Aspect::Userinfo | Aspect::Host | Aspect::Port => {
            if component == Aspect::Host {
                if url.scheme() == "file"
                    && raw.len() == 1
                    && raw.as_bytes()[0].is_ascii_alphabetic()
                {
                    return why::DRIVE_LETTER;
                }
                if ctx.special && ctx.irregular_slashes {
                    return why::SLASHES;
                }
                let rfc_ipv4 = crate::HostKind::of(raw) == Some(crate::HostKind::Ipv4);
                if matches!(url.typed_host(), Some(Host::Ipv4(_))) && !rfc_ipv4 {
                    return why::IPV4;
                }
                if raw.contains('%') {
                    return why::PERCENT_HOST;
                }
                if !raw.is_ascii() || url.hostname().contains("xn--") {
                    return why::IDNA;
                }
            }
            let explicit_port =
                authority.is_some_and(|a| a.port.as_deref().is_some_and(|p| !p.is_empty()));
            if component == Aspect::Port
                && !explicit_port
                && c.scheme_lowercase().as_deref() != Some(url.scheme())
            {
                return why::DEFAULT_PORT;
            }
            if ctx.special && ctx.irregular_slashes && authority.is_none() {
                return why::SLASHES;
            }
            why::OTHER
        }
        Aspect::Path => {
            if ctx.special && ctx.irregular_slashes && url.has_host() {
                return why::SLASHES;
            }
            if c.path.to_ascii_lowercase().contains("%2e") {
                return why::DOT_SEGMENTS;
            }
            why::OTHER
        }
        _ => why::OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_keeps_delimiters() {
        assert_eq!(decoded("a%2fb%41", b"/"), b"a%2FbA");
        assert_eq!(decoded("%zz%4", b""), b"%zz%4");
    }

    #[test]
    fn ports() {
        let c = |s: &str| RfcComponents::from_split(&crate::split_lenient(s));
        assert_eq!(effective_port(&c("http://a:0080/")).as_deref(), Some("80"));
        assert_eq!(effective_port(&c("HTTPS://a:/")).as_deref(), Some("443"));
        assert_eq!(effective_port(&c("sc://a/")), None);
        assert_eq!(effective_port(&c("http://a:00/")).as_deref(), Some("0"));
    }

    #[test]
    fn hosts() {
        assert_eq!(host_key("[0:0::1]", Some("http")), "[::1]");
        assert_eq!(host_key("EXAMPLE.com", Some("http")), "example.com");
        assert_eq!(host_key("LocalHost", Some("file")), "");
        assert_eq!(host_key("%41", Some("http")), "%41");
    }
}
