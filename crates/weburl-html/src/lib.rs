//! # weburl-html
//!
//! URLs in the documents they come in: the links of an HTML page, the
//! `xml:base` of an Atom feed, the addresses in a plain-text message, and
//! what a `data:`, `mailto:` or `javascript:` URL carries. Parsing and
//! resolution are [`weburl`]'s, by the WHATWG URL Standard.
//!
//! ## Overview
//!
//! - [`links`] reads an HTML document as a browser does: its encoding (byte
//!   order mark, the transport charset, the `<meta>` prescan, a `<meta>`
//!   met later, windows-1252), its base URL (the first `<base href>`, or
//!   the document's address, or for `about:blank`/`about:srcdoc` its
//!   creator's base), and every URL attribute resolved against that base
//!   with the document's encoding for queries. See [`attributes`] for the
//!   list, [`srcset`] and [`refresh`] for the attributes holding several
//!   URLs or more than a URL, [`encoding`] and [`base`] for the rules.
//! - [`xml_base`] gives each element of an XML document its base URI.
//! - [`extract_urls`] finds URLs in running text, with byte spans.
//! - [`data_url::process`], [`mailto::parse`] and
//!   [`javascript::script_source`] open up those schemes.
//!
//! ## Examples
//!
//! ```
//! use weburl::Url;
//!
//! // A Shift_JIS page: its query is encoded in Shift_JIS.
//! let page = b"<meta charset=shift_jis><base href=/search/><a href='?q=\x93\xfa\x96\x7b'>";
//! let doc = weburl_html::links(page, &Url::parse("https://example.jp/index.html")?, None)?;
//! assert_eq!(doc.encoding.name(), "Shift_JIS");
//! let href = doc.links[1].url.as_ref().unwrap().href();
//! // 日本 is 93 FA 96 7B in Shift_JIS; 7B is "{", which queries keep as is.
//! assert_eq!(href, "https://example.jp/search/?q=%93%FA%96{");
//!
//! let found = weburl_html::extract_urls("Docs: <URL:https://example.com/a-\n  b>.");
//! assert_eq!(found[0].url.href(), "https://example.com/a-b");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Streaming, and where it differs from a DOM
//!
//! [`links`] runs an HTML tokenizer alone (lol_html's), without a tree
//! builder: text, comments and raw text are skipped, and only the URL
//! attributes are decoded and kept, so a 10 MB page costs its links (and
//! one decoded copy of the page, none for UTF-8), not a 10 MB DOM. Its
//! tags, values and line numbers are checked against html5ever's
//! tokenizer. The few decisions of the tree builder that matter here are
//! reproduced: raw text in `<script>`, `<style>`, `<title>`, `<textarea>`,
//! `<iframe>`, `<noembed>`, `<noframes>`, `<xmp>`, `<plaintext>` (and
//! `<noscript>` with [`LinkOptions::scripting`]); CDATA and no HTML
//! elements inside `<svg>` and `<math>` except at integration points and
//! breakout tags; `<template>` contents not being in the document;
//! `<image>` being `<img>`; a `<form>` inside a form being dropped; a
//! `<meta>` changing a tentative encoding, which restarts the scan. The
//! remaining differences from a browser's DOM come from the tree builder
//! moving or cloning elements:
//!
//! - The base URL comes from the first `<base href>` in *token* order. In
//!   tree order a `<base>` foster-parented out of a `<table>` can precede
//!   one inside an earlier table cell; only such misnested markup differs.
//! - An unclosed `<a>` that the tree builder reopens ("reconstructs the
//!   active formatting elements") is one link here and several elements in
//!   the DOM.
//! - Links are in token order, which is tree order except for the same
//!   foster-parenting cases.
//!
//! ## Crate features
//!
//! None.

pub mod attributes;
pub mod base;
pub mod base64;
mod char_refs;
pub mod data_url;
pub mod encoding;
pub mod javascript;
mod links;
pub mod mailto;
pub mod mime;
mod named_references;
pub mod refresh;
mod scan;
pub mod srcset;
pub mod text;
pub mod xml_base;

pub use links::{links, Detail, Document, Error, Link, LinkOptions};

/// What the tests outside the crate drive, not a public API: the scan of
/// [`links()`], and the tree-builder state it keeps, which
/// `tests/html5ever.rs` drives with html5ever's tokenizer to compare.
#[doc(hidden)]
pub mod __internal {
    pub use crate::scan::tree::{Next, StartTag, Tree};
    pub use crate::scan::{scan, Outcome, RawLink, Scan};
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
pub use text::{extract_urls, Found};
