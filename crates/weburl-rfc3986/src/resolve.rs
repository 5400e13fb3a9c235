//! Reference resolution, RFC 3986 §5.2, step by step as the RFC writes it.

use crate::error::Rfc3986Error;
use crate::grammar::{self, Rule};
use crate::scan::Mode;
use crate::types::{Authority, Components};

/// Resolves `reference` against `base` with the strict algorithm of
/// RFC 3986 §5.2.2: a reference with a scheme is absolute, even when the
/// scheme is the base's (`"http:g"` stays `"http:g"`).
///
/// The base must be a `URI` (it needs a scheme, §5.2.1); its fragment, if
/// any, is ignored. The reference must be a `URI-reference`. The result is
/// recomposed by §5.3 without any other normalization.
///
/// One addition to the RFC's steps: when the target has no authority and
/// dot-segment removal left a path starting with `"//"` (`".//x"` against
/// `"s:/a"`), §5.3 would write `"s://x"`, where `x` reads back as an
/// authority, and the result may not even be a URI. The path gets a `"/."`
/// in front instead (`"s:/.//x"`), which §5.2.4 removes again, so the
/// result is a URI that names the target.
///
/// RFC 3986 §5.2 <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>.
///
/// ```
/// use weburl_rfc3986::resolve;
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "../g")?, "http://a/b/g");
/// assert_eq!(resolve(base, "?y")?, "http://a/b/c/d;p?y");
/// assert_eq!(resolve(base, "../../../g")?, "http://a/g");
/// assert_eq!(resolve(base, "http:g")?, "http:g");
/// assert!(resolve("/no/scheme", "g").is_err());
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, Rfc3986Error> {
    resolve_with(base, reference, true, Mode::Uri)
}

/// Resolves an IRI reference against a base IRI like [`resolve`]: RFC 3987
/// §6.5 applies RFC 3986's algorithm directly, "treating the characters
/// additionally allowed in IRI references in the same way that unreserved
/// characters are in URI references". The base must be an `IRI`, the
/// reference an `IRI-reference`; nothing is converted to a URI.
///
/// RFC 3987 §6.5 <https://www.rfc-editor.org/rfc/rfc3987#section-6.5>.
///
/// ```
/// use weburl_rfc3986::{resolve, resolve_iri};
///
/// assert_eq!(resolve_iri("http://example.org/", "#Andr\u{e9}")?, "http://example.org/#Andr\u{e9}");
/// assert_eq!(resolve_iri("http://a/b/c/d;p?q", "../D\u{fc}rst")?, "http://a/b/D\u{fc}rst");
/// assert!(resolve("http://example.org/", "#Andr\u{e9}").is_err());
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn resolve_iri(base: &str, reference: &str) -> Result<String, Rfc3986Error> {
    resolve_with(base, reference, true, Mode::Iri)
}

/// Resolves an IRI reference like [`resolve_iri`], with the
/// backward-compatible reading of [`resolve_non_strict`].
///
/// RFC 3987 §6.5 <https://www.rfc-editor.org/rfc/rfc3987#section-6.5> and
/// RFC 3986 §5.2.2 <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2>.
///
/// ```
/// use weburl_rfc3986::resolve_iri_non_strict;
///
/// assert_eq!(resolve_iri_non_strict("http://a/b/c/d", "http:\u{e9}")?, "http://a/b/c/\u{e9}");
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn resolve_iri_non_strict(base: &str, reference: &str) -> Result<String, Rfc3986Error> {
    resolve_with(base, reference, false, Mode::Iri)
}

/// Resolves like [`resolve`], but with the backward-compatible reading of
/// RFC 3986 §5.2.2 and §5.4.2: a reference whose scheme equals the base's
/// loses its scheme first ("if (!strict) and (R.scheme == Base.scheme)
/// then undefine(R.scheme)"). Schemes compare ASCII case-insensitively,
/// as schemes are case-insensitive (§3.1).
///
/// RFC 3986 §5.2.2 <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2>.
///
/// ```
/// use weburl_rfc3986::resolve_non_strict;
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve_non_strict(base, "http:g")?, "http://a/b/c/g");
/// assert_eq!(resolve_non_strict(base, "https:g")?, "https:g");
/// # Ok::<(), weburl_rfc3986::Rfc3986Error>(())
/// ```
pub fn resolve_non_strict(base: &str, reference: &str) -> Result<String, Rfc3986Error> {
    resolve_with(base, reference, false, Mode::Uri)
}

fn resolve_with(
    base: &str,
    reference: &str,
    strict: bool,
    mode: Mode,
) -> Result<String, Rfc3986Error> {
    let base = grammar::parse(base, Rule::Uri, mode).map_err(Rfc3986Error::in_base_uri)?;
    let reference = grammar::parse(reference, Rule::UriReference, mode)?;
    Ok(transform(&base, &reference, strict))
}

/// §5.2.2 "Transform References"; `base` has a scheme. The nesting is the
/// pseudocode's, so that each line can be checked against the RFC.
fn transform(base: &Components<'_>, r: &Components<'_>, strict: bool) -> String {
    let mut r_scheme = r.scheme;
    if !strict
        && r_scheme
            .zip(base.scheme)
            .is_some_and(|(r, b)| r.eq_ignore_ascii_case(b))
    {
        r_scheme = None;
    }

    let scheme: Option<&str>;
    let authority: Option<Authority<'_>>;
    let path: String;
    let query: Option<&str>;
    if r_scheme.is_some() {
        scheme = r_scheme;
        authority = r.authority;
        path = remove_dot_segments(r.path);
        query = r.query;
    } else {
        if r.authority.is_some() {
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            if r.path.is_empty() {
                path = base.path.to_owned();
                query = r.query.or(base.query);
            } else {
                if r.path.starts_with('/') {
                    path = remove_dot_segments(r.path);
                } else {
                    path = remove_dot_segments(&merge(base, r.path));
                }
                query = r.query;
            }
            authority = base.authority;
        }
        scheme = base.scheme;
    }

    let path = guard_double_slash(authority.is_some(), path);

    // §5.3 Component Recomposition.
    Components {
        scheme,
        authority,
        path: &path,
        query,
        fragment: r.fragment,
    }
    .to_string()
}

/// Puts `"/."` in front of a path that starts with `"//"` when there is no
/// authority, since §3.3 forbids such a path ("If a URI does not contain an
/// authority component, then the path cannot begin with two slash
/// characters") and §5.3 would turn its first segment into an authority.
pub(crate) fn guard_double_slash(has_authority: bool, mut path: String) -> String {
    if !has_authority && path.starts_with("//") {
        path.insert_str(0, "/.");
    }
    path
}

/// §5.2.3 "Merge Paths".
fn merge(base: &Components<'_>, r_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{r_path}");
    }
    // Everything up to and including the base path's right-most "/", or
    // nothing if it has none.
    let keep = base.path.rfind('/').map_or(0, |i| i + 1);
    format!("{}{r_path}", &base.path[..keep])
}

/// Removes the special `"."` and `".."` complete segments from a path,
/// following the input-buffer/output-buffer steps 2A-2E of the RFC
/// literally. Segments are compared as written: `"%2E"` is not a dot.
///
/// RFC 3986 §5.2.4 <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4>.
///
/// ```
/// use weburl_rfc3986::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../../x/.."), "/");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // A
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            // A
            input = rest;
        } else if input.starts_with("/./") {
            // B: replace "/./" with "/", i.e. drop "/.".
            input = &input[2..];
        } else if input == "/." {
            // B
            input = "/";
        } else if input.starts_with("/../") {
            // C
            input = &input[3..];
            remove_last_segment(&mut output);
        } else if input == "/.." {
            // C
            input = "/";
            remove_last_segment(&mut output);
        } else if input == "." || input == ".." {
            // D
            input = "";
        } else {
            // E: the first segment, with its leading "/" if any.
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| from + i);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// "remove the last segment and its preceding "/" (if any) from the output
/// buffer" (§5.2.4 step 2C).
fn remove_last_segment(output: &mut String) {
    match output.rfind('/') {
        Some(i) => output.truncate(i),
        None => output.clear(),
    }
}
