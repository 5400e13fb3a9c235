//! Input pre-processing, done once before the state machine runs.
//!
//! <https://url.spec.whatwg.org/#concept-basic-url-parser> steps 1–3.

use std::borrow::Cow;

use crate::code_points::{is_ascii_tab_or_newline, is_c0_control_or_space};

/// Removes leading and trailing C0 controls and spaces, then every ASCII tab
/// or newline. Borrows unless a tab or newline has to go.
#[inline]
pub(crate) fn preprocess(input: &str) -> Cow<'_, str> {
    remove_tab_and_newline(input.trim_matches(is_c0_control_or_space))
}

/// Removes every ASCII tab or newline (setters do only this, no trimming).
#[inline]
pub(crate) fn remove_tab_and_newline(input: &str) -> Cow<'_, str> {
    if !input.bytes().any(is_ascii_tab_or_newline) {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    for piece in input.split(['\t', '\n', '\r']) {
        out.push_str(piece);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_strips() {
        assert_eq!(preprocess("\u{0} \t ht\ntp://a\r/ \u{1f}"), "http://a/");
        assert!(matches!(preprocess("http://a/"), Cow::Borrowed(_)));
        assert_eq!(remove_tab_and_newline(" a\tb "), " ab ");
    }
}
