"""Every case of WPT's urlpatterntestdata.json through weburl.URLPattern,
as WPT's urlpatterntests.js runs them (the same driver as
crates/weburl-pattern/tests/wpt.rs), and the class's Python API."""

import pytest

import weburl
from conftest import load_json

def usv(value):
    """JavaScript's USVString conversion, applied at the API boundary: a
    lone surrogate becomes U+FFFD (the expectations are written for that)."""
    if isinstance(value, str):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [usv(v) for v in value]
    if isinstance(value, dict):
        return {k: usv(v) for k, v in value.items()}
    return value


CASES = [usv(case) for case in load_json("wpt/urlpatterntestdata.json")]
COMPONENTS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")
# For each component, the ones before it: a pattern dict that gives any of
# them leaves this one "*" when it does not give it.
EARLIER = {
    "protocol": (),
    "username": (),
    "password": (),
    "hostname": ("protocol",),
    "port": ("protocol", "hostname"),
    "pathname": ("protocol", "hostname", "port"),
    "search": ("protocol", "hostname", "port", "pathname"),
    "hash": ("protocol", "hostname", "port", "pathname", "search"),
}


def test_the_data_is_all_there():
    assert len(CASES) > 350


INIT_KEYS = set(COMPONENTS) | {"baseURL"}


def init(value):
    """WebIDL's dictionary conversion: members URLPatternInit does not have
    are ignored (URLPattern raises for them, to catch typos)."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k in INIT_KEYS}
    return value


def construct(args):
    """`new URLPattern(...args)`: (input, baseURL, options) or (input, options)."""
    input = init(args[0]) if args else None
    base, options = None, {}
    if len(args) >= 2:
        if isinstance(args[1], str):
            base = args[1]
            options = args[2] if len(args) > 2 else {}
        elif len(args) == 2:
            options = args[1]
        else:
            # A dict in the baseURL position converts to "[object Object]".
            base, options = "[object Object]", args[2]
    if not isinstance(options, dict):
        raise TypeError("options is not a dictionary")
    return weburl.URLPattern(input, base, ignore_case=options.get("ignoreCase", False))


def default_expected(entry, component):
    pattern = entry["pattern"]
    first = pattern[0] if pattern and isinstance(pattern[0], dict) else None
    base = None
    if first is not None and "baseURL" in first:
        base = weburl.URL.parse(first["baseURL"])
    elif len(pattern) > 1 and isinstance(pattern[1], str):
        base = weburl.URL.parse(pattern[1])
    if component in entry.get("exactly_empty_components", []):
        return ""
    if first is not None and first.get(component):
        return first[component]
    if first is not None and any(c in first for c in EARLIER[component]):
        return "*"
    if base is not None and component not in ("username", "password"):
        value = getattr(base, component)
        if component == "protocol":
            return value[:-1]
        if component in ("search", "hash"):
            return value[1:]
        return value
    return "*"


def expected_component(entry, expected, component):
    empty = entry.get("exactly_empty_components", [])
    if expected is None:
        return {"input": "", "groups": {} if component in empty else {"0": ""}}
    return {"input": expected.get("input", ""), "groups": expected.get("groups", {})}


@pytest.mark.parametrize("entry", CASES, ids=[str(i) for i in range(len(CASES))])
def test_wpt_urlpattern(entry):
    expected_obj = entry.get("expected_obj")
    if expected_obj == "error":
        with pytest.raises((ValueError, TypeError)):
            construct(entry["pattern"])
        return
    pattern = construct(entry["pattern"])
    for component in COMPONENTS:
        expected = (expected_obj or {}).get(component)
        if expected is None:
            expected = default_expected(entry, component)
        assert getattr(pattern, component) == expected, component

    inputs = entry.get("inputs", [])
    args = [init(a) for a in inputs[:2]]
    expected_match = entry.get("expected_match")
    if expected_match == "error":
        with pytest.raises((ValueError, TypeError)):
            pattern.test(*args)
        with pytest.raises((ValueError, TypeError)):
            pattern.exec(*args)
        return
    assert pattern.test(*args) == (expected_match is not None)
    result = pattern.exec(*args)
    if expected_match is None:
        assert result is None
        return
    assert result is not None
    assert result["inputs"] == expected_match.get("inputs", inputs)
    for component in COMPONENTS:
        want = expected_component(entry, expected_match.get(component), component)
        assert result[component] == want, component


def test_the_python_api():
    p = weburl.URLPattern("https://*.example.com/users/:id")
    assert p.pathname == "/users/:id"
    assert p.test("https://api.example.com/users/42")
    assert not p.test("https://example.org/users/42")
    m = p.exec("https://api.example.com/users/42")
    assert m["pathname"] == {"input": "/users/42", "groups": {"id": "42"}}
    assert m["inputs"] == ["https://api.example.com/users/42"]
    p = weburl.URLPattern({"pathname": "/books/:id(\\d+)"})
    assert p.has_regexp_groups
    assert p.test({"pathname": "/books/7"})
    assert not p.test("https://x/books/seven")
    assert weburl.URLPattern("/a/*", "https://x/").test("/a/b", "https://x/")
    assert weburl.URLPattern("https://x/A", ignore_case=True).test("https://x/a")
    with pytest.raises(ValueError, match="unknown component"):
        weburl.URLPattern({"path": "/x"})
    with pytest.raises(ValueError):
        weburl.URLPattern("/relative")
    with pytest.raises(TypeError):
        weburl.URLPattern(42)
