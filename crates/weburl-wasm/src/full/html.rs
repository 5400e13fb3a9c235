//! `links(html, baseURL, charset)`: the URLs of an HTML document as a
//! browser resolves them, by weburl-html.
//!
//! <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url>

use weburl::Url;

use crate::abi;
use crate::json::{self, Obj};

/// Arguments (`with_byte_args`): the document's bytes, its URL, the
/// transport charset or null. A JSON array of links (see `js/index.d.ts`,
/// `Link`), or `TYPE_ERROR` when the URL does not parse or the document
/// cannot be read.
#[no_mangle]
pub extern "C" fn weburl_links() -> i32 {
    abi::with_byte_args(3, |args| {
        let html = args[0].unwrap_or_default();
        let url = String::from_utf8_lossy(args[1].unwrap_or_default());
        let charset = args[2].map(String::from_utf8_lossy);
        let document_url = match Url::parse(&url) {
            Ok(u) => u,
            Err(e) => return abi::type_error(&format!("Invalid URL: {e}")),
        };
        let doc = match weburl_html::links(html, &document_url, charset.as_deref()) {
            Ok(doc) => doc,
            Err(e) => return abi::type_error(&e.to_string()),
        };
        abi::out_with(|out| {
            json::array(out, &doc.links, |out, link| {
                let mut o = Obj::new(out);
                o.str("element", link.element)
                    .str("attribute", link.attribute)
                    .str("value", &link.value)
                    .str("reference", link.reference())
                    .num("line", link.line);
                match &link.url {
                    Ok(u) => o.str("url", u.href()).opt_str("error", None),
                    Err(e) => o.opt_str("url", None).str("error", e.name()),
                };
                o.end();
            })
        })
    })
}
