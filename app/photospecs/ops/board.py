"""Shared memory between the serving process and its workers.

The serving process writes what each worker must do (drain with the server, or retire while a
replacement takes its slot) and counts the workers it replaced; each worker marks its slot once
its listener is up. It is made before the first worker starts and reaches every worker with the
app loader: inherited under fork, pickled with the loader under spawn. Plain shared integers, no
locks: each field has one writer.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

SLOTS = 1024  # the most workers `serve` starts
REASONS = ("exited", "memory", "reload")  # why a worker was replaced, as /metrics labels them


class Board:
    def __init__(self) -> None:
        # 0 serving; shutdown.DRAINING, then shutdown.GATED, once the server stops.
        self.server: Any = multiprocessing.RawValue("b", 0)
        # Per slot: the pid of its worker once that worker listens (a start that never gets
        # there is a failed start), and the pid of an old worker retiring from it: closing
        # keep-alive connections, then (gated) turning new connections away.
        self.serving: Any = multiprocessing.RawArray("i", SLOTS)
        self.retiring: Any = multiprocessing.RawArray("i", SLOTS)
        self.gated: Any = multiprocessing.RawArray("i", SLOTS)
        # Per slot: the pid of its worker once that worker's gate is closed (written by the worker).
        self.closed: Any = multiprocessing.RawArray("i", SLOTS)
        self.replaced: Any = multiprocessing.RawArray("q", len(REASONS))

    def count(self, reason: str) -> None:
        self.replaced[REASONS.index(reason)] += 1

    def replacements(self) -> dict[str, int]:
        return dict(zip(REASONS, self.replaced, strict=True))
