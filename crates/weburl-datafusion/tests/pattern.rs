//! `url_pattern_match` and `url_pattern_groups` on each Arrow string type,
//! with NULL and invalid inputs, constant and per-row patterns.

use crate::common::{check_each_type, column, context_with_urls, value};

const URLS: [Option<&str>; 6] = [
    Some("https://api.example.com/users/42"),
    Some("https://example.com/users/42"),
    Some("https://api.example.com/users/42/posts"),
    Some("not a url"),
    None,
    Some("https://www.example.com/users/7?x=1#top"),
];

const PATTERN: &str = "https://*.example.com/users/:id";

#[tokio::test]
async fn url_pattern_match() {
    let ctx = context_with_urls(&URLS);
    let t = Some("true");
    let f = Some("false");
    check_each_type(
        &ctx,
        &format!("url_pattern_match({{}}, '{PATTERN}')"),
        &[t, f, f, f, None, t],
        "Boolean",
    )
    .await;
    assert_eq!(
        value(&ctx, "SELECT url_pattern_match('https://a.com/x', NULL)").await,
        None
    );
}

#[tokio::test]
async fn url_pattern_groups() {
    let ctx = context_with_urls(&URLS);
    check_each_type(
        &ctx,
        &format!("url_pattern_groups({{}}, '{PATTERN}')"),
        &[
            Some(r#"{"hostname":{"0":"api"},"pathname":{"id":"42"}}"#),
            None,
            None,
            None,
            None,
            Some(r#"{"hostname":{"0":"www"},"pathname":{"id":"7"}}"#),
        ],
        "{}",
    )
    .await;
}

#[tokio::test]
async fn a_pattern_per_row() {
    let ctx = context_with_urls(&URLS);
    let got = column(
        &ctx,
        "SELECT url_pattern_match(u8, CASE WHEN id % 2 = 0 THEN 'https://api.example.com/*' \
         ELSE 'https://example.com/users/:id' END) FROM t ORDER BY id",
    )
    .await;
    let expected = [
        Some("true"),
        Some("true"),
        Some("true"),
        Some("false"),
        None,
        Some("false"),
    ];
    assert_eq!(got, expected.map(|v| v.map(str::to_owned)));
}

#[tokio::test]
async fn a_pattern_that_does_not_build_is_an_error_saying_why() {
    let ctx = context_with_urls(&URLS);
    for (pattern, reason) in [
        ("https://x/((?<n>a)\\k<n>)", "backreferences"),
        ("/relative", "needs a base URL"),
        ("https://x/:id(", "regexp"),
    ] {
        let sql = format!("SELECT url_pattern_match(u8, '{pattern}') FROM t");
        let err = match ctx.sql(&sql).await {
            Ok(df) => df.collect().await.expect_err(&sql).to_string(),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(reason), "{sql}: {err}");
    }
}
