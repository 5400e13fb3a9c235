//! SURT keys per profile. Cases marked "surt" are the Internet Archive
//! `surt` package's own tests (`tests/test_surt.py`, default options),
//! those marked "Heritrix" its `SURTTest.java`; the rest are ours, each
//! checking one rule of the table in `weburl_sites::surt`.

use weburl::Url;
use weburl_sites::surt::{key, SurtProfile};

fn check(cases: &[(&str, &str)], profile: SurtProfile) {
    let mut failures = Vec::new();
    for (input, expected) in cases {
        let url = Url::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let actual = key(&url, profile);
        if actual != *expected {
            failures.push(format!("{input}: expected {expected:?}, found {actual:?}"));
        }
    }
    assert!(failures.is_empty(), "{profile:?}:\n{}", failures.join("\n"));
}

#[test]
fn internet_archive_profile() {
    check(
        &[
            // surt
            ("http://www.archive.org/", "org,archive)/"),
            ("http://archive.org/", "org,archive)/"),
            ("http://archive.org/goo/", "org,archive)/goo"),
            ("http://archive.org/goo/?", "org,archive)/goo"),
            ("http://archive.org/goo/?b&a", "org,archive)/goo?a&b"),
            ("http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"),
            (
                "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221",
                "org,archive)/index.php?action=profile;u=4221",
            ),
            ("whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il"),
            ("mailto:foo@example.com", "mailto:foo@example.com"),
            ("dns:archive.org", "dns:archive.org"),
            ("http://192.168.1.254/info/", "254,1,168,192)/info"),
            ("http://example.com/app?item=Wroc%C5%82aw", "com,example)/app?item=wroc%c5%82aw"),
            // The surt package's IAURLCanonicalizer doctests, as keys.
            ("http://ARCHIVE.ORG/", "org,archive)/"),
            ("http://www.archive.org:80/", "org,archive)/"),
            ("https://www.archive.org:80/", "org,archive:80)/"),
            ("http://www.archive.org:443/", "org,archive:443)/"),
            ("https://www.archive.org:443/", "org,archive)/"),
            ("http://www.archive.org/big/", "org,archive)/big"),
            (
                "http://www.nsf.gov/statistics/sed/2009/SED_2009.zip?CFID=14387305&CFTOKEN=72942008&jsessionid=f030eacc7e49c4ca0b077922347418418766",
                "gov,nsf)/statistics/sed/2009/sed_2009.zip?jsessionid=f030eacc7e49c4ca0b077922347418418766",
            ),
            (
                "http://www.nsf.gov/statistics/sed/2009/SED_2009.zip?CFID=14387305&CFTOKEN=72942008",
                "gov,nsf)/statistics/sed/2009/sed_2009.zip",
            ),
            // Ours: www2 goes, a www inside stays; userinfo and fragment go.
            ("http://www2.example.com/", "com,example)/"),
            ("http://wwwx.example.com/", "com,example,wwwx)/"),
            ("http://a.www.example.com/", "com,example,www,a)/"),
            ("http://user:pass@www.example.com:8080/A//B/?Z=1&a=2#frag", "com,example:8080)/a/b?a=2&z=1"),
            ("http://example.com./", "com,example)/"),
            ("http://[::1]:8080/", "::1:8080)/"),
            ("http://example.com/a?", "com,example)/a"),
            // A session id that a `&` follows, or that ends the query.
            (
                "http://example.com/?a=1&JSESSIONID=0123456789abcdef0123456789ABCDEF&b=2",
                "com,example)/?a=1&b=2",
            ),
            (
                "http://example.com/?a=1&sid=0123456789abcdef0123456789ABCDEF",
                "com,example)/?&a=1",
            ),
            // Not 32 characters: kept.
            ("http://example.com/?sid=0123", "com,example)/?sid=0123"),
            // ASP.NET cookieless sessions in the path.
            (
                "http://example.com/app/(S(abcdefghijklmnopqrstuvwx))/Default.aspx?x=1",
                "com,example)/app/default.aspx?x=1",
            ),
            (
                "http://example.com/(abcdefghijklmnopqrstuvwx)/page.aspx",
                "com,example)/page.aspx",
            ),
            ("http://example.com/(abcdefghijklmnopqrstuvwx)/page.html", "com,example)/(abcdefghijklmnopqrstuvwx)/page.html"),
            // An opaque host is lowercased too; an empty host is none.
            ("foo://EXAMPLE.com/X", "com,example)/x"),
            ("foo://example.com", "com,example)/"),
            ("file:///etc/Hosts", "file:/etc/hosts"),
            ("urn:ISBN:123?Q", "urn:isbn:123?q"),
        ],
        SurtProfile::InternetArchive,
    );
}

#[test]
fn internet_archive_profile_decodes_as_the_package_does() {
    // Each checked against surt 0.3.1's `surt.surt(url)`.
    check(
        &[
            ("http://a.com/%7Euser?x=%3D", "com,a)/~user?x=="),
            ("http://a.com/%41b%2Fc", "com,a)/ab/c"),
            (
                "http://a.com/?url=http%3A%2F%2Fb.com%2F",
                "com,a)/?url=http://b.com/",
            ),
            ("http://a.com/%2525%20x%23", "com,a)/%25%20x%23"),
            (
                "http://example.com/a%2e%2E/b/%252e%252e/c",
                "com,example)/a../c",
            ),
            ("http://a.com/%3F.aspx", "com,a)/?.aspx"),
            (
                "http://a.com/(abcdefghijklmnopqrstuvwx)/p%3f.aspx",
                "com,a)/(abcdefghijklmnopqrstuvwx)/p?.aspx",
            ),
            ("http://a.com/caf%C3%A9?q=%E9", "com,a)/caf%c3%a9?q=%e9"),
            ("foo://3279880203/x", "11,0,127,195)/x"),
            ("foo://1.2.3/x", "3,0,2,1)/x"),
            ("foo://%41b.com/", "com,ab)/"),
            // A decoded host that is not ASCII: its bytes that are not
            // UTF-8 dropped, then IDNA; kept encoded when IDNA refuses it.
            ("foo://b%C3%BCcher%FF.example/x", "example,xn--bcher-kva)/x"),
            ("foo://%EF%BF%BDa.example/", "example,%ef%bf%bda)/"),
            ("foo://a..b...c./", "c,,b,a)/"),
            ("httpx:foo/Bar", "foo)/bar"),
            ("http://a:0/", "a)/"),
        ],
        SurtProfile::InternetArchive,
    );
}

/// The package's own `test_surt.py` cases (`testdata/surt/`), each with
/// the profile its options amount to.
#[test]
fn surt_package_test_cases() {
    let path = common_testdata().join("surt/test_surt_cases.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let data: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mut run = 0;
    let mut failures = Vec::new();
    for case in data["cases"].as_array().expect("cases") {
        let Some(profile) = case["profile"].as_str() else {
            continue;
        };
        let profile: SurtProfile = profile.parse().expect("a profile name");
        let input = case["url"].as_str().expect("url");
        let expected = case["expected"].as_str().expect("expected");
        let url = Url::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let actual = key(&url, profile);
        if actual != expected {
            failures.push(format!(
                "{input} ({profile:?}): expected {expected:?}, found {actual:?}"
            ));
        }
        run += 1;
    }
    assert_eq!(run, 29, "cases with a profile");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn common_testdata() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

#[test]
fn heritrix_profile() {
    check(
        &[
            // Heritrix (which keeps "http://(org,archive,www,)" without a
            // path; the URL Standard's serialization has one).
            ("http://www.archive.org", "http://(org,archive,www,)/"),
            (
                "http://www.archive.org/movies/movies.php",
                "http://(org,archive,www,)/movies/movies.php",
            ),
            (
                "http://www.archive.org:8080/movies/movies.php",
                "http://(org,archive,www,:8080)/movies/movies.php",
            ),
            (
                "http://user:pass@www.archive.org/movies/movies.php",
                "http://(org,archive,www,@user:pass)/movies/movies.php",
            ),
            (
                "http://user:pass@www.archive.org:8080/movies/movies.php",
                "http://(org,archive,www,:8080@user:pass)/movies/movies.php",
            ),
            (
                "http://www.archive.org/movies/movies.php#top",
                "http://(org,archive,www,)/movies/movies.php#top",
            ),
            (
                "http://www.example.com/foo@bar",
                "http://(com,example,www,)/foo@bar",
            ),
            ("http://127.2.34.5/foo", "http://(127.2.34.5)/foo"),
            // Ours: case, query order, a trailing dot, IPv6, no authority.
            (
                "HTTPS://WWW.Example.COM/A?b=2&a=1#Top",
                "https://(com,example,www,)/a?b=2&a=1#top",
            ),
            ("http://example.com./", "http://(com.,example,)/"),
            ("http://[::1]/", "http://([::1],)/"),
            ("http://user@example.com/", "http://(com,example,@user)/"),
            ("mailto:Foo@Example.com", "mailto:Foo@Example.com"),
            ("file:///etc/hosts", "file:///etc/hosts"),
            ("git+ssh://Example.com/x", "git+ssh://Example.com/x"),
            (
                "ftp://ftp.example.com/Pub/",
                "ftp://(com,example,ftp,)/pub/",
            ),
        ],
        SurtProfile::Heritrix,
    );
}

#[test]
fn profile_names() {
    for profile in SurtProfile::ALL {
        assert_eq!(profile.name().parse::<SurtProfile>(), Ok(profile));
    }
    assert_eq!(
        "Internet-Archive".parse::<SurtProfile>(),
        Ok(SurtProfile::InternetArchive)
    );
    let error = "cdx".parse::<SurtProfile>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "expected a SURT profile (ia or heritrix), found \"cdx\""
    );
}

#[test]
fn keys_of_every_vendored_url_are_total() {
    // No panic, and keys of URLs that differ only in what a profile drops
    // are equal.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/urls/kasztp.txt"),
    )
    .unwrap();
    let mut count = 0;
    for line in text.lines() {
        let Ok(url) = Url::parse(line) else { continue };
        for profile in SurtProfile::ALL {
            let k = key(&url, profile);
            assert!(!k.is_empty(), "{line}");
        }
        if url.scheme() == "http" {
            let mut https = url.clone();
            if https.set_protocol("https").is_ok() && https.typed_port().is_none() {
                assert_eq!(
                    key(&url, SurtProfile::InternetArchive),
                    key(&https, SurtProfile::InternetArchive),
                    "{line}"
                );
            }
        }
        count += 1;
    }
    assert!(count > 40_000, "{count} URLs");
}
