"""Stop new TCP connections at a worker's listening socket without closing it.

When granian stops a worker it closes the listener and then closes every connection that has
no request in progress. A connection accepted in the last moments, whose request is still on
its way, is closed unanswered; one still in the kernel's accept queue is reset. Both look like
a sent request lost. Closing the gate first (a socket filter that drops incoming SYNs, Linux
only) lets the connections already made deliver their requests and get their answers, while a
new client's SYN goes unanswered: it retries a second later, finds the port closed and is
refused before it has sent anything.

granian builds each worker's listener itself (SO_REUSEPORT, one per worker), so the gate finds
the listening TCP sockets among the process's file descriptors.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import socket
import sys

SO_ATTACH_FILTER = 26  # <asm-generic/socket.h>


class _Instruction(ctypes.Structure):
    _fields_ = (("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32))


class _Program(ctypes.Structure):
    _fields_ = (("len", ctypes.c_uint16), ("filter", ctypes.POINTER(_Instruction)))


# Classic BPF, run by the kernel with the packet starting at its TCP header (byte 13: flags).
# A segment with SYN set and ACK clear opens a connection: drop it; pass everything else,
# including the ACK that completes a handshake already under way.
_DROP_SYN = (
    (0x30, 0, 0, 13),  # ldb [13]
    (0x54, 0, 0, 0x12),  # and #(SYN | ACK)
    (0x15, 0, 1, 0x02),  # jeq #SYN, drop, pass
    (0x06, 0, 0, 0),  # drop: ret #0
    (0x06, 0, 0, 0xFFFFFFFF),  # pass: ret #-1
)


def listening_sockets() -> list[socket.socket]:
    """This process's listening TCP sockets, as duplicates (closing them leaves the originals)."""
    by_inode: dict[str, int] = {}  # one descriptor per socket, read before any is duplicated
    for name in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            link = os.readlink(f"/proc/self/fd/{name}")
            if link.startswith("socket:"):
                by_inode.setdefault(link, int(name))
    found = []
    for fd in by_inode.values():
        with contextlib.suppress(OSError):
            sock = socket.socket(fileno=os.dup(fd))
            listening = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
            if sock.type == socket.SOCK_STREAM and sock.family in (socket.AF_INET, socket.AF_INET6) and listening:
                found.append(sock)
            else:
                sock.close()
    return found


def count_listening() -> int | None:
    """How many listening TCP sockets this process has (a worker has one once it serves); None
    where a process cannot list its descriptors (no /proc)."""
    if not os.path.isdir("/proc/self/fd"):
        return None
    found = listening_sockets()
    for sock in found:
        sock.close()
    return len(found)


def close_gate() -> int:
    """Drop new connections at every listening TCP socket of this process; how many were gated."""
    if not sys.platform.startswith("linux"):
        return 0
    instructions = (_Instruction * len(_DROP_SYN))(*(_Instruction(*i) for i in _DROP_SYN))
    program = _Program(len(_DROP_SYN), instructions)
    gated = 0
    for sock in listening_sockets():
        with sock:
            # The kernel copies the program during the call; `instructions` outlives it.
            sock.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, bytes(program))
            gated += 1
    return gated
