"""Limits against slow, idle, oversized and too many clients, on a real granian process with
tight settings so each limit shows within seconds."""

from __future__ import annotations

import json
import socket
import time

import pytest
from conftest import Server, local

TIGHT = {
    "PHOTOSPECS_HEADER_TIMEOUT": "1",
    "PHOTOSPECS_BODY_TIMEOUT": "2",
    "PHOTOSPECS_MAX_HEAD_BYTES": "16384",
    "PHOTOSPECS_MAX_CONCURRENCY": "2",  # every other test here leaves a slot free
}


@pytest.fixture(scope="module")
def tight(prebuilt):
    server = Server(env={**prebuilt, **TIGHT})
    yield server
    server.stop()


def connect(server: Server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.settimeout(10)
    return sock


def read_until_closed(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def status_and_json(raw: bytes) -> tuple[int, dict]:
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def answers_quickly(server: Server) -> bool:
    started = time.monotonic()
    return local.get(f"{server.url}/api/specs?country=us", timeout=5).status_code == 200 and time.monotonic() - started < 0.5


def test_a_client_sending_one_byte_a_second_is_cut_off(tight):
    sock = connect(tight)
    started = time.monotonic()
    cut_off = False
    for byte in b"GET /api/specs?country=us HTTP/1.1\r\nHost: x\r\n\r\n":
        try:
            sock.send(bytes([byte]))
        except (BrokenPipeError, ConnectionResetError):
            cut_off = True
            break
        assert answers_quickly(tight)  # the slow client holds no worker
        time.sleep(0.5)
        if time.monotonic() - started > 6:
            break
    assert cut_off or read_until_closed(sock) == b""  # closed without an answer
    assert time.monotonic() - started < 5


def test_idle_keep_alive_connections_are_closed(tight):
    sock = connect(tight)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    started = time.monotonic()
    assert read_until_closed(sock) == b""
    assert time.monotonic() - started < 4


def test_a_trickled_body_gets_408_in_json(tight):
    sock = connect(tight)
    sock.sendall(b"POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{")
    started = time.monotonic()
    assert answers_quickly(tight)
    status, body = status_and_json(read_until_closed(sock))
    assert status == 408 and body["error"] == "body_timeout"
    assert time.monotonic() - started < 4


CALL = b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_visa_photo_spec","arguments":{"country":"us"}}}'


def read_response(sock: socket.socket) -> tuple[int, dict]:
    """One Content-Length response off a keep-alive connection."""
    def more() -> bytes:
        chunk = sock.recv(65536)
        if not chunk:  # closed: fail, never spin on a dead socket
            raise ConnectionError(f"closed after {len(data) + len(body)} bytes, before a whole response")
        return chunk

    data = body = b""
    while b"\r\n\r\n" not in data:
        data += more()
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += more()
    return int(head.split()[1]), json.loads(body[:length])


def test_bodies_in_pieces_or_chunked_are_read_whole_and_the_connection_stays_usable(tight):
    # The body is read up to Content-Length without waiting for the server's end-of-body
    # message: a body that arrives in pieces must still be read whole, and the next requests on
    # the same connection (one with a Content-Length, one chunked) must still be answered.
    # Requests go one after another, as every mainstream client sends them. Pipelined ones
    # behind a POST are not asserted: on a loaded machine about one in a hundred is answered
    # only after the header timeout, reading the whole body or not, and pipelined GETs never.
    sock = connect(tight)
    head = b"POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
    first = CALL % 1
    sock.sendall(head % len(first) + first[:40])
    time.sleep(0.3)
    sock.sendall(first[40:])
    status, body = read_response(sock)
    assert status == 200 and body["id"] == 1 and "result" in body
    second = CALL % 2
    sock.sendall(head % len(second) + second)
    assert read_response(sock)[1]["id"] == 2
    chunked = b"POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    third = CALL % 3
    sock.sendall(chunked + b"%x\r\n%s\r\n0\r\n\r\n" % (len(third), third))
    assert read_response(sock)[1]["id"] == 3


def test_an_oversized_head_is_431(tight):
    sock = connect(tight)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 20_000 + b"\r\n\r\n")
    assert read_until_closed(sock).startswith(b"HTTP/1.1 431")


def test_a_long_query_is_414_in_json_and_a_huge_url_431(tight):
    response = local.get(f"{tight.url}/api/specs?country={'a' * 3000}")
    assert response.status_code == 414 and response.json()["error"] == "query_too_long"
    assert local.get(f"{tight.url}/api/specs?country={'a' * 20_000}").status_code == 431


def test_a_declared_oversized_body_is_refused_before_it_is_read(tight):
    sock = connect(tight)
    sock.sendall(b"POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n")
    status, body = status_and_json(read_until_closed(sock))
    assert status == 413 and body["error"] == "body_too_large"


def test_concurrency_limit_queues_and_slow_clients_are_released(tight):
    stalled = [connect(tight) for _ in range(2)]
    for sock in stalled:  # both request slots taken by bodies that never arrive
        sock.sendall(b"POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{")
    time.sleep(0.3)
    started = time.monotonic()
    assert local.get(f"{tight.url}/healthz", timeout=10).status_code == 200
    waited = time.monotonic() - started
    assert 0.8 < waited < 4, waited  # queued behind the two, until their deadline freed a slot
    for sock in stalled:
        assert status_and_json(read_until_closed(sock))[0] == 408
    assert answers_quickly(tight)
