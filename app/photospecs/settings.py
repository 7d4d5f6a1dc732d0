"""Settings from PHOTOSPECS_* environment variables, each with a default, checked at start-up."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from photospecs.dataset import DEFAULT_DATASET_DIR
from photospecs.paths import LANGUAGES

_CODE = "|".join(("en", *LANGUAGES))
LanguageList = Annotated[str, Meta(pattern=rf"^(({_CODE})(,({_CODE}))*)?$")]
BaseUrl = Annotated[str, Meta(pattern=r"^https?://[^\s?#]+[^/\s?#]$")]


class Settings(Struct, frozen=True, forbid_unknown_fields=True):
    # Where the service's website lives: every link the service emits is built on it. Empty
    # means the local address `serve` listens on (http://127.0.0.1:8000 by default).
    site_url: BaseUrl | Literal[""] = ""
    # The browser photo tool that get_photo_tool_url points at; empty means "<site_url>/tool".
    tool_url: BaseUrl | Literal[""] = ""
    # Cache-Control max-age for successful REST responses, in seconds.
    max_age: Annotated[int, Meta(ge=0, le=31_536_000)] = 3600
    # Largest request body accepted (POST /api/mcp); larger bodies get 413.
    max_body_bytes: Annotated[int, Meta(ge=1024, le=16 * 1024 * 1024)] = 65_536
    dataset_dir: str = str(DEFAULT_DATASET_DIR)
    # The pre-built catalog `photospecs build` writes and `serve` loads when it matches (empty:
    # catalog.bin inside the installed package, where the image's build puts it).
    catalog_file: str = ""
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    access_log: bool = False
    # Slow or idle clients: the request line and headers must arrive within this many seconds
    # (it also closes idle keep-alive connections), and a request body within body_timeout.
    header_timeout: Annotated[float, Meta(ge=0.5, le=300)] = 10.0
    body_timeout: Annotated[float, Meta(ge=0.5, le=300)] = 10.0
    # Largest request line plus headers; larger heads get 431 from the HTTP server.
    max_head_bytes: Annotated[int, Meta(ge=8192, le=1024 * 1024)] = 65_536
    # Requests processed at once per worker; further connections wait in the listen backlog.
    max_concurrency: Annotated[int, Meta(ge=1, le=100_000)] = 1024
    backlog: Annotated[int, Meta(ge=16, le=65_535)] = 2048
    # After SIGTERM: seconds of answering with /readyz at 503 before the listener closes.
    drain_seconds: Annotated[float, Meta(ge=0, le=120)] = 3.0
    # Host names besides the site's and loopback that may call /api/mcp (comma-separated):
    # the DNS-rebinding guard refuses any other Host with 403.
    allowed_hosts: str = ""
    # A worker whose private memory (pages it does not share with the serving process) grows
    # past worker_memory_mib is replaced, and retires the way a drain does (ops/supervisor).
    # Unset (0), the ceiling is each worker's share of memory_limit_mib (the memory the whole
    # server may use: the pod's limit, or the unit's MemoryMax) beyond what the serving process
    # holds (ops/memory); both 0: no ceiling.
    worker_memory_mib: Annotated[int, Meta(ge=0, le=1_048_576)] = 0
    memory_limit_mib: Annotated[int, Meta(ge=0, le=16_777_216)] = 0
    # The site's languages besides English, by their URL prefix, comma-separated ("es,ar"); empty
    # means all of them, "en" English alone. Fewer languages build faster (most tests use two).
    languages: LanguageList = ""
    # Prometheus metrics at /metrics (cost measured with bench/compare.py --metrics-cost).
    metrics: bool = True

    @property
    def site(self) -> str:
        return self.site_url or LOCAL_SITE

    @property
    def photo_tool_url(self) -> str:
        return self.tool_url or f"{self.site}/tool"

    @property
    def language_codes(self) -> tuple[str, ...]:
        """The languages served besides English, in the route table's order."""
        chosen = set(self.languages.split(",")) if self.languages else set(LANGUAGES)
        return tuple(code for code in LANGUAGES if code in chosen)

    @property
    def dataset_path(self) -> Path:
        return Path(self.dataset_dir)


class SettingsError(Exception):
    pass


LOCAL_SITE = "http://127.0.0.1:8000"
PREFIX = "PHOTOSPECS_"

# Kubernetes injects these for every Service in the namespace (a Service named "photospecs"
# gives PHOTOSPECS_SERVICE_HOST, PHOTOSPECS_PORT=tcp://..., PHOTOSPECS_PORT_80_TCP_ADDR, ...).
_SERVICE_LINK = re.compile(r"^PHOTOSPECS_(SERVICE_HOST|SERVICE_PORT(_\w+)?|PORT_\d+_TCP(_\w+)?)$")


def service_links(environ: Mapping[str, str] = os.environ) -> list[str]:
    """The variables of Kubernetes' service-link shapes: not settings, so they are ignored."""
    return sorted(
        key
        for key, value in environ.items()
        if _SERVICE_LINK.match(key) or (key == "PHOTOSPECS_PORT" and value.startswith("tcp://"))
    )


def serve_option(name: str, default: str, environ: Mapping[str, str] = os.environ) -> str:
    """PHOTOSPECS_HOST, _PORT or _WORKERS for `serve`, unless it is a service link."""
    key = PREFIX + name.upper()
    return default if key in service_links(environ) else environ.get(key, default)


def local_site(host: str, port: int) -> str:
    """The site URL of a server with no PHOTOSPECS_SITE_URL: the address it listens on (a
    wildcard address links to the loopback one)."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def from_env(environ: Mapping[str, str] = os.environ) -> Settings:
    """Build Settings from the environment; a bad value names its variable."""
    ignored = set(service_links(environ))
    raw = {
        key[len(PREFIX) :].lower(): value
        for key, value in environ.items()
        if key.startswith(PREFIX) and key not in ignored
    }
    # Server options (host, port, workers) belong to the `serve` command, not to the app.
    for name in ("host", "port", "workers"):
        raw.pop(name, None)
    try:
        return msgspec.convert(raw, Settings, strict=False)
    except msgspec.ValidationError as exc:
        message, _, where = str(exc).rpartition(" - at `$.")
        if message:
            raise SettingsError(f"{PREFIX}{where.rstrip('`').upper()}: {message}") from None
        unknown = re.search(r"unknown field `(\w+)`", str(exc))
        name = f"{PREFIX}{unknown.group(1).upper()}" if unknown else "settings"
        raise SettingsError(f"{name}: not a setting this service knows (see the README)") from None
