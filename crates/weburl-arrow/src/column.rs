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

/// Every getter ([`Component::ALL`]), the struct of SQL's `url_parse`.
pub const GETTERS: [Column; 11] = {
    let mut columns = [Column::Error; 11];
    let mut i = 0;
    while i < Component::ALL.len() {
        columns[i] = Column::Component(Component::ALL[i]);
        i += 1;
    }
    columns
};

/// The URL struct: every getter ([`Component::ALL`]: `href`, `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
/// `search`, `hash`, `origin`), then `error`.
pub const COLUMNS: [Column; 12] = {
    let mut columns = [Column::Error; 12];
    let mut i = 0;
    while i < GETTERS.len() {
        columns[i] = GETTERS[i];
        i += 1;
    }
    columns
};

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
