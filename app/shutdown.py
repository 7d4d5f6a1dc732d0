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

from granian.server import MPServer

# Created before granian forks its workers, so they all read the flag the main process sets.
_DRAINING = multiprocessing.Value("b", 0, lock=False)


def draining() -> bool:
    return bool(_DRAINING.value)


class DrainingServer(MPServer):
    drain_seconds: float = 0.0

    def signal_handler_interrupt(self, signum=None, frame=None) -> None:
        if signum == signal.SIGTERM and self.drain_seconds > 0 and not _DRAINING.value:
            _DRAINING.value = 1
            threading.Timer(self.drain_seconds, super().signal_handler_interrupt).start()
            return
        super().signal_handler_interrupt()
