//! # weburl-datafusion
//!
//! SQL functions for Web addresses in [Apache DataFusion] (and, with the
//! `ballista` feature, distributed on [Ballista]), parsing exactly as
//! browsers do by the [WHATWG URL Standard] through [`weburl`].
//!
//! Every function takes `Utf8`, `LargeUtf8` or `Utf8View` strings, returns
//! strings of the same type, and gives `NULL` for a `NULL` input.
//!
//! | function | result |
//! |---|---|
//! | `url_parse(url)` | struct of the getters `href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `origin`; `NULL` if invalid |
//! | `url_get(url, component)` | one of those getters by name |
//! | `url_scheme`, `url_username`, `url_password`, `url_host`, `url_hostname`, `url_path`, `url_query`, `url_fragment`, `url_origin` (url) | one component; `NULL` where the URL has none (host, query, fragment) |
//! | `url_port(url)` | the port as `INT`; `NULL` when absent or the default |
//! | `url_query_param(url, name)` | first value of a query parameter, decoded |
//! | `url_resolve(base, reference)` | the resolved href |
//! | `url_valid(url)` | `BOOLEAN`: does it parse |
//! | `url_error(url)` | why it does not parse (a [`weburl::ParseError`] variant name); `NULL` when valid |
//! | `url_normalize(url [, profile])` | a normalized href: `canonical`, `safe` (default), `crawler`, `aggressive` |
//! | `parse_url(url, part [, key])`, `try_parse_url` | Spark's `parse_url`, with WHATWG parsing |
//! | `url_public_suffix(url)`, `url_registrable_domain(url)` | the host's public suffix, registrable domain (Public Suffix List); `NULL` when none |
//! | `url_surt(url [, profile])` | the SURT key: `ia` (default) or `heritrix` |
//! | `url_pattern_match(url, pattern)` | `BOOLEAN`: does the URL pattern (URL Pattern Standard constructor string) match |
//! | `url_pattern_groups(url, pattern)` | the match's groups as a JSON object; `NULL` when it does not match |
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! use datafusion::arrow::util::pretty::pretty_format_batches;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! weburl_datafusion::register_url_functions(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_host(u) AS host, url_query_param(u, 'q') AS q
//!           FROM (VALUES ('https://EXAMPLE.com:8443/search?q=a+b')) AS t(u)")
//!     .await?
//!     .collect()
//!     .await?;
//! assert!(pretty_format_batches(&batches)?.to_string().contains("| example.com:8443 | a b |"));
//! # Ok(())
//! # }
//! ```
//!
//! [Apache DataFusion]: https://datafusion.apache.org/
//! [Ballista]: https://datafusion.apache.org/ballista/
//! [WHATWG URL Standard]: https://url.spec.whatwg.org/

pub mod functions;
mod rows;
pub mod spark;
pub mod sql;
mod strings;

#[cfg(feature = "ballista")]
pub mod ballista;

use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

use functions::{SitePart, UrlSite, UrlSurt};
use functions::{
    UrlError, UrlGet, UrlNormalize, UrlParse, UrlPartFunction, UrlPatternGroups, UrlPatternMatch,
    UrlPort, UrlQueryParam, UrlResolve, UrlValid,
};
use spark::ParseUrl;
/// The URL API's getters by name, as `url_parse`'s fields and `url_get`'s
/// components: the library's one vocabulary.
pub use weburl::Component;

/// Every function of this crate, ready to register.
///
/// ```
/// let names: Vec<_> = weburl_datafusion::url_functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"url_host".to_owned()));
/// assert!(names.contains(&"parse_url".to_owned()));
/// ```
pub fn url_functions() -> Vec<ScalarUDF> {
    let mut all = vec![
        ScalarUDF::new_from_impl(UrlParse::new()),
        ScalarUDF::new_from_impl(UrlGet::new()),
        ScalarUDF::new_from_impl(UrlPort::new()),
        ScalarUDF::new_from_impl(UrlQueryParam::new()),
        ScalarUDF::new_from_impl(UrlResolve::new()),
        ScalarUDF::new_from_impl(UrlValid::new()),
        ScalarUDF::new_from_impl(UrlError::new()),
        ScalarUDF::new_from_impl(UrlNormalize::new()),
        ScalarUDF::new_from_impl(UrlPatternMatch::new()),
        ScalarUDF::new_from_impl(UrlPatternGroups::new()),
        ScalarUDF::new_from_impl(ParseUrl::new()),
        ScalarUDF::new_from_impl(ParseUrl::lenient()),
        ScalarUDF::new_from_impl(UrlSite::new(SitePart::PublicSuffix)),
        ScalarUDF::new_from_impl(UrlSite::new(SitePart::RegistrableDomain)),
        ScalarUDF::new_from_impl(UrlSurt::new()),
    ];
    all.extend(UrlPartFunction::all().map(ScalarUDF::new_from_impl));
    all
}

/// Registers every function of this crate on `ctx`. A function of the same
/// name registered before (such as `datafusion-spark`'s `parse_url`) is
/// replaced.
pub fn register_url_functions(ctx: &SessionContext) {
    for udf in url_functions() {
        ctx.register_udf(udf);
    }
}

/// Registers every function of this crate on any [`FunctionRegistry`], such
/// as a `SessionState`.
pub fn register_url_functions_on(
    registry: &mut dyn FunctionRegistry,
) -> datafusion::error::Result<()> {
    for udf in url_functions() {
        registry.register_udf(udf.into())?;
    }
    Ok(())
}
