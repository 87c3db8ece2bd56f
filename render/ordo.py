"""Ordo board images.

Reads only the Ordo view (``board`` rank 8 first, ``to_move``, ``counts``, ``split``,
optional ``ply``) and the highlight dicts of the last turn; it never imports the rules, so an
image can only show what the view discloses.

Choices the rulings leave open, made here for readability on a phone:
- The board is checkered (light/dark) although Ordo does not need square colours: it makes
  counting files along a 10-wide board much easier.
- Perspective 1 rotates the board by 180°, as a Black player sitting opposite would see it, so
  both files and ranks run backwards and Black's home rank is at the bottom.
- The subtitle counts turns as ``/match history`` and the game review number them ("turn N"
  is the turn about to be played, "N turns played" once the game is over), so a board, the
  history and a review's "move 23" never disagree; it is left out when the view has no
  ``ply``.
- With nobody to move and no status given, the status reads "Game over".
- Captured squares get a red frame plus a red X badge in the corner, because in Ordo the
  capturing piece usually stands on that square and would hide a full-size cross.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    COORD_MARGIN,
    PALETTE,
    RGB,
    Grid,
    blend,
    disc,
    draw_centered_text,
    draw_coordinates,
    file_letters,
    font,
    highlight_square,
    new_canvas,
    paste_centered,
    put_text,
    text_width,
    title_bar,
    to_png,
)
from render.frame import Frame
from render.labels import Labels, say
from render.labels import colour as colour_word
from render.layers import STATIC_LAYERS

FILES = 10
RANKS = 8
CELL = 80
PIECE = 64  # disc diameter; big enough for a thumb-sized glance, small enough to show tints
FOOTER = 64
WIDTH = FILES * CELL + 2 * COORD_MARGIN
# Darker than the target tint so the arrow still shows where it crosses highlighted squares.
ARROW: RGB = blend(PALETTE.highlight_to, (120, 40, 0), 0.25)

_PIECE_STYLE: dict[str, tuple[RGB, RGB, int]] = {
    # symbol -> (fill, outline, outline width); the black piece gets a light rim so it still
    # separates from the dark squares on a dim phone screen.
    "W": (PALETTE.seat_colour(0), (24, 24, 28), 4),
    "B": (PALETTE.seat_colour(1), (226, 226, 226), 3),
}
_INNER_RING: dict[str, tuple[RGB, int]] = {
    # a second, inner ring gives the pieces a "checker" look and more edge to catch the eye
    "W": ((150, 150, 150), 2),
    "B": ((90, 90, 96), 2),
}


def square_to_file_rank(square: str) -> tuple[int, int] | None:
    """'c3' -> (2, 3): zero-based file, one-based rank; None for anything off the board."""
    if len(square) < 2:
        return None
    file = ord(square[0].lower()) - ord("a")
    try:
        rank = int(square[1:])
    except ValueError:
        return None
    if not (0 <= file < FILES and 1 <= rank <= RANKS):
        return None
    return file, rank


def screen_cell(file: int, rank: int, flipped: bool) -> tuple[int, int]:
    """Screen (col, row) of a square; White's view puts a1 bottom-left, Black's puts j8."""
    if flipped:
        return FILES - 1 - file, rank - 1
    return file, RANKS - rank


def _cells(squares: Sequence[Any], flipped: bool) -> list[tuple[int, int]]:
    out = []
    for square in squares:
        parsed = square_to_file_rank(str(square))
        if parsed is not None:
            out.append(screen_cell(*parsed, flipped))
    return out


def _is_dark(col: int, row: int, flipped: bool) -> bool:
    """a1 is dark, as on a chessboard, whichever way up the board is drawn."""
    file = FILES - 1 - col if flipped else col
    rank = row + 1 if flipped else RANKS - row
    return (file + rank) % 2 == 0


def _empty_board(flipped: bool) -> Image.Image:
    """Squares and coordinates, identical for every position: drawn once per orientation."""
    grid = Grid(FILES, RANKS, CELL, COORD_MARGIN, COORD_MARGIN)
    image = new_canvas(WIDTH, RANKS * CELL + 2 * COORD_MARGIN)
    draw = ImageDraw.Draw(image)
    for row in range(RANKS):
        for col in range(FILES):
            colour = PALETTE.board_dark if _is_dark(col, row, flipped) else PALETTE.board_light
            x0, y0, x1, y1 = grid.box(col, row)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)
    draw.rectangle(
        (grid.left - 3, grid.top - 3, grid.right + 2, grid.bottom + 2),
        outline=PALETTE.board_line,
        width=3,
    )
    files = file_letters(FILES)
    ranks = [str(r) for r in range(RANKS, 0, -1)]
    if flipped:
        files, ranks = files[::-1], ranks[::-1]
    draw_coordinates(draw, grid, files, ranks)
    return image


@lru_cache(maxsize=4)
def _piece(symbol: str) -> Image.Image:
    fill, outline, width = _PIECE_STYLE[symbol]
    ring, ring_width = _INNER_RING[symbol]
    image = disc(PIECE, fill, outline, width).copy()
    inner = disc(PIECE - 22, fill, ring, ring_width)
    paste_centered(image, inner, (PIECE // 2, PIECE // 2))
    return image


@lru_cache(maxsize=1)
def _capture_badge() -> Image.Image:
    size = 30
    badge = disc(size, PALETTE.highlight_capture, (255, 255, 255), 2).copy()
    draw = ImageDraw.Draw(badge)
    a, b = 9, size - 10
    draw.line((a, a, b, b), fill=(255, 255, 255), width=4)
    draw.line((a, b, b, a), fill=(255, 255, 255), width=4)
    return badge


def _draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: RGB,
) -> None:
    """A shaft with a head, drawn under the pieces so it shows the path between squares."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = 26
    # Stop at the rim of the piece now standing on the target, so the head stays visible;
    # moves to a neighbouring square have no room for an arrow and the tints say enough.
    if length - PIECE / 2 - 2 - PIECE / 2 < head + 8:
        return
    end = (end[0] - ux * (PIECE / 2 + 2), end[1] - uy * (PIECE / 2 + 2))
    base = (end[0] - ux * head, end[1] - uy * head)
    draw.line((start, base), fill=colour, width=12)
    px, py = -uy, ux
    draw.polygon(
        [
            end,
            (base[0] + px * 17, base[1] + py * 17),
            (base[0] - px * 17, base[1] - py * 17),
        ],
        fill=colour,
    )


def _centroid(cells: Sequence[tuple[int, int]], grid: Grid) -> tuple[float, float]:
    xs = [grid.center(c, r)[0] for c, r in cells]
    ys = [grid.center(c, r)[1] for c, r in cells]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _draw_last_turn(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    highlight: Sequence[dict[str, Any]],
    flipped: bool,
) -> list[tuple[int, int]]:
    """Tint from/to squares and draw the move arrow; returns captured cells for badges."""
    captured: list[tuple[int, int]] = []
    for step in highlight:
        sources = _cells(step.get("from", ()), flipped)
        targets = _cells(step.get("to", ()), flipped)
        taken = _cells(step.get("captured", ()), flipped)
        for cells, colour in ((sources, PALETTE.highlight_from), (targets, PALETTE.highlight_to)):
            for col, row in cells:
                base = PALETTE.board_dark if _is_dark(col, row, flipped) else PALETTE.board_light
                highlight_square(draw, grid.box(col, row), colour, base=base, strength=0.7)
        for col, row in taken:
            base = PALETTE.board_dark if _is_dark(col, row, flipped) else PALETTE.board_light
            box = grid.box(col, row)
            highlight_square(
                draw, box, PALETTE.highlight_capture, base=base, strength=0.35, frame=7
            )
        captured.extend(taken)
        if sources and targets:
            _draw_arrow(draw, _centroid(sources, grid), _centroid(targets, grid), ARROW)
    return captured


def _footer(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    top: int,
    view: Mapping[str, Any],
    highlight: Sequence[dict[str, Any]],
    labels: Labels | None = None,
) -> None:
    """Piece counts with swatches, a loud "split!" tag per split side, and the last move."""
    counts: list[int | None] = list(view.get("counts") or ())
    split = list(view.get("split") or [False, False])
    label_font = font(30, weight="semibold")
    tag_font = font(26, bold=True)
    mid = top + FOOTER // 2 - 6
    x = COORD_MARGIN
    for seat, symbol in enumerate("WB"):
        sprite = disc(34, *_PIECE_STYLE[symbol])
        paste_centered(image, sprite, (x + 17, mid))
        x += 44
        count = counts[seat] if seat < len(counts) else None
        shown = count if count is not None else "?"
        text = f"{colour_word(labels, PALETTE.seat_name(seat))} {shown}"
        put_text(image, (x, mid), text, label_font, PALETTE.text, anchor="lm")
        x += text_width(text, label_font) + 12
        if seat < len(split) and split[seat]:
            tag = say(labels, "ordo.split")
            w = text_width(tag, tag_font) + 20
            draw.rounded_rectangle((x, mid - 19, x + w, mid + 19), radius=8, fill=PALETTE.warning)
            draw_centered_text(draw, (x + w / 2, mid), tag, tag_font, (255, 255, 255))
            x += w + 12
        x += 28
    notations = [str(step["notation"]) for step in highlight if step.get("notation")]
    if notations:
        text = say(labels, "last_turn", moves=" ".join(notations))
        right = WIDTH - COORD_MARGIN
        if text_width(text, label_font) <= right - x:
            put_text(image, (right, mid), text, label_font, PALETTE.muted, anchor="rm")


def render(view: Mapping[str, Any], frame: Frame) -> bytes:
    """PNG of an Ordo view; see the module docstring for the choices made. ``focus`` is
    there for the common call (:class:`render.Renderer`): a whole board needs no close-up."""
    highlight, players, status, labels = frame.highlight, frame.players, frame.status, frame.labels
    flipped = frame.perspective == 1
    to_move = view.get("to_move")
    if status is None and to_move is None:
        status = say(labels, "game_over")
    ply = view.get("ply")
    bar = title_bar(
        WIDTH,
        title="Ordo",
        seats=2,
        players=players,
        to_move=to_move,
        status=status,
        subtitle=_turns(ply, over=to_move is None, labels=labels),
        labels=labels,
    )
    board = STATIC_LAYERS.get(("ordo", flipped), _empty_board, flipped)
    image = new_canvas(WIDTH, bar.height + board.height + FOOTER)
    image.paste(bar, (0, 0))
    image.paste(board, (0, bar.height))
    grid = Grid(FILES, RANKS, CELL, COORD_MARGIN, bar.height + COORD_MARGIN)
    draw = ImageDraw.Draw(image)

    captured = _draw_last_turn(image, draw, grid, highlight, flipped)

    rows = list(view.get("board") or [])
    for index, line in enumerate(rows[:RANKS]):
        rank = RANKS - index
        for file, symbol in enumerate(str(line)[:FILES]):
            if symbol in _PIECE_STYLE:
                col, row = screen_cell(file, rank, flipped)
                paste_centered(image, _piece(symbol), grid.center(col, row))

    badge = _capture_badge()
    for col, row in captured:
        _, y0, x1, _ = grid.box(col, row)
        paste_centered(image, badge, (x1 - 15, y0 + 15))

    _footer(draw, image, bar.height + board.height, view, highlight, labels)
    return to_png(image)


def _turns(ply: object, *, over: bool, labels: Labels | None = None) -> str | None:
    if not isinstance(ply, int):
        return None
    return say(labels, "turns_played", n=ply) if over else say(labels, "turn", number=ply + 1)
