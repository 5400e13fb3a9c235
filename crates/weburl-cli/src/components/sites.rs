//! Components that group URLs by site: `public_suffix` and
//! `registrable_domain` (the URL Standard's, from the Public Suffix List)
//! and `surt` (the SURT key, by the profile `--surt-profile` names).

use std::borrow::Cow;

use weburl::Url;
use weburl_sites::surt::{self, SurtProfile};
use weburl_sites::Sites;

/// One of the site components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    PublicSuffix,
    RegistrableDomain,
    Surt,
}

impl Site {
    pub const ALL: [Site; 3] = [Site::PublicSuffix, Site::RegistrableDomain, Site::Surt];

    pub const fn name(self) -> &'static str {
        match self {
            Site::PublicSuffix => "public_suffix",
            Site::RegistrableDomain => "registrable_domain",
            Site::Surt => "surt",
        }
    }

    pub fn from_name(name: &str) -> Option<Site> {
        Site::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The component's value; `None` when the URL has none (a host that is
    /// not a domain, or is itself a public suffix), which JSON shows as
    /// `null`.
    pub fn value(self, url: &Url, profile: SurtProfile) -> Option<Cow<'_, str>> {
        match self {
            Site::PublicSuffix => url.public_suffix().map(Cow::Borrowed),
            Site::RegistrableDomain => url.registrable_domain().map(Cow::Borrowed),
            Site::Surt => Some(Cow::Owned(surt::key(url, profile))),
        }
    }
}
