"""Prometheus metrics: requests by route and status, latency, catalog size and build time.

Counting happens in plain dictionaries (a few hundred nanoseconds a request; prometheus-client's
locked counters and histograms cost several times that, measured in bench/RESULTS.md), and
prometheus-client turns them into the text format when /metrics is scraped. Route labels are
the route table's templates ("/api/documents/{id}"; anything else counts as "unmatched"), so a
scanner cannot grow the label set. Each worker process counts its own requests: run one worker per pod (as k8s/ does) for
per-pod numbers that add up.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily

from photospecs.build import Facts
from photospecs.http.send import ErrorRenderer
from photospecs.ops.board import REASONS, Board

UNMATCHED = "unmatched"
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class RouteCounts:
    """One route's requests by status, and its latency histogram. Each endpoint holds its route's
    own, so that counting a request looks nothing up by route (0.18 us a request, against 0.30 us
    through one table keyed by route and status)."""

    __slots__ = ("buckets", "seconds", "statuses")

    def __init__(self) -> None:
        self.statuses: dict[int, int] = {}
        self.buckets = [0] * (len(BUCKETS) + 1)  # count per bucket, +Inf last
        self.seconds = 0.0

    def observe(self, status: int, seconds: float) -> None:
        statuses = self.statuses
        statuses[status] = statuses.get(status, 0) + 1
        self.buckets[bisect.bisect_left(BUCKETS, seconds)] += 1
        self.seconds += seconds


class Metrics:
    def __init__(self, facts: Facts, routes: list[str], board: Board | None = None) -> None:
        self._routes = {route: RouteCounts() for route in [*routes, UNMATCHED]}
        self.board = board  # the serving process's count of replaced workers, the same in every worker
        self._gauges = [
            ("photospecs_catalog_countries", "Countries in the served dataset", facts.countries),
            ("photospecs_catalog_documents", "Document formats in the served dataset", facts.documents),
            ("photospecs_catalog_portals", "Upload portals in the served dataset", facts.portals),
            ("photospecs_catalog_build_seconds", "Time taken to build the pre-encoded catalog", facts.build_seconds),
            ("photospecs_catalog_bytes", "Bytes of pre-encoded REST responses, all codings", facts.rest_bytes),
        ]
        self.registry = CollectorRegistry()
        self.registry.register(self)

    def counts(self, route: str) -> RouteCounts:
        """Where the requests of `route` (a template of the route table) are counted."""
        return self._routes.get(route) or self._routes[UNMATCHED]

    def collect(self) -> Iterator[Any]:
        """Called by prometheus-client at scrape time."""
        requests = CounterMetricFamily("photospecs_requests", "HTTP requests by route and status", labels=["route", "status"])
        answered = sorted((route, counts) for route, counts in self._routes.items() if counts.statuses)
        for route, counts in answered:
            for status, count in sorted(counts.statuses.items()):
                requests.add_metric([route, str(status)], count)
        yield requests
        latency = HistogramMetricFamily("photospecs_request_duration_seconds", "Time to answer, by route", labels=["route"])
        for route, counts in answered:
            running, buckets = 0, []
            for bound, count in zip([*map(str, BUCKETS), "+Inf"], counts.buckets, strict=True):
                running += count
                buckets.append((bound, running))
            latency.add_metric([route], buckets, counts.seconds)
        yield latency
        for name, help_text, value in self._gauges:
            yield GaugeMetricFamily(name, help_text, value=value)
        replaced = CounterMetricFamily(
            "photospecs_worker_replacements", "Workers the server replaced, by reason (exited, memory, reload)", labels=["reason"]
        )
        replacements = self.board.replacements() if self.board else dict.fromkeys(REASONS, 0)
        for reason, count in replacements.items():
            replaced.add_metric([reason], count)
        yield replaced

    async def answer(self, scope: dict[str, Any], send: Any, errors: ErrorRenderer) -> int:
        """GET /metrics (main.py serves it with asgi.routing.get_only)."""
        body = generate_latest(self.registry)
        await send({
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-type", CONTENT_TYPE_LATEST.encode()),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
            ],
        })
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
        return 200
