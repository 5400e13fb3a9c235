//! `url_parse(url)`: every getter at once, as a struct.

use std::sync::Arc;

use datafusion::arrow::array::{NullBufferBuilder, StructArray};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::rows::Shape;
use crate::strings::{string_type_like, StrArg, StrBuilder};
use crate::Component;

/// `url_parse(url)`: a struct with the fields `href`, `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
/// `search`, `hash` and `origin`, the values of the JavaScript `URL`
/// object's getters; `NULL` for a `NULL` or invalid URL.
///
/// The fields have the URL argument's string type.
///
/// ```sql
/// SELECT url_parse('https://user@EXAMPLE.com:8080/a/../b?q#f')['host'];   -- example.com:8080
/// SELECT p['origin'], p['pathname'] FROM (SELECT url_parse(url) AS p FROM links);
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
        Component::ALL
            .iter()
            .map(|c| Field::new(c.name(), string_type.clone(), true))
            .collect()
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
        let urls = StrArg::try_new(&args.args[0])?;
        let DataType::Struct(fields) = args.return_type().clone() else {
            unreachable!("return_type gives a struct")
        };
        let string_type = fields[0].data_type().clone();
        let mut columns = Component::ALL
            .iter()
            .map(|_| StrBuilder::new(&string_type, shape.rows, shape.rows * 8))
            .collect::<Result<Vec<_>>>()?;
        let mut nulls = NullBufferBuilder::new(shape.rows);
        let mut scratch = String::new();
        // One URL buffer for the whole batch.
        let mut reused = None;
        for i in 0..shape.rows {
            match urls
                .get(i)
                .map(|input| Url::options().parse_reusing(input, &mut reused))
            {
                Some(Ok(url)) => {
                    for (column, component) in columns.iter_mut().zip(Component::ALL) {
                        column.append(Some(component.get(url, &mut scratch)));
                    }
                    nulls.append_non_null();
                }
                // The children are null too, so that reading a field of a
                // null struct gives NULL whichever way it is read.
                _ => {
                    columns.iter_mut().for_each(|c| c.append(None));
                    nulls.append_null();
                }
            }
        }
        let children = columns.into_iter().map(StrBuilder::finish).collect();
        let array = StructArray::try_new(fields, children, nulls.finish())?;
        shape.finish(Arc::new(array))
    }
}
