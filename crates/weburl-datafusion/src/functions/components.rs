//! `url_scheme`, `url_host`, `url_path`, … : one function per component.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::component::origin;
use crate::rows::map_parsed_urls;
use crate::strings::string_type_like;

/// A URL component with its own function.
///
/// These follow the URL Standard's URL record: `NULL` where the record has
/// null (no host, no query, no fragment), a string otherwise. Values are
/// as serialized (percent-encoded, hosts in ASCII).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrlPart {
    /// `url_scheme`: the scheme, lowercase, without `:`.
    Scheme,
    /// `url_username`: the username, `""` when there is none.
    Username,
    /// `url_password`: the password, `""` when there is none.
    Password,
    /// `url_host`: the host and the port when it is not the default; `NULL` without a host.
    Host,
    /// `url_hostname`: the host; `NULL` without a host.
    Hostname,
    /// `url_path`: the path.
    Path,
    /// `url_query`: the query without `?`; `NULL` without one.
    Query,
    /// `url_fragment`: the fragment without `#`; `NULL` without one.
    Fragment,
    /// `url_origin`: the origin's ASCII serialization, `null` for an opaque origin.
    Origin,
}

impl UrlPart {
    /// Every part, in the order the functions are registered.
    pub const ALL: [UrlPart; 9] = [
        UrlPart::Scheme,
        UrlPart::Username,
        UrlPart::Password,
        UrlPart::Host,
        UrlPart::Hostname,
        UrlPart::Path,
        UrlPart::Query,
        UrlPart::Fragment,
        UrlPart::Origin,
    ];

    /// The SQL function's name.
    pub fn function_name(self) -> &'static str {
        match self {
            UrlPart::Scheme => "url_scheme",
            UrlPart::Username => "url_username",
            UrlPart::Password => "url_password",
            UrlPart::Host => "url_host",
            UrlPart::Hostname => "url_hostname",
            UrlPart::Path => "url_path",
            UrlPart::Query => "url_query",
            UrlPart::Fragment => "url_fragment",
            UrlPart::Origin => "url_origin",
        }
    }

    /// The part's value; `scratch` holds an origin that is not a slice.
    pub fn get<'a>(self, url: &'a Url, scratch: &'a mut String) -> Option<&'a str> {
        match self {
            UrlPart::Scheme => Some(url.scheme()),
            UrlPart::Username => Some(url.username()),
            UrlPart::Password => Some(url.password()),
            UrlPart::Host => url.has_host().then(|| url.host()),
            UrlPart::Hostname => url.has_host().then(|| url.hostname()),
            UrlPart::Path => Some(url.pathname()),
            UrlPart::Query => url.query(),
            UrlPart::Fragment => url.fragment(),
            UrlPart::Origin => Some(origin(url, scratch)),
        }
    }
}

/// `url_<part>(url)`: one component of each URL; `NULL` for a `NULL` or
/// invalid URL.
///
/// ```sql
/// SELECT url_hostname('https://[0:0::1]:8080/');   -- [::1]
/// SELECT url_query('https://example.com/?');       -- '' (NULL without the ?)
/// ```
///
/// ```
/// use weburl_datafusion::functions::{UrlPart, UrlPartFunction};
/// use datafusion::logical_expr::ScalarUDF;
///
/// let udf = ScalarUDF::new_from_impl(UrlPartFunction::new(UrlPart::Hostname));
/// assert_eq!(udf.name(), "url_hostname");
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlPartFunction {
    part: UrlPart,
    signature: Signature,
}

impl UrlPartFunction {
    /// The function for `part`.
    pub fn new(part: UrlPart) -> UrlPartFunction {
        UrlPartFunction {
            part,
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl ScalarUDFImpl for UrlPartFunction {
    fn name(&self) -> &str {
        self.part.function_name()
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
                Ok(url) => out.append(self.part.get(url, &mut scratch)),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
