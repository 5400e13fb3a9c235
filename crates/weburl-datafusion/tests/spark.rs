//! `parse_url` and `try_parse_url`: Spark's conventions, checked against
//! `datafusion-spark`'s implementation where the parsers agree, and the
//! differences that WHATWG parsing makes.

use std::sync::Arc;

use crate::common::{check_each_type, column, context_with_urls, value};
use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;

const PARTS: [&str; 9] = [
    "HOST",
    "PATH",
    "QUERY",
    "REF",
    "PROTOCOL",
    "FILE",
    "AUTHORITY",
    "USERINFO",
    "host",
];
const KEYS: [&str; 6] = ["x", "a", "key", "keyonly", "query", "missing"];

/// Inputs that both parsers read the same way, so every part must agree.
const PLAIN: [&str; 24] = [
    "https://example.com/a?x=1",
    "http://example.com",
    "http://example.com/",
    "http://example.com?foo=bar",
    "http://example.com#fragment",
    "http://ex.com/?",
    "http://ex.com?",
    "ftp://user:pwd@ftp.example.com:21/files?x=1#frag",
    "https://use%20r:pas%20s@example.com/dir%20/pa%20th.HTML?query=x%20y&q2=2#Ref%20two",
    "http://ex.com?key=",
    "http://ex.com?keyonly",
    "http://ex.com?a=1&a=2",
    "https://example.com:8443/p/q.html?a=b&x=y#top",
    "http://[2001:db8::1]:8080/x",
    "mailto:someone@example.com?subject=hi",
    "http://u@h.example/",
    "http://u:@h.example/",
    "notaurl",
    "notaurl?key=value",
    "notaurl#reference",
    "notaurl?a=1&b=2#frag",
    "",
    "HTTPS://WWW.Example.COM/Path",
    "http://example.com:80/a/./b/../c",
];

/// A context with table `p(u)` of `urls` and either this crate's
/// functions or datafusion-spark's `parse_url`.
fn context(urls: &[&str], ours: bool) -> SessionContext {
    let ctx = SessionContext::new();
    if ours {
        weburl_datafusion::register_url_functions(&ctx);
    } else {
        ctx.register_udf(
            datafusion_spark::function::url::parse_url()
                .as_ref()
                .clone(),
        );
    }
    let column: ArrayRef = Arc::new(StringArray::from(urls.to_vec()));
    let batch = RecordBatch::try_from_iter([("u", column)]).unwrap();
    let table = MemTable::try_new(batch.schema(), vec![vec![batch]]).unwrap();
    ctx.register_table("p", Arc::new(table)).unwrap();
    ctx
}

#[tokio::test]
async fn agrees_with_datafusion_spark_where_the_parsers_agree() {
    let ours = context(&PLAIN, true);
    let theirs = context(&PLAIN, false);
    let mut calls: Vec<String> = PARTS
        .iter()
        .map(|p| format!("parse_url(u, '{p}')"))
        .collect();
    calls.extend(KEYS.iter().map(|k| format!("parse_url(u, 'QUERY', '{k}')")));
    for call in calls {
        let sql = format!("SELECT {call} FROM p");
        let (a, b) = (column(&ours, &sql).await, column(&theirs, &sql).await);
        for ((input, a), b) in PLAIN.iter().zip(a).zip(b) {
            assert_eq!(a, b, "{call} of {input:?}");
        }
    }
}

#[tokio::test]
async fn whatwg_parsing_differences() {
    let ctx = context(&[], true);
    // (input, part, our result): what the URL Standard makes of inputs that
    // Spark's java.net.URI keeps as written or rejects.
    let cases = [
        // Hosts are lowercased, IDNA-mapped to ASCII, and IPv4 forms made canonical.
        (
            "HTTP://User@Example.COM:80/a/../b?q=1#top",
            "HOST",
            Some("example.com"),
        ),
        (
            "http://münchen.example/",
            "HOST",
            Some("xn--mnchen-3ya.example"),
        ),
        ("http://0x7f.1/", "HOST", Some("127.0.0.1")),
        ("http://[0:0::1]/", "HOST", Some("[::1]")),
        // The scheme is lowercased.
        ("HTTP://example.com/", "PROTOCOL", Some("http")),
        // Dot segments are removed from the path.
        (
            "HTTP://User@Example.COM:80/a/../b?q=1#top",
            "PATH",
            Some("/b"),
        ),
        // The scheme's default port is dropped.
        (
            "HTTP://User@Example.COM:80/a/../b?q=1#top",
            "AUTHORITY",
            Some("User@example.com"),
        ),
        // Spaces and other characters java.net.URI rejects are percent-encoded.
        ("https://example.com/a b?c d#e f", "PATH", Some("/a%20b")),
        ("https://example.com/a b?c d#e f", "QUERY", Some("c%20d")),
        ("https://example.com/a b?c d#e f", "REF", Some("e%20f")),
        ("https://example.com/ü", "FILE", Some("/%C3%BC")),
        // Backslashes are slashes in special URLs; leading and trailing spaces go.
        ("  http:\\\\example.com\\a\\b  ", "PATH", Some("/a/b")),
        // A file URL's empty host is no host.
        ("file:///etc/hosts", "HOST", None),
        ("file:///etc/hosts", "PATH", Some("/etc/hosts")),
        ("file://localhost/etc/x", "HOST", None),
        // A host with "_" is a domain.
        ("http://exa_mple.com/", "HOST", Some("exa_mple.com")),
        // Special URLs skip any number of slashes before the host.
        ("http:///a.com/x", "HOST", Some("a.com")),
        ("http://u:p w@a.com/", "USERINFO", Some("u:p%20w")),
        ("http://a.com:80/", "AUTHORITY", Some("a.com")),
        ("http://a.com/a/./b/../c", "PATH", Some("/a/c")),
        // No authority is the empty AUTHORITY, as in datafusion-spark.
        ("mailto:a@b.com", "AUTHORITY", Some("")),
        ("file:///x", "AUTHORITY", Some("")),
    ];
    for (input, part, expected) in cases {
        let got = value(&ctx, &format!("SELECT parse_url('{input}', '{part}')")).await;
        assert_eq!(got.as_deref(), expected, "{input} {part}");
    }
    // The key is matched in the percent-encoded query.
    let got = value(
        &ctx,
        "SELECT parse_url('http://a.com/?q=a b', 'QUERY', 'q')",
    )
    .await;
    assert_eq!(got.as_deref(), Some("a%20b"));
}

#[tokio::test]
async fn invalid_urls_fail_parse_url_and_are_null_for_try_parse_url() {
    let ctx = context(&[], true);
    for input in [
        "http://exa mple.com/",
        "http://999.1.1.1/",
        "https://example.com:99999/",
        "http://[::1/",
    ] {
        // Constant folding may evaluate the call while planning.
        let result = match ctx
            .sql(&format!("SELECT parse_url('{input}', 'HOST')"))
            .await
        {
            Ok(df) => df.collect().await.map(drop),
            Err(e) => Err(e),
        };
        let err = result.expect_err(input).to_string();
        assert!(
            err.contains("The url is invalid") && err.contains("try_parse_url"),
            "{err}"
        );
        let got = value(&ctx, &format!("SELECT try_parse_url('{input}', 'HOST')")).await;
        assert_eq!(got, None, "{input}");
    }
}

#[tokio::test]
async fn nulls_propagate() {
    let ctx = context(&[], true);
    for sql in [
        "SELECT parse_url(NULL, 'HOST')",
        "SELECT parse_url('http://a.com/', NULL)",
        "SELECT parse_url('http://a.com/?x=1', 'QUERY', NULL)",
        "SELECT try_parse_url(NULL, 'HOST')",
        "SELECT parse_url('http://a.com/', 'NOPE')",
    ] {
        assert_eq!(value(&ctx, sql).await, None, "{sql}");
    }
}

#[tokio::test]
async fn each_string_type() {
    let urls = [
        Some("https://u:p@Example.com:8080/a?k=v#f"),
        None,
        Some("rel/path?k=w"),
        Some("http://bad host/"),
    ];
    let ctx = context_with_urls(&urls);
    let n = None;
    check_each_type(
        &ctx,
        "try_parse_url({}, 'HOST')",
        &[Some("example.com"), n, n, n],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "try_parse_url({}, 'AUTHORITY')",
        &[Some("u:p@example.com:8080"), n, n, n],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "try_parse_url({}, 'QUERY', 'k')",
        &[Some("v"), n, Some("w"), n],
        "{}",
    )
    .await;
    check_each_type(
        &ctx,
        "try_parse_url({}, 'FILE')",
        &[Some("/a?k=v"), n, Some("rel/path?k=w"), n],
        "{}",
    )
    .await;
}
