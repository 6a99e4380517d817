"""The app icon, drawn once as shapes and written out as SVG and as PNG at any size.

The drawing is a few filled polygons on a unit square (three peaks on the green table, a card with a red
diamond in front). `svg()` prints them as an SVG document; `png(size)` rasterises the same polygons with
4×4 supersampling and writes a PNG with `zlib`, so the build needs no image tool and the two formats cannot
drift apart. `maskable=True` fills the whole square and shrinks the drawing into the central safe zone
(80 % circle) that launchers may crop to.
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

Point = tuple[float, float]
Colour = tuple[int, int, int]

TABLE: Colour = (0x0B, 0x5D, 0x3B)
PEAK: Colour = (0xF4, 0xEC, 0xD8)
PEAK_SHADE: Colour = (0xD9, 0xCF, 0xB6)
CARD: Colour = (0xFF, 0xFF, 0xFF)
RED: Colour = (0xC6, 0x28, 0x28)
SUPERSAMPLE = 4


@dataclass(frozen=True, slots=True)
class Shape:
    """A filled polygon in unit coordinates (0-1, y down)."""

    points: tuple[Point, ...]
    colour: Colour


def rounded_rect(corner: Point, width: float, height: float, radius: float) -> tuple[Point, ...]:
    """A rectangle with rounded corners as a polygon (8 segments a corner)."""
    x, y = corner
    w, h, r, steps = width, height, radius, 8
    corners: list[tuple[float, float, int]] = [(x + w - r, y + r, -90), (x + w - r, y + h - r, 0)]
    corners += [(x + r, y + h - r, 90), (x + r, y + r, 180)]
    points: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            angle = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return tuple(points)


def drawing(maskable: bool) -> list[Shape]:
    """The icon's shapes, back to front."""
    background = ((0, 0), (1, 0), (1, 1), (0, 1)) if maskable else rounded_rect((0, 0), 1, 1, 0.18)
    art: list[Shape] = []
    for apex_x, apex_y in ((0.27, 0.30), (0.50, 0.22), (0.73, 0.30)):
        art.append(Shape(((apex_x, apex_y), (apex_x + 0.2, 0.70), (apex_x - 0.2, 0.70)), PEAK))
        art.append(Shape(((apex_x, apex_y), (apex_x + 0.2, 0.70), (apex_x + 0.05, 0.70)), PEAK_SHADE))
    art.append(Shape(rounded_rect((0.38, 0.52), 0.24, 0.34, 0.035), CARD))
    art.append(Shape(((0.50, 0.59), (0.565, 0.69), (0.50, 0.79), (0.435, 0.69)), RED))
    scale = 0.78 if maskable else 1.0
    shapes = [Shape(background, TABLE)]
    for shape in art:
        points = tuple((0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale) for x, y in shape.points)
        shapes.append(Shape(points, shape.colour))
    return shapes


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def svg(maskable: bool = False) -> str:
    """The icon as an SVG document with a 512-unit view box."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">']
    for shape in drawing(maskable):
        points = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in shape.points)
        parts.append(f'<polygon points="{points}" fill="{_hex(shape.colour)}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _coverage(points: tuple[Point, ...], size: int) -> list[list[float]]:
    """Per pixel, the fraction of its sub-samples inside the polygon (even-odd rule)."""
    grid = size * SUPERSAMPLE
    cover = [[0.0] * size for _ in range(size)]
    scaled = [(x * grid, y * grid) for x, y in points]
    edges = list(zip(scaled, scaled[1:] + scaled[:1], strict=True))
    top = max(0, int(min(y for _, y in scaled)))
    bottom = min(grid, math.ceil(max(y for _, y in scaled)))
    weight = 1.0 / (SUPERSAMPLE * SUPERSAMPLE)
    for sub_row in range(top, bottom):
        y = sub_row + 0.5
        crossings = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0) for (x0, y0), (x1, y1) in edges if (y0 <= y) != (y1 <= y)
        )
        row = cover[sub_row // SUPERSAMPLE]
        for left, right in zip(crossings[::2], crossings[1::2], strict=False):
            first = max(0, math.ceil(left - 0.5))
            last = min(grid - 1, math.floor(right - 0.5))
            for sub_col in range(first, last + 1):
                row[sub_col // SUPERSAMPLE] += weight
    return cover


def png(size: int, maskable: bool = False) -> bytes:
    """The icon as an RGBA PNG of `size` × `size` pixels (transparent outside the rounded square)."""
    pixels = [[(0.0, 0.0, 0.0, 0.0)] * size for _ in range(size)]
    for shape in drawing(maskable):
        cover = _coverage(shape.points, size)
        red, green, blue = (c / 255 for c in shape.colour)
        for y in range(size):
            row, cover_row = pixels[y], cover[y]
            for x in range(size):
                alpha = min(1.0, cover_row[x])
                if alpha:
                    r0, g0, b0, a0 = row[x]
                    out = alpha + a0 * (1 - alpha)
                    row[x] = (
                        (red * alpha + r0 * a0 * (1 - alpha)) / out,
                        (green * alpha + g0 * a0 * (1 - alpha)) / out,
                        (blue * alpha + b0 * a0 * (1 - alpha)) / out,
                        out,
                    )
    raw = bytearray()
    for row in pixels:
        raw.append(0)
        for r, g, b, a in row:
            raw += bytes((round(r * 255), round(g * 255), round(b * 255), round(a * 255)))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def write_all(directory: str) -> list[str]:
    """Write icon.svg, icon-192.png, icon-512.png and icon-maskable-512.png into `directory`."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "icon.svg": svg().encode(),
        "icon-192.png": png(192),
        "icon-512.png": png(512),
        "icon-maskable-512.png": png(512, maskable=True),
    }
    for name, data in files.items():
        (out / name).write_bytes(data)
    return sorted(files)


if __name__ == "__main__":
    import sys

    print("\n".join(write_all(sys.argv[1] if len(sys.argv) > 1 else "icons")))
