"""create_app(): load the dataset, build the catalog, wire the routes into Litestar."""

from __future__ import annotations

import time

from litestar import Litestar, Request, Response
from litestar.exceptions import HTTPException

from app import catalog as catalog_module
from app import dataset, docs, logs, mcp_http, rest
from app.config import Settings, from_env
from app.http import ERROR_HEADERS, constant, error_body, read_only_route
from app.models import Error
from app.responses import JSON, prepare

def create_app(settings: Settings | None = None) -> Litestar:
    started = time.perf_counter()
    settings = settings or from_env()
    logs.configure(settings.log_level)
    catalog = catalog_module.build(dataset.load(settings.dataset_path), settings)
    app = Litestar(
        route_handlers=[*rest.routes(catalog), *mcp_http.routes(catalog), *docs.routes(catalog), *health_routes(catalog)],
        exception_handlers={HTTPException: http_error, Exception: internal_error},
        openapi_config=None,
        logging_config=None,
    )
    data = catalog.data
    logs.startup(len(data.countries), len(data.docs), len(data.portals), catalog.build_seconds, started)
    return app


def health_routes(catalog: catalog_module.Catalog) -> list:
    no_store = b"no-store"
    alive = prepare(b'{"status":"ok"}', JSON, no_store)
    ready = prepare(
        b'{"status":"ready","countries":%d,"documents":%d,"catalogMs":%d}'
        % (len(catalog.data.countries), len(catalog.data.docs), round(catalog.build_seconds * 1000)),
        JSON,
        no_store,
    )
    # /healthz answers while the process runs; /readyz exists only once the catalog is built,
    # because the app (and so this route) is created after the build.
    return [read_only_route("/healthz", "healthz", constant(alive)), read_only_route("/readyz", "readyz", constant(ready))]


def http_error(request: Request, exc: HTTPException) -> Response:
    """Litestar's own errors (an unknown path, mostly) in our error shape."""
    status = exc.status_code
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, "bad_request" if status < 500 else "internal_error")
    message = "No such endpoint. See /api/docs for the list." if status == 404 else str(exc.detail)
    return _error_response(Error(status=status, error=code, message=message))


def internal_error(request: Request, exc: Exception) -> Response:
    logs.LOGGER.exception("unhandled error", extra={"fields": {"path": request.url.path[:200]}})
    return _error_response(Error(status=500, error="internal_error", message="Internal error."))


def _error_response(error: Error) -> Response:
    return Response(
        content=error_body(error),
        status_code=error.status,
        media_type="application/json",
        headers={k.decode(): v.decode() for k, v in ERROR_HEADERS},
    )
