//! [`PathSegmentsMut`]: editing a path segment by segment.

use super::encode::encode_segment;
use crate::error::EditError;
use crate::Url;

/// An editor of a URL's path segments, from [`Url::path_segments_mut`].
///
/// The editor works on a copy of the segments; the URL changes only when
/// the edit is applied, in one step, by [`finish`](Self::finish) or when the
/// editor is dropped. A failed application leaves the URL as it was, so the
/// URL is never half-edited. [`discard`](Self::discard) drops the edit.
///
/// Segments are kept percent-encoded; the ones added are raw values,
/// encoded as [`UrlBuilder::path_segments`](crate::UrlBuilder::path_segments) encodes them.
///
/// <https://url.spec.whatwg.org/#url-path>
///
/// ```
/// use weburl::Url;
///
/// let mut url = Url::parse("https://example.com/api/v1/?key=x")?;
/// let mut path = url.path_segments_mut()?;
/// path.pop_if_empty().push("users/42")?.push("")?;
/// path.finish()?;
/// assert_eq!(url.href(), "https://example.com/api/v1/users%2F42/?key=x");
/// # Ok::<(), weburl::EditError>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The segments as they will be serialized.
    segments: Vec<String>,
    changed: bool,
    /// Set once applied or discarded, so that `Drop` does nothing more.
    done: bool,
}

impl Url {
    /// Edits the path segment by segment, with a [`PathSegmentsMut`].
    /// Fails with [`EditError::OpaquePath`] for a URL with an opaque path.
    ///
    /// This is how to add to a path. [`Url::join`] resolves a *relative
    /// reference*, which replaces the last segment unless the path ends
    /// with "/": `Url::parse("https://x/a/b")?.join("c")` is
    /// `https://x/a/c`, not `https://x/a/b/c`, and `join("c/d")` with a
    /// user-supplied `"c/d"`, `"../d"` or `"//evil.example/"` can go
    /// anywhere. The editor appends to the segments it is given and encodes
    /// every "/" in what it appends.
    ///
    /// <https://url.spec.whatwg.org/#url-path>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let base = Url::parse("https://x/a/b")?;
    /// assert_eq!(base.join("c")?.href(), "https://x/a/c");
    ///
    /// let mut url = base.clone();
    /// url.path_segments_mut()?.push("c")?;
    /// assert_eq!(url.href(), "https://x/a/b/c");
    ///
    /// // A trailing slash is an empty last segment: pop it first.
    /// let mut url = Url::parse("https://x/a/b/")?;
    /// url.path_segments_mut()?.pop_if_empty().push("../c")?;
    /// assert_eq!(url.href(), "https://x/a/b/..%2Fc");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, EditError> {
        if self.has_opaque_path() {
            return Err(EditError::OpaquePath);
        }
        // An empty path ("foo://host") has no segments, though
        // `path_segments` gives one empty segment for it, as for "/".
        let segments = match self.path_segments() {
            Some(segments) if !self.pathname().is_empty() => segments.map(str::to_owned).collect(),
            _ => Vec::new(),
        };
        Ok(PathSegmentsMut {
            url: self,
            segments,
            changed: false,
            done: false,
        })
    }
}

impl PathSegmentsMut<'_> {
    /// Appends a raw segment, percent-encoded with the component set.
    /// Refuses `.` and `..` ([`EditError::DotSegment`]), leaving the
    /// segments as they were.
    ///
    /// ```
    /// use weburl::{EditError, Url};
    ///
    /// let mut url = Url::parse("https://example.com/files")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.push("a b")?.push("c#d")?;
    /// assert_eq!(path.push("..").unwrap_err(), EditError::DotSegment);
    /// path.finish()?;
    /// assert_eq!(url.href(), "https://example.com/files/a%20b/c%23d");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> Result<&mut Self, EditError> {
        let segment = encode_segment(segment)?;
        self.segments.push(segment);
        self.changed = true;
        Ok(self)
    }

    /// Appends raw segments, as [`push`](Self::push) does for each. If one
    /// of them is `.` or `..`, none is appended.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/")?;
    /// let mut path = url.path_segments_mut()?;
    /// assert!(path.extend(["ok", "."]).is_err());
    /// path.clear().extend(["a", "b/c"])?;
    /// path.finish()?;
    /// assert_eq!(url.href(), "https://example.com/a/b%2Fc");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn extend<I, S>(&mut self, segments: I) -> Result<&mut Self, EditError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let encoded = segments
            .into_iter()
            .map(|s| encode_segment(s.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        if !encoded.is_empty() {
            self.segments.extend(encoded);
            self.changed = true;
        }
        Ok(self)
    }

    /// Removes the last segment, if there is one.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a/b?x")?;
    /// url.path_segments_mut()?.pop().pop().pop();
    /// assert_eq!(url.href(), "https://example.com/?x");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        if self.segments.pop().is_some() {
            self.changed = true;
        }
        self
    }

    /// Removes the last segment if it is empty: the one a trailing slash
    /// makes.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/dir/")?;
    /// url.path_segments_mut()?.pop_if_empty().push("file")?;
    /// assert_eq!(url.href(), "https://example.com/dir/file");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.segments.last().is_some_and(String::is_empty) {
            self.segments.pop();
            self.changed = true;
        }
        self
    }

    /// Removes every segment. A special URL, or one without a host, is left
    /// with the path `/` (as the pathname setter would leave it); a
    /// non-special URL with a host gets the empty path.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a/b")?;
    /// url.path_segments_mut()?.clear();
    /// assert_eq!(url.href(), "https://example.com/");
    /// let mut url = Url::parse("foo://host/a/b")?;
    /// url.path_segments_mut()?.clear();
    /// assert_eq!(url.href(), "foo://host");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        if !self.segments.is_empty() {
            self.segments.clear();
            self.changed = true;
        }
        self
    }

    /// Applies the edit and reports whether it could be applied. On error
    /// the URL is as it was before the editor was made.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("foo:/")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.push("b")?;
    /// path.finish()?;
    /// // The path is "//b"; "/." keeps its empty first segment from
    /// // reading as a host.
    /// assert_eq!(url.pathname(), "//b");
    /// assert_eq!(url.href(), "foo:/.//b");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn finish(mut self) -> Result<(), EditError> {
        self.done = true;
        self.apply()
    }

    /// Drops the edit: the URL stays as it was.
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/a")?;
    /// let mut path = url.path_segments_mut()?;
    /// path.clear();
    /// path.discard();
    /// assert_eq!(url.href(), "https://example.com/a");
    /// # Ok::<(), weburl::EditError>(())
    /// ```
    pub fn discard(mut self) {
        self.done = true;
    }

    fn apply(&mut self) -> Result<(), EditError> {
        if !self.changed {
            return Ok(());
        }
        let mut path = String::new();
        for segment in &self.segments {
            path.push('/');
            path.push_str(segment);
        }
        // A special URL's path is never empty, and an empty list path
        // without a host would serialize as "foo:", an opaque path.
        if path.is_empty() && (self.url.is_special() || !self.url.has_host()) {
            path.push('/');
        }
        let mut parts = self.url.parts();
        parts.path = &path;
        *self.url = parts.to_url()?;
        self.changed = false;
        Ok(())
    }
}

/// Applies the edit unless [`finish`](PathSegmentsMut::finish) or
/// [`discard`](PathSegmentsMut::discard) was called. A failure cannot be
/// reported here; it leaves the URL as it was.
impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.apply();
        }
    }
}
