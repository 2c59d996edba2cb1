"""Draw the installable app's icons (``static/icons/icon-<size>.png``): a letter tile "L" with its value
on the site's red, written as PNG with the standard library alone (zlib), so that no image tool is needed.

The PNGs are committed; run this again only to change the design: ``manage.py draw_app_icons``.  Shapes are
sampled 4 x 4 times per pixel, so edges are smooth at any size.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

SIZES = (192, 512)
BACKGROUND = (0xB5, 0x47, 0x3A)  # --accent
SHADOW = (0x8A, 0x33, 0x2A)
TILE = (0xF6, 0xE7, 0xC8)
INK = (0x1F, 0x24, 0x30)  # --ink
SAMPLES = 4

# Glyphs on a grid of cells, "#" inked: a block capital L and the tile's value 1.
LETTER = ("#....", "#....", "#....", "#....", "#....", "#....", "#####")
VALUE = (".#.", "##.", ".#.", ".#.", "###")


def _rounded_square(x: float, y: float, left: float, top: float, side: float, radius: float) -> bool:
    if not (left <= x < left + side and top <= y < top + side):
        return False
    cx = min(max(x, left + radius), left + side - radius)
    cy = min(max(y, top + radius), top + side - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def _in_glyph(x: float, y: float, glyph: tuple[str, ...], left: float, top: float, cell: float) -> bool:
    column, row = int((x - left) // cell), int((y - top) // cell)
    return x >= left and y >= top and row < len(glyph) and column < len(glyph[0]) and glyph[row][column] == "#"


def colour_at(x: float, y: float, size: int) -> tuple[int, int, int]:
    """The design at a point of a ``size``-pixel icon (the whole square is painted: safe as a mask too)."""
    side, radius = size * 0.62, size * 0.07
    left = top = (size - side) / 2
    if _rounded_square(x, y, left, top, side, radius):
        cell = side * 0.62 / len(LETTER)
        if _in_glyph(x, y, LETTER, left + side * 0.24, top + side * 0.17, cell):
            return INK
        small = side * 0.2 / len(VALUE)
        if _in_glyph(x, y, VALUE, left + side * 0.72, top + side * 0.68, small):
            return INK
        return TILE
    if _rounded_square(x, y, left + size * 0.025, top + size * 0.035, side, radius):
        return SHADOW
    return BACKGROUND


def draw(size: int) -> bytes:
    rows = []
    step = 1 / SAMPLES
    offsets = [step / 2 + i * step for i in range(SAMPLES)]
    for py in range(size):
        row = bytearray(b"\x00")  # filter type 0 (none)
        for px in range(size):
            total = [0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    for i, channel in enumerate(colour_at(px + ox, py + oy, size)):
                        total[i] += channel
            row.extend(round(t / SAMPLES ** 2) for t in total)
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw_rows: bytes) -> bytes:
    """An 8-bit RGB PNG of already-filtered scanlines."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(
        b"IEND", b"")


class Command(BaseCommand):
    help = "Draw the app icons (static/icons/icon-192.png and icon-512.png)."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=str(Path(settings.BASE_DIR) / "static" / "icons"),
                            help="the folder to write them to")

    def handle(self, *args, out: str, **options):
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for size in SIZES:
            path = folder / f"icon-{size}.png"
            path.write_bytes(draw(size))
            self.stdout.write(f"{path} ({path.stat().st_size} bytes)")
