"""The gate a draining worker closes on its listener, against the real kernel: new connections
get no handshake, while one already made is still accepted and served."""

from __future__ import annotations

import socket
import sys

import pytest
from photospecs.ops import listener

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="socket filters are Linux's")


def test_the_gate_turns_new_connections_away_and_keeps_those_already_made():
    with socket.create_server(("127.0.0.1", 0), backlog=16) as server:
        port = server.getsockname()[1]
        made = socket.create_connection(("127.0.0.1", port), timeout=5)  # waiting in the accept queue
        assert listener.close_gate() == 1  # this process's only listening TCP socket
        late = socket.socket()
        late.settimeout(0.5)
        # Its SYN is dropped: no handshake, so connect cannot complete (an open gate answers at once).
        with pytest.raises(TimeoutError):
            late.connect(("127.0.0.1", port))
        late.close()
        accepted, _ = server.accept()
        with made, accepted:
            made.sendall(b"ping")
            assert accepted.recv(4) == b"ping"


def test_only_listening_tcp_sockets_are_found():
    with socket.create_server(("127.0.0.1", 0)) as server, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.bind(("127.0.0.1", 0))
        found = listener.listening_sockets()
        try:
            assert [s.getsockname() for s in found] == [server.getsockname()]
        finally:
            for sock in found:
                sock.close()
