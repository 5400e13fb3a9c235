//! The [`URLSearchParams` class] as a Rust type: [`UrlSearchParams`].
//!
//! | JavaScript | Rust |
//! |---|---|
//! | `new URLSearchParams()` | [`UrlSearchParams::new`], [`Default`] |
//! | `new URLSearchParams("?a=b")` | [`UrlSearchParams::parse`], [`str::parse`] |
//! | `new URLSearchParams([["a", "b"]])`, `new URLSearchParams({a: "b"})` | [`UrlSearchParams::from_pairs`], [`FromIterator`] |
//! | `size` | [`UrlSearchParams::len`] |
//! | `append`, `delete`, `get`, `getAll`, `has`, `set`, `sort` | methods of the same (snake case) names |
//! | iteration, `forEach` | [`UrlSearchParams::pairs`], `for (name, value) in &params` |
//! | `toString()` | [`Display`](std::fmt::Display) |
//!
//! Every name and value in the IDL is a `USVString`, so JavaScript replaces
//! lone surrogates with U+FFFD on the way in. A Rust `&str` cannot hold a
//! lone surrogate, so there is nothing to replace here; code that starts
//! from possibly ill-formed UTF-16 performs that conversion when it makes a
//! `String` (e.g. with [`String::from_utf16_lossy`]).
//!
//! In the spec a `URLSearchParams` object may be tied to a `URL` object,
//! whose query its [update] steps rewrite after every change. A
//! `UrlSearchParams` is always standalone (its URL object is null), so those
//! steps do nothing here; keeping a URL's query in step is up to whoever
//! owns that URL.
//!
//! [`URLSearchParams` class]: https://url.spec.whatwg.org/#interface-urlsearchparams
//! [update]: https://url.spec.whatwg.org/#concept-urlsearchparams-update

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use crate::form_urlencoded;

/// An ordered list of name-value pairs with the operations of the URL
/// Standard's `URLSearchParams` class.
///
/// Names may repeat, order is kept, and serialization ([`Display`]) uses the
/// `application/x-www-form-urlencoded` format. Equality compares the lists
/// pair by pair, in order.
///
/// <https://url.spec.whatwg.org/#interface-urlsearchparams>
///
/// [`Display`]: fmt::Display
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let mut params = UrlSearchParams::parse("?q=rust+url&page=2");
/// params.append("page", "3");
/// params.set("q", "whatwg");
/// assert_eq!(params.get("q"), Some("whatwg"));
/// assert_eq!(params.get_all("page").collect::<Vec<_>>(), ["2", "3"]);
/// assert_eq!(params.to_string(), "q=whatwg&page=2&page=3");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlSearchParams {
    /// <https://url.spec.whatwg.org/#concept-urlsearchparams-list>
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// Creates an empty list, like `new URLSearchParams()`.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::new();
    /// assert!(params.is_empty());
    /// assert_eq!(params.to_string(), "");
    /// ```
    pub fn new() -> UrlSearchParams {
        UrlSearchParams { list: Vec::new() }
    }

    /// Parses `init` as `application/x-www-form-urlencoded`, after removing
    /// one leading `?` if there is one, like `new URLSearchParams(init)` with
    /// a string.
    ///
    /// Parsing never fails: malformed percent-encodings stay literal and
    /// invalid UTF-8 becomes U+FFFD.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("?a=b+c&d=%zz");
    /// assert_eq!(params.pairs().collect::<Vec<_>>(), [("a", "b c"), ("d", "%zz")]);
    /// // Only one '?' is removed.
    /// assert_eq!(UrlSearchParams::parse("??x").get("?x"), Some(""));
    /// ```
    pub fn parse(init: &str) -> UrlSearchParams {
        let init = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams {
            list: form_urlencoded::parse(init.as_bytes())
                .map(|(name, value)| (name.into_owned(), value.into_owned()))
                .collect(),
        }
    }

    /// Creates a list holding `pairs` in order, like `new URLSearchParams()`
    /// with a sequence of pairs or a record.
    ///
    /// Nothing is decoded: names and values are taken as they are.
    ///
    /// <https://url.spec.whatwg.org/#urlsearchparams-initialize>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::from_pairs([("+", "%C2"), ("a", "?")]);
    /// assert_eq!(params.get("+"), Some("%C2"));
    /// assert_eq!(params.to_string(), "%2B=%25C2&a=%3F");
    /// ```
    pub fn from_pairs<I, K, V>(pairs: I) -> UrlSearchParams
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut params = UrlSearchParams::new();
        params.extend(pairs);
        params
    }

    /// Iterates over the name-value pairs in list order, like iterating a
    /// `URLSearchParams` object or calling its `forEach`.
    ///
    /// <https://url.spec.whatwg.org/#interface-urlsearchparams> (the value
    /// pairs to iterate over are the list's tuples)
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&b=2&a=3");
    /// let pairs: Vec<(&str, &str)> = params.pairs().collect();
    /// assert_eq!(pairs, [("a", "1"), ("b", "2"), ("a", "3")]);
    /// ```
    pub fn pairs(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&str, &str)> + ExactSizeIterator + Clone + '_ {
        self.into_iter()
    }

    /// Appends a pair at the end, even if `name` is already present.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=b");
    /// params.append("a", "c");
    /// assert_eq!(params.to_string(), "a=b&a=c");
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// Removes every pair named `name`, or, if `value` is given, only those
    /// whose value is also `value`.
    ///
    /// `None` is the JavaScript call without a second argument (or with
    /// `undefined`).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=b&a=c&a=d&e=f");
    /// params.delete("a", Some("c"));
    /// assert_eq!(params.to_string(), "a=b&a=d&e=f");
    /// params.delete("a", None);
    /// assert_eq!(params.to_string(), "e=f");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        match value {
            Some(value) => self.list.retain(|(n, v)| !(n == name && v == value)),
            None => self.list.retain(|(n, _)| n != name),
        }
    }

    /// Returns the value of the first pair named `name`, if any.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-get>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=&c=d&a=e");
    /// assert_eq!(params.get("a"), Some(""));
    /// assert_eq!(params.get("e"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Iterates over the values of all pairs named `name`, in list order.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-getall>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&b=2&a=3&a");
    /// assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["1", "3", ""]);
    /// assert_eq!(params.get_all("z").count(), 0);
    /// ```
    pub fn get_all<'a, 'n>(&'a self, name: &'n str) -> impl Iterator<Item = &'a str> + use<'a, 'n> {
        self.list
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reports whether a pair named `name` exists, or, if `value` is given,
    /// one named `name` whose value is `value`.
    ///
    /// `None` is the JavaScript call without a second argument (or with
    /// `undefined`).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=b&a=d&e");
    /// assert!(params.has("a", None));
    /// assert!(params.has("a", Some("d")));
    /// assert!(!params.has("a", Some("c")));
    /// assert!(params.has("e", Some("")));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            Some(value) => self.list.iter().any(|(n, v)| n == name && v == value),
            None => self.list.iter().any(|(n, _)| n == name),
        }
    }

    /// Gives the first pair named `name` the value `value` and removes the
    /// other pairs with that name; appends the pair if there is none.
    ///
    /// The first pair keeps its position in the list.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=1&b=2&a=3");
    /// params.set("a", "4");
    /// assert_eq!(params.to_string(), "a=4&b=2");
    /// params.set("c", "5");
    /// assert_eq!(params.to_string(), "a=4&b=2&c=5");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        let Some(first) = self.list.iter().position(|(n, _)| n == name) else {
            self.append(name, value);
            return;
        };
        value.clone_into(&mut self.list[first].1);
        let mut index = 0;
        self.list.retain(|(n, _)| {
            let keep = index <= first || n != name;
            index += 1;
            keep
        });
    }

    /// Sorts the pairs by name, keeping pairs with equal names in their
    /// relative order.
    ///
    /// Names are compared by their UTF-16 code units, as the spec (and
    /// JavaScript) does, not by `str`'s UTF-8 byte order. The two differ
    /// when a character above U+FFFF (a surrogate pair, starting with
    /// 0xD800–0xDBFF) meets one in U+E000–U+FFFF: UTF-16 puts the former
    /// first.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("z=b&a=b&z=a&a=a&ﬃ&🌈");
    /// params.sort();
    /// let names: Vec<&str> = params.pairs().map(|(name, _)| name).collect();
    /// // U+1F308 sorts before U+FB03 because its first code unit is 0xD83C.
    /// assert_eq!(names, ["a", "a", "z", "z", "🌈", "ﬃ"]);
    /// assert_eq!(params.to_string(), "a=b&a=a&z=b&z=a&%F0%9F%8C%88=&%EF%AC%83=");
    /// ```
    pub fn sort(&mut self) {
        // `sort_by` is stable, as "sorting in ascending order" requires.
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }

    /// Returns the number of pairs, like the `size` getter.
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// assert_eq!(UrlSearchParams::parse("a=1&b=2&a=3").len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Returns `true` if there are no pairs (`size` is 0).
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// assert!(UrlSearchParams::parse("&&").is_empty());
    /// assert!(!UrlSearchParams::parse("=").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Serializes the list as `application/x-www-form-urlencoded` after
    /// encoding names and values with `encoding`, as an HTML form with that
    /// encoding would. [`Display`](fmt::Display) is the UTF-8 case.
    ///
    /// UTF-16BE, UTF-16LE and replacement serialize as UTF-8 (their output
    /// encoding); a code point `encoding` cannot represent is written as
    /// `%26%23NNNN%3B`, the percent-encoded `&#NNNN;`.
    ///
    /// <https://url.spec.whatwg.org/#concept-urlencoded-serializer>
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::from_pairs([("q", "≡ ‽")]);
    /// let utf8 = params.serialize_with_encoding(encoding_rs::UTF_8);
    /// assert_eq!(utf8, "q=%E2%89%A1+%E2%80%BD");
    /// let shift_jis = params.serialize_with_encoding(encoding_rs::SHIFT_JIS);
    /// assert_eq!(shift_jis, "q=%81%DF+%26%238253%3B");
    /// ```
    ///
    /// Needs the `encodings` feature (on by default).
    #[cfg(feature = "encodings")]
    pub fn serialize_with_encoding(&self, encoding: &'static encoding_rs::Encoding) -> String {
        form_urlencoded::serialize_with_encoding(self, encoding)
    }
}

/// Serializes the list as `application/x-www-form-urlencoded` in UTF-8, like
/// `toString()`.
///
/// <https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior>
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let params = UrlSearchParams::from_pairs([("a b", "c&d=e"), ("", "")]);
/// assert_eq!(params.to_string(), "a+b=c%26d%3De&=");
/// ```
impl fmt::Display for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&form_urlencoded::serialize(self))
    }
}

/// Same as [`UrlSearchParams::parse`]; never fails.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let params: UrlSearchParams = "?a=1".parse().unwrap();
/// assert_eq!(params.get("a"), Some("1"));
/// ```
impl FromStr for UrlSearchParams {
    type Err = Infallible;

    fn from_str(init: &str) -> Result<UrlSearchParams, Infallible> {
        Ok(UrlSearchParams::parse(init))
    }
}

/// Iterates over the pairs in list order, as [`UrlSearchParams::pairs`] does.
///
/// <https://url.spec.whatwg.org/#interface-urlsearchparams>
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let params = UrlSearchParams::parse("a=1&b=2");
/// let mut seen = Vec::new();
/// for (name, value) in &params {
///     seen.push(format!("{name}:{value}"));
/// }
/// assert_eq!(seen, ["a:1", "b:2"]);
/// ```
impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, String)>,
        fn(&'a (String, String)) -> (&'a str, &'a str),
    >;

    fn into_iter(self) -> Self::IntoIter {
        // A function pointer keeps `IntoIter` nameable without a public
        // iterator type.
        let as_strs: fn(&'a (String, String)) -> (&'a str, &'a str) = |(name, value)| (name, value);
        self.list.iter().map(as_strs)
    }
}

/// Collects pairs into a list, as [`UrlSearchParams::from_pairs`] does.
///
/// <https://url.spec.whatwg.org/#urlsearchparams-initialize>
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let params: UrlSearchParams = [("c", "x"), ("a", "?")].into_iter().collect();
/// assert_eq!(params.to_string(), "c=x&a=%3F");
/// ```
impl<K, V> FromIterator<(K, V)> for UrlSearchParams
where
    K: AsRef<str>,
    V: AsRef<str>,
{
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> UrlSearchParams {
        UrlSearchParams::from_pairs(pairs)
    }
}

/// Appends each pair in turn, as [`UrlSearchParams::append`] does.
///
/// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
///
/// ```
/// use weburl::UrlSearchParams;
///
/// let mut params = UrlSearchParams::parse("a=1");
/// params.extend([("a", "2"), ("b", "3")]);
/// assert_eq!(params.to_string(), "a=1&a=2&b=3");
/// ```
impl<K, V> Extend<(K, V)> for UrlSearchParams
where
    K: AsRef<str>,
    V: AsRef<str>,
{
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        self.list.extend(
            pairs
                .into_iter()
                .map(|(name, value)| (name.as_ref().to_owned(), value.as_ref().to_owned())),
        );
    }
}
