"""Soak: the locust mix at a fixed rate for a bounded time, watching errors and memory.

    python bench/soak.py [--minutes 10] [--rate 400] [--users 40] [--workers 2]

Starts photospecs with `--workers` workers on a catalog built ahead (as the image runs),
warms it up, then runs bench/locustfile.py (the whole user mix: pages, static files, the tool's
model files, REST, MCP, connection churn) headless at `--rate` requests a second in total for
`--minutes`, sampling the workers' resident memory every 15 s.
Prints the request count, failures, p50/p95/p99, the requests by kind, and the workers' memory
at start and end. Exits 1 if any request failed or memory grew by 5% or more. Everything runs
on this machine, on loopback.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, Server, built_catalog

GROWTH_LIMIT = 0.05


def workers_rss_mb(server: Server) -> float:
    """Resident memory of the serving process's children (the workers), together."""
    assert server.process is not None
    return sum(p.memory_info().rss for p in psutil.Process(server.process.pid).children(recursive=True)) / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--rate", type=float, default=400, help="requests a second, all users together")
    parser.add_argument("--users", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    command = [sys.executable, "-m", "photospecs.cli", "serve", "--port", "{port}", "--workers", str(args.workers)]
    server = Server("photospecs", command, "/readyz", built_catalog(Path(tempfile.mkdtemp(prefix="photospecs-soak-"))))
    server.start(None)
    samples: list[tuple[float, float]] = []
    done = threading.Event()
    try:
        with httpx.Client(base_url=server.url) as http:  # warm-up: every country once
            for country in http.get("/api/specs?format=raw").json()["countries"]:
                http.get(f"/api/specs?country={country['id']}")

        def sample() -> None:
            while not done.is_set():
                samples.append((time.monotonic(), workers_rss_mb(server)))
                done.wait(interval)

        interval = min(15.0, args.minutes * 60 / 12)
        sampler = threading.Thread(target=sample)
        sampler.start()
        out = Path(tempfile.mkdtemp(prefix="photospecs-soak-")) / "soak"
        env = {**os.environ, "PHOTOSPECS_SOAK_RATE_PER_USER": str(args.rate / args.users)}
        seconds = int(args.minutes * 60)
        subprocess.run(
            [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py"), "--headless", "--only-summary",
             "-u", str(args.users), "-r", str(args.users), "-t", f"{seconds}s", "--host", server.url, "--csv", str(out)],
            env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=seconds + 120,
        )
        done.set()
        sampler.join()
        samples.append((time.monotonic(), workers_rss_mb(server)))
    finally:
        done.set()
        server.stop()

    with open(f"{out}_stats.csv") as handle:
        rows = list(csv.DictReader(handle))
    total = next(row for row in rows if row["Name"] == "Aggregated")
    with open(f"{out}_exceptions.csv") as handle:  # errors raised in the client's own code
        exceptions = sum(int(row["Count"]) for row in csv.DictReader(handle))
    requests, failures = int(total["Request Count"]), int(total["Failure Count"]) + exceptions
    # Growth counts from the first sample a minute in (or a fifth of a shorter run): the first
    # requests for each page and file touch memory once, which is warm-up, not a leak.
    began = samples[0][0]
    settled = next(rss for at, rss in samples if at - began >= min(60.0, args.minutes * 12))
    start, end, peak = settled, samples[-1][1], max(rss for _, rss in samples)
    growth = end / start - 1
    print(f"soak: {args.minutes:g} min at {args.rate:g} req/s with {args.users} users")
    print(f"requests {requests:,}, failures {failures} ({exceptions} raised in the client), p50 {total['50%']} ms, p95 {total['95%']} ms, p99 {total['99%']} ms")
    print(f"memory of the {args.workers} workers together: at start {samples[0][1]:.1f} MB, after warm-up {start:.1f} MB, "
          f"end {end:.1f} MB, peak {peak:.1f} MB, growth after warm-up {growth:+.1%}")
    for row in sorted((r for r in rows if r["Name"] != "Aggregated"), key=lambda r: -int(r["Request Count"])):
        print(f"  {row['Type']:>7} {row['Name']:<45} {int(row['Request Count']):>8,}  failures {row['Failure Count']}  p99 {row['99%']} ms")
    ok = failures == 0 and growth < GROWTH_LIMIT and requests > 0
    print("targets met: 0 errors, memory growth under 5%" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
