"""What a page costs the browser that loads it: this checkout against another commit, in one run.

    python bench/page_cpu.py REF [--rounds 3] [--loads 5] [--width 1100 --height 900] [PATH ...]

Both trees are served as bench/against.py serves them (one worker each, catalogs built in
process). One headless Chromium (Debian's, or PHOTOSPECS_CHROMIUM) opens each path on each
server in turn, the order rotating every round: a page is loaded once to warm its caches, then
`--loads` times, each until the network is idle. The CPU is the whole machine's busy time over
those loads (/proc/stat: the browser's processes come and go, and the servers' share is a few
milliseconds), so run it on a quiet machine. Printed: the median CPU per load, the requests a
load makes, and this checkout's CPU over REF's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.against import current_commit, export, server  # noqa: E402  (after the path: bench is run as a script)

PATHS = ["/", "/countries", "/portals", "/us-visa-photo"]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def busy_seconds() -> float:
    """CPU time the whole machine has spent busy (every core), from /proc/stat."""
    with open("/proc/stat") as stat:
        ticks = [int(n) for n in stat.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return (sum(ticks) - idle) / os.sysconf("SC_CLK_TCK")


def measure(browser, url: str, loads: int, viewport: dict[str, int]) -> tuple[float, int]:
    """CPU seconds per load of `url`, and the requests one load makes."""
    page = browser.new_page(viewport=viewport)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    try:
        page.goto(url, wait_until="networkidle")  # warm: the page's files cached as a visitor's are
        requests.clear()
        started = busy_seconds()
        for _ in range(loads):
            page.goto(url, wait_until="networkidle")
        return (busy_seconds() - started) / loads, len(requests) // loads
    finally:
        page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ref")
    parser.add_argument("paths", nargs="*", default=PATHS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--width", type=int, default=1100, help="the window's width in CSS pixels (390: a phone)")
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="photospecs-page-cpu-"))
    other = workdir / "other"
    other.mkdir()
    commit = export(args.ref, other)
    servers = [server("this checkout", ROOT, workdir), server(commit, other, workdir)]
    cpu: dict[str, dict[str, list[float]]] = {path: {s.name: [] for s in servers} for path in args.paths}
    requests: dict[str, dict[str, int]] = {path: {} for path in args.paths}
    try:
        for srv in servers:
            srv.start(None)
        chromium = os.environ.get("PHOTOSPECS_CHROMIUM", "/usr/bin/chromium")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for round_number in range(args.rounds):
                order = servers[round_number % 2 :] + servers[: round_number % 2]
                for path in args.paths:
                    for srv in order:
                        time.sleep(0.5)  # let the last page's work end
                        seconds, made = measure(browser, srv.url + path, args.loads, {"width": args.width, "height": args.height})
                        cpu[path][srv.name].append(seconds)
                        requests[path][srv.name] = made
            browser.close()
    finally:
        for srv in servers:
            srv.stop()
    here, there = (s.name for s in servers)
    lines = [
        f"Run: `python bench/page_cpu.py {args.ref} {' '.join(args.paths)} --rounds {args.rounds} --loads {args.loads} --width {args.width} --height {args.height}` "
        f"(medians of {args.rounds} rounds; this checkout at {current_commit()}, {commit} exported beside it)",
        "",
        f"| page | this checkout CPU ms a load | {commit} CPU ms a load | this / {commit} | requests a load (this, {commit}) |",
        "|---|---:|---:|---:|---:|",
    ]
    for path in args.paths:
        ours, theirs = (statistics.median(cpu[path][name]) * 1000 for name in (here, there))
        lines.append(f"| {path} | {ours:,.0f} | {theirs:,.0f} | {ours / theirs:.2f}x | {requests[path][here]}, {requests[path][there]} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
