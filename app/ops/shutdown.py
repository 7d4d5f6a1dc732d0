"""Graceful stop. On SIGTERM, /readyz turns 503 so load balancers stop sending new connections,
the server keeps answering for the drain period, then granian stops accepting, finishes the
requests in flight and exits 0. SIGINT (Ctrl-C) or a second SIGTERM stops at once.

Without the drain, connections that arrive just as the listener closes are dropped: measured
with tests/test_shutdown.py, five of some thousand requests under load failed that way.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from multiprocessing.sharedctypes import Synchronized
from types import FrameType

from granian.server import MPServer

# Shared memory the serving process sets on SIGTERM; workers read it. Created at import so that
# an app built outside `serve` has one too; `serve` hands its own to every worker (adopt), which
# is what makes it shared under the spawn start method as well as fork.
_DRAINING: Synchronized[int] = multiprocessing.Value("b", 0, lock=False)


def flag() -> Synchronized[int]:
    return _DRAINING


def adopt(shared: Synchronized[int]) -> None:
    global _DRAINING
    _DRAINING = shared


def draining() -> bool:
    return bool(_DRAINING.value)


class DrainingServer(MPServer):
    drain_seconds: float = 0.0

    def signal_handler_interrupt(self, signum: int | None = None, frame: FrameType | None = None) -> None:
        if signum == signal.SIGTERM and self.drain_seconds > 0 and not _DRAINING.value:
            _DRAINING.value = 1
            threading.Timer(self.drain_seconds, super().signal_handler_interrupt).start()
            return
        super().signal_handler_interrupt()  # type: ignore[no-untyped-call]
