"""The catalog: every response body the service can give, built and encoded once at start-up."""

from photospecs.catalog.build import Catalog, build, suggest
from photospecs.catalog.rest import LICENSE_URL, photo_spec

__all__ = ["LICENSE_URL", "Catalog", "build", "photo_spec", "suggest"]
