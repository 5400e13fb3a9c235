//! `make_relative`: the reference that `join` resolves back to a URL.

use crate::Url;

impl Url {
    /// A relative reference `r` with `self.join(r) == url`, when both share
    /// scheme, host and port and `self` can be a base; `None` otherwise.
    /// Query and fragment come from `url` only; credentials are ignored.
    ///
    /// ```
    /// use url::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// let url = Url::parse("https://example.net/a/c/d.png?x")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c/d.png?x"));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.cannot_be_a_base()
            || self.scheme() != url.scheme()
            || self.host() != url.host()
            || self.port() != url.port()
        {
            return None;
        }
        let (base_dir, base_file) = directory_and_file(self.path());
        let (dir, file) = directory_and_file(url.path());
        let base_dirs: Vec<&str> = base_dir.split('/').collect();
        let dirs: Vec<&str> = dir.split('/').collect();
        let shared = base_dirs
            .iter()
            .zip(&dirs)
            .take_while(|(a, b)| a == b)
            .count();

        let mut relative = String::new();
        // Each segment is "/"-separated from what precedes it, if anything.
        let push = |relative: &mut String, segment: &str| {
            if !relative.is_empty() {
                relative.push('/');
            }
            relative.push_str(segment);
        };
        // Up out of the base's directories that `url` does not share (a
        // trailing empty segment is the base directory itself).
        for _ in base_dirs[shared..].iter().take_while(|s| !s.is_empty()) {
            push(&mut relative, "..");
        }
        for segment in &dirs[shared..] {
            push(&mut relative, segment);
        }
        if !relative.is_empty() || base_file != file {
            if file.is_empty() {
                // `url` names a directory.
                relative.push('/');
            } else {
                push(&mut relative, file);
            }
        }
        if let Some(query) = url.query() {
            relative.push('?');
            relative.push_str(query);
        }
        if let Some(fragment) = url.fragment() {
            relative.push('#');
            relative.push_str(fragment);
        }
        Some(relative)
    }
}

/// A path split at its last "/": the directory before it and the file
/// name after it. A path without "/" (empty, or the opaque path of a `url`
/// with no host) is split after its first byte, as rust-url does.
fn directory_and_file(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path.get(1..).unwrap_or("")),
    }
}
