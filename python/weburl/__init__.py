"""weburl: Web addresses parsed, resolved and serialized exactly as browsers
do, by the WHATWG URL Standard (https://url.spec.whatwg.org/).

>>> from weburl import URL
>>> url = URL("../img/logo.png?size=2#top", "https://example.com/docs/index.html")
>>> url.href
'https://example.com/img/logo.png?size=2#top'
"""

from . import rfc3986
from ._weburl import (
    URL,
    URLError,
    URLPattern,
    URLSearchParams,
    can_parse,
    idna_to_ascii,
    idna_to_unicode,
    join,
    links,
    normalize,
    parse_many,
    parse_url,
    to_iri,
    validation_errors,
)

__all__ = [
    "URL",
    "URLError",
    "URLPattern",
    "URLSearchParams",
    "can_parse",
    "idna_to_ascii",
    "idna_to_unicode",
    "join",
    "links",
    "normalize",
    "parse_many",
    "parse_url",
    "rfc3986",
    "to_iri",
    "validation_errors",
]
