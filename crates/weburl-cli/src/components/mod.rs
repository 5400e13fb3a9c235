//! URL components by name, trurl's and the URL Standard's, and their values.
//!
//! trurl's names (`url scheme user password options host port path query
//! fragment zoneid`) behave as in trurl: shown percent-decoded unless asked
//! for encoded, `host` without the port. The URL Standard's names (`href
//! protocol username hostname pathname search hash origin`) give exactly
//! what the JavaScript URL object's getter of that name returns. `password`
//! and `port` mean the same in both; `host` is trurl's here, and the URL
//! Standard's (with the port) in `--fields`.

use std::borrow::Cow;

use weburl::display::domain_to_display;
use weburl::percent_encoding::percent_decode;
use weburl::{domain_to_unicode, Position, Url};
use weburl_sites::surt::SurtProfile;

pub mod sites;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comp {
    Url,
    Href,
    Scheme,
    Protocol,
    User,
    Username,
    Password,
    Options,
    Host,
    Hostname,
    Port,
    Path,
    Pathname,
    Query,
    Search,
    Fragment,
    Hash,
    Zoneid,
    Origin,
    /// The URL Standard's `host` (hostname and port); only `--fields` names it.
    WhatwgHost,
    /// The host's public suffix (`sites.rs`).
    PublicSuffix,
    /// The host's registrable domain (`sites.rs`).
    RegistrableDomain,
    /// The SURT key, by `--surt-profile` (`sites.rs`).
    Surt,
}

/// trurl's component names, in trurl's order (the `--json` parts order).
pub const TRURL_PARTS: [Comp; 10] = [
    Comp::Scheme,
    Comp::User,
    Comp::Password,
    Comp::Options,
    Comp::Host,
    Comp::Port,
    Comp::Path,
    Comp::Query,
    Comp::Fragment,
    Comp::Zoneid,
];

/// Every name [`Comp::from_name`] knows, for messages that list them.
pub const NAMES: [&str; 22] = [
    "url",
    "href",
    "scheme",
    "protocol",
    "user",
    "username",
    "password",
    "options",
    "host",
    "hostname",
    "port",
    "path",
    "pathname",
    "query",
    "search",
    "fragment",
    "hash",
    "zoneid",
    "origin",
    "public_suffix",
    "registrable_domain",
    "surt",
];

impl Comp {
    /// A component by its name in `--get` and `--set`.
    pub fn from_name(name: &str) -> Option<Comp> {
        Some(match name {
            "url" => Comp::Url,
            "href" => Comp::Href,
            "scheme" => Comp::Scheme,
            "protocol" => Comp::Protocol,
            "user" => Comp::User,
            "username" => Comp::Username,
            "password" => Comp::Password,
            "options" => Comp::Options,
            "host" => Comp::Host,
            "hostname" => Comp::Hostname,
            "port" => Comp::Port,
            "path" => Comp::Path,
            "pathname" => Comp::Pathname,
            "query" => Comp::Query,
            "search" => Comp::Search,
            "fragment" => Comp::Fragment,
            "hash" => Comp::Hash,
            "zoneid" => Comp::Zoneid,
            "origin" => Comp::Origin,
            "public_suffix" => Comp::PublicSuffix,
            "registrable_domain" => Comp::RegistrableDomain,
            "surt" => Comp::Surt,
            _ => return None,
        })
    }

    /// A component by its name in `--fields`, where names are the URL
    /// Standard's first: `host` includes the port there.
    pub fn from_field_name(name: &str) -> Option<Comp> {
        match name {
            "host" => Some(Comp::WhatwgHost),
            _ => Comp::from_name(name),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Comp::Url => "url",
            Comp::Href => "href",
            Comp::Scheme => "scheme",
            Comp::Protocol => "protocol",
            Comp::User => "user",
            Comp::Username => "username",
            Comp::Password => "password",
            Comp::Options => "options",
            Comp::Host | Comp::WhatwgHost => "host",
            Comp::Hostname => "hostname",
            Comp::Port => "port",
            Comp::Path => "path",
            Comp::Pathname => "pathname",
            Comp::Query => "query",
            Comp::Search => "search",
            Comp::Fragment => "fragment",
            Comp::Hash => "hash",
            Comp::Zoneid => "zoneid",
            Comp::Origin => "origin",
            Comp::PublicSuffix => "public_suffix",
            Comp::RegistrableDomain => "registrable_domain",
            Comp::Surt => "surt",
        }
    }

    /// Components that are the same thing under two names, so that
    /// `--set user=a --set username=b` counts as setting one twice.
    pub fn slot(self) -> Comp {
        match self {
            Comp::Href => Comp::Url,
            Comp::Protocol => Comp::Scheme,
            Comp::Username => Comp::User,
            Comp::Hostname | Comp::WhatwgHost => Comp::Host,
            Comp::Pathname => Comp::Path,
            Comp::Search => Comp::Query,
            Comp::Hash => Comp::Fragment,
            other => other,
        }
    }

    /// Whether the value is percent-decoded for display (trurl's names).
    pub fn decodes(self) -> bool {
        matches!(
            self,
            Comp::User | Comp::Password | Comp::Host | Comp::Path | Comp::Query | Comp::Fragment
        )
    }
}

/// How a value is shown: trurl's modifiers and the matching options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    /// `url:` or `--urlencode`: leave percent-encoding as it is.
    pub encoded: bool,
    /// `default:` or `--default-port`: show the scheme's default port.
    pub default_port: bool,
    /// `idn:` or `--as-idn`: punycode labels back to Unicode.
    pub idn: bool,
    /// `--as-iri`: the href as an IRI for people (`Url::to_display_string`).
    pub iri: bool,
    /// `--surt-profile`: whose rules `{surt}` follows.
    pub surt: SurtProfile,
}

/// The scheme's default port: the URL Standard's, and for other schemes
/// the one libcurl (and so trurl) knows. Only shown, never stored: the URL
/// Standard drops a special scheme's default port and keeps every other.
pub fn default_port(url: &Url) -> Option<u16> {
    if let Some(port) = url.scheme_kind().default_port() {
        return Some(port);
    }
    Some(match url.scheme() {
        "dict" => 2628,
        "ftps" => 990,
        "gopher" | "gophers" => 70,
        "imap" => 143,
        "imaps" => 993,
        "ldap" => 389,
        "ldaps" => 636,
        "mqtt" => 1883,
        "pop3" => 110,
        "pop3s" => 995,
        "rtmp" => 1935,
        "rtsp" => 554,
        "scp" | "sftp" => 22,
        "smb" | "smbs" => 445,
        "smtp" => 25,
        "smtps" => 465,
        "telnet" => 23,
        "tftp" => 69,
        _ => return None,
    })
}

/// Where the hostname starts in the href (only meaningful with a host).
fn host_start(url: &Url) -> usize {
    url.position(Position::BeforeHost)
}

/// The href as shown: as an IRI (`iri`), or with the hostname in Unicode
/// (`idn`), and the default port written out (`default_port`) when asked;
/// borrowed otherwise.
pub fn href(url: &Url, mods: Mods) -> Cow<'_, str> {
    if mods.iri {
        return Cow::Owned(iri(url, mods.default_port));
    }
    let href = url.href();
    if !url.has_host() || !(mods.idn || mods.default_port) {
        return Cow::Borrowed(href);
    }
    let hostname = url.hostname();
    let unicode = if mods.idn {
        domain_to_unicode(hostname)
    } else {
        Cow::Borrowed(hostname)
    };
    let port = if mods.default_port && url.port().is_empty() {
        default_port(url)
    } else {
        None
    };
    if matches!(unicode, Cow::Borrowed(_)) && port.is_none() {
        return Cow::Borrowed(href);
    }
    let start = host_start(url);
    let end = start + hostname.len();
    let mut out = String::with_capacity(href.len() + 16);
    out.push_str(&href[..start]);
    out.push_str(&unicode);
    if let Some(port) = port {
        out.push(':');
        out.push_str(&port.to_string());
    }
    out.push_str(&href[end..]);
    Cow::Owned(out)
}

/// The href as an IRI (`--as-iri`), with the default port written out when
/// asked. The display string differs from the href before the path only in
/// the host, so the port goes where the displayed host ends.
fn iri(url: &Url, with_default_port: bool) -> String {
    let mut shown = url.to_display_string();
    let port = match default_port(url) {
        Some(p) if with_default_port && url.has_host() && url.port().is_empty() => p,
        _ => return shown,
    };
    let host = match url.domain() {
        Some(domain) => domain_to_display(domain),
        None => Cow::Borrowed(url.hostname()),
    };
    let start = host_start(url);
    let end = start + host.len();
    if shown.get(start..end) == Some(&*host) {
        shown.insert_str(end, &format!(":{port}"));
    }
    shown
}

/// Why a component could not be shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// The component is absent (for `must:`).
    Missing,
    /// Percent-decoding gives a NUL byte, which text output cannot carry.
    DecodeNul,
}

/// The component's value as stored (percent-encoded) and whether it is
/// present: trurl tells an absent query from an empty one.
pub fn raw(url: &Url, comp: Comp, surt: SurtProfile) -> (Cow<'_, str>, bool) {
    let b = Cow::Borrowed;
    match comp {
        Comp::Url | Comp::Href => (b(url.href()), true),
        Comp::Scheme => (b(url.scheme()), true),
        Comp::Protocol => (b(url.protocol()), true),
        Comp::User | Comp::Username => (b(url.username()), !url.username().is_empty()),
        Comp::Password => (b(url.password()), !url.password().is_empty()),
        Comp::Options | Comp::Zoneid => (b(""), false),
        Comp::Host | Comp::Hostname => (b(url.hostname()), url.has_host()),
        Comp::WhatwgHost => (b(url.host()), url.has_host()),
        Comp::Port => (b(url.port()), !url.port().is_empty()),
        Comp::Path | Comp::Pathname => (b(url.pathname()), true),
        Comp::Query => match url.query() {
            Some(q) => (b(q), true),
            None => (b(""), false),
        },
        Comp::Search => (b(url.search()), !url.search().is_empty()),
        Comp::Fragment => match url.fragment() {
            Some(f) => (b(f), true),
            None => (b(""), false),
        },
        Comp::Hash => (b(url.hash()), !url.hash().is_empty()),
        Comp::Origin => (Cow::Owned(url.origin().to_string()), true),
        Comp::PublicSuffix | Comp::RegistrableDomain | Comp::Surt => {
            match sites::value(url, comp, surt) {
                Some(value) => (value, true),
                None => (b(""), false),
            }
        }
    }
}

/// The component's value as `--get` and `--json` show it, as bytes:
/// decoding may give bytes that are not UTF-8, and text output keeps them.
///
/// `must` makes an absent component an error; a decoded NUL is an error the
/// caller turns into a warning or, with `strict:`, a failure.
pub fn value(url: &Url, comp: Comp, mods: Mods, must: bool) -> Result<Cow<'_, [u8]>, ValueError> {
    let (raw, present) = match comp {
        Comp::Url | Comp::Href => (href(url, mods), true),
        Comp::Host | Comp::Hostname if mods.idn && url.has_host() => {
            (domain_to_unicode(url.hostname()), true)
        }
        Comp::Port if mods.default_port && url.port().is_empty() => match default_port(url) {
            Some(port) => (Cow::Owned(port.to_string()), true),
            None => (Cow::Borrowed(""), false),
        },
        Comp::Origin if mods.idn => (Cow::Owned(url.origin().unicode_serialization()), true),
        _ => raw(url, comp, mods.surt),
    };
    if must && !present {
        return Err(ValueError::Missing);
    }
    if mods.encoded || !comp.decodes() {
        return Ok(cow_bytes(raw));
    }
    if percent_decode(raw.as_bytes()).contains(&0) {
        return Err(ValueError::DecodeNul);
    }
    Ok(match raw {
        Cow::Borrowed(s) => decode_shown(s.as_bytes(), false, None),
        Cow::Owned(s) => Cow::Owned(decode_shown(s.as_bytes(), false, None).into_owned()),
    })
}

/// Percent-decodes a value for display, except the bytes that would break
/// a record or a terminal: a `%XX` that decodes to a C0 control or DEL
/// stays encoded (`a%09b%0Ac` → `a%09b%0Ac`, `a%20b` → `a b`), so that
/// decoded output keeps one record per line. With `plus_as_space`, `+` is
/// a space first (application/x-www-form-urlencoded); with `nul`, a `%00`
/// is that byte instead (trurl shows a NUL in `{query:key}` as `.`).
///
/// <https://url.spec.whatwg.org/#percent-decode>
pub fn decode_shown(input: &[u8], plus_as_space: bool, nul: Option<u8>) -> Cow<'_, [u8]> {
    if !input
        .iter()
        .any(|&b| b == b'%' || (plus_as_space && b == b'+'))
    {
        return Cow::Borrowed(input);
    }
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        match input[i] {
            b'+' if plus_as_space => out.push(b' '),
            b'%' => {
                let hex = |at: usize| input.get(at).and_then(|&h| (h as char).to_digit(16));
                match (hex(i + 1), hex(i + 2)) {
                    (Some(0), Some(0)) if nul.is_some() => {
                        out.extend(nul);
                        i += 3;
                        continue;
                    }
                    (Some(high), Some(low)) if !((high << 4 | low) as u8).is_ascii_control() => {
                        out.push((high << 4 | low) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    Cow::Owned(out)
}

fn cow_bytes(s: Cow<'_, str>) -> Cow<'_, [u8]> {
    match s {
        Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
        Cow::Owned(s) => Cow::Owned(s.into_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lists_every_component_name() {
        for name in NAMES {
            assert!(Comp::from_name(name).is_some(), "{name}");
        }
        let known = [
            "url", "href", "scheme", "protocol", "user", "username", "password",
        ];
        assert!(known.iter().all(|n| NAMES.contains(n)));
        assert_eq!(Comp::from_name("hots"), None);
    }
}
