"""Lighthouse and axe on the site's pages, in English, a left-to-right and a right-to-left language.

    python bench/audit.py [--pages /us-visa-photo /tool ...] [--languages en es ar zh-hans]
                          [--tools DIR] [--shots DIR]

Starts `photospecs serve` (one worker), then for each page in each language runs Lighthouse
(accessibility, best practices, SEO, performance; Debian's Chromium, mobile emulation) and axe-core
in Chromium (Playwright), and prints one row per page: the four Lighthouse scores and axe's
violations by impact with their rule ids. Lighthouse and axe-core come from npm, installed once
into --tools (default ~/.cache/photospecs-audit) at the versions pinned below. --shots writes a
phone-sized screenshot of each tool page with a photo placed, to look at.

Performance here is one run on a shared machine: read it as a rough figure, the other three as
what the page is.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from tool_timing import ARGS, CHROMIUM, serve, wait_placed  # noqa: E402  (the same server and browser set-up)

LIGHTHOUSE = "lighthouse@12.8.2"
AXE = "axe-core@4.14.1"
CATEGORIES = ("accessibility", "best-practices", "seo", "performance")
PHOTO = ROOT / "bench/photos/collins.jpg"


def tools(folder: Path) -> tuple[Path, Path]:
    """The Lighthouse command and axe's script, installed from npm the first time."""
    lighthouse, axe = folder / "node_modules/.bin/lighthouse", folder / "node_modules/axe-core/axe.min.js"
    if not (lighthouse.exists() and axe.exists()):
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", LIGHTHOUSE, AXE], check=True)
    return lighthouse, axe


def lighthouse_scores(command: Path, url: str) -> dict[str, int]:
    run = subprocess.run(
        [str(command), url, "--quiet", "--output=json", "--output-path=stdout", f"--only-categories={','.join(CATEGORIES)}",
         f"--chrome-path={CHROMIUM}", f"--chrome-flags={' '.join(ARGS)}"],
        check=True, capture_output=True, text=True, env={"CHROME_PATH": CHROMIUM, "PATH": "/usr/bin:/bin"},
    )
    report = json.loads(run.stdout)
    return {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}


def axe_violations(browser, axe: Path, url: str) -> list[tuple[str, str, int]]:
    """(impact, rule, nodes) of every violation axe finds on the page as loaded."""
    context = browser.new_context(bypass_csp=True)  # our CSP rightly refuses an injected script
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.add_script_tag(path=str(axe))
    found = page.evaluate("axe.run(document).then(r => r.violations.map(v => [v.impact, v.id, v.nodes.length]))")
    context.close()
    return [tuple(v) for v in found]


def phone_shot(browser, url: str, path: Path) -> None:
    """The tool on a phone-sized screen with a photo placed."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url)
    page.locator("input[type=file]").first.set_input_files(str(PHOTO))
    wait_placed(page)
    page.screenshot(path=str(path), full_page=True)
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", default=["/us-visa-photo", "/tool", "/countries/eg"])
    parser.add_argument("--languages", nargs="+", default=["en", "es", "ar", "zh-hans"])
    parser.add_argument("--tools", type=Path, default=Path.home() / ".cache/photospecs-audit")
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args()
    lighthouse, axe = tools(args.tools)
    from playwright.sync_api import sync_playwright

    process, url = serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print("| page | " + " | ".join(CATEGORIES) + " | axe violations (impact: rule x nodes) |")
            print("|---|" + "---|" * (len(CATEGORIES) + 1))
            for language in args.languages:
                prefix = "" if language == "en" else f"/{language}"
                for path in args.pages:
                    address = f"{url}{prefix}{path}"
                    scores = lighthouse_scores(lighthouse, address)
                    found = axe_violations(browser, axe, address)
                    said = ", ".join(f"{impact}: {rule} x{nodes}" for impact, rule, nodes in found) or "none"
                    print(f"| {prefix}{path} | " + " | ".join(str(scores[c]) for c in CATEGORIES) + f" | {said} |", flush=True)
                    if args.shots and path == "/tool":
                        args.shots.mkdir(parents=True, exist_ok=True)
                        phone_shot(browser, f"{address}?country=uk&document=uk-passport", args.shots / f"tool-{language}.png")
            browser.close()
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
