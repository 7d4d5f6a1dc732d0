"""The ceiling: a bare ASGI app on granian that answers with bytes captured from photospecs.

compare.py records, for each benchmark request, the exact status, headers and body photospecs
sends, and starts this app on that recording. Nothing here parses, routes or encodes beyond a
dictionary lookup, so its throughput is what granian itself allows for the same bytes.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec


class Recorded(msgspec.Struct):
    method: str
    target: str  # path?query
    accept_encoding: str
    status: int
    headers: list[tuple[str, str]]
    body: bytes


def _load() -> dict[tuple[str, bytes, bytes], tuple[dict, dict]]:
    recordings = msgspec.json.decode(Path(os.environ["CEILING_RECORDING"]).read_bytes(), type=list[Recorded])
    table = {}
    for r in recordings:
        path, _, query = r.target.partition("?")
        start = {
            "type": "http.response.start",
            "status": r.status,
            "headers": [(k.encode(), v.encode()) for k, v in r.headers],
        }
        table[r.method, (path + "?" + query).encode(), r.accept_encoding.encode()] = (start, {"type": "http.response.body", "body": r.body})
    return table


TABLE = _load()
NOT_FOUND = ({"type": "http.response.start", "status": 404, "headers": []}, {"type": "http.response.body", "body": b""})


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": message["type"] + ".complete"})
            if message["type"] == "lifespan.shutdown":
                return
    accept = b""
    expected = -1
    for name, value in scope["headers"]:
        if name == b"accept-encoding":
            accept = value
        elif name == b"content-length":
            expected = int(value)
    if scope["method"] == "POST":  # read the request body as the project does: up to Content-Length
        size, more = 0, True
        while more and size != expected:
            message = await receive()
            size += len(message.get("body", b""))
            more = message.get("more_body", False)
    start, body = TABLE.get((scope["method"], scope["path"].encode() + b"?" + scope["query_string"], accept), NOT_FOUND)
    await send(start)
    await send(body)
