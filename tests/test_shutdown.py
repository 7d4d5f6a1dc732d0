"""SIGTERM under load: readiness turns 503, every request sent keeps its answer, exit code 0."""

from __future__ import annotations

import signal
import threading
import time

import httpx
import pytest
from conftest import Server


@pytest.mark.parametrize("start_method", [None, "spawn", "forkserver"])
def test_sigterm_under_load_drains_without_failing_a_request(start_method):
    # Workers of every start method see the drain; under spawn the workers share the flag
    # and the catalog the serving process built, through the loader granian pickles.
    server = Server(env={"PHOTOSPECS_DRAIN_SECONDS": "2"}, workers=2, start_method=start_method)
    balancer_stopped = threading.Event()  # what a load balancer does when readiness fails
    lock = threading.Lock()
    answered: list[float] = []
    failures: list[str] = []

    def watch_readiness() -> None:
        while not balancer_stopped.is_set():
            try:
                if httpx.get(f"{server.url}/readyz", timeout=2).status_code == 503:
                    balancer_stopped.set()
            except httpx.TransportError:
                balancer_stopped.set()  # gone before we saw it drain: the request loop will tell
            time.sleep(0.05)

    def client() -> None:
        # A new connection per request, for the whole 270 KB dataset: many requests in flight.
        headers = {"connection": "close", "accept-encoding": "identity"}
        with httpx.Client(base_url=server.url, headers=headers, timeout=10) as http:
            while not balancer_stopped.is_set():
                try:
                    response = http.get("/api/specs?format=raw")
                    ok = response.status_code == 200 and len(response.content) > 200_000
                except httpx.HTTPError as exc:
                    ok, response = False, exc
                with lock:
                    answered.append(time.monotonic()) if ok else failures.append(repr(response))

    threads = [threading.Thread(target=client) for _ in range(12)] + [threading.Thread(target=watch_readiness)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    signalled = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    exit_code = server.process.wait(timeout=30)
    stopped_after = time.monotonic() - signalled
    balancer_stopped.set()
    for thread in threads:
        thread.join(timeout=15)
    log = server.stop()

    assert failures == [], f"{len(failures)} requests failed: {failures[:3]}"
    assert exit_code == 0, log
    assert 2 <= stopped_after < 10, stopped_after  # the drain period, then a prompt exit
    assert len(answered) > 100
    assert any(t > signalled for t in answered), "it kept answering while draining"
    assert log.count('"event":"startup"') == 1, "the catalog is built once, not once per worker"
