//! What a parse needs besides the input, as the parser reads it.
//!
//! [`crate::ParseOptions`] is the public builder; it hands the parser
//! these settings (and the validation sink separately).

use encoding_rs::{Encoding, UTF_8};

use crate::url::Url;

/// Everything a parse needs besides the input.
///
/// <https://url.spec.whatwg.org/#concept-basic-url-parser> ("base",
/// "encoding")
#[derive(Clone, Copy)]
pub(crate) struct Settings<'a> {
    pub base: Option<&'a Url>,
    pub encoding: &'static Encoding,
    pub max_len: usize,
}

/// The largest serialization `u32` offsets can describe.
pub(crate) const DEFAULT_MAX_LEN: usize = u32::MAX as usize - 1;

/// The settings of a parse with no options.
pub(crate) fn default_settings() -> Settings<'static> {
    Settings {
        base: None,
        encoding: UTF_8,
        max_len: DEFAULT_MAX_LEN,
    }
}
