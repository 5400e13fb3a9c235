from typing import Optional, TypedDict

class Components(TypedDict):
    scheme: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]

def resolve(base: str, reference: str) -> str:
    """`reference` resolved against `base` (RFC 3986 section 5.2, strict)."""

def resolve_non_strict(base: str, reference: str) -> str:
    """`resolve` in non-strict mode: `http:g` against an http base is `g`."""

def normalize(uri: str) -> str:
    """Syntax-based normalization (RFC 3986 section 6.2.2)."""

def normalize_scheme_based(uri: str) -> str:
    """Syntax- and scheme-based normalization (RFC 3986 section 6.2.3)."""

def remove_dot_segments(path: str) -> str:
    """RFC 3986 section 5.2.4."""

def split(uri: str) -> Components:
    """The components of a URI reference (RFC 3986 section 3)."""

def is_uri(s: str) -> bool: ...
def is_uri_reference(s: str) -> bool: ...
def is_relative_ref(s: str) -> bool: ...
def is_absolute_uri(s: str) -> bool: ...
def is_iri(s: str) -> bool: ...
def is_iri_reference(s: str) -> bool: ...
