"""/healthz and /readyz: liveness while the process runs, readiness once the catalog is built
and until SIGTERM."""

from __future__ import annotations

from photospecs.build import Facts
from photospecs.http.encoded import JSON, prepare
from photospecs.http.routing import Handler, constant, read_only
from photospecs.ops import shutdown
from photospecs.wire.errors import DRAINING


def handlers(facts: Facts, draining: shutdown.Flag) -> dict[str, Handler]:
    no_store = b"no-store"
    alive = prepare(b'{"status":"ok"}', JSON, no_store)
    ready = prepare(
        b'{"status":"ready","countries":%d,"documents":%d,"catalogMs":%d}'
        % (facts.countries, facts.documents, round(facts.build_seconds * 1000)),
        JSON,
        no_store,
    )
    # /readyz exists only once the catalog is built, because the app (and so this route) is
    # created after the build, and turns 503 on SIGTERM; not when one worker retires, since a
    # replacement serves beside it.
    return {
        "healthz": read_only(constant(alive)),
        "readyz": read_only(lambda path, query: DRAINING if draining.value == shutdown.DRAINING else ready, hot=()),
    }
