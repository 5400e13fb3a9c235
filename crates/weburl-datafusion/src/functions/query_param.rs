//! `url_query_param(url, name)`: one query parameter's value.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use std::borrow::Cow;

use weburl::form_urlencoded;

use crate::rows::map_parsed_urls;
use crate::strings::{string_type_like, StrArg};

/// `url_query_param(url, name)`: the value of the first query parameter
/// called `name`, as `new URL(url).searchParams.get(name)` gives it
/// (`+` and percent-escapes decoded); `NULL` when there is none, and for a
/// `NULL` or invalid URL or a `NULL` name.
///
/// ```sql
/// SELECT url_query_param('https://example.com/s?q=a+b%21&q=2', 'q');   -- a b!
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlQueryParam {
    signature: Signature,
}

impl UrlQueryParam {
    /// The function.
    pub fn new() -> UrlQueryParam {
        UrlQueryParam {
            signature: Signature::string(2, Volatility::Immutable),
        }
    }
}

impl Default for UrlQueryParam {
    fn default() -> Self {
        UrlQueryParam::new()
    }
}

impl ScalarUDFImpl for UrlQueryParam {
    fn name(&self) -> &str {
        "url_query_param"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(string_type_like(&arg_types[0]))
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let names = StrArg::try_new(&args.args[1])?;
        map_parsed_urls(&args, |i, url, out| {
            let Some(name) = names.get(i) else {
                out.append(None);
                return Ok(());
            };
            match url {
                Ok(url) => out.append(url.query().and_then(|q| query_param(q, name)).as_deref()),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}

/// The value of the first parameter of `query` (without `?`) named `name`,
/// as `URLSearchParams.get` gives it; `None` when there is none. The value
/// is borrowed from `query` unless it needed decoding.
fn query_param<'a>(query: &'a str, name: &str) -> Option<Cow<'a, str>> {
    form_urlencoded::parse(query.as_bytes()).find_map(|(n, value)| (n == name).then_some(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::UrlSearchParams;

    #[test]
    fn agrees_with_url_search_params() {
        let queries = [
            "a=1&b=2&a=3",
            "a&b=&=c",
            "q=a+b%20c&x=%zz",
            "%61=decoded-name&a=second",
            "&&a=1&&",
            "k=%C2x",
            "k=v=w",
            "a+b=1",
            "",
        ];
        let names = ["a", "b", "", "q", "x", "k", "a b", "missing"];
        for query in queries {
            let params = UrlSearchParams::parse(query);
            for name in names {
                assert_eq!(
                    query_param(query, name).as_deref(),
                    params.get(name),
                    "{query:?} {name:?}"
                );
            }
        }
    }

    #[test]
    fn plain_values_are_borrowed() {
        assert!(matches!(query_param("a=1", "a"), Some(Cow::Borrowed("1"))));
    }
}
