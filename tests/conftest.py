"""Shared fixtures: the app on the bundled dataset, a test client, and a real granian server."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from litestar.testing import TestClient
from photospecs.dataset import DEFAULT_DATASET_DIR, DatasetError, load
from photospecs.main import create_app
from photospecs.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def app():
    return create_app(Settings())


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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A real `photospecs serve` process on a free port."""

    def __init__(self, env: dict[str, str] | None = None, workers: int = 1, start_method: str | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # A file, not a pipe: a server that logs a lot must never block on a full pipe.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (kept open for the server's life)
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
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("server did not become ready")

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


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    running.stop()


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
