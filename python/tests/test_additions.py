"""The API beyond the URL Standard's object: sites and SURT keys, strict
setters, IDNA, URLSearchParams indexing, validation errors as `lint`
lists them, and parse_many's chosen fields."""

import pytest

import weburl


def test_public_suffix_and_registrable_domain():
    url = weburl.URL("https://www.Example.co.uk/a")
    assert url.public_suffix == "co.uk"
    assert url.registrable_domain == "example.co.uk"
    ip = weburl.URL("http://[::1]/")
    assert ip.public_suffix is None
    assert ip.registrable_domain is None
    assert weburl.URL("https://co.uk/").registrable_domain is None


def test_surt_by_profile():
    url = weburl.URL("https://www.Example.com:8080/A/?b=2&a=1#top")
    assert url.surt() == "com,example:8080)/a?a=1&b=2"
    assert url.surt(profile="ia") == url.surt()
    assert url.surt(profile="heritrix") == "https://(com,example,www,:8080)/a/?b=2&a=1#top"
    # The surt package's own decoding, byte for byte.
    assert weburl.URL("http://a.com/%7Euser?x=%3D").surt() == "com,a)/~user?x=="
    assert weburl.URL("http://[::1]:8080/").surt() == "::1:8080)/"
    with pytest.raises(ValueError, match="ia or heritrix"):
        url.surt(profile="cdx")


def test_setters_stay_javascript_like_and_set_raises():
    url = weburl.URL("mailto:a@example.com")
    url.pathname = "/x"  # ignored, as in JavaScript
    assert url.href == "mailto:a@example.com"
    with pytest.raises(weburl.URLError) as e:
        url.set("pathname", "/x")
    assert e.value.kind == "OpaquePath"
    url = weburl.URL("https://example.com/")
    url.port = "99999"
    assert url.port == ""
    with pytest.raises(weburl.URLError) as e:
        url.set("port", "99999")
    assert e.value.kind == "PortOutOfRange"
    with pytest.raises(weburl.URLError):
        url.set("protocol", "mailto")
    assert url.href == "https://example.com/"
    url.set("hostname", "example.org")
    url.set("search", "q=1")
    assert url.href == "https://example.org/?q=1"
    url.set("href", "https://a.example/")
    assert url.href == "https://a.example/"
    with pytest.raises(ValueError, match="unknown component"):
        url.set("path", "/x")


def test_idna():
    assert weburl.idna_to_ascii("Bücher.example") == "xn--bcher-kva.example"
    assert weburl.idna_to_unicode("xn--bcher-kva.example") == "bücher.example"
    assert weburl.idna_to_unicode("example.com") == "example.com"
    with pytest.raises(weburl.URLError):
        weburl.idna_to_ascii("a\u00adb\u0000.example")


def test_search_params_indexing():
    params = weburl.URLSearchParams("a=1&b=2&a=3")
    assert params["a"] == "1"
    assert "b" in params
    assert "c" not in params
    with pytest.raises(KeyError):
        params["c"]
    url = weburl.URL("https://x/?q=v")
    assert url.search_params["q"] == "v"


def test_validation_errors_are_lints_list_without_repeats():
    # The parser reports the first backslash twice at the same place; lint
    # shows it once.
    errors = weburl.validation_errors("http:\\\\a.com\\")
    assert errors == [
        ("special-scheme-missing-following-solidus", 5, 6),
        ("special-scheme-missing-following-solidus", 6, 7),
        ("invalid-reverse-solidus", 12, 13),
    ]
    assert weburl.validation_errors("https://exa\tmple.com/") == [("invalid-URL-unit", 11, 12)]


def test_parse_many_fields():
    pa = pytest.importorskip("pyarrow")
    urls = ["https://www.example.co.uk/a?b=2&a=1", "not a url", None, "http://[::1]/"]
    out = weburl.parse_many(
        urls, fields=["href", "origin", "public_suffix", "registrable_domain", "surt", "error"]
    )
    assert isinstance(out, pa.StructArray)
    assert [f.name for f in out.type] == [
        "href",
        "origin",
        "public_suffix",
        "registrable_domain",
        "surt",
        "error",
    ]
    rows = out.to_pylist()
    assert rows[0] == {
        "href": "https://www.example.co.uk/a?b=2&a=1",
        "origin": "https://www.example.co.uk",
        "public_suffix": "co.uk",
        "registrable_domain": "example.co.uk",
        "surt": "uk,co,example)/a?a=1&b=2",
        "error": None,
    }
    assert rows[1]["href"] is None and rows[1]["error"] == "MissingSchemeNonRelativeUrl"
    assert rows[2] is None
    assert rows[3]["public_suffix"] is None and rows[3]["surt"] == "::1)/"
    # Arrow input, and a chunked one, give the same.
    same = weburl.parse_many(pa.array(urls), fields=["surt", "hostname"])
    assert same.field("surt").to_pylist() == [r and r["surt"] for r in rows]
    chunked = weburl.parse_many(pa.chunked_array([urls[:2], urls[2:]]), fields=["surt"])
    assert chunked.combine_chunks().field("surt").to_pylist() == [r and r["surt"] for r in rows]
    with pytest.raises(ValueError, match="expected one of href, protocol"):
        weburl.parse_many(urls, fields=["path"])
