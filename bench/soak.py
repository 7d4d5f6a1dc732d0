"""Soak: the locust mix at a fixed rate for a bounded time, watching errors and memory.

    python bench/soak.py [--minutes 10] [--rate 400] [--users 40]

Starts photospecs (one worker), warms it up, then runs bench/locustfile.py headless at `--rate`
requests a second in total for `--minutes`, sampling the worker's resident memory every 15 s.
Prints the request count, failures, p50/p95/p99 and the memory at start and end. Exits 1 if
any request failed or memory grew by 5% or more. Everything runs on this machine, on loopback.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, Server

GROWTH_LIMIT = 0.05


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--rate", type=float, default=400, help="requests a second, all users together")
    parser.add_argument("--users", type=int, default=40)
    args = parser.parse_args()

    server = Server("photospecs", [sys.executable, "-m", "photospecs.cli", "serve", "--port", "{port}", "--workers", "1"], "/readyz")
    server.start(None)
    samples: list[tuple[float, float]] = []
    done = threading.Event()
    try:
        with httpx.Client(base_url=server.url) as http:  # warm-up: every country once
            for country in http.get("/api/specs?format=raw").json()["countries"]:
                http.get(f"/api/specs?country={country['id']}")

        def sample() -> None:
            while not done.is_set():
                samples.append((time.monotonic(), server.worker_rss_mb()))
                done.wait(15)

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
        samples.append((time.monotonic(), server.worker_rss_mb()))
    finally:
        done.set()
        server.stop()

    with open(f"{out}_stats.csv") as handle:
        total = next(row for row in csv.DictReader(handle) if row["Name"] == "Aggregated")
    requests, failures = int(total["Request Count"]), int(total["Failure Count"])
    start, end, peak = samples[0][1], samples[-1][1], max(rss for _, rss in samples)
    growth = end / start - 1
    print(f"soak: {args.minutes:g} min at {args.rate:g} req/s with {args.users} users")
    print(f"requests {requests:,}, failures {failures}, p50 {total['50%']} ms, p95 {total['95%']} ms, p99 {total['99%']} ms")
    print(f"worker memory: start {start:.1f} MB, end {end:.1f} MB, peak {peak:.1f} MB, growth {growth:+.1%}")
    ok = failures == 0 and growth < GROWTH_LIMIT and requests > 0
    print("targets met: 0 errors, memory growth under 5%" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
