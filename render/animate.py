"""Whole games as pictures: an animated GIF of board images, or a numbered contact sheet.

Both take the PNG bytes the game renderers already produce (one per position), so they work
for every game and can only show what those images show: pass public images for a public
export.

Memory stays bounded by a few frames, not the length of the game: frames are decoded one at
a time, shrunk at once, and the GIF is written as it goes (each frame stores only the
rectangle that changed since the previous one, with its own 256-colour palette). Pillow's
own multi-frame writer keeps every frame until the end, which for a 300-move game at full
size would be gigabytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from render.common import PALETTE, contrast, font, to_png

__all__ = ["animate", "sequence"]

# Taller sheets are refused by some image viewers and take long to open on a phone; a longer
# game gets more, smaller columns instead.
MAX_SHEET_HEIGHT = 16_000
_GAP = 12
_BADGE = 34


def _sizes(frames: Sequence[bytes]) -> Iterator[tuple[int, int]]:
    """Each frame's size from its header alone: no pixels are decoded."""
    for data in frames:
        with Image.open(io.BytesIO(data)) as image:
            yield image.size


def _scaled(size: tuple[int, int], max_width: int) -> tuple[int, int]:
    width, height = size
    if width <= max_width:
        return width, height
    return max_width, max(1, round(height * max_width / width))


def _decode(data: bytes, size: tuple[int, int]) -> Image.Image:
    """``data`` as RGB scaled to ``size``."""
    with Image.open(io.BytesIO(data)) as image:
        rgb = image.convert("RGB")
    if rgb.size != size:
        rgb = rgb.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    return rgb


def _padded(image: Image.Image, canvas: tuple[int, int]) -> Image.Image:
    """``image`` on a canvas of the common size: centred across, top-aligned, so the title
    bar every board image starts with stays in place from frame to frame."""
    if image.size == canvas:
        return image
    out = Image.new("RGB", canvas, PALETTE.background)
    out.paste(image, ((canvas[0] - image.width) // 2, 0))
    return out


def _quantised(image: Image.Image, colours: int = 256) -> Image.Image:
    """A palette image without dithering: board art is flat colour, and dither noise would
    make every frame differ everywhere and grow the file. The palette is padded to 256
    entries so index ``CLEAR`` always exists."""
    out = image.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette = out.getpalette() or []
    out.putpalette(palette + [0] * (768 - len(palette)))
    return out


# Palette index left for "unchanged": inside a frame's changed rectangle most pixels are still
# the same (a title bar line and a pawn far apart make one tall rectangle), and long runs of
# one transparent index are what GIF's LZW compresses best.
CLEAR = 255


# Channel differences up to this count as "unchanged". The renderers write palette PNGs whose
# 256 colours are chosen per image, so the same flat colour can come back a few levels off in
# the next frame; treating that as a change made every frame nearly full-size.
NOISE = 10


def _delta(
    shown: Image.Image, frame: Image.Image
) -> tuple[Image.Image, tuple[int, int], Image.Image] | None:
    """What of ``frame`` differs from ``shown`` (the picture on screen so far): the bounding
    rectangle as a palette image with unchanged pixels transparent, where it goes, and the
    new picture on screen; None when nothing visibly changed."""
    red, green, blue = ImageChops.difference(shown, frame).split()
    changed = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(
        [0] * (NOISE + 1) + [255] * (255 - NOISE)
    )
    box = changed.getbbox()
    if box is None:
        return None
    piece = _quantised(frame.crop(box), CLEAR)
    piece.paste(CLEAR, mask=ImageChops.invert(changed.crop(box)))
    # Only changed pixels reach the screen, so the next comparison is against what is really
    # shown and small differences cannot pile up.
    return piece, (box[0], box[1]), Image.composite(frame, shown, changed)


def animate(
    frames: Sequence[bytes],
    *,
    duration_ms: int = 700,
    last_ms: int = 2500,
    max_width: int = 480,
) -> bytes:
    """An endlessly looping GIF of ``frames`` (PNG bytes), each shown ``duration_ms`` and the
    last ``last_ms`` so the final position can be read before the loop restarts.

    Frames wider than ``max_width`` are shrunk to it; frames of different sizes are padded
    to the largest. A frame identical to the one before just lengthens that one.
    """
    if not frames:
        raise ValueError("An animation needs at least one frame.")
    scaled = [_scaled(size, max_width) for size in _sizes(frames)]
    canvas = (max(w for w, _ in scaled), max(h for _, h in scaled))
    out = io.BytesIO()
    shown: Image.Image | None = None
    # A frame is written only once the next one is known: a repeat lengthens it, and the
    # last one gets ``last_ms``.
    pending: tuple[Image.Image, tuple[int, int], int] | None = None
    for data, size in zip(frames, scaled, strict=True):
        frame = _padded(_decode(data, size), canvas)
        if shown is None:
            delta = (_quantised(frame), (0, 0), frame)
        else:
            found = _delta(shown, frame)
            if found is None:
                assert pending is not None
                pending = (pending[0], pending[1], pending[2] + duration_ms)
                continue
            delta = found
        if pending is not None:
            _write_frame(out, *pending)
        piece, offset, shown = delta
        pending = (piece, offset, duration_ms)
    assert pending is not None
    piece, offset, shown_ms = pending
    _write_frame(out, piece, offset, shown_ms - duration_ms + last_ms)
    out.write(b";")  # GIF trailer
    return out.getvalue()


def _write_frame(out: io.BytesIO, piece: Image.Image, offset: tuple[int, int], ms: int) -> None:
    """Append one frame; the first also writes the file header with its palette as the
    global one and the loop-forever extension."""
    if out.tell() == 0:
        header, _ = GifImagePlugin.getheader(piece, info={"loop": 0, "duration": ms})
        for chunk in header:
            out.write(chunk)
        params: dict[str, object] = {"duration": ms}
    else:
        # Disposal 1 keeps what is on screen; the transparent pixels let it show through.
        params = {
            "duration": ms,
            "include_color_table": True,
            "transparency": CLEAR,
            "disposal": 1,
        }
    for chunk in GifImagePlugin.getdata(piece, offset, **params):
        out.write(chunk)


def sequence(frames: Sequence[bytes], *, columns: int = 4, max_width: int = 1600) -> bytes:
    """A PNG contact sheet: ``frames`` (PNG bytes) in reading order, ``columns`` across and
    ``max_width`` wide, each numbered from 1 in its top-left corner.

    When so many frames would make the sheet taller than ``MAX_SHEET_HEIGHT``, more columns
    are used (smaller pictures) rather than an image a phone cannot open.
    """
    if not frames:
        raise ValueError("A contact sheet needs at least one frame.")
    sizes = list(_sizes(frames))
    aspect = max(h / w for w, h in sizes)  # the tallest frame sets every cell's height
    columns = max(1, min(columns, len(frames)))
    while True:
        cell_w = (max_width - _GAP * (columns + 1)) // columns
        cell_h = max(1, round(cell_w * aspect))
        rows = -(-len(frames) // columns)
        height = _GAP + rows * (cell_h + _GAP)
        if height <= MAX_SHEET_HEIGHT or cell_w <= 60:
            break
        columns += 1
    sheet = Image.new("RGB", (max_width, height), PALETTE.bar_background)
    draw = ImageDraw.Draw(sheet)
    badge_font = font(_BADGE - 10, bold=True)
    for index, (data, (w, h)) in enumerate(zip(frames, sizes, strict=True)):
        scale = min(cell_w / w, cell_h / h)
        picture = _decode(data, (max(1, round(w * scale)), max(1, round(h * scale))))
        row, col = divmod(index, columns)
        x = _GAP + col * (cell_w + _GAP)
        y = _GAP + row * (cell_h + _GAP)
        sheet.paste(picture, (x + (cell_w - picture.width) // 2, y))
        label = str(index + 1)
        badge_w = max(_BADGE, round(badge_font.getlength(label)) + 14)
        colour = PALETTE.bar_turn
        draw.rounded_rectangle((x, y, x + badge_w, y + _BADGE), radius=8, fill=colour)
        draw.text(
            (x + badge_w / 2, y + _BADGE / 2),
            label,
            font=badge_font,
            fill=contrast(colour),
            anchor="mm",
        )
    return to_png(sheet)
