"""Fuer (Extension) board images.

Reads only the Fuer view (see ``FuerRules.view``): ``tiles``, ``pieces`` (space → ``"F"``
dark / ``"S"`` light), ``supply``, ``to_move``, ``open`` (space → tiles it touches, where a
tile may go now), ``game_over``, ``outcome``, ``win_line``; plus the highlight dicts
(``tile``, ``placed``, ``moved``) of the last turn. It never imports the rules.

Choices made for a phone screen:
- The 9×5 diamond is drawn with pointy-top hexes, ``a1`` at the bottom left and each row
  shifted half a hex right of the one below, so the six neighbours of ruling 1 are exactly
  the hexes sharing an edge on screen ((1, −1) is the one down and to the right).
- Every space carries its name in small type, because columns slant on a hex board and
  counting from the edge labels is error-prone; the edge letters and digits stay big.
- Spaces where a tile may go now are dashed green with what the tile would do: ``+2`` puts
  two new pieces, ``move`` moves one of yours. Players can then read their options without
  counting neighbours.
- Fuer has no sides, so ``perspective`` is accepted and ignored: everyone sees the same
  board.
- Seat labels say Dark / Light (the pieces' colours) rather than First / Second.
- The board is drawn at twice the size and shrunk, since Pillow draws polygons without
  anti-aliasing and jagged hex edges look broken at phone size.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    PALETTE,
    RGB,
    blend,
    contrast,
    dashed_line,
    disc,
    draw_centered_text,
    font,
    new_canvas,
    paste_centered,
    put_text,
    seat_label,
    text_width,
    title_bar,
    to_png,
)
from render.layers import STATIC_LAYERS

COLUMNS = 9
ROWS = 5
LETTERS = "abcdefghi"

RADIUS = 48  # centre to corner of a hex, in output pixels
HEX_WIDTH = math.sqrt(3) * RADIUS
ROW_HEIGHT = 1.5 * RADIUS
SIDE = 58  # room for the row digits left and right
TOP = 48  # room for the column letters above and below
BOARD_WIDTH = round(2 * SIDE + HEX_WIDTH * (COLUMNS + (ROWS - 1) / 2))
BOARD_HEIGHT = round(2 * TOP + ROW_HEIGHT * (ROWS - 1) + 2 * RADIUS)
FOOTER = 84
SCALE = 2
PIECE = 58  # disc diameter

EMPTY_FILL: RGB = (226, 221, 208)
EMPTY_LINE: RGB = (190, 183, 168)
EMPTY_NAME: RGB = (112, 104, 90)
"""Names of empty spaces: quiet beside tiles, but still legible at phone width."""
NAME_SIZE = 24
"""Space names in px before the final shrink: about 9 px tall when the image is 400 wide."""
OPEN_FILL: RGB = (208, 234, 206)
OPEN_LINE: RGB = (34, 130, 56)
TILE_FILL: RGB = PALETTE.board_light
TILE_LINE: RGB = PALETTE.board_line
LAST_TILE: RGB = PALETTE.highlight_to
WIN_LINE: RGB = PALETTE.highlight_capture
DARK: RGB = (32, 32, 38)
LIGHT: RGB = (252, 252, 248)
COLOUR_OF = {"F": DARK, "S": LIGHT}
SEAT_PALETTE = dataclasses.replace(
    PALETTE, seat_colours=(DARK, LIGHT), seat_names=("Dark", "Light")
)
ENDINGS = {
    "four_in_row": "made exactly four in a row",
    "five_in_row": "completed a row of exactly five",
    "no_legal_turn": "wins: the opponent has no legal turn",
}


SPACES = tuple(f"{LETTERS[q]}{r + 1}" for q in range(COLUMNS) for r in range(ROWS))


def parse_space(name: str) -> tuple[int, int] | None:
    """'c3' -> (q, r) = (2, 2); None for anything off the board."""
    text = str(name).strip().lower()
    if len(text) != 2 or text[0] not in LETTERS or not text[1].isdigit():
        return None
    q, r = LETTERS.index(text[0]), int(text[1]) - 1
    return (q, r) if 0 <= r < ROWS else None


def space_center(name: str) -> tuple[float, float]:
    """Centre of a space in board coordinates (the board image's top-left is 0, 0)."""
    parsed = parse_space(name)
    if parsed is None:
        raise ValueError(f"{name!r} is not a Fuer space")
    q, r = parsed
    x = SIDE + HEX_WIDTH * (q + r / 2) + HEX_WIDTH / 2
    y = TOP + RADIUS + ROW_HEIGHT * (ROWS - 1 - r)
    return x, y


def board_top(image_height: int) -> int:
    """Where the board starts in a rendered image: the title bar's height varies with the
    length of names and status, the board and footer below it do not."""
    return image_height - FOOTER - BOARD_HEIGHT


def _hexagon(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [
        (
            (cx + radius * math.cos(math.radians(60 * i - 30))) * SCALE,
            (cy + radius * math.sin(math.radians(60 * i - 30))) * SCALE,
        )
        for i in range(6)
    ]


Point = tuple[float, float]


def _scaled(point: Point, shift: Point = (0, 0)) -> Point:
    """Board pixels to the twice-size drawing whose top-left is the board pixel ``shift``."""
    return (point[0] - shift[0]) * SCALE, (point[1] - shift[1]) * SCALE


_EDGE_DASHES = ((0.0, 0.22), (0.39, 0.61), (0.78, 1.0))


def _dashed_outline(
    draw: ImageDraw.ImageDraw, corners: list[tuple[float, float]], colour: RGB, width: int
) -> None:
    """Three dashes per hex edge: reads as "not there yet" next to the solid tiles."""
    for i, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(i + 1) % len(corners)]
        dashed_line(draw, (x0, y0), (x1, y1), _EDGE_DASHES, colour, width)


def _what_tile_does(touched: int) -> str:
    return "move" if touched == 1 else f"+{touched - 1}"


def _draw_space(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    origin: tuple[int, int],
    look: _Look,
) -> None:
    """One space at twice the size, ``origin`` (board pixels) being the drawing's top-left."""
    name, kind, what, last = look
    shifted = (center[0] - origin[0], center[1] - origin[1])
    corners = _hexagon(shifted, RADIUS - 1.5)
    cx, cy = _scaled(shifted)
    small = font(NAME_SIZE * SCALE, weight="semibold")
    if kind == "tile":
        fill = blend(TILE_FILL, LAST_TILE, 0.55) if last else TILE_FILL
        draw.polygon(corners, fill=fill, outline=TILE_LINE, width=3 * SCALE)
        if what is None:  # no piece on it: the name shows
            draw_centered_text(draw, (cx, cy), name, small, blend(TILE_LINE, fill, 0.2))
    elif kind == "open":
        draw.polygon(corners, fill=OPEN_FILL)
        _dashed_outline(draw, corners, OPEN_LINE, 3 * SCALE)
        draw_centered_text(draw, (cx, cy - 15 * SCALE), name, small, OPEN_LINE)
        badge = font(24 * SCALE, bold=True)
        draw_centered_text(draw, (cx, cy + 13 * SCALE), str(what), badge, OPEN_LINE)
    else:
        draw.polygon(corners, fill=EMPTY_FILL, outline=EMPTY_LINE, width=SCALE)
        draw_centered_text(draw, (cx, cy), name, small, EMPTY_NAME)
    if last:
        # The last tile's frame, inside its own edge so no neighbour can cut into it.
        draw.polygon(_hexagon(shifted, RADIUS - 4), outline=LAST_TILE, width=7 * SCALE)


_Look = tuple[str, str, "str | None", bool]
"""(space, kind "empty" | "tile" | "open", the open space's "move"/"+N" or a tile's piece
marker (None: no piece, the name shows), last tile?): everything a space's drawing shows."""

_SPACE_PAD = 4
"""Board pixels around a hex in its sprite: room for the anti-aliased edge."""


def _space_box(name: str) -> tuple[int, int, int, int]:
    cx, cy = space_center(name)
    half_width = HEX_WIDTH / 2 + _SPACE_PAD
    half_height = RADIUS + _SPACE_PAD
    return (
        math.floor(cx - half_width),
        math.floor(cy - half_height),
        math.ceil(cx + half_width),
        math.ceil(cy + half_height),
    )


def _space_sprite(look: _Look) -> Image.Image:
    """A space drawn at twice the size on a transparent sprite and shrunk, its alpha being how
    much of each board pixel the drawing covers: laid over the empty space of the static
    board (and the dashes reaching into the gap) it gives what drawing the whole board twice
    the size and shrinking it gave, as the shrinking is linear."""
    x0, y0, x1, y1 = _space_box(look[0])
    big = Image.new("RGBA", ((x1 - x0) * SCALE, (y1 - y0) * SCALE), (*PALETTE.background, 0))
    _draw_space(ImageDraw.Draw(big), space_center(look[0]), (x0, y0), look)
    return big.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS)


def _empty_board() -> Image.Image:
    """Every space empty, with the coordinates: drawn twice the size and shrunk once per
    process, as Pillow draws polygons without anti-aliasing."""
    size = (BOARD_WIDTH * SCALE, BOARD_HEIGHT * SCALE)
    image = Image.new("RGB", size, PALETTE.background)
    draw = ImageDraw.Draw(image)
    for name in SPACES:
        _draw_space(draw, space_center(name), (0, 0), (name, "empty", None, False))
    _draw_coordinates(draw)
    return image.resize((BOARD_WIDTH, BOARD_HEIGHT), Image.Resampling.LANCZOS)


def _looks(view: dict[str, Any], last_tiles: set[str]) -> list[_Look]:
    """How each space that is not a plain empty one looks in this view."""
    tiles = set(view.get("tiles", ()))
    open_spaces: dict[str, int] = dict(view.get("open", {}))
    pieces: dict[str, str] = dict(view.get("pieces", {}))
    looks: list[_Look] = []
    for name in SPACES:
        last = name in last_tiles
        if name in tiles:
            looks.append((name, "tile", "piece" if name in pieces else None, last))
        elif name in open_spaces:
            looks.append((name, "open", _what_tile_does(open_spaces[name]), last))
        elif last:
            looks.append((name, "empty", None, True))
    return looks


def _draw_coordinates(draw: ImageDraw.ImageDraw) -> None:
    """Column letters under row 1 only: columns slant on a hex board, so letters along the
    top edge sat over other columns' spaces and misled (issue 14.18). Every space carries
    its own name, and the row numbers stand on both sides."""
    big = font(30 * SCALE, bold=True)
    for q in range(COLUMNS):
        bottom_x, bottom_y = space_center(f"{LETTERS[q]}1")
        half = (TOP - 6) / 2 + RADIUS
        draw_centered_text(
            draw, _scaled((bottom_x, bottom_y + half)), LETTERS[q], big, PALETTE.text
        )
    for r in range(ROWS):
        left_x, y = space_center(f"a{r + 1}")
        right_x, _ = space_center(f"i{r + 1}")
        offset = HEX_WIDTH / 2 + SIDE / 2
        draw_centered_text(draw, _scaled((left_x - offset, y)), str(r + 1), big, PALETTE.text)
        draw_centered_text(draw, _scaled((right_x + offset, y)), str(r + 1), big, PALETTE.text)


def _arrow(draw: ImageDraw.ImageDraw, start: str, end: str, colour: RGB, shift: Point) -> None:
    """From the emptied space to the piece's new tile, stopping at the disc's edge."""
    x0, y0 = space_center(start)
    x1, y1 = space_center(end)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    # Start at the ring around the emptied space so its name stays readable.
    x0, y0 = x0 + ux * RADIUS * 0.55, y0 + uy * RADIUS * 0.55
    tip = (x1 - ux * (PIECE / 2 + 4), y1 - uy * (PIECE / 2 + 4))
    base = (tip[0] - ux * 24, tip[1] - uy * 24)
    draw.line((*_scaled((x0, y0), shift), *_scaled(base, shift)), fill=colour, width=8 * SCALE)
    wing = (-uy * 14, ux * 14)
    head = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    draw.polygon([_scaled(p, shift) for p in head], fill=colour)


def _overlay_box(
    view: dict[str, Any], highlight: Sequence[dict[str, Any]]
) -> tuple[int, int, int, int] | None:
    """Board pixels the moved piece's ring and arrow and the winning line can touch."""
    points: list[tuple[float, float]] = []
    for mark in highlight:
        moved = mark.get("moved")
        if moved and len(moved) == 2 and all(parse_space(str(s)) for s in moved):
            points += [space_center(str(moved[0])), space_center(str(moved[1]))]
    winning = [str(s) for s in view.get("win_line") or () if parse_space(str(s))]
    if len(winning) >= 2:
        points += [space_center(winning[0]), space_center(winning[-1])]
    if not points:
        return None
    reach = RADIUS  # the ring, the line's width and the arrowhead stay within a hex
    return (
        max(0, math.floor(min(x for x, _ in points) - reach)),
        max(0, math.floor(min(y for _, y in points) - reach)),
        min(BOARD_WIDTH, math.ceil(max(x for x, _ in points) + reach)),
        min(BOARD_HEIGHT, math.ceil(max(y for _, y in points) + reach)),
    )


def _draw_overlays(
    image: Image.Image, view: dict[str, Any], highlight: Sequence[dict[str, Any]]
) -> None:
    """The moved piece's ring and arrow and the winning line, anti-aliased: the board under
    them is blown up to twice the size (each pixel four), drawn on and averaged back, which
    leaves every pixel they miss exactly as it was."""
    box = _overlay_box(view, highlight)
    if box is None:
        return
    region = image.crop(box)
    big = region.resize((region.width * SCALE, region.height * SCALE), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(big)
    shift = (box[0], box[1])
    for mark in highlight:
        moved = mark.get("moved")
        if moved and len(moved) == 2 and all(parse_space(str(s)) for s in moved):
            # A hollow ring where the piece stood, so the emptied tile reads as "was here".
            ring = RADIUS * 0.55
            cx, cy = space_center(str(moved[0]))
            draw.ellipse(
                (
                    *_scaled((cx - ring, cy - ring), shift),
                    *_scaled((cx + ring, cy + ring), shift),
                ),
                outline=PALETTE.highlight_from,
                width=6 * SCALE,
            )
            colour = blend(LAST_TILE, (120, 40, 0), 0.25)
            _arrow(draw, str(moved[0]), str(moved[1]), colour, shift)
    winning = [str(s) for s in view.get("win_line") or () if parse_space(str(s))]
    if len(winning) >= 2:
        # Under the pieces: the line shows between the discs and never hides their names.
        ends = [_scaled(space_center(winning[0]), shift), _scaled(space_center(winning[-1]), shift)]
        draw.line(ends, fill=WIN_LINE, width=12 * SCALE)
    image.paste(big.reduce(SCALE), box[:2])


_PIECE_BOX = (PIECE + 18) // 2 + 3
"""Board pixels from a piece's centre to the edge of its sprite (the halo is widest)."""


def _piece_sprite(name: str, colour: RGB, halo: RGB | None) -> tuple[Image.Image, int, int]:
    """A piece with its name (and halo) drawn twice the size at its exact place and shrunk,
    as an RGBA sprite and the board pixel of its top-left corner."""
    cx, cy = space_center(name)
    x0, y0 = math.floor(cx) - _PIECE_BOX, math.floor(cy) - _PIECE_BOX
    side = 2 * _PIECE_BOX + 2
    big = Image.new("RGBA", (side * SCALE, side * SCALE), (*colour, 0))
    centre = _scaled((cx - x0, cy - y0))
    at = (round(centre[0]), round(centre[1]))
    if halo is not None:
        layer = Image.new("RGBA", big.size, (*halo, 0))
        paste_centered(layer, disc((PIECE + 18) * SCALE, halo, halo, 1), at)
        big = Image.alpha_composite(big, layer)
    rim = (225, 225, 225) if colour == DARK else (40, 40, 46)
    layer = Image.new("RGBA", big.size, (*colour, 0))
    paste_centered(layer, disc(PIECE * SCALE, colour, rim, 3 * SCALE), at)
    big = Image.alpha_composite(big, layer)
    label_font = font(NAME_SIZE * SCALE, weight="semibold")
    label = blend(contrast(colour), colour, 0.3)
    draw_centered_text(ImageDraw.Draw(big), centre, name, label_font, label)
    return big.resize((side, side), Image.Resampling.LANCZOS), x0, y0


def _draw_pieces(
    image: Image.Image, view: dict[str, Any], highlight: Sequence[dict[str, Any]]
) -> None:
    pieces: dict[str, str] = dict(view.get("pieces", {}))
    fresh: set[str] = set()
    for mark in highlight:
        fresh.update(str(s) for s in mark.get("placed") or ())
        moved = mark.get("moved")
        if moved and len(moved) == 2:
            fresh.add(str(moved[1]))
    winning = {str(s) for s in view.get("win_line") or () if parse_space(str(s))}
    if len(winning) < 2:
        winning = set()
    for name, colour in sorted(pieces.items()):
        if parse_space(name) is None:
            continue
        fill = COLOUR_OF.get(str(colour).upper(), LIGHT)
        halo = WIN_LINE if name in winning else LAST_TILE if name in fresh else None
        key = ("fuer", "piece", name, fill, halo)
        sprite, x, y = STATIC_LAYERS.get(key, _piece_sprite, name, fill, halo)
        image.paste(sprite, (x, y), sprite)


def _board(view: dict[str, Any], highlight: Sequence[dict[str, Any]]) -> Image.Image:
    """The diamond at its final size: the empty board, then each space that is not empty,
    the last turn's marks and the pieces, each from a sprite drawn twice the size and shrunk
    once per process (shrinking the whole board every image took 26 ms)."""
    image = STATIC_LAYERS.get(("fuer", "board"), _empty_board).copy()
    last_tiles = {str(m["tile"]) for m in highlight if m.get("tile")}
    for look in _looks(view, last_tiles):
        sprite = STATIC_LAYERS.get(("fuer", "space", look), _space_sprite, look)
        x0, y0, _, _ = _space_box(look[0])
        image.paste(sprite, (x0, y0), sprite)
    _draw_overlays(image, view, highlight)
    _draw_pieces(image, view, highlight)
    return image


def _footer(width: int, view: dict[str, Any]) -> Image.Image:
    """Supplies and a one-line key to the open spaces."""
    image = new_canvas(width, FOOTER)
    supply = view.get("supply", {})
    text_font = font(26, weight="semibold")
    key_font = font(25)
    x = 24
    y = 26
    for colour, word in (("F", "Dark"), ("S", "Light")):
        fill = COLOUR_OF[colour]
        rim = (225, 225, 225) if fill == DARK else (40, 40, 46)
        paste_centered(image, disc(30, fill, rim, 3), (x + 15, y))
        label = f"{word}: {supply.get(colour, '?')} in supply"
        put_text(image, (x + 38, y), label, text_font, PALETTE.text, anchor="lm")
        x += 38 + text_width(label, text_font) + 36
    if view.get("open"):
        key = "Green dashed spaces take a tile now: +N puts N new pieces, move moves one of yours."
        put_text(image, (24, 64), key, key_font, PALETTE.muted, anchor="lm")
    return image


def _status(view: dict[str, Any], status: str | None, players: list[str] | None) -> str | None:
    """The caller's status, else the result in the image's own words (Dark / Light)."""
    if status is not None:
        return status
    outcome = view.get("outcome")
    if not view.get("game_over") or not outcome:
        return None
    winners = outcome.get("winners") or []
    if not winners:
        return "Game over"
    ending = ENDINGS.get(str(outcome.get("termination")), "wins")
    return f"{seat_label(int(winners[0]), players, SEAT_PALETTE)} {ending}."


def render(
    view: dict[str, Any],
    *,
    perspective: int | None = None,
    highlight: list[dict[str, Any]],
    players: list[str] | None,
    status: str | None,
) -> bytes:
    """PNG of the diamond with tiles, pieces, open spaces and the last turn marked."""
    board = _board(view, highlight)
    width = max(BOARD_WIDTH, 800)
    played = max(0, len(view.get("tiles", ())) - 9)
    subtitle = f"{played} turns played" if view.get("game_over") else f"turn {played + 1}"
    bar = title_bar(
        width,
        title="Fuer (Extension)",
        seats=2,
        players=players,
        to_move=view.get("to_move"),
        status=_status(view, status, players),
        subtitle=subtitle,
        palette=SEAT_PALETTE,
    )
    canvas = new_canvas(width, bar.height + BOARD_HEIGHT + FOOTER)
    canvas.paste(bar, (0, 0))
    canvas.paste(board, ((width - BOARD_WIDTH) // 2, bar.height))
    canvas.paste(_footer(width, view), (0, bar.height + BOARD_HEIGHT))
    return to_png(canvas)
