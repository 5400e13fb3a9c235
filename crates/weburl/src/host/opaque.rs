//! Opaque hosts: the hosts of non-special URLs.
//!
//! <https://url.spec.whatwg.org/#concept-opaque-host-parser>

use crate::code_points::is_forbidden_host;
use crate::percent_encoding::{encode_into as percent_encode_into, EncodeSet};

/// Step 1: an opaque host has no forbidden host code point.
pub(crate) fn is_valid(input: &str) -> bool {
    !input.bytes().any(is_forbidden_host)
}

/// Step 4: appends the host, UTF-8 percent-encoded with the C0 control
/// percent-encode set.
pub(crate) fn encode_into(input: &str, out: &mut String) {
    percent_encode_into(out, input, EncodeSet::C0_CONTROL);
}
