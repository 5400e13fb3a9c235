//! `Position` and `Url[range]`: over every URL the WPT cases parse, the
//! positions are in order and the slices between them are the getters.

use weburl_test_support::harness as common;

use weburl::{Position, Url};

use Position::*;

const ORDER: [Position; 16] = [
    BeforeScheme,
    AfterScheme,
    BeforeUsername,
    AfterUsername,
    BeforePassword,
    AfterPassword,
    BeforeHost,
    AfterHost,
    BeforePort,
    AfterPort,
    BeforePath,
    AfterPath,
    BeforeQuery,
    AfterQuery,
    BeforeFragment,
    AfterFragment,
];

#[test]
fn positions_are_in_order_and_slices_are_the_getters() {
    let urls = common::wpt_urls();
    assert!(urls.len() > 500, "{} URLs", urls.len());
    for url in &urls {
        let href = url.as_str();
        let at: Vec<usize> = ORDER.iter().map(|&p| url.position(p)).collect();
        assert!(at.windows(2).all(|w| w[0] <= w[1]), "{href}: {at:?}");
        assert_eq!(at[15], href.len(), "{href}");
        assert_eq!(&url[BeforeScheme..AfterScheme], url.scheme(), "{href}");
        assert_eq!(
            &url[BeforeUsername..AfterUsername],
            url.username(),
            "{href}"
        );
        assert_eq!(
            &url[BeforePassword..AfterPassword],
            url.password(),
            "{href}"
        );
        assert_eq!(&url[BeforeHost..AfterHost], url.hostname(), "{href}");
        assert_eq!(&url[BeforePort..AfterPort], url.port(), "{href}");
        assert_eq!(&url[BeforePath..AfterPath], url.pathname(), "{href}");
        assert_eq!(
            &url[BeforeQuery..AfterQuery],
            url.query().unwrap_or(""),
            "{href}"
        );
        assert_eq!(
            &url[BeforeFragment..],
            url.fragment().unwrap_or(""),
            "{href}"
        );
        assert_eq!(&url[..AfterQuery], url.without_fragment(), "{href}");
        if url.has_host() {
            assert_eq!(&url[BeforeHost..AfterPort], url.host(), "{href}");
        }
    }
}

#[test]
fn absent_components_are_empty_where_they_would_be() {
    let url = Url::parse("mailto:a@b.com?x").unwrap();
    assert_eq!(url.position(BeforeUsername), 7);
    assert_eq!(url.position(AfterPort), 7);
    assert_eq!(&url[BeforePath..AfterPath], "a@b.com");
    assert_eq!(url.position(BeforeFragment), url.as_str().len());
    // The "/." the serializer writes before a path that starts with "//"
    // lies between the port's end and the path's start.
    let url = Url::parse("web+demo:/.//not-a-host/").unwrap();
    assert_eq!(&url[AfterPort..BeforePath], "/.");
    assert_eq!(&url[BeforePath..], "//not-a-host/");
}

#[test]
fn reversed_ranges_are_empty() {
    let url = Url::parse("https://example.com/p?q#f").unwrap();
    assert_eq!(&url[AfterFragment..BeforeScheme], "");
    assert_eq!(&url[BeforeQuery..AfterPath], "");
}
