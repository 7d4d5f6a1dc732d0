"""The dataset: file schemas (schema.py), which hosts may be cited (sources.py), and loading with every
check that spans fields and files (loader.py)."""

from photospecs.dataset.loader import DEFAULT_DATASET_DIR, Data, DatasetError, Doc, alias_key, load, px_from_mm

__all__ = ["DEFAULT_DATASET_DIR", "Data", "DatasetError", "Doc", "alias_key", "load", "px_from_mm"]
