"""Graceful stop. On SIGTERM the server drains, then stops:

1. For PHOTOSPECS_DRAIN_SECONDS it keeps accepting and answering, with /readyz at 503 so load
   balancers stop sending, and every answer carrying `Connection: close`, so each keep-alive
   connection ends after its next request instead of being cut while one is on its way.
2. For the last half second of the drain, each worker's listener drops new SYNs (ops/listener):
   connections already made still deliver their requests and are answered; new clients are
   refused a moment later before sending anything.
3. granian stops: it closes the listeners, finishes the requests in flight, closes the idle
   connections and exits 0.

SIGINT (Ctrl-C) or a second SIGTERM stops at once. What a drain loses is measured with
bench/drain.py and tested in tests/test_shutdown.py.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from multiprocessing.sharedctypes import Synchronized
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeAlias

from granian.server import MPServer

from photospecs.http.send import Send
from photospecs.ops import listener, logs

if TYPE_CHECKING:
    Flag: TypeAlias = Synchronized[int]  # 0 serving, then DRAINING, then GATED
else:
    Flag = Synchronized  # not subscriptable at run time


def new_flag() -> Flag:
    """Shared memory the serving process sets on SIGTERM and its workers read: made before the
    workers start, and handed to each (pickled with the app loader under spawn), so it is shared
    under the spawn start method as well as fork."""
    flag: Flag = multiprocessing.Value("b", 0, lock=False)
    return flag


DRAINING, GATED = 1, 2  # flag values; 0 is serving
GATE_LEAD = 0.5  # seconds between closing the gate and stopping: a request on its way arrives


def watch(shared: Flag) -> None:
    """In a worker: close this worker's gate when the serving process says so."""
    threading.Thread(target=_gate_when_told, args=(shared,), name="photospecs-gate", daemon=True).start()


def _gate_when_told(shared: Flag) -> None:
    # A thread, not a task on the event loop: it must act when no request arrives at all.
    while shared.value < GATED:
        time.sleep(0.05)
    gated = listener.close_gate()
    logs.LOGGER.info("draining: new connections turned away", extra={"fields": {"pid": os.getpid(), "listeners": gated}})


CLOSE = (b"connection", b"close")


def closing(send: Send) -> Send:
    """`send` with `Connection: close` added to the response head: once draining, each open
    keep-alive connection ends after its next answer, so no client has a request in flight on a
    connection the server is about to close."""

    async def send_closing(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and CLOSE not in message["headers"]:
            message = {**message, "headers": [*message["headers"], CLOSE]}
        await send(message)

    return send_closing


class DrainingServer(MPServer):
    drain_seconds: float = 0.0
    flag: Flag  # the workers' apps read it (main.WorkerLoader)

    def signal_handler_interrupt(self, signum: int | None = None, frame: FrameType | None = None) -> None:
        if signum == signal.SIGTERM and self.drain_seconds > 0 and not self.flag.value:
            self.flag.value = DRAINING
            threading.Thread(target=self._drain, daemon=True).start()
            return
        super().signal_handler_interrupt()  # type: ignore[no-untyped-call]

    def _drain(self) -> None:
        lead = min(GATE_LEAD, self.drain_seconds / 2)
        time.sleep(self.drain_seconds - lead)
        self.flag.value = GATED
        time.sleep(lead)
        super().signal_handler_interrupt()  # type: ignore[no-untyped-call]
