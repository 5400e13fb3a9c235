//! Components that group URLs by site: `public_suffix` and
//! `registrable_domain` (the URL Standard's, from the Public Suffix List)
//! and `surt` (the SURT key, by the profile `--surt-profile` names).

use std::borrow::Cow;

use weburl::Url;
use weburl_sites::surt::{self, SurtProfile};
use weburl_sites::Sites;

use super::Comp;

/// The component's value; `None` when the URL has none (a host that is not
/// a domain, or is itself a public suffix), which JSON shows as `null`.
pub fn value(url: &Url, comp: Comp, profile: SurtProfile) -> Option<Cow<'_, str>> {
    match comp {
        Comp::PublicSuffix => url.public_suffix().map(Cow::Borrowed),
        Comp::RegistrableDomain => url.registrable_domain().map(Cow::Borrowed),
        Comp::Surt => Some(Cow::Owned(surt::key(url, profile))),
        _ => None,
    }
}

/// Whether `comp` is one of these, whose absence is `null` in JSON.
pub fn is_site_component(comp: Comp) -> bool {
    matches!(
        comp,
        Comp::PublicSuffix | Comp::RegistrableDomain | Comp::Surt
    )
}
