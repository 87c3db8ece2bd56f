"""PNG bytes of a finished canvas: boards go out as palette PNGs through a fast deflate
(``palette_png``), charts and review boards in full colour; ``to_png`` decides. Imported
through ``render.common``.
"""

from __future__ import annotations

import io
import math
import struct
import zlib

from isal import isal_zlib
from PIL import Image

PNG_LEVEL = 2
"""zlib level of a PNG kept in full colour (``to_png(…, quantize=False)``: charts, review
boards), which Pillow encodes with its adaptive row filters. Past 2 each step buys a few KB
for time that 16 players moving at once would queue behind."""

DEFLATE_LEVEL = 1
"""ISA-L's level for the palette PNG of every board (``palette_png``). Measured on the
canvases of ``python -m benchmarks.render`` (a 1.7 Mpx FENCE! city): Pillow's PNG writer at
zlib level 2, 4.1 ms for 89 KB; ISA-L level 1, 0.7 ms for 92 KB (level 0: 107 KB, no
faster; levels 2–3: the same size, slower)."""

_SAMPLE_SIZE = 100_000
"""Pixels a palette is chosen from: every flat colour of a board covers far more than one
pixel in ten of a 900 px image, and the octree's time grows with the sample."""


def _palette_sample(image: Image.Image) -> Image.Image:
    """About ``_SAMPLE_SIZE`` pixels of an RGB image (never more than one in nine), as a
    one-row image, to choose a palette from.

    Pixels are taken every ``stride`` pixels in raster order, ``stride`` coprime with the
    width: a diagonal lattice that crosses every row *and* every column every ``stride``
    pixels, so even a 1 px line drawn in a colour of its own lands in the sample. A square
    grid (every third row and column) would miss lines lying between its rows.

    The image is viewed as one long row through the Arrow interface (no copy) and shrunk
    with nearest-neighbour sampling, which picks exactly pixels ``stride·i + stride // 2``;
    an image Pillow keeps in several memory blocks cannot be viewed so and is sliced as
    bytes instead, picking the same pixels.
    """
    pixels = image.width * image.height
    stride = max(9, pixels // _SAMPLE_SIZE)
    while math.gcd(stride, image.width) != 1:
        stride += 1
    count = pixels // stride
    try:
        row = Image.fromarrow(image, "RGB", (pixels, 1))
    except (AttributeError, ValueError):  # Pillow before 11.2, or several blocks
        data = image.tobytes()
        start = 3 * (stride // 2)
        bands = [data[start + i :: 3 * stride][:count] for i in range(3)]
        return Image.merge("RGB", [Image.frombytes("L", (count, 1), b) for b in bands])
    return row.transform(
        (count, 1), Image.Transform.AFFINE, (stride, 0, 0, 0, 1, 0), Image.Resampling.NEAREST
    )


def quantized(image: Image.Image) -> Image.Image:
    """``image`` as 256 palette colours, chosen from a sample and mapped without dithering.

    Choosing a palette is the expensive half of quantizing (an adaptive octree over 1.2 M
    pixels took 8–12 ms, more than drawing a whole board); choosing it from a ninth of the
    pixels and then mapping every pixel to its nearest entry (Pillow's cached lookup) takes
    about 2 ms and comes out visibly the same: board art is flat colours plus anti-aliased
    edges, and every flat colour covers far more than nine pixels. Deterministic: the same
    image always gets the same palette, so the same position always gives the same bytes.
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    small = rgb.width * rgb.height < 9 * 256  # too few pixels to sample: all of them
    sample = rgb if small else _palette_sample(rgb)
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, and the CRC of type and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def palette_png(image: Image.Image) -> bytes:
    """PNG bytes of a palette ("P") image, compressed with ISA-L (``DEFLATE_LEVEL``).

    Pillow's PNG writer spent 4 ms of every FENCE! city in deflate (zlib-ng at level 2),
    half of the whole encoding; ISA-L's deflate does the same 1.7 MB in 0.7 ms for 3 % more
    bytes. Pillow cannot be handed another compressor, and a palette PNG is five chunks of
    the PNG specification, so they are written here: the header, the palette (as many
    entries as the image's palette has), the pixel rows each led by filter type 0 (None, as
    Pillow writes palette rows: filters only blur palette indices), and the end. The pixels
    decode exactly as Pillow's own file of the same image.
    """
    width, height = image.size
    # Column 0 of a one-pixel-wider image holds every row's filter byte, so one tobytes()
    # gives the filtered scanlines without a loop over the rows.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    colours = image.getpalette("RGB") or [0, 0, 0]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), DEFLATE_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def to_png(image: Image.Image, *, quantize: bool = True, compress_level: int = PNG_LEVEL) -> bytes:
    """PNG bytes of ``image``.

    Board art is flat colour plus anti-aliased edges, usually well under 256 distinct colours,
    so a 256-colour palette (``quantized``) is visually lossless while making the file about
    a third of the RGB size and the encode several times faster (an Ordo board: 40 KB in
    2 ms instead of 130 KB in 16 ms); it is written by ``palette_png``. Pass
    ``quantize=False`` for art with photographic gradients, where a palette would band: that
    is kept in full colour by Pillow's writer at ``compress_level`` (see ``PNG_LEVEL``).
    """
    if image.mode == "P" or quantize:
        return palette_png(image if image.mode == "P" else quantized(image))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()
