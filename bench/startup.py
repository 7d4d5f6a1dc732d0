"""Start-up with a pre-built catalog against building it in-process, in one run.

    python bench/startup.py [--workers 2] [--rounds 3]

Builds the catalog file once (`photospecs build`, into a temporary file), then starts
`photospecs serve` `--rounds` times each way, alternating: with PHOTOSPECS_CATALOG_FILE naming
the file, and with it naming a file that does not exist (so the catalog is built in-process).
For each start it reports the time from exec to the first 200 from /readyz, and the PSS of the
whole process tree: right after a few requests, and again after every page, document and file
has been asked for once.
Medians are printed with the ratio of the two ways.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
from photospecs.prebuilt import files_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import free_port

ROOT = Path(__file__).resolve().parent.parent
SITE = "https://photospecs.example"  # the same site URL for the build and both servers


def tree_pss(pid: int) -> float:
    root = psutil.Process(pid)
    return sum(p.memory_full_info().pss for p in [root, *root.children(recursive=True)]) / 2**20


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def start(catalog_file: str, workers: int) -> tuple[float, float, float]:
    """(seconds to ready, PSS MiB after a few requests, PSS MiB after every path once)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PHOTOSPECS_SITE_URL": SITE, "PHOTOSPECS_CATALOG_FILE": catalog_file}
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "photospecs.cli", "serve", "--workers", str(workers), "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                get(base + "/readyz")
                break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError("the server exited") from None
                time.sleep(0.005)
        ready = time.perf_counter() - started
        for path in ["/", "/us-visa-photo", "/api/specs?country=us", "/api/documents/us-visa", "/static/site.css"] * 4:
            get(base + path)
        time.sleep(0.5)
        early = tree_pss(server.pid)
        sitemap = get(base + "/sitemap.xml").decode()
        paths = [loc.split("</loc>")[0].removeprefix(SITE) for loc in sitemap.split("<loc>")[1:]]
        paths += ["/api/specs", "/api/specs?format=raw", "/api/documents", "/api/portals", "/api/openapi.json"]
        for path in paths:
            get(base + path)
        crawled = tree_pss(server.pid)
        return ready, early, crawled
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        catalog = Path(work) / "catalog.bin"
        env = {**os.environ, "PHOTOSPECS_SITE_URL": SITE, "PHOTOSPECS_CATALOG_FILE": str(catalog)}
        subprocess.run([sys.executable, "-m", "photospecs.cli", "build"], env=env, check=True, stdout=subprocess.DEVNULL)
        ways = {"pre-built": str(catalog), "in-process": str(Path(work) / "absent.bin")}
        runs: dict[str, list[tuple[float, float, float]]] = {way: [] for way in ways}
        for _ in range(args.rounds):
            for way, path in ways.items():
                runs[way].append(start(path, args.workers))
        size = catalog.stat().st_size / 2**20
        in_files = sum(f.stat().st_size for f in files_of(catalog).iterdir()) / 2**20
    print(f"{args.workers} workers, median of {args.rounds} starts each, catalog file {size:.0f} MiB (and {in_files:.0f} MiB of huge bodies in files)")
    print(f"{'':12} {'ready s':>8} {'PSS MiB':>8} {'PSS after crawl':>16}")
    medians = {way: [statistics.median(column) for column in zip(*rows, strict=True)] for way, rows in runs.items()}
    for way, (ready, early, crawled) in medians.items():
        print(f"{way:12} {ready:8.2f} {early:8.0f} {crawled:16.0f}")
    pre, built = medians["pre-built"], medians["in-process"]
    print(f"{'ratio':12} {pre[0] / built[0]:8.2f} {pre[1] / built[1]:8.2f} {pre[2] / built[2]:16.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
