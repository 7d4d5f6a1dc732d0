"""SIGTERM under load: readiness turns 503, every request sent keeps its answer, exit code 0."""

from __future__ import annotations

import signal
import threading
import time

import httpx
import pytest
from conftest import Server, plain_client


@pytest.mark.parametrize("start_method", [None, "spawn", "forkserver"])
def test_sigterm_under_load_drops_no_request_from_clients_that_ignore_readiness(start_method, prebuilt):
    # Workers of every start method see the drain; under spawn the workers share the flag
    # through the loader granian pickles, and read the catalog file the serving process loaded.
    #
    # The clients never look at /readyz: they keep sending, on keep-alive connections and on a
    # fresh connection per request, until the server process has exited. What this proves:
    # every request the server's port accepted a connection for is answered in full (none
    # reset, closed unanswered or cut short), keep-alive connections are told to close once
    # draining, and readiness is 503 meanwhile. A connection attempted after the gate closes
    # (the last half second) is refused before its request is sent; in Kubernetes no client
    # is sent there by then, because the endpoint is removed during the preStop pause.
    server = Server(env={**prebuilt, "PHOTOSPECS_DRAIN_SECONDS": "2"}, workers=2, start_method=start_method)
    lock = threading.Lock()
    signalled: list[float] = []
    answered: list[float] = []
    refused: list[float] = []
    failures: list[str] = []
    closing_answers = []  # keep-alive answers after SIGTERM that said Connection: close
    readiness: set[int] = set()
    server_gone = threading.Event()

    def client(fresh: bool) -> None:
        # Big bodies (the 270 KB dataset) and small ones: many requests in flight at once.
        paths = ["/api/specs?format=raw", "/api/specs?country=us", "/healthz"]
        headers = {"accept-encoding": "identity", **({"connection": "close"} if fresh else {})}
        with httpx.Client(base_url=server.url, headers=headers, timeout=10) as http:
            turn = 0
            while not server_gone.is_set():
                turn += 1
                path = paths[turn % len(paths)]
                try:
                    response = http.get(path)
                    ok = response.status_code == 200 and (path != "/api/specs?format=raw" or len(response.content) > 200_000)
                except httpx.ConnectError:
                    with lock:
                        refused.append(time.monotonic())
                    time.sleep(0.01)
                    continue
                except httpx.HTTPError as exc:
                    ok, response = False, exc
                with lock:
                    if ok:
                        answered.append(time.monotonic())
                        if signalled and not fresh and response.headers.get("connection") == "close":
                            closing_answers.append(path)
                    else:
                        failures.append(f"{path}: {response!r}")

    def watch_readiness() -> None:
        with plain_client(timeout=2) as http:
            while not server_gone.is_set():
                try:
                    readiness.add(http.get(f"{server.url}/readyz").status_code)
                except httpx.TransportError:
                    pass
                time.sleep(0.05)

    threads = [threading.Thread(target=client, args=(n % 2 == 0,)) for n in range(12)] + [threading.Thread(target=watch_readiness)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    with lock:
        signalled.append(time.monotonic())
    server.process.send_signal(signal.SIGTERM)
    exit_code = server.process.wait(timeout=30)
    stopped_after = time.monotonic() - signalled[0]
    time.sleep(0.3)  # the clients meet the closed port too
    server_gone.set()
    for thread in threads:
        thread.join(timeout=15)
    log = server.stop()

    assert failures == [], f"{len(failures)} requests failed: {failures[:3]}"
    assert exit_code == 0, log
    assert 2 <= stopped_after < 10, stopped_after  # the drain period, then a prompt exit
    assert len(answered) > 100
    assert sum(t > signalled[0] + 0.5 for t in answered) > 20, "it kept answering while draining"
    assert closing_answers, "keep-alive answers carry Connection: close once draining"
    assert {200, 503} <= readiness
    assert all(t > signalled[0] for t in refused), "refused only once stopping"
    assert log.count('"event":"startup"') == 1, "the catalog is loaded once, not once per worker"
    assert '"catalog":"prebuilt"' in log
    assert log.count('"event":"draining: new connections turned away","pid"') == 2, "each worker closed its gate"
    gates = [line for line in log.splitlines() if '"draining: new connections turned away"' in line]
    assert sum('"listeners":1}' in line for line in gates) == 2, f"each closed the gate of its one listener: {gates}"
