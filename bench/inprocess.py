"""What one request costs inside the app, without the network: the same ASGI scope sent to the
app many times in one process, best of five runs, in microseconds.

    python bench/inprocess.py [--repeat 20000] [--profile NAME] [NAME ...]

NAME is one of the requests below (all of them by default). With --profile, cProfile's table
for that request shows where the time goes, function by function. Run it from two checkouts
(or with PYTHONPATH set to another commit's package folder) to compare a change with the
commit before it: unlike wrk, it does not need a quiet machine to tell a few microseconds apart.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import time
from typing import Any

from photospecs.main import create_app

MCP_CALL = (
    b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_visa_photo_spec",'
    b'"arguments":{"country":"us","document_type":"passport"}}}'
)
MCP_HEADERS = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream"),
               (b"mcp-protocol-version", b"2025-11-25"), (b"content-length", str(len(MCP_CALL)).encode())]
REQUESTS: dict[str, tuple[str, str, bytes, list[tuple[bytes, bytes]], bytes]] = {
    "specs_us": ("GET", "/api/specs", b"country=us", [], b""),
    "page_br": ("GET", "/us-visa-photo", b"", [(b"accept-encoding", b"br")], b""),
    "healthz": ("GET", "/healthz", b"", [], b""),
    "miss": ("GET", "/api/specs", b"country=germny-abc", [], b""),
    "mcp_call": ("POST", "/api/mcp", b"", MCP_HEADERS, MCP_CALL),
}


async def run(app: Any, name: str, repeat: int) -> tuple[float, int]:
    method, path, query, headers, body = REQUESTS[name]
    statuses: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8000"), *headers], "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 8000)}
    started = time.perf_counter()
    for _ in range(repeat):
        await app(dict(scope), receive, send)
    return (time.perf_counter() - started) / repeat * 1e6, statuses[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help=f"any of {', '.join(REQUESTS)} (default: all)")
    parser.add_argument("--repeat", type=int, default=20000)
    parser.add_argument("--profile", choices=list(REQUESTS))
    args = parser.parse_args()
    if unknown := set(args.names) - REQUESTS.keys():
        parser.error(f"unknown request(s): {', '.join(sorted(unknown))}")
    app = create_app()
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        asyncio.run(run(app, args.profile, args.repeat))
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return
    for name in args.names or REQUESTS:
        best = min(asyncio.run(run(app, name, args.repeat)) for _ in range(5))
        print(f"{name:10} {best[0]:7.2f} us  (status {best[1]})")


if __name__ == "__main__":
    main()
