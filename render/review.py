"""A match review's chart: each side's winning chance move by move (or, for FENCE!, each
player's cards round by round), as a PNG for a phone (issue 26.5).

``review_chart(series, …)`` takes ``series[name] = [(x, y), …]``: one line per player, the
x axis counting moves (or rounds) and the y axis either a chance in 0..1, drawn 0–100 %, or
a count. ``marks`` are the moments worth a look — a review's three largest swings — drawn
as numbered rings on the line of the player who moved, the same numbers the text uses.

Choices for a phone, as in :mod:`render.chart`: 800 px wide, drawn at twice the size then
shrunk so lines are smooth when Discord shows it 400 px wide, text at least 22 px (11 px on
the phone), a 50 % line to read "ahead" at a glance, the seats' own colours from the
boards (:data:`render.common.PALETTE`) so a player finds their line without the legend.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import render
from render.chart import GRID, _title_bar, game_ticks
from render.common import PALETTE, RGB, font, text_width, to_png
from render.fonts import draw_runs
from render.labels import Labels, say

WIDTH = 800
_SCALE = 2
_BAR = 62
_LEGEND = 48
_PLOT_HEIGHT = 300
_X_LABELS = 80
_SIDE = 24

LINE_COLOURS: tuple[RGB, ...] = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167))
"""Okabe–Ito blue, vermillion, green, purple: told apart with the common colour-vision
deficiencies (the board's own seat colours include white, which a line cannot be)."""


def review_chart(
    series: Mapping[str, Sequence[tuple[float, float]]],
    *,
    title: str,
    percent: bool = True,
    marks: Sequence[tuple[float, float, str, int]] = (),
    labels: Labels | None = None,
) -> bytes:
    """PNG of the series; ``marks`` are (x, y, text, series index) rings; see the module."""
    s = _SCALE
    names = list(series)
    points = [p for ps in series.values() for p in ps]
    first = min((p[0] for p in points), default=0.0)
    last = max((p[0] for p in points), default=1.0)
    last = max(last, first + 1)
    if percent:
        low, high, step = 0.0, 1.0, 0.25
    else:
        top = max((p[1] for p in points), default=1.0)
        step = max(1.0, float(math.ceil(top / 4)))
        low, high = 0.0, step * max(1, math.ceil(top / step))
    numbers = font(24 * s, weight="semibold")
    widest = max(
        text_width(_tick(low + i * step, percent), font(24, weight="semibold"))
        for i in range(round((high - low) / step) + 1)
    )
    left, right = _SIDE + widest + 14, WIDTH - _SIDE - 8
    top_y = _BAR + 10 + _LEGEND + 14
    bottom = top_y + _PLOT_HEIGHT
    pad = 0.3 + (last - first) * 0.02

    def x_of(x: float) -> float:
        return (left + (x - first + pad) / (last - first + 2 * pad) * (right - left)) * s

    def y_of(y: float) -> float:
        return (bottom - (y - low) / (high - low) * (bottom - top_y)) * s

    image = Image.new("RGB", (WIDTH * s, (bottom + _X_LABELS) * s), PALETTE.background)
    draw = ImageDraw.Draw(image)
    _title_bar(draw, title, s)

    # Legend: one swatch per player, in seat order.
    label = font(26 * s, weight="semibold")
    x = _SIDE * s
    mid = (_BAR + 10 + _LEGEND / 2) * s
    for index, name in enumerate(names):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        draw.line((x, mid, x + 40 * s, mid), fill=colour, width=6 * s)
        x += 52 * s
        draw_runs(draw, (x, mid), name, label, PALETTE.text, anchor="lm")
        x += text_width(name, label) + 32 * s

    # Gridlines, the 50 % line stronger; x ticks; what each axis counts.
    value = low
    while value <= high + 1e-9:
        y = y_of(value)
        strong = percent and abs(value - 0.5) < 1e-9
        draw.line(
            (left * s, y, right * s, y),
            fill=PALETTE.muted if strong else GRID,
            width=(2 if strong else 1) * s,
        )
        draw.text(
            ((left - 12) * s, y), _tick(value, percent), font=numbers, fill=PALETTE.muted,
            anchor="rm",
        )  # fmt: skip
        value += step
    for when, text in game_ticks(first, last):
        px = x_of(when)
        draw.line((px, bottom * s, px, (bottom + 8) * s), fill=PALETTE.muted, width=s)
        draw.text((px, (bottom + 12) * s), text, font=numbers, fill=PALETTE.muted, anchor="mt")
    axis = say(labels, "review.moves" if percent else "review.rounds")
    unit = say(labels, "review.chance" if percent else "review.cards")
    draw_runs(
        draw, (right * s, (bottom + 46) * s), f"{axis} → · ↑ {unit}", numbers, PALETTE.muted,
        anchor="rt",
    )  # fmt: skip
    draw.line((left * s, bottom * s, right * s, bottom * s), fill=PALETTE.muted, width=2 * s)

    # The lines, then the marks on top.
    for index, name in enumerate(names):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        xy = [(x_of(px), y_of(py)) for px, py in series[name]]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=5 * s, joint="curve")
        for cx, cy in xy if len(xy) <= 40 else ():
            r = 4 * s
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    mark_font = font(22 * s, bold=True)
    r = 17 * s
    placed: list[tuple[float, float]] = []
    for px, py, text, index in marks:
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        cx, cy = x_of(px), y_of(py)
        # Swings on neighbouring moves would cover each other: move a ring along its column
        # (towards the plot's middle) until it is clear of the rings already drawn.
        step = 2.2 * r * (1 if cy < (top_y + bottom) / 2 * s else -1)
        while any(abs(cx - ox) < 2 * r and abs(cy - oy) < 2 * r for ox, oy in placed):
            cy += step
        if (cx, cy) != (x_of(px), y_of(py)):
            draw.line((x_of(px), y_of(py), cx, cy), fill=colour, width=2 * s)
        placed.append((cx, cy))
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=PALETTE.background, outline=colour, width=4 * s
        )
        draw.text((cx, cy), text, font=mark_font, fill=PALETTE.text, anchor="mm")
    small = image.resize((WIDTH, bottom + _X_LABELS), Image.Resampling.LANCZOS)
    return to_png(small, quantize=False)


def _tick(value: float, percent: bool) -> str:
    return f"{round(value * 100)} %" if percent else f"{round(value)}"


SMALL_WIDTH = 400
"""A swing's board is drawn small: three of them follow the chart in one post."""


def small_board(
    game: str,
    view: Mapping[str, Any],
    *,
    highlight: Sequence[dict[str, Any]] = (),
    players: Sequence[str] | None = None,
    status: str | None = None,
    labels: Labels | None = None,
    width: int = SMALL_WIDTH,
) -> bytes:
    """The board of ``view`` with ``highlight`` (the better move), shrunk to ``width``."""
    png = render(
        game, view, highlight=list(highlight), players=players, status=status, labels=labels
    )
    with Image.open(io.BytesIO(png)) as image:
        full = image.convert("RGB")
    if full.width <= width:
        return png
    height = round(full.height * width / full.width)
    return to_png(full.resize((width, height), Image.Resampling.LANCZOS), quantize=False)
