//! Parser options: base URL, query encoding, size limit.

use encoding_rs::{Encoding, UTF_8};

use crate::error::ParseError;
use crate::parser::{self, Settings};
use crate::url::Url;
use crate::validation::ValidationSink;

/// Options for one parse, made by [`Url::options`].
///
/// ```
/// use weburl::Url;
/// let base = Url::parse("https://example.org/dir/page")?;
/// let url = Url::options()
///     .base_url(Some(&base))
///     .encoding(weburl::encoding_rs::WINDOWS_1252)
///     .parse("../x?q=é#é")?;
/// assert_eq!(url.href(), "https://example.org/x?q=%E9#%C3%A9");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    encoding: &'static Encoding,
    max_len: usize,
    sink: Option<&'a mut dyn ValidationSink>,
}

impl Default for ParseOptions<'_> {
    fn default() -> Self {
        ParseOptions {
            base: None,
            encoding: UTF_8,
            max_len: DEFAULT_MAX_LEN,
            sink: None,
        }
    }
}

impl std::fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base", &self.base.map(Url::href))
            .field("encoding", &self.encoding.name())
            .field("max_len", &self.max_len)
            .field("validation_sink", &self.sink.is_some())
            .finish()
    }
}

/// The largest serialization `u32` offsets can describe.
pub(crate) const DEFAULT_MAX_LEN: usize = u32::MAX as usize - 1;

impl<'a> ParseOptions<'a> {
    /// The base URL that relative references are resolved against.
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// The document's encoding: queries of special URLs other than `ws:`
    /// and `wss:` are encoded with it before percent-encoding, as HTML
    /// requires for documents in legacy encodings. The fragment stays UTF-8.
    ///
    /// <https://url.spec.whatwg.org/#concept-basic-url-parser> ("encoding")
    pub fn encoding(mut self, encoding: &'static Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// The longest input, and the longest URL, to accept; larger ones fail
    /// with [`ParseError::TooLong`] before anything that size is allocated.
    /// Defaults to, and cannot exceed, what `u32` offsets allow.
    pub fn max_len(mut self, max_len: usize) -> Self {
        self.max_len = max_len.min(DEFAULT_MAX_LEN);
        self
    }

    /// Reports the URL Standard's validation errors to `sink`, each with
    /// its byte span in the input. Without a sink (the default) the parser
    /// does none of this work.
    ///
    /// ```
    /// use weburl::{Url, ValidationError, ValidationErrorKind};
    /// let mut errors: Vec<ValidationError> = Vec::new();
    /// let url = Url::options().validation_sink(&mut errors).parse("https:\\\\example.com\\a b")?;
    /// assert_eq!(url.href(), "https://example.com/a%20b");
    /// let kinds: Vec<_> = errors.iter().map(|e| (e.kind.name(), e.span.clone())).collect();
    /// // As in the standard, the first "\" is reported by the special authority
    /// // slashes state and again by the special authority ignore slashes state.
    /// assert_eq!(kinds, [
    ///     ("special-scheme-missing-following-solidus", 6..7),
    ///     ("special-scheme-missing-following-solidus", 6..7),
    ///     ("special-scheme-missing-following-solidus", 7..8),
    ///     ("invalid-reverse-solidus", 19..20),
    ///     ("invalid-URL-unit", 21..22),
    /// ]);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn validation_sink(mut self, sink: &'a mut dyn ValidationSink) -> Self {
        self.sink = Some(sink);
        self
    }

    /// Parses `input` with these options.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        let settings = self.settings();
        parser::parse(input, settings, self.sink)
    }

    /// Whether `input` parses with these options, without building the URL.
    pub fn can_parse(self, input: &str) -> bool {
        parser::validate(input, self.settings())
    }

    fn settings(&self) -> Settings<'a> {
        Settings {
            base: self.base,
            encoding: self.encoding,
            max_len: self.max_len,
        }
    }
}
