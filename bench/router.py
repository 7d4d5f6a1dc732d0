"""What serving the route table through Litestar's router costs, against the pre-dispatch.

    python bench/router.py [--duration 5] [--rounds 3] [--connections 64]

Starts granian with one worker twice on the same catalog: once with the app as shipped (main.py
matches the route table itself before Litestar) and once with every row of paths.py registered
with Litestar, whose router matches the request (the factories below). Both are pinned to CPU 0
and wrk to CPU 1; each request runs against the two in turn, `--rounds` times, keeping the
median. The ratio is Litestar's throughput over the pre-dispatch's; main.py keeps the
pre-dispatch only while it is below 0.85.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import Scenario, Server, settle, wrk
from litestar import Litestar, Request, Response
from litestar.exceptions import NotFoundException
from litestar.handlers import asgi
from photospecs import build as catalog_module
from photospecs import dataset
from photospecs.main import PhotospecsApp, app_for
from photospecs.settings import from_env

REQUESTS = [
    Scenario("spec, one country", "/api/specs?country=us"),
    Scenario("document JSON, brotli", "/api/documents/us-visa", "br"),
    Scenario("document page, brotli", "/us-visa-photo", "br"),
    Scenario("static file", "/static/site.css"),
    Scenario("unknown path", "/no/such/path"),
]


def predispatch() -> PhotospecsApp:
    settings = from_env()
    app = app_for(catalog_module.build(dataset.load(settings.dataset_path), settings))
    assert isinstance(app, PhotospecsApp)
    return app


def litestar() -> Litestar:
    """The same endpoints, each concrete path registered with Litestar (its router cannot
    dispatch raw ASGI handlers on templates with a parameter: litestar 2.25 looks their
    parameters up under the request's method and fails with KeyError 'GET'). A miss is
    Litestar's own 404."""
    settings = from_env()
    catalog = catalog_module.build(dataset.load(settings.dataset_path), settings)
    app = app_for(catalog)
    assert isinstance(app, PhotospecsApp)
    paths = {r.path.template for r in app.routes_served if not r.path.has_parameter}
    paths |= {*catalog.rest.resources, *catalog.site.pages}
    handlers = []
    for path in sorted(paths):
        route = app.match(path)
        assert route is not None, path
        handlers.append(asgi(path, is_mount=False, copy_scope=False, name=path)(app.served[route.path.name]))

    def not_found(request: Request, exc: NotFoundException) -> Response:
        return Response(b'{"status":404,"error":"not_found"}', status_code=404, media_type="application/json")

    return Litestar(route_handlers=handlers, exception_handlers={NotFoundException: not_found}, openapi_config=None, logging_config=None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args()
    two = (os.cpu_count() or 1) >= 2
    granian = [sys.executable, "-m", "granian", "--interface", "asgi", "--http", "1", "--workers", "1", "--port", "{port}", "--factory"]
    bench = {"PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH")]))}
    servers = [
        Server("pre-dispatch", [*granian, "router:predispatch"], "/readyz", bench),
        Server("litestar", [*granian, "router:litestar"], "/readyz", bench),
    ]
    try:
        for server in servers:
            server.start(0 if two else None)
        with tempfile.TemporaryDirectory() as work:
            print(f"{'request':28} {'pre-dispatch':>13} {'litestar':>10} {'ratio':>6}")
            ratios = []
            for s in REQUESTS:
                rates: dict[str, list[float]] = {srv.name: [] for srv in servers}
                for _ in range(args.rounds):
                    for srv in servers:
                        settle(servers)
                        rates[srv.name].append(wrk(srv.url, s, 1 if two else None, args.connections, args.duration, Path(work))[0])
                pre, lite = (statistics.median(rates[srv.name]) for srv in servers)
                ratios.append(lite / pre)
                print(f"{s.name:28} {pre:13,.0f} {lite:10,.0f} {lite / pre:6.2f}")
            print(f"{'geometric mean ratio':28} {statistics.geometric_mean(ratios):31.2f}")
    finally:
        for server in servers:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
