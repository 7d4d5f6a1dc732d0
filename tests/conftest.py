"""Shared fixtures: catalogs and the app on the bundled dataset, a test client, and a real granian
server; and how pytest-xdist shares the modules out."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import shared
from litestar.testing import TestClient
from photospecs import build as catalog_module
from photospecs.core.views import build_views
from photospecs.dataset import DEFAULT_DATASET_DIR, DatasetError, load
from photospecs.main import app_for
from photospecs.settings import Settings
from photospecs.urls import Urls

ROOT = Path(__file__).resolve().parent.parent
SITE = "https://photospecs.example"  # the site URL of the `configured` catalog
TOOL = "https://tool.example/make"  # and its photo tool's
# Every language multiplies the catalog's build: most tests build English with one language of
# each direction (the servers they start too, through the environment); tests/test_i18n.py renders all.
LANGUAGES = "es,ar"
os.environ.setdefault("PHOTOSPECS_LANGUAGES", LANGUAGES)


# A catalog build encodes every body (brotli over every page) and takes seconds: each catalog the
# tests need is built once per session, and an app wired around it is cheap (`app_for`).
@pytest.fixture(scope="session")
def bundled():
    """The bundled dataset, loaded once (its records are frozen, so tests can share them)."""
    return load()


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the workers of this run keep what they make once between them (tests/shared.py)."""
    return shared.run_folder(tmp_path_factory)


@pytest.fixture(scope="session")
def catalog(bundled, run_folder):
    """The catalog for the default settings."""
    return shared.once(run_folder / "catalog.pickle", lambda: catalog_module.build(bundled, Settings(languages=LANGUAGES)))


@pytest.fixture(scope="session")
def configured(bundled, run_folder):
    """A catalog for settings an operator changes: its own site URL and photo tool URL, a
    shorter max-age, metrics off; one language besides English (URLs are made alike in each)."""
    settings = Settings(site_url=SITE, tool_url=TOOL, max_age=60, metrics=False, languages="es")
    return shared.once(run_folder / "configured.pickle", lambda: catalog_module.build(bundled, settings))


@pytest.fixture(scope="session")
def urls() -> Urls:
    """The links of the default settings."""
    settings = Settings()
    return Urls(settings.site, settings.photo_tool_url)


@pytest.fixture(scope="session")
def views(bundled, urls):
    """Every document's and portal's view model for the default settings, as the catalog builds them."""
    return build_views(bundled, urls)


@pytest.fixture(scope="session")
def app(catalog):
    return app_for(catalog)


# Modules that load the machine in bursts and time what they see: never run beside one another.
BURSTY = ("_browser.py", "/test_shutdown.py")
# The longest units of work, about longest first (measured with --durations): handed out before
# the rest, so that no worker starts one of them while the others are about to finish. The others
# follow by their number of tests, as pytest-xdist orders them.
LONGEST = ("bursty", "/test_i18n.py", "/test_faults.py", "/test_schemathesis.py", "/test_mcp_conformance.py",
           "/test_check_links.py", "/test_limits.py", "/test_mcp_fuzz.py", "/test_site_links.py")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """pytest-xdist's workers take whole modules, so that a module's own servers, browser and
    photos are made once. The modules that drive Chromium and the drain tests (three servers
    started under load) go to one worker together: beside a browser, a drain test's spawned
    workers start slowly enough to miss its timings. The fault tests time nothing: they run
    anywhere (they passed 2 runs in 2 beside two busy-looping processes)."""
    from xdist.scheduler import LoadScopeScheduling

    def rank(scope: str) -> int:
        return next((at for at, name in enumerate(LONGEST) if scope.endswith(name)), len(LONGEST))

    class ByModule(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return "bursty" if module.endswith(BURSTY) else module

        def _assign_work_unit(self, node: object) -> None:
            # The queue is complete at the first assignment: put the longest units first (a
            # stable sort keeps xdist's order among the rest).
            if not getattr(self, "ranked", False):
                for scope in sorted(self.workqueue, key=rank):
                    self.workqueue.move_to_end(scope)
                self.ranked = True
            super()._assign_work_unit(node)

    return ByModule(config, log)


@pytest.fixture(scope="session")
def client(app):
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    """A private copy of the bundled dataset to break."""
    target = tmp_path / "dataset"
    shutil.copytree(DEFAULT_DATASET_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a dataset file, which must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(directory: Path) -> str:
    """What validation says of a dataset that must not load, one problem a line."""
    with pytest.raises(DatasetError) as caught:
        load(directory)
    return "\n".join(caught.value.problems)


def plain_client(timeout: float = 5.0) -> httpx.Client:
    """A client for the tests' plain HTTP to the servers they start, each request on a connection
    of its own ("Connection: close"), as a new client's would be. A call of httpx.get() makes a
    client, and with it an SSL context that reads the CA bundle: 23 ms of CPU, where a request on
    a client kept costs 0.6 ms; readiness polls and the fuzzer call it thousands of times a run."""
    return httpx.Client(headers={"connection": "close"}, timeout=timeout)


local = plain_client()  # the one the tests share; a thread that polls makes its own


def wait_ready(url: str, timeout: float, check: Callable[[], None] | None = None) -> bool:
    """Whether the server at `url` answered /readyz with 200 within `timeout` seconds; `check`,
    called before each poll, raises if the server is gone."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check is not None:
            check()
        try:
            if local.get(f"{url}/readyz", timeout=1).status_code == 200:
                return True
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A real `photospecs serve` process on a free port."""

    def __init__(self, env: dict[str, str] | None = None, workers: int = 1, start_method: str | None = None,
                 log: Path | None = None, wait: bool = True) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # A file, not a pipe: a server that logs a lot must never block on a full pipe. A named
        # one when other processes read it too (the run's shared server).
        self.log = log.open("w+b") if log else tempfile.TemporaryFile()  # noqa: SIM115 (kept open for the server's life)
        args = ["serve", "--port", str(self.port), "--workers", str(workers)]
        # The worker start method is the interpreter's (fork on Linux before 3.14, forkserver after).
        launcher = ["-m", "photospecs.cli"] if start_method is None else [
            "-c",
            f"import multiprocessing, sys; multiprocessing.set_start_method({start_method!r}); "
            "from photospecs.cli import main; sys.exit(main(sys.argv[1:]))",
        ]
        self.process = subprocess.Popen(
            [sys.executable, *launcher, *args],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        if wait:
            self._wait_ready()

    # Generous: on a busy machine a server whose workers are spawned (each unpickles the
    # catalog) has taken over 20 s to become ready, and one building its catalog over 60 s.
    def _wait_ready(self, timeout: float = 150.0) -> None:
        if not wait_ready(self.url, timeout, self._running):
            self.stop()
            raise RuntimeError("server did not become ready")

    def _running(self) -> None:
        if self.process.poll() is not None:
            raise RuntimeError(f"server exited: {self.output()}")

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> str:
        """Stop the server (SIGINT: at once, no drain) and return everything it logged."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.output()


class Attached:
    """The run's shared server as a worker sees it: its address and its log (the controller
    started it and stops it)."""

    def __init__(self, port: int, log: str) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = Path(log)
        if not wait_ready(self.url, 150):  # as Server's own wait: a busy machine, a catalog to build
            raise RuntimeError(f"the run's server did not become ready: {self.output()}")

    def output(self) -> str:
        """Its whole lines so far: the other worker's requests may be logging meanwhile."""
        logged = self.log.read_bytes()
        return logged[: logged.rfind(b"\n") + 1].decode(errors="replace")


# One server for the whole run, whichever worker asks: under pytest-xdist the controller starts
# it as the workers start (it builds its catalog meanwhile) and stops it after them. Tests may
# read its log but never stop it. Without xdist (`-n 0`) the session starts its own.
@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    config = node.config
    if not hasattr(config, "photospecs_server"):
        folder = config._tmp_path_factory.getbasetemp()
        config.photospecs_server = Server(log=folder / "server.log", wait=False)
    node.workerinput["photospecs_server"] = (config.photospecs_server.port, str(config.photospecs_server.log.name))


def pytest_unconfigure(config: pytest.Config) -> None:
    if hasattr(config, "photospecs_server"):  # the controller, after every worker has finished
        config.photospecs_server.stop()
        shared.forget(config._tmp_path_factory.getbasetemp())


@pytest.fixture(scope="session")
def server(request: pytest.FixtureRequest):
    given = getattr(request.config, "workerinput", {}).get("photospecs_server")
    if given:
        yield Attached(*given)
        return
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def prebuilt(run_folder: Path) -> dict[str, str]:
    """The environment of a server that loads a catalog file `photospecs build` wrote once in
    this run (for a site URL of its own: the file is only used by servers with the same settings).
    Tests may copy the file, never change it: the other worker's servers load it too. English
    alone: these servers are stopped, killed and drained, never asked for a translated page, and
    each spawned worker reads the whole file."""
    path = run_folder / "prebuilt" / "catalog.bin"
    env = {"PHOTOSPECS_SITE_URL": "https://prebuilt.example", "PHOTOSPECS_CATALOG_FILE": str(path), "PHOTOSPECS_LANGUAGES": "en"}
    path.parent.mkdir(exist_ok=True)
    with shared.locked(path):
        if not path.exists():
            subprocess.run([sys.executable, "-m", "photospecs.cli", "build"], env={**os.environ, **env}, check=True, capture_output=True, timeout=300)
    return env


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
BROWSER_HELP = (
    "the browser tests need Chromium: on Debian `apt-get install chromium`; elsewhere "
    "`.venv/bin/playwright install chromium`, or set PHOTOSPECS_CHROMIUM to a Chromium or Chrome binary"
)


def chromium_path() -> str | None:
    """Debian's chromium (browsers are never downloaded in CI), a named one, or None for the
    browser Playwright installed itself."""
    for candidate in (os.environ.get("PHOTOSPECS_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


# Per module: Playwright's sync API keeps an event loop running while it is open, and the MCP
# SDK tests start their own loop, so a browser left open for the session would break them.
@pytest.fixture(scope="module")
def browser():
    """Chromium under Playwright, for tests of what a person sees."""
    from playwright.sync_api import Error, sync_playwright

    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        except Error as exc:
            pytest.fail(f"{BROWSER_HELP} ({str(exc).splitlines()[0]})")
        yield launched
        launched.close()
