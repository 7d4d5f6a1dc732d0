"""How long the photo tool takes in Chromium on this machine, from choosing a photo to each result.

    python bench/tool_timing.py [--rounds 3] [--document us-visa]

Starts `photospecs serve`, opens /tool in Debian's headless Chromium (Playwright), and chooses a
3000 x 4000 portrait (tests/tool_photos.py) several times on one page. It reports, as medians:
  - model load: from choosing the first photo until both models are ready (download from the local
    server, WebAssembly compile, graph set-up); paid once per page, then cached by the browser;
  - placed (cold): choosing the first photo to the placed preview, model load included;
  - placed (warm): choosing a further photo to the placed preview, models already loaded;
  - each download: pressing the button to the file being offered (the photo pressed as soon as it
    is placed, the 4 x 6 in sheet as JPEG and as PDF, then the photo once more, as a person who
    looked at the check first would).
The target: placed in under 2 s once the models are cached.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from tool_photos import Portrait  # noqa: E402  (the tests' portrait, shared on purpose)

CHROMIUM = os.environ.get("PHOTOSPECS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve() -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "photospecs.cli", "serve", "--port", str(port), "--workers", "1"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def marks(page) -> dict[str, float]:
    return dict(page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"))


def wait_placed(page, timeout: float = 120) -> dict[str, float]:
    # Polled with evaluate: the page's CSP blocks Playwright's wait_for_function.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = marks(page)
        if "placed" in found:
            return found
        time.sleep(0.02)
    raise SystemExit("the photo was not placed")


def timed_download(page, button: str) -> float:
    started = time.perf_counter()
    with page.expect_download(timeout=120_000) as info:
        page.get_by_role("button", name=button).click()
    info.value.path()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="pages opened (each: one cold photo, then warm ones)")
    parser.add_argument("--warm", type=int, default=3, help="further photos per page")
    parser.add_argument("--document", default="us-visa")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp())
    photos = []
    for i, portrait in enumerate([Portrait(), Portrait(centre=(0.6, 0.34)), Portrait(head_share=0.1), Portrait(roll=6)]):
        photos.append(folder / f"portrait-{i}.jpg")
        photos[-1].write_bytes(portrait.jpeg())
    process, url = serve()
    steps = ("model load", "placed (cold)", "placed (warm)", "photo", "sheet JPEG", "sheet PDF", "photo (again)")
    results: dict[str, list[float]] = {k: [] for k in steps}
    try:
        spec = httpx.get(f"{url}/api/documents/{args.document}").json()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.rounds):
                context = browser.new_context(accept_downloads=True)
                page = context.new_page()
                page.goto(f"{url}/tool?country={spec['country']}&document={args.document}")
                page.locator("#tool-document").wait_for()
                while page.locator("#tool-document").input_value() != args.document:
                    time.sleep(0.02)
                for n in range(args.warm + 1):
                    page.locator("#tool-file").set_input_files(str(photos[n % len(photos)]))
                    found = wait_placed(page)
                    placed = found["placed"] - found["photo-chosen"]
                    if n == 0:
                        results["model load"].append(found["models-loaded"] - found["photo-chosen"])
                        results["placed (cold)"].append(placed)
                    else:
                        results["placed (warm)"].append(placed)
                    results["photo"].append(timed_download(page, "Download photo"))
                    page.locator("#tool-sheet-format").select_option("jpeg")
                    results["sheet JPEG"].append(timed_download(page, "Download print sheet"))
                    page.locator("#tool-sheet-format").select_option("pdf")
                    results["sheet PDF"].append(timed_download(page, "Download print sheet"))
                    results["photo (again)"].append(timed_download(page, "Download photo"))
                context.close()
            version = browser.version
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    print(f"Photo tool timings, {args.document}, 3000 x 4000 px portrait, Chromium {version}, {os.cpu_count()} CPUs")
    print(f"{'step':<16} {'median ms':>10} {'min':>8} {'max':>8} {'n':>4}")
    for name, values in results.items():
        print(f"{name:<16} {statistics.median(values):>10.0f} {min(values):>8.0f} {max(values):>8.0f} {len(values):>4}")
    warm = statistics.median(results["placed (warm)"])
    print(f"target, placed under 2 s with the models cached: {'met' if warm < 2000 else 'NOT met'} ({warm:.0f} ms)")


if __name__ == "__main__":
    main()
