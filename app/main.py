"""create_app(): load the dataset, build the catalog, wire the routes into Litestar."""

from __future__ import annotations

import contextlib
import gc
import time
from typing import Any

from litestar import Litestar, Request, Response
from litestar.exceptions import HTTPException
from litestar.handlers import asgi
from photospecs import catalog as catalog_module
from photospecs import dataset
from photospecs.asgi.send import ERROR_HEADERS, Endpoint, Route, Scope, Send, constant, error_body, read_only_route, send_bytes
from photospecs.catalog.build import PAGE_HEADERS
from photospecs.catalog.encoded import COMMON_HEADERS, JSON, prepare
from photospecs.mcp import transport as mcp_http
from photospecs.ops import logs, shutdown
from photospecs.ops.metrics import Metrics
from photospecs.rest import docs
from photospecs.rest import routes as rest
from photospecs.settings import Settings, from_env
from photospecs.site import routes as site
from photospecs.wire.rest import Error


def create_app(settings: Settings | None = None) -> Litestar:
    """Load the dataset, build the catalog and wire the app: for tests and for other servers
    (`granian --factory photospecs.main:create_app`)."""
    settings = settings or from_env()
    started = time.perf_counter()
    logs.configure(settings.log_level)
    catalog = catalog_module.build(dataset.load(settings.dataset_path), settings)
    app = app_for(catalog)
    data = catalog.data
    logs.startup(len(data.countries), len(data.docs), len(data.portals), catalog.build_seconds, started)
    return app


def app_for(catalog: catalog_module.Catalog) -> Litestar:
    """Wire a built catalog into the app: cheap, no encoding."""
    routes = [
        *rest.routes(catalog),
        *mcp_http.routes(catalog),
        *docs.routes(catalog),
        *site.routes(catalog),
        *health_routes(catalog),
    ]
    metrics = None
    if catalog.settings.metrics:
        metrics = Metrics(catalog, [route.label for route in routes] + ["/metrics"])
        routes.append(Route("/metrics", "metrics", metrics.endpoint))
    app = PhotospecsApp(
        routes,
        metrics,
        catalog.pages["/404"].identity,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
        openapi_config=None,
        logging_config=None,
    )
    # Everything built so far lives as long as the process: keep the collector from walking it
    # (and, in forked workers, from touching the pages it shares with the parent).
    gc.freeze()
    return app


class WorkerLoader:
    """What each granian worker calls for its app, built once in the serving process.

    Under the fork start method the worker inherits the parent's app (copy-on-write). Under
    spawn (and forkserver, which granian runs as spawn) this object is pickled to the worker
    with the parent's catalog, already encoded, and the shared draining flag: the worker only
    wires routes around it, and /readyz follows the parent's SIGTERM.
    """

    def __init__(self, settings: Settings) -> None:
        started = time.perf_counter()
        logs.configure(settings.log_level)
        self.catalog = catalog_module.build(dataset.load(settings.dataset_path), settings)
        self.draining = shutdown.flag()
        self._app: Litestar | None = app_for(self.catalog)
        data = self.catalog.data
        logs.startup(len(data.countries), len(data.docs), len(data.portals), self.catalog.build_seconds, started)

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_app": None}  # the app holds closures; the worker rewires it

    def __call__(self) -> Litestar:
        shutdown.adopt(self.draining)
        if self._app is None:
            logs.configure(self.catalog.settings.log_level)
            self._app = app_for(self.catalog)
        return self._app


class PhotospecsApp(Litestar):
    """Litestar, with requests for its own raw ASGI routes dispatched by exact path.

    Every route here is a raw ASGI handler that answers from the catalog, sets its own headers
    and never raises for bad input, so Litestar's per-request work around it (scope state, the
    exception middleware wrapping `send`, the router) only costs time: measured in-process, a
    REST request took 7.2 us through it and 1.9 us without (bench/RESULTS.md). Anything that is
    not an exact match (unknown paths, trailing slashes, lifespan) takes Litestar's own path.
    """

    def __init__(self, routes: list[Route], metrics: Metrics | None, not_found_page: bytes = b"", **litestar_options: Any) -> None:
        self.not_found_page = not_found_page
        named = [_litestar_handler(route) for route in routes if route.family is None and not route.prefix]
        super().__init__(route_handlers=named, **litestar_options)
        self.metrics = metrics
        self._exact: dict[str, tuple[Endpoint, str]] = {r.path: (r.endpoint, r.label) for r in routes if not r.prefix}
        self._prefixes = [(r.path, r.endpoint, r.label) for r in routes if r.prefix]

    def _match(self, path: str) -> tuple[Endpoint, str] | None:
        found = self._exact.get(path)
        if found is None:
            for prefix, endpoint, label in self._prefixes:
                if path.startswith(prefix):
                    return endpoint, label
        return found

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if shutdown.draining():
            send = shutdown.closing(send)
        found = self._match(scope["path"]) if scope["type"] == "http" else None
        if found is None:
            await self._litestar(scope, receive, send)
            return
        endpoint, label = found
        started = time.perf_counter()
        try:
            status = await endpoint(scope, receive, send)
        except Exception:  # a bug, not bad input: log it, and answer 500 if nothing was sent yet
            logs.LOGGER.exception("unhandled error", extra={"fields": {"path": scope["path"][:200]}})
            with contextlib.suppress(Exception):
                await send_bytes(send, 500, error_body(INTERNAL_ERROR), ERROR_HEADERS)
            status = 500
        if self.metrics is not None:
            self.metrics.observe(label, status, time.perf_counter() - started)

    async def _litestar(self, scope: Any, receive: Any, send: Any) -> None:
        """Litestar's own handling, for everything the exact-path table does not hold."""
        if self.metrics is None or scope["type"] != "http":
            await Litestar.__call__(self, scope, receive, send)
            return
        status = 500

        async def observed(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        started = time.perf_counter()
        try:
            await Litestar.__call__(self, scope, receive, observed)
        finally:
            self.metrics.observe(scope["path"], status, time.perf_counter() - started)


def _litestar_handler(route: Route) -> Any:
    """Register an endpoint with Litestar, whose ASGI handlers return nothing."""

    async def handler(scope: Scope, receive: Any, send: Send) -> None:
        await route.endpoint(scope, receive, send)

    return asgi(route.path, is_mount=False, copy_scope=False, name=route.name)(handler)


def health_routes(catalog: catalog_module.Catalog) -> list[Route]:
    no_store = b"no-store"
    alive = prepare(b'{"status":"ok"}', JSON, no_store)
    ready = prepare(
        b'{"status":"ready","countries":%d,"documents":%d,"catalogMs":%d}'
        % (len(catalog.data.countries), len(catalog.data.docs), round(catalog.build_seconds * 1000)),
        JSON,
        no_store,
    )
    draining = Error(status=503, error="draining", message="Shutting down: send new requests elsewhere.")
    # /healthz answers while the process runs. /readyz exists only once the catalog is built,
    # because the app (and so this route) is created after the build, and turns 503 on SIGTERM.
    return [
        read_only_route("/healthz", "healthz", constant(alive)),
        read_only_route("/readyz", "readyz", lambda query: draining if shutdown.draining() else ready),
    ]


def http_error(request: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    """Litestar's own errors (an unknown path, mostly) in our error shape; a browser asking for
    a page that does not exist gets the site's 404 page instead (JSON stays the answer under /api)."""
    status = exc.status_code
    accept = request.headers.get("accept", "")
    if status == 404 and "text/html" in accept and not request.url.path.startswith("/api/"):
        page = request.app.not_found_page if isinstance(request.app, PhotospecsApp) else b""
        # Litestar adds "; charset=utf-8" to a text media type itself.
        return Response(content=page, status_code=404, media_type="text/html", headers=_page_headers())
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, "bad_request" if status < 500 else "internal_error")
    message = "No such endpoint. See /api/docs for the list." if status == 404 else str(exc.detail)
    return _error_response(Error(status=status, error=code, message=message))


def _page_headers() -> dict[str, str]:
    return {k.decode(): v.decode() for k, v in [(b"cache-control", b"no-store"), *COMMON_HEADERS, *PAGE_HEADERS]}


INTERNAL_ERROR = Error(status=500, error="internal_error", message="Internal error.")


def internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    logs.LOGGER.exception("unhandled error", extra={"fields": {"path": request.url.path[:200]}})
    return _error_response(INTERNAL_ERROR)


def _error_response(error: Error) -> Response[bytes]:
    return Response(
        content=error_body(error),
        status_code=error.status,
        media_type="application/json",
        headers={k.decode(): v.decode() for k, v in ERROR_HEADERS},
    )
