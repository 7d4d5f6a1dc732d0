"""The `photospecs` command: `serve` runs the app under granian, `validate` checks dataset/."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from app.config import SettingsError, from_env
from app.dataset import DEFAULT_DATASET_DIR, DatasetError, load


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="photospecs", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the API under granian")
    # String defaults go through `type` too, so a bad PHOTOSPECS_PORT is reported like a bad --port.
    serve.add_argument("--host", default=os.environ.get("PHOTOSPECS_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=port_number, default=os.environ.get("PHOTOSPECS_PORT", "8000"))
    serve.add_argument("--workers", type=worker_count, default=os.environ.get("PHOTOSPECS_WORKERS", str(os.cpu_count() or 1)))

    validate = commands.add_parser("validate", help="check dataset/ the way start-up does")
    validate.add_argument("--dataset", type=Path, help="default: PHOTOSPECS_DATASET_DIR, else the bundled dataset")
    validate.add_argument("--report", action="store_true", help="print coverage figures")

    args = parser.parse_args(argv)
    if args.command == "validate":
        return _validate(args.dataset or Path(os.environ.get("PHOTOSPECS_DATASET_DIR", DEFAULT_DATASET_DIR)), args.report)
    return _serve(args)


def port_number(text: str) -> int:
    value = int(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{text} is not a TCP port (1-65535)")
    return value


def worker_count(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"{text}: workers must be 1 to 64")
    return value


def _validate(directory: Path, report: bool) -> int:
    try:
        data = load(directory)
    except DatasetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"dataset invalid: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    docs = data.docs.values()
    print(f"dataset ok: {len(data.countries)} countries, {len(data.docs)} documents, {len(data.portals)} portals")
    if report:
        rows = [
            ("countries", len(data.countries)),
            ("documents", len(data.docs)),
            ("documents with head height", sum(d.file.head_height_mm is not None for d in docs)),
            ("documents with eye line", sum(d.file.eye_line_mm is not None for d in docs)),
            ("documents with an official source", sum(any(not s.secondary for s in d.sources) for d in docs)),
            ("documents with only secondary sources", sum(all(s.secondary for s in d.sources) for d in docs)),
            ("documents following ICAO 9303", sum(d.file.icao_compliant for d in docs)),
            ("documents with an upload portal", sum(bool(d.portals) for d in docs)),
            ("portals", len(data.portals)),
            ("comparisons", len(data.comparisons)),
        ]
        width = max(len(name) for name, _ in rows)
        for name, value in rows:
            print(f"  {name:<{width}}  {value}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings

    from app.main import prebuild
    from app.shutdown import DrainingServer

    try:
        settings = from_env()
        prebuild(settings)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    except DatasetError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
        return 1
    server = DrainingServer(
        "app.main:create_app",
        factory=True,
        interface=Interfaces.ASGI,
        address=args.host,
        port=args.port,
        workers=args.workers,
        log_level=settings.log_level,
        log_access=settings.access_log,
        websockets=False,
        backlog=settings.backlog,
        backpressure=settings.max_concurrency,
        http1_settings=HTTP1Settings(
            header_read_timeout=int(settings.header_timeout * 1000), max_buffer_size=settings.max_head_bytes
        ),
    )
    server.drain_seconds = settings.drain_seconds
    server.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
