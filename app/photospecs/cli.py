"""The `photospecs` command: `serve` runs the app under granian, `validate` checks dataset/, `export` writes the open dataset."""

from __future__ import annotations

import argparse
import datetime
import ipaddress
import os
import sys
from pathlib import Path

import msgspec

from photospecs.dataset import Data, DatasetError, load
from photospecs.dataset.loader import rests_on_secondary
from photospecs.dataset.sources import is_front_page
from photospecs.ops import logs, memory
from photospecs.ops.board import SLOTS
from photospecs.settings import BaseUrl, Settings, SettingsError, from_env, local_site, serve_option, service_links


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="photospecs", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the API under granian")
    # String defaults go through `type` too, so a bad PHOTOSPECS_PORT is reported like a bad --port.
    serve.add_argument("--host", default=serve_option("host", "127.0.0.1"))
    serve.add_argument("--port", type=port_number, default=serve_option("port", "8000"))
    serve.add_argument("--workers", type=worker_count, default=serve_option("workers", str(os.cpu_count() or 1)))

    validate = commands.add_parser("validate", help="check dataset/ the way start-up does")
    validate.add_argument("--dataset", type=Path, help="default: PHOTOSPECS_DATASET_DIR, else the bundled dataset")
    validate.add_argument("--report", action="store_true", help="print coverage figures")
    validate.add_argument("--check-links", action="store_true", help="fetch every source URL and report dead ones (needs a network)")
    validate.add_argument("--write-verified", action="store_true",
                          help="check the links, and write today's date as `verified` on every source whose URL answered")

    build = commands.add_parser("build", help="build the catalog ahead of time, for serve to load (see the README)")
    build.add_argument("--output", type=Path, help="default: PHOTOSPECS_CATALOG_FILE, else catalog.bin in the installed package")

    export = commands.add_parser("export", help="write the open dataset: JSON, schema, CSV, npm package, wheel (see the README)")
    export.add_argument("outdir", type=Path)
    export.add_argument("--dataset", type=Path, help="default: PHOTOSPECS_DATASET_DIR, else the bundled dataset")
    export.add_argument("--site-url", help="base of the records' canonicalUrl (default: PHOTOSPECS_SITE_URL, else the local address)")
    export.add_argument("--date", type=datetime.date.fromisoformat,
                        help="the generated date (default: SOURCE_DATE_EPOCH's day if set, else the dataset's latest check date, "
                             "as the server's /api/dataset files have)")

    health = commands.add_parser("health", help="exit 0 when the local server answers /healthz (for container health checks)")
    health.add_argument("--port", type=port_number, default=serve_option("port", "8000"))

    args = parser.parse_args(argv)
    if args.command == "health":
        return _health(args.port)
    if args.command == "build":
        return _build(args.output)
    if args.command == "export":
        return _export(args.outdir, args.dataset, args.site_url, args.date)
    if args.command == "validate":
        try:
            directory = args.dataset or from_env().dataset_path
        except SettingsError as exc:
            print(exc, file=sys.stderr)
            return 2
        return _validate(directory, args.report, args.check_links or args.write_verified, args.write_verified)
    return _serve(args)


def port_number(text: str) -> int:
    value = int(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{text} is not a TCP port (1-65535)")
    return value


MAX_WORKERS = SLOTS


def worker_count(text: str) -> int:
    # No cap tied to a typical machine: the default is the CPU count, and a 128-CPU host must start.
    value = int(text)
    if not 1 <= value <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"{text}: workers must be 1 to {MAX_WORKERS}")
    return value


def _health(port: int) -> int:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return 0 if response.status == 200 else 1
    except OSError as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _validate(directory: Path, report: bool, check_links: bool = False, write_verified: bool = False) -> int:
    try:
        data = load(directory)
    except DatasetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"dataset invalid: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    docs = data.docs.values()
    for warning in data.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"dataset ok: {len(data.countries)} countries, {len(data.docs)} documents, {len(data.portals)} portals, version {data.version}")
    if report:
        sized = [d for d in docs if d.width_px is not None]
        unpublished = [d for d in docs if d.file.size_basis == "unpublished"]
        # Office-captured documents have no frame to place a head in, so head height is also
        # given over the rest: every document with a size, and those the authority gives none for.
        framed = sized + unpublished
        with_head = sum(d.head_height_mm is not None for d in docs)
        secondary = sum(rests_on_secondary(d.sources) for d in docs)
        rows = [
            ("countries", len(data.countries)),
            ("documents", len(data.docs)),
            ("documents with a supplied-photo size (in /api/specs)", len(sized)),
            ("  size reported only by secondary sources", sum(d.file.size_basis == "secondary" for d in docs)),
            ("documents photographed at the office, no size", len(docs) - len(framed)),
            ("documents whose authority asks for a photo but states no size", len(unpublished)),
            ("documents with head height", with_head),
            ("  the authority's own figure", sum(d.file.head_height_mm is not None for d in docs)),
            ("  rule of the print format (authority publishes none)", sum(d.head_height_standard is not None for d in docs)),
            ("documents with eye line", sum(d.eye_line_mm is not None for d in docs)),
            ("  the authority's own figure", sum(d.file.eye_line_mm is not None for d in docs)),
            ("  rule of the print format or ISO/IEC 19794-5", sum(d.eye_line_standard is not None for d in docs)),
            ("documents with a digital image size of the authority", sum(d.file.digital_px is not None for d in docs)),
            ("documents with an official source", sum(any(not s.secondary for s in d.sources) for d in docs)),
            ("documents with only secondary sources", secondary),
            ("documents whose sources are only front pages", sum(all(is_front_page(s.url) for s in d.sources) for d in docs)),
            ("sources verified by a fetch", sum(s.verified is not None for d in docs for s in d.sources)),
            ("sources not yet verified", sum(s.verified is None for d in docs for s in d.sources)),
            ("documents following ICAO 9303", sum(d.file.icao_compliant for d in docs)),
            ("documents with an upload portal", sum(bool(d.portals) for d in docs)),
            ("portals", len(data.portals)),
            ("  resting only on secondary sources", sum(rests_on_secondary(p.sources) for p in data.portals.values())),
            ("print sheets", len(data.print_sheets)),
            ("comparisons", len(data.comparisons)),
        ]
        width = max(len(name) for name, _ in rows)
        for name, value in rows:
            print(f"  {name:<{width}}  {value}")
        framed_with_head = sum(d.head_height_mm is not None for d in framed)
        print(f"  head height: {_percent(framed_with_head, len(framed))} of documents not photographed at the office, "
              f"{_percent(with_head, len(docs))} of all")
        print(f"  secondary sources only: {_percent(secondary, len(docs))} of documents")
        _print_fact_labels(data)
    return _check_links(directory, write_verified) if check_links else 0


# How `validate --report` groups the labels: quoted words of the authority, a standard it refers
# to, secondary sources only, the authority's page without its words, or nothing stating the figure.
_LABEL_COLUMNS = {
    "authority": "quoted", "standard": "standard", "secondary": "secondary",
    "authority-unquoted": "unquoted", "uncited": "uncited",
}


def _print_fact_labels(data: Data) -> None:
    """Per fact, how many documents (or portals) have it cited in which way; a figure the authority
    does not publish (a format's rule, a common format, none) is counted under "no figure"."""
    from collections import Counter

    from photospecs.dataset import citations as cite

    counts: dict[str, Counter[str]] = {fact: Counter() for fact in (*cite.DOCUMENT_FACTS, *cite.PORTAL_FACTS)}
    labelled = [doc.bases for doc in data.docs.values()] + [
        cite.bases(cite.portal_facts(p), [c for s in p.sources for c in cite.cited(s)], p.sources)
        for p in data.portals.values()
    ]
    for bases in labelled:
        for fact, label in bases.items():
            counts[fact][_LABEL_COLUMNS.get(label, "no figure")] += 1
    columns = [*_LABEL_COLUMNS.values(), "no figure"]
    print("  facts by label (documents; formats to aspectRatio: portals)")
    print(f"    {'fact':<12}" + "".join(f"{name:>11}" for name in columns))
    for fact, counter in counts.items():
        print(f"    {fact:<12}" + "".join(f"{counter[name]:>11}" for name in columns))
    total = sum(counts.values(), Counter())
    print(f"    {'all':<12}" + "".join(f"{total[name]:>11}" for name in columns))


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def _check_links(directory: Path, write_verified: bool) -> int:
    import datetime

    from photospecs.dataset import links

    problems = links.check_all(links.source_urls(directory))
    if problems is None:
        print("links: not checked: no network here (no source URL could be reached); run it where one exists"
              + ("; no date written" if write_verified else ""))
        # Asked to record the check, exit non-zero: nothing was recorded.
        return 1 if write_verified else 0
    dead = {url: problem for url, problem in problems.items() if problem}
    for url, problem in dead.items():
        print(f"dead link: {url}: {problem}", file=sys.stderr)
    print(f"links: {len(problems) - len(dead)} of {len(problems)} source URLs answered; {len(dead)} dead")
    quotes = {url: words for url, words in links.source_quotes(directory).items() if url not in dead}
    missing = links.missing_quotes(quotes)
    for url, gone in missing.items():
        for words in gone:
            print(f"quote not on its page: {url}: {_clip(words)}", file=sys.stderr)
    print(f"quotes: {sum(map(len, quotes.values())) - sum(map(len, missing.values()))} of "
          f"{sum(map(len, quotes.values()))} quotes found on the {len(quotes)} live pages quoted")
    if write_verified:
        today = datetime.date.today()
        answered = problems.keys() - dead.keys()
        try:
            changed = links.write_verified(directory, answered, today)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(f"links: verified = {today} written on the sources of {len(answered)} answering URLs ({len(changed)} files changed)")
    return 1 if dead or missing else 0


def _clip(words: str, limit: int = 80) -> str:
    flat = " ".join(words.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _build(output: Path | None) -> int:
    """Build with the settings `serve` will have (PHOTOSPECS_* as for serve, and its default
    address when no site URL is set), and write the file serve looks for."""
    from photospecs import prebuilt
    from photospecs.build import build

    try:
        settings = _settings(serve_option("host", "127.0.0.1"), port_number(serve_option("port", "8000")))
        data = load(settings.dataset_path)
    except (SettingsError, DatasetError) as exc:
        return _refused(exc)
    catalog = build(data, settings)
    path = output or prebuilt.path_of(settings)
    prebuilt.write(catalog, path)
    files = prebuilt.files_of(path)
    in_files = sum(f.stat().st_size for f in files.iterdir()) / 2**20
    print(
        f"catalog built in {catalog.facts.build_seconds:.1f} s for {settings.site}: {path} ({path.stat().st_size / 2**20:.0f} MiB)"
        f" and its huge bodies in {files}/ ({in_files:.0f} MiB)"
    )
    return 0


def _export(outdir: Path, dataset: Path | None, site_url: str | None, generated: datetime.date | None) -> int:
    import time
    from urllib.parse import urlsplit

    from photospecs.export.published import dataset_day
    from photospecs.export.run import export
    from photospecs.urls import Urls

    started = time.perf_counter()
    try:
        settings = _settings(serve_option("host", "127.0.0.1"), port_number(serve_option("port", "8000")))
        if site_url:
            settings = msgspec.structs.replace(settings, site_url=msgspec.convert(site_url, BaseUrl))
        data = load(dataset or settings.dataset_path)
    except (SettingsError, DatasetError, msgspec.ValidationError) as exc:
        if isinstance(exc, msgspec.ValidationError):
            print(f"--site-url: {exc}", file=sys.stderr)
            return 2
        return _refused(exc)
    if is_loopback(urlsplit(settings.site).hostname or ""):
        print(f"warning: canonicalUrl points at {settings.site}; pass --site-url with the public site", file=sys.stderr)
    try:
        day = generated or _source_date() or dataset_day(data)
    except ValueError:
        print("SOURCE_DATE_EPOCH: not a number of seconds", file=sys.stderr)
        return 2
    done = export(outdir, data, Urls(settings.site, settings.photo_tool_url), day)
    for path in done.files:
        print(f"{path}  {path.stat().st_size:,} bytes")
    print(f"photospecs-data {done.version} (dataset {data.version}) in {time.perf_counter() - started:.1f} s")
    return 0


def _source_date() -> datetime.date | None:
    # The reproducible-builds convention: a fixed timestamp makes the same files twice.
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date() if epoch else None


def _settings(host: str, port: int) -> Settings:
    """PHOTOSPECS_* settings; without a site URL, links are built on the address served."""
    settings = from_env()
    return settings if settings.site_url else msgspec.structs.replace(settings, site_url=local_site(host, port))


def _refused(exc: SettingsError | DatasetError) -> int:
    """A bad setting exits 2, a dataset that cannot be served 1, each problem on its own line."""
    print(exc if isinstance(exc, SettingsError) else "\n".join(exc.problems), file=sys.stderr)
    return 2 if isinstance(exc, SettingsError) else 1


def _serve(args: argparse.Namespace) -> int:
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    from photospecs.main import WorkerLoader
    from photospecs.ops.supervisor import SupervisedServer

    try:
        settings = _settings(args.host, args.port)
        logs.configure(settings.log_level)
        if links := service_links():
            logs.LOGGER.warning("ignoring Kubernetes service-link variables: " + ", ".join(links))
        if not os.environ.get("PHOTOSPECS_SITE_URL") and not is_loopback(args.host):
            logs.LOGGER.warning(
                f"listening on {args.host} with no PHOTOSPECS_SITE_URL: links point at {settings.site}; set it to the public URL"
            )
        loader = WorkerLoader(settings)
        ceiling = _memory_ceiling(settings, args.workers)
    except (SettingsError, DatasetError) as exc:
        return _refused(exc)
    server = SupervisedServer(
        "photospecs.main:create_app",  # named for granian's logs; workers get their app from `loader`
        factory=True,
        interface=Interfaces.ASGI,
        address=args.host,
        port=args.port,
        workers=args.workers,
        log_level=LogLevels(settings.log_level),
        log_dictconfig=logs.granian_config(),
        log_access=settings.access_log,
        websockets=False,
        backlog=settings.backlog,
        backpressure=settings.max_concurrency,
        # HTTP/1.1 only: granian's HTTP/2 settings have no header-read, handshake or idle timeout,
        # so over h2c the limits below would not hold (slow or idle connections kept forever).
        # TLS and HTTP/2 terminate at the ingress, which speaks HTTP/1.1 to the pods.
        http=HTTPModes.http1,
        http1_settings=HTTP1Settings(
            header_read_timeout=int(settings.header_timeout * 1000), max_buffer_size=settings.max_head_bytes
        ),
    )
    server.drain_seconds = settings.drain_seconds
    server.flag = loader.draining
    server.memory_ceiling_mib = ceiling
    server.serve(target_loader=loader, wrap_loader=False)
    return 0


def _memory_ceiling(settings: Settings, workers: int) -> float | None:
    """Each worker's memory ceiling, measured once the serving process holds the catalog."""
    serving = memory.rss_mib()
    try:
        ceiling = memory.ceiling_mib(settings.worker_memory_mib, settings.memory_limit_mib, workers, serving)
    except ValueError as exc:
        raise SettingsError(f"PHOTOSPECS_MEMORY_LIMIT_MIB: {exc}") from None
    if ceiling is not None:
        fields = {"workerPrivateMib": round(ceiling, 1), "servingMib": round(serving or 0, 1), "limitMib": settings.memory_limit_mib}
        logs.LOGGER.info("memory ceiling", extra={"fields": fields})
    return ceiling


if __name__ == "__main__":
    sys.exit(main())
