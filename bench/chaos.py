"""Faults under load: workers killed, stopped and pushed over their memory ceiling.

Starts `photospecs serve` on a catalog built for it, with a low memory ceiling per worker
(PHOTOSPECS_WORKER_MEMORY_MIB) that ordinary load crosses, so that workers are also recycled.
Then, for --seconds, it keeps a load on the server and every --every seconds does one of:

- kill: SIGKILL to a random worker;
- stop: SIGSTOP to a random worker, SIGCONT --stop-for seconds later.

The load: wrk (-c32, keep-alive) for volume, and Python client threads (half on keep-alive
connections, half on a fresh connection per request) that record each request's start, end
and outcome, so that each failure can be set against the kills: a failure whose request was
in flight when a worker was killed (sent before the SIGKILL, failed by the time the worker
was gone) is counted as on the killed worker. /readyz is asked every 50 ms on a fresh
connection. Respawn time is from the SIGKILL to a new worker listening. After the chaos, the
number of workers is checked and a fresh wrk load is run.

Run: python bench/chaos.py --workers 2 --seconds 60 --every 4 --ceiling 12
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PATHS = ["/api/specs?country=us", "/us-visa-photo", "/api/documents/us-visa", "/countries/india"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def listening_workers(server: int, port: int) -> set[int]:
    """Child processes of `server` holding a listening socket on `port`."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{fields[9]}]")
    children = set()
    for task in Path(f"/proc/{server}/task").iterdir():  # workers are forked from more than one thread
        with contextlib.suppress(OSError):
            children.update(map(int, (task / "children").read_text().split()))
    found = set()
    for child in children:
        with contextlib.suppress(OSError):
            if any(os.readlink(f"/proc/{child}/fd/{fd}") in inodes for fd in os.listdir(f"/proc/{child}/fd")):
                found.add(child)
    return found


def gone(pid: int) -> bool:
    """Exited with its sockets closed. The thread group's leader turns zombie while its other
    threads may still be exiting, holding the descriptors: wait for those too."""
    try:
        zombie = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        return zombie and not os.listdir(f"/proc/{pid}/fd") and len(os.listdir(f"/proc/{pid}/task")) <= 1
    except OSError:
        return True


class Records:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: list[tuple[float, float, str]] = []  # start, end, "" or the error
        self.readiness: list[tuple[float, str]] = []

    def add(self, start: float, error: str) -> None:
        with self.lock:
            self.requests.append((start, time.monotonic(), error))


def client(port: int, fresh: bool, stop: threading.Event, records: Records, number: int) -> None:
    conn: http.client.HTTPConnection | None = None
    turn = number
    while not stop.is_set():
        turn += 1
        start = time.monotonic()
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
            conn.request("GET", PATHS[turn % len(PATHS)], headers={"connection": "close"} if fresh else {})
            response = conn.getresponse()
            body = response.read()
            error = "" if response.status == 200 and body else f"status {response.status}"
            if fresh or response.getheader("connection") == "close":
                conn.close()
                conn = None
        except (OSError, http.client.HTTPException) as exc:
            error = type(exc).__name__
            with contextlib.suppress(Exception):
                conn.close()  # type: ignore[union-attr]
            conn = None
        records.add(start, error)


def readiness(port: int, stop: threading.Event, records: Records) -> None:
    while not stop.is_set():
        started = time.monotonic()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/readyz")
            outcome = str(conn.getresponse().status)
            conn.close()
        except (OSError, http.client.HTTPException) as exc:
            outcome = type(exc).__name__
        records.readiness.append((started, outcome))
        time.sleep(0.05)


def wrk(port: int, seconds: float, connections: int = 32) -> dict[str, int]:
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds:.0f}s", f"http://127.0.0.1:{port}/api/specs?country=us"],
                         capture_output=True, text=True, check=True).stdout
    found = {"requests": int(re.search(r"(\d+) requests in", out).group(1))}  # type: ignore[union-attr]
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    found.update(zip(("connect", "read", "write", "timeout"), map(int, errors.groups()), strict=True) if errors else {})
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    found["non2xx"] = int(non2xx.group(1)) if non2xx else 0
    return found


def retiring_spans(log: str) -> list[tuple[float, float]]:
    """From each `worker replaced` to its `worker retired` line, on this process's clock."""
    offset = time.time() - time.monotonic()
    started: dict[int, float] = {}
    spans = []
    for line in log.splitlines():
        event = json.loads(line) if line.startswith("{") else {}
        if event.get("event") == "worker replaced":
            started[event["pid"]] = event["ts"] - offset
        elif event.get("event") == "worker retired" and event["pid"] in started:
            spans.append((started.pop(event["pid"]), event["ts"] - offset))
    return spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=4, help="seconds between faults")
    parser.add_argument("--stop-for", type=float, default=3, help="seconds a stopped worker stays stopped")
    parser.add_argument("--ceiling", type=int, default=12, help="PHOTOSPECS_WORKER_MEMORY_MIB (a fresh worker holds about 10)")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    scratch = Path(tempfile.mkdtemp(prefix="photospecs-chaos-"))
    port = free_port()
    env = {**os.environ, "PHOTOSPECS_CATALOG_FILE": str(scratch / "catalog.bin"), "PHOTOSPECS_PORT": str(port),
           "PHOTOSPECS_WORKER_MEMORY_MIB": str(args.ceiling)}
    subprocess.run([BIN / "photospecs", "build"], env=env, check=True, capture_output=True)
    log_path = scratch / "server.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen([BIN / "photospecs", "serve", "--port", str(port), "--workers", str(args.workers)],
                                  env=env, stdout=log, stderr=log)
    while len(listening_workers(server.pid, port)) < args.workers:
        if server.poll() is not None:
            raise SystemExit(log_path.read_text())
        time.sleep(0.05)

    records, stop = Records(), threading.Event()
    threads = [threading.Thread(target=client, args=(port, n % 2 == 1, stop, records, n)) for n in range(args.clients)]
    threads.append(threading.Thread(target=readiness, args=(port, stop, records)))
    for thread in threads:
        thread.start()
    load: dict[str, int] = {}
    loader = threading.Thread(target=lambda: load.update(wrk(port, args.seconds)))
    loader.start()

    kills: list[tuple[float, float, float | None]] = []  # SIGKILL, worker gone, successor listening
    stops: list[tuple[float, float]] = []
    began = time.monotonic()
    while time.monotonic() - began < args.seconds - args.every:
        time.sleep(args.every)
        serving = listening_workers(server.pid, port)
        if not serving:
            continue
        victim = rng.choice(sorted(serving))
        if rng.random() < 0.65:
            killed = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            while not gone(victim):
                time.sleep(0.002)
            gone_at = time.monotonic()
            while True:  # a new worker listening beside the others
                now = listening_workers(server.pid, port)
                if victim not in now and now - serving and len(now) >= args.workers:
                    kills.append((killed, gone_at, time.monotonic() - killed))
                    break
                if time.monotonic() - killed > 10:
                    kills.append((killed, gone_at, None))
                    break
                time.sleep(0.005)
        else:
            paused = time.monotonic()
            os.kill(victim, signal.SIGSTOP)
            time.sleep(args.stop_for)
            os.kill(victim, signal.SIGCONT)
            stops.append((paused, time.monotonic()))
    loader.join()
    stop.set()
    for thread in threads:
        thread.join()
    time.sleep(2)
    workers_after = len(listening_workers(server.pid, port))
    after = wrk(port, 5)
    server.send_signal(signal.SIGTERM)
    code = server.wait(timeout=60)
    log = log_path.read_text()

    failed = [(s, e, err) for s, e, err in records.requests if err]
    # In flight on a killed worker: sent before it was gone, failed after the SIGKILL.
    on_killed = [(s, e) for s, e, _ in failed if any(s <= gone_at and e >= killed for killed, gone_at, _ in kills)]
    retirements = retiring_spans(log)
    on_retiring = [(s, e) for s, e, _ in failed if (s, e) not in on_killed and any(s <= end and e >= start for start, end in retirements)]
    during_stop = [(s, e) for s, e, _ in records.requests if any(s < resumed and e > paused for paused, resumed in stops)]
    slow = [e - s for s, e in during_stop if e - s > 1]
    not_ready = [outcome for _, outcome in records.readiness if outcome != "200"]
    respawns = sorted(t for _, _, t in kills if t is not None)
    memory = log.count('"reason":"memory"')
    print(f"## chaos: {args.workers} workers, {args.seconds:.0f} s, a fault every {args.every:.0f} s, ceiling {args.ceiling} MiB\n")
    print("| measure | value |\n|---|---:|")
    rows = [
        ("wrk -c32 requests", f"{load['requests']:,}"),
        ("wrk socket errors (connect / read / write / timeout)", f"{load.get('connect', 0)} / {load.get('read', 0)} / {load.get('write', 0)} / {load.get('timeout', 0)}"),
        ("wrk non-2xx", f"{load['non2xx']}"),
        ("recorded requests (Python clients)", f"{len(records.requests):,}"),
        ("  failed", f"{len(failed)}"),
        ("  of which in flight on a killed worker", f"{len(on_killed)}"),
        ("  of which others, while a worker retired", f"{len(on_retiring)}"),
        ("  failure kinds", ", ".join(sorted({err for _, _, err in failed})) or "none"),
        ("workers SIGKILLed", f"{len(kills)}"),
        ("respawn: SIGKILL to successor listening, median / max ms",
         f"{respawns[len(respawns) // 2] * 1000:.0f} / {respawns[-1] * 1000:.0f}" if respawns else "n/a"),
        ("successor not seen within 10 s", f"{sum(t is None for _, _, t in kills)}"),
        ("workers SIGSTOPped (for s)", f"{len(stops)} ({args.stop_for:.0f})"),
        ("  recorded requests overlapping a stop / slower than 1 s / slowest s",
         f"{len(during_stop):,} / {len(slow)} / {max(slow, default=0):.1f}"),
        ("workers replaced over the memory ceiling", f"{memory}"),
        ("/readyz polls / not 200", f"{len(records.readiness):,} / {len(not_ready)}"),
        ("workers listening after the chaos", f"{workers_after} of {args.workers}"),
        ("fresh wrk -c32 5 s after: requests / errors",
         f"{after['requests']:,} / {sum(after.get(k, 0) for k in ('connect', 'read', 'write', 'timeout', 'non2xx'))}"),
        ("server exit code after SIGTERM", f"{code}"),
    ]
    for name, value in rows:
        print(f"| {name} | {value} |")
    offset = time.time() - time.monotonic()
    for s, e, err in failed:
        print(f"failed: sent {s + offset:.3f}, ended {e + offset:.3f}: {err}")
    print(f"\nserver log: {log_path}")


if __name__ == "__main__":
    main()
