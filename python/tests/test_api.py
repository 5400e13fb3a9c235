"""The URL object's Python protocols, the functions, and bad input."""

import copy
import pickle

import pytest

import weburl


def test_str_repr_eq_hash():
    a = weburl.URL("HTTPS://Example.COM:443/a/../b")
    b = weburl.URL("https://example.com/b")
    assert str(a) == "https://example.com/b" == a.to_json()
    assert repr(a) == "URL('https://example.com/b')"
    assert repr(weburl.URLSearchParams("a='")) == "URLSearchParams('a=%27')"
    assert a == b and hash(a) == hash(b)
    assert a != weburl.URL("https://example.com/c")
    assert a != "https://example.com/b"
    assert len({a, b}) == 1


def test_pickle_and_copy():
    url = weburl.URL("https://user:pw@xn--mller-kva.example:8080/p?q=é#h", encoding="windows-1252")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(url, protocol))
        assert back == url and back.href == url.href
        assert back.search == "?q=%E9"
    assert copy.copy(url) == url and copy.deepcopy(url) == url
    c = copy.copy(url)
    c.pathname = "/other"
    assert url.pathname == "/p"
    params = pickle.loads(pickle.dumps(weburl.URLSearchParams("a=1&b=%20")))
    assert params.items() == [("a", "1"), ("b", " ")]


def test_url_error():
    with pytest.raises(weburl.URLError) as info:
        weburl.URL("http://exa mple.com/")
    assert isinstance(info.value, ValueError)
    assert info.value.kind == "DomainInvalidCodePoint"
    assert info.value.input == "http://exa mple.com/"
    with pytest.raises(weburl.URLError) as info:
        weburl.URL("/relative")
    assert info.value.kind == "MissingSchemeNonRelativeUrl"
    with pytest.raises(weburl.URLError):
        weburl.URL("a", "not a base")
    with pytest.raises(weburl.URLError) as info:
        weburl.parse_url("http://[::1/")
    assert info.value.kind == "Ipv6Unclosed"


def test_setters_ignore_or_raise():
    url = weburl.URL("https://example.com/")
    url.port = "abc"
    assert url.port == ""
    url.port = 8080
    assert url.host == "example.com:8080"
    url.port = -1
    assert url.port == "8080"
    url.protocol = "ftp"
    assert url.href == "ftp://example.com:8080/"
    with pytest.raises(weburl.URLError):
        url.href = "not a url"
    assert url.href == "ftp://example.com:8080/"
    with pytest.raises(AttributeError):
        url.origin = "https://x"
    with pytest.raises((AttributeError, TypeError)):
        del url.pathname
    with pytest.raises(TypeError):
        url.pathname = None
    with pytest.raises(TypeError):
        url.port = 1.5


def test_parse_url_shape():
    d = weburl.parse_url("https://user:pass@[::1]:8080/a?b#c")
    assert d == {
        "href": "https://user:pass@[::1]:8080/a?b#c",
        "username": "user",
        "password": "pass",
        "protocol": "https:",
        "port": "8080",
        "hostname": "[::1]",
        "host": "[::1]:8080",
        "pathname": "/a",
        "search": "?b",
        "hash": "#c",
        "origin": "https://[::1]:8080",
        "host_type": 2,
        "scheme_type": 2,
    }
    assert weburl.parse_url("http://1.2.3.4/")["host_type"] == 1
    assert weburl.parse_url("file:///x")["scheme_type"] == 6
    assert weburl.parse_url("foo:bar")["scheme_type"] == 1


def test_functions():
    assert weburl.join("https://example.com/docs/index.html", "../img/a.png") == "https://example.com/img/a.png"
    assert weburl.to_iri("https://xn--mller-kva.example/%C3%A4") == "https://müller.example/ä"
    assert weburl.to_iri("https://xn--80ak6aa92e.com/") == "https://xn--80ak6aa92e.com/"
    assert weburl.normalize("HTTPS://example.com/%7e?b=1&a=2") == "https://example.com/~?b=1&a=2"
    assert weburl.normalize("https://example.com/?b=1&a=2&utm_source=x#f", profile="crawler") == "https://example.com/?a=2&b=1"
    with pytest.raises(ValueError):
        weburl.normalize("https://example.com/", profile="nope")


def test_validation_errors_spans_are_str_indices():
    text = "https:\\\\exämple.com\\a b"
    errors = weburl.validation_errors(text)
    names = [e[0] for e in errors]
    assert "invalid-reverse-solidus" in names and "invalid-URL-unit" in names
    for name, start, end in errors:
        if name == "invalid-URL-unit":
            assert text[start:end] == " "
        if name == "invalid-reverse-solidus":
            assert text[start:end] == "\\"
    assert weburl.validation_errors("https://example.com/") == []
    # A URL that fails to parse has its errors listed too.
    assert weburl.validation_errors("https://exa mple.com/") != []
    assert [e[0] for e in weburl.validation_errors("/x")] == ["missing-scheme-non-relative-URL"]


def test_rfc3986():
    from weburl import rfc3986

    assert rfc3986.resolve("http://a/b/c/d;p?q", "../../g") == "http://a/g"
    assert rfc3986.resolve_non_strict("http://a/b/c/d;p?q", "http:g") == "http://a/b/c/g"
    assert rfc3986.remove_dot_segments("/a/b/c/./../../g") == "/a/g"
    assert rfc3986.normalize("HTTP://a/%7e/./b") == "http://a/~/b"
    assert rfc3986.split("http://u@h:1/p?q#f") == {
        "scheme": "http", "userinfo": "u", "host": "h", "port": "1",
        "path": "/p", "query": "q", "fragment": "f",
    }
    assert rfc3986.is_uri("http://a/") and not rfc3986.is_uri("a b")
    assert rfc3986.is_iri("http://é/") and not rfc3986.is_uri("http://é/")
    with pytest.raises(ValueError):
        rfc3986.resolve("/no/scheme", "g")


def test_links():
    page = b"<meta charset=windows-1252><base href=/docs/><a href='guide?q=caf\xe9'>x</a><img src=' /i.png '>"
    links = weburl.links(page, "https://example.com/a/b")
    assert [(l["element"], l["attribute"], l["url"]) for l in links] == [
        ("base", "href", "https://example.com/docs/"),
        ("a", "href", "https://example.com/docs/guide?q=caf%E9"),
        ("img", "src", "https://example.com/i.png"),
    ]
    assert links[2]["reference"] == "/i.png" and links[2]["value"] == " /i.png "
    bad = weburl.links(b"<a href='http://[x'>", "https://example.com/")
    assert bad[0]["url"] is None and bad[0]["error"] == "Ipv6Unclosed"
    sjis = weburl.links(b"<a href='?q=\x93\xfa'>", "https://example.jp/", charset="shift_jis")
    assert sjis[0]["url"] == "https://example.jp/?q=%93%FA"
    with pytest.raises(ValueError):
        weburl.links(b"", "https://example.com/", charset="no-such-charset")
    with pytest.raises(TypeError):
        weburl.links("<a href=x>", "https://example.com/")


BAD_STRINGS = ["http://example.com/\ud800", "\udfff", "https://\udc80.com/"]


@pytest.mark.parametrize(
    "call",
    [
        lambda s: weburl.URL(s),
        lambda s: weburl.URL("https://example.com/", s or 0),
        lambda s: weburl.URL.can_parse(s),
        lambda s: weburl.can_parse(s),
        lambda s: weburl.parse_url(s),
        lambda s: weburl.join("https://example.com/", s),
        lambda s: weburl.normalize(s),
        lambda s: weburl.validation_errors(s),
        lambda s: weburl.to_iri(s),
        lambda s: weburl.URLSearchParams(s or 0),
        lambda s: weburl.rfc3986.resolve("http://a/", s),
        lambda s: weburl.parse_many([s or 0]),
    ],
)
def test_bad_input(call):
    for bad in [None, 42, b"https://example.com/", 1.5, object(), ["x"]]:
        with pytest.raises(TypeError):
            call(bad)
    for s in BAD_STRINGS:
        # Lone surrogates cannot be UTF-8: UnicodeEncodeError, a ValueError.
        with pytest.raises(ValueError):
            call(s)


def test_setter_bad_input():
    url = weburl.URL("https://example.com/")
    for name in ("protocol", "username", "password", "host", "hostname", "pathname", "search", "hash"):
        with pytest.raises(TypeError):
            setattr(url, name, None)
        with pytest.raises(ValueError):
            setattr(url, name, "\ud800")
    assert url.href == "https://example.com/"
    params = url.search_params
    with pytest.raises(TypeError):
        params.append(None, "x")
    with pytest.raises(ValueError):
        params.append("\ud800", "x")


def test_huge_strings():
    big = "https://example.com/" + "a" * 50_000_000
    url = weburl.URL(big)
    assert len(url.href) == len(big)
    assert weburl.can_parse(big)
    host = "https://" + "a" * 10_000_000 + ".com/"
    assert weburl.URL(host).hostname.endswith(".com")
    with pytest.raises(weburl.URLError):
        weburl.URL("https://exa mple" + "a" * 10_000_000)
    # The message stays short whatever the input.
    try:
        weburl.URL("https://[" + "1" * 10_000_000)
    except weburl.URLError as e:
        assert len(str(e)) < 1000
    many_params = "&".join(["a=b"] * 1_000_000)
    assert weburl.URLSearchParams(many_params).size == 1_000_000
