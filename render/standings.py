"""A league's or tournament's standings as a PNG table for a phone (issue 18.3).

``standings_image(title, header, rows, highlight=…, footnote=…)`` takes cells already
formatted by the caller (``competition.standings.standings_cells`` makes them)
and only lays them out, so the same picture serves every kind of tournament.

Choices for a phone, where Discord shows the picture about 400 px wide:

* The image is 640 px wide, not the 800 of boards and charts: a table is all text, and at
  640 the row text still shows at about 16 px on a phone, where 800 would shrink it to 13.
  It is drawn at twice that size and shrunk, like ``render.chart``.
* Columns whose every cell is a number (``12``, ``2½``, ``1.58``, ``2-1-0``) are right
  aligned so digits line up; the others are left aligned, and the widest text column
  (the player's name) takes whatever width is left, long names ending in "…".
* Zebra rows keep a line readable across the gap between name and numbers; the
  highlighted row (the reader's own) is tinted and marked with a bar at its left edge,
  and drawn in bold, so it stands out without relying on colour alone.
* A long title wraps to up to three lines rather than being cut: "after round 2 of 3"
  usually sits at its end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import PALETTE, RGB, blend, fit_text, font, text_width, to_png, wrap_lines
from render.fonts import draw_runs
from render.labels import Labels, say

WIDTH = 640
_SCALE = 2
_SIDE = 20
_GAP = 24  # between columns
_BAR_PAD = 16
_TITLE = 30
_TITLE_LINE = 38
_HEAD = 21
_HEAD_ROW = 40
_CELL = 26
_ROW = 44
_FOOT = 20
_MIN_FLEX = 120  # the name column never gets narrower than this, even with many columns

ZEBRA: RGB = blend(PALETTE.background, PALETTE.board_dark, 0.14)
HIGHLIGHT: RGB = blend(PALETTE.background, PALETTE.bar_turn, 0.55)
MARK: RGB = (214, 140, 0)
RULE: RGB = blend(PALETTE.background, PALETTE.text, 0.35)

_NUMBER = re.compile(r"^[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚.,+\-−–= ]*$")


def _numeric(column: Sequence[str]) -> bool:
    """Whether a column holds only numbers (and so is right aligned); empty cells allowed."""
    return any(cell.strip() for cell in column) and all(_NUMBER.match(cell) for cell in column)


def _widths(header: Sequence[str], rows: Sequence[Sequence[str]]) -> tuple[list[int], int | None]:
    """Each column's width at the final size, and which column stretches (or None)."""
    count = len(header)
    columns = [[row[i] if i < len(row) else "" for row in rows] for i in range(count)]
    head, bold = font(_HEAD, weight="semibold"), font(_CELL, bold=True)
    widths = [
        max([text_width(header[i], head), *(text_width(c, bold) for c in columns[i])])
        for i in range(count)
    ]
    text_columns = [i for i in range(count) if not _numeric(columns[i])]
    flex = max(text_columns, key=lambda i: widths[i], default=None)
    if flex is not None:
        fixed = sum(w for i, w in enumerate(widths) if i != flex)
        room = WIDTH - 2 * _SIDE - _GAP * (count - 1) - fixed
        widths[flex] = max(room, _MIN_FLEX)
    return widths, flex


@dataclass(frozen=True)
class _Table:
    """Where each column of the table is drawn: its width, its left edge, whether it holds
    numbers (right-aligned, never cut) and which column gives way when names are long."""

    draw: ImageDraw.ImageDraw
    widths: list[int]
    lefts: list[int]
    right: list[bool]
    flex: int | None

    @classmethod
    def of(
        cls, draw: ImageDraw.ImageDraw, header: Sequence[str], rows: Sequence[Sequence[str]]
    ) -> _Table:
        widths, flex = _widths(header, rows)
        columns = [[row[i] if i < len(row) else "" for row in rows] for i in range(len(header))]
        lefts = []
        x = _SIDE
        for w in widths:
            lefts.append(x)
            x += w + _GAP
        return cls(draw, widths, lefts, [_numeric(column) for column in columns], flex)

    def put(self, col: int, y_mid: float, text: str, fnt_size: int, weight: str, fill: RGB) -> None:
        s = _SCALE
        fnt = font(fnt_size * s, weight=weight)
        width = self.widths[col] * s
        shown = fit_text(text, fnt, width) if col == self.flex or not self.right[col] else text
        if self.right[col]:
            at, anchor = (self.lefts[col] * s + width, y_mid * s), "rm"
        else:
            at, anchor = (self.lefts[col] * s, y_mid * s), "lm"
        draw_runs(self.draw, at, shown, fnt, fill, anchor=anchor)


def _body(
    table: _Table,
    count: int,
    rows: Sequence[Sequence[str]],
    top: float,
    highlight: int | None,
    labels: Labels | None,
) -> None:
    """The rows under the header, every other one shaded and the reader's own marked; a
    sentence when there are none yet."""
    s, draw = _SCALE, table.draw
    if not rows:
        draw_runs(
            draw,
            (_SIDE * s, (top + _ROW / 2) * s),
            say(labels, "standings.empty"),
            font(_CELL * s),
            PALETTE.muted,
            anchor="lm",
        )
    for index, row in enumerate(rows):
        y0 = top + index * _ROW
        mine = index == highlight
        if mine or index % 2:
            draw.rectangle(
                (0, y0 * s, WIDTH * s, (y0 + _ROW) * s - 1), fill=HIGHLIGHT if mine else ZEBRA
            )
        if mine:
            draw.rectangle((0, y0 * s, 7 * s, (y0 + _ROW) * s - 1), fill=MARK)
        for col in range(count):
            cell = row[col] if col < len(row) else ""
            table.put(col, y0 + _ROW / 2, cell, _CELL, "bold" if mine else "regular", PALETTE.text)


def standings_image(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    highlight: int | None = None,
    footnote: str = "",
    labels: Labels | None = None,
) -> bytes:
    """A PNG table readable on a phone: see the module docstring.

    ``header`` names the columns (e.g. ``("#", "Player", "Pts", "SB", "W-D-L")``);
    ``rows`` are already formatted cells, one sequence per row (missing cells are blank);
    ``highlight`` is the index of a row to emphasise, usually the reader's own; ``footnote``
    is one muted line under the table (e.g. "Tie-break: Sonneborn-Berger").
    """
    s = _SCALE
    title_font = font(_TITLE * s, bold=True)
    title_lines = wrap_lines(title, title_font, (WIDTH - 2 * _SIDE) * s, 3)
    bar = _BAR_PAD * 2 + _TITLE_LINE * len(title_lines)
    body = _HEAD_ROW + _ROW * max(len(rows), 1)
    foot_font = font(_FOOT * s)
    foot_lines = wrap_lines(footnote, foot_font, (WIDTH - 2 * _SIDE) * s, 2) if footnote else []
    height = bar + 6 + body + 10 + (len(foot_lines) * (_FOOT + 8) + 8 if foot_lines else 6)

    image = Image.new("RGB", (WIDTH * s, height * s), PALETTE.background)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH * s, bar * s), fill=PALETTE.bar_background)
    for i, line in enumerate(title_lines):
        y = (_BAR_PAD + _TITLE_LINE * i + _TITLE_LINE / 2) * s
        draw_runs(draw, (_SIDE * s, y), line, title_font, PALETTE.bar_text, anchor="lm")

    table = _Table.of(draw, header, rows)
    top = bar + 6
    for col, name in enumerate(header):
        table.put(col, top + _HEAD_ROW / 2, name, _HEAD, "semibold", PALETTE.muted)
    top += _HEAD_ROW
    draw.line((_SIDE * s, top * s, (WIDTH - _SIDE) * s, top * s), fill=RULE, width=s)
    _body(table, len(header), rows, top, highlight, labels)

    if foot_lines:
        y = top + _ROW * max(len(rows), 1) + 10
        for line in foot_lines:
            draw_runs(draw, (_SIDE * s, (y + 4) * s), line, foot_font, PALETTE.muted)
            y += _FOOT + 8

    small = image.resize((WIDTH, height), Image.Resampling.LANCZOS)
    return to_png(small)
