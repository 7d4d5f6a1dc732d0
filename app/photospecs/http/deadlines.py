"""Deadlines for reading request bodies, enforced by one sweeper task per worker.

`asyncio.timeout` around every body read cost about 5 us an MCP call (measured in-process),
most of the call. Registering the read in a dict costs a fraction of that; a sweeper wakes once
per `interval` and cancels the reads past their deadline, so a client that trickles its body is
cut off within `timeout + interval` seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

T = TypeVar("T")


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

    async def run(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable`, raising Expired if it takes longer than the timeout."""
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
        try:
            return await awaitable
        except asyncio.CancelledError:
            if task not in self._expired:
                raise  # cancelled for another reason (the client left, the server stops)
            self._expired.discard(task)
            task.uncancel()
            raise Expired from None
        finally:
            self._running.pop(task, None)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            now = time.monotonic()
            for task, deadline in list(self._running.items()):
                if deadline < now and task not in self._expired:
                    self._expired.add(task)
                    task.cancel()
