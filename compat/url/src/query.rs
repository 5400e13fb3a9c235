//! `query_pairs_mut`: a `form_urlencoded::Serializer` writing the query.

use crate::Url;

/// The target of [`Url::query_pairs_mut`]'s serializer: it collects the
/// query and writes it into the URL when the serializer finishes or is
/// dropped.
#[derive(Debug)]
pub struct UrlQuery<'a> {
    url: Option<&'a mut Url>,
    query: String,
}

impl Url {
    /// A serializer that appends `application/x-www-form-urlencoded` pairs
    /// to the query (making an empty one if there is none). The URL is
    /// updated when the serializer is dropped or finished.
    pub fn query_pairs_mut(&mut self) -> form_urlencoded::Serializer<'_, UrlQuery<'_>> {
        let query = self.query().unwrap_or("").to_owned();
        let target = UrlQuery {
            url: Some(self),
            query,
        };
        form_urlencoded::Serializer::for_suffix(target, 0)
    }
}

impl<'a> UrlQuery<'a> {
    /// Writes the collected query into the URL. The serializer's output is
    /// already percent-encoded, so the setter copies it as it is.
    fn write_back(&mut self) -> Option<&'a mut Url> {
        let url = self.url.take()?;
        let mut search = String::with_capacity(self.query.len() + 1);
        search.push('?');
        search.push_str(&self.query);
        // A query only grows past weburl's 4 GiB limit by appending to it;
        // the URL then keeps its old query, as a failed setter does.
        let _ = url.inner.set_search(&search);
        Some(url)
    }
}

impl<'a> form_urlencoded::Target for UrlQuery<'a> {
    fn as_mut_string(&mut self) -> &mut String {
        &mut self.query
    }

    fn finish(mut self) -> &'a mut Url {
        // `url` is only taken here and in `drop`, which runs after.
        self.write_back().expect("a UrlQuery is finished once")
    }

    type Finished = &'a mut Url;
}

impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        self.write_back();
    }
}
