//! `validationErrors(input, base)`: the URL Standard's validation errors
//! with their spans in UTF-16 code units.
//!
//! <https://url.spec.whatwg.org/#validation-error>

use weburl::{ParseError, Url, ValidationError};

use super::utf16::Utf16Index;
use crate::abi;
use crate::json::{self, Obj};

/// The result of parsing `input` against `base`, and its validation errors
/// in the order the parser meets them (a failure is reported as its error
/// too).
pub(crate) fn parse(
    input: &str,
    base: Option<&Url>,
) -> (Result<Url, ParseError>, Vec<ValidationError>) {
    let mut errors: Vec<ValidationError> = Vec::new();
    let parsed = Url::options()
        .base_url(base)
        .validation_sink(&mut errors)
        .parse(input);
    (parsed, errors)
}

/// `errors` as a JSON array of `{name, description, failure, start, end}`,
/// spans in UTF-16 code units of `input`.
pub(crate) fn errors_json(out: &mut Vec<u8>, input: &str, errors: &[ValidationError]) {
    let index = Utf16Index::new(input);
    json::array(out, errors, |out, e| {
        Obj::new(out)
            .str("name", e.kind.name())
            .str("description", e.kind.description())
            .bool("failure", e.kind.is_failure())
            .num("start", index.at(e.span.start))
            .num("end", index.end(e.span.end))
            .end();
    });
}

/// Arguments (`with_args`): input, base or null. Returns the JSON array
/// of `errors_json`, or `TYPE_ERROR` when the base does not parse.
#[no_mangle]
pub extern "C" fn weburl_validation_errors() -> i32 {
    abi::with_args(2, |args| {
        let input = args[0].unwrap_or_default();
        let base = match super::parse_base(args[1]) {
            Ok(b) => b,
            Err(message) => return abi::type_error(&message),
        };
        let (_, errors) = parse(input, base.as_ref());
        abi::out_with(|out| errors_json(out, input, &errors))
    })
}
