"""Fendo board images.

Reads only the Fendo view and the highlight dicts of the last turn; it never imports the
rules. The view (``games.fendo.rules.FendoRules.view``) is::

    {"game": "fendo", "size": 7, "seat_names": ["White", "Orange"],
     "pieces": {"d1": 0, "d7": 1},            # square -> seat
     "fences": ["d4/d5", ...],                # each between two adjacent squares
     "closed": [{"owner": 0, "squares": [...]}, {"owner": 1, "squares": [...]}],
     "open_area": ["a1", ...],                # empty once every area is closed
     "stock": [6, 6], "scores": [0, 0],       # pieces in stock, closed squares per seat
     "to_move": 0 | 1 | None, "passes": 0, "game_over": false, "early_end": true,
     "outcome": None | {"winners": [...], "reason": "...", "scores": [...], ...}}

and a highlight is ``{"notation", "kind": "add" | "move", "path": [squares, start to end],
"fence": "d4/d5" | None, "added": square | None}``.

Choices made for a phone screen:
- Closed areas are tinted in the owner's colour (White's a cool near-white, Orange's a pale
  orange); the open area stays plain sand, so the contested ground stands out.
- Fences are dark bars over the grid lines, wide enough to read at thumbnail size; the fence
  built last turn is drawn in red and wider still.
- The last move's route is a blue line with an arrowhead (blue, because orange already means
  Orange here), its start square is marked with a hollow ring, and the piece that moved or
  was added wears a blue ring.
- Perspective 1 turns the board by 180° so Orange's home edge is at the bottom.
- The title line shows the running score; the footer repeats it with each side's stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from games.fendo.view import FendoView
from render.common import (
    COORD_MARGIN,
    PALETTE,
    RGB,
    Grid,
    blend,
    disc,
    draw_coordinates,
    file_letters,
    font,
    new_canvas,
    paste_centered,
    put_text,
    title_bar,
    to_png,
)
from render.frame import Frame
from render.labels import Labels, say
from render.labels import colour as colour_word
from render.layers import STATIC_LAYERS

WIDTH = 900
BOARD = WIDTH - 2 * COORD_MARGIN
FOOTER = 112
BORDER = 4
"""Half the width of the frame around the board, the outer edge being a boundary too."""

WHITE: RGB = (252, 252, 250)
ORANGE: RGB = (242, 128, 24)
SEAT_COLOURS: tuple[RGB, RGB] = (WHITE, ORANGE)
FENDO_PALETTE = replace(
    PALETTE,
    seat_colours=(WHITE, ORANGE, *PALETTE.seat_colours[2:]),
    seat_names=("White", "Orange", *PALETTE.seat_names[2:]),
)

OPEN: RGB = (236, 214, 170)
TERRITORY: tuple[RGB, RGB] = ((246, 247, 252), (250, 192, 132))
GRID_LINE: RGB = blend(OPEN, PALETTE.board_line, 0.35)
FENCE: RGB = (58, 38, 24)
NEW_FENCE: RGB = (214, 24, 36)
ROUTE: RGB = (28, 92, 214)
LANDING: RGB = (176, 206, 250)
"""The square the last move ended on (or the added piece's): a light shade of the route."""
_OUTLINES: tuple[RGB, RGB] = ((30, 30, 34), (120, 52, 0))


def _parse(square: str, size: int) -> tuple[int, int] | None:
    """'c3' -> (2, 3): zero-based file, one-based rank; None when off the board."""
    text = str(square).strip().lower()
    if len(text) < 2 or not text[1:].isdigit():
        return None
    file, rank = ord(text[0]) - ord("a"), int(text[1:])
    if not (0 <= file < size and 1 <= rank <= size):
        return None
    return file, rank


class Board:
    """Square names to screen cells for one size and perspective."""

    def __init__(self, size: int, flipped: bool, top: int) -> None:
        self.size = size
        self.flipped = flipped
        cell = BOARD // size
        left = (WIDTH - cell * size) // 2
        self.grid = Grid(size, size, cell, left, top + COORD_MARGIN)

    def cell(self, square: str) -> tuple[int, int] | None:
        parsed = _parse(square, self.size)
        if parsed is None:
            return None
        file, rank = parsed
        if self.flipped:
            return self.size - 1 - file, rank - 1
        return file, self.size - rank

    def centre(self, square: str) -> tuple[int, int] | None:
        cell = self.cell(square)
        return None if cell is None else self.grid.center(*cell)

    def fence_line(self, fence: str) -> tuple[int, int, int, int] | None:
        """Screen segment (x0, y0, x1, y1) of the grid line a fence ``a/b`` lies on."""
        first, _, second = str(fence).partition("/")
        a, b = self.cell(first), self.cell(second)
        if a is None or b is None or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return None
        g = self.grid
        if a[0] != b[0]:  # side by side: a vertical line between the columns
            x = g.left + max(a[0], b[0]) * g.cell
            y = g.top + a[1] * g.cell
            return (x, y, x, y + g.cell)
        y = g.top + max(a[1], b[1]) * g.cell
        x = g.left + a[0] * g.cell
        return (x, y, x + g.cell, y)


def _bar(
    draw: ImageDraw.ImageDraw,
    line: tuple[int, int, int, int],
    width: int,
    colour: RGB,
    grid: Grid,
) -> None:
    """A fence: a filled rectangle centred on the grid line, overlapping the corners a little
    so fences meeting at a corner join into one wall, but never poking past the border."""
    x0, y0, x1, y1 = line
    half = width // 2
    box = (
        max(min(x0, x1) - half, grid.left - BORDER),
        max(min(y0, y1) - half, grid.top - BORDER),
        min(max(x0, x1) + half, grid.right + BORDER - 1),
        min(max(y0, y1) + half, grid.bottom + BORDER - 1),
    )
    draw.rectangle(box, fill=colour)


def _draw_lines(draw: ImageDraw.ImageDraw, board: Board) -> None:
    """Grid lines and the frame, which lie over the squares' fills."""
    g = board.grid
    for i in range(1, board.size):
        offset = i * g.cell
        draw.line((g.left + offset, g.top, g.left + offset, g.bottom), fill=GRID_LINE, width=2)
        draw.line((g.left, g.top + offset, g.right, g.top + offset), fill=GRID_LINE, width=2)
    draw.rectangle(
        (g.left - BORDER, g.top - BORDER, g.right + BORDER - 1, g.bottom + BORDER - 1),
        outline=FENCE,
        width=2 * BORDER,
    )


def _coordinate_size(size: int) -> int:
    return 30 if size < 11 else 26


def _empty_board(size: int, flipped: bool) -> Image.Image:
    """The board area under the title bar with no position on it: the open sand, grid,
    frame and coordinates, the same for every position of a size and orientation (the
    coordinates alone were 37 text renders an image)."""
    board = Board(size, flipped, 0)
    g = board.grid
    image = new_canvas(WIDTH, g.height + 2 * COORD_MARGIN)
    draw = ImageDraw.Draw(image)
    draw.rectangle((g.left, g.top, g.right - 1, g.bottom - 1), fill=OPEN)
    _draw_lines(draw, board)
    files = file_letters(size)
    ranks = [str(r) for r in range(size, 0, -1)]
    if flipped:
        files, ranks = files[::-1], ranks[::-1]
    draw_coordinates(draw, g, files, ranks, palette=PALETTE, size=_coordinate_size(size))
    return image


def _draw_areas(draw: ImageDraw.ImageDraw, board: Board, view: FendoView) -> None:
    """Closed areas in their owner's tint over the empty board, lines redrawn over them."""
    g = board.grid
    tinted = False
    for area in view.get("closed") or ():
        owner = area.get("owner")
        if owner not in (0, 1):
            continue
        for square in area.get("squares") or ():
            cell = board.cell(square)
            if cell is not None:
                x0, y0, x1, y1 = g.box(*cell)
                draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=TERRITORY[owner])
                tinted = True
    if tinted:
        _draw_lines(draw, board)


def _corners(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The route's start, turn and end: the squares in between add nothing to a line."""
    kept = [points[0]]
    for before, here, after in zip(points, points[1:], points[2:], strict=False):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
            kept.append(here)
    kept.append(points[-1])
    return kept


def _draw_route(draw: ImageDraw.ImageDraw, board: Board, path: Sequence[str], piece: int) -> None:
    points = [p for p in (board.centre(s) for s in path) if p is not None]
    if len(points) < 2:
        return
    width = max(8, board.grid.cell // 9)
    corners = _corners(points)
    # Stop the shaft at the moved piece's rim so the arrowhead stays visible.
    (ex, ey), (px, py) = corners[-1], corners[-2]
    dx, dy = ex - px, ey - py
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (ex - ux * (piece / 2 + 2), ey - uy * (piece / 2 + 2))
    head = max(20, board.grid.cell // 4)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    shaft = [*corners[:-1], base] if length > piece / 2 + head + 4 else corners[:-1]
    if len(shaft) >= 2:
        draw.line(shaft, fill=ROUTE, width=width, joint="curve")
    start = corners[0]
    ring = piece // 2 - 4
    draw.ellipse(
        (start[0] - ring, start[1] - ring, start[0] + ring, start[1] + ring),
        outline=ROUTE,
        width=max(5, width - 3),
    )
    if length > piece / 2 + head + 4:
        wing = head * 0.7
        draw.polygon(
            [
                tip,
                (base[0] - uy * wing, base[1] + ux * wing),
                (base[0] + uy * wing, base[1] - ux * wing),
            ],
            fill=ROUTE,
        )


def _ring(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, width: int) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=ROUTE, width=width)


def _footer(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    top: int,
    view: FendoView,
    highlight: Sequence[dict[str, Any]],
    players: Sequence[str] | None,
    labels: Labels | None = None,
) -> None:
    """Per seat: swatch, closed squares and stock; then the last move and the open area."""
    label = font(30, weight="semibold")
    small = font(27)
    scores = list(view.get("scores") or [0, 0])
    stock = list(view.get("stock") or [0, 0])
    column = (WIDTH - 2 * COORD_MARGIN) // 2
    mid = top + 30
    for seat in (0, 1):
        x = COORD_MARGIN + seat * column
        paste_centered(image, disc(36, SEAT_COLOURS[seat], _OUTLINES[seat], 3), (x + 18, mid))
        score = scores[seat] if seat < len(scores) else 0
        left = stock[seat] if seat < len(stock) else 0
        stock_text = say(labels, "fendo.stock", n=left)
        text = f"{colour_word(labels, FENDO_PALETTE.seat_name(seat))} {score}  ·  {stock_text}"
        put_text(image, (x + 46, mid), text, label, PALETTE.text, anchor="lm")
    line = top + 78
    notations = [str(step["notation"]) for step in highlight if step.get("notation")]
    if notations:
        draw.text(
            (COORD_MARGIN, line),
            say(labels, "last_turn", moves=" ".join(notations)),
            font=small,
            fill=PALETTE.muted,
            anchor="lm",
        )
    open_squares = len(view.get("open_area") or ())
    text = (
        say(labels, "fendo.open_area", n=open_squares)
        if open_squares
        else say(labels, "fendo.no_open_area")
    )
    put_text(image, (WIDTH - COORD_MARGIN, line), text, small, PALETTE.muted, anchor="rm")
    del players


def _status(view: FendoView, status: str | None, labels: Labels | None = None) -> str | None:
    if status is not None or view.get("to_move") is not None:
        return status
    outcome = view.get("outcome") or {}
    return str(outcome.get("reason") or say(labels, "game_over"))


def _title(
    view: FendoView,
    players: list[str] | None,
    status: str | None,
    labels: Labels | None = None,
) -> Image.Image:
    size = int(view.get("size") or 7)
    scores = list(view.get("scores") or [0, 0])
    return title_bar(
        WIDTH,
        title=f"Fendo {size}×{size}",
        seats=2,
        players=players,
        to_move=view.get("to_move"),
        status=_status(view, status, labels),
        labels=labels,
        subtitle=(
            say(labels, "fendo.closed", first=scores[0], second=scores[1])
            if len(scores) == 2
            else None
        ),
        palette=FENDO_PALETTE,
        seat_colours=SEAT_COLOURS,
    )


def layout(
    view: FendoView,
    *,
    perspective: int | None = None,
    players: list[str] | None = None,
    status: str | None = None,
) -> Board:
    """Where :func:`render` puts each square for these arguments (tests probe pixels)."""
    bar = _title(view, players, status)
    return Board(int(view.get("size") or 7), perspective == 1, bar.height)


def render(view: FendoView, frame: Frame) -> bytes:
    """PNG of a Fendo view; see the module docstring for the view and the drawing choices.
    ``focus`` is there for the common call (:class:`render.Renderer`) and means nothing here."""
    highlight, players, status, labels = frame.highlight, frame.players, frame.status, frame.labels
    size = int(view.get("size") or 7)
    bar = _title(view, players, status, labels)
    board = Board(size, frame.perspective == 1, bar.height)
    g = board.grid
    height = bar.height + g.height + 2 * COORD_MARGIN + FOOTER
    image = new_canvas(WIDTH, height)
    image.paste(bar, (0, 0))
    empty = STATIC_LAYERS.get(("fendo", size, board.flipped), _empty_board, size, board.flipped)
    image.paste(empty, (0, bar.height))
    draw = ImageDraw.Draw(image)
    _draw_areas(draw, board, view)
    for step in highlight:
        path = list(step.get("path") or ())
        for square in {str(step.get("added") or ""), *(path[-1:] if path else [])}:
            cell = board.cell(square)
            if cell is not None:
                x0, y0, x1, y1 = g.box(*cell)
                draw.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), fill=LANDING)

    fence_width = max(8, g.cell // 8)
    new_fences = {str(step["fence"]) for step in highlight if step.get("fence")}
    for fence in view.get("fences") or ():
        line = board.fence_line(fence)
        if line is not None and fence not in new_fences:
            _bar(draw, line, fence_width, FENCE, g)

    piece = int(g.cell * 0.66)
    for step in highlight:
        if step.get("kind") == "move":
            _draw_route(draw, board, list(step.get("path") or ()), piece)
    for fence in new_fences:
        line = board.fence_line(fence)
        if line is not None:
            _bar(draw, line, fence_width + 6, NEW_FENCE, g)

    for square, seat in (view.get("pieces") or {}).items():
        centre = board.centre(square)
        if centre is not None and seat in (0, 1):
            paste_centered(image, disc(piece, SEAT_COLOURS[seat], _OUTLINES[seat], 4), centre)

    ring_width = max(6, g.cell // 12)
    for step in highlight:
        path = list(step.get("path") or ())
        target = step.get("added") or (path[-1] if path else None)
        cell = board.cell(str(target)) if target else None
        if cell is not None:
            _ring(draw, g.center(*cell), piece // 2 + ring_width // 2 + 2, ring_width)

    _footer(draw, image, g.bottom + COORD_MARGIN, view, highlight, players, labels)
    return to_png(image)
