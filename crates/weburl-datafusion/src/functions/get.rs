//! `url_get(url, component)`: any getter by name.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};

use crate::rows::map_parsed_urls;
use crate::strings::{string_type_like, StrArg};
use crate::Component;

/// `url_get(url, component)`: the getter named `component` (`href`,
/// `protocol`, `username`, `password`, `host`, `hostname`, `port`,
/// `pathname`, `search`, `hash`, `origin`; any case), which is the same as
/// the field of `url_parse(url)`. `NULL` for a `NULL` or invalid URL; an
/// unknown component name is an error.
///
/// ```sql
/// SELECT url_get('https://example.com/a?q=1', 'search');   -- ?q=1
/// SELECT url_get(url, 'HOSTNAME') FROM links;
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlGet {
    signature: Signature,
}

impl UrlGet {
    /// The function.
    pub fn new() -> UrlGet {
        UrlGet {
            signature: Signature::string(2, Volatility::Immutable),
        }
    }
}

impl Default for UrlGet {
    fn default() -> Self {
        UrlGet::new()
    }
}

/// Looks a component name up, failing the query on an unknown one.
fn component(name: &str) -> Result<Component> {
    match Component::from_name(name) {
        Some(c) => Ok(c),
        None => exec_err!(
            "url_get: unknown component {name:?}; expected one of href, protocol, username, \
             password, host, hostname, port, pathname, search, hash, origin"
        ),
    }
}

impl ScalarUDFImpl for UrlGet {
    fn name(&self) -> &str {
        "url_get"
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
        // A constant name is looked up once.
        let constant = match names.as_scalar() {
            Some(Some(name)) => Some(component(name)?),
            _ => None,
        };
        let mut scratch = String::new();
        map_parsed_urls(&args, |i, url, out| {
            let Some(name) = names.get(i) else {
                out.append(None);
                return Ok(());
            };
            let which = match constant {
                Some(c) => c,
                None => component(name)?,
            };
            match url {
                Ok(url) => out.append(Some(which.get(url, &mut scratch))),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
