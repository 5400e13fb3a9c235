//! `url_scheme`, `url_host`, `url_path`, … : one function per component.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};

use crate::rows::map_parsed_urls;
use crate::strings::string_type_like;
use crate::Component;

/// `url_<part>(url)`: one component of each URL, the URL Standard's URL
/// record field ([`Component::record_value`]; the origin's ASCII
/// serialization for `url_origin`): `NULL` where the record has null (no
/// host, no query, no fragment), as serialized otherwise (percent-encoded,
/// hosts in ASCII); `NULL` for a `NULL` or invalid URL.
///
/// ```sql
/// SELECT url_hostname('https://[0:0::1]:8080/');   -- [::1]
/// SELECT url_query('https://example.com/?');       -- '' (NULL without the ?)
/// ```
///
/// ```
/// use weburl_datafusion::functions::UrlPartFunction;
/// use weburl_datafusion::Component;
/// use datafusion::logical_expr::ScalarUDF;
///
/// let udf = ScalarUDF::new_from_impl(UrlPartFunction::new(Component::Hostname).unwrap());
/// assert_eq!(udf.name(), "url_hostname");
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlPartFunction {
    name: &'static str,
    component: Component,
    signature: Signature,
}

/// The components with a function of their own, and its name (the record
/// field's name where it differs from the getter's).
const FUNCTIONS: [(&str, Component); 9] = [
    ("url_scheme", Component::Protocol),
    ("url_username", Component::Username),
    ("url_password", Component::Password),
    ("url_host", Component::Host),
    ("url_hostname", Component::Hostname),
    ("url_path", Component::Pathname),
    ("url_query", Component::Search),
    ("url_fragment", Component::Hash),
    ("url_origin", Component::Origin),
];

impl UrlPartFunction {
    /// Every component function, in the order they are registered.
    pub fn all() -> impl Iterator<Item = UrlPartFunction> {
        FUNCTIONS
            .into_iter()
            .map(|(name, component)| UrlPartFunction::of(name, component))
    }

    fn of(name: &'static str, component: Component) -> UrlPartFunction {
        UrlPartFunction {
            name,
            component,
            signature: Signature::string(1, Volatility::Immutable),
        }
    }

    /// The function for `component`; `None` for the ones without a
    /// function of their own (`href`, `port`: `url_port` gives a number).
    pub fn new(component: Component) -> Option<UrlPartFunction> {
        let (name, component) = FUNCTIONS.into_iter().find(|(_, c)| *c == component)?;
        Some(UrlPartFunction::of(name, component))
    }
}

impl ScalarUDFImpl for UrlPartFunction {
    fn name(&self) -> &str {
        self.name
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
        let mut scratch = String::new();
        map_parsed_urls(&args, |_, url, out| {
            match url {
                Ok(url) if self.component == Component::Origin => {
                    out.append(Some(self.component.get(url, &mut scratch)))
                }
                Ok(url) => out.append(self.component.record_value(url)),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
