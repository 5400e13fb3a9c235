//! Editing a URL part by part without falling into its traps.
//!
//! * [`UrlBuilder`] assembles a URL from raw parts and percent-encodes each
//!   part for its position, so a "/" in a path segment or a "&" in a query
//!   value cannot change the URL's structure.
//! * [`Url::path_segments_mut`] edits the path segment by segment
//!   ([`PathSegmentsMut`]), which is what [`Url::join`] looks like it does
//!   but does not.
//! * [`Url::append_query_param`], [`Url::replace_query_param`],
//!   [`Url::remove_query_param`] and [`Url::retain_query_params`] edit the
//!   query as `URLSearchParams` does.
//!
//! Every edit ends with [`Url::parse`] on the new serialization, so the
//! result is exactly what the standard makes of it; an edit that would read
//! back as a different URL is refused and leaves the URL as it was.
//!
//! One job a file: [`EditError`] (`error`), encoding a raw part for its
//! position (`encode`), the builder (`builder`), the path-segment editor
//! (`path_segments`) and the query editors (`query`). The components they
//! take apart and serialize are [`UrlParts`](crate::UrlParts) (`parts`).

#[cfg(doc)]
use crate::Url;

mod builder;
mod encode;
mod path_segments;
mod query;

pub use builder::UrlBuilder;
pub use path_segments::PathSegmentsMut;
