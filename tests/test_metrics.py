"""/metrics: Prometheus text with requests by route and status, latency and catalog figures."""

from __future__ import annotations

from conftest import SITE
from litestar.testing import TestClient
from photospecs.main import app_for
from prometheus_client.parser import text_string_to_metric_families


def scrape(client) -> dict:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {family.name: family for family in text_string_to_metric_families(response.text)}


def samples(family, name):
    return {tuple(sorted(s.labels.items())): s.value for s in family.samples if s.name == name}


def test_requests_are_counted_by_route_and_status(catalog):
    with TestClient(app_for(catalog)) as client:  # an app of its own: no other test's requests
        before = samples(scrape(client)["photospecs_requests"], "photospecs_requests_total")
        client.get("/api/specs?country=us")
        client.get("/api/specs?country=nowhere")
        client.get("/wp-login.php")  # scanners must not create labels of their own
        client.get("/wp-admin/x")
        after = scrape(client)
    counts = samples(after["photospecs_requests"], "photospecs_requests_total")

    def delta(route, status):
        key = (("route", route), ("status", status))
        return counts.get(key, 0) - before.get(key, 0)

    assert delta("/api/specs", "200") == 1
    assert delta("/api/specs", "404") == 1
    assert delta("/{page}", "404") == 1  # one segment: the template of document pages and root files
    assert delta("unmatched", "404") == 1
    assert not any("wp-" in dict(labels)["route"] for labels in counts)
    latency = samples(after["photospecs_request_duration_seconds"], "photospecs_request_duration_seconds_count")
    assert latency[(("route", "/api/specs"),)] >= 2


def test_catalog_figures(client):
    families = scrape(client)
    countries = families["photospecs_catalog_countries"].samples[0].value
    assert countries == len(client.get("/api/specs?format=raw").json()["countries"])
    assert families["photospecs_catalog_build_seconds"].samples[0].value > 0
    assert families["photospecs_catalog_bytes"].samples[0].value > 100_000


def test_metrics_can_be_switched_off(configured):
    with TestClient(app_for(configured), base_url=SITE) as client:  # metrics=False
        assert client.get("/metrics").status_code == 404
