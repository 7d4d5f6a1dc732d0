"""create_app(): load the dataset, build the catalog, serve its route table through Litestar."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import time
from collections.abc import Mapping
from typing import Any

from litestar import Litestar, Request, Response

from photospecs import dataset, prebuilt
from photospecs.build import Catalog, build
from photospecs.http.encoded import Prepared
from photospecs.http.routing import Endpoint, Handler, Matcher, Route, bind, get_only, location, read_only, without_trailing_slash
from photospecs.http.send import ERROR_HEADERS, ErrorRenderer, Scope, Send, send_prepared, send_redirect
from photospecs.mcp import transport as mcp_http
from photospecs.ops import health, logs, shutdown
from photospecs.ops.metrics import UNMATCHED, Metrics, RouteCounts
from photospecs.paths import PATHS
from photospecs.rest import routes as rest
from photospecs.settings import Settings, from_env
from photospecs.site import routes as site
from photospecs.wire.errors import encode_error
from photospecs.wire.rest import Error

NOT_FOUND = Error(
    status=404, error="not_found", message="Nothing is served at this path. The API is listed at /api/docs, the site's pages at /sitemap.xml."
)
INTERNAL_ERROR = Error(status=500, error="internal_error", message="Internal error.")
WARM = 512  # pages of other languages a worker keeps put together: the popular ones (PhotospecsApp._warmed)
METRICS_OFF = Error(status=404, error="not_found", message="Metrics are turned off here (PHOTOSPECS_METRICS).")


def create_app(settings: Settings | None = None) -> Litestar:
    """Load (or build) the catalog and bind the routes: for tests and for other servers
    (`granian --interface asgi --http 1 --factory photospecs.main:create_app`; `--http 1` as
    `serve` runs it, since granian's default also takes h2c, where its limits do not hold)."""
    app = WorkerLoader(settings or from_env()).app
    assert app is not None
    return app


def app_for(catalog: Catalog, draining: shutdown.Flag | None = None) -> Litestar:
    """Bind the route table to the catalog's bytes (no encoding happens here); `draining` turns
    /readyz to 503 and closes keep-alive connections (ops/shutdown.py)."""
    draining = shutdown.new_flag() if draining is None else draining  # (a flag at 0 is falsy)
    metrics = Metrics(catalog.facts, [path.template for path in PATHS], draining.board) if catalog.settings.metrics else None
    handlers: dict[str, Handler] = {
        **rest.handlers(catalog.rest, catalog.openapi),
        "mcp": mcp_http.handler(catalog.mcp, catalog.settings),
        **site.handlers(catalog.site),
        **health.handlers(catalog.facts, draining),
        "metrics": get_only(metrics.answer) if metrics else read_only(lambda path, query: METRICS_OFF),
    }
    errors = ErrorRenderer(catalog.site.not_found, catalog.site.not_found_in)
    app = PhotospecsApp(bind(handlers, errors), metrics, errors, draining, catalog.site.packed)
    # Everything built so far lives as long as the process: keep the collector from walking it
    # (and, in forked workers, from touching the pages it shares with the parent).
    gc.collect()
    gc.freeze()
    _return_freed_memory()
    return app


def _return_freed_memory() -> None:
    """Hand the pages the build or load freed back to the kernel, before granian forks the
    workers: glibc keeps them otherwise (8 MiB of the serving process after loading the
    pre-built catalog, counted again in each worker's copy of the heap)."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to trim
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def load_or_build(settings: Settings) -> tuple[Catalog, bool]:
    """The pre-built catalog when it was built from this code, dataset and settings; otherwise
    one built here (seconds of CPU), saying why. True when it was pre-built."""
    found = prebuilt.read(settings)
    if isinstance(found, Catalog):
        return found, True
    logs.LOGGER.info("building the catalog: " + found)
    return build(dataset.load(settings.dataset_path), settings), False


class WorkerLoader:
    """What each granian worker calls for its app, built once in the serving process.

    Under the fork start method the worker inherits the parent's app (copy-on-write). Under
    spawn (and forkserver, which granian runs as spawn) this object is pickled to the worker
    with the shared draining flag and either the parent's catalog, already encoded, or, when it
    was loaded from the pre-built file, only the settings: the worker reads the same file, which
    is quicker than receiving the catalog through a pipe. The worker only binds routes around
    it, and /readyz follows the parent's SIGTERM.
    """

    def __init__(self, settings: Settings) -> None:
        started = time.perf_counter()
        logs.configure(settings.log_level)
        self.catalog, self.prebuilt = load_or_build(settings)
        ready = time.perf_counter() - started
        self.draining = shutdown.new_flag()
        self.app: Litestar | None = app_for(self.catalog, self.draining)
        logs.startup(self.catalog.facts, ready, started, self.prebuilt)

    def __getstate__(self) -> dict[str, Any]:
        state = {**self.__dict__, "app": None}  # the app holds closures; the worker rebinds it
        if self.prebuilt:
            state["catalog"] = self.catalog.settings
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        if state["prebuilt"]:
            found = prebuilt.read(state["catalog"])
            assert isinstance(found, Catalog), found  # the parent read this same file
            state = {**state, "catalog": found}
        self.__dict__.update(state)

    def __call__(self) -> Litestar:
        shutdown.watch(self.draining)
        if self.app is None:
            logs.configure(self.catalog.settings.log_level)
            self.app = app_for(self.catalog, self.draining)
        return self.app


class PhotospecsApp(Litestar):
    """Litestar, serving the route table.

    Litestar owns the application (lifespan, exceptions outside the routes); the table's routes
    are raw ASGI endpoints that answer from the catalog, set their own headers and never raise
    for bad input. Before routing, every request gets the canonical-URL policy (a trailing slash
    is redirected) and, while draining, `Connection: close`.

    The table is matched here (http/routing.Matcher), not by Litestar's router, because that
    costs more than the 15 % the design allows: the same endpoints registered in Litestar
    served 0.84x the requests per second (geometric mean over five kinds of request; hits
    0.87-0.92x, unknown paths 0.65x; bench/router.py, bench/RESULTS.md "Routing"). Litestar
    2.25's router also cannot dispatch a raw ASGI handler on a template with a parameter
    ("/api/documents/{id}" fails with KeyError 'GET'), so it needs every id as a path of its own.
    """

    def __init__(self, routes: list[Route], metrics: Metrics | None, errors: ErrorRenderer, draining: shutdown.Flag | None = None,
                 packed: Mapping[str, Mapping[str, Prepared]] | None = None) -> None:
        self.metrics = metrics
        self.draining = shutdown.new_flag() if draining is None else draining  # (a flag at 0 is falsy)
        self.errors = errors
        self.routes_served = routes
        self.served = {route.path.name: self._observed(route.endpoint, self._counts(route.label)) for route in routes}
        self.match = Matcher(routes)
        self.exact = {r.path.template: self.served[r.path.name] for r in routes if not r.path.has_parameter and self.match(r.path.template) is r}
        self._unmatched = self._observed(self._not_found, self._counts(UNMATCHED))
        # path -> (route's counts, raw query -> response): the hot requests, answered before routing
        self.hot: dict[str, tuple[RouteCounts | None, dict[bytes, Prepared]]] = {}
        for route in routes:
            for (path, query), prepared in route.hot.items():
                if self.match(path) is route:  # a path two rows could claim belongs to the one that matches it
                    self.hot.setdefault(path, (self._counts(route.label), {}))[1][query] = prepared
        # Each other language's pages (language code -> path -> response, packed), and those this
        # worker has answered: hot from their second request on, like the English ones.
        self.packed = packed or {}
        self.warm: dict[str, tuple[RouteCounts | None, dict[bytes, Prepared]]] = {}
        super().__init__(exception_handlers={Exception: internal_error}, openapi_config=None, logging_config=None)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":  # lifespan
            await Litestar.__call__(self, scope, receive, send)
            return
        path, method = scope["path"], scope["method"]
        if method == "GET" or method == "HEAD":
            hot = self.hot.get(path) or self.warm.get(path) or self._warmed(path)
            if hot is not None:
                prepared = hot[1].get(scope["query_string"])
                if prepared is not None and not self.draining.value:
                    await self._send_hot(hot[0], prepared, scope, send)
                    return
        if self.draining.value:
            send = shutdown.closing(send)
        # A path without a parameter is its route's (and never ends in "/", but for "/" itself).
        endpoint = self.exact.get(path)
        if endpoint is None:
            canonical = without_trailing_slash(path)
            if canonical is not None:
                await send_redirect(send, location(canonical, scope["query_string"]))
                return
            route = self.match(path)
            endpoint = self._unmatched if route is None else self.served[route.path.name]
        await endpoint(scope, receive, send)

    def _warmed(self, path: str) -> tuple[RouteCounts | None, dict[bytes, Prepared]] | None:
        """A page of another language, put together from its packed pages once and kept, so that
        it is answered before routing from then on (at most WARM pages a worker, each about 4 KB
        of brotli and its headers)."""
        end = path.find("/", 1)
        pages = self.packed.get(path[1:end] if end > 0 else path[1:])
        if pages is None or path not in pages:
            return None
        route = self.match(path)
        if route is None:
            return None
        if len(self.warm) >= WARM:
            self.warm.clear()
        found = self.warm[path] = (self._counts(route.label), {b"": pages[path]})
        return found

    async def _send_hot(self, counts: RouteCounts | None, prepared: Prepared, scope: Scope, send: Send) -> None:
        """A hot request: what `_observed` does around an endpoint, without the routing."""
        started = time.perf_counter()
        try:
            status = await send_prepared(scope, send, prepared)
        except Exception:
            logs.LOGGER.exception("unhandled error", extra={"fields": {"path": scope["path"][:200]}})
            status = 500
        if counts is not None:
            counts.observe(status, time.perf_counter() - started)

    async def _not_found(self, scope: Scope, receive: Any, send: Send) -> int:
        return await self.errors(scope, send, NOT_FOUND)

    def _counts(self, label: str) -> RouteCounts | None:
        return self.metrics.counts(label) if self.metrics is not None else None

    def _observed(self, endpoint: Endpoint, counts: RouteCounts | None) -> Any:
        """The endpoint with its metrics, and a 500 for a bug (not bad input) if nothing was sent yet."""

        async def observed(scope: Scope, receive: Any, send: Send) -> None:
            started = time.perf_counter()
            try:
                status = await endpoint(scope, receive, send)
            except Exception:
                logs.LOGGER.exception("unhandled error", extra={"fields": {"path": scope["path"][:200]}})
                with contextlib.suppress(Exception):
                    await self.errors(scope, send, INTERNAL_ERROR)
                status = 500
            if counts is not None:
                counts.observe(status, time.perf_counter() - started)

        return observed


def internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    """Litestar's own failures, outside any route (the routes answer their own 500s)."""
    logs.LOGGER.exception("unhandled error", extra={"fields": {"path": request.url.path[:200]}})
    return Response(
        content=encode_error(INTERNAL_ERROR),
        status_code=500,
        media_type="application/json",
        headers={k.decode(): v.decode() for k, v in ERROR_HEADERS},
    )
