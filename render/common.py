"""Drawing helpers shared by every game renderer.

Every board image the bot posts should feel like one product: the same typeface, the same
title bar saying who plays whom and whose turn it is, the same big coordinates, the same
last-move colours. Keeping those here means a renderer only has to draw its own pieces.

Stable API (add, never change): ``font``, ``Font``, ``RGB``, ``Palette``, ``PALETTE``, ``contrast``,
``blend``, ``text_width``, ``fit_text``, ``draw_centered_text``, ``seat_label``,
``default_status``, ``title_bar``, ``Grid``, ``COORD_MARGIN``, ``draw_coordinates``,
``file_letters``, ``disc``, ``paste_centered``, ``highlight_square``, ``capture_mark``,
``new_canvas``, ``to_png``, ``MIN_WIDTH``, ``quantized``, ``PNG_LEVEL``, ``put_text``,
``palette_png``, ``DEFLATE_LEVEL``.

All coordinates are screen pixels; a ``Grid`` maps *screen* columns/rows (0,0 = top-left
cell as drawn) to boxes, so flipping a board for a perspective is the renderer's business and
never leaks in here.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache, partial

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from render.fonts import Font, draw_runs, font, needs_fallback, runs_width
from render.labels import Labels, joined, say
from render.labels import colour as colour_word
from render.layers import STATIC_LAYERS

__all__ = [
    "COORD_MARGIN",
    "DEFLATE_LEVEL",
    "MIN_WIDTH",
    "PALETTE",
    "PNG_LEVEL",
    "RGB",
    "Font",
    "Grid",
    "Palette",
    "blend",
    "capture_mark",
    "contrast",
    "default_status",
    "disc",
    "draw_centered_text",
    "draw_coordinates",
    "file_letters",
    "fit_text",
    "font",
    "highlight_square",
    "new_canvas",
    "palette_png",
    "paste_centered",
    "put_text",
    "quantized",
    "seat_label",
    "text_width",
    "title_bar",
    "to_png",
]

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


# --------------------------------------------------------------------------------------------
# Title bar
# --------------------------------------------------------------------------------------------


def seat_label(
    seat: int,
    players: Sequence[str] | None,
    palette: Palette = PALETTE,
    labels: Labels | None = None,
) -> str:
    """ "alice (White)" when names are known, else just "White" (in the labels' language)."""
    colour = colour_word(labels, palette.seat_name(seat))
    if players and seat < len(players) and players[seat]:
        return f"{players[seat]} ({colour})"
    return colour


def _fitted_seat_label(
    seat: int,
    players: Sequence[str] | None,
    palette: Palette,
    fnt: Font,
    max_width: int,
    labels: Labels | None = None,
) -> str:
    """Like ``seat_label`` but shortens the *name*, so the colour word always survives."""
    label = seat_label(seat, players, palette, labels)
    if text_width(label, fnt) <= max_width or not players or seat >= len(players):
        return fit_text(label, fnt, max_width)
    suffix = f" ({colour_word(labels, palette.seat_name(seat))})"
    name = fit_text(players[seat], fnt, max(0, max_width - text_width(suffix, fnt)))
    return name + suffix


def _as_seats(to_move: int | Sequence[int] | None) -> tuple[int, ...]:
    if to_move is None:
        return ()
    if isinstance(to_move, int):
        return (to_move,)
    return tuple(to_move)


def default_status(
    to_move: int | Sequence[int] | None,
    players: Sequence[str] | None,
    palette: Palette = PALETTE,
    labels: Labels | None = None,
) -> str:
    """The line shown when the caller gives no status: whose turn it is, or nothing."""
    seats = _as_seats(to_move)
    if not seats:
        return ""
    who = joined(labels, [seat_label(s, players, palette, labels) for s in seats])
    return say(labels, "to_move", players=who)


def short_names(players: Sequence[str] | None, fnt: Font, max_width: float) -> list[str] | None:
    """Names cut to ``max_width`` for a sentence built around them (a status line), so the
    sentence's own words, and the colour in "name (Black)", always survive the wrapping."""
    if not players:
        return None
    return [fit_text(name, fnt, int(max_width)) if name else name for name in players]


_BAR_PAD = 18
_TITLE_SIZE = 34
_NAME_SIZE = 28
_STATUS_SIZE = 30
_ROW = 44
_SWATCH = 28
_DETAIL_SIZE = 24
_NARROW = 760
_NARROW_NAME_SIZE = 26
_DETAIL_ROW = 28
_CHIP = (214, 218, 226)


@dataclass(frozen=True)
class _Bar:
    """A title bar's measures at one scale: sizes, fonts and how the seats are laid out."""

    width: int
    scale: float
    palette: Palette
    narrow: bool
    columns: int
    row: int
    row_height: int
    swatch: int
    pad: int
    title_font: Font
    name_font: Font
    mover_font: Font
    status_font: Font
    detail_font: Font

    def px(self, value: float) -> int:
        return round(value * self.scale)

    @property
    def column_width(self) -> int:
        return (self.width - 2 * self.pad) // self.columns


def _bar_layout(
    width: int, seats: int, details: Sequence[str] | None, palette: Palette, scale: float
) -> _Bar:
    """How wide the seats' columns are and how tall their rows: a narrow bar (a FENCE! map is
    600–700 px) lists one seat a row, its facts on the same row, since two columns cut every
    name to a few letters ("Com… (Orange)")."""

    def px(value: float) -> int:
        return round(value * scale)

    narrow = width < _NARROW * scale
    name_size = px(_NARROW_NAME_SIZE if narrow else _NAME_SIZE)
    detail_font = font(px(_DETAIL_SIZE), weight="semibold")
    pad, swatch = px(_BAR_PAD), px(_SWATCH)
    columns = 1 if narrow else 2 if seats <= 4 else 3
    if columns == 3 and details:
        # Three columns only while every seat's facts fit whole: a cut "IN JAI…" hides the
        # fact a player looks for ("First Player" after it), a fourth row costs less.
        room = (width - 2 * pad) // 3 - px(28) - swatch - px(14) - px(16)
        if any(text_width(d, detail_font) > room for d in details):
            columns = 2
    row = px(_ROW)
    return _Bar(
        width=width, scale=scale, palette=palette, narrow=narrow, columns=columns, row=row,
        row_height=row + (px(_DETAIL_ROW) if details and not narrow else 0), swatch=swatch,
        pad=pad, title_font=font(px(_TITLE_SIZE), bold=True), name_font=font(name_size),
        mover_font=font(name_size, bold=True),
        status_font=font(px(_STATUS_SIZE), weight="semibold"), detail_font=detail_font,
    )  # fmt: skip


def title_bar(
    width: int,
    *,
    title: str,
    seats: int,
    players: Sequence[str] | None = None,
    to_move: int | Sequence[int] | None = None,
    status: str | None = None,
    subtitle: str | None = None,
    palette: Palette = PALETTE,
    seat_colours: Sequence[RGB] | None = None,
    details: Sequence[str] | None = None,
    labels: Labels | None = None,
    turn_status: str | None = None,
    scale: float = 1.0,
) -> Image.Image:
    """A dark band with the game name, every seat's name with its colour, and a status line.

    Returned as its own image so a renderer can size its canvas as ``bar.height + board`` and
    paste it, without predicting how many lines long names or statuses wrap to. The seat to
    move sits on a bright band with an arrow so it is obvious at thumbnail size.
    ``subtitle`` (e.g. "move 12") is right-aligned on the title line. ``seat_colours``
    overrides the palette's swatches for games whose pieces use other colours.
    ``turn_status`` replaces the "X to move" line while the game goes on (e.g. "alice must
    capture"): unlike ``status`` it keeps the seats to move boxed.
    ``details`` (one short line per seat, e.g. "3 cards · in Jail") is drawn under each name:
    games with per-seat facts then need no separate legend repeating every name, which
    keeps the image short enough for a phone. ``scale`` draws everything that much larger,
    for a picture so wide that a phone shows it smaller than usual (a big FENCE! city).
    """
    colours = list(seat_colours) if seat_colours else [palette.seat_colour(s) for s in range(seats)]
    # An explicit status is the result line: once a match is decided nobody is "to move"
    # any more, even if the position alone would still say so (a resignation, a timeout).
    movers = set() if status is not None else set(_as_seats(to_move))
    bar_ = _bar_layout(width, seats, details, palette, scale)
    px, pad, inner = bar_.px, bar_.pad, width - 2 * bar_.pad
    title_size, status_size = px(_TITLE_SIZE), px(_STATUS_SIZE)
    status_text = (
        status
        if status is not None
        else turn_status
        if turn_status is not None
        else default_status(
            to_move, short_names(players, bar_.status_font, inner * 0.55), palette, labels
        )
    )
    status_lines = wrap_lines(status_text, bar_.status_font, inner, 2) if status_text else []
    player_rows = -(-seats // bar_.columns)
    height = (
        pad
        + title_size
        + px(12)
        + player_rows * bar_.row_height
        + px(8)
        + len(status_lines) * (status_size + px(8))
        + pad
    )
    bar = Image.new("RGB", (width, height), palette.bar_background)
    y = pad
    put_text(bar, (pad, y), title, bar_.title_font, palette.bar_text, anchor="lt")
    if subtitle:
        put_text(
            bar, (width - pad, y + px(6)), subtitle, bar_.name_font, palette.bar_muted, anchor="rt"
        )
    y += title_size + px(12)
    for seat in range(seats):
        line, col = divmod(seat, bar_.columns)
        x0, y0 = pad + col * bar_.column_width, y + line * bar_.row_height
        detail = details[seat] if details and seat < len(details) else ""
        label = partial(_fitted_seat_label, seat, players, palette, labels=labels)
        swatch = colours[seat % len(colours)]
        _draw_seat(bar, bar_, (x0, y0), swatch, label, detail, moving=seat in movers)
    y += player_rows * bar_.row_height + px(8)
    for text in status_lines:
        put_text(bar, (pad, y), text, bar_.status_font, palette.bar_turn, anchor="lt")
        y += status_size + px(8)
    return bar


def _draw_seat(
    bar: Image.Image,
    layout: _Bar,
    corner: tuple[int, int],
    swatch: RGB,
    label: Callable[[Font, int], str],
    detail: str,
    *,
    moving: bool,
) -> None:
    """One seat of the bar: its colour on a light chip, its name (bold on a bright band with an
    arrow when it is to move) and its facts, under the name or, in a narrow bar, beside it."""
    px, palette, draw = layout.px, layout.palette, ImageDraw.Draw(bar)
    x0, y0 = corner
    column_width, row, swatch_size = layout.column_width, layout.row, layout.swatch
    mid = y0 + row // 2
    if moving:
        draw.rounded_rectangle(
            (x0, y0 + px(2), x0 + column_width - px(8), y0 + layout.row_height - px(2)),
            radius=px(8),
            fill=palette.bar_turn,
        )
        # Arrow pointing at the swatch: the mover reads at a glance even in greyscale.
        draw.polygon(
            [(x0 + px(8), mid - px(9)), (x0 + px(8), mid + px(9)), (x0 + px(20), mid)],
            fill=(0, 0, 0),
        )
    sx = x0 + px(28)
    # A light chip behind the swatch: a black disc straight on the dark bar would read as
    # an empty ring, indistinguishable from white at a glance.
    half = swatch_size // 2 + px(4)
    draw.rounded_rectangle(
        (sx - px(4), mid - half, sx + swatch_size + px(4), mid + half), radius=px(7), fill=_CHIP
    )
    sprite = disc(swatch_size, swatch, contrast(swatch), px(3))
    bar.paste(sprite, (sx, mid - swatch_size // 2), sprite)
    fnt = layout.mover_font if moving else layout.name_font
    detail_font = layout.detail_font
    tx = sx + swatch_size + px(14)
    right = x0 + column_width - px(16)
    detail_colour = (40, 40, 40) if moving else palette.bar_muted
    if layout.narrow and detail:  # the facts right-aligned on the name's row, the name first
        room = right - tx - text_width(label(fnt, right - tx), fnt) - px(20)
        shown = fit_text(detail, detail_font, max(room, int(column_width * 0.3)))
        put_text(bar, (right, mid), shown, detail_font, detail_colour, anchor="rm")
        right -= text_width(shown, detail_font) + px(20)
        detail = ""
    text_colour = (0, 0, 0) if moving else palette.bar_text
    put_text(bar, (tx, mid), label(fnt, right - tx), fnt, text_colour, anchor="lm")
    if detail:
        put_text(
            bar,
            (tx, y0 + row + px(_DETAIL_ROW) // 2 - px(4)),
            fit_text(detail, detail_font, x0 + column_width - px(16) - tx),
            detail_font,
            detail_colour,
            anchor="lm",
        )


# --------------------------------------------------------------------------------------------
# Grids and coordinates
# --------------------------------------------------------------------------------------------


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
