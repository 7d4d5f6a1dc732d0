"""How much memory a worker holds, and the ceiling above which it is recycled.

A forked worker shares the catalog's pages with the serving process, so its RSS (what `ps`
shows) counts them although the machine holds them once. What a worker adds is its private
memory (pages it wrote or allocated itself): the measure kept under the ceiling here. The
memory a server needs is then about the serving process's RSS plus each worker's private
memory, which is how a ceiling is derived from the memory limit of a pod or a unit.
"""

from __future__ import annotations

import contextlib

MIB = 2**20
HEADROOM = 0.9  # of the limit: what the kernel keeps outside RSS (page tables, sockets, /tmp in RAM)


def _rollup(pid: int | str) -> dict[str, int]:
    """The kB fields of /proc/<pid>/smaps_rollup (Linux 4.14+); empty when unreadable."""
    fields: dict[str, int] = {}
    with contextlib.suppress(OSError), open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        for line in rollup:
            name, _, rest = line.partition(":")
            parts = rest.split()
            if len(parts) == 2 and parts[1] == "kB":
                fields[name] = int(parts[0])
    return fields


def private_mib(pid: int) -> float | None:
    """The worker's private memory in MiB; None when it cannot be read (not Linux, or gone)."""
    fields = _rollup(pid)
    if "Private_Dirty" not in fields:
        return None
    return (fields["Private_Clean"] + fields["Private_Dirty"]) / 1024


def rss_mib(pid: int | str = "self") -> float | None:
    fields = _rollup(pid)
    return fields["Rss"] / 1024 if "Rss" in fields else None


def ceiling_mib(worker_mib: int, limit_mib: int, workers: int, serving_mib: float | None) -> float | None:
    """A worker's ceiling: the one set, else its share of the limit beyond what the serving
    process holds; None when neither is set. Raises ValueError when the limit leaves nothing."""
    if worker_mib:
        return float(worker_mib)
    if not limit_mib:
        return None
    if serving_mib is None:
        raise ValueError("cannot read this process's memory (/proc/self/smaps_rollup) to share the limit out")
    share = (limit_mib * HEADROOM - serving_mib) / workers
    if share < 1:
        raise ValueError(
            f"{limit_mib} MiB leaves no memory for {workers} worker(s): the serving process holds {serving_mib:.0f} MiB"
            f" of the {limit_mib * HEADROOM:.0f} MiB usable"
        )
    return share
