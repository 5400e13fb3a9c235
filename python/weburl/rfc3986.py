"""RFC 3986 (URI) and RFC 3987 (IRI): syntax checks, reference resolution
(section 5) and normalization (section 6), for where the RFCs rather than
the URL Standard are wanted. Failures raise ValueError.
"""

from ._weburl import rfc3986 as _rfc3986

resolve = _rfc3986.resolve
resolve_non_strict = _rfc3986.resolve_non_strict
normalize = _rfc3986.normalize
normalize_scheme_based = _rfc3986.normalize_scheme_based
remove_dot_segments = _rfc3986.remove_dot_segments
split = _rfc3986.split
is_uri = _rfc3986.is_uri
is_uri_reference = _rfc3986.is_uri_reference
is_relative_ref = _rfc3986.is_relative_ref
is_absolute_uri = _rfc3986.is_absolute_uri
is_iri = _rfc3986.is_iri
is_iri_reference = _rfc3986.is_iri_reference

__all__ = [
    "resolve",
    "resolve_non_strict",
    "normalize",
    "normalize_scheme_based",
    "remove_dot_segments",
    "split",
    "is_uri",
    "is_uri_reference",
    "is_relative_ref",
    "is_absolute_uri",
    "is_iri",
    "is_iri_reference",
]
