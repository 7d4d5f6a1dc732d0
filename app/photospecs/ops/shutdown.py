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
bench/drain.py and tested in tests/test_shutdown.py. A single worker replaced while the others
serve (ops/supervisor) retires the same way, with /readyz still at 200.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from types import FrameType
from typing import Any

from granian.server import MPServer

from photospecs.http.send import Send
from photospecs.ops import listener, logs
from photospecs.ops.board import Board

# What a worker's app reads (Flag.value): answer as usual; or close each connection after its
# answer, with /readyz at 503 (DRAINING: the server stops) or at 200 (RETIRING: this worker
# stops while a replacement serves its slot, so the server as a whole stays ready).
SERVING, DRAINING, RETIRING = 0, 1, 2
GATED = 2  # Board.server after DRAINING: every worker turns new connections away
GATE_LEAD = 0.5  # seconds between closing the gate and stopping: a request on its way arrives
# The longest a stop waits for a worker to say its gate is closed: a busy worker's board thread
# can be late on a loaded machine, and stopping first would close its listener ungated.
GATE_WAIT = 2.0


class Flag:
    """What the app of this process reads on every request, and the board it follows.

    `value` is a plain attribute of this process (no lock, no shared-memory read per request).
    In a worker, the thread `watch` starts keeps it in step with the board the serving process
    writes, within 50 ms; `slot` is the worker's place among the server's workers
    (ops/supervisor sets it before the app loads). Under test, set `value` directly.
    """

    def __init__(self) -> None:
        self.value = SERVING
        self.board = Board()
        self.slot = -1


def new_flag() -> Flag:
    """Made before the workers start, so that its board reaches each (see ops/board)."""
    return Flag()


def watch(flag: Flag) -> None:
    """In a worker: follow the board (drain, retire, gate) and mark the slot once listening."""
    threading.Thread(target=_follow, args=(flag,), name="photospecs-board", daemon=True).start()


def _follow(flag: Flag) -> None:
    # A thread, not a task on the event loop: it must act when no request arrives at all.
    board, slot, pid = flag.board, flag.slot, os.getpid()
    listening = slot < 0
    while True:
        if not listening and listener.count_listening() != 0:  # None: cannot tell, so take it as serving
            board.serving[slot] = pid
            listening = True
        retiring = slot >= 0 and board.retiring[slot] == pid
        flag.value = DRAINING if board.server.value else RETIRING if retiring else SERVING
        if board.server.value >= GATED or (retiring and board.gated[slot] == pid):
            break
        time.sleep(0.02 if not listening else 0.05)
    gated = listener.close_gate()
    if slot >= 0:
        board.closed[slot] = pid
    logs.LOGGER.info("draining: new connections turned away", extra={"fields": {"pid": pid, "listeners": gated}})


def await_gates(board: Board, workers: dict[int, Any]) -> None:
    """Wait (up to GATE_WAIT) until each worker, by slot, has closed its gate or exited."""
    deadline = time.monotonic() + GATE_WAIT
    while time.monotonic() < deadline:
        if all(board.closed[slot] == worker.inner.pid or not worker.is_alive() for slot, worker in workers.items()):
            return
        time.sleep(0.01)


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
        if signum == signal.SIGTERM and self.drain_seconds > 0 and not self.flag.board.server.value:
            self.flag.board.server.value = DRAINING
            threading.Thread(target=self._drain, daemon=True).start()
            return
        super().signal_handler_interrupt()  # type: ignore[no-untyped-call]

    def _drain(self) -> None:
        lead = min(GATE_LEAD, self.drain_seconds / 2)
        time.sleep(self.drain_seconds - lead)
        self.flag.board.server.value = GATED
        await_gates(self.flag.board, dict(enumerate(self.wrks)))
        time.sleep(lead)
        super().signal_handler_interrupt()  # type: ignore[no-untyped-call]
