//! No input makes any entry point panic: slices of the vendored pages with
//! markup, encodings and URL fragments spliced in at random (a fixed seed),
//! through every public parser of the crate.

use weburl::Url;
use weburl_html::{encoding, mime, refresh, srcset, text, xml_base, LinkOptions};

const PIECES: &[&[u8]] = &[
    b"<",
    b">",
    b"&",
    b"&amp",
    b"\"",
    b"'",
    b"<meta charset=shift_jis>",
    b"<meta charset=utf-16>",
    b"<base href=",
    b"<svg>",
    b"</svg>",
    b"<math><mi>",
    b"<template>",
    b"</template>",
    b"<![CDATA[",
    b"\xE9",
    b"\xFF\xFE",
    b"\xEF\xBB\xBF",
    b"<URL:",
    b" ",
    b"\n",
    b"srcset=\"a 1x,",
    b"(",
    b")",
    b"<form>",
    b"<plaintext>",
    b"<script>",
    b"</script>",
    b"www.",
    b"http://",
    b"\xE3\x81",
    b"xml:base='",
    b"<!--",
    b"-->",
    b"\0",
    b"<?xml encoding='gbk'?>",
];

#[test]
fn random_splices_do_not_panic() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/html");
    let mut pages: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "html").then(|| std::fs::read(path).unwrap())
        })
        .collect();
    pages.sort();
    let url = Url::parse("https://a.example/x/y").unwrap();
    let blank = Url::parse("about:blank").unwrap();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    for _ in 0..300 {
        let page = &pages[rnd() % pages.len()];
        let start = rnd() % page.len();
        let mut doc = page[start..(start + rnd() % 2000).min(page.len())].to_vec();
        for _ in 0..rnd() % 20 {
            let at = rnd() % (doc.len() + 1);
            doc.splice(at..at, PIECES[rnd() % PIECES.len()].iter().copied());
        }
        let _ = weburl_html::links(&doc, &url, None);
        let _ = LinkOptions::new(&blank)
            .creator_base(Some(&url))
            .scripting(true)
            .transport_charset(Some("utf-16le"))
            .parse(&doc);
        let _ = xml_base::parse(&doc, &url);
        let _ = encoding::prescan(&doc);
        let s = String::from_utf8_lossy(&doc);
        let _ = text::TextOptions::new().www(true).extract(&s);
        for word in s.split_whitespace().take(50) {
            let _ = srcset::parse(word);
            let _ = refresh::parse(word);
            let _ = mime::MimeType::parse(word);
            let _ = encoding::extract_from_meta_content(word.as_bytes());
        }
    }
}
