//! `url_public_suffix`, `url_registrable_domain` and `url_surt`: grouping
//! URLs by site.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use weburl_sites::surt::{self, SurtProfile};
use weburl_sites::Sites;

use crate::rows::map_parsed_urls;
use crate::strings::{string_type_like, StrArg};

/// What [`UrlSite`] returns of the URL's host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SitePart {
    /// `url_public_suffix`: [`Sites::public_suffix`].
    PublicSuffix,
    /// `url_registrable_domain`: [`Sites::registrable_domain`].
    RegistrableDomain,
}

/// `url_public_suffix(url)` and `url_registrable_domain(url)`: the host's
/// public suffix (`co.uk`) or registrable domain (`example.co.uk`) by the
/// URL Standard, from the Public Suffix List compiled into `weburl`. `NULL`
/// for a `NULL` or invalid URL, a host that is not a domain (IP address,
/// opaque host, none), and for the registrable domain of a host that is
/// itself a public suffix.
///
/// ```sql
/// SELECT url_registrable_domain('https://a.b.github.io/');  -- b.github.io
/// SELECT url_public_suffix('https://www.example.co.uk/');   -- co.uk
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlSite {
    part: SitePart,
    signature: Signature,
}

impl UrlSite {
    /// The function for `part`.
    pub fn new(part: SitePart) -> UrlSite {
        UrlSite {
            part,
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl ScalarUDFImpl for UrlSite {
    fn name(&self) -> &str {
        match self.part {
            SitePart::PublicSuffix => "url_public_suffix",
            SitePart::RegistrableDomain => "url_registrable_domain",
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
        let part = self.part;
        map_parsed_urls(&args, |_, url, out| {
            out.append(url.ok().and_then(|url| match part {
                SitePart::PublicSuffix => url.public_suffix(),
                SitePart::RegistrableDomain => url.registrable_domain(),
            }));
            Ok(())
        })
    }
}

/// `url_surt(url [, profile])`: the SURT key of `url` by the profile's
/// rules (see [`weburl_sites::surt`]): `ia` (default; the Internet Archive `surt`
/// package's form of CDX indexes, `com,example)/a?b`) or `heritrix`
/// (`http://(com,example,www,)/a?b`). `NULL` for a `NULL` or invalid URL or
/// a `NULL` profile; an unknown profile is an error.
///
/// ```sql
/// SELECT url_surt('https://www.Example.com/A/?b=2&a=1#x');  -- com,example)/a?a=1&b=2
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlSurt {
    signature: Signature,
}

impl UrlSurt {
    /// The function.
    pub fn new() -> UrlSurt {
        UrlSurt {
            signature: Signature::one_of(
                vec![TypeSignature::String(1), TypeSignature::String(2)],
                Volatility::Immutable,
            ),
        }
    }
}

impl Default for UrlSurt {
    fn default() -> Self {
        UrlSurt::new()
    }
}

impl ScalarUDFImpl for UrlSurt {
    fn name(&self) -> &str {
        "url_surt"
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
            None => StrArg::Scalar(Some(SurtProfile::default().name())),
        };
        map_parsed_urls(&args, |i, url, out| {
            let Some(name) = profiles.get(i) else {
                out.append(None);
                return Ok(());
            };
            let profile = match name.parse::<SurtProfile>() {
                Ok(profile) => profile,
                Err(e) => return exec_err!("url_surt: {e}"),
            };
            match url {
                Ok(url) => out.append(Some(&surt::key(url, profile))),
                Err(_) => out.append(None),
            }
            Ok(())
        })
    }
}
