//! Editing the query's pairs as `URLSearchParams` does.

use crate::{form_urlencoded, SetterError, Url, UrlSearchParams};

/// The query's pairs as the URL's `searchParams` holds them: the query
/// parsed as `application/x-www-form-urlencoded`, with no "?" stripped
/// (that is `new URLSearchParams(string)`'s step, not the URL's).
///
/// <https://url.spec.whatwg.org/#dom-url-searchparams>
fn query_list(url: &Url) -> UrlSearchParams {
    UrlSearchParams::from_pairs(form_urlencoded::parse(url.query().unwrap_or("").as_bytes()))
}

impl Url {
    /// Appends the pair `name`=`value` to the query, like
    /// `url.searchParams.append(name, value)`.
    ///
    /// As with every change through `searchParams`, the whole query is
    /// serialized again as `application/x-www-form-urlencoded`: pairs keep
    /// their names and values, but not their spelling (`?a=%20` becomes
    /// `?a=+`, `?a/b` becomes `?a%2Fb=`).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/search?q=x#results")?;
    /// url.append_query_param("tag", "a&b").unwrap();
    /// assert_eq!(url.href(), "https://example.com/search?q=x&tag=a%26b#results");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn append_query_param(&mut self, name: &str, value: &str) -> Result<(), SetterError> {
        let mut params = query_list(self);
        params.append(name, value);
        self.set_search_params(&params)
    }

    /// Gives the first pair named `name` the value `value` and removes the
    /// other pairs named `name`, or appends the pair if there is none, like
    /// `url.searchParams.set(name, value)`. The query is serialized again
    /// (see [`Url::append_query_param`]).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/?page=1&sort=asc&page=2")?;
    /// url.replace_query_param("page", "3").unwrap();
    /// assert_eq!(url.href(), "https://example.com/?page=3&sort=asc");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn replace_query_param(&mut self, name: &str, value: &str) -> Result<(), SetterError> {
        let mut params = query_list(self);
        params.set(name, value);
        self.set_search_params(&params)
    }

    /// Removes every pair named `name` (compared after decoding, so
    /// `utm%5Fsource` is `utm_source`) and returns how many were removed.
    ///
    /// When a pair is removed, the query is serialized again (see
    /// [`Url::append_query_param`]) and removing the last pair removes the
    /// query, "?" included, per the `URLSearchParams` update steps. When
    /// none is, the URL is left exactly as it was (where
    /// `searchParams.delete` would still serialize the query again).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/p?utm_source=mail&id=7&utm_source=x#top")?;
    /// assert_eq!(url.remove_query_param("utm_source").unwrap(), 2);
    /// assert_eq!(url.href(), "https://example.com/p?id=7#top");
    /// assert_eq!(url.remove_query_param("id").unwrap(), 1);
    /// assert_eq!(url.href(), "https://example.com/p#top");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn remove_query_param(&mut self, name: &str) -> Result<usize, SetterError> {
        self.retain_query_params(|n, _| n != name)
    }

    /// Keeps only the pairs for which `keep(name, value)` returns `true`
    /// (names and values decoded), in order, and returns how many were
    /// removed. Removal behaves as in [`Url::remove_query_param`].
    ///
    /// <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
    ///
    /// ```
    /// use weburl::Url;
    ///
    /// let mut url = Url::parse("https://example.com/?utm_medium=x&q=rust&utm_campaign=y")?;
    /// let removed = url.retain_query_params(|name, _| !name.starts_with("utm_")).unwrap();
    /// assert_eq!(removed, 2);
    /// assert_eq!(url.href(), "https://example.com/?q=rust");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn retain_query_params<F>(&mut self, mut keep: F) -> Result<usize, SetterError>
    where
        F: FnMut(&str, &str) -> bool,
    {
        let params = query_list(self);
        let kept: UrlSearchParams = params.pairs().filter(|&(n, v)| keep(n, v)).collect();
        let removed = params.len() - kept.len();
        if removed > 0 {
            self.set_search_params(&kept)?;
        }
        Ok(removed)
    }
}
