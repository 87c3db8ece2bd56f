"""A player's rating game by game: one line per game, as a PNG for a phone (issue 18.4).

``rating_chart(series, title=…)`` takes ``series[game] = [(epoch_seconds, rating, rd), …]``
in time order (``rd`` is the Glicko rating deviation) and draws, per game, a line through
the ratings over a shaded band of ± one RD, so a wide band says "not sure yet" without a
word. Provisional points are drawn hollow, and the legend then says "hollow = provisional":
those named in ``provisional`` (per game, one flag per point: the bot's rule is a count of
games, which only the caller knows), else those whose RD is above ``provisional_rd``. An
empty mapping (or only empty series) gives a small image saying there are no rated games
yet, so the bot can always answer with a picture.

Choices for a phone: the image is 800 px wide and drawn at twice that size then shrunk, so
lines and dots are smooth when Discord shows it 400 px wide; every text is at least 22 px
(11 px on the phone) and the legend shows each game's latest rating, the number a player
actually looks for. The x axis counts games ("games played"), not days: a dated axis
squeezed a week's games into its left edge whenever the chart reached to today, and a pause
says nothing about a rating. Every line begins at ``start``, the rating every player starts
from (1500 ± 350), at game 0, so the first game's gain or loss shows as a step; ``now`` is
accepted and ignored. The rating axis covers every rating
and its band, but a band is only allowed to widen the axis by ``provisional_rd``: the
first games' RD of 350 would otherwise flatten every later change into a straight line
(wider bands are cut at the plot's edge).

Colours: each game keeps one colour on every player's chart (its place in the game list,
from a colour-blind-safe set); a name that is no game gets the next colour not yet used.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

import games
from render.common import PALETTE, RGB, fit_text, font, text_width, to_png
from render.fonts import draw_runs
from render.labels import Labels, say

Point = tuple[float, float, float]
"""(epoch seconds, rating, rating deviation)."""

WIDTH = 800
_SCALE = 2  # drawn at twice the size, then shrunk: Pillow draws lines without smoothing
_BAR = 62
_PLOT_HEIGHT = 320
_X_LABELS = 80  # the game numbers, and under them what they count
_SIDE = 24
_LEGEND_ROW = 40

# Okabe–Ito: distinguishable with the common colour-vision deficiencies, and dark enough
# for white hollow points to stand out on the light background. No grey: the axes are grey.
SERIES_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),  # Ordo: blue
    (213, 94, 0),  # Fendo: vermillion
    (0, 158, 115),  # Fonver: bluish green
    (204, 121, 167),  # Fuer: reddish purple
    (40, 40, 46),  # FENCE!: near black (orange next to vermillion blurs on a phone)
    (230, 159, 0),  # orange, then sky blue: for names that are no game
    (86, 180, 233),
)
GRID: RGB = (212, 206, 194)
HOLLOW: RGB = (255, 255, 255)

_Y_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
_MOST_TICKS = 6


def _colours(names: Sequence[str]) -> dict[str, RGB]:
    """A colour per series: the game's own (by its place in the game list) where it is a
    game, then the first colour no other series of this chart uses."""
    known = games.available()
    out: dict[str, RGB] = {}
    for name in names:
        key = name.strip().lower()
        if key in known and known.index(key) < len(SERIES_COLOURS):
            out[name] = SERIES_COLOURS[known.index(key)]
    for name in names:
        if name not in out:
            free = [c for c in SERIES_COLOURS if c not in out.values()] or list(SERIES_COLOURS)
            out[name] = free[0]
    return out


def _title_of(name: str) -> str:
    """The game's display title ("FENCE!") for a game name, else the name as given."""
    try:
        return games.get(name).info.title
    except KeyError:
        return name


def _nice_range(low: float, high: float) -> tuple[float, float, float]:
    """(bottom, top, step) with round numbers and at most ``_MOST_TICKS`` steps."""
    if high - low < 10:
        middle = (low + high) / 2
        low, high = middle - 5, middle + 5
    for step in _Y_STEPS:
        bottom = math.floor(low / step) * step
        top = math.ceil(high / step) * step
        if (top - bottom) / step <= _MOST_TICKS - 1:
            return bottom, top, step
    step = _Y_STEPS[-1]
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


START = (1500.0, 350.0)
"""The rating and deviation every player starts from (Glicko's), drawn at game 0."""


_GAME_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def game_ticks(start: float, end: float) -> list[tuple[float, str]]:
    """Whole game numbers every 1, 2, 5, 10… games, whichever first gives at most
    ``_MOST_TICKS`` labels inside ``[start, end]``."""
    span = end - start
    step = next((s for s in _GAME_STEPS if span / s <= _MOST_TICKS), _GAME_STEPS[-1])
    first = math.ceil(start / step) * step
    return [(float(n), str(n)) for n in range(int(first), int(end) + 1, step) if n >= start]


def _numbered(
    filled: Mapping[str, Sequence[Point]], start: tuple[float, float] | None
) -> dict[str, list[Point]]:
    """Each series with its points at game numbers instead of times: the rating before the
    first game (``start``) at 0 when given, then the rating after game 1, 2, … at 1, 2, …"""
    out: dict[str, list[Point]] = {}
    for name, points in filled.items():
        numbered = [(float(i + 1), r, d) for i, (_, r, d) in enumerate(points)]
        if start is not None:
            numbered.insert(0, (0.0, float(start[0]), float(start[1])))
        out[name] = numbered
    return out


@dataclass(frozen=True)
class ChartFrame:
    """Where the plot sits and how times and ratings map to pixels (at the final size), so
    tests can find a point; ``rating_chart`` draws with exactly this frame."""

    left: int
    top: int
    right: int
    bottom: int
    start: float
    end: float
    low: float
    high: float
    step: float

    def x(self, when: float) -> float:
        """The pixel column of a game number (0: the starting rating)."""
        return self.left + (when - self.start) / (self.end - self.start) * (self.right - self.left)

    def y(self, rating: float) -> float:
        return self.bottom - (rating - self.low) / (self.high - self.low) * (self.bottom - self.top)


def _legend_rows(
    series: Mapping[str, Sequence[Point]], hollow: Mapping[str, Sequence[bool]], note: str | None
) -> list[list[tuple[str, str | None]]]:
    """Legend entries (text, series name or None for the note) packed into rows of the
    image's width. A latest rating that is still provisional ends in "?", as the bot
    writes it in text."""
    label = font(26, weight="semibold")
    entries: list[tuple[str, str | None]] = []
    for name, points in series.items():
        mark = "?" if hollow[name][-1] else ""
        entries.append((f"{_title_of(name)} {round(points[-1][1])}{mark}", name))
    if note:
        entries.append((note, None))
    rows: list[list[tuple[str, str | None]]] = [[]]
    x: float = _SIDE
    for text, swatch in entries:
        width = text_width(text, label) + (52 if swatch is not None else 0) + 28
        if rows[-1] and x + width > WIDTH - _SIDE:
            rows.append([])
            x = _SIDE
        rows[-1].append((text, swatch))
        x += width
    return rows


def _hollow(
    filled: Mapping[str, Sequence[Point]],
    provisional_rd: float,
    provisional: Mapping[str, Sequence[bool]] | None,
    started: bool = False,
) -> dict[str, list[bool]]:
    """Per series, which points are provisional: the caller's flags, else RD above the mark;
    with ``started``, a first flag for the starting rating, always provisional."""
    out: dict[str, list[bool]] = {}
    for name, points in filled.items():
        flags = None if provisional is None else provisional.get(name)
        if flags is not None and len(flags) != len(points):
            raise ValueError(f"{len(flags)} provisional flags for {len(points)} points of {name}")
        out[name] = [p[2] > provisional_rd for p in points] if flags is None else list(flags)
        if started:
            out[name].insert(0, True)
    return out


def _filled(series: Mapping[str, Sequence[Point]]) -> dict[str, list[Point]]:
    """The series that have points, as floats (a database may hand back Decimals)."""
    return {
        name: [(float(t), float(r), float(d)) for t, r, d in points]
        for name, points in series.items()
        if points
    }


def chart_frame(
    series: Mapping[str, Sequence[Point]],
    *,
    provisional_rd: float = 110.0,
    now: float | None = None,
    provisional: Mapping[str, Sequence[bool]] | None = None,
    start: tuple[float, float] | None = START,
    labels: Labels | None = None,
) -> ChartFrame | None:
    """The frame ``rating_chart`` uses for these arguments (None: nothing to plot). Its x
    is the game number (0: before the first game)."""
    del now  # the axis counts games: a pause between them takes no room
    filled = _filled(series)
    if not filled:
        return None
    hollow = _hollow(filled, provisional_rd, provisional, start is not None)
    filled = _numbered(filled, start)
    points = [p for ps in filled.values() for p in ps]
    first = min(p[0] for p in points)
    end = max(max(p[0] for p in points), first + 1)
    pad = 0.35 + (end - first) * 0.02  # half a dot's room past the first and last game
    low = min(p[1] - min(p[2], provisional_rd) for p in points)
    high = max(p[1] + min(p[2], provisional_rd) for p in points)
    bottom_value, top_value, step = _nice_range(low, high)
    any_provisional = any(any(flags) for flags in hollow.values())
    note = say(labels, "chart.provisional") if any_provisional else None
    rows = _legend_rows(filled, hollow, note)
    top = _BAR + 10 + _LEGEND_ROW * len(rows) + 18
    numbers = font(24, weight="semibold")
    widest = max(
        text_width(f"{round(bottom_value + i * step)}", numbers)
        for i in range(round((top_value - bottom_value) / step) + 1)
    )
    return ChartFrame(
        left=_SIDE + widest + 14,
        top=top,
        right=WIDTH - _SIDE - 8,
        bottom=top + _PLOT_HEIGHT,
        start=first - pad,
        end=end + pad,
        low=bottom_value,
        high=top_value,
        step=step,
    )


def _empty(title: str, labels: Labels | None) -> bytes:
    height = _BAR + 190
    image = Image.new("RGB", (WIDTH, height), PALETTE.background)
    draw = ImageDraw.Draw(image)
    _title_bar(draw, title, 1)
    middle = _BAR + 190 / 2
    draw.text(
        (WIDTH / 2, middle - 20),
        say(labels, "chart.empty"),
        font=font(34, bold=True),
        fill=PALETTE.text,
        anchor="mm",
    )
    draw.text(
        (WIDTH / 2, middle + 24),
        say(labels, "chart.empty_hint"),
        font=font(24),
        fill=PALETTE.muted,
        anchor="mm",
    )
    return to_png(image, quantize=False)


def _title_bar(draw: ImageDraw.ImageDraw, title: str, scale: int) -> None:
    draw.rectangle((0, 0, WIDTH * scale, _BAR * scale), fill=PALETTE.bar_background)
    fnt = font(32 * scale, bold=True)
    draw_runs(
        draw,
        (_SIDE * scale, _BAR * scale / 2),
        fit_text(title, fnt, (WIDTH - 2 * _SIDE) * scale),
        fnt,
        PALETTE.bar_text,
        anchor="lm",
    )


def _dot(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    colour: RGB,
    hollow: bool,
    radius: int = 8,
) -> None:
    """A rating point at the big size: filled and ringed in white when settled, white with
    a thick ring of the game's colour while provisional."""
    x, y = centre
    r = radius * _SCALE
    if hollow:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=HOLLOW, outline=colour, width=3 * _SCALE)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=HOLLOW, width=_SCALE)


def rating_chart(
    series: Mapping[str, Sequence[tuple[float, float, float]]],
    *,
    title: str,
    provisional_rd: float = 110.0,
    now: float | None = None,
    provisional: Mapping[str, Sequence[bool]] | None = None,
    start: tuple[float, float] | None = START,
    labels: Labels | None = None,
) -> bytes:
    """PNG of ratings game by game, one line per game; see the module docstring."""
    frame = chart_frame(
        series,
        provisional_rd=provisional_rd,
        now=now,
        provisional=provisional,
        start=start,
        labels=labels,
    )
    if frame is None:
        return _empty(title, labels)
    filled = _filled(series)
    hollow = _hollow(filled, provisional_rd, provisional, start is not None)
    filled = _numbered(filled, start)
    colours = _colours(list(filled))
    s = _SCALE
    height = frame.bottom + _X_LABELS
    base = Image.new("RGBA", (WIDTH * s, height * s), (*PALETTE.background, 255))
    draw = ImageDraw.Draw(base)
    _title_bar(draw, title, s)

    # Legend: a line-and-dot swatch and "Game 1523" per series, then the hollow note.
    label = font(26 * s, weight="semibold")
    any_provisional = any(any(flags) for flags in hollow.values())
    note = say(labels, "chart.provisional") if any_provisional else None
    rows = _legend_rows(filled, hollow, note)
    for r, row in enumerate(rows):
        x: float = _SIDE * s
        mid = (_BAR + 10 + _LEGEND_ROW * r + _LEGEND_ROW / 2) * s
        for text, name in row:
            if name is None:
                _dot(draw, (x + 10 * s, mid), PALETTE.muted, True)
                x += 26 * s
                colour = PALETTE.muted
            else:
                colour = colours[name]
                draw.line((x, mid, x + 40 * s, mid), fill=colour, width=5 * s)
                _dot(draw, (x + 20 * s, mid), colour, False)
                x += 52 * s
            draw_runs(draw, (x, mid), text, label, PALETTE.text, anchor="lm")
            x += text_width(text, label) + 28 * s

    # Rating gridlines and labels; game numbers under the plot, and what they count.
    numbers = font(24 * s, weight="semibold")
    value = frame.low
    while value <= frame.high + 1e-9:
        y = frame.y(value) * s
        draw.line((frame.left * s, y, frame.right * s, y), fill=GRID, width=s)
        draw.text(
            ((frame.left - 12) * s, y),
            f"{round(value)}",
            font=numbers,
            fill=PALETTE.muted,
            anchor="rm",
        )
        value += frame.step
    for when, text in game_ticks(frame.start, frame.end):
        x = frame.x(when) * s
        draw.line((x, frame.bottom * s, x, (frame.bottom + 8) * s), fill=PALETTE.muted, width=s)
        draw.text((x, (frame.bottom + 12) * s), text, font=numbers, fill=PALETTE.muted, anchor="mt")
    axis = say(labels, "chart.games")
    draw_runs(
        draw, (frame.right * s, (frame.bottom + 46) * s), axis, numbers, PALETTE.muted, anchor="rt"
    )
    draw.line(
        (frame.left * s, frame.bottom * s, frame.right * s, frame.bottom * s),
        fill=PALETTE.muted,
        width=2 * s,
    )

    # Bands under every line, lines under every point, each clipped to the plot.
    plot = (frame.left * s, frame.top * s, frame.right * s, frame.bottom * s)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    shade = ImageDraw.Draw(layer)
    for name, points in filled.items():
        colour = colours[name]
        xs = [frame.x(t) * s for t, _, _ in points]
        if len(points) == 1:
            _t, rating, rd = points[0]
            x = xs[0]
            top, bottom = frame.y(rating + rd) * s, frame.y(rating - rd) * s
            shade.rectangle((x - 14 * s, top, x + 14 * s, bottom), fill=(*colour, 46))
            shade.line((x, top, x, bottom), fill=(*colour, 160), width=2 * s)
            continue
        upper = [(x, frame.y(r + d) * s) for x, (_, r, d) in zip(xs, points, strict=True)]
        lower = [(x, frame.y(r - d) * s) for x, (_, r, d) in zip(xs, points, strict=True)]
        shade.polygon(upper + lower[::-1], fill=(*colour, 46))
    clip = Image.new("L", base.size, 0)
    ImageDraw.Draw(clip).rectangle(plot, fill=255)
    layer.putalpha(ImageChops.multiply(layer.getchannel("A"), clip))
    base.alpha_composite(layer)
    # Smaller dots once a line is crowded, so the dots do not hide the line between them.
    radius = 8 if max(len(points) for points in filled.values()) <= 30 else 6
    lines = Image.new("RGBA", base.size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(lines)
    for name, points in filled.items():
        centres = [(frame.x(t) * s, frame.y(r) * s) for t, r, _ in points]
        if len(centres) > 1:
            pen.line(centres, fill=(*colours[name], 255), width=4 * s, joint="curve")
        for centre, flag in zip(centres, hollow[name], strict=True):
            _dot(pen, centre, colours[name], flag, radius)
    # Dots may overhang the plot by their radius; nothing else reaches past it.
    clip = Image.new("L", base.size, 0)
    ImageDraw.Draw(clip).rectangle(
        (plot[0] - 10 * s, plot[1] - 10 * s, plot[2] + 10 * s, plot[3] + 10 * s), fill=255
    )
    lines.putalpha(ImageChops.multiply(lines.getchannel("A"), clip))
    base.alpha_composite(lines)
    image = base.convert("RGB").resize((WIDTH, height), Image.Resampling.LANCZOS)
    return to_png(image, quantize=False)


__all__ = ["SERIES_COLOURS", "ChartFrame", "chart_frame", "rating_chart"]
