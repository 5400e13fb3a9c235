//! The `url_*` scalar functions, one module per kind of result.

mod components;
mod get;
mod normalize;
mod parse;
mod pattern;
mod port;
mod query_param;
mod resolve;
mod sites;
mod valid;

pub use components::UrlPartFunction;
pub use get::UrlGet;
pub use normalize::{normalizer_for_profile, UrlNormalize};
pub use parse::UrlParse;
pub use pattern::{UrlPatternGroups, UrlPatternMatch};
pub use port::UrlPort;
pub use query_param::UrlQueryParam;
pub use resolve::UrlResolve;
pub use sites::{SitePart, UrlSite, UrlSurt};
pub use valid::{UrlError, UrlValid};
