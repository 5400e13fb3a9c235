//! `url_public_suffix`, `url_registrable_domain` and `url_surt` on each
//! Arrow string type, with NULL, invalid and hostless inputs, and grouping
//! by registrable domain.

use crate::common::{check_each_type, context_with_urls, table, value};
use weburl_test_support::console;

const URLS: [Option<&str>; 8] = [
    Some("https://www.example.co.uk/a/?b=2&a=1#top"),
    Some("https://a.b.github.io/"),
    Some("https://github.io/"),
    Some("http://[::1]/"),
    Some("mailto:someone@example.com"),
    Some("not a url"),
    None,
    Some("https://www.食狮.公司.cn/"),
];

const N: Option<&str> = None;

#[tokio::test]
async fn public_suffix_and_registrable_domain() {
    let ctx = context_with_urls(&URLS);
    check_each_type(
        &ctx,
        "url_public_suffix({})",
        &[
            Some("co.uk"),
            Some("github.io"),
            Some("github.io"),
            N,
            N,
            N,
            N,
            Some("xn--55qx5d.cn"),
        ],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "url_registrable_domain({})",
        &[
            Some("example.co.uk"),
            Some("b.github.io"),
            N,
            N,
            N,
            N,
            N,
            Some("xn--85x722f.xn--55qx5d.cn"),
        ],
        "{}",
    )
    .await;
}

#[tokio::test]
async fn surt_profiles() {
    let ctx = context_with_urls(&URLS);
    let ia = [
        Some("uk,co,example)/a?a=1&b=2"),
        Some("io,github,b,a)/"),
        Some("io,github)/"),
        Some("::1)/"),
        Some("mailto:someone@example.com"),
        N,
        N,
        Some("cn,xn--55qx5d,xn--85x722f)/"),
    ];
    check_each_type(&ctx, "url_surt({})", &ia, "{}").await;
    check_each_type(&ctx, "url_surt({}, 'IA')", &ia, "{}").await;
    check_each_type(
        &ctx,
        "url_surt({}, 'heritrix')",
        &[
            Some("https://(uk,co,example,www,)/a/?b=2&a=1#top"),
            Some("https://(io,github,b,a,)/"),
            Some("https://(io,github,)/"),
            Some("http://([::1],)/"),
            Some("mailto:someone@example.com"),
            N,
            N,
            Some("https://(cn,xn--55qx5d,xn--85x722f,www,)/"),
        ],
        "{}",
    )
    .await;
    assert_eq!(
        value(&ctx, "SELECT url_surt('http://a/', NULL)").await,
        None
    );
    let error = ctx
        .sql("SELECT url_surt(u8, 'cdx') FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("expected a SURT profile (ia or heritrix), found \"cdx\""),
        "{error}"
    );
}

#[tokio::test]
async fn group_by_registrable_domain() {
    let ctx = context_with_urls(&[
        Some("https://www.example.co.uk/"),
        Some("http://shop.example.co.uk/cart"),
        Some("https://a.github.io/"),
        Some("https://b.github.io/"),
        Some("https://example.co.uk./"),
        Some("http://127.0.0.1/"),
    ]);
    let result = table(
        &ctx,
        "SELECT url_registrable_domain(u8) AS site, count(*) AS urls FROM t \
         GROUP BY site ORDER BY urls DESC, site",
    )
    .await;
    assert_eq!(
        result,
        "+----------------+------+\n\
         | site           | urls |\n\
         +----------------+------+\n\
         | example.co.uk  | 2    |\n\
         | a.github.io    | 1    |\n\
         | b.github.io    | 1    |\n\
         | example.co.uk. | 1    |\n\
         |                | 1    |\n\
         +----------------+------+"
    );
}

/// The README's `GROUP BY url_registrable_domain(url)` example: its
/// commands run with this build's `weburl-sql` and print what it shows.
#[test]
fn readme_group_by_example() {
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_weburl-sql"))
        .parent()
        .unwrap();
    let blocks = console::check_console_blocks(
        include_str!("../README.md"),
        bin_dir,
        dir.path(),
        console::runs_weburl_sql,
    );
    assert_eq!(blocks, 1);
}
