//! Each `url_*` function on each Arrow string type, with NULL and invalid
//! inputs.

use crate::common::{check_each_type, column, context_with_urls, value};
use weburl::Url;
use weburl_sites::normalize::Normalizer;

/// The rows of table `t`, in order.
const URLS: [Option<&str>; 9] = [
    Some("https://user:pa%20ss@EXAMPLE.com:8080/a/../b/c?q=a+b&x=1&q=2#frag"),
    Some("http://example.com"),
    Some("file:///tmp/x.txt"),
    Some("mailto:someone@example.com"),
    Some("not a url"),
    Some("http://999.1.1.1/"),
    None,
    Some("https://example.com:443/?#"),
    Some("HTTP://[0:0::1]:81/p?%41"),
];

const N: Option<&str> = None;

#[tokio::test]
async fn url_scheme() {
    let ctx = context_with_urls(&URLS);
    let expected = [
        Some("https"),
        Some("http"),
        Some("file"),
        Some("mailto"),
        N,
        N,
        N,
        Some("https"),
        Some("http"),
    ];
    check_each_type(&ctx, "url_scheme({})", &expected, "{}").await;
}

#[tokio::test]
async fn url_username_and_password() {
    let ctx = context_with_urls(&URLS);
    let e = Some("");
    check_each_type(
        &ctx,
        "url_username({})",
        &[Some("user"), e, e, e, N, N, N, e, e],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "url_password({})",
        &[Some("pa%20ss"), e, e, e, N, N, N, e, e],
        "{}",
    )
    .await;
}

#[tokio::test]
async fn url_host_and_hostname() {
    let ctx = context_with_urls(&URLS);
    let expected = [
        Some("example.com:8080"),
        Some("example.com"),
        Some(""),
        N,
        N,
        N,
        N,
        Some("example.com"),
        Some("[::1]:81"),
    ];
    check_each_type(&ctx, "url_host({})", &expected, "{}").await;
    let expected = [
        Some("example.com"),
        Some("example.com"),
        Some(""),
        N,
        N,
        N,
        N,
        Some("example.com"),
        Some("[::1]"),
    ];
    check_each_type(&ctx, "url_hostname({})", &expected, "{}").await;
}

#[tokio::test]
async fn url_port() {
    let ctx = context_with_urls(&URLS);
    let expected = [Some("8080"), N, N, N, N, N, N, N, Some("81")];
    check_each_type(&ctx, "url_port({})", &expected, "Int32").await;
}

#[tokio::test]
async fn url_path_query_fragment() {
    let ctx = context_with_urls(&URLS);
    let expected = [
        Some("/b/c"),
        Some("/"),
        Some("/tmp/x.txt"),
        Some("someone@example.com"),
        N,
        N,
        N,
        Some("/"),
        Some("/p"),
    ];
    check_each_type(&ctx, "url_path({})", &expected, "{}").await;
    let expected = [
        Some("q=a+b&x=1&q=2"),
        N,
        N,
        N,
        N,
        N,
        N,
        Some(""),
        Some("%41"),
    ];
    check_each_type(&ctx, "url_query({})", &expected, "{}").await;
    let expected = [Some("frag"), N, N, N, N, N, N, Some(""), N];
    check_each_type(&ctx, "url_fragment({})", &expected, "{}").await;
}

#[tokio::test]
async fn url_origin() {
    let ctx = context_with_urls(&URLS);
    let expected = [
        Some("https://example.com:8080"),
        Some("http://example.com"),
        Some("null"),
        Some("null"),
        N,
        N,
        N,
        Some("https://example.com"),
        Some("http://[::1]:81"),
    ];
    check_each_type(&ctx, "url_origin({})", &expected, "{}").await;
}

#[tokio::test]
async fn url_query_param() {
    let ctx = context_with_urls(&URLS);
    check_each_type(
        &ctx,
        "url_query_param({}, 'q')",
        &[Some("a b"), N, N, N, N, N, N, N, N],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "url_query_param({}, 'A')",
        &[N, N, N, N, N, N, N, N, Some("")],
        "{}",
    )
    .await;
    check_each_type(&ctx, "url_query_param({}, NULL)", &[N; 9], "{}").await;
}

#[tokio::test]
async fn url_valid_and_url_error() {
    let ctx = context_with_urls(&URLS);
    let (t, f) = (Some("true"), Some("false"));
    check_each_type(
        &ctx,
        "url_valid({})",
        &[t, t, t, t, f, f, N, t, t],
        "Boolean",
    )
    .await;
    let expected = [
        N,
        N,
        N,
        N,
        Some("MissingSchemeNonRelativeUrl"),
        Some("Ipv4OutOfRange"),
        N,
        N,
        N,
    ];
    check_each_type(&ctx, "url_error({})", &expected, "{}").await;
}

#[tokio::test]
async fn url_resolve() {
    let ctx = context_with_urls(&URLS);
    let expected = [
        Some("https://user:pa%20ss@example.com:8080/b/rel/p"),
        Some("http://example.com/rel/p"),
        Some("file:///tmp/rel/p"),
        // A base with an opaque path takes only a fragment.
        N,
        N,
        N,
        N,
        Some("https://example.com/rel/p"),
        Some("http://[::1]:81/rel/p"),
    ];
    check_each_type(&ctx, "url_resolve({}, 'rel/p')", &expected, "{}").await;
    // An absolute reference resolves to itself, whatever the base.
    let other = Some("https://other.example/");
    let expected = [other, other, other, other, N, N, N, other, other];
    check_each_type(
        &ctx,
        "url_resolve({}, 'HTTPS://OTHER.example')",
        &expected,
        "{}",
    )
    .await;
    // The reference as the column, the base as a constant.
    check_each_type(
        &ctx,
        "url_resolve('https://base.example/dir/', {})",
        &[
            Some("https://user:pa%20ss@example.com:8080/b/c?q=a+b&x=1&q=2#frag"),
            Some("http://example.com/"),
            Some("file:///tmp/x.txt"),
            Some("mailto:someone@example.com"),
            Some("https://base.example/dir/not%20a%20url"),
            N,
            N,
            Some("https://example.com/?#"),
            Some("http://[::1]:81/p?%41"),
        ],
        "{}",
    )
    .await;
}

#[tokio::test]
async fn url_normalize_profiles() {
    let ctx = context_with_urls(&URLS);
    let profiles = [
        ("canonical", Normalizer::new()),
        ("safe", Normalizer::safe()),
        ("CRAWLER", Normalizer::crawler()),
        ("aggressive", Normalizer::aggressive()),
    ];
    for (name, normalizer) in profiles {
        let expected: Vec<Option<String>> = URLS
            .iter()
            .map(|u| {
                Some(
                    normalizer
                        .normalize(&Url::parse((*u)?).ok()?)
                        .href()
                        .to_owned(),
                )
            })
            .collect();
        let expected: Vec<Option<&str>> = expected.iter().map(Option::as_deref).collect();
        check_each_type(
            &ctx,
            &format!("url_normalize({{}}, '{name}')"),
            &expected,
            "{}",
        )
        .await;
    }
    // Without a profile: safe.
    let safe = column(&ctx, "SELECT url_normalize(u8, 'safe') FROM t ORDER BY id").await;
    assert_eq!(
        column(&ctx, "SELECT url_normalize(u8) FROM t ORDER BY id").await,
        safe
    );
    assert_eq!(safe[8].as_deref(), Some("http://[::1]:81/p?A"));
    // A NULL profile gives NULL.
    assert_eq!(
        value(&ctx, "SELECT url_normalize('http://a/', NULL)").await,
        None
    );
}

#[tokio::test]
async fn unknown_names_are_errors() {
    let ctx = context_with_urls(&URLS);
    for sql in [
        "SELECT url_get(u8, 'scheme') FROM t",
        "SELECT url_normalize(u8, 'lenient') FROM t",
    ] {
        let err = match ctx.sql(sql).await {
            Ok(df) => df.collect().await.unwrap_err(),
            Err(e) => e,
        };
        assert!(err.to_string().contains("unknown"), "{sql}: {err}");
    }
}

#[tokio::test]
async fn constants_fold() {
    let ctx = context_with_urls(&URLS);
    assert_eq!(
        value(&ctx, "SELECT url_host('http://A.com:81/')")
            .await
            .as_deref(),
        Some("a.com:81")
    );
    assert_eq!(
        value(&ctx, "SELECT url_port('http://a.com:81/')")
            .await
            .as_deref(),
        Some("81")
    );
    assert_eq!(
        value(&ctx, "SELECT url_valid('http://a b/')")
            .await
            .as_deref(),
        Some("false")
    );
    assert_eq!(value(&ctx, "SELECT url_host(NULL)").await, None);
    assert_eq!(value(&ctx, "SELECT url_valid(NULL)").await, None);
    assert_eq!(
        value(&ctx, "SELECT url_resolve('https://a.com/x/y', '../z?q')")
            .await
            .as_deref(),
        Some("https://a.com/z?q")
    );
    assert_eq!(
        value(
            &ctx,
            "SELECT url_query_param(arrow_cast('https://a.com/?k=%E2%9C%93', 'LargeUtf8'), 'k')"
        )
        .await
        .as_deref(),
        Some("✓")
    );
}

#[tokio::test]
async fn per_row_second_arguments() {
    let ctx = context_with_urls(&URLS);
    // The component name and the parameter name from a column.
    let sql = "SELECT url_get(u, c) FROM (VALUES ('http://a.com:81/p', 'port'), ('http://a.com:81/p', 'PATHNAME'), ('http://a.com/', NULL)) AS v(u, c)";
    assert_eq!(
        column(&ctx, sql).await,
        [Some("81".to_owned()), Some("/p".to_owned()), None]
    );
    let sql = "SELECT url_query_param(u, n) FROM (VALUES ('http://a/?x=1&y=2', 'y'), ('http://a/?x=1&y=2', 'x')) AS v(u, n)";
    assert_eq!(
        column(&ctx, sql).await,
        [Some("2".to_owned()), Some("1".to_owned())]
    );
    let sql = "SELECT url_resolve(b, r) FROM (VALUES ('http://a/b/c', 'd'), ('http://a/b/c', '/e'), ('http://x/', 'f')) AS v(b, r)";
    let expected = ["http://a/b/d", "http://a/e", "http://x/f"].map(|s| Some(s.to_owned()));
    assert_eq!(column(&ctx, sql).await, expected);
}

#[tokio::test]
async fn the_documented_examples() {
    let ctx = context_with_urls(&URLS);
    let cases = [
        (
            "url_parse('https://user@EXAMPLE.com:8080/a/../b?q#f')['host']",
            Some("example.com:8080"),
        ),
        (
            "url_get('https://example.com/a?q=1', 'search')",
            Some("?q=1"),
        ),
        ("url_port('https://example.com:8443/')", Some("8443")),
        ("url_port('https://example.com:443/')", None),
        (
            "url_query_param('https://example.com/s?q=a+b%21&q=2', 'q')",
            Some("a b!"),
        ),
        (
            "url_resolve('https://example.com/docs/a.html', '../img/b.png')",
            Some("https://example.com/img/b.png"),
        ),
        (
            "url_normalize('https://Example.com/%7euser/?b=2&utm_source=x&a=1#top', 'crawler')",
            Some("https://example.com/~user/?a=1&b=2"),
        ),
        ("url_valid('http://exa mple.com/')", Some("false")),
        ("url_hostname('https://[0:0::1]:8080/')", Some("[::1]")),
        ("url_query('https://example.com/?')", Some("")),
        ("url_query('https://example.com/')", None),
    ];
    for (expr, expected) in cases {
        assert_eq!(
            value(&ctx, &format!("SELECT {expr}")).await.as_deref(),
            expected,
            "{expr}"
        );
    }
}
