"""HTTP/2 cleartext is not served: its connections would escape the HTTP/1.1 limits (granian's
HTTP/2 settings have no header-read or idle timeout). An h2c client, with prior knowledge or by
Upgrade, gets no HTTP/2 stream, and the connection ends at once instead of being held."""

from __future__ import annotations

import socket

import h2.config
import h2.connection
import h2.events
from conftest import local


def h2c_exchange(server, extra_headers: int = 0) -> tuple[bytes, list]:
    """Open a connection with the HTTP/2 preface (prior knowledge), ask for /healthz, and return
    the raw bytes the server sent until it closed, with the HTTP/2 events they parse into."""
    client = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
    client.initiate_connection()
    headers = [(":method", "GET"), (":path", "/healthz"), (":scheme", "http"), (":authority", "127.0.0.1")]
    client.send_headers(1, headers + [(f"x-padding-{i}", "v" * 40) for i in range(extra_headers)], end_stream=True)
    received = b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(client.data_to_send())
        # A server holding the connection open would make recv time out: the test fails then.
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:  # closed with our unread frames still queued
            pass
    events = []
    if received and not received.startswith(b"HTTP/1."):
        events = client.receive_data(received)
    return received, events


def test_h2c_prior_knowledge_gets_no_http2_stream_and_is_closed(server):
    received, events = h2c_exchange(server)
    assert not any(isinstance(e, h2.events.ResponseReceived) for e in events)
    assert received == b"" or received.startswith(b"HTTP/1.1 4"), received[:80]


def test_h2c_with_300_headers_gets_no_200(server):
    # The form that used to get 200 past every HTTP/1.1 limit (`curl --http2-prior-knowledge`).
    received, events = h2c_exchange(server, extra_headers=300)
    assert not any(isinstance(e, h2.events.ResponseReceived) for e in events)
    assert b" 200 " not in received[:20]


def test_an_h2c_upgrade_request_is_answered_over_http1(server):
    response = local.get(f"{server.url}/healthz", headers={"connection": "Upgrade, HTTP2-Settings", "upgrade": "h2c", "http2-settings": "AAMAAABkAAQAAP__"})
    assert response.status_code == 200 and response.http_version == "HTTP/1.1"


def test_http1_still_answers_after_h2c_attempts(server):
    h2c_exchange(server)
    assert local.get(f"{server.url}/healthz").status_code == 200
