//! Opaque hosts: the hosts of non-special URLs.

use crate::code_points::is_forbidden_host;
use crate::percent_encoding::{encode_into, EncodeSet};

/// <https://url.spec.whatwg.org/#concept-opaque-host-parser>
///
/// Returns false (failure) on a forbidden host code point; otherwise appends
/// the host, UTF-8 percent-encoded with the C0 control percent-encode set.
pub(crate) fn parse_into(input: &str, out: &mut String) -> bool {
    if input.bytes().any(is_forbidden_host) {
        return false;
    }
    encode_into(out, input, EncodeSet::C0_CONTROL);
    true
}
