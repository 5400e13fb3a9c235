//! `data:` URLs: the Fetch standard's data: URL processor.
//!
//! <https://fetch.spec.whatwg.org/#data-url-processor>

use std::fmt;

use weburl::percent_encoding::percent_decode;
use weburl::Url;

use crate::base64::forgiving_decode;
use crate::mime::MimeType;

/// What a `data:` URL carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataUrl {
    /// The MIME type; `text/plain;charset=US-ASCII` when none or an
    /// invalid one is given.
    pub mime_type: MimeType,
    /// The body bytes.
    pub body: Vec<u8>,
    /// Whether the body was base64.
    pub base64: bool,
}

/// Why a URL is not a usable `data:` URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DataUrlError {
    /// The scheme is not `data`.
    NotData,
    /// There is no `,` between the MIME type and the body.
    NoComma,
    /// The body is marked `;base64` but is not base64.
    InvalidBase64,
}

impl DataUrlError {
    /// The variant's name (`"NotData"`, `"NoComma"`, `"InvalidBase64"`): a
    /// stable identifier for messages and JSON, as `ParseError::name` is.
    ///
    /// ```
    /// use weburl_html::data_url::DataUrlError;
    /// assert_eq!(DataUrlError::NoComma.name(), "NoComma");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DataUrlError::NotData => "NotData",
            DataUrlError::NoComma => "NoComma",
            DataUrlError::InvalidBase64 => "InvalidBase64",
        }
    }
}

impl fmt::Display for DataUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DataUrlError::NotData => "expected a data: URL",
            DataUrlError::NoComma => "expected a \",\" after the data: URL's MIME type",
            DataUrlError::InvalidBase64 => "expected base64 after \";base64,\"",
        })
    }
}

impl std::error::Error for DataUrlError {}

/// Runs the data: URL processor on `url`.
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("data:text/plain;charset=utf-8;base64,aGk=")?;
/// let data = weburl_html::data_url::process(&url)?;
/// assert_eq!(data.mime_type.to_string(), "text/plain;charset=utf-8");
/// assert_eq!(data.body, b"hi");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// <https://fetch.spec.whatwg.org/#data-url-processor>
pub fn process(url: &Url) -> Result<DataUrl, DataUrlError> {
    if url.scheme() != "data" {
        return Err(DataUrlError::NotData);
    }
    // The serialization without fragment, less "data:".
    let input = &url.without_fragment()["data:".len()..];
    let (mime, encoded_body) = input.split_once(',').ok_or(DataUrlError::NoComma)?;
    let mut mime = mime.trim_matches(is_ascii_whitespace);
    let mut body = percent_decode(encoded_body.as_bytes()).into_owned();
    let base64 = match base64_suffix(mime) {
        Some(stripped) => {
            // The body is ASCII after a URL serialization and
            // percent-decoding turns bytes into code points one to one
            // (isomorphic decoding), so bytes over 0x7F are not base64.
            let text: String = body.iter().map(|&b| char::from(b)).collect();
            body = forgiving_decode(&text).ok_or(DataUrlError::InvalidBase64)?;
            mime = stripped;
            true
        }
        None => false,
    };
    let mime_type = if mime.starts_with(';') {
        MimeType::parse(&format!("text/plain{mime}"))
    } else {
        MimeType::parse(mime)
    }
    .unwrap_or_else(us_ascii_text);
    Ok(DataUrl {
        mime_type,
        body,
        base64,
    })
}

/// If `mime` ends with `;`, spaces, then `base64` (any case), the part
/// before the `;`.
fn base64_suffix(mime: &str) -> Option<&str> {
    let cut = mime.len().checked_sub("base64".len())?;
    if !mime.is_char_boundary(cut) || !mime[cut..].eq_ignore_ascii_case("base64") {
        return None;
    }
    mime[..cut].trim_end_matches(' ').strip_suffix(';')
}

/// `text/plain;charset=US-ASCII`, the default.
fn us_ascii_text() -> MimeType {
    MimeType {
        type_: "text".into(),
        subtype: "plain".into(),
        parameters: vec![("charset".into(), "US-ASCII".into())],
    }
}

fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &str) -> Result<(String, Vec<u8>), DataUrlError> {
        process(&Url::parse(s).unwrap()).map(|d| (d.mime_type.to_string(), d.body))
    }

    #[test]
    fn basics() {
        assert_eq!(
            run("data:,A%20B"),
            Ok(("text/plain;charset=US-ASCII".into(), b"A B".to_vec()))
        );
        assert_eq!(
            run("data:text/html,<b>#frag"),
            Ok(("text/html".into(), b"<b>".to_vec()))
        );
        assert_eq!(
            run("data:;base64 ,aGk"),
            Ok(("text/plain;charset=US-ASCII".into(), b"hi".to_vec()))
        );
        assert_eq!(
            run("data:image/png;BASE64,aGk="),
            Ok(("image/png".into(), b"hi".to_vec()))
        );
        assert_eq!(run("data:x"), Err(DataUrlError::NoComma));
        assert_eq!(run("data:;base64,a"), Err(DataUrlError::InvalidBase64));
        assert_eq!(run("https://a.example/"), Err(DataUrlError::NotData));
    }

    #[test]
    fn base64_suffix_needs_the_semicolon() {
        assert_eq!(base64_suffix("text/plain;base64"), Some("text/plain"));
        assert_eq!(base64_suffix("text/plain;  base64"), Some("text/plain"));
        assert_eq!(base64_suffix("base64"), None);
        assert_eq!(base64_suffix("x;base64x"), None);
        assert_eq!(base64_suffix("\u{E9}base64"), None);
    }
}
