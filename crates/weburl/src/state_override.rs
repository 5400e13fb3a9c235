//! Parser states run on one component string with a state override, for
//! callers that hold a component rather than a URL (URL pattern
//! canonicalization does this for each piece of fixed pattern text).
//!
//! The setters on [`Url`](crate::Url) cover the states a URL object's API
//! reaches; the functions here cover the ones it does not.

use crate::parser::input::remove_tab_and_newline;
use crate::parser::path::parse_opaque_path;

/// The opaque path that the basic URL parser builds from `value` when run
/// with the opaque path state as state override on a URL whose path is the
/// empty string, serialized. Tabs and newlines are removed first, and the
/// path ends at the first "?" or "#" (what follows would be the query or
/// fragment).
///
/// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
///
/// ```
/// use weburl::state_override::opaque_path;
/// assert_eq!(opaque_path("a b\u{7f}"), "a b%7F");
/// assert_eq!(opaque_path("x ?q"), "x%20");
/// ```
pub fn opaque_path(value: &str) -> String {
    let value = remove_tab_and_newline(value);
    let mut out = String::with_capacity(value.len());
    parse_opaque_path(&mut out, &value, 0);
    out
}
