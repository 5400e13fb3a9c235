//! `url_resolve(base, reference)`: a reference resolved against a base.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::Url;

use crate::rows::map_urls;
use crate::strings::{string_type_like, StrArg};

/// `url_resolve(base, reference)`: the href of `reference` resolved against
/// `base`, as `new URL(reference, base).href`; `NULL` when either is
/// `NULL`, the base is invalid or the result is.
///
/// An absolute `reference` resolves to itself.
///
/// ```sql
/// SELECT url_resolve('https://example.com/docs/a.html', '../img/b.png');   -- https://example.com/img/b.png
/// SELECT url_resolve(page_url, href) FROM links;
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlResolve {
    signature: Signature,
}

impl UrlResolve {
    /// The function.
    pub fn new() -> UrlResolve {
        UrlResolve {
            signature: Signature::string(2, Volatility::Immutable),
        }
    }
}

impl Default for UrlResolve {
    fn default() -> Self {
        UrlResolve::new()
    }
}

impl ScalarUDFImpl for UrlResolve {
    fn name(&self) -> &str {
        "url_resolve"
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
        let references = StrArg::try_new(&args.args[1])?;
        // Links of one page come together, so the last base parsed is kept
        // for the next row.
        let mut last_base: Option<(&str, Option<Url>)> = None;
        map_urls(&args, |i, base, out| {
            let Some(reference) = references.get(i) else {
                out.append(None);
                return Ok(());
            };
            if last_base.as_ref().is_none_or(|(text, _)| *text != base) {
                last_base = Some((base, Url::parse(base).ok()));
            }
            let resolved = match &last_base {
                Some((_, Some(base))) => base.join(reference).ok(),
                _ => None,
            };
            out.append(resolved.as_ref().map(Url::href));
            Ok(())
        })
    }
}
