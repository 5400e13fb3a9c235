//! Public suffixes, registrable domains (from weburl's Public Suffix List
//! snapshot) and SURT keys.
//!
//! <https://url.spec.whatwg.org/#host-public-suffix>

use weburl::{Host, Url};
use weburl_sites::surt::{self, SurtProfile};
use weburl_sites::Sites;

use crate::abi;

/// The domain a host string stands for, by the URL parser's host parser
/// (through a special URL, so that "EXAMPLE.com" and "bücher.example"
/// become "example.com" and "xn--bcher-kva.example"); `None` when the
/// string is not a host alone or not a domain (an IP address).
fn domain_of(host: &str) -> Option<String> {
    if host.is_empty() || host.contains(['/', '\\', '?', '#', '@', ':']) {
        return None;
    }
    let url = Url::parse(&format!("http://{host}/")).ok()?;
    match url.typed_host()? {
        Host::Domain(domain) => Some(domain.to_owned()),
        _ => None,
    }
}

/// `publicSuffix(host)` (`which` 0) or `registrableDomain(host)` (1) of
/// the host in the input's first `len` bytes; `NULL` where there is none.
#[no_mangle]
pub extern "C" fn weburl_site(len: usize, which: u32) -> i32 {
    abi::with_input(len, |host| {
        let Some(domain) = domain_of(host) else {
            return abi::NULL;
        };
        let host = weburl::Host::Domain(&domain);
        abi::out_opt(match which {
            0 => host.public_suffix(),
            _ => host.registrable_domain(),
        })
    })
}

/// `surt(url, profile)`: arguments URL and profile name or null (`ia`).
/// `TYPE_ERROR` when the URL does not parse or the profile is unknown.
#[no_mangle]
pub extern "C" fn weburl_surt() -> i32 {
    abi::with_args(2, |args| {
        let profile = match args[1].map(str::parse::<SurtProfile>).transpose() {
            Ok(p) => p.unwrap_or(SurtProfile::InternetArchive),
            Err(e) => return abi::type_error(&e.to_string()),
        };
        match Url::parse(args[0].unwrap_or_default()) {
            Ok(url) => abi::out_str(&surt::key(&url, profile)),
            Err(e) => abi::type_error(&format!("Invalid URL: {e}")),
        }
    })
}
