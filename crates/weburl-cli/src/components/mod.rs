//! URL components by name, and their values as the CLI shows them.
//!
//! Three vocabularies meet here: the URL Standard's getters
//! ([`weburl::Component`]), which give exactly what the JavaScript URL
//! object's getter of that name returns; trurl's parts ([`trurl`]), shown
//! percent-decoded unless asked for encoded, `host` without the port; and
//! the site components ([`sites`]). Where a name is in both of the first
//! two (`password`, `host`, `port`), it is trurl's, but in `--fields`,
//! where `host` is the URL Standard's (with the port).

use std::borrow::Cow;

use weburl::display::domain_to_display;
use weburl::percent_encoding::percent_decode;
use weburl::{domain_to_unicode, Component, Host, Position, Url};
use weburl_sites::surt::SurtProfile;

pub mod sites;
pub mod trurl;

use sites::Site;
use trurl::Part;

/// A component by any of its names: one of the URL Standard's getters,
/// one of trurl's parts, or a site component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Getter(Component),
    Trurl(Part),
    Site(Site),
}

impl Field {
    /// A component by its name in `--get` and `--set`: trurl's names
    /// first (so `host` is the hostname), then the getters' (with their
    /// case, unlike [`Component::from_name`]), then the site components.
    pub fn from_name(name: &str) -> Option<Field> {
        Part::from_name(name)
            .map(Field::Trurl)
            .or_else(|| {
                Component::from_name(name)
                    .filter(|c| c.name() == name)
                    .map(Field::Getter)
            })
            .or_else(|| Site::from_name(name).map(Field::Site))
    }

    /// A component by its name in `--fields`, where `host` is the URL
    /// Standard's (with the port); every other name as in `--get`.
    pub fn from_field_name(name: &str) -> Option<Field> {
        if name == Component::Host.name() {
            return Some(Field::Getter(Component::Host));
        }
        Field::from_name(name)
    }

    /// Every name [`Field::from_name`] knows, for messages that list them:
    /// each trurl part followed by the getter it goes by otherwise, then
    /// the getters trurl has no name for, then the site components.
    pub fn names() -> Vec<&'static str> {
        let mut names = Vec::new();
        for part in Part::ALL {
            names.push(part.name());
            if let Some(getter) = part.getter().filter(|g| g.name() != part.name()) {
                names.push(getter.name());
            }
        }
        names.extend(
            Component::ALL
                .into_iter()
                .filter(|&c| Part::of_getter(c).is_none())
                .map(Component::name),
        );
        names.extend(Site::ALL.map(Site::name));
        names
    }

    pub fn name(self) -> &'static str {
        match self {
            Field::Getter(c) => c.name(),
            Field::Trurl(p) => p.name(),
            Field::Site(s) => s.name(),
        }
    }

    /// The trurl part that `--set` and `--iterate` write under this name,
    /// so that `--set user=a --set username=b` counts as setting one twice;
    /// `None` for a component they cannot set.
    pub fn slot(self) -> Option<Part> {
        match self {
            Field::Getter(c) => Part::of_getter(c),
            Field::Trurl(p) => p.setter().map(|_| p),
            Field::Site(_) => None,
        }
    }

    /// Whether the value is percent-decoded for display (trurl's names).
    pub fn decodes(self) -> bool {
        matches!(self, Field::Trurl(p) if p.decodes())
    }

    /// Whether this is the whole URL (`url` or `href`).
    pub fn is_href(self) -> bool {
        matches!(
            self,
            Field::Trurl(Part::Url) | Field::Getter(Component::Href)
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
    if let Some(port) = url.typed_scheme().default_port() {
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
    let host = match url.typed_host() {
        Some(Host::Domain(domain)) => domain_to_display(domain),
        _ => Cow::Borrowed(url.hostname()),
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
pub fn raw(url: &Url, field: Field, surt: SurtProfile) -> (Cow<'_, str>, bool) {
    let b = Cow::Borrowed;
    match field {
        Field::Getter(c) => {
            let value = getter_value(url, c);
            // The getter's "" is the URL Standard's absent, but for a host
            // that is there and empty (`file:///`) and for the path, which
            // every URL has.
            let present = !value.is_empty()
                || match c {
                    Component::Host | Component::Hostname => url.has_host(),
                    Component::Pathname => true,
                    _ => false,
                };
            (value, present)
        }
        Field::Trurl(part) => match part.value(url) {
            Some(value) => (b(value), true),
            None => (b(""), false),
        },
        Field::Site(site) => match site.value(url, surt) {
            Some(value) => (value, true),
            None => (b(""), false),
        },
    }
}

/// A getter's value: a slice of the href, or the origin written out.
fn getter_value(url: &Url, getter: Component) -> Cow<'_, str> {
    match getter.range(url) {
        Some(range) => Cow::Borrowed(&url.href()[range]),
        None => Cow::Owned(getter.get(url, &mut String::new()).to_owned()),
    }
}

/// The component's value as `--get` and `--json` show it, as bytes:
/// decoding may give bytes that are not UTF-8, and text output keeps them.
///
/// `must` makes an absent component an error; a decoded NUL is an error the
/// caller turns into a warning or, with `strict:`, a failure.
pub fn value(url: &Url, field: Field, mods: Mods, must: bool) -> Result<Cow<'_, [u8]>, ValueError> {
    let (raw, present) = match field {
        _ if field.is_href() => (href(url, mods), true),
        Field::Trurl(Part::Host) | Field::Getter(Component::Hostname)
            if mods.idn && url.has_host() =>
        {
            (domain_to_unicode(url.hostname()), true)
        }
        Field::Trurl(Part::Port) if mods.default_port && url.port().is_empty() => {
            match default_port(url) {
                Some(port) => (Cow::Owned(port.to_string()), true),
                None => (Cow::Borrowed(""), false),
            }
        }
        Field::Getter(Component::Origin) if mods.idn => {
            (Cow::Owned(url.origin().unicode_serialization()), true)
        }
        _ => raw(url, field, mods.surt),
    };
    if must && !present {
        return Err(ValueError::Missing);
    }
    if mods.encoded || !field.decodes() {
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
    fn names_and_slots() {
        let names = Field::names();
        for name in &names {
            let field = Field::from_name(name).unwrap();
            assert_eq!(field.name(), *name);
        }
        assert_eq!(
            names.join(" "),
            "url href scheme protocol user username password options host hostname port \
             path pathname query search fragment hash zoneid origin public_suffix \
             registrable_domain surt"
        );
        assert_eq!(Field::from_name("hots"), None);
        assert_eq!(Field::from_name("HREF"), None);
        assert_eq!(Field::from_name("host"), Some(Field::Trurl(Part::Host)));
        assert_eq!(
            Field::from_field_name("host"),
            Some(Field::Getter(Component::Host))
        );

        // Aliases share a slot, so setting both is setting one twice.
        for (getter, part) in [
            ("href", "url"),
            ("protocol", "scheme"),
            ("hostname", "host"),
        ] {
            let getter = Field::from_name(getter).unwrap();
            let part = Field::from_name(part).unwrap();
            assert_ne!(getter, part);
            assert_eq!(getter.slot(), part.slot());
        }
        assert_eq!(
            Field::from_field_name("host").unwrap().slot(),
            Some(Part::Host)
        );
        for unsettable in ["origin", "options", "zoneid", "surt"] {
            assert_eq!(Field::from_name(unsettable).unwrap().slot(), None);
        }
    }
}
