"""Client-supplied text in error bodies: shortened, quoted, and unable to turn into markup.

JSON already escapes quotes and control characters. Escaping <, > and & as well (still valid
JSON) means an error body stays inert even if something downstream pastes it into HTML.
"""

from __future__ import annotations

import msgspec

from photospecs.wire.rest import Error

ECHO_LIMIT = 80
_encode = msgspec.json.Encoder().encode
_ESCAPES = ((b"<", b"\\u003c"), (b">", b"\\u003e"), (b"&", b"\\u0026"))


def quoted(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "...")


def encode_error(payload: object) -> bytes:
    body = _encode(payload)
    for raw, escaped in _ESCAPES:
        body = body.replace(raw, escaped)
    return body


# /readyz after SIGTERM, and its description in the OpenAPI document.
DRAINING = Error(status=503, error="draining", message="Shutting down: send new requests elsewhere.")
