"""/api/openapi.json: the OpenAPI document. Its viewer, /api/docs, is a page of the site."""

from __future__ import annotations

import msgspec
from photospecs.asgi.send import Route, constant, read_only_route
from photospecs.catalog import Catalog
from photospecs.catalog.encoded import JSON, cache_control, prepare
from photospecs.rest import openapi


def routes(catalog: Catalog) -> list[Route]:
    document = openapi.build(catalog)
    control = cache_control(catalog.settings.max_age)
    return [read_only_route("/api/openapi.json", "openapi", constant(prepare(msgspec.json.encode(document), JSON, control)))]
