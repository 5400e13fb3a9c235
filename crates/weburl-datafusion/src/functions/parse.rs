//! `url_parse(url)`: every getter at once, as a struct built by
//! [`weburl_arrow`], the kernel Python's `parse_many` shares.

use std::sync::Arc;

use datafusion::arrow::datatypes::{DataType, Fields};
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl_arrow::{UrlStruct, GETTERS};

use crate::rows::Shape;
use crate::strings::{string_type_like, StrArg};

/// `url_parse(url)`: a struct with the fields `href`, `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
/// `search`, `hash` and `origin`, the values of the JavaScript `URL`
/// object's getters (`""` for an absent component); `NULL` for an invalid
/// or `NULL` URL (`url_error` says why a URL is invalid).
///
/// The fields have the URL argument's string type.
///
/// ```sql
/// SELECT url_parse('https://user@EXAMPLE.com:8080/a/../b?q#f')['host'];   -- example.com:8080
/// SELECT p['origin'], p['pathname'] FROM (SELECT url_parse(url) AS p FROM links);
/// SELECT url_parse('http://exa mple.com/') IS NULL;                     -- true
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlParse {
    signature: Signature,
}

impl UrlParse {
    /// The function.
    pub fn new() -> UrlParse {
        UrlParse {
            signature: Signature::string(1, Volatility::Immutable),
        }
    }

    /// The struct's fields for URLs of string type `string_type`.
    pub fn fields(string_type: &DataType) -> Fields {
        weburl_arrow::fields(&GETTERS, string_type)
    }
}

impl Default for UrlParse {
    fn default() -> Self {
        UrlParse::new()
    }
}

impl ScalarUDFImpl for UrlParse {
    fn name(&self) -> &str {
        "url_parse"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Struct(UrlParse::fields(&string_type_like(
            &arg_types[0],
        ))))
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let shape = Shape::of(&args);
        let DataType::Struct(fields) = args.return_type() else {
            unreachable!("return_type gives a struct")
        };
        let string_type = fields[0].data_type().clone();
        let kernel = UrlStruct::new(&GETTERS)
            .string_type(string_type)
            .failed_rows_null();
        let array = match &args.args[0] {
            ColumnarValue::Array(urls) if urls.data_type() != &DataType::Null => {
                kernel.parse(urls.as_ref())?
            }
            // A constant (or an untyped NULL): its rows one at a time.
            arg => {
                let urls = StrArg::try_new(arg)?;
                let bytes = urls.as_scalar().flatten().map_or(0, str::len);
                let mut builder = kernel.builder(shape.rows, bytes * shape.rows)?;
                builder.extend((0..shape.rows).map(|i| urls.get(i)))?;
                builder.finish()?
            }
        };
        shape.finish(Arc::new(array))
    }
}
