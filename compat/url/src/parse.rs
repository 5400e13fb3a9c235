//! `ParseOptions`: rust-url's parse with a base URL, a query encoding
//! override and a syntax violation callback, on weburl's parser.

use std::fmt;

use form_urlencoded::EncodingOverride;

use crate::error::{self, ParseError, SyntaxViolation, ViolationMapper};
use crate::Url;

/// Options for a parse, made by [`Url::options`]; `Copy`, so one set can
/// serve many parses.
#[derive(Copy, Clone)]
#[must_use]
pub struct ParseOptions<'a> {
    base_url: Option<&'a Url>,
    encoding_override: EncodingOverride<'a>,
    violation_fn: Option<&'a dyn Fn(SyntaxViolation)>,
}

impl fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base_url", &self.base_url)
            .field("encoding_override", &self.encoding_override.is_some())
            .field("violation_fn", &self.violation_fn.is_some())
            .finish()
    }
}

impl<'a> ParseOptions<'a> {
    pub(crate) fn new() -> Self {
        ParseOptions {
            base_url: None,
            encoding_override: None,
            violation_fn: None,
        }
    }

    /// The base URL that relative references are resolved against.
    pub fn base_url(mut self, new: Option<&'a Url>) -> Self {
        self.base_url = new;
        self
    }

    /// Encodes the query of special URLs (other than `ws:` and `wss:`)
    /// with this function instead of UTF-8 before percent-encoding it.
    ///
    /// <https://url.spec.whatwg.org/#concept-basic-url-parser> ("encoding")
    pub fn encoding_override(mut self, new: EncodingOverride<'a>) -> Self {
        self.encoding_override = new;
        self
    }

    /// Calls `new` with each non-fatal syntax violation the parse meets.
    pub fn syntax_violation_callback(mut self, new: Option<&'a dyn Fn(SyntaxViolation)>) -> Self {
        self.violation_fn = new;
        self
    }

    /// Parses `input` with these options.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        let base = self.base_url.map(Url::as_weburl);
        let parsed = match self.violation_fn {
            None => weburl::Url::options().base_url(base).parse(input),
            Some(callback) => {
                let mut mapper = ViolationMapper::new(input, callback);
                let mut sink = |e: weburl::ValidationError| mapper.report(e);
                weburl::Url::options()
                    .base_url(base)
                    .validation_sink(&mut sink)
                    .parse(input)
            }
        };
        let mut url = match parsed {
            Ok(inner) => Url::from_weburl(inner),
            Err(e) => return Err(error::from_weburl(e, self.base_url)),
        };
        if let Some(encode) = self.encoding_override {
            reencode_query(&mut url, input, encode);
        }
        Ok(url)
    }
}

/// Re-encodes the query that came from `input` with `encode`: the query
/// state's "encoding" step with a caller's encoder instead of UTF-8. Only
/// special URLs other than `ws:`/`wss:` use the encoding; a query taken
/// from the base (no "?" in `input`) was encoded when the base was parsed.
///
/// <https://url.spec.whatwg.org/#query-state>
fn reencode_query(url: &mut Url, input: &str, encode: &dyn Fn(&str) -> std::borrow::Cow<'_, [u8]>) {
    if !url.is_special() || matches!(url.scheme(), "ws" | "wss") || url.query().is_none() {
        return;
    }
    let input: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    // In a special URL the first "?" outside the fragment starts the query:
    // neither the userinfo, the host nor the path can hold a raw "?".
    let query = match (input.find('?'), input.find('#')) {
        (Some(q), Some(f)) if f < q => return,
        (Some(q), Some(f)) => &input[q + 1..f],
        (Some(q), None) => &input[q + 1..],
        (None, _) => return,
    };
    if query.is_ascii() {
        return;
    }
    let bytes = encode(query);
    let mut encoded = String::with_capacity(bytes.len() + 1);
    encoded.push('?');
    for &b in bytes.iter() {
        // The special-query percent-encode set, on bytes.
        if !(0x21..=0x7E).contains(&b) || matches!(b, b'"' | b'#' | b'<' | b'>' | b'\'') {
            encoded.push_str(&format!("%{b:02X}"));
        } else {
            encoded.push(b as char);
        }
    }
    // Already percent-encoded: the setter leaves it as it is.
    let _ = url.inner.set_search(&encoded);
}
