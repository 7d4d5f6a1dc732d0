"""Faults in one worker: the server replaces it while the others answer; workers whose
successors cannot start serve on until the crash loop ends the server with a non-zero exit; a
worker over its memory ceiling retires without losing a request. Real servers; nothing here is
timed (bench/chaos.py measures)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import Server, local, plain_client

pytestmark = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="reads workers from Linux's /proc")

PATHS = ["/api/specs?country=us", "/api/documents/us-visa", "/", "/countries/india"]


def workers(server: Server) -> set[int]:
    """The server's worker processes that hold a listening socket: those that serve."""
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == server.port:
                    listening.add(f"socket:[{fields[9]}]")
    found = set()
    for child in children(server.process.pid):
        with contextlib.suppress(OSError):
            if any(os.readlink(f"/proc/{child}/fd/{fd}") in listening for fd in os.listdir(f"/proc/{child}/fd")):
                found.add(child)
    return found


def both(server: Server) -> set[int] | None:
    found = workers(server)
    return found if len(found) == 2 else None


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text()
            if entry.name.isdigit() and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def wait_for(condition, what: str, timeout: float = 60.0, every: float = 0.02):
    """Poll until `condition()` is truthy. The bound only keeps a broken server from hanging the run."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(every)
    raise AssertionError(f"never happened: {what}")


def gone(pid: int) -> bool:
    """Exited with its sockets closed. The thread group's leader turns zombie while its other
    threads may still be exiting, holding the descriptors: wait for those too."""
    try:
        zombie = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        return zombie and not os.listdir(f"/proc/{pid}/fd") and len(os.listdir(f"/proc/{pid}/task")) <= 1
    except OSError:
        return True


def answers_every_path(server: Server) -> None:
    """Each of PATHS answered 200 on a fresh connection (so any listening worker may take it)."""
    for path in PATHS:
        assert local.get(server.url + path).status_code == 200


def first_successor_after_sighup(server: Server, signum: int) -> int:
    """SIGHUP (every worker replaced), then `signum` to the first successor the moment it is
    forked, before it has handlers or a listener of its own; its pid."""
    before = children(server.process.pid)
    server.process.send_signal(signal.SIGHUP)
    successor = wait_for(lambda: next(iter(forked(server.process.pid) - before), None), "a successor forked", timeout=30, every=0.001)
    os.kill(successor, signum)
    return successor


class Readiness:
    """/readyz asked every 50 ms on a new connection, each answer kept with when it was asked."""

    def __init__(self, url: str) -> None:
        self.url, self.polls, self.stop = url, [], threading.Event()
        self.thread = threading.Thread(target=self._poll)
        self.thread.start()

    def _poll(self) -> None:
        with plain_client(timeout=10) as http:
            while not self.stop.is_set():
                started = time.monotonic()
                try:
                    status = http.get(f"{self.url}/readyz").status_code
                except httpx.TransportError as exc:
                    status = repr(exc)
                self.polls.append((started, time.monotonic(), status))
                time.sleep(0.05)

    def finish(self) -> list[tuple[float, float, int | str]]:
        self.stop.set()
        self.thread.join(timeout=30)
        return self.polls


def test_a_killed_worker_is_replaced_while_the_other_answers_and_its_successor_serves_the_same_bytes(prebuilt):
    server = Server(env=prebuilt, workers=2)
    readiness = Readiness(server.url)
    try:
        originals = wait_for(lambda: both(server), "two workers listening")
        etags = {path: local.get(server.url + path).headers["etag"] for path in PATHS}
        kills = []
        for victim in sorted(originals):  # both, in turn: in the end only successors answer
            killed_at = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            wait_for(lambda v=victim: gone(v), "the killed worker gone")
            kills.append((killed_at, time.monotonic()))
            # A fresh connection right away is answered by the worker left.
            answers_every_path(server)
            wait_for(lambda v=victim: v not in (both(server) or {v}), "a successor listening beside the other")
        now = workers(server)
        assert not now & originals
        for _ in range(10):  # fresh connections, spread over both successors
            for path in PATHS:
                response = local.get(server.url + path)
                assert (response.status_code, response.headers["etag"]) == (200, etags[path])
        metrics = local.get(f"{server.url}/metrics").text
        assert 'photospecs_worker_replacements_total{reason="exited"} 2.0' in metrics
        # The requests above may take well under a second: readiness is asked on until it has
        # answered 200 eleven times, over the successors too, whatever the machine's speed.
        wait_for(lambda: sum(status == 200 for _, _, status in readiness.polls) > 10, "eleven ready answers")
    finally:
        polls = readiness.finish()
        log = server.stop()
    assert server.process.returncode == 0, log
    # Only a poll in flight on a worker as it was killed may have lost its connection.
    in_flight = [any(start < gone_at and end > killed for killed, gone_at in kills) for start, end, _ in polls]
    lost = [status for (_, _, status), racing in zip(polls, in_flight, strict=True) if status != 200 and not racing]
    assert lost == [], lost
    assert sum(status == 200 for _, _, status in polls) > 10
    assert log.count('"event":"worker respawned"') == 2
    assert log.count('"cause":"killed by SIGKILL","served":true') == 2
    assert log.count('"event":"startup"') == 1, "successors are forked from the catalog in memory"


def test_workers_whose_successors_cannot_start_serve_on_until_the_crash_loop_ends_the_server_non_zero(prebuilt, tmp_path):
    # Spawned workers each read the catalog file the serving process loaded; one that finds it
    # corrupt (replaced under a running server, a full disk) cannot start. SIGHUP replaces every
    # worker, each successor starting before its worker retires: here none can start. The workers
    # they were to replace keep answering meanwhile (a slot is never left empty), while their
    # successors are started again with backoff, until the fifth failed start in a row drains the
    # server and it exits non-zero for its supervisor to act.
    catalog = tmp_path / "catalog.bin"
    shutil.copy(prebuilt["PHOTOSPECS_CATALOG_FILE"], catalog)
    shutil.copytree(prebuilt["PHOTOSPECS_CATALOG_FILE"] + ".files", tmp_path / "catalog.bin.files")
    server = Server(env={**prebuilt, "PHOTOSPECS_CATALOG_FILE": str(catalog), "PHOTOSPECS_DRAIN_SECONDS": "1"}, workers=2, start_method="spawn")
    try:
        originals = wait_for(lambda: both(server), "two workers listening")
        catalog.write_bytes(b"not a catalog")
        os.kill(server.process.pid, signal.SIGHUP)
        # Three failed starts in a slot take over 2.5 s of backoff: long after a worker whose
        # successor died would have retired (within its 1 s drain).
        wait_for(lambda: '"failedStarts":3' in server.output(), "a third failed start", timeout=120)
        assert workers(server) == originals, "the workers serve on"
        for _ in range(20):
            answers_every_path(server)
        exit_code = server.process.wait(timeout=180)
    finally:
        log = server.stop()
    assert exit_code == 1, log
    assert '"event":"worker crash loop: stopping the server"' in log
    assert '"served":false' in log and '"failedStarts":5' in log
    assert log.count('"event":"worker replaced"') == 2 and '"reason":"reload"' in log


def test_a_worker_over_its_memory_ceiling_retires_without_failing_a_request(prebuilt):
    # A ceiling below what any worker holds: each one is replaced as soon as it serves, again
    # and again, while clients keep sending on keep-alive and on fresh connections.
    env = {**prebuilt, "PHOTOSPECS_WORKER_MEMORY_MIB": "1", "PHOTOSPECS_DRAIN_SECONDS": "1"}
    server = Server(env=env, workers=2)
    readiness = Readiness(server.url)
    stop = threading.Event()
    answered, failures = [], []

    def client(fresh: bool) -> None:
        headers = {"accept-encoding": "identity", **({"connection": "close"} if fresh else {})}
        with httpx.Client(base_url=server.url, headers=headers, timeout=10) as http:
            turn = 0
            while not stop.is_set():
                turn += 1
                path = PATHS[turn % len(PATHS)]
                try:
                    response = http.get(path)
                    (answered if response.status_code == 200 else failures).append(path)
                except httpx.HTTPError as exc:
                    failures.append(f"{path}: {exc!r}")

    threads = [threading.Thread(target=client, args=(n % 2 == 0,)) for n in range(6)]
    for thread in threads:
        thread.start()
    try:
        wait_for(lambda: server.output().count('"event":"worker retired"') >= 4, "four workers retired", timeout=120)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        polls = readiness.finish()
        metrics = local.get(f"{server.url}/metrics").text
        log = server.stop()
    assert failures == [], f"{len(failures)} requests failed: {failures[:3]}"
    assert len(answered) > 100
    assert [status for _, _, status in polls if status != 200] == []
    assert '"reason":"memory"' in log and '"ceilingMib":1.0' in log
    assert 'photospecs_worker_replacements_total{reason="memory"}' in metrics
    assert "still busy: killed" not in log, "each retired when its requests were answered"
    assert '"event":"worker exited"' not in log, "retired workers are not taken for crashed ones"


def test_a_worker_stopped_while_it_starts_ends_alone_and_the_server_stays_ready(prebuilt):
    # SIGHUP replaces every worker; the first successor gets SIGTERM the moment it exists, before
    # it has handlers of its own. It must end by itself: not drain the server it belongs to.
    server = Server(env={**prebuilt, "PHOTOSPECS_DRAIN_SECONDS": "1"}, workers=2)
    originals = wait_for(lambda: both(server), "two workers listening")
    readiness = Readiness(server.url)
    try:
        successor = first_successor_after_sighup(server, signal.SIGTERM)
        wait_for(lambda: gone(successor), "the signalled successor gone", timeout=20)
        wait_for(lambda: (found := both(server)) and not found & originals and successor not in found, "two new workers listening")
        answers_every_path(server)
    finally:
        polls = readiness.finish()
        log = server.stop()
    assert [status for _, _, status in polls if status != 200] == [], "the server never drained"
    # Ended as a worker that exits does (by the signal, or by granian's handler if it got there).
    assert '"event":"worker exited","worker":' in log and f'"pid":{successor},"cause":' in log, log


def test_a_successor_that_never_listens_is_killed_and_started_again_while_its_worker_serves(prebuilt):
    # A successor that hangs before it listens (here stopped the moment it exists) would hold up
    # its slot's replacement for ever: the worker it replaces serves on, and after STOP_GRACE the
    # successor is killed, counts as a failed start and is started again; then the worker retires.
    server = Server(env={**prebuilt, "PHOTOSPECS_DRAIN_SECONDS": "1"}, workers=2)
    originals = wait_for(lambda: both(server), "two workers listening")
    readiness = Readiness(server.url)
    try:
        stuck = first_successor_after_sighup(server, signal.SIGSTOP)
        # The other slot's worker is replaced within its 1 s drain; this one's serves on.
        wait_for(lambda: len((found := both(server) or set()) & originals) == 1 and stuck not in found, "one worker replaced, one serving on")
        wait_for(lambda: gone(stuck), "the stuck successor killed", timeout=30)
        wait_for(lambda: (found := both(server)) and not found & originals, "two new workers listening", timeout=30)
        answers_every_path(server)
    finally:
        polls = readiness.finish()
        log = server.stop()
    assert [status for _, _, status in polls if status != 200] == [], "answered throughout"
    assert any('"worker never listened: killed"' in line and f'"pid":{stuck}}}' in line for line in log.splitlines()), log
    assert f'"pid":{stuck},"cause":"killed by SIGKILL","served":false' in log, "counted as a failed start"


def forked(pid: int) -> set[int]:
    """The children of `pid` as its threads list them: cheap enough to poll every millisecond,
    where `children` reads every process in /proc (exact while the parent forks, but slower)."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found.update(int(child) for child in (task / "children").read_text().split())
    return found
