"""SIGTERM under load: how many requests a drain loses, from clients that ignore readiness.

Starts `photospecs serve`, drives it with threads that never look at /readyz: half reuse
keep-alive connections, half open a fresh connection per request. SIGTERM arrives mid-load;
the clients keep sending until the server process has exited. Every request ends one of
three ways, reported separately:

- answered: a complete, correct response;
- refused: the connection was refused before a byte of the request was sent (the listener is
  closed; a client or load balancer can retry elsewhere, and in Kubernetes the endpoint is
  removed during the preStop pause, before SIGTERM, so no client is sent there);
- failed: the request was sent and never answered (reset, closed, timed out, truncated).

Run: python bench/drain.py --workers 2 --drain 3 --clients 16
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PATHS = ["/api/specs?country=us", "/api/specs?country=xx-unknown", "/us-visa-photo", "/api/documents/us-visa", "/healthz"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.outcomes: Counter[str] = Counter()
        self.after_signal: Counter[str] = Counter()
        self.examples: list[str] = []
        self.signalled: float | None = None

    def add(self, outcome: str, detail: str = "") -> None:
        with self.lock:
            self.outcomes[outcome] += 1
            if self.signalled is not None:
                self.after_signal[outcome] += 1
            if outcome == "failed" and len(self.examples) < 5:
                self.examples.append(detail)


def client(url: str, fresh: bool, stop: threading.Event, tally: Tally, number: int) -> None:
    headers = {"connection": "close"} if fresh else {}
    with httpx.Client(base_url=url, headers=headers, timeout=10) as http:
        turn = number
        while not stop.is_set():
            turn += 1
            path = PATHS[turn % len(PATHS)]
            try:
                response = http.get(path)
                expected = 404 if "unknown" in path else 200
                tally.add("answered" if response.status_code in (expected, 503) else "failed", f"{path}: {response.status_code}")
            except httpx.ConnectError:
                tally.add("refused")
                time.sleep(0.01)  # a refused client backs off a little, as real ones do
            except httpx.HTTPError as exc:
                tally.add("failed", f"{path}: {exc!r}")


def run(workers: int, drain: float, clients: int, warmup: float) -> Tally:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PHOTOSPECS_DRAIN_SECONDS": str(drain)}
    log = open(os.devnull, "wb")  # noqa: SIM115 (the server's lifetime)
    server = subprocess.Popen(
        [sys.executable, "-m", "photospecs.cli", "serve", "--port", str(port), "--workers", str(workers)],
        cwd=ROOT, env=env, stdout=log, stderr=log,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("server did not become ready")
        time.sleep(0.1)
    tally = Tally()
    stop = threading.Event()
    threads = [threading.Thread(target=client, args=(url, n % 2 == 1, stop, tally, n)) for n in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(warmup)
    with tally.lock:
        tally.signalled = time.monotonic()
    server.send_signal(signal.SIGTERM)
    code = server.wait(timeout=60)
    time.sleep(0.5)  # clients see the closed port too
    stop.set()
    for thread in threads:
        thread.join()
    print(f"server exit code {code}, {time.monotonic() - tally.signalled:.1f} s after SIGTERM")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--drain", type=float, default=3.0, help="PHOTOSPECS_DRAIN_SECONDS")
    parser.add_argument("--clients", type=int, default=16, help="threads; half keep-alive, half a fresh connection per request")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of load before SIGTERM")
    args = parser.parse_args()
    tally = run(args.workers, args.drain, args.clients, args.warmup)
    total = sum(tally.outcomes.values())
    print(f"requests {total:,}: answered {tally.outcomes['answered']:,}, refused before sending {tally.outcomes['refused']:,}, "
          f"failed {tally.outcomes['failed']:,}")
    print(f"after SIGTERM: answered {tally.after_signal['answered']:,}, refused {tally.after_signal['refused']:,}, "
          f"failed {tally.after_signal['failed']:,}")
    for example in tally.examples:
        print(f"  failed: {example}")
    sys.exit(1 if tally.outcomes["failed"] else 0)


if __name__ == "__main__":
    main()
