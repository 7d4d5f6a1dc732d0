"""How the serving process stops a worker (ops/supervisor.stop): a worker that misses its first
SIGTERM (uvloop drops one that arrives while its loop is paused) is asked again and exits as
asked, not killed; one that never exits is handed back to be killed once the grace is over."""

from __future__ import annotations

import multiprocessing
import signal
import time
from types import FrameType

from photospecs.ops.supervisor import RESIGNAL, stop


def _deaf_to(signals: int, ready) -> None:
    """Ignore the first `signals` SIGTERMs, then exit 0 on the next."""
    heard = 0

    def on_term(signum: int, frame: FrameType | None) -> None:
        nonlocal heard
        heard += 1
        if heard > signals:
            raise SystemExit(0)

    signal.signal(signal.SIGTERM, on_term)
    ready.set()
    while True:
        time.sleep(0.01)


class Worker:
    """The two calls `stop` makes on granian's worker object, over a real process."""

    def __init__(self, signals: int) -> None:
        context = multiprocessing.get_context("spawn")
        ready = context.Event()
        self.inner = context.Process(target=_deaf_to, args=(signals, ready), daemon=True)
        self.inner.start()
        assert ready.wait(30), "the process set its handler"

    def terminate(self) -> None:
        self.inner.terminate()


def test_a_worker_that_missed_its_first_sigterm_is_asked_again_and_exits_cleanly():
    worker = Worker(signals=1)
    assert stop([worker], grace=RESIGNAL * 5) == []
    assert worker.inner.exitcode == 0


def test_a_worker_that_never_exits_is_handed_back_when_the_grace_is_over():
    worker = Worker(signals=1_000)
    started = time.monotonic()
    try:
        assert stop([worker], grace=RESIGNAL * 2) == [worker]
        assert time.monotonic() - started >= RESIGNAL * 2
    finally:
        worker.inner.kill()
        worker.inner.join()
