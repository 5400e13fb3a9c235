//! RFC 3986 (URI) and RFC 3987 (IRI): the generic syntax that curl, Go,
//! Java and most non-browser software implement, next to the WHATWG URL
//! Standard that browsers implement.
//!
//! The RFC modules share no code with the WHATWG parser (the `weburl`
//! crate), so that comparing the two says something about the
//! specifications, not about a shared helper. `lens` is that comparison.
//!
//! - Validation by the ABNF of RFC 3986 Appendix A and RFC 3987 §2.2:
//!   [`is_uri_reference`], [`is_uri`], [`is_relative_ref`],
//!   [`is_absolute_uri`], [`is_iri_reference`], [`is_iri`],
//!   [`is_irelative_ref`], [`is_absolute_iri`], and [`validate_uri_reference`] /
//!   [`validate_iri_reference`], which say where and why a string fails.
//! - Splitting without normalizing: [`split`] (strict) and [`split_lenient`]
//!   (the Appendix B regular expression, never fails).
//! - Resolution, §5.2: [`resolve`] (strict) and [`resolve_non_strict`]
//!   (backward-compatible), with [`remove_dot_segments`].
//! - Normalization, §6.2.2 and §6.2.3: [`normalize`] and
//!   [`normalize_scheme_based`].
//! - The same for IRIs (RFC 3987), which the functions above refuse with
//!   [`ErrorKind::InvalidCharacter`]: [`split_iri`], [`resolve_iri`],
//!   [`resolve_iri_non_strict`], [`normalize_iri`] and
//!   [`normalize_iri_scheme_based`]. RFC 3987 §6.5 resolves IRI references
//!   directly, treating the characters IRIs add like `unreserved` ones, and
//!   so do these: nothing is converted to a URI.
//!
//! - `lens` (feature `lens`): where a browser and an RFC 3986 parser read
//!   the same string differently, and `lens::lint`, the URL Standard's
//!   validation errors with that comparison.
//!
//! All offsets are byte offsets into the string that was checked.
//!
//! # Crate features
//!
//! - `lens` (default): the `lens` module, the comparison with the WHATWG URL
//!   Standard, which brings in the `weburl` parser. Without it the crate
//!   depends on nothing.
//!
//! # Example
//!
//! ```
//! use weburl_rfc3986::{is_uri, resolve, split};
//!
//! // A browser accepts "http://exa mple.com/"; RFC 3986 does not.
//! assert!(!is_uri("http://exa mple.com/"));
//!
//! let target = resolve("http://a/b/c/d;p?q", "../../g?x#y")?;
//! assert_eq!(target, "http://a/g?x#y");
//! assert_eq!(split(&target)?.query, Some("x"));
//! # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
//! ```

mod chars;
mod error;
mod grammar;
mod host;
#[cfg(feature = "lens")]
pub mod lens;
mod normalize;
mod resolve;
mod scan;
mod split;
mod types;

pub use error::{ErrorKind, Part, Rfc3986Error};
pub use host::HostKind;
pub use normalize::{normalize, normalize_iri, normalize_iri_scheme_based, normalize_scheme_based};
pub use resolve::{
    remove_dot_segments, resolve, resolve_iri, resolve_iri_non_strict, resolve_non_strict,
};
pub use split::{split, split_iri, split_lenient};
pub use types::{Authority, Components};

use grammar::{parse, Rule};
use scan::Mode;

/// Whether `s` matches `URI-reference = URI / relative-ref`.
///
/// RFC 3986 §4.1 <https://www.rfc-editor.org/rfc/rfc3986#section-4.1>.
///
/// ```
/// use weburl_rfc3986::is_uri_reference;
///
/// assert!(is_uri_reference("../a?b#c"));
/// assert!(is_uri_reference(""));
/// assert!(!is_uri_reference("a b"));
/// ```
pub fn is_uri_reference(s: &str) -> bool {
    parse(s, Rule::UriReference, Mode::Uri).is_ok()
}

/// Whether `s` matches `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
///
/// RFC 3986 §3 <https://www.rfc-editor.org/rfc/rfc3986#section-3>.
///
/// ```
/// use weburl_rfc3986::is_uri;
///
/// assert!(is_uri("urn:example:animal:ferret:nose"));
/// assert!(is_uri("http://[v1.fe80::a+en1]/#x"));
/// assert!(!is_uri("//example.com/"));
/// ```
pub fn is_uri(s: &str) -> bool {
    parse(s, Rule::Uri, Mode::Uri).is_ok()
}

/// Whether `s` matches `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`.
///
/// RFC 3986 §4.2 <https://www.rfc-editor.org/rfc/rfc3986#section-4.2>.
///
/// ```
/// use weburl_rfc3986::is_relative_ref;
///
/// assert!(is_relative_ref("//g/h"));
/// assert!(is_relative_ref("./this:that"));
/// assert!(!is_relative_ref("this:that"));
/// ```
pub fn is_relative_ref(s: &str) -> bool {
    parse(s, Rule::RelativeRef, Mode::Uri).is_ok()
}

/// Whether `s` matches `absolute-URI = scheme ":" hier-part [ "?" query ]`
/// (a URI without fragment).
///
/// RFC 3986 §4.3 <https://www.rfc-editor.org/rfc/rfc3986#section-4.3>.
///
/// ```
/// use weburl_rfc3986::is_absolute_uri;
///
/// assert!(is_absolute_uri("http://a/b?c"));
/// assert!(!is_absolute_uri("http://a/b?c#d"));
/// ```
pub fn is_absolute_uri(s: &str) -> bool {
    parse(s, Rule::AbsoluteUri, Mode::Uri).is_ok()
}

/// Whether `s` matches `IRI-reference = IRI / irelative-ref`: a
/// URI-reference that may also hold `ucschar` characters where
/// `unreserved` is allowed, and `iprivate` ones in the query.
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::{is_iri_reference, is_uri_reference};
///
/// assert!(is_iri_reference("/r\u{e9}sum\u{e9}?q=\u{e000}"));
/// assert!(!is_uri_reference("/r\u{e9}sum\u{e9}"));
/// assert!(!is_iri_reference("/\u{e000}"));
/// ```
pub fn is_iri_reference(s: &str) -> bool {
    parse(s, Rule::UriReference, Mode::Iri).is_ok()
}

/// Whether `s` matches `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`.
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::is_iri;
///
/// assert!(is_iri("http://\u{4f8b}\u{3048}.jp/\u{1F600}"));
/// assert!(!is_iri("/relative"));
/// assert!(!is_iri("http://a/\u{FFFE}"));
/// ```
pub fn is_iri(s: &str) -> bool {
    parse(s, Rule::Uri, Mode::Iri).is_ok()
}

/// Whether `s` matches `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`.
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::is_irelative_ref;
///
/// assert!(is_irelative_ref("caf\u{e9}/men\u{fc}"));
/// assert!(!is_irelative_ref("http://caf\u{e9}/"));
/// ```
pub fn is_irelative_ref(s: &str) -> bool {
    parse(s, Rule::RelativeRef, Mode::Iri).is_ok()
}

/// Whether `s` matches `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`.
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::is_absolute_iri;
///
/// assert!(is_absolute_iri("http://caf\u{e9}/?\u{f0000}"));
/// assert!(!is_absolute_iri("http://caf\u{e9}/#x"));
/// ```
pub fn is_absolute_iri(s: &str) -> bool {
    parse(s, Rule::AbsoluteUri, Mode::Iri).is_ok()
}

/// Checks `s` against `URI-reference` and, if it fails, says at which byte
/// and by which rule or character.
///
/// The string is read left to right and the first failure is reported. A
/// prefix that does not make a valid scheme is not one: `"1a:b"` is then a
/// relative reference, and fails on its colon.
///
/// RFC 3986 §4.1 and Appendix A <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>.
///
/// ```
/// use weburl_rfc3986::{validate_uri_reference, ErrorKind, Part};
///
/// assert!(validate_uri_reference("http://a/b?c#d").is_ok());
/// let err = validate_uri_reference("http://a/%zz").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidPercentEncoding { part: Part::Path });
/// assert_eq!(err.offset(), 9);
/// assert_eq!(
///     validate_uri_reference("1a:b").unwrap_err().kind(),
///     ErrorKind::ColonInFirstSegment
/// );
/// ```
pub fn validate_uri_reference(s: &str) -> Result<(), Rfc3986Error> {
    parse(s, Rule::UriReference, Mode::Uri).map(drop)
}

/// Checks `s` against `IRI-reference` like [`validate_uri_reference`].
///
/// RFC 3987 §2.2 <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>.
///
/// ```
/// use weburl_rfc3986::{validate_iri_reference, ErrorKind, Part};
///
/// assert!(validate_iri_reference("//b\u{fc}cher.example/").is_ok());
/// let err = validate_iri_reference("/a#\u{e000}").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidCharacter { ch: '\u{e000}', part: Part::Fragment });
/// assert_eq!(err.offset(), 3);
/// ```
pub fn validate_iri_reference(s: &str) -> Result<(), Rfc3986Error> {
    parse(s, Rule::UriReference, Mode::Iri).map(drop)
}
