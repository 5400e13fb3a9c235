"""URLSearchParams against the WPT cases (testdata/wpt-ported, testdata/wpt)."""

import pytest

import weburl
from conftest import load_json

GROUPS = load_json("wpt-ported/urlsearchparams.json")["groups"]
TESTS = [(g["source"], t) for g in GROUPS for t in g["tests"]]


def make(step, objects):
    op = step["op"]
    if op == "new":
        return weburl.URLSearchParams()
    if op == "parse":
        return weburl.URLSearchParams(step["input"])
    if op == "from_pairs":
        return weburl.URLSearchParams([tuple(p) for p in step["pairs"]])
    if op == "from_query":
        # A URL's search_params: the list parsed from its query, live.
        url = weburl.URL("https://example.invalid/")
        url.href = "https://example.invalid/?" + step["query"]
        return url.search_params
    if op == "copy":
        return weburl.URLSearchParams(objects[step["source"]])
    if op == "reparse":
        return weburl.URLSearchParams(str(objects[step["source"]]))
    return None


@pytest.mark.parametrize("source,test", TESTS, ids=lambda x: x if isinstance(x, str) else x["name"])
def test_urlsearchparams(source, test):
    objects = {}
    for step in test["steps"]:
        slot = step.get("obj", 0)
        made = make(step, objects)
        if made is not None:
            objects[slot] = made
            continue
        p = objects[slot]
        op = step["op"]
        if op == "append":
            p.append(step["name"], step["value"])
        elif op == "delete":
            p.delete(step["name"], step.get("value"))
        elif op == "set":
            p.set(step["name"], step["value"])
        elif op == "sort":
            p.sort()
        elif op == "expect_string":
            assert str(p) == step["expected"]
        elif op == "expect_get":
            assert p.get(step["name"]) == step["expected"]
        elif op == "expect_get_all":
            assert p.get_all(step["name"]) == step["expected"]
        elif op == "expect_has":
            assert p.has(step["name"], step.get("value")) == step["expected"]
        elif op == "expect_size":
            assert p.size == step["expected"] == len(p)
        elif op == "expect_pairs":
            assert list(p) == [tuple(x) for x in step["expected"]]
        else:
            pytest.fail(f"unknown step {op}")


def test_the_data_is_all_there():
    assert len(TESTS) > 50


PARSER_CASES = load_json("wpt/urlencoded-parser-data.json")


@pytest.mark.parametrize("case", PARSER_CASES, ids=lambda c: repr(c["input"]))
def test_urlencoded_parser(case):
    want = [tuple(p) for p in case["output"]]
    assert list(weburl.URLSearchParams(case["input"])) == want
    # The same list through a URL's query (the URL object's search_params).
    url = weburl.URL("https://example.invalid/?" + case["input"].replace("#", "%23"))
    if "#" not in case["input"]:
        assert url.search_params.items() == want


def test_search_params_are_live():
    url = weburl.URL("https://example.com/p?utm_source=x&id=7#top")
    params = url.search_params
    params.delete("utm_source")
    assert url.href == "https://example.com/p?id=7#top"
    params.append("q", "a b")
    assert url.search == "?id=7&q=a+b"
    url.search = "?x=1"
    assert params.items() == [("x", "1")]
    params.delete("x")
    assert url.href == "https://example.com/p#top"


def test_constructor_forms():
    assert str(weburl.URLSearchParams({"a": "1", "b": "2"})) == "a=1&b=2"
    assert str(weburl.URLSearchParams([("a", "1"), ["b", "2"]])) == "a=1&b=2"
    assert str(weburl.URLSearchParams("?a=1")) == "a=1"
    p = weburl.URLSearchParams("a=1&a=2&b=3")
    assert p.keys() == ["a", "a", "b"] and p.values() == ["1", "2", "3"]
    assert "a" in p and "c" not in p
    assert p == weburl.URLSearchParams([("a", "1"), ("a", "2"), ("b", "3")])
    with pytest.raises(TypeError):
        weburl.URLSearchParams([("a", "1", "2")])
    with pytest.raises(TypeError):
        weburl.URLSearchParams(["ab"])
    with pytest.raises(TypeError):
        weburl.URLSearchParams(42)
