"""Every WPT URL parsing and setter case, through weburl.URL."""

import pytest

import weburl
from conftest import load_json

COMPONENTS = (
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)


def cases(relative):
    return [c for c in load_json(relative) if isinstance(c, dict)]


URL_CASES = (
    cases("wpt/urltestdata.json")
    + cases("wpt/urltestdata-javascript-only.json")
    + cases("ada/ada_extra_urltestdata.json")
)


def test_the_data_is_all_there():
    # The suite must not pass by running nothing.
    assert len(cases("wpt/urltestdata.json")) > 800


def usv(s):
    """JavaScript's USVString conversion: lone surrogates become U+FFFD."""
    return s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@pytest.mark.parametrize("case", URL_CASES, ids=lambda c: repr(c["input"])[:80])
def test_url(case):
    # The JavaScript-only cases hold lone surrogates, which a Python str can
    # carry but UTF-8 cannot: they raise (tested in test_bad_input), and the
    # URL of their USVString is checked here.
    url_input = usv(case["input"])
    base = case.get("base")
    if case.get("failure"):
        with pytest.raises(weburl.URLError):
            weburl.URL(url_input, base)
        assert not weburl.URL.can_parse(url_input, base)
        assert not weburl.can_parse(url_input, base)
        assert weburl.URL.parse(url_input, base) is None
        return
    url = weburl.URL(url_input, base)
    got = {k: getattr(url, k) for k in COMPONENTS}
    want = {k: case[k] for k in COMPONENTS}
    assert got == want
    # ada's extra data writes an untested origin as null.
    if case.get("origin") is not None:
        assert url.origin == case["origin"]
    assert weburl.URL.can_parse(url_input, base)
    assert weburl.can_parse(url_input, base)
    d = weburl.parse_url(url_input, base)
    assert {k: d[k] for k in COMPONENTS} == want
    if case.get("origin") is not None:
        assert d["origin"] == case["origin"]
    if base is not None:
        assert weburl.join(base, url_input) == case["href"]
        assert weburl.URL(url_input, weburl.URL(base)).href == case["href"]


SETTER_CASES = [
    (setter, case)
    for source in ("wpt/setters_tests.json", "ada/ada_extra_setters_tests.json")
    for setter, group in load_json(source).items()
    if setter != "comment"
    for case in group
]


@pytest.mark.parametrize(
    "setter,case",
    SETTER_CASES,
    ids=lambda x: x if isinstance(x, str) else repr((x["href"], x["new_value"]))[:80],
)
def test_setter(setter, case):
    url = weburl.URL(case["href"])
    if setter == "href":
        # The href setter throws where the others ignore: the cases list only
        # values that parse.
        url.href = case["new_value"]
    else:
        setattr(url, setter, usv(case["new_value"]))
    for key, value in case["expected"].items():
        assert getattr(url, key) == value, key


def test_setter_data_is_all_there():
    assert len(SETTER_CASES) > 250


PERCENT_CASES = cases("wpt/percent-encoding.json")


@pytest.mark.parametrize("case", PERCENT_CASES, ids=lambda c: repr(c["input"]))
def test_encoding_override(case):
    """The query takes the document's encoding; the fragment stays UTF-8."""
    text = case["input"]
    raw = f"https://doesnotmatter.invalid/?{text}#{text}"
    utf8 = case["output"]["utf-8"]
    for label, expected in case["output"].items():
        url = weburl.URL(raw, encoding=label)
        assert url.search == "?" + expected, label
        assert url.hash == "#" + utf8, label


def test_encoding_override_only_for_special_urls_query():
    assert weburl.URL("https://x.invalid/?é", encoding="windows-1252").search == "?%E9"
    # Not special: the query stays UTF-8.
    assert weburl.URL("foo://x/?é", encoding="windows-1252").search == "?%C3%A9"
    # ws and wss always use UTF-8.
    assert weburl.URL("wss://x.invalid/?é", encoding="windows-1252").search == "?%C3%A9"


def test_unknown_encoding_label():
    with pytest.raises(ValueError, match="unknown encoding label"):
        weburl.URL("https://x.invalid/", encoding="no-such-encoding")
