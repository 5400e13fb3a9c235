//! `url_valid(url)` and `url_error(url)`: whether a string parses, and why not.

use std::sync::Arc;

use datafusion::arrow::array::BooleanBuilder;
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::rows::{map_parsed_urls, Shape};
use crate::strings::{string_type_like, StrArg};

/// `url_valid(url)`: `true` when the URL Standard's parser accepts `url`
/// (`URL.canParse(url)`), `NULL` for a `NULL` input.
///
/// ```sql
/// SELECT url_valid('http://exa mple.com/');   -- false
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlValid {
    signature: Signature,
}

impl UrlValid {
    /// The function.
    pub fn new() -> UrlValid {
        UrlValid {
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl Default for UrlValid {
    fn default() -> Self {
        UrlValid::new()
    }
}

impl ScalarUDFImpl for UrlValid {
    fn name(&self) -> &str {
        "url_valid"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let shape = Shape::of(&args);
        let urls = StrArg::try_new(&args.args[0])?;
        let mut out = BooleanBuilder::with_capacity(shape.rows);
        for i in 0..shape.rows {
            out.append_option(urls.get(i).map(|input| Url::can_parse(input, None)));
        }
        shape.finish(Arc::new(out.finish()))
    }
}

/// `url_error(url)`: why the parser rejects `url`, as the name of the
/// [`weburl::ParseError`] variant (`HostMissing`, `Ipv4OutOfRange`,
/// `MissingSchemeNonRelativeUrl`, …); `NULL` when `url` is valid or `NULL`.
///
/// ```sql
/// SELECT url_error(url), count(*) FROM links GROUP BY 1;   -- NULL, HostMissing, Ipv4OutOfRange, …
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlError {
    signature: Signature,
}

impl UrlError {
    /// The function.
    pub fn new() -> UrlError {
        UrlError {
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl Default for UrlError {
    fn default() -> Self {
        UrlError::new()
    }
}

impl ScalarUDFImpl for UrlError {
    fn name(&self) -> &str {
        "url_error"
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
        map_parsed_urls(&args, |_, url, out| {
            match url {
                Ok(_) => out.append(None),
                Err(e) => out.append(Some(e.name())),
            }
            Ok(())
        })
    }
}
