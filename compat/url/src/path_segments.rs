//! `path_segments_mut`: edit a URL's path segment by segment.

use weburl::percent_encoding::{percent_encode, EncodeSet};

use crate::Url;

/// Edits the path of a URL by segments; made by [`Url::path_segments_mut`].
/// The URL is updated when this is dropped.
///
/// ```
/// use url::Url;
/// let mut url = Url::parse("https://example.net/a/b/")?;
/// url.path_segments_mut().map_err(|_| "cannot be base")?.pop_if_empty().push("c d");
/// assert_eq!(url.as_str(), "https://example.net/a/b/c%20d");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The path being built, starting with "/" (or empty, for a
    /// non-special URL whose path is empty).
    path: String,
}

impl Url {
    /// Edits the path by segments; `Err` for a URL with an opaque path.
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let path = self.path().to_owned();
        Ok(PathSegmentsMut { url: self, path })
    }
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        // Every segment was percent-encoded with "%" and "/" included and
        // "." and ".." were skipped, so the path setter keeps it as it is.
        let _ = self.url.inner.set_pathname(&self.path);
    }
}

impl PathSegmentsMut<'_> {
    /// Removes every segment: the path becomes "/".
    pub fn clear(&mut self) -> &mut Self {
        self.path.truncate(1);
        self
    }

    /// Removes the last segment if it is empty (the path ends with "/"),
    /// unless it is the only one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.path.pop();
        }
        self
    }

    /// Removes the last segment, if there is one besides the first.
    pub fn pop(&mut self) -> &mut Self {
        if self.path.len() > 1 {
            let last_slash = self.path[1..].rfind('/').map_or(0, |i| i + 1);
            self.path.truncate(last_slash.max(1));
        }
        self
    }

    /// Appends a segment, percent-encoding it ("/" and "%" included).
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends segments; "." and ".." are skipped.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let special = self.url.is_special();
        for segment in segments {
            let segment = segment.as_ref();
            if matches!(segment, "." | "..") {
                continue;
            }
            if self.path.len() != 1 {
                self.path.push('/');
            }
            encode_segment(&mut self.path, segment, special);
        }
        self
    }
}

/// The path percent-encode set plus "/" and "%" (and "\" for special
/// URLs, which read it as "/"): a segment that stays one segment.
///
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
fn encode_segment(out: &mut String, segment: &str, special: bool) {
    for (i, c) in segment.char_indices() {
        match c {
            '/' => out.push_str("%2F"),
            '%' => out.push_str("%25"),
            '\\' if special => out.push_str("%5C"),
            _ => out.push_str(&percent_encode(
                &segment[i..i + c.len_utf8()],
                EncodeSet::PATH,
            )),
        }
    }
}
