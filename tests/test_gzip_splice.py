"""A spliced gzip reply is one valid gzip member whatever the sizes: the CRC carried across a
long middle, read again over a short one, and stored blocks longer than one block holds."""

from __future__ import annotations

import random
import zlib

import pytest
from photospecs.http.gzip_splice import COMBINE_FROM, STORED_MAX, deflate_segments, gzip_spliced


def one_member(wire: bytes) -> bytes:
    """What a strict decoder reads: exactly one member, its CRC and length checked, nothing after."""
    decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
    plain = decoder.decompress(wire) + decoder.flush()
    assert decoder.eof and decoder.unused_data == b""
    return plain


def text(rng: random.Random, size: int) -> bytes:
    return bytes(rng.choice(b'{"abc": [1, 2, 3]}, ') for _ in range(size))


@pytest.mark.parametrize("size", [2, 600, COMBINE_FROM - 1, COMBINE_FROM + 1, COMBINE_FROM + 2, 3 * COMBINE_FROM])
@pytest.mark.parametrize("head_size", [0, 1, 40, STORED_MAX + 7])
def test_every_stop_decodes_to_what_it_replaces(size, head_size):
    rng = random.Random(size * 31 + head_size)
    result = text(rng, size - 1) + b"}"
    cut = size // 2
    segments = deflate_segments(result, (cut,) if 0 < cut < size - 1 else ())
    head, end = text(rng, head_size), b"}}"
    for segment in segments:  # a reply sends the result up to any segment's end
        wire = gzip_spliced(head, result, segments, segment.end, end)
        assert one_member(wire) == head + result[: segment.end] + end
    assert (segments[-1].carried is None) == (segments[-1].end < COMBINE_FROM)
