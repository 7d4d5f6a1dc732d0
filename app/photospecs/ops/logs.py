"""Structured logs: one JSON object per line, on stderr."""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import TYPE_CHECKING, Any

import msgspec

from photospecs import __version__

if TYPE_CHECKING:
    from photospecs.build import Facts

LOGGER = logging.getLogger("photospecs")
_encode = msgspec.json.Encoder().encode


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"ts": round(record.created, 3), "level": record.levelname.lower(), "event": record.getMessage()}
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _encode(line).decode()


def configure(level: str) -> None:
    if not any(isinstance(h.formatter, JsonLines) for h in LOGGER.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines())
        LOGGER.addHandler(handler)
        LOGGER.propagate = False
    LOGGER.setLevel(level.upper())


def startup(facts: Facts, catalog_seconds: float, started: float, prebuilt: bool = False) -> None:
    """Once per serving process: what is served, how long it took, and what the dataset check
    reported without refusing the dataset (one line each, so they reach the log's readers)."""
    for warning in facts.warnings:
        LOGGER.warning("dataset: " + warning)
    LOGGER.info(
        "startup",
        extra={
            "fields": {
                "version": __version__,
                "pid": os.getpid(),
                "countries": facts.countries,
                "documents": facts.documents,
                "portals": facts.portals,
                "datasetWarnings": len(facts.warnings),
                "catalog": "prebuilt" if prebuilt else "built",
                "catalogMs": round(catalog_seconds * 1000, 1),
                "appMs": round((time.perf_counter() - started) * 1000, 1),
            }
        },
    )


def granian_config() -> dict[str, Any]:
    """granian's own loggers (server lines and the access log) as JSON lines on stderr, like ours."""
    loggers = {name: {"handlers": ["json"], "level": "INFO", "propagate": False} for name in ("_granian", "granian.access")}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonLines"}},
        "handlers": {"json": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "json"}},
        "loggers": loggers,
    }
