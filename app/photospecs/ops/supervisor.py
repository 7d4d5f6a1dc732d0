"""Keep the workers running: replace one that dies, recycle one that grows, stop on a crash loop.

granian 2.8 can respawn a failed worker (`respawn_failed_workers`), but its main loop takes a
second failure of the same worker within 5.5 s for a crash loop and stops every worker, so a
worker killed twice in a row takes the healthy ones down with it; and its memory-based respawn
(`workers_max_rss`) stops the old worker with SIGTERM after a fixed pause, without the drain that
keeps keep-alive clients from losing a request, and it measures RSS, which counts the catalog
pages a forked worker shares. Its server has no hook for these choices, so this subclass runs its
own main loop over granian's worker objects (granian's files are left as they are):

- A worker that exits unexpectedly is replaced at once, forked from the serving process, which
  holds the catalog: the new worker serves within a fraction of a second. The others never stop.
- A worker that exits before it ever listened is a failed start: it is started again after
  0.5, 1, 2, 4 s; the fifth failed start in a row in one slot is a crash loop, and the server
  drains and exits with code 1, so that its supervisor (systemd, the kubelet) sees it.
- A worker whose private memory passes the ceiling (ops/memory) is replaced: its successor
  starts first, then it retires the way a drain goes (Connection: close on each answer, then
  its gate, then SIGTERM, which lets requests in flight finish). It serves on until a successor
  listens: one that exits first is started again as above, one that hangs is killed after
  STOP_GRACE and counts as a failed start. SIGHUP replaces every worker so.

Each replacement is logged with its cause and counted on the board, which /metrics shows.
"""

from __future__ import annotations

import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from photospecs.ops import logs, memory
from photospecs.ops.shutdown import GATE_LEAD, DrainingServer, Flag, await_gates

CRASH_LOOP = 5  # failed starts in a row in one slot
BACKOFF = (0.5, 1.0, 2.0, 4.0)  # seconds before the next start after the 1st, 2nd, ... failed one
MEMORY_EVERY = 1.0  # seconds between samples of the workers' memory (about 2 ms each)
STOP_GRACE = 10.0  # seconds a worker has to finish its requests after SIGTERM (one that hangs is killed)
RESIGNAL = 1.0  # seconds between SIGTERMs to a worker that has not exited (see `stop`)

Worker = Any  # granian.server.mp.Worker, whose methods carry no annotations


class InSlot:
    """The app loader as one worker calls it: the worker learns its slot on the board first."""

    def __init__(self, loader: Callable[[], Any], flag: Flag, slot: int) -> None:
        self.loader, self.flag, self.slot = loader, flag, slot

    def __call__(self) -> Any:
        self.flag.slot = self.slot
        return self.loader()


# A worker just forked has the serving process's handlers. Until granian sets its own, an
# inherited SIGTERM handler would start a drain of the whole server from inside the worker (the
# board is shared) while the worker itself serves on. With the default, a worker signalled while
# it starts just ends; hang-up is the serving process's to act on (it replaces every worker).
# The signals are held across the fork, so none reaches the child before its handlers are reset.
WORKER_SIGNALS = {signal.SIGTERM: signal.SIG_DFL, signal.SIGINT: signal.SIG_DFL, signal.SIGHUP: signal.SIG_IGN}


def _hold_signals() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, WORKER_SIGNALS)


def _release_signals() -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, WORKER_SIGNALS)


def _worker_signals() -> None:
    for signum, handler in WORKER_SIGNALS.items():
        signal.signal(signum, handler)
    _release_signals()


def cause_of(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return f"killed by {signal.Signals(-exitcode).name}"
    return f"exit code {exitcode}"


def exited(worker: Worker, timeout: float | None) -> bool:
    """Wait for the worker to exit, without reaping it: granian's thread watching the worker
    does that, and a second waitpid racing it would see no exit code."""
    if not multiprocessing.connection.wait([worker.inner.sentinel], timeout):
        return False
    while worker.inner.exitcode is None:  # the watcher has not set it yet
        time.sleep(0.005)
    return True


def stop(workers: list[Worker], grace: float) -> list[Worker]:
    """SIGTERM each worker, again every RESIGNAL s while it runs; those still running after
    `grace` are returned. Once is not enough: uvloop drops a signal that arrives while its loop
    is paused, and a granian worker pauses it between its app's start-up and its server's."""
    deadline = time.monotonic() + grace
    running = list(workers)
    while running and time.monotonic() < deadline:
        for worker in running:
            worker.terminate()
        round_end = min(deadline, time.monotonic() + RESIGNAL)
        running = [worker for worker in running if not exited(worker, max(0.0, round_end - time.monotonic()))]
    return running


def _stop_or_kill(workers: list[Worker]) -> None:
    """`stop` the workers; any still running after STOP_GRACE (hung, or stopped) is killed."""
    for worker in stop(workers, STOP_GRACE):
        logs.LOGGER.warning("worker still busy: killed", extra={"fields": {"worker": worker.idx + 1, "pid": worker.inner.pid}})
        worker.kill()
        exited(worker, None)


class SupervisedServer(DrainingServer):
    memory_ceiling_mib: float | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.exit_code = 0
        self._spawner: tuple[Any, Any] = (None, None)
        self._failed_starts: dict[int, int] = {}
        self._due: dict[int, float] = {}  # slot -> when to start a worker in it again
        self._retiring: dict[int, Worker] = {}
        os.register_at_fork(before=_hold_signals, after_in_parent=_release_signals, after_in_child=_worker_signals)

    def _spawn_worker(self, idx: int, target: Any, callback_loader: Any, socket_loader: Any = None) -> Worker:
        return super()._spawn_worker(idx, target, InSlot(callback_loader, self.flag, idx))

    def _serve_loop(self, spawn_target: Any, target_loader: Any) -> None:
        self._spawner = (spawn_target, target_loader)
        next_sample = time.monotonic()
        while True:
            wakes = [*self._due.values(), *([next_sample] if self.memory_ceiling_mib else [])]
            self.main_loop_interrupt.wait(max(0.0, min(wakes) - time.monotonic()) if wakes else None)
            self.main_loop_interrupt.clear()  # before looking: what happens from here on wakes us again
            if self.interrupt_signal:
                break
            self._note_exits()
            if self.exit_code:
                continue  # draining to exit: start nothing more
            self._start_due()
            if self.reload_signal:
                self.reload_signal = False
                for slot in range(self.workers):
                    self._replace(slot, "reload", {})
            if self.memory_ceiling_mib and time.monotonic() >= next_sample and not self.flag.board.server.value:
                self._check_memory(self.memory_ceiling_mib)
                next_sample = time.monotonic() + MEMORY_EVERY

    def _note_exits(self) -> None:
        """Schedule a new start for each worker granian saw exit unexpectedly."""
        while self.interrupt_children:
            slot = self.interrupt_children.pop(0)
            worker = self.wrks[slot]
            if worker.is_alive() or slot in self._due:
                continue
            pid = worker.inner.pid
            served = self.flag.board.serving[slot] == pid
            failed = 0 if served else self._failed_starts.get(slot, 0) + 1
            self._failed_starts[slot] = failed
            fields = {"worker": slot + 1, "pid": pid, "cause": cause_of(worker.inner.exitcode), "served": served,
                      "livedS": round(time.monotonic() - worker.birth, 3)}
            if failed >= CRASH_LOOP:
                logs.LOGGER.error("worker crash loop: stopping the server", extra={"fields": {**fields, "failedStarts": failed}})
                self.exit_code = 1
                self._due.clear()
                self.signal_handler_interrupt(signal.SIGTERM)  # the others drain, then the server exits 1
                return
            delay = BACKOFF[failed - 1] if failed else 0.0
            logs.LOGGER.warning("worker exited", extra={"fields": {**fields, "failedStarts": failed, "restartInS": delay}})
            self._due[slot] = time.monotonic() + delay

    def _start_due(self) -> None:
        for slot, when in list(self._due.items()):
            if when <= time.monotonic():
                del self._due[slot]
                worker = self._start(slot)
                self.flag.board.count("exited")
                logs.LOGGER.info("worker respawned", extra={"fields": {"worker": slot + 1, "pid": worker.inner.pid}})

    def _start(self, slot: int) -> Worker:
        spawn_target, target_loader = self._spawner
        worker = self._spawn_worker(idx=slot, target=spawn_target, callback_loader=target_loader)
        worker.start()
        self.wrks[slot] = worker
        return worker

    def _check_memory(self, ceiling: float) -> None:
        for slot, worker in enumerate(self.wrks):
            pid = worker.inner.pid
            if slot in self._retiring or slot in self._due or pid is None or self.flag.board.serving[slot] != pid:
                continue
            held = memory.private_mib(pid)
            if held is not None and held > ceiling:
                self._replace(slot, "memory", {"privateMib": round(held, 1), "ceilingMib": round(ceiling, 1)})

    def _replace(self, slot: int, reason: str, fields: dict[str, Any]) -> None:
        """Start a successor in the slot, then retire its worker in the background."""
        if slot in self._retiring or slot in self._due:
            return
        old = self.wrks[slot]
        old.interrupt_by_parent = True  # its exit is ours from now on, not a failure
        self._retiring[slot] = old
        new = self._start(slot)
        self.flag.board.count(reason)
        logs.LOGGER.info("worker replaced", extra={"fields": {"worker": slot + 1, "pid": old.inner.pid, "by": new.inner.pid, "reason": reason, **fields}})
        threading.Thread(target=self._retire, args=(slot, old), name="photospecs-retire", daemon=True).start()

    def _retire(self, slot: int, old: Worker) -> None:
        board, pid = self.flag.board, old.inner.pid
        # The old worker serves on until a successor listens in its slot, so a successor that
        # cannot start never leaves the slot empty: one that exits is started again by the main
        # loop (with backoff, up to the crash-loop limit, which drains the server), and one that
        # neither listens nor exits within STOP_GRACE is killed, and counts as a failed start.
        killed: set[int] = set()
        while not (board.server.value or self.interrupt_signal):
            current = self.wrks[slot : slot + 1]  # empty once the server has stopped its workers
            if not current or board.serving[slot] == current[0].inner.pid:
                break
            successor: Worker = current[0]
            if successor.is_alive() and time.monotonic() - successor.birth > STOP_GRACE and successor.inner.pid not in killed:
                killed.add(successor.inner.pid)
                logs.LOGGER.warning("worker never listened: killed", extra={"fields": {"worker": slot + 1, "pid": successor.inner.pid}})
                successor.inner.kill()  # not granian's kill(), which would hide the exit from the main loop
            time.sleep(0.02)
        board.retiring[slot] = pid
        lead = min(GATE_LEAD, self.drain_seconds / 2)
        time.sleep(self.drain_seconds - lead)
        board.gated[slot] = pid
        await_gates(board, {slot: old})
        time.sleep(lead)
        _stop_or_kill([old])
        if board.retiring[slot] == pid:
            board.retiring[slot] = board.gated[slot] = 0
        self._retiring.pop(slot, None)
        logs.LOGGER.info("worker retired", extra={"fields": {"worker": slot + 1, "pid": pid, "cause": cause_of(old.inner.exitcode)}})

    def _stop_workers(self) -> None:
        """As granian does, but a worker that has not exited STOP_GRACE after SIGTERM (hung, or
        stopped) is killed, so that the server exits within its supervisor's stop timeout."""
        _stop_or_kill([*self.wrks, *self._retiring.values()])
        self.wrks.clear()

    def shutdown(self, exit_code: int = 0) -> None:
        super().shutdown(exit_code or self.exit_code)  # type: ignore[no-untyped-call]
