"""The drawing every game's image is made of: the palette, text that fits, the coordinate
grid, discs and marks, the canvas. ``render.common`` is the one place a renderer imports
these from (its stable list); the title bar and the PNG encoding build on them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.fonts import Font, draw_runs, font, needs_fallback, runs_width
from render.layers import STATIC_LAYERS

RGB = tuple[int, int, int]

# Discord shrinks images to the chat column; below this width coordinates become unreadable.
MIN_WIDTH = 800
# Room for one row/column of coordinate labels on each side of a grid.
COORD_MARGIN = 44


@dataclass(frozen=True)
class Palette:
    """Colours every game shares, so highlights mean the same thing in all five games.

    The seat colours are listed in seat order and named in ``seat_names`` so status lines can
    say "alice (Red)"; two-player games use the first two (White, Black).
    """

    background: RGB = (240, 236, 226)
    text: RGB = (28, 28, 32)
    muted: RGB = (105, 105, 112)
    bar_background: RGB = (36, 40, 50)
    bar_text: RGB = (250, 250, 250)
    bar_muted: RGB = (178, 184, 196)
    bar_turn: RGB = (255, 196, 40)  # the band behind the seat to move
    board_light: RGB = (236, 214, 170)
    board_dark: RGB = (184, 140, 92)
    board_line: RGB = (92, 64, 38)
    highlight_from: RGB = (255, 214, 58)
    highlight_to: RGB = (255, 150, 20)
    highlight_capture: RGB = (214, 24, 36)
    warning: RGB = (200, 20, 30)
    seat_colours: tuple[RGB, ...] = (
        (250, 250, 248),
        (30, 30, 34),
        (214, 48, 48),
        (40, 104, 214),
        (36, 150, 72),
        (236, 188, 24),
    )
    seat_names: tuple[str, ...] = ("White", "Black", "Red", "Blue", "Green", "Yellow")

    def seat_colour(self, seat: int) -> RGB:
        return self.seat_colours[seat % len(self.seat_colours)]

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat % len(self.seat_names)]


PALETTE = Palette()


def contrast(colour: RGB) -> RGB:
    """Near-black or near-white, whichever reads on ``colour`` (outlines, labels on pieces)."""
    r, g, b = colour
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return (20, 20, 24) if luminance > 140 else (245, 245, 245)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``; used to tint squares without alpha layers."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def text_width(text: str, fnt: Font) -> int:
    """Advance width in pixels; cached, as fitting names measures the same strings on every
    image of a match (twenty-odd measurements a FENCE! title bar)."""
    return round(runs_width(text, fnt))


def _glyph_mask(
    fnt: ImageFont.FreeTypeFont, text: str, anchor: str, start: tuple[float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    core, offset = fnt.getmask2(text, "L", anchor=anchor, start=start)
    return Image.Image()._new(core), offset


TextSeen = Callable[[tuple[int, int], tuple[float, float], str, Font, str], None]
"""(image size, position, text, font, anchor) of one text drawn."""

TEXT_SEEN: ContextVar[TextSeen | None] = ContextVar("TEXT_SEEN", default=None)
"""The renderers' text hook: a test that sets it sees every text :func:`put_text` draws
(which pastes cached glyph masks, so PIL's ``ImageDraw.text`` never sees it; every other
text is drawn with ``ImageDraw.text`` and is seen by wrapping that). Unset it costs one
lookup per text; renderers never set it."""


def put_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: RGB,
    *,
    anchor: str = "la",
) -> None:
    """``ImageDraw.text`` with the glyphs cached: the same names, statuses and footer lines
    come back on every image of a match, and rendering a line of text (0.1–0.5 ms) cost more
    than pasting the cached mask (0.03 ms). Pixel for pixel what ``ImageDraw.text`` draws: the
    same mask (sub-pixel start included) blended in the same way. Text with characters the
    font lacks (emoji, CJK names) is drawn run by run with the fallback fonts instead."""
    if not isinstance(fnt, ImageFont.FreeTypeFont) or needs_fallback(text, fnt):
        draw_runs(ImageDraw.Draw(image), xy, text, fnt, fill, anchor=anchor)
        return
    if (seen := TEXT_SEEN.get()) is not None:
        seen(image.size, xy, text, fnt, anchor)
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    key = ("text", fnt, text, anchor, start)
    mask, (dx, dy) = STATIC_LAYERS.get(key, _glyph_mask, fnt, text, anchor, start)
    if mask.width and mask.height:
        image.paste(fill, (int(xy[0]) + dx, int(xy[1]) + dy), mask)


def fit_text(text: str, fnt: Font, max_width: int) -> str:
    """``text`` cut with an ellipsis so it fits; long Discord nicknames must not push swatches
    off the image."""
    if text_width(text, fnt) <= max_width:
        return text
    cut = text
    while cut and text_width(cut + "…", fnt) > max_width:
        cut = cut[:-1]
    return cut + "…" if cut else ""


def draw_centered_text(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    text: str,
    fnt: Font,
    fill: RGB,
    *,
    stroke_width: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Text whose visual middle sits on ``center`` (anchor "mm"), as labels on cells need."""
    draw_runs(
        draw,
        center,
        text,
        fnt,
        fill,
        anchor="mm",
        stroke_width=stroke_width,
        stroke_fill=stroke_fill,
    )


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards": counts in titles and seat details read as words, not "card(s)"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def wrap_lines(text: str, fnt: Font, max_width: int, max_lines: int = 3) -> list[str]:
    """Greedy word wrap; the last allowed line is ellipsised rather than dropped."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if text_width(trial, fnt) <= max_width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [fit_text(line, fnt, max_width) for line in lines] or [""]


@dataclass(frozen=True)
class Grid:
    """Geometry of a rectangular board drawn at ``(left, top)`` with square cells.

    Columns and rows are *screen* positions (row 0 is the top row as drawn), so the same code
    serves every perspective.
    """

    cols: int
    rows: int
    cell: int
    left: int = COORD_MARGIN
    top: int = COORD_MARGIN

    @property
    def width(self) -> int:
        return self.cols * self.cell

    @property
    def height(self) -> int:
        return self.rows * self.cell

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    def box(self, col: int, row: int) -> tuple[int, int, int, int]:
        """Inclusive-exclusive pixel box of a cell: (x0, y0, x1, y1)."""
        x0 = self.left + col * self.cell
        y0 = self.top + row * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def center(self, col: int, row: int) -> tuple[int, int]:
        x0, y0, _, _ = self.box(col, row)
        return (x0 + self.cell // 2, y0 + self.cell // 2)

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The screen cell under a pixel, or None off the board (tests probe pixels with it)."""
        if not (self.left <= x < self.right and self.top <= y < self.bottom):
            return None
        return ((x - self.left) // self.cell, (y - self.top) // self.cell)


def file_letters(count: int) -> list[str]:
    """a, b, c … for ``count`` files (past z continues aa, ab … though no game needs it)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for i in range(count):
        out.append(letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26])
    return out


def draw_coordinates(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    files: Sequence[str],
    ranks: Sequence[str],
    *,
    palette: Palette = PALETTE,
    size: int = 30,
    margin: int = COORD_MARGIN,
) -> None:
    """Labels on all four edges: ``files`` left→right and ``ranks`` top→bottom *as drawn*.

    All four sides are labelled because on a phone the thumb covers one edge, and a flipped
    board should never need the reader to count squares.
    """
    fnt = font(size, bold=True)
    half = margin // 2
    for col, label in enumerate(files[: grid.cols]):
        cx, _ = grid.center(col, 0)
        draw_centered_text(draw, (cx, grid.top - half), label, fnt, palette.text)
        draw_centered_text(draw, (cx, grid.bottom + half), label, fnt, palette.text)
    for row, label in enumerate(ranks[: grid.rows]):
        _, cy = grid.center(0, row)
        draw_centered_text(draw, (grid.left - half, cy), label, fnt, palette.text)
        draw_centered_text(draw, (grid.right + half, cy), label, fnt, palette.text)


# --------------------------------------------------------------------------------------------
# Pieces and marks
# --------------------------------------------------------------------------------------------

_SUPERSAMPLE = 4


@lru_cache(maxsize=256)
def disc(diameter: int, fill: RGB, outline: RGB, outline_width: int) -> Image.Image:
    """An anti-aliased RGBA disc, cached: Pillow's own ellipses are jagged at phone sizes and
    drawing one at 4x then shrinking it is too slow to do per piece.

    The returned image is shared; paste it, never draw on it.
    """
    big = diameter * _SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=(*outline, 255))
    inset = outline_width * _SUPERSAMPLE
    if inset * 2 < big:
        draw.ellipse((inset, inset, big - 1 - inset, big - 1 - inset), fill=(*fill, 255))
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


def paste_centered(canvas: Image.Image, sprite: Image.Image, center: tuple[int, int]) -> None:
    """Paste an RGBA sprite so its middle lands on ``center``, using its own alpha."""
    x = center[0] - sprite.width // 2
    y = center[1] - sprite.height // 2
    canvas.paste(sprite, (x, y), sprite)


def highlight_square(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    colour: RGB,
    *,
    base: RGB | None = None,
    strength: float = 0.65,
    frame: int = 6,
) -> None:
    """Tint a cell towards ``colour`` and frame it in full ``colour``.

    The tint shows the square even under a piece; the frame survives JPEG-ish scaling in
    Discord previews. Without ``base`` the cell is filled with ``colour`` itself.
    """
    x0, y0, x1, y1 = box
    fill = blend(base, colour, strength) if base is not None else colour
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
    if frame:
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=colour, width=frame)


def capture_mark(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    colour: RGB = PALETTE.highlight_capture,
    *,
    width: int | None = None,
) -> None:
    """A thick X across a cell, for squares whose piece was just taken (a shape, not only a
    colour, so colour-blind players see it too)."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    w = width or max(4, size // 10)
    pad = size // 5
    draw.line((x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=colour, width=w)
    draw.line((x0 + pad, y1 - pad, x1 - pad, y0 + pad), fill=colour, width=w)


# --------------------------------------------------------------------------------------------
# Canvas and encoding
# --------------------------------------------------------------------------------------------


def dashed_line(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    dashes: Iterable[tuple[float, float]],
    fill: RGB,
    width: int,
) -> None:
    """The segment ``start``–``end`` drawn only where ``dashes`` say, each a (from, to)
    fraction of the way: Pillow has no dash pattern, and each game wants its own rhythm."""
    (x0, y0), (x1, y1) = start, end
    for a, b in dashes:
        draw.line(
            (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
            fill=fill,
            width=width,
        )


def new_canvas(width: int, height: int, palette: Palette = PALETTE) -> Image.Image:
    return Image.new("RGB", (max(width, MIN_WIDTH), height), palette.background)
