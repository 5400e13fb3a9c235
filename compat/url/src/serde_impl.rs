//! serde: a `Url` is its serialization; rust-url's internal tuple form too.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::host::Host;
use crate::{Position, Url};

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        struct UrlVisitor;

        impl Visitor<'_> for UrlVisitor {
            type Value = Url;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string representing an URL")
            }

            fn visit_str<E: Error>(self, s: &str) -> Result<Url, E> {
                Url::parse(s).map_err(|err| Error::custom(format!("{err}: {s:?}")))
            }
        }

        deserializer.deserialize_str(UrlVisitor)
    }
}

/// rust-url's stored host kind, in its serde shape.
#[derive(Serialize, Deserialize)]
enum HostInternal {
    None,
    Domain,
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
}

/// rust-url's fields, in its order: the serialization and its offsets.
type Internal = (
    String,
    u32,
    u32,
    u32,
    u32,
    HostInternal,
    Option<u16>,
    u32,
    Option<u32>,
    Option<u32>,
);

impl Url {
    /// Serializes rust-url's internal form: the serialization and the
    /// offsets of its components, as a tuple.
    pub fn serialize_internal<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let at = |p: Position| self.offset(p) as u32;
        let host = match self.host() {
            None => HostInternal::None,
            Some(Host::Domain(_)) => HostInternal::Domain,
            Some(Host::Ipv4(a)) => HostInternal::Ipv4(a),
            Some(Host::Ipv6(a)) => HostInternal::Ipv6(a),
        };
        let internal: Internal = (
            self.as_str().to_owned(),
            at(Position::AfterScheme),
            at(Position::AfterUsername),
            at(Position::BeforeHost),
            at(Position::AfterHost),
            host,
            self.port(),
            at(Position::BeforePath),
            self.query().map(|_| at(Position::AfterPath)),
            self.fragment().map(|_| at(Position::AfterQuery)),
        );
        internal.serialize(serializer)
    }

    /// Reads what [`Url::serialize_internal`] wrote: the serialization is
    /// parsed again, and must give the same URL.
    pub fn deserialize_internal<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Url, D::Error> {
        let internal: Internal = Deserialize::deserialize(deserializer)?;
        let url = Url::parse(&internal.0).map_err(Error::custom)?;
        if url.as_str() != internal.0 {
            return Err(Error::custom("not a URL serialization"));
        }
        Ok(url)
    }
}
