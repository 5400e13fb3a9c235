//! `url_port(url)`: the port as a number.

use std::sync::Arc;

use datafusion::arrow::array::Int32Builder;
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::rows::Shape;
use crate::strings::StrArg;

/// `url_port(url)`: the port as an `INT`, `NULL` when the URL has none or
/// it is the scheme's default (the standard drops a default port), and for
/// a `NULL` or invalid URL.
///
/// ```sql
/// SELECT url_port('https://example.com:8443/');   -- 8443
/// SELECT url_port('https://example.com:443/');    -- NULL
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlPort {
    signature: Signature,
}

impl UrlPort {
    /// The function.
    pub fn new() -> UrlPort {
        UrlPort {
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl Default for UrlPort {
    fn default() -> Self {
        UrlPort::new()
    }
}

impl ScalarUDFImpl for UrlPort {
    fn name(&self) -> &str {
        "url_port"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Int32)
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let shape = Shape::of(&args);
        let urls = StrArg::try_new(&args.args[0])?;
        let mut out = Int32Builder::with_capacity(shape.rows);
        let mut reused = None;
        for i in 0..shape.rows {
            let port = urls
                .get(i)
                .and_then(|input| Url::options().parse_reusing(input, &mut reused).ok())
                .and_then(|url| url.typed_port());
            out.append_option(port.map(i32::from));
        }
        shape.finish(Arc::new(out.finish()))
    }
}
