//! `inspect(input, base)`: what the viewer shows beyond the getters: the
//! host's kind, the path segments, the component offsets, the IRI display
//! form with the spoofing policy's verdict per label, the site, and the
//! validation errors.
//!
//! <https://url.spec.whatwg.org/#url-rendering-i18n>

use weburl::display::{check_label, domain_to_display};
use weburl::{domain_to_unicode, Component, Host, Position, Url};
use weburl_sites::surt::{self, SurtProfile};
use weburl_sites::Sites;

use super::validation::{errors_json, parse};
use crate::abi;
use crate::json::{self, Obj};

/// The positions reported, with their names in the JSON.
const POSITIONS: [(&str, Position); 16] = [
    ("beforeScheme", Position::BeforeScheme),
    ("afterScheme", Position::AfterScheme),
    ("beforeUsername", Position::BeforeUsername),
    ("afterUsername", Position::AfterUsername),
    ("beforePassword", Position::BeforePassword),
    ("afterPassword", Position::AfterPassword),
    ("beforeHost", Position::BeforeHost),
    ("afterHost", Position::AfterHost),
    ("beforePort", Position::BeforePort),
    ("afterPort", Position::AfterPort),
    ("beforePath", Position::BeforePath),
    ("afterPath", Position::AfterPath),
    ("beforeQuery", Position::BeforeQuery),
    ("afterQuery", Position::AfterQuery),
    ("beforeFragment", Position::BeforeFragment),
    ("afterFragment", Position::AfterFragment),
];

/// The kind of `url`'s host, as `js/index.d.ts` names it.
fn host_kind(url: &Url) -> &'static str {
    match url.typed_host() {
        None => "none",
        Some(Host::Domain(_)) => "domain",
        Some(Host::Ipv4(_)) => "ipv4",
        Some(Host::Ipv6(_)) => "ipv6",
        Some(Host::Opaque(_)) => "opaque",
        Some(Host::Empty) => "empty",
    }
}

/// The display form's verdict on each label of `domain` in punycode.
fn labels_json(out: &mut Vec<u8>, domain: &str) {
    let labels = domain.split('.').filter(|l| l.starts_with("xn--"));
    json::array(out, labels, |out, label| {
        let unicode = domain_to_unicode(label);
        let verdict = check_label(&unicode);
        Obj::new(out)
            .str("label", label)
            .str("unicode", &unicode)
            .bool("shownAsUnicode", verdict.is_ok())
            .opt_str("reason", verdict.err().map(|r| r.to_string()).as_deref())
            .end();
    });
}

fn url_json(out: &mut Vec<u8>, url: &Url) {
    let domain = match url.typed_host() {
        Some(Host::Domain(domain)) => Some(domain),
        _ => None,
    };
    let mut o = Obj::new(out);
    let mut scratch = String::new();
    for c in std::iter::once(Component::Origin).chain(Component::SLICES) {
        o.str(c.name(), c.get(url, &mut scratch));
    }
    o.str("hostKind", host_kind(url))
        .raw("pathSegments", |out| match url.path_segments() {
            Some(segments) => json::array(out, segments, json::string),
            None => out.extend_from_slice(b"null"),
        })
        .bool("opaquePath", url.has_opaque_path())
        .raw("offsets", |out| {
            let mut o = Obj::new(out);
            for (name, p) in POSITIONS {
                o.num(name, url.position(p) as u64);
            }
            o.end();
        })
        .str("display", &url.to_display_string())
        .opt_str(
            "displayHost",
            domain.map(|d| domain_to_display(d)).as_deref(),
        )
        .raw("labels", |out| labels_json(out, domain.unwrap_or("")))
        .opt_str("publicSuffix", url.public_suffix())
        .opt_str("registrableDomain", url.registrable_domain())
        .str("surt", &surt::key(url, SurtProfile::InternetArchive));
    o.end();
}

/// Arguments (`with_args`): input, base or null. JSON `{url, failure,
/// errors}` (see `js/index.d.ts`, `Inspection`); `TYPE_ERROR` when the base
/// does not parse.
#[no_mangle]
pub extern "C" fn weburl_inspect() -> i32 {
    abi::with_args(2, |args| {
        let input = args[0].unwrap_or_default();
        let base = match super::parse_base(args[1]) {
            Ok(b) => b,
            Err(message) => return abi::type_error(&message),
        };
        let (parsed, errors) = parse(input, base.as_ref());
        abi::out_with(|out| {
            Obj::new(out)
                .raw("url", |out| match &parsed {
                    Ok(url) => url_json(out, url),
                    Err(_) => out.extend_from_slice(b"null"),
                })
                .raw("failure", |out| match &parsed {
                    Ok(_) => out.extend_from_slice(b"null"),
                    Err(e) => super::failure_json(out, e),
                })
                .raw("errors", |out| errors_json(out, input, &errors))
                .end();
        })
    })
}
