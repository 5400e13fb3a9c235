//! `url_normalize(url [, profile])`: a normalized href for deduplication.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use weburl_sites::normalize::Normalizer;

use crate::rows::map_parsed_urls;
use crate::strings::{string_type_like, StrArg};

/// The profile `url_normalize` uses when none is given.
pub const DEFAULT_PROFILE: &str = "safe";

/// The [`Normalizer`] for a profile name (any case):
///
/// | profile | normalizer | what it changes beyond the standard's canonical form |
/// |---|---|---|
/// | `canonical` | [`Normalizer::new`] | nothing: the href as the parser serializes it |
/// | `safe` | [`Normalizer::safe`] | RFC 3986 §6.2.2: percent-escape case, unreserved escapes, opaque host case |
/// | `crawler` | [`Normalizer::crawler`] | `safe`, and drops tracking parameters, sorts the query, drops an empty query and the fragment |
/// | `aggressive` | [`Normalizer::aggressive`] | `crawler`, and form-encodes the query, drops `index.html` and trailing slashes |
///
/// The names are the library's (`Normalizer`'s `FromStr`).
///
/// ```
/// use weburl_datafusion::functions::normalizer_for_profile;
/// assert!(normalizer_for_profile("Crawler").is_some());
/// assert!(normalizer_for_profile("lenient").is_none());
/// ```
pub fn normalizer_for_profile(profile: &str) -> Option<Normalizer> {
    profile.parse().ok()
}

fn normalizer(profile: &str) -> Result<Normalizer> {
    match profile.parse::<Normalizer>() {
        Ok(n) => Ok(n),
        Err(e) => exec_err!("url_normalize: {e}"),
    }
}

/// `url_normalize(url [, profile])`: the href of `url` normalized with
/// `profile` (see [`normalizer_for_profile`]; `safe` when omitted), a key
/// under which spellings of one URL compare equal. `NULL` for a `NULL` or
/// invalid URL or a `NULL` profile; an unknown profile is an error.
///
/// ```sql
/// SELECT url_normalize('https://Example.com/%7euser/?b=2&utm_source=x&a=1#top', 'crawler');
/// -- https://example.com/~user/?a=1&b=2
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlNormalize {
    signature: Signature,
}

impl UrlNormalize {
    /// The function.
    pub fn new() -> UrlNormalize {
        UrlNormalize {
            signature: Signature::one_of(
                vec![TypeSignature::String(1), TypeSignature::String(2)],
                Volatility::Immutable,
            ),
        }
    }
}

impl Default for UrlNormalize {
    fn default() -> Self {
        UrlNormalize::new()
    }
}

impl ScalarUDFImpl for UrlNormalize {
    fn name(&self) -> &str {
        "url_normalize"
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
        let profiles = match args.args.get(1) {
            Some(arg) => StrArg::try_new(arg)?,
            None => StrArg::Scalar(Some(DEFAULT_PROFILE)),
        };
        // The normalizer of the last profile seen, rebuilt when it changes.
        let mut current: Option<(&str, Normalizer)> = None;
        map_parsed_urls(&args, |i, url, out| {
            let Some(profile) = profiles.get(i) else {
                out.append(None);
                return Ok(());
            };
            if current.as_ref().is_none_or(|(name, _)| *name != profile) {
                current = Some((profile, normalizer(profile)?));
            }
            let Some((_, active)) = &current else {
                unreachable!("set above")
            };
            match url {
                Ok(url) => out.append(Some(active.normalize(url).href())),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
