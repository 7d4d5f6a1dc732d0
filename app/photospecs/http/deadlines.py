"""Deadlines for reading request bodies, enforced by one sweeper task per worker.

`asyncio.timeout` around every body read cost about 5 us an MCP call (measured in-process),
most of the call. Registering the read in a dict costs a fraction of that; a sweeper wakes once
per `interval` and cancels the reads past their deadline, so a client that trickles its body is
cut off within `timeout + interval` seconds.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any


class Expired(Exception):
    """The awaited read passed its deadline."""


class Deadlines:
    def __init__(self, timeout: float, interval: float = 0.5) -> None:
        self.timeout = timeout
        self.interval = min(interval, timeout)
        self._running: dict[asyncio.Task[Any], float] = {}
        self._expired: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sweeper: asyncio.Task[Any] | None = None  # held so that the loop keeps it alive

    def enter(self) -> asyncio.Task[Any]:
        """Put the current task's read under the deadline; `leave` it in a `finally`. A pair of
        calls, not a wrapping coroutine: the wrapper's extra await was a tenth of a tools/call."""
        # current_task() without a loop asks for the running loop, which on Python 3.11 is a
        # getpid() system call: 7 % of a tools/call's time under load (py-spy). Passing the loop
        # makes it a dictionary lookup; a loop that is not running has no current task.
        task = asyncio.current_task(self._loop) if self._loop is not None else None
        if task is None:  # first use in this worker's loop
            self._loop = asyncio.get_running_loop()
            self._sweeper = self._loop.create_task(self._sweep())
            task = asyncio.current_task(self._loop)
            assert task is not None  # always called from a request's task
        self._running[task] = time.monotonic() + self.timeout
        return task

    def leave(self, task: asyncio.Task[Any]) -> None:
        self._running.pop(task, None)

    def expired(self, task: asyncio.Task[Any]) -> bool:
        """After a CancelledError: whether the sweeper cancelled the read (the cancellation is
        then taken back, and the caller raises Expired), or something else did (the client left,
        the server stops), which the caller must let through."""
        if task not in self._expired:
            return False
        self._expired.discard(task)
        task.uncancel()
        return True

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            now = time.monotonic()
            for task, deadline in list(self._running.items()):
                if deadline < now and task not in self._expired:
                    self._expired.add(task)
                    task.cancel()
