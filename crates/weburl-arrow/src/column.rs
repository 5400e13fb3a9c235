//! The struct's columns: the URL's getters, why a URL did not parse, and
//! values a binding derives from the parsed URL.

use std::fmt;

use weburl::{Component, Url};

/// One column of the URL struct.
#[derive(Debug, Clone, Copy)]
pub enum Column {
    /// One of the URL API's getters: its value, `""` where the URL has no
    /// such component (as in a browser); null where the URL does not parse.
    Component(Component),
    /// Why the URL does not parse (a [`weburl::ParseError`] variant name,
    /// [`weburl::ParseError::name`]); null where it parses.
    Error,
    /// A value computed from the parsed URL; null where it does not parse.
    Derived(Derived),
}

/// A column computed from each parsed URL by a function the binding gives
/// (the Public Suffix List's answers, SURT keys, ...), so that this crate
/// does not depend on what computes them.
#[derive(Clone, Copy)]
pub struct Derived {
    /// The field's name.
    pub name: &'static str,
    /// The value for a parsed URL, `None` for null. A value that is not a
    /// slice of the URL is written into the `String` (cleared or
    /// overwritten first: it holds the previous row's value).
    pub value: for<'a> fn(&'a Url, &'a mut String) -> Option<&'a str>,
}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Derived").field("name", &self.name).finish()
    }
}

/// The columns of `getters`, in their order, then `error` if `N` leaves a
/// slot for it: the constant column lists of the bindings. `N` must be the
/// number of getters or one more (checked when the constant is built).
pub const fn getter_columns<const N: usize>(getters: &[Component]) -> [Column; N] {
    assert!(
        getters.len() == N || getters.len() + 1 == N,
        "N is the number of getters, or one more for `error`"
    );
    let mut columns = [Column::Error; N];
    let mut i = 0;
    while i < getters.len() {
        columns[i] = Column::Component(getters[i]);
        i += 1;
    }
    columns
}

/// Every getter ([`Component::ALL`]), the struct of SQL's `url_parse`.
pub const GETTERS: [Column; 11] = getter_columns(&Component::ALL);

/// The URL struct: every getter ([`Component::ALL`]: `href`, `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
/// `search`, `hash`, `origin`), then `error`.
pub const COLUMNS: [Column; 12] = getter_columns(&Component::ALL);

impl Column {
    /// The field's name: the getter's, `"error"`, or the derived column's.
    pub const fn name(self) -> &'static str {
        match self {
            Column::Component(c) => c.name(),
            Column::Error => "error",
            Column::Derived(d) => d.name,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_struct_is_the_getters_then_error() {
        let names: Vec<_> = COLUMNS.iter().map(|c| c.name()).collect();
        let getters: Vec<_> = Component::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names[..11], getters[..]);
        assert_eq!(names[11], "error");
    }
}
