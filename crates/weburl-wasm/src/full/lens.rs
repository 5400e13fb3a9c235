//! `explain(input, base)`: the RFC 3986 reading of a string next to the
//! URL Standard's, and each point where they part, by weburl-rfc3986's
//! lens (what `weburl lint` prints).
//!
//! <https://www.rfc-editor.org/rfc/rfc3986>

use weburl::Url;
use weburl_rfc3986::lens::{self, RfcComponents};

use super::utf16::Utf16Index;
use super::validation::errors_json;
use crate::abi;
use crate::json::{self, Obj};

fn components_json(out: &mut Vec<u8>, c: &RfcComponents) {
    let authority = c.authority.as_ref();
    Obj::new(out)
        .str("uri", &c.to_string())
        .opt_str("scheme", c.scheme.as_deref())
        .opt_str("userinfo", authority.and_then(|a| a.userinfo.as_deref()))
        .opt_str("host", authority.map(|a| a.host.as_str()))
        .opt_str("port", authority.and_then(|a| a.port.as_deref()))
        .str("path", &c.path)
        .opt_str("query", c.query.as_deref())
        .opt_str("fragment", c.fragment.as_deref())
        .end();
}

/// Arguments (`with_args`): input, base or null. The lint report as JSON
/// (see `js/index.d.ts`, `Explanation`); `TYPE_ERROR` when the base does
/// not parse.
#[no_mangle]
pub extern "C" fn weburl_explain() -> i32 {
    abi::with_args(2, |args| {
        let input = args[0].unwrap_or_default();
        let base = match super::parse_base(args[1]) {
            Ok(b) => b,
            Err(message) => return abi::type_error(&message),
        };
        let report = lens::lint(input, base.as_ref());
        let c = &report.comparison;
        let index = Utf16Index::new(input);
        abi::out_with(|out| {
            let mut o = Obj::new(out);
            o.str("input", &report.input)
                .opt_str("base", c.base.as_deref())
                .bool("clean", report.is_clean())
                .opt_str("href", c.whatwg.as_ref().ok().map(Url::href))
                .raw("failure", |out| match &c.whatwg {
                    Ok(_) => out.extend_from_slice(b"null"),
                    Err(e) => super::failure_json(out, e),
                })
                .raw("errors", |out| errors_json(out, input, &report.errors))
                .bool("isUriReference", weburl_rfc3986::is_uri_reference(input))
                .bool("isIriReference", weburl_rfc3986::is_iri_reference(input))
                .raw("rfc3986", |out| match &c.rfc3986.strict {
                    Ok(rfc) => components_json(out, rfc),
                    Err(_) => out.extend_from_slice(b"null"),
                })
                .opt_str(
                    "rfc3986Failure",
                    c.rfc3986
                        .strict
                        .as_ref()
                        .err()
                        .map(|e| e.to_string())
                        .as_deref(),
                )
                .raw("readings", |out| {
                    json::array(out, c.rfc3986.readings(), |out, (reading, rfc)| {
                        let mut o = Obj::new(out);
                        o.str("reading", reading.name())
                            .raw("components", |out| components_json(out, rfc));
                        if let (lens::Reading::Truncated, Some(t)) = (reading, &c.rfc3986.truncated)
                        {
                            o.num("truncatedAt", index.at(t.at));
                        }
                        o.end();
                    })
                })
                .raw("disagreements", |out| {
                    json::array(out, &c.disagreements, |out, d| {
                        Obj::new(out)
                            .str("component", d.component.name())
                            .str("reading", d.reading.name())
                            .opt_str("whatwg", d.whatwg.as_deref())
                            .opt_str("rfc3986", d.rfc3986.as_deref())
                            .str("explanation", d.explanation)
                            .end();
                    })
                })
                .bool("changesHost", c.changes_host())
                .bool("changesOrigin", c.changes_origin())
                .str("verdict", c.verdict());
            o.end();
        })
    })
}
