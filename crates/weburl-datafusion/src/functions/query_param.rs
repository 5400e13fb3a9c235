//! `url_query_param(url, name)`: one query parameter's value.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::form::query_param;
use crate::rows::map_urls;
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
        map_urls(&args, |i, input, out| {
            let Some(name) = names.get(i) else {
                out.append(None);
                return Ok(());
            };
            match Url::parse(input) {
                Ok(url) => out.append(url.query().and_then(|q| query_param(q, name)).as_deref()),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
