"""What the pytest-xdist workers of one run make once between them: a session fixture's value
built by the first worker that asks and read from a file by the others. A catalog costs seconds
of CPU to build and a fraction of one to unpickle, and two workers share two cores."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest

try:
    import fcntl
except ImportError:  # Windows: no lock, so two workers may both make a value (each writes it whole)
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this run sees, and no other run: the run's base temporary folder
    (each xdist worker's own is one level below it)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Held by one worker at a time: the others wait here while it makes `path`."""
    if fcntl is None:
        yield
        return
    with path.with_name(path.name + ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def once(path: Path, make: Callable[[], T]) -> T:
    """`make()`'s value, made by the first worker to ask and pickled to `path` for the rest (the
    controller deletes the file after the run: see `forget`). One process alone just makes it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return make()
    with locked(path):
        if path.exists():
            value: T = pickle.loads(path.read_bytes())
            return value
        value = make()
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        partial.replace(path)
        return value


def forget(folder: Path) -> None:
    """Delete the pickled values of a finished run (a hundred MB or so each); pytest keeps the
    folders of the last three runs."""
    for path in folder.glob("*.pickle"):
        path.unlink()
