//! The URL struct's rows, written out: inputs and every getter of those
//! that parse, for the tests of the Arrow kernel (weburl-arrow) and of
//! SQL's `url_parse` and `url_get` (weburl-datafusion), which read the
//! same values.

/// The inputs: URLs that parse, one that does not (row 2), a null (row 3),
/// and one without a scheme (row 6).
pub const URLS: [Option<&str>; 7] = [
    Some("https://user:pw@EXAMPLE.com:8080/a/../b?q=1#f"),
    Some("blob:https://example.org:443/uuid"),
    Some("http://exa mple.com/"),
    None,
    Some("data:,Hello%2C%20World!"),
    Some("file:///C:/x?#"),
    Some("/relative"),
];

/// Every getter of row `row` of [`URLS`] in `weburl::Component::ALL`
/// order; `None` for the rows that do not parse or are null.
pub fn getters(row: usize) -> Option<[&'static str; 11]> {
    Some(match row {
        0 => [
            "https://user:pw@example.com:8080/b?q=1#f",
            "https:",
            "user",
            "pw",
            "example.com:8080",
            "example.com",
            "8080",
            "/b",
            "?q=1",
            "#f",
            "https://example.com:8080",
        ],
        1 => [
            "blob:https://example.org:443/uuid",
            "blob:",
            "",
            "",
            "",
            "",
            "",
            "https://example.org:443/uuid",
            "",
            "",
            "https://example.org",
        ],
        4 => [
            "data:,Hello%2C%20World!",
            "data:",
            "",
            "",
            "",
            "",
            "",
            ",Hello%2C%20World!",
            "",
            "",
            "null",
        ],
        5 => [
            "file:///C:/x?#",
            "file:",
            "",
            "",
            "",
            "",
            "",
            "/C:/x",
            "",
            "",
            "null",
        ],
        _ => return None,
    })
}
