"""gzip for a body made of a short per-request head, a long pre-built middle and a short end.

An MCP reply is the request's own id around a result built at start-up, so it cannot be
compressed ahead whole. Compressing it per request with zlib cost about 70 us for the 26 KB
country list (more than the rest of the request); instead the middle is deflated once at
start-up, and each reply writes the head and the end around it as stored (uncompressed)
deflate blocks: one gzip member, valid for every decoder, for the price of a CRC (for a long
middle, its CRC is computed at start-up too, and the head's is carried across it).

A result some replies send only the start of (a tool result's text block, for the revisions
before structuredContent) is deflated in segments that end there; each segment is a stream of
its own, so a reply takes the segments it needs.
"""

from __future__ import annotations

import struct
import zlib
from typing import NamedTuple

# Magic, deflate, no flags, no mtime, no extra flags, OS unknown (RFC 1952 2.3).
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
STORED_MAX = 65535  # a stored block holds at most this many bytes (RFC 1951 3.2.4)

# The CRC of head + middle is the head's CRC carried across the middle, which is a product modulo
# CRC-32's polynomial (as zlib's crc32_combine does). In Python that product costs 3.7 us: as
# much as running the CRC over 16 KB of the middle (0.24 us a KB here), so longer middles have
# their CRC and their carrying factor computed at start-up, and shorter ones are read again.
COMBINE_FROM = 16 * 1024
POLYNOMIAL = 0xEDB88320  # CRC-32's, bit-reversed as zlib stores it
ONE = 0x80000000  # the polynomial 1 in that order


class Carried(NamedTuple):
    """What carries a head's CRC across result[:end]."""

    crc: int  # CRC-32 of result[:end]
    factor: int  # x^(8 * end) modulo the polynomial


class Segment(NamedTuple):
    end: int  # the segment is result[previous end:end]
    deflated: bytes  # deflate_middle of it
    carried: Carried | None  # when end >= COMBINE_FROM


# The consecutive segments of a result; the last ends before its closing brace.
Deflated = tuple[Segment, ...]


def deflate_segments(result: bytes, cuts: tuple[int, ...] = ()) -> Deflated:
    ends = [*cuts, len(result) - 1]
    return tuple(_segment(result, start, end) for start, end in zip([0, *cuts], ends, strict=True))


def _segment(result: bytes, start: int, end: int) -> Segment:
    return Segment(end, deflate_middle(result[start:end]), _carried(memoryview(result)[:end]) if end >= COMBINE_FROM else None)


def _carried(upto: memoryview) -> Carried:
    crc = zlib.crc32(upto)
    # crc32(data, c) is crc32(data) plus c times x^(8 * len(data)); with c = 1 that factor shows.
    return Carried(crc, zlib.crc32(upto, ONE) ^ crc)


def deflate_middle(middle: bytes) -> bytes:
    """Raw deflate of `middle`, ended by a sync flush: byte-aligned and not final, so stored
    blocks may follow it."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(middle) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _times(a: int, b: int) -> int:
    """a * b modulo CRC-32's polynomial, both bit-reversed (zlib's multmodp)."""
    m, product = ONE, 0
    while True:
        if a & m:
            product ^= b
            if a & (m - 1) == 0:
                return product
        m >>= 1
        b = (b >> 1) ^ POLYNOMIAL if b & 1 else b >> 1


def _stored(data: bytes, final: bool) -> bytes:
    blocks = []
    chunks = [data[i : i + STORED_MAX] for i in range(0, len(data), STORED_MAX)] or [b""]
    for number, chunk in enumerate(chunks):
        last = final and number == len(chunks) - 1
        blocks.append(struct.pack("<BHH", last, len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(blocks)


def gzip_spliced(head: bytes, result: bytes, segments: Deflated, stop: int, end: bytes) -> bytes:
    """The gzip encoding of head + result[:stop] + end, where `stop` is the end of one of
    result's segments."""
    taken = [segment for segment in segments if segment.end <= stop]
    last = taken[-1]
    head_crc = zlib.crc32(head)
    carried = last.carried
    upto = zlib.crc32(memoryview(result)[:stop], head_crc) if carried is None else _times(carried.factor, head_crc) ^ carried.crc
    crc = zlib.crc32(end, upto)
    size = (len(head) + stop + len(end)) & 0xFFFFFFFF
    head_blocks = _stored(head, final=False) if head else b""
    return b"".join((HEADER, head_blocks, *[segment.deflated for segment in taken], _stored(end, final=True), struct.pack("<II", crc, size)))
