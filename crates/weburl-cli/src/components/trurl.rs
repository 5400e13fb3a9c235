//! trurl's components (`url scheme user password options host port path
//! query fragment zoneid`): the URL record's fields as libcurl stores them,
//! each read through the URL Standard getter of the same field.

use weburl::{Component, Url};

/// One of trurl's component names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Url,
    Scheme,
    User,
    Password,
    Options,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    Zoneid,
}

impl Part {
    /// Every part in trurl's order: the URL, then the `--json` parts.
    pub const ALL: [Part; 11] = [
        Part::Url,
        Part::Scheme,
        Part::User,
        Part::Password,
        Part::Options,
        Part::Host,
        Part::Port,
        Part::Path,
        Part::Query,
        Part::Fragment,
        Part::Zoneid,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Part::Url => "url",
            Part::Scheme => "scheme",
            Part::User => "user",
            Part::Password => "password",
            Part::Options => "options",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
            Part::Zoneid => "zoneid",
        }
    }

    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The URL Standard getter of the same field of the record, whose
    /// [`Component::record_value`] is this part's value. `None` for
    /// `options` and `zoneid`, which the URL Standard does not have.
    pub const fn getter(self) -> Option<Component> {
        Some(match self {
            Part::Url => Component::Href,
            Part::Scheme => Component::Protocol,
            Part::User => Component::Username,
            Part::Password => Component::Password,
            Part::Host => Component::Hostname,
            Part::Port => Component::Port,
            Part::Path => Component::Pathname,
            Part::Query => Component::Search,
            Part::Fragment => Component::Hash,
            Part::Options | Part::Zoneid => return None,
        })
    }

    /// The part that a getter gives under another name: the one whose
    /// [`Part::getter`] it is, and `host` for the URL Standard's `host`
    /// too (the hostname and the port). `None` for the origin.
    pub fn of_getter(getter: Component) -> Option<Part> {
        let getter = match getter {
            Component::Host => Component::Hostname,
            other => other,
        };
        Part::ALL.into_iter().find(|p| p.getter() == Some(getter))
    }

    /// The setter that writes the part. trurl's `host` takes a port, as
    /// the URL Standard's `host` setter does; `scheme` has its own rule on
    /// top of the protocol setter (`edit.rs`).
    pub const fn setter(self) -> Option<Component> {
        match self {
            Part::Host => Some(Component::Host),
            _ => self.getter(),
        }
    }

    /// Whether the value is percent-decoded for display.
    pub fn decodes(self) -> bool {
        matches!(
            self,
            Part::User | Part::Password | Part::Host | Part::Path | Part::Query | Part::Fragment
        )
    }

    /// The part's value as stored (percent-encoded); `None` when it is
    /// absent, which trurl tells from empty for the query and the fragment
    /// but not for the credentials (libcurl keeps no empty user).
    pub fn value(self, url: &Url) -> Option<&str> {
        let value = self.getter()?.record_value(url)?;
        match self {
            Part::User | Part::Password if value.is_empty() => None,
            _ => Some(value),
        }
    }
}
