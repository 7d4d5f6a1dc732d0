"""The site's icon: an SVG for browsers that take one, and the same mark as a 32 px ICO for
/favicon.ico, drawn here so that no binary file has to be kept in the repository."""

from __future__ import annotations

import struct
import zlib

INK = (29, 78, 137)
PAPER = (255, 255, 255)


def favicon_svg() -> bytes:
    return (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        b'<rect width="32" height="32" rx="6" fill="#1d4e89"/>'
        b'<rect x="8" y="5" width="16" height="22" rx="1.5" fill="#fff"/>'
        b'<circle cx="16" cy="13" r="4" fill="#1d4e89"/>'
        b'<path d="M10 25c0-4 3-7 6-7s6 3 6 7z" fill="#1d4e89"/></svg>'
    )


def _pixel(x: int, y: int) -> tuple[int, int, int]:
    inside_card = 8 <= x < 24 and 5 <= y < 27
    head = (x - 16) ** 2 + (y - 13) ** 2 <= 16
    shoulders = y >= 19 and (x - 16) ** 2 <= (y - 18) * 6
    return INK if not inside_card or head or (shoulders and y < 26) else PAPER


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of `rows` (each `width` pixels), filter type 0 on every row."""
    raw = b"".join(b"\x00" + row for row in rows)

    def chunk(kind: bytes, payload: bytes) -> bytes:
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def og_image(width: int = 1200, height: int = 630, scale: int = 16) -> bytes:
    """The picture link previews show for every page (og:image): the mark drawn large, centred on
    the site's blue. Each row is a few spans filled by slice, so it costs milliseconds at start-up."""
    side = 32 * scale
    left, top = (width - side) // 2, (height - side) // 2
    ink, paper = bytes(INK), bytes(PAPER)
    blank = ink * width
    rows = []

    def fill(row: bytearray, colour: bytes, start: float, end: float) -> None:
        a, b = max(0, round(left + start * scale)), min(width, round(left + end * scale))
        if b > a:
            row[3 * a : 3 * b] = colour * (b - a)

    for y in range(height):
        v = (y - top + 0.5) / scale  # the mark's own 32-unit coordinates, as in _pixel
        if not 5 <= v < 27:
            rows.append(blank)
            continue
        row = bytearray(blank)
        fill(row, paper, 8, 24)
        if (v - 13) ** 2 <= 16:
            half = (16 - (v - 13) ** 2) ** 0.5
            fill(row, ink, 16 - half, 16 + half)
        if 19 <= v < 26:
            half = ((v - 18) * 6) ** 0.5
            fill(row, ink, 16 - half, 16 + half)
        rows.append(bytes(row))
    return _png(width, height, rows)


def favicon_ico() -> bytes:
    png = _png(32, 32, [b"".join(bytes(_pixel(x, y)) for x in range(32)) for y in range(32)])
    # ICONDIR, then one ICONDIRENTRY pointing at an embedded PNG (allowed since Windows Vista).
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 32, 32, 0, 0, 1, 32, len(png), 22) + png
