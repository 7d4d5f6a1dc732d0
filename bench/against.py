"""This checkout against another commit, side by side in one run, with the bare ceiling beside both.

    python bench/against.py REF [--duration 4] [--rounds 3] [--connections 64] [--only TEXT] [--write FILE]

REF is any commit, branch or tag (`HEAD~1`, `48e37ff`). Its tree is exported into a temporary
folder and served from there by the same Python and the same installed dependencies (the package
folder is put first on PYTHONPATH, whichever layout that commit has), each with one worker on
its own dataset, catalogs built in-process. The three servers share CPU 0 and wrk runs on CPU 1;
for every request of compare.py's table wrk drives each server in turn, the order rotating every
round, and the medians are compared: machines here are shared and noisy, so only ratios measured
in the same run mean anything. Run it on every change that touches a request path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import compare  # noqa: E402  (after the path: bench is run as a script)
from bench.compare import Server, record, settle, wrk  # noqa: E402


def export(ref: str, into: Path) -> str:
    """REF's tree under `into`; returns the commit it names."""
    commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "app", "dataset"], cwd=ROOT, capture_output=True, check=True).stdout
    tar = into / "tree.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as t:
        t.extractall(into, filter="data")
    return commit


def package_root(tree: Path) -> Path:
    """The folder to put on PYTHONPATH so that `import photospecs` finds that tree's package:
    app/ when the package is app/photospecs/, else a folder holding a link named photospecs to app/."""
    if (tree / "app" / "photospecs" / "__init__.py").is_file():
        return tree / "app"
    root = tree / "pkgroot"
    root.mkdir(exist_ok=True)
    (root / "photospecs").symlink_to(tree / "app")
    return root


def server(name: str, tree: Path, workdir: Path) -> Server:
    root = package_root(tree)
    env = {"PYTHONPATH": str(root), "PHOTOSPECS_DATASET_DIR": str(tree / "dataset"), "PHOTOSPECS_SITE_URL": "http://127.0.0.1:8000"}
    if "catalog_file" in (root / "photospecs" / "settings.py").read_text():
        # A file that is not there: each builds its own catalog (older commits refuse the setting).
        env["PHOTOSPECS_CATALOG_FILE"] = str(workdir / f"no-catalog-{name}.bin")
    return Server(name, [sys.executable, "-m", "photospecs.cli", "serve", "--port", "{port}", "--workers", "1"], "/readyz", env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ref")
    parser.add_argument("--duration", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--only", default="", help="run only the requests whose name contains this text")
    parser.add_argument("--write", type=Path, help="also write the table as Markdown to this file")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not on PATH (Debian: apt-get install wrk)")
    scenarios = [s for s in compare.SCENARIOS if args.only in s.name]
    misses = [s for s in compare.MISSES if args.only in s.name and s.hit in {x.name for x in scenarios}]
    cpus = sorted(os.sched_getaffinity(0))
    server_cpu, load_cpu = (cpus[0], cpus[1]) if len(cpus) >= 2 else (None, None)
    workdir = Path(tempfile.mkdtemp(prefix="photospecs-against-"))
    other = workdir / "other"
    other.mkdir()
    commit = export(args.ref, other)
    here = server("this checkout", ROOT, workdir)
    there = server(commit, other, workdir)
    ceiling = Server("ceiling", [sys.executable, "-m", "granian", "--interface", "asgi", "--port", "{port}", "--workers", "1",
                                 "--no-ws", "bench.ceiling:app"], "/", {"CEILING_RECORDING": str(workdir / "recording.json")},
                     any_status=True)
    servers = [here, there, ceiling]
    compare.SCENARIOS = scenarios  # record() replays compare's table
    results: dict[str, dict[str, list[float]]] = {s.name: {srv.name: [] for srv in servers} for s in [*scenarios, *misses]}
    try:
        here.start(server_cpu)
        record(here, workdir / "recording.json")
        for srv in servers[1:]:
            srv.start(server_cpu)
        compare.check_replay(here, ceiling)
        for round_number in range(args.rounds):
            order = servers[round_number % 3:] + servers[: round_number % 3]
            for s in [*scenarios, *misses]:
                for srv in order:
                    if s.script is not None and srv is ceiling:
                        continue  # a stream of misses has nothing to replay
                    settle(servers)
                    results[s.name][srv.name].append(wrk(srv.url, s, load_cpu, args.connections, args.duration, workdir)[0])
    finally:
        for srv in servers:
            srv.stop()
    lines = [
        f"Run: `python bench/against.py {args.ref} --duration {args.duration} --rounds {args.rounds} --connections {args.connections}`"
        f" (medians of {args.rounds} rounds; this checkout at {current_commit()}, {commit} exported beside it)",
        "",
        f"| request | this checkout req/s | {commit} req/s | ceiling req/s | this / {commit} | this / ceiling | {commit} / ceiling |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, runs in results.items():
        ours, theirs = statistics.median(runs[here.name]), statistics.median(runs[there.name])
        top = statistics.median(runs[ceiling.name]) if runs[ceiling.name] else None
        to_top = [f"{rate / top:.2f}x" if top else "" for rate in (ours, theirs)]
        lines.append(f"| {name} | {ours:,.0f} | {theirs:,.0f} | {f'{top:,.0f}' if top else ''} | {ours / theirs:.2f}x | {to_top[0]} | {to_top[1]} |")
    report = "\n".join(lines)
    print(report)
    if args.write:
        args.write.write_text(report + "\n")
    return 0


def current_commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout
    return head + ("+changes" if dirty.strip() else "")


if __name__ == "__main__":
    sys.exit(main())
