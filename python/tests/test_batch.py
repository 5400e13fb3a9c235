"""parse_many agrees with URL on every vendored URL list, in every input form."""

import pytest

pa = pytest.importorskip("pyarrow")

import weburl
from conftest import url_lists

COMPONENTS = (
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
)
LISTS = url_lists()
# Every field a `string`, whatever the input's type.
RESULT_TYPE = pa.struct([pa.field(name, pa.string()) for name in COMPONENTS + ("error",)])


def expected_rows(urls, base=None):
    rows = []
    for u in urls:
        if u is None:
            rows.append(None)
            continue
        try:
            url = weburl.URL(u, base)
        except weburl.URLError as e:
            rows.append({**{k: None for k in COMPONENTS}, "error": e.kind})
        else:
            rows.append({**{k: getattr(url, k) for k in COMPONENTS}, "error": None})
    return rows


def test_lists_are_there():
    assert {name for name, _ in LISTS} >= {"kasztp", "userbait", "node_files", "isaacs_files", "web_links"}
    assert sum(len(urls) for _, urls in LISTS) > 300_000


@pytest.mark.parametrize("name,urls", LISTS, ids=[n for n, _ in LISTS])
def test_agrees_with_url(name, urls):
    want = expected_rows(urls)
    assert any(r["error"] is None for r in want)
    result = weburl.parse_many(urls)
    assert result.type == RESULT_TYPE
    assert result.to_pylist() == want
    for arrow_type in (pa.string(), pa.large_string(), pa.string_view()):
        array = pa.array(urls, type=arrow_type)
        result = weburl.parse_many(array)
        assert result.type == RESULT_TYPE, arrow_type
        assert result.to_pylist() == want, arrow_type
    chunked = pa.chunked_array([urls[: len(urls) // 3], urls[len(urls) // 3 :]])
    out = weburl.parse_many(chunked)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 2
    assert out.type == RESULT_TYPE
    assert out.to_pylist() == want


def test_failures_and_nulls():
    urls = ["https://example.com/", None, "/relative", "http://[::1", "", "https://a b/"]
    want = expected_rows(urls)
    assert weburl.parse_many(urls).to_pylist() == want
    assert weburl.parse_many(pa.array(urls)).to_pylist() == want
    assert [r and r["error"] for r in want] == [
        None, None, "MissingSchemeNonRelativeUrl", "Ipv6Unclosed", "MissingSchemeNonRelativeUrl", "DomainInvalidCodePoint",
    ]
    assert weburl.parse_many(pa.array(urls)).is_null().to_pylist() == [u is None for u in urls]


@pytest.mark.parametrize(
    "urls",
    [
        ["nope", None, "x:", "also nope"],
        [None, None],
        ["https://a.example/", "https://u:p@b.example:81/?q#f", "https://c.example/"],
        ["https://u@a.example/", "https://b.example/", "https://b.example/", "bad"],
    ],
)
def test_runs_of_empty_components_and_failures(urls):
    # The error column is built from the failures at the end, and runs of
    # empty components are appended at once: failures and empty runs at the
    # start, in the middle and at the end.
    want = expected_rows(urls)
    for result in (weburl.parse_many(urls), weburl.parse_many(pa.array(urls, pa.string()))):
        assert result.type == RESULT_TYPE
        assert result.to_pylist() == want


def test_base():
    refs = ["a", "../b?c", "//other.example/", "#f", "https://abs.example/"]
    base = "https://example.com/dir/page"
    want = expected_rows(refs, base)
    assert weburl.parse_many(refs, base=base).to_pylist() == want
    assert weburl.parse_many(pa.array(refs), base=base).to_pylist() == want
    with pytest.raises(weburl.URLError):
        weburl.parse_many(refs, base="not a base")


def test_sliced_and_generators():
    urls = ["https://a.example/", "x", "https://b.example/", "https://c.example/"]
    array = pa.array(urls).slice(1, 2)
    assert weburl.parse_many(array).to_pylist() == expected_rows(urls[1:3])
    assert weburl.parse_many(u for u in urls).to_pylist() == expected_rows(urls)
    assert weburl.parse_many([]).to_pylist() == []
    assert len(weburl.parse_many(pa.array([], pa.string()))) == 0


def test_bad_batch_input():
    with pytest.raises(TypeError):
        weburl.parse_many("https://example.com/")
    with pytest.raises(TypeError):
        weburl.parse_many(42)
    with pytest.raises(TypeError):
        weburl.parse_many(["https://example.com/", 42])
    with pytest.raises(TypeError):
        weburl.parse_many(pa.array([1, 2, 3]))
    with pytest.raises(TypeError):
        weburl.parse_many(pa.array([b"https://example.com/"]))
    with pytest.raises(ValueError):
        weburl.parse_many(["https://example.com/\ud800"])


def test_invalid_arrow_data_is_refused():
    # pyarrow builds this without checking it: bytes that are not UTF-8 in
    # a string array. (Offsets past the end pyarrow refuses to build.)
    bad_utf8 = pa.Array.from_buffers(
        pa.string(), 1, [None, pa.py_buffer(b"\x00\x00\x00\x00\x04\x00\x00\x00"), pa.py_buffer(b"h\xffp:")]
    )
    with pytest.raises(ValueError, match="invalid Arrow array"):
        weburl.parse_many(bad_utf8)


class StreamOnly:
    """An object that exports only the Arrow stream interface, as a Polars Series does."""

    def __init__(self, chunked):
        self.chunked = chunked

    def __arrow_c_stream__(self, requested_schema=None):
        return self.chunked.__arrow_c_stream__(requested_schema)


def test_arrow_stream_input():
    urls = ["https://a.example/x/../y", "nope", None, "http://[::1]:80/"]
    chunked = pa.chunked_array([urls[:1], urls[1:]], type=pa.large_string())
    out = weburl.parse_many(StreamOnly(chunked))
    assert isinstance(out, pa.ChunkedArray)
    assert out.type == RESULT_TYPE
    assert out.to_pylist() == expected_rows(urls)
