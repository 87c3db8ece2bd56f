"""Fonver board images: a Go-style wooden board with the four edges in their owners' colours.

Reads only the Fonver view (``games/fonver`` writes it; nothing here imports the rules):

- ``size``: points per side (9…19);
- ``stones``: ``{"black": [point, …], "white": [point, …]}``, points named like ``k10``;
- ``phase``: ``place`` | ``capture`` | ``pie`` | ``over``;
- ``to_move``: the seat to act, or None when the game is over;
- ``seat_colours``: ``["black", "white"]`` per seat (``["white", "black"]`` after a swap);
- ``crosscuts``: the open crosscuts while a capture is pending, four points each;
- ``pie_pending``: the second player must now choose keep or swap;
- ``winner`` / ``winner_colour``: the winning seat and its colour once the game is over;
- ``winning_chain``: the points of the chain that joined the winner's edges (else empty).

Highlight dicts (oldest first) come from ``Presentation.highlight``: ``kind`` ``place`` (``point``),
``capture`` (``from``, ``to``, ``captured``) or ``pie``.

Choices made for readability on a phone:
- The board is always drawn with a1 at the bottom left, whatever the ``perspective``: the
  edges belong to colours, not to sides of the table, and coordinates that never move are
  easier to talk about in a chat.
- Each edge is a thick band in its owner's colour (black top and bottom, white left and
  right), mitred at the corners because a corner point belongs to both edges (ruling 2).
- The last placement gets a thick orange ring; a capture gets an arrow from the point the
  stone left (a dashed ghost ring) to the point it took, and a red X badge on the taken point.
- The winning chain gets a gold dot on every stone, so the connection can be traced.
- Open crosscuts get a red square around their four points, and the status line says how many
  remain, so the player knows they must keep capturing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.fonver.view import FonverView
from render.common import (
    COORD_MARGIN,
    PALETTE,
    RGB,
    Grid,
    Palette,
    blend,
    default_status,
    disc,
    draw_coordinates,
    file_letters,
    font,
    new_canvas,
    paste_centered,
    put_text,
    seat_label,
    text_width,
    title_bar,
    to_png,
)
from render.frame import Frame
from render.labels import Labels, say
from render.layers import STATIC_LAYERS

WIDTH = 1000
BAND = 20
"""Thickness of the coloured edge bands."""
MARGIN = COORD_MARGIN + 6
"""Room outside the board for the coordinate labels."""
FOOTER = 96
BOARD_SPAN = WIDTH - 2 * MARGIN
"""Width (and height) of the wooden board including its edge bands."""

WOOD: RGB = (220, 180, 108)
LINE: RGB = (70, 48, 26)
BLACK_STONE: RGB = (28, 28, 32)
WHITE_STONE: RGB = (250, 250, 246)
EDGE_COLOURS: dict[str, RGB] = {"black": (24, 24, 28), "white": (252, 252, 250)}
FRAME: RGB = (60, 44, 28)
PLACED: RGB = (255, 128, 0)
CROSSCUT: RGB = (226, 20, 36)
CAPTURE: RGB = PALETTE.highlight_capture
ARROW: RGB = (255, 112, 0)
WIN: RGB = (255, 200, 30)

_STONE_STYLE: dict[str, tuple[RGB, RGB, int]] = {
    # colour -> (fill, outline, outline width): the black stone's light rim keeps neighbours
    # apart on a dim screen; the white stone's dark rim keeps it off the pale wood.
    "black": (BLACK_STONE, (120, 120, 126), 2),
    "white": (WHITE_STONE, (60, 60, 64), 2),
}


@dataclass(frozen=True)
class Layout:
    """Where a board of ``size`` points sits on the canvas once the title bar is known.

    ``grid`` is a ``size``×``size`` cell grid whose cell centres are the intersections.
    """

    size: int
    top: int

    @property
    def spacing(self) -> int:
        return (BOARD_SPAN - 2 * BAND) // self.size

    @property
    def grid(self) -> Grid:
        inner = self.spacing * self.size
        offset = (BOARD_SPAN - inner) // 2
        return Grid(self.size, self.size, self.spacing, MARGIN + offset, self.top + offset)

    @property
    def board_box(self) -> tuple[int, int, int, int]:
        return (MARGIN, self.top, MARGIN + BOARD_SPAN, self.top + BOARD_SPAN)

    @property
    def stone(self) -> int:
        return max(8, round(self.spacing * 0.92))

    def cell(self, point: str) -> tuple[int, int] | None:
        """Screen (col, row) of a point name such as ``k10``; None when not on the board."""
        if len(point) < 2 or not point[1:].isdigit():
            return None
        file = ord(point[0].lower()) - ord("a")
        rank = int(point[1:])
        if not (0 <= file < self.size and 1 <= rank <= self.size):
            return None
        return file, self.size - rank

    def xy(self, point: str) -> tuple[int, int] | None:
        cell = self.cell(point)
        return None if cell is None else self.grid.center(*cell)


def board_height() -> int:
    """Height of the board area below the title bar (labels included)."""
    return BOARD_SPAN + 2 * MARGIN


def star_points(size: int) -> list[tuple[int, int]]:
    """The usual Go hoshi as (file, rank-from-0): landmarks that make counting points easy."""
    edge = 3 if size >= 13 else 2
    mid = size // 2
    lines = [edge, mid, size - 1 - edge] if size >= 15 else [edge, size - 1 - edge]
    points = [(f, r) for f in lines for r in lines]
    if size < 15:
        points.append((mid, mid))
    return points


def _empty_board(size: int) -> Image.Image:
    """Wood, bands, grid, star points and coordinates: the same for every position of a size."""
    layout = Layout(size, MARGIN)
    image = new_canvas(WIDTH, board_height())
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = layout.board_box
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=WOOD)
    # Mitred bands: a corner point belongs to both edges meeting there.
    bands = {
        "black": [
            [(x0, y0), (x1, y0), (x1 - BAND, y0 + BAND), (x0 + BAND, y0 + BAND)],
            [(x0, y1), (x1, y1), (x1 - BAND, y1 - BAND), (x0 + BAND, y1 - BAND)],
        ],
        "white": [
            [(x0, y0), (x0, y1), (x0 + BAND, y1 - BAND), (x0 + BAND, y0 + BAND)],
            [(x1, y0), (x1, y1), (x1 - BAND, y1 - BAND), (x1 - BAND, y0 + BAND)],
        ],
    }
    for colour, polygons in bands.items():
        for polygon in polygons:
            draw.polygon(polygon, fill=EDGE_COLOURS[colour])
    draw.rectangle((x0 - 2, y0 - 2, x1 + 1, y1 + 1), outline=FRAME, width=3)
    draw.rectangle((x0 + BAND, y0 + BAND, x1 - BAND, y1 - BAND), outline=FRAME, width=1)

    grid = layout.grid
    width = 3 if size <= 11 else 2
    first = grid.center(0, 0)
    last = grid.center(size - 1, size - 1)
    for i in range(size):
        x, y = grid.center(i, i)
        edge_width = width + 1 if i in (0, size - 1) else width
        draw.line((x, first[1], x, last[1]), fill=LINE, width=edge_width)
        draw.line((first[0], y, last[0], y), fill=LINE, width=edge_width)
    radius = max(4, grid.cell // 9)
    for file, rank in star_points(size):
        x, y = grid.center(file, size - 1 - rank)
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=LINE)

    files = file_letters(size)
    ranks = [str(r) for r in range(size, 0, -1)]
    label_size = 30 if size >= 17 else 32
    draw_coordinates(
        draw, grid, files, ranks, size=label_size, margin=2 * (grid.left - x0) + MARGIN
    )
    return image


@lru_cache(maxsize=16)
def _stone(colour: str, diameter: int) -> Image.Image:
    return disc(diameter, *_STONE_STYLE[colour])


@lru_cache(maxsize=4)
def _badge(diameter: int) -> Image.Image:
    """A red disc with a white X: "a stone was captured here", readable on either colour."""
    badge = disc(diameter, CAPTURE, (255, 255, 255), 2).copy()
    draw = ImageDraw.Draw(badge)
    a, b = diameter * 0.3, diameter * 0.7
    w = max(2, diameter // 7)
    draw.line((a, a, b, b), fill=(255, 255, 255), width=w)
    draw.line((a, b, b, a), fill=(255, 255, 255), width=w)
    return badge


def _ring(
    draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: float, colour: RGB, width: int
) -> None:
    x, y = center
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=colour, width=width)


def _dashed_ring(
    draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: float, colour: RGB, width: int
) -> None:
    """Where a stone stood before it captured: an outline only, so it never reads as a stone."""
    x, y = center
    box = (x - radius, y - radius, x + radius, y + radius)
    for start in range(0, 360, 30):
        draw.arc(box, start, start + 18, fill=colour, width=width)


def _arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[int, int],
    end: tuple[int, int],
    stone: int,
    colour: RGB,
) -> None:
    """From the emptied point to the rim of the capturing stone, scaled to the spacing."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = max(12, stone * 0.45)
    shaft = max(4, stone // 6)
    tip = (end[0] - ux * stone * 0.5, end[1] - uy * stone * 0.5)
    begin = (start[0] + ux * stone * 0.15, start[1] + uy * stone * 0.15)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    if math.hypot(base[0] - begin[0], base[1] - begin[1]) > 1:
        draw.line((begin, base), fill=colour, width=shaft)
    px, py = -uy, ux
    half = head * 0.6
    left = (base[0] + px * half, base[1] + py * half)
    right = (base[0] - px * half, base[1] - py * half)
    draw.polygon(
        [tip, left, right],
        fill=colour,
        outline=(90, 30, 0),
    )


def _crosscut_box(
    draw: ImageDraw.ImageDraw, layout: Layout, points: Sequence[str], *, tint: bool = False
) -> None:
    """A red square around a crosscut's four points, wholly outside their stones (a 3 px gap:
    the frame never clips a stone it marks); with ``tint``, the wood under it reddened (drawn
    before the stones) so the block stands out even in a thumbnail."""
    centres = [c for c in (layout.xy(str(p)) for p in points) if c is not None]
    if not centres:
        return
    width = max(4, layout.spacing // 9)
    pad = layout.stone // 2 + 3 + width
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    box = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    if tint:
        draw.rectangle(box, fill=blend(WOOD, CROSSCUT, 0.45))
        return
    draw.rectangle(
        box,
        outline=CROSSCUT,
        width=width,
    )


def _colour_at(view: FonverView, point: str) -> str | None:
    """Which colour's stone stands on ``point`` ("black", "white"), or None."""
    stones = view.get("stones") or {"black": [], "white": []}
    if point in (stones.get("black") or []):
        return "black"
    return "white" if point in (stones.get("white") or []) else None


def _seat_palette(view: FonverView) -> tuple[Palette, list[RGB]]:
    """The shared palette with seat names and swatches following who plays which colour now."""
    colours = [str(c) for c in (view.get("seat_colours") or ["black", "white"])][:2]
    names = tuple(c.capitalize() for c in colours)
    swatches = [BLACK_STONE if c == "black" else WHITE_STONE for c in colours]
    return replace(PALETTE, seat_names=names, seat_colours=tuple(swatches)), swatches


def status_line(view: FonverView, players: list[str] | None, labels: Labels | None = None) -> str:
    """The default title-bar status: the winner, the pie decision, a pending capture, or the
    ordinary "alice (Black) to move"."""
    palette, _ = _seat_palette(view)
    to_move = view.get("to_move")
    winner = view.get("winner")
    if to_move is None:
        if isinstance(winner, int):
            return say(labels, "fonver.wins", player=seat_label(winner, players, palette, labels))
        return say(labels, "game_over")
    label = seat_label(int(to_move), players, palette, labels)
    if view.get("pie_pending"):
        return say(labels, "fonver.pie", player=label)
    cuts = len(view.get("crosscuts") or [])
    if view.get("phase") == "capture" and cuts:
        return say(labels, "fonver.capture", player=label, n=cuts)
    return default_status(int(to_move), players, palette, labels)


def _footer(
    image: Image.Image, top: int, highlight: Sequence[dict[str, Any]], labels: Labels | None
) -> None:
    """Which edges each colour joins (the goal at a glance) and the last turn's notation."""
    label_font = font(28, weight="semibold")
    y = top + 28
    x = MARGIN
    goals = (
        ("black", say(labels, "fonver.black_goal")),
        ("white", say(labels, "fonver.white_goal")),
    )
    for colour, goal in goals:
        paste_centered(image, _stone(colour, 32), (x + 16, y))
        put_text(image, (x + 42, y), goal, label_font, PALETTE.text, anchor="lm")
        x += 42 + text_width(goal, label_font) + 36
    notations = [str(step["notation"]) for step in highlight if step.get("notation")]
    if notations:
        text = say(labels, "last_turn", moves=" ".join(notations))
        fnt = font(28, weight="semibold")
        while len(notations) > 1 and text_width(text, fnt) > WIDTH - 2 * MARGIN:
            notations = notations[1:]
            text = say(labels, "last_turn", moves="… " + " ".join(notations))
        put_text(image, (MARGIN, y + 40), text, fnt, PALETTE.muted, anchor="lm")


def _last_turn(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    view: FonverView,
    highlight: list[dict[str, Any]],
) -> None:
    """The last turn's marks: a ring on a placed stone, a capture's dashed source, ring and
    arrow, and a badge on every stone taken."""
    stone = layout.stone
    ring_width = max(4, stone // 8)
    badge = _badge(max(18, round(stone * 0.6)))
    for step in highlight:
        kind = step.get("kind")
        if kind == "place":
            centre = layout.xy(str(step.get("point", "")))
            if centre is not None:
                _ring(draw, centre, stone / 2 + ring_width / 2, PLACED, ring_width)
                # A small ring in the colour the stone is not: the stone's own colour stays
                # at its middle and all round the mark, so it reads black or white at once.
                placed = _colour_at(view, str(step.get("point", "")))
                if placed is not None:
                    mark = WHITE_STONE if placed == "black" else BLACK_STONE
                    _ring(draw, centre, stone * 0.2, mark, max(2, round(stone * 0.07)))
        elif kind == "capture":
            source = layout.xy(str(step.get("from", "")))
            target = layout.xy(str(step.get("to", "")))
            if source is not None:
                ghost = blend(WOOD, (0, 0, 0), 0.55)
                _dashed_ring(draw, source, stone * 0.4, ghost, max(3, stone // 12))
            if target is not None:
                # A white hairline inside the red ring keeps it visible on a black stone.
                _ring(draw, target, stone / 2 + ring_width / 2, CAPTURE, ring_width)
                _ring(draw, target, stone / 2 - 1, (255, 255, 255), 2)
            if source is not None and target is not None:
                _arrow(draw, source, target, stone, ARROW)
    for step in highlight:
        for point in step.get("captured") or []:
            centre = layout.xy(str(point))
            if centre is not None:
                offset = round(stone * 0.38)
                paste_centered(image, badge, (centre[0] + offset, centre[1] - offset))


def render(view: FonverView, frame: Frame) -> bytes:
    """PNG of a Fonver view; the module docstring lists the view fields and drawing choices.
    ``focus`` is there for the common call (:class:`render.Renderer`) and means nothing here."""
    highlight, players, status, labels = frame.highlight, frame.players, frame.status, frame.labels
    size = int(view.get("size") or 19)
    palette, swatches = _seat_palette(view)
    to_move = view.get("to_move")
    over = to_move is None
    # While the game goes on the mover is boxed as in every game; the line under the names
    # says what they must do (capture, the pie rule). Once it is over: the result.
    line = status_line(view, players, labels)
    bar = title_bar(
        WIDTH,
        title="Fonver",
        seats=2,
        players=players,
        to_move=to_move,
        status=status if status is not None else line if over else None,
        turn_status=None if over else line,
        subtitle=f"{size}×{size}",
        palette=palette,
        seat_colours=swatches,
        labels=labels,
    )
    board = STATIC_LAYERS.get(("fonver", size), _empty_board, size)
    image = new_canvas(WIDTH, bar.height + board.height + FOOTER)
    image.paste(bar, (0, 0))
    image.paste(board, (0, bar.height))
    layout = Layout(size, bar.height + MARGIN)
    draw = ImageDraw.Draw(image)
    stone = layout.stone

    for points in view.get("crosscuts") or []:
        _crosscut_box(draw, layout, points, tint=True)
    stones = view.get("stones") or {"black": [], "white": []}
    for colour, points in (("black", stones.get("black")), ("white", stones.get("white"))):
        sprite = _stone(colour, stone)
        for point in points or []:
            centre = layout.xy(str(point))
            if centre is not None:
                paste_centered(image, sprite, centre)

    for points in view.get("crosscuts") or []:
        _crosscut_box(draw, layout, points)
    dot = max(4, stone // 5)
    for point in view.get("winning_chain") or []:
        centre = layout.xy(str(point))
        if centre is not None:
            x, y = centre
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=WIN, outline=(90, 60, 0))

    _last_turn(image, draw, layout, view, highlight)
    _footer(image, bar.height + board.height, highlight, labels)
    return to_png(image)
