"""Every text the service builds names the configured site, never the default local address."""

from __future__ import annotations

import brotli
import pytest
from conftest import SITE
from photospecs.settings import LOCAL_SITE


@pytest.fixture(scope="module")
def catalog(configured):
    """Built for a site URL of its own (conftest's `configured`)."""
    return configured


def test_the_openapi_document_uses_the_site_url(catalog):
    text = catalog.openapi.identity.decode()
    assert f"curl -s {SITE}/api/mcp" in text
    assert LOCAL_SITE not in text and "127.0.0.1" not in text


def test_no_prebuilt_body_names_the_local_address(catalog):
    prepared = catalog.prepared()
    bodies = {id(p): p.identity for p in prepared}
    assert len(bodies) > 300
    # And each page of the other language, packed apart from the rest.
    for pages in catalog.site.packed.values():
        bodies.update({id(page): brotli.decompress(page.variants["br"].body) for page in pages.values()})
    assert len(bodies) > 1000
    offenders = [body[:80] for body in bodies.values() if LOCAL_SITE.encode() in body]
    assert offenders == []
    assert any(SITE.encode() in body for body in bodies.values())
