//! Spark's `parse_url(url, part [, key])` and `try_parse_url`, with WHATWG
//! parsing.
//!
//! The signature, the part names and the `NULL`/empty conventions are those
//! of Spark as `datafusion-spark` implements them, so Spark queries run
//! unchanged; only the parsing rules differ. The crate's README lists each
//! difference.

mod part;

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use weburl::{ParseError, Url};

use crate::rows::map_urls;
use crate::strings::{string_type_like, StrArg};

/// `parse_url(url, part [, key])`: Spark's URL part extraction.
///
/// `part` is one of `HOST`, `PATH`, `QUERY`, `REF`, `PROTOCOL`, `FILE`,
/// `AUTHORITY`, `USERINFO` (upper case, as in Spark); another part gives
/// `NULL`. With `key`, `QUERY` gives the raw value of the first `key=value`
/// pair. An input without a scheme is read as a relative reference (path,
/// query and fragment only). `parse_url` fails the query on an invalid URL;
/// `try_parse_url` gives `NULL` instead.
///
/// ```
/// # use datafusion::prelude::SessionContext;
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = SessionContext::new();
/// weburl_datafusion::register_url_functions(&ctx);
/// let batches = ctx
///     .sql("SELECT parse_url('HTTP://User@Example.COM:80/a/../b?q=1#top', 'HOST') AS h,
///                  parse_url('https://example.com?q=1&r=2', 'QUERY', 'r') AS r")
///     .await?
///     .collect()
///     .await?;
/// let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
/// assert!(text.contains("| example.com | 2 |"));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ParseUrl {
    signature: Signature,
    /// `try_parse_url`: `NULL` instead of an error for an invalid URL.
    lenient: bool,
}

impl ParseUrl {
    /// `parse_url`, which fails on an invalid URL.
    pub fn new() -> ParseUrl {
        ParseUrl::with_leniency(false)
    }

    /// `try_parse_url`, which gives `NULL` for an invalid URL.
    pub fn lenient() -> ParseUrl {
        ParseUrl::with_leniency(true)
    }

    fn with_leniency(lenient: bool) -> ParseUrl {
        ParseUrl {
            signature: Signature::one_of(
                vec![TypeSignature::String(2), TypeSignature::String(3)],
                Volatility::Immutable,
            ),
            lenient,
        }
    }
}

impl Default for ParseUrl {
    fn default() -> Self {
        ParseUrl::new()
    }
}

impl ScalarUDFImpl for ParseUrl {
    fn name(&self) -> &str {
        if self.lenient {
            "try_parse_url"
        } else {
            "parse_url"
        }
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
        let parts = StrArg::try_new(&args.args[1])?;
        let keys = args.args.get(2).map(StrArg::try_new).transpose()?;
        let mut reused = None;
        map_urls(&args, |i, input, out| {
            let Some(part) = parts.get(i) else {
                out.append(None);
                return Ok(());
            };
            // A key argument that is NULL makes the result NULL, as in Spark.
            let key = match &keys {
                Some(keys) => match keys.get(i) {
                    Some(key) => Some(key),
                    None => {
                        out.append(None);
                        return Ok(());
                    }
                },
                None => None,
            };
            match Url::options().parse_reusing(input, &mut reused) {
                Ok(url) => out.append(part::url_part(input, url, part, key)),
                // Spark reads a schemeless input as a relative reference.
                Err(ParseError::MissingSchemeNonRelativeUrl) if !input.contains("://") => {
                    out.append(part::relative_part(input, part, key))
                }
                Err(_) if self.lenient => out.append(None),
                Err(e) => {
                    return exec_err!(
                        "The url is invalid: {input} ({e}). Use `try_parse_url` to tolerate \
                         invalid URL and return NULL instead. SQLSTATE: 22P02"
                    )
                }
            }
            Ok(())
        })
    }
}
