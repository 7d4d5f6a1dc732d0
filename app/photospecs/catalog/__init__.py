"""The catalog: every response body the service can give, built and encoded once at start-up."""

from photospecs.catalog.build import Catalog, build

__all__ = ["Catalog", "build"]
