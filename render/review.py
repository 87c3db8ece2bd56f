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
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Plot:
    """Where the chart's values land: the x range (moves or rounds), the y range and its step,
    in the big picture's pixels (drawn at ``_SCALE`` and shrunk once at the end)."""

    first: float
    last: float
    pad: float
    low: float
    high: float
    step: float
    left: float
    right: float
    top: float
    bottom: float
    percent: bool

    def x(self, value: float) -> float:
        span = self.last - self.first + 2 * self.pad
        return (
            self.left + (value - self.first + self.pad) / span * (self.right - self.left)
        ) * _SCALE

    def y(self, value: float) -> float:
        share = (value - self.low) / (self.high - self.low)
        return (self.bottom - share * (self.bottom - self.top)) * _SCALE


def _plot(points: Sequence[tuple[float, float]], percent: bool) -> _Plot:
    first = min((p[0] for p in points), default=0.0)
    last = max((p[0] for p in points), default=1.0)
    last = max(last, first + 1)
    if percent:
        low, high, step = 0.0, 1.0, 0.25
    else:
        top = max((p[1] for p in points), default=1.0)
        step = max(1.0, float(math.ceil(top / 4)))
        low, high = 0.0, step * max(1, math.ceil(top / step))
    widest = max(
        text_width(_tick(low + i * step, percent), font(24, weight="semibold"))
        for i in range(round((high - low) / step) + 1)
    )
    top_y = _BAR + 10 + _LEGEND + 14
    return _Plot(
        first=first, last=last, pad=0.3 + (last - first) * 0.02, low=low, high=high, step=step,
        left=_SIDE + widest + 14, right=WIDTH - _SIDE - 8, top=top_y,
        bottom=top_y + _PLOT_HEIGHT, percent=percent,
    )  # fmt: skip


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
    plot = _plot([p for ps in series.values() for p in ps], percent)
    image = Image.new("RGB", (WIDTH * s, round(plot.bottom + _X_LABELS) * s), PALETTE.background)
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

    _review_axes(draw, plot, labels)
    # The lines, then the marks on top.
    for index, name in enumerate(names):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        xy = [(plot.x(px), plot.y(py)) for px, py in series[name]]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=5 * s, joint="curve")
        for cx, cy in xy if len(xy) <= 40 else ():
            r = 4 * s
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    _review_marks(draw, plot, marks)
    small = image.resize((WIDTH, round(plot.bottom + _X_LABELS)), Image.Resampling.LANCZOS)
    return to_png(small, quantize=False)


def _review_axes(draw: ImageDraw.ImageDraw, plot: _Plot, labels: Labels | None) -> None:
    """Gridlines, the 50 % line stronger; x ticks; what each axis counts."""
    s, left, right, bottom = _SCALE, plot.left, plot.right, plot.bottom
    numbers = font(24 * s, weight="semibold")
    value = plot.low
    while value <= plot.high + 1e-9:
        y = plot.y(value)
        strong = plot.percent and abs(value - 0.5) < 1e-9
        draw.line(
            (left * s, y, right * s, y),
            fill=PALETTE.muted if strong else GRID,
            width=(2 if strong else 1) * s,
        )
        draw.text(
            ((left - 12) * s, y), _tick(value, plot.percent), font=numbers, fill=PALETTE.muted,
            anchor="rm",
        )  # fmt: skip
        value += plot.step
    for when, text in game_ticks(plot.first, plot.last):
        px = plot.x(when)
        draw.line((px, bottom * s, px, (bottom + 8) * s), fill=PALETTE.muted, width=s)
        draw.text((px, (bottom + 12) * s), text, font=numbers, fill=PALETTE.muted, anchor="mt")
    axis = say(labels, "review.moves" if plot.percent else "review.rounds")
    unit = say(labels, "review.chance" if plot.percent else "review.cards")
    draw_runs(
        draw, (right * s, (bottom + 46) * s), f"{axis} → · ↑ {unit}", numbers, PALETTE.muted,
        anchor="rt",
    )  # fmt: skip
    draw.line((left * s, bottom * s, right * s, bottom * s), fill=PALETTE.muted, width=2 * s)


def _review_marks(
    draw: ImageDraw.ImageDraw, plot: _Plot, marks: Sequence[tuple[float, float, str, int]]
) -> None:
    """The rings on the largest swings, each moved clear of those already drawn."""
    s = _SCALE
    mark_font = font(22 * s, bold=True)
    r = 17 * s
    placed: list[tuple[float, float]] = []
    for px, py, text, index in marks:
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        cx, cy = plot.x(px), plot.y(py)
        # Swings on neighbouring moves would cover each other: move a ring along its column
        # (towards the plot's middle) until it is clear of the rings already drawn.
        step = 2.2 * r * (1 if cy < (plot.top + plot.bottom) / 2 * s else -1)
        while any(abs(cx - ox) < 2 * r and abs(cy - oy) < 2 * r for ox, oy in placed):
            cy += step
        if (cx, cy) != (plot.x(px), plot.y(py)):
            draw.line((plot.x(px), plot.y(py), cx, cy), fill=colour, width=2 * s)
        placed.append((cx, cy))
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=PALETTE.background, outline=colour, width=4 * s
        )
        draw.text((cx, cy), text, font=mark_font, fill=PALETTE.text, anchor="mm")


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
