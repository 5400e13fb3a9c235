from typing import Any, Iterable, Iterator, Mapping, Optional, Tuple, TypedDict, Union

from . import rfc3986 as rfc3986

class URLError(ValueError):
    """The input is not a URL: the URL parser returned failure."""

    kind: str
    """Why: "MissingSchemeNonRelativeUrl", "HostMissing", "PortInvalid", ..."""
    input: str
    """The string that failed to parse."""

class URL:
    """A parsed URL, as the JavaScript URL object.

    Raises URLError (a ValueError) if `url` is not a URL. `base` resolves a
    relative reference. `encoding` is a WHATWG encoding label for the query
    of a special URL, as in an HTML document in that encoding. Setting an
    attribute follows the JavaScript setter: an unusable value leaves the
    URL as it was, except `href`, which raises URLError.
    """

    def __init__(
        self,
        url: str,
        base: Optional[Union[str, URL]] = None,
        *,
        encoding: Optional[str] = None,
    ) -> None: ...
    @staticmethod
    def can_parse(url: str, base: Optional[Union[str, URL]] = None) -> bool:
        """Whether `url` parses (against `base`), without building a URL."""
    @staticmethod
    def parse(url: str, base: Optional[Union[str, URL]] = None) -> Optional[URL]:
        """Like URL(url, base), but None instead of raising."""
    href: str
    protocol: str
    username: str
    password: str
    host: str
    hostname: str
    port: Union[str, int]
    pathname: str
    search: str
    hash: str
    @property
    def origin(self) -> str:
        """The ASCII serialization of the origin ("null" if opaque)."""
    @property
    def search_params(self) -> URLSearchParams:
        """The query as a live URLSearchParams: changing it changes this URL."""
    @property
    def public_suffix(self) -> Optional[str]:
        """The host's public suffix ("co.uk"), None for a host that is no domain."""
    @property
    def registrable_domain(self) -> Optional[str]:
        """The host's registrable domain ("example.co.uk"), or None."""
    def surt(self, profile: str = "ia") -> str:
        """The SURT key: "ia" (surt.surt(url) byte for byte) or "heritrix"."""
    def set(self, name: str, value: str) -> None:
        """Set a component strictly: raise URLError where the attribute's
        setter would leave the URL unchanged in silence."""
    def to_json(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> URL: ...
    def __deepcopy__(self, memo: Any) -> URL: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...

class URLSearchParams:
    """Name-value pairs in application/x-www-form-urlencoded form.

    `init` is a query string (one leading "?" dropped), a mapping, an
    iterable of (name, value) pairs, or another URLSearchParams.
    """

    def __init__(
        self,
        init: Optional[
            Union[str, Mapping[str, str], Iterable[Tuple[str, str]], URLSearchParams]
        ] = None,
    ) -> None: ...
    @property
    def size(self) -> int: ...
    def __len__(self) -> int: ...
    def append(self, name: str, value: str) -> None: ...
    def delete(self, name: str, value: Optional[str] = None) -> None: ...
    def get(self, name: str) -> Optional[str]: ...
    def get_all(self, name: str) -> list[str]: ...
    def has(self, name: str, value: Optional[str] = None) -> bool: ...
    def __contains__(self, name: str) -> bool: ...
    def __getitem__(self, name: str) -> str:
        """The first value named `name`; KeyError when there is none."""
    def set(self, name: str, value: str) -> None: ...
    def sort(self) -> None: ...
    def items(self) -> list[Tuple[str, str]]: ...
    def keys(self) -> list[str]: ...
    def values(self) -> list[str]: ...
    def __iter__(self) -> Iterator[Tuple[str, str]]: ...
    def __eq__(self, other: object) -> bool: ...

class ParsedURL(TypedDict):
    href: str
    username: str
    password: str
    protocol: str
    port: str
    hostname: str
    host: str
    pathname: str
    search: str
    hash: str
    origin: str
    host_type: int
    scheme_type: int

class Link(TypedDict):
    element: str
    attribute: str
    value: str
    reference: str
    line: int
    url: Optional[str]
    error: Optional[str]

def parse_url(url: str, base: Optional[Union[str, URL]] = None) -> ParsedURL:
    """The components of `url` as a dict, in the shape of ada-url's parse_url."""

def can_parse(url: str, base: Optional[Union[str, URL]] = None) -> bool:
    """Whether `url` parses (against `base`)."""

def join(base: Union[str, URL], ref: str) -> str:
    """The href of `ref` resolved against `base`."""

def normalize(url: str, profile: str = "safe") -> str:
    """The href normalized by a profile: "safe", "crawler" or "aggressive"."""

def validation_errors(
    url: str, base: Optional[Union[str, URL]] = None
) -> list[Tuple[str, int, int]]:
    """The URL Standard's validation errors: (name, start, end), str indices."""

def to_iri(url: str) -> str:
    """The URL for people to read: Unicode host and path where safe."""

def links(html: bytes, url: str, charset: Optional[str] = None) -> list[Link]:
    """Every URL of an HTML document, resolved as a browser resolves it."""

def idna_to_ascii(domain: str) -> str:
    """The domain in punycode by UTS #46 ToASCII; URLError if it is none."""

def idna_to_unicode(domain: str) -> str:
    """The domain in Unicode by UTS #46 ToUnicode."""

class URLPattern:
    """A URL pattern, as the JavaScript URLPattern object.

    `input`: a constructor string ("https://*.example.com/users/:id") or a
    dict of component patterns ({"pathname": "/users/:id"}). ValueError when
    it does not build.
    """

    def __init__(
        self,
        input: Optional[Union[str, Mapping[str, str]]] = None,
        base_url: Optional[str] = None,
        *,
        ignore_case: bool = False,
    ) -> None: ...
    def test(
        self,
        input: Optional[Union[str, Mapping[str, str]]] = None,
        base_url: Optional[str] = None,
    ) -> bool: ...
    def exec(
        self,
        input: Optional[Union[str, Mapping[str, str]]] = None,
        base_url: Optional[str] = None,
    ) -> Optional[dict[str, Any]]: ...
    protocol: str
    username: str
    password: str
    hostname: str
    port: str
    pathname: str
    search: str
    hash: str
    has_regexp_groups: bool

def parse_many(
    urls: Any, base: Optional[str] = None, *, fields: Optional[list[str]] = None
) -> Any:
    """Many URLs to a pyarrow StructArray of components plus an `error` column.

    Every field is a `string` (null where the URL does not parse; `error`
    null where it does). A ValueError says when a column of one result array
    would exceed 2 GiB, the most a `string` array holds: pass smaller chunks.

    `urls`: an iterable of str (or None), an Arrow string array
    (`__arrow_c_array__`: string, large_string, string_view), or a stream
    of them (`__arrow_c_stream__`: pyarrow.ChunkedArray, Polars Series),
    for which the result is a pyarrow.ChunkedArray.

    `fields` picks the columns, in order: component names, "error",
    "origin", "public_suffix", "registrable_domain", "surt".
    """
