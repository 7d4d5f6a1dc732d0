"""The MCP endpoint's DNS-rebinding guard reads Host strictly (RFC 3986 authority: a host, an
optional port of digits, nothing else; exactly one Host header), on a real server."""

from __future__ import annotations

import json
import socket

import pytest
from photospecs.mcp.transport import authority_host

LIST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'


def post(server, *hosts: bytes, method: bytes = b"POST") -> int:
    """POST tools/list (or send `method` without a body) with exactly the given Host header
    lines; the status it gets."""
    body = LIST if method == b"POST" else b""
    head = method + b" /api/mcp HTTP/1.1\r\n" + b"".join(b"Host: %s\r\n" % h for h in hosts)
    head += b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body)
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head + body)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    status = int(status_line.split()[1])
    if status == 403 and method != b"HEAD":  # refusals carry a JSON-RPC error body
        assert json.loads(rest.partition(b"\r\n\r\n")[2])["error"]["code"] == -32600
    return status


@pytest.mark.parametrize("host", [
    b"127.0.0.1:18801@evil.example",  # userinfo-looking tail: the host is not 127.0.0.1
    b"localhost:evil",  # a port that is not digits
    b"[::1].evil.example",  # text after the IP literal
    b"localhost:80:80",
    b"evil.example",
    b"127.0.0.1.evil.example",
    b"[::1",
    b"",
])
def test_hostile_or_malformed_hosts_are_refused(server, host):
    assert post(server, host) == 403


@pytest.mark.parametrize("host", [b"127.0.0.1", b"localhost:8000", b"LOCALHOST", b"[::1]:18801", b"127.0.0.1:"])
def test_loopback_names_with_or_without_a_port_pass(server, host):
    assert post(server, host) == 200


def test_the_site_host_passes(server):
    assert post(server, b"127.0.0.1:%d" % server.port) == 200


def test_two_host_headers_are_refused_whichever_comes_last(server):
    assert post(server, b"evil.example", b"127.0.0.1") == 403
    assert post(server, b"127.0.0.1", b"evil.example") == 403
    assert post(server, b"127.0.0.1", b"127.0.0.1") == 403  # still two: the target is ambiguous


@pytest.mark.parametrize("method, allowed", [(b"GET", 200), (b"HEAD", 200), (b"OPTIONS", 204), (b"DELETE", 405)])
def test_every_method_is_refused_for_a_host_not_served(server, method, allowed):
    # POST reads Host in its own pass over the headers; every other method goes through the guard
    assert post(server, b"evil.example", method=method) == 403
    assert post(server, b"127.0.0.1", b"127.0.0.1", method=method) == 403
    assert post(server, b"localhost", method=method) == allowed


@pytest.mark.parametrize("authority, host", [
    ("example.org:443", "example.org"),
    ("[2001:db8::1]:8080", "[2001:db8::1]"),
    ("[::1]", "[::1]"),
    ("localhost:", "localhost"),
    ("localhost:\u0661", None),  # a digit, but not an ASCII one
    ("a b", None),
    ("a@b", None),
    (":80", None),
])
def test_authority_host_reads_rfc_3986_authorities(authority, host):
    assert authority_host(authority) == host
