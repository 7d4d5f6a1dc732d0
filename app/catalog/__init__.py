"""The catalog: every response body the service can give, built and encoded once at start-up."""

from photospecs.catalog.build import LICENSE_URL, Catalog, build, photo_spec, suggest

__all__ = ["LICENSE_URL", "Catalog", "build", "photo_spec", "suggest"]
