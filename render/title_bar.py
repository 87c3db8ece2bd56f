"""The title bar on top of every board image: who plays whom, in which colour, whose turn it
is or how the match ended, and a line of details under each name; a phone-width bar wraps
the seats into rows. Imported through ``render.common``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from render.drawing import (
    PALETTE,
    RGB,
    Palette,
    contrast,
    disc,
    fit_text,
    put_text,
    text_width,
    wrap_lines,
)
from render.fonts import Font, font
from render.labels import Labels, joined, say
from render.labels import colour as colour_word

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
