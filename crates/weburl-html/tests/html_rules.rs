//! The HTML rules end to end, one small document per rule: the base URL,
//! the encoding, which attributes count, and how the tokenizer's state
//! follows the elements.

use weburl::Url;
use weburl_html::attributes::{SVG_URL_ATTRIBUTES, URL_ATTRIBUTES, XLINK_HREF};
use weburl_html::base::BaseSource;
use weburl_html::encoding::EncodingSource;
use weburl_html::{links, Detail, Document, LinkOptions};

fn url(s: &str) -> Url {
    Url::parse(s).unwrap()
}

fn doc(html: &[u8], address: &str) -> Document {
    links(html, &url(address), None).unwrap()
}

/// (element attribute, href or "error") of every link.
fn hrefs(d: &Document) -> Vec<(String, String)> {
    d.links
        .iter()
        .map(|l| {
            (
                format!("{} {}", l.element, l.attribute),
                l.url
                    .as_ref()
                    .map_or("error".into(), |u| u.href().to_owned()),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

// ----- The document base URL -----

#[test]
fn base_without_base_element_is_the_document_address() {
    let d = doc(b"<a href=x>", "https://a.example/dir/page?q#f");
    assert_eq!(d.base_url.href(), "https://a.example/dir/page?q#f");
    assert_eq!(d.base_source, BaseSource::DocumentUrl);
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/dir/x")]));
}

#[test]
fn the_first_base_with_href_wins_even_after_the_links() {
    let d = doc(
        b"<a href=x><base target=_top><base href=/one/><base href=/two/><body><a href=y>",
        "https://a.example/dir/page",
    );
    assert_eq!(d.base_url.href(), "https://a.example/one/");
    assert_eq!(d.base_source, BaseSource::BaseElement);
    assert_eq!(d.base_href.as_deref(), Some("/one/"));
    assert_eq!(
        hrefs(&d),
        pairs(&[
            ("a href", "https://a.example/one/x"),
            // Each <base href> is itself relative to the document address.
            ("base href", "https://a.example/one/"),
            ("base href", "https://a.example/two/"),
            ("a href", "https://a.example/one/y"),
        ])
    );
}

#[test]
fn base_in_body_counts() {
    let d = doc(
        b"<body><p><base href='//b.example/'><a href=x>",
        "https://a.example/",
    );
    assert_eq!(d.base_url.href(), "https://b.example/");
}

#[test]
fn relative_and_odd_base_values() {
    for (href, base) in [
        ("", "https://a.example/d/p?q"),
        ("  ../  ", "https://a.example/"),
        (".", "https://a.example/d/"),
        ("?x=1", "https://a.example/d/p?x=1"),
        ("#top", "https://a.example/d/p?q#top"),
        ("HTTPS://B.EXAMPLE", "https://b.example/"),
    ] {
        let html = format!("<base href='{href}'>");
        let d = doc(html.as_bytes(), "https://a.example/d/p?q#f");
        assert_eq!(d.base_url.href(), base, "{href:?}");
    }
}

#[test]
fn a_base_that_fails_or_is_data_or_javascript_is_ignored() {
    for href in ["http://[::1", "data:text/html,x", "javascript:alert(1)"] {
        let html = format!("<base href='{href}'><a href=x>");
        let d = doc(html.as_bytes(), "https://a.example/d/p");
        assert_eq!(d.base_url.href(), "https://a.example/d/p", "{href}");
        assert_eq!(d.base_source, BaseSource::RejectedBaseElement);
        // Only the first <base href> is considered.
        let html = format!("<base href='{href}'><base href='/ok/'>");
        let d = doc(html.as_bytes(), "https://a.example/d/p");
        assert_eq!(d.base_url.href(), "https://a.example/d/p", "{href}");
    }
}

#[test]
fn base_in_a_template_is_not_in_the_document() {
    let d = doc(
        b"<template><base href=/t/><a href=t></template><a href=x>",
        "https://a.example/d/",
    );
    assert_eq!(d.base_url.href(), "https://a.example/d/");
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/d/x")]));
}

#[test]
fn about_blank_and_srcdoc_documents_use_the_creator_base() {
    let creator = url("https://c.example/app/index.html");
    for address in ["about:blank", "about:srcdoc"] {
        let d = LinkOptions::new(&url(address))
            .creator_base(Some(&creator))
            .parse(b"<a href=next>")
            .unwrap();
        assert_eq!(d.base_source, BaseSource::Creator, "{address}");
        assert_eq!(
            hrefs(&d),
            pairs(&[("a href", "https://c.example/app/next")])
        );
        // A <base href> in it is relative to the creator's base.
        let d = LinkOptions::new(&url(address))
            .creator_base(Some(&creator))
            .parse(b"<base href=../other/><a href=x>")
            .unwrap();
        assert_eq!(d.base_url.href(), "https://c.example/other/");
    }
    // Without a creator, relative references fail against about:blank.
    let d = doc(b"<a href=next>", "about:blank");
    assert_eq!(hrefs(&d), pairs(&[("a href", "error")]));
}

// ----- The encoding -----

#[test]
fn encoding_from_the_byte_order_mark() {
    let mut page = vec![0xFF, 0xFE];
    for unit in "<meta charset=shift_jis><a href='?q=\u{E9}'>".encode_utf16() {
        page.extend_from_slice(&unit.to_le_bytes());
    }
    let d = links(&page, &url("http://a.example/"), Some("windows-1252")).unwrap();
    assert_eq!(d.encoding.name(), "UTF-16LE");
    assert_eq!(d.encoding_source, EncodingSource::ByteOrderMark);
    // UTF-16 documents send UTF-8 queries.
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/?q=%C3%A9")])
    );
    let d = doc(
        b"\xEF\xBB\xBF<meta charset=koi8-r><a href='?q=\xC3\xA9'>",
        "http://a.example/",
    );
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("UTF-8", EncodingSource::ByteOrderMark)
    );
}

#[test]
fn encoding_from_the_transport_layer() {
    let page = b"<meta charset=utf-8><a href='?q=\x82\xA0'>";
    let d = links(page, &url("http://a.example/"), Some("Shift_JIS")).unwrap();
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("Shift_JIS", EncodingSource::Transport)
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/?q=%82%A0")])
    );
    let err = links(page, &url("http://a.example/"), Some("klingon")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected an encoding label, found \"klingon\""
    );
}

#[test]
fn encoding_from_the_prescan() {
    let d = doc(
        b"<!doctype html><meta http-equiv=Content-Type content='text/html; charset=EUC-JP'><a href='/s?q=\xA4\xA2'>",
        "http://a.example/",
    );
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("EUC-JP", EncodingSource::Prescan)
    );
    // U+3042 in EUC-JP is A4 A2.
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/s?q=%A4%A2")])
    );
}

#[test]
fn encoding_from_a_meta_after_the_first_1024_bytes() {
    let mut page = b"<title>".to_vec();
    page.extend(std::iter::repeat_n(b'x', 2000));
    page.extend_from_slice(b"</title><meta charset=gbk><a href='?q=\xC4\xE3'>");
    let d = doc(&page, "http://a.example/");
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("GBK", EncodingSource::MetaWhileParsing)
    );
    // U+4F60 in GBK is C4 E3; decoded as windows-1252 it would be "Äã".
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/?q=%C4%E3")])
    );
}

#[test]
fn a_late_meta_that_agrees_changes_nothing() {
    let mut page = vec![b' '; 1100];
    page.extend_from_slice(b"<meta charset=windows-1252><a href='?q=\xE9'><meta charset=utf-8>");
    let d = doc(&page, "http://a.example/");
    // The first <meta> made windows-1252 certain; the second is ignored.
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("windows-1252", EncodingSource::Default)
    );
    assert_eq!(hrefs(&d), pairs(&[("a href", "http://a.example/?q=%E9")]));
}

#[test]
fn encoding_default_is_windows_1252() {
    let d = doc(b"<a href='?q=caf\xE9'>", "http://a.example/");
    assert_eq!(
        (d.encoding.name(), d.encoding_source),
        ("windows-1252", EncodingSource::Default)
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/?q=caf%E9")])
    );
}

#[test]
fn query_encoding_applies_to_special_schemes_only_and_not_to_fragments() {
    let d = doc(
        b"<meta charset=windows-1251><a href='?\xE6#\xE6'><a href='ws://h/?\xE6'><a href='foo://h/?\xE6'>",
        "http://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            // U+0436 is E6 in windows-1251: %E6 in the query, UTF-8 in the fragment.
            ("a href", "http://a.example/?%E6#%D0%B6"),
            ("a href", "ws://h/?%D0%B6"),
            ("a href", "foo://h/?%D0%B6"),
        ])
    );
}

#[test]
fn characters_the_encoding_lacks_become_numeric_references() {
    let d = doc(
        b"<meta charset=windows-1252><a href='?q=&#x4F60;'>",
        "http://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "http://a.example/?q=%26%2320320%3B")])
    );
}

// ----- Attributes -----

#[test]
fn every_url_attribute() {
    let page = br#"<html><head><link href=l imagesrcset="ls 2x"><script src=s></script>
<meta http-equiv=refresh content="5; url=r"><meta name=x content=notaurl></head>
<body><a href=a ping="p1  p2"></a><map><area href=ar ping=ap></map><img src=i srcset="i1 1x, i2 2x">
<iframe src=if></iframe><embed src=e><video src=v poster=vp><source src=so srcset=ss><track src=t></video>
<audio src=au></audio><picture><source srcset="ps 100w"></picture><object data=o></object>
<blockquote cite=bq></blockquote><q cite=qq></q><del cite=d></del><ins cite=in></ins>
<form action=f><button formaction=b></button><input formaction=fa><input type=image src=im></form>"#;
    let d = doc(page, "https://a.example/");
    let got: Vec<String> = d
        .links
        .iter()
        .map(|l| format!("{} {} {}", l.element, l.attribute, l.reference()))
        .collect();
    assert_eq!(
        got,
        [
            "link href l",
            "link imagesrcset ls",
            "script src s",
            "meta content r",
            "a href a",
            "a ping p1",
            "a ping p2",
            "area href ar",
            "area ping ap",
            "img src i",
            "img srcset i1",
            "img srcset i2",
            "iframe src if",
            "embed src e",
            "video poster vp",
            "video src v",
            "source src so",
            "source srcset ss",
            "track src t",
            "audio src au",
            "source srcset ps",
            "object data o",
            "blockquote cite bq",
            "q cite qq",
            "del cite d",
            "ins cite in",
            "form action f",
            "button formaction b",
            "input formaction fa",
            "input src im",
        ]
    );
    assert!(d.links.iter().all(|l| l.url.is_ok()));
}

/// Every attribute of the tables, in a windows-1251 page: each value is
/// `<element>-<attribute>?ж` (ж is E6 in windows-1251), so the query
/// encoding is checked for each one.
#[test]
fn every_url_attribute_in_a_legacy_encoding() {
    let mut page = b"<meta charset=windows-1251>".to_vec();
    let value = |element: &str, attribute: &str| {
        let mut v = format!("{element}-{}?", attribute.replace(':', "-")).into_bytes();
        v.push(0xE6);
        v
    };
    let mut want: Vec<String> = Vec::new();
    let push = |page: &mut Vec<u8>,
                want: &mut Vec<String>,
                before: &str,
                element: &str,
                attribute: &str,
                after: &str| {
        page.extend_from_slice(before.as_bytes());
        page.extend_from_slice(format!("<{element} {attribute}='").as_bytes());
        page.extend_from_slice(&value(element, attribute));
        page.extend_from_slice(format!("'{after}>").as_bytes());
        let name = format!("{element}-{}", attribute.replace(':', "-"));
        want.push(format!(
            "{element} {attribute} https://a.example/dir/{name}?%E6"
        ));
    };
    for spec in URL_ATTRIBUTES {
        let (element, attribute) = (spec.element, spec.attribute);
        match (element, attribute) {
            // A <base href> would change the base URL of the others.
            ("base", "href") => continue,
            ("meta", "content") => {
                page.extend_from_slice(b"<meta http-equiv=refresh content='0; url=");
                page.extend_from_slice(&value(element, attribute));
                page.extend_from_slice(b"'>");
                want.push("meta content https://a.example/dir/meta-content?%E6".into());
            }
            ("input", "src") => push(&mut page, &mut want, "", element, attribute, " type=IMAGE"),
            // The table elements where the tree builder keeps them.
            ("table", _) => push(&mut page, &mut want, "", element, attribute, ""),
            ("thead" | "tbody" | "tfoot", _) => {
                push(&mut page, &mut want, "<table>", element, attribute, "")
            }
            ("tr", _) => push(
                &mut page,
                &mut want,
                "<table><tbody>",
                element,
                attribute,
                "",
            ),
            ("td" | "th", _) => push(
                &mut page,
                &mut want,
                "<table><tbody><tr>",
                element,
                attribute,
                "",
            ),
            _ => push(&mut page, &mut want, "", element, attribute, ""),
        }
        match element {
            "table" | "thead" | "tbody" | "tfoot" | "tr" | "td" | "th" => {
                page.extend_from_slice(b"</table>")
            }
            // Raw text up to the end tag.
            "iframe" | "script" => page.extend_from_slice(format!("</{element}>").as_bytes()),
            _ => {}
        }
    }
    page.extend_from_slice(b"<svg>");
    for spec in SVG_URL_ATTRIBUTES {
        push(&mut page, &mut want, "", spec.element, spec.attribute, "/");
        push(&mut page, &mut want, "", spec.element, XLINK_HREF, "/");
    }
    page.extend_from_slice(b"</svg>");
    let d = doc(&page, "https://a.example/dir/page");
    assert_eq!(d.encoding.name(), "windows-1251");
    let got: Vec<String> = d
        .links
        .iter()
        .map(|l| {
            let href = l.url.as_ref().map_or("error", |u| u.href());
            format!("{} {} {href}", l.element, l.attribute)
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn svg_href_wins_over_xlink_href_and_needs_svg() {
    let d = doc(
        b"<svg><use xlink:href=old href=new /><image xlink:href=only /><rect href=not-a-link /></svg>\
          <math><image href=mathml /><annotation-xml><svg><image href=svg-in-mathml /></svg></math>\
          <use href=html-use><a xlink:href=html-xlink href=html-a><script href=html-script></script>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            ("use href", "https://a.example/new"),
            ("image xlink:href", "https://a.example/only"),
            ("image href", "https://a.example/svg-in-mathml"),
            ("a href", "https://a.example/html-a"),
        ])
    );
}

#[test]
fn input_src_needs_the_image_type() {
    let d = doc(
        b"<input src=none><input type=text src=text><input type=' image' src=spaced>\
          <input type=Image src=image>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[("input src", "https://a.example/image")])
    );
}

#[test]
fn srcset_candidates_and_refresh_carry_details() {
    let d = doc(
        b"<img srcset='a.png 1.5x, b.png 640w 480h, bad 1q'><meta http-equiv=REFRESH content='0;URL=\"/n\"'>",
        "https://a.example/d/",
    );
    use weburl_html::srcset::Descriptor;
    let details: Vec<(String, Detail)> = d
        .links
        .iter()
        .map(|l| (l.url.as_ref().unwrap().href().to_owned(), l.detail))
        .collect();
    assert_eq!(
        details,
        [
            (
                "https://a.example/d/a.png".into(),
                Detail::Candidate(Descriptor::Density(1.5))
            ),
            (
                "https://a.example/d/b.png".into(),
                Detail::Candidate(Descriptor::Width {
                    width: 640,
                    height: Some(480)
                })
            ),
            ("https://a.example/n".into(), Detail::Refresh { seconds: 0 }),
        ]
    );
    let l = &d.links[1];
    assert_eq!(&l.value[l.reference.clone()], "b.png");
    assert_eq!(l.value, "a.png 1.5x, b.png 640w 480h, bad 1q");
}

#[test]
fn values_are_stripped_and_character_references_decoded() {
    let d = doc(
        b"<meta charset=utf-8><a href=' \n/x?a=1&amp;b=2&copy=3&lang;&notit; '>",
        "https://a.example/",
    );
    let l = &d.links[0];
    // "&lang;" is U+27E8. In attributes, a reference without ";" that is
    // followed by "=" or a letter stays as written (the legacy rule): so
    // "&copy=" and "&notit;" (which would be "&not" + "it;" in text).
    assert_eq!(l.reference(), "/x?a=1&b=2&copy=3\u{27E8}&notit;");
    assert_eq!(
        l.url.as_ref().unwrap().href(),
        "https://a.example/x?a=1&b=2&copy=3%E2%9F%A8&notit;"
    );
}

#[test]
fn duplicate_attributes_keep_the_first() {
    let d = doc(b"<a href=first href=second>", "https://a.example/");
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/first")]));
}

#[test]
fn empty_values() {
    let d = doc(
        b"<a href=''><img src><form action=''><button formaction></button></form><a ping=' '>",
        "https://a.example/d/p?q#f",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            ("a href", "https://a.example/d/p?q"),
            ("img src", "https://a.example/d/p?q"),
            // An empty action is the document's address, fragment and all.
            ("form action", "https://a.example/d/p?q#f"),
            ("button formaction", "https://a.example/d/p?q#f"),
        ])
    );
}

#[test]
fn failures_are_reported_not_dropped() {
    let d = doc(
        b"<a href='http://exa mple.com/'><a href='https://[::1'>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[("a href", "error"), ("a href", "error")])
    );
    assert_eq!(d.links[0].reference(), "http://exa mple.com/");
}

#[test]
fn refresh_needs_the_pragma_and_a_url() {
    let d = doc(
        b"<meta content='0; url=a'><meta http-equiv=refresh content=5><meta http-equiv=refresh content='x; url=b'>",
        "https://a.example/",
    );
    assert!(d.links.is_empty());
}

// ----- The tokenizer's state -----

#[test]
fn raw_text_elements_hide_markup() {
    let d = doc(
        b"<script>document.write('<a href=s>')</script><style>a{}</style><a href=1>\
          <title><a href=t></title><textarea><img src=ta></textarea><xmp><a href=x></xmp>\
          <iframe><a href=if></iframe><noembed><a href=ne></noembed><noframes><a href=nf></noframes><a href=2>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            ("a href", "https://a.example/1"),
            ("a href", "https://a.example/2")
        ])
    );
}

#[test]
fn script_data_escapes() {
    let d = doc(
        b"<script><!--<script>x</script><a href=in></script><a href=out>",
        "https://a.example/",
    );
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/out")]));
}

#[test]
fn plaintext_swallows_the_rest() {
    let d = doc(
        b"<a href=1><plaintext><a href=2></plaintext><a href=3>",
        "https://a.example/",
    );
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/1")]));
}

#[test]
fn noscript_follows_the_scripting_flag() {
    let page = b"<noscript><img src=n></noscript><img src=y>";
    let address = url("https://a.example/");
    let off = LinkOptions::new(&address).parse(page).unwrap();
    assert_eq!(off.links.len(), 2);
    let on = LinkOptions::new(&address)
        .scripting(true)
        .parse(page)
        .unwrap();
    assert_eq!(hrefs(&on), pairs(&[("img src", "https://a.example/y")]));
}

#[test]
fn comments_and_cdata() {
    let d = doc(
        b"<!-- <a href=c> --><![CDATA[<a href=d>]]><svg><![CDATA[<a href=e>]]></svg><a href=ok>",
        "https://a.example/",
    );
    // Outside foreign content "<![CDATA[" starts a bogus comment that ends
    // at the first ">", here the one of "<a href=d>"; inside <svg> the
    // CDATA section is text.
    assert_eq!(hrefs(&d), pairs(&[("a href", "https://a.example/ok")]));
}

#[test]
fn foreign_content() {
    let d = doc(
        b"<svg><a href=svg-a></a><style><a href=svg-style></style><script>x</script>\
          <foreignObject><a href=fo><title><a href=rcdata></title></foreignObject>\
          <image href=svg-image /></svg><math><mi><a href=mi></mi></math><svg><p><a href=breakout>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            // SVG's <a> and <image>; SVG's <style> is not raw text.
            ("a href", "https://a.example/svg-a"),
            ("a href", "https://a.example/svg-style"),
            ("a href", "https://a.example/fo"),
            ("image href", "https://a.example/svg-image"),
            ("a href", "https://a.example/mi"),
            ("a href", "https://a.example/breakout"),
        ])
    );
}

#[test]
fn image_is_img() {
    let d = doc(b"<image src=i.png>", "https://a.example/");
    assert_eq!(hrefs(&d), pairs(&[("img src", "https://a.example/i.png")]));
}

#[test]
fn a_form_inside_a_form_is_dropped() {
    let d = doc(
        b"<form action=1><form action=2></form><form action=3>",
        "https://a.example/",
    );
    assert_eq!(
        hrefs(&d),
        pairs(&[
            ("form action", "https://a.example/1"),
            ("form action", "https://a.example/3")
        ])
    );
}

#[test]
fn line_numbers() {
    let d = doc(b"<a href=1>\n\n<a\nhref=2>", "https://a.example/");
    let lines: Vec<u64> = d.links.iter().map(|l| l.line).collect();
    assert_eq!(lines, [1, 4]);
}

/// A 10 MB page: only the links are kept, with their lines.
#[test]
fn large_pages_stream() {
    let row = b"<tr><td><a href='/item?id=12345&amp;x=%E9'>item</a> <img srcset='a.png 1x, b.png 2x'> filler text filler text</td></tr>\n";
    let rows = 10_000_000 / row.len();
    let mut page = b"<meta charset=utf-8><table>".to_vec();
    for _ in 0..rows {
        page.extend_from_slice(row);
    }
    let d = doc(&page, "https://a.example/");
    assert_eq!(d.links.len(), rows * 3);
    assert_eq!(d.links.last().unwrap().line, rows as u64);
}
