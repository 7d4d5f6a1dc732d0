"""gzip for a body made of a short per-request head, a long pre-built middle and a short end.

An MCP reply is the request's own id around a result built at start-up, so it cannot be
compressed ahead whole. Compressing it per request with zlib cost about 70 us for the 26 KB
country list (more than the rest of the request); instead the middle is deflated once at
start-up, and each reply writes the head and the end around it as stored (uncompressed)
deflate blocks: one gzip member, valid for every decoder, for the price of a CRC.

A result some replies send only the start of (a tool result's text block, for the revisions
before structuredContent) is deflated in segments that end there; each segment is a stream of
its own, so a reply takes the segments it needs.
"""

from __future__ import annotations

import struct
import zlib

# Magic, deflate, no flags, no mtime, no extra flags, OS unknown (RFC 1952 2.3).
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
STORED_MAX = 65535  # a stored block holds at most this many bytes (RFC 1951 3.2.4)


# (end, deflate_middle(result[previous end:end])) for consecutive segments of a result; the
# last ends before its closing brace.
Deflated = tuple[tuple[int, bytes], ...]


def deflate_segments(result: bytes, cuts: tuple[int, ...] = ()) -> Deflated:
    ends = [*cuts, len(result) - 1]
    return tuple((end, deflate_middle(result[start:end])) for start, end in zip([0, *cuts], ends, strict=True))


def deflated_upto(segments: Deflated, stop: int) -> list[bytes]:
    """The deflated segments that make up result[:stop] (`stop` is where one ends)."""
    return [deflated for end, deflated in segments if end <= stop]


def deflate_middle(middle: bytes) -> bytes:
    """Raw deflate of `middle`, ended by a sync flush: byte-aligned and not final, so stored
    blocks may follow it."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(middle) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _stored(data: bytes, final: bool) -> bytes:
    blocks = []
    chunks = [data[i : i + STORED_MAX] for i in range(0, len(data), STORED_MAX)] or [b""]
    for number, chunk in enumerate(chunks):
        last = final and number == len(chunks) - 1
        blocks.append(struct.pack("<BHH", last, len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(blocks)


def gzip_spliced(head: bytes, middle: memoryview | bytes, deflated_middle: list[bytes], end: bytes) -> bytes:
    """The gzip encoding of head + middle + end, given deflate_middle of consecutive segments
    of middle."""
    crc = zlib.crc32(end, zlib.crc32(middle, zlib.crc32(head)))
    size = (len(head) + len(middle) + len(end)) & 0xFFFFFFFF
    head_blocks = _stored(head, final=False) if head else b""
    return b"".join((HEADER, head_blocks, *deflated_middle, _stored(end, final=True), struct.pack("<II", crc, size)))
