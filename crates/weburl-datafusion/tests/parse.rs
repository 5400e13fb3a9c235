//! `url_parse` and `url_get`.

use crate::common::{check_each_type, column, context_with_urls, table};
use weburl_datafusion::Component;
use weburl_test_support::url_struct::{getters, URLS};

/// The first five rows of the URL struct's inputs (two URLs, one that
/// does not parse, a null, a data: URL), whose getters weburl-arrow's
/// tests check too.
fn urls() -> &'static [Option<&'static str>] {
    &URLS[..5]
}

#[tokio::test]
async fn each_field_of_url_parse_and_url_get() {
    let ctx = context_with_urls(urls());
    for (index, component) in Component::ALL.into_iter().enumerate() {
        let expected: Vec<Option<&str>> = (0..urls().len())
            .map(|row| getters(row).map(|g| g[index]))
            .collect();
        let name = component.name();
        check_each_type(&ctx, &format!("url_parse({{}})['{name}']"), &expected, "{}").await;
        check_each_type(&ctx, &format!("url_get({{}}, '{name}')"), &expected, "{}").await;
    }
}

#[tokio::test]
async fn an_invalid_url_parses_to_null() {
    let ctx = context_with_urls(urls());
    for c in crate::common::STRING_COLUMNS {
        let nulls = column(
            &ctx,
            &format!("SELECT url_parse({c}) IS NULL FROM t ORDER BY id"),
        )
        .await;
        let expected = [false, false, true, true, false].map(|b| Some(b.to_string()));
        assert_eq!(nulls, expected);
    }
}

#[tokio::test]
async fn the_struct_type_follows_the_string_type() {
    let ctx = context_with_urls(urls());
    let types = column(&ctx, "SELECT arrow_typeof(url_parse(uv)) FROM t LIMIT 1").await;
    let text = types[0].clone().unwrap();
    assert!(text.starts_with("Struct("), "{text}");
    // The getters, in the order of the URL API.
    assert_eq!(text.matches("Utf8View").count(), 11, "{text}");
    let names: Vec<_> = weburl_arrow::GETTERS.iter().map(|c| c.name()).collect();
    let mut at = 0;
    for name in names {
        let found = text[at..].find(&format!("\"{name}\"")).map(|i| at + i);
        assert!(found.is_some(), "{name} in order in {text}");
        at = found.unwrap_or(at);
    }
    // The whole struct displays in one cell.
    let shown = table(&ctx, "SELECT url_parse('https://a.com/p?q#f') AS p").await;
    assert!(shown.contains("href: https://a.com/p?q#f"), "{shown}");
    assert!(shown.contains("origin: https://a.com"), "{shown}");
}
