//! Parser options: base URL, query encoding, size limit.

use encoding_rs::{Encoding, UTF_8};

use crate::error::ParseError;
use crate::parser::{self, Settings, DEFAULT_MAX_LEN};
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
    ///
    /// Needs the `encodings` feature (on by default).
    #[cfg(feature = "encodings")]
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

    /// Parses `input` with these options into `url`, reusing its buffer:
    /// for bulk callers, which then allocate only when a URL outgrows the
    /// buffer. On failure `url` is left as it was.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut url = Url::parse("https://example.com/")?;
    /// for input in ["https://a.example/x", "HTTP://B.example"] {
    ///     Url::options().parse_into(input, &mut url)?;
    ///     println!("{}", url.href());
    /// }
    /// assert_eq!(url.href(), "http://b.example/");
    /// assert!(Url::options().parse_into("https://exa mple/", &mut url).is_err());
    /// assert_eq!(url.href(), "http://b.example/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_into(self, input: &str, url: &mut Url) -> Result<(), ParseError> {
        let settings = self.settings();
        parser::parse_into(input, settings, self.sink, url)
    }

    /// Parses `input` into the URL kept in `slot`, reusing its buffer, and
    /// returns it: what a loop over many inputs wants when it has no URL to
    /// start from. The first success fills an empty slot; later ones
    /// overwrite it in place ([`ParseOptions::parse_into`]). On failure the
    /// slot keeps the last URL that parsed.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut slot = None;
    /// let mut hosts = Vec::new();
    /// for input in ["https://a.example/x", "bad", "HTTP://B.example"] {
    ///     if let Ok(url) = Url::options().parse_reusing(input, &mut slot) {
    ///         hosts.push(url.hostname().to_owned());
    ///     }
    /// }
    /// assert_eq!(hosts, ["a.example", "b.example"]);
    /// ```
    pub fn parse_reusing<'u>(
        self,
        input: &str,
        slot: &'u mut Option<Url>,
    ) -> Result<&'u Url, ParseError> {
        match slot {
            Some(url) => {
                self.parse_into(input, url)?;
                Ok(url)
            }
            None => Ok(slot.insert(self.parse(input)?)),
        }
    }

    /// Parses bytes that may not be UTF-8, such as lines of a log file.
    ///
    /// The policy: each byte that is not part of well-formed UTF-8 is taken
    /// as if it had been written percent-encoded (`%FF` for 0xFF), which is
    /// how the URL Standard writes the bytes of any non-ASCII code point.
    /// In a path, query, fragment, credentials or opaque host the byte so
    /// stays visible as `%XX`; in a domain it does not decode to UTF-8, so
    /// the host fails to parse ([`ParseError::DomainToAscii`]). Well-formed
    /// input parses exactly as [`ParseOptions::parse`] would. Validation
    /// error spans refer to the input with those bytes written as `%XX`.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse_bytes(b"https://example.com/caf\xE9?q=\xFF")?;
    /// assert_eq!(url.href(), "https://example.com/caf%E9?q=%FF");
    /// assert!(Url::parse_bytes(b"https://exampl\xE9.com/").is_err());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_bytes(self, input: &[u8]) -> Result<Url, ParseError> {
        match std::str::from_utf8(input) {
            Ok(input) => self.parse(input),
            Err(_) => {
                if input.len().saturating_mul(3) > self.max_len {
                    return Err(ParseError::TooLong);
                }
                self.parse(&percent_encode_invalid_utf8(input))
            }
        }
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

/// `input` with every byte that is not part of well-formed UTF-8 written
/// as "%XX".
pub(crate) fn percent_encode_invalid_utf8(input: &[u8]) -> String {
    let mut out = String::with_capacity(input.len() + 16);
    for chunk in input.utf8_chunks() {
        out.push_str(chunk.valid());
        for &b in chunk.invalid() {
            out.push_str(crate::percent_encoding::percent_byte(b));
        }
    }
    out
}
