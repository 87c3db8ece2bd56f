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
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.fuer.view import FuerView
from render.common import (
    PALETTE,
    RGB,
    blend,
    contrast,
    dashed_line,
    disc,
    draw_centered_text,
    fit_text,
    font,
    new_canvas,
    paste_centered,
    put_text,
    seat_label,
    text_width,
    title_bar,
    to_png,
    wrap_lines,
)
from render.frame import Frame
from render.labels import Labels, say
from render.labels import colour as colour_word
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
    "four_in_row": "fuer.four_in_row",
    "five_in_row": "fuer.five_in_row",
    "no_legal_turn": "fuer.no_legal_turn",
}
"""How a won game ended, as image labels (the winner named in each)."""


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


def _what_tile_does(touched: int, labels: Labels | None = None) -> str:
    return say(labels, "fuer.move") if touched == 1 else f"+{touched - 1}"


Half = tuple[int, int]
"""A point in half pixels: a pixel of the twice-size drawing."""


def anchor(name: str) -> Half:
    """Where a space is drawn: its centre on the half-pixel grid. Every sprite is drawn for
    a centre on that grid, so two of each (whole or half pixel across) serve all 45 spaces;
    the quarter pixel at most this moves a space by is invisible."""
    cx, cy = space_center(name)
    return round(cx * SCALE), round(cy * SCALE)


def _centre(name: str) -> Point:
    """``anchor`` in board pixels."""
    x, y = anchor(name)
    return x / SCALE, y / SCALE


def _draw_hex(
    draw: ImageDraw.ImageDraw, center: Point, kind: str, last: bool, *, fill: RGB | None = None
) -> None:
    """A space's hexagon at twice the size, ``center`` in board pixels of the drawing."""
    corners = _hexagon(center, RADIUS - 1.5)
    if kind == "tile":
        fill = blend(TILE_FILL, LAST_TILE, 0.55) if last else TILE_FILL
        draw.polygon(corners, fill=fill, outline=TILE_LINE, width=3 * SCALE)
    elif kind == "open":
        draw.polygon(corners, fill=OPEN_FILL)
        _dashed_outline(draw, corners, OPEN_LINE, 3 * SCALE)
    else:
        draw.polygon(corners, fill=EMPTY_FILL, outline=EMPTY_LINE, width=SCALE)
    if last:
        # The last tile's frame, inside its own edge so no neighbour can cut into it.
        draw.polygon(_hexagon(center, RADIUS - 4), outline=LAST_TILE, width=7 * SCALE)


Label = tuple[str, int, str, RGB, int]
"""(text, size in board pixels, weight, colour, offset below the space's centre)."""


def _labels(name: str, kind: str, what: str | None, last: bool) -> list[Label]:
    """The words on a space: its name (not under a piece), and what a tile would do there."""
    if kind == "tile":
        fill = blend(TILE_FILL, LAST_TILE, 0.55) if last else TILE_FILL
        return [] if what else [(name, NAME_SIZE, "semibold", blend(TILE_LINE, fill, 0.2), 0)]
    if kind == "open":
        return [
            (name, NAME_SIZE, "semibold", OPEN_LINE, -15),
            (str(what), 24, "bold", OPEN_LINE, 13),
        ]
    return [(name, NAME_SIZE, "semibold", EMPTY_NAME, 0)]


def _draw_label(draw: ImageDraw.ImageDraw, center: Point, label: Label) -> None:
    text, size, weight, colour, dy = label
    at = _scaled((center[0], center[1] + dy))
    draw_centered_text(draw, at, text, font(size * SCALE, weight=weight), colour)


def _draw_space(draw: ImageDraw.ImageDraw, center: Point, look: _Look) -> None:
    """One whole space at twice the size: hexagon, then its words."""
    name, kind, what, last = look
    _draw_hex(draw, center, kind, last)
    for label in _labels(name, kind, what, last):
        _draw_label(draw, center, label)


_Look = tuple[str, str, "str | None", bool]
"""(space, kind "empty" | "tile" | "open", the open space's "move"/"+N" or a tile's piece
marker (None: no piece, the name shows), last tile?): everything a space's drawing shows."""


def _shrunk(
    half: Half, phase: Half, paint: Callable[[Image.Image, Point], Image.Image]
) -> Image.Image:
    """A transparent sprite of ``2·half + 1`` board pixels each way: ``paint`` draws on it at
    twice the size around ``center`` (board pixels, ``phase`` half pixels past the middle)
    and the result is shrunk, its alpha being how much of each pixel the drawing covers."""
    width, height = 2 * half[0] + 1, 2 * half[1] + 1
    big = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    center = (half[0] + phase[0] / SCALE, half[1] + phase[1] / SCALE)
    big = paint(big, center)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def _place(at: Half, half: Half) -> tuple[int, int]:
    """The board pixel where a sprite of ``half`` drawn for the anchor ``at`` goes."""
    return at[0] // SCALE - half[0], at[1] // SCALE - half[1]


_HEX_HALF = (math.ceil(HEX_WIDTH / 2) + 4, RADIUS + 4)


def _hex_sprite(kind: str, last: bool, phase: Half) -> Image.Image:
    def paint(big: Image.Image, center: Point) -> Image.Image:
        _draw_hex(ImageDraw.Draw(big), center, kind, last)
        return big

    return _shrunk(_HEX_HALF, phase, paint)


def _label_sprite(label: Label, phase: Half) -> tuple[Image.Image, Half]:
    """Words drawn twice the size and shrunk, as a sprite of their own colour whose alpha is
    the glyphs (drawing text on a transparent image would darken its anti-aliased edge)."""
    text, size, weight, colour, _ = label
    fnt = font(size * SCALE, weight=weight)
    left, top, right, bottom = fnt.getbbox(text, anchor="mm")
    half = (math.ceil(max(-left, right) / SCALE) + 2, math.ceil(max(-top, bottom) / SCALE) + 2)

    def paint(big: Image.Image, center: Point) -> Image.Image:
        glyphs = Image.new("L", big.size, 0)
        ImageDraw.Draw(glyphs).text(_scaled(center), text, font=fnt, fill=255, anchor="mm")
        coloured = Image.new("RGBA", big.size, (*colour, 0))
        coloured.putalpha(glyphs)
        return coloured

    return _shrunk(half, phase, paint), half


def _paste_label(image: Image.Image, at: Half, label: Label) -> None:
    shifted = (at[0], at[1] + label[4] * SCALE)
    phase = (shifted[0] % SCALE, shifted[1] % SCALE)
    sprite, half = STATIC_LAYERS.get(("fuer", "label", label, phase), _label_sprite, label, phase)
    image.paste(sprite, _place(shifted, half), sprite)


def _empty_board() -> Image.Image:
    """Every space empty, with the coordinates: drawn twice the size and shrunk once per
    process, as Pillow draws polygons without anti-aliasing."""
    size = (BOARD_WIDTH * SCALE, BOARD_HEIGHT * SCALE)
    image = Image.new("RGB", size, PALETTE.background)
    draw = ImageDraw.Draw(image)
    for name in SPACES:
        _draw_space(draw, _centre(name), (name, "empty", None, False))
    _draw_coordinates(draw)
    return image.resize((BOARD_WIDTH, BOARD_HEIGHT), Image.Resampling.LANCZOS)


def _looks(view: FuerView, last_tiles: set[str], labels: Labels | None = None) -> list[_Look]:
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
            looks.append((name, "open", _what_tile_does(open_spaces[name], labels), last))
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
    x0, y0 = _centre(start)
    x1, y1 = _centre(end)
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


def _moves(highlight: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
    """(from, to) of every piece the last turn moved."""
    moves = []
    for mark in highlight:
        moved = mark.get("moved")
        if moved and len(moved) == 2 and all(parse_space(str(s)) for s in moved):
            moves.append((str(moved[0]), str(moved[1])))
    return moves


def _winning(view: FuerView) -> list[str]:
    winning = [str(s) for s in view.get("win_line") or () if parse_space(str(s))]
    return winning if len(winning) >= 2 else []


def _overlay_box(
    view: FuerView, highlight: Sequence[dict[str, Any]]
) -> tuple[int, int, int, int] | None:
    """Board pixels the moved piece's ring and arrow and the winning line can touch."""
    points = [_centre(name) for move in _moves(highlight) for name in move]
    winning = _winning(view)
    if winning:
        points += [_centre(winning[0]), _centre(winning[-1])]
    if not points:
        return None
    reach = RADIUS  # the ring, the line's width and the arrowhead stay within a hex
    return (
        max(0, math.floor(min(x for x, _ in points) - reach)),
        max(0, math.floor(min(y for _, y in points) - reach)),
        min(BOARD_WIDTH, math.ceil(max(x for x, _ in points) + reach)),
        min(BOARD_HEIGHT, math.ceil(max(y for _, y in points) + reach)),
    )


def _draw_marks(
    draw: ImageDraw.ImageDraw,
    view: FuerView,
    moves: list[tuple[str, str]],
    shift: Point = (0, 0),
) -> None:
    """The moved pieces' rings and arrows and the winning line, at twice the size."""
    for start, end in moves:
        # A hollow ring where the piece stood, so the emptied tile reads as "was here".
        ring = RADIUS * 0.55
        cx, cy = _centre(start)
        draw.ellipse(
            (*_scaled((cx - ring, cy - ring), shift), *_scaled((cx + ring, cy + ring), shift)),
            outline=PALETTE.highlight_from,
            width=6 * SCALE,
        )
        _arrow(draw, start, end, blend(LAST_TILE, (120, 40, 0), 0.25), shift)
    winning = _winning(view)
    if winning:
        # Under the pieces: the line shows between the discs and never hides their names.
        ends = [_scaled(_centre(winning[0]), shift), _scaled(_centre(winning[-1]), shift)]
        draw.line(ends, fill=WIN_LINE, width=12 * SCALE)


def _draw_overlays(image: Image.Image, view: FuerView, highlight: Sequence[dict[str, Any]]) -> None:
    """The last turn's marks, anti-aliased: the board under them is blown up to twice the
    size (each pixel four), drawn on and averaged back, which leaves every pixel they miss
    exactly as it was."""
    box = _overlay_box(view, highlight)
    if box is None:
        return
    region = image.crop(box)
    big = region.resize((region.width * SCALE, region.height * SCALE), Image.Resampling.NEAREST)
    _draw_marks(ImageDraw.Draw(big), view, _moves(highlight), (box[0], box[1]))
    image.paste(big.reduce(SCALE), box[:2])


_PIECE_HALF = ((PIECE + 18) // 2 + 3,) * 2
"""Board pixels from a piece's centre to the edge of its sprite (the halo is widest)."""


def _paint_piece(big: Image.Image, center: Point, colour: RGB, halo: RGB | None) -> Image.Image:
    """A piece (and its halo) on ``big``, twice the size, composited so that its
    anti-aliased rim keeps its colour on a transparent image."""
    at = (round(center[0] * SCALE), round(center[1] * SCALE))
    if halo is not None:
        layer = Image.new("RGBA", big.size, (*halo, 0))
        paste_centered(layer, disc((PIECE + 18) * SCALE, halo, halo, 1), at)
        big = Image.alpha_composite(big, layer)
    rim = (225, 225, 225) if colour == DARK else (40, 40, 46)
    layer = Image.new("RGBA", big.size, (*colour, 0))
    paste_centered(layer, disc(PIECE * SCALE, colour, rim, 3 * SCALE), at)
    return Image.alpha_composite(big, layer)


def _piece_sprite(colour: RGB, halo: RGB | None, phase: Half) -> Image.Image:
    return _shrunk(_PIECE_HALF, phase, lambda big, c: _paint_piece(big, c, colour, halo))


def _pieces(
    view: FuerView, highlight: Sequence[dict[str, Any]]
) -> list[tuple[str, RGB, RGB | None]]:
    """(space, colour, halo) of every piece, in drawing order."""
    fresh: set[str] = set()
    for mark in highlight:
        fresh.update(str(s) for s in mark.get("placed") or ())
    fresh.update(end for _, end in _moves(highlight))
    winning = set(_winning(view))
    out = []
    for name, colour in sorted(dict(view.get("pieces", {})).items()):
        if parse_space(name) is None:
            continue
        fill = COLOUR_OF.get(str(colour).upper(), LIGHT)
        halo = WIN_LINE if name in winning else LAST_TILE if name in fresh else None
        out.append((name, fill, halo))
    return out


def _piece_label(name: str, colour: RGB) -> Label:
    return (name, NAME_SIZE, "semibold", blend(contrast(colour), colour, 0.3), 0)


def _board(
    view: FuerView, highlight: Sequence[dict[str, Any]], labels: Labels | None = None
) -> Image.Image:
    """The diamond at its final size: the empty board, then each space that is not empty,
    the last turn's marks and the pieces. Everything is drawn twice the size and shrunk, as
    Pillow draws polygons without anti-aliasing, but each part only once per process: the
    empty board, and sprites of a hexagon, a piece or a word for a centre on the whole or
    the half pixel (shrinking the whole board every image took 26 ms)."""
    image = STATIC_LAYERS.get(("fuer", "board"), _empty_board).copy()
    last_tiles = {str(m["tile"]) for m in highlight if m.get("tile")}
    for name, kind, what, last in _looks(view, last_tiles, labels):
        at = anchor(name)
        phase = (at[0] % SCALE, at[1] % SCALE)
        sprite = STATIC_LAYERS.get(
            ("fuer", "hex", kind, last, phase), _hex_sprite, kind, last, phase
        )
        image.paste(sprite, _place(at, _HEX_HALF), sprite)
        for label in _labels(name, kind, what, last):
            _paste_label(image, at, label)
    _draw_overlays(image, view, highlight)
    for name, colour, halo in _pieces(view, highlight):
        at = anchor(name)
        phase = (at[0] % SCALE, at[1] % SCALE)
        key = ("fuer", "piece", colour, halo, phase)
        sprite = STATIC_LAYERS.get(key, _piece_sprite, colour, halo, phase)
        image.paste(sprite, _place(at, _PIECE_HALF), sprite)
        _paste_label(image, at, _piece_label(name, colour))
    return image


def _footer(
    width: int,
    view: FuerView,
    labels: Labels | None = None,
    highlight: Sequence[dict[str, Any]] = (),
) -> Image.Image:
    """Supplies, the last turn ("Last turn: e4 +d3", as every other game's image says it)
    and a one-line key to the open spaces."""
    image = new_canvas(width, FOOTER)
    supply = view.get("supply", {})
    text_font = font(26, weight="semibold")
    key_font = font(25)
    x = 24
    y = 26
    for colour, word in (("F", colour_word(labels, "Dark")), ("S", colour_word(labels, "Light"))):
        fill = COLOUR_OF[colour]
        rim = (225, 225, 225) if fill == DARK else (40, 40, 46)
        paste_centered(image, disc(30, fill, rim, 3), (x + 15, y))
        label = f"{word}: {say(labels, 'fuer.in_supply', n=supply.get(colour, '?'))}"
        put_text(image, (x + 38, y), label, text_font, PALETTE.text, anchor="lm")
        x += 38 + text_width(label, text_font) + 36
    notations = [str(step["notation"]) for step in highlight if step.get("notation")]
    if notations:
        last = say(labels, "last_turn", moves=" ".join(notations))
        last = fit_text(last, key_font, width - 24 - x)
        put_text(image, (width - 24, y), last, key_font, PALETTE.muted, anchor="rm")
    if view.get("open"):
        # A longer language must not run off the right edge: the key wraps onto a second
        # line in a smaller size, and only then is cut.
        key = say(labels, "fuer.key")
        if text_width(key, key_font) <= width - 48:
            put_text(image, (24, 64), key, key_font, PALETTE.muted, anchor="lm")
        else:
            small = font(20)
            for row, line in enumerate(wrap_lines(key, small, width - 48, 2)):
                put_text(image, (24, 54 + 22 * row), line, small, PALETTE.muted, anchor="lm")
    return image


def _status(
    view: FuerView,
    status: str | None,
    players: list[str] | None,
    labels: Labels | None = None,
) -> str | None:
    """The caller's status, else the result in the image's own words (Dark / Light)."""
    if status is not None:
        return status
    outcome = view.get("outcome")
    if not view.get("game_over") or not outcome:
        return None
    winners = outcome.get("winners") or []
    if not winners:
        return say(labels, "game_over")
    winner = seat_label(int(winners[0]), players, SEAT_PALETTE, labels)
    ending = ENDINGS.get(str(outcome.get("termination")))
    if ending is None:
        return say(labels, "fonver.wins", player=winner)
    return say(labels, ending, player=winner)


def render(view: FuerView, frame: Frame) -> bytes:
    """PNG of the diamond with tiles, pieces, open spaces and the last turn marked. ``focus``
    is there for the common call (:class:`render.Renderer`) and means nothing here."""
    highlight, players, status, labels = frame.highlight, frame.players, frame.status, frame.labels
    board = _board(view, highlight, labels)
    width = max(BOARD_WIDTH, 800)
    played = max(0, len(view.get("tiles", ())) - 9)
    subtitle = (
        say(labels, "turns_played", n=played)
        if view.get("game_over")
        else say(labels, "turn", number=played + 1)
    )
    bar = title_bar(
        width,
        title="Fuer (Extension)",
        seats=2,
        players=players,
        to_move=view.get("to_move"),
        status=_status(view, status, players, labels),
        labels=labels,
        subtitle=subtitle,
        palette=SEAT_PALETTE,
    )
    canvas = new_canvas(width, bar.height + BOARD_HEIGHT + FOOTER)
    canvas.paste(bar, (0, 0))
    canvas.paste(board, ((width - BOARD_WIDTH) // 2, bar.height))
    canvas.paste(_footer(width, view, labels, highlight), (0, bar.height + BOARD_HEIGHT))
    return to_png(canvas)
