"""Structured logs: one JSON object per line, on stderr."""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import msgspec
from photospecs import __version__

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


def startup(countries: int, documents: int, portals: int, catalog_seconds: float, started: float) -> None:
    LOGGER.info(
        "startup",
        extra={
            "fields": {
                "version": __version__,
                "pid": os.getpid(),
                "countries": countries,
                "documents": documents,
                "portals": portals,
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
