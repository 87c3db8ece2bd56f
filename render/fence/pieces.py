"""Where the pawns and the Cops stand: beside their neighbourhood's name, never over it.

A piece used to sit on its neighbourhood's node, right where the name under the node
begins, so a pawn hid "Harbour Steps" and the Cops "Tin Can Alley" (issue 31.6). Now each
neighbourhood's pieces stand as a row (or a few short rows) in the free part of their tile
nearest the node: clear of the dice, of every name and note on the tile
(``tile_text.label_blocks``), of the marks the map draws on a tile (the Ritzy star, Hot
Goods crates, the Trading Post tag, a tunnel's end) and nearer their own node than the
tile's other one. A crowd that finds no room at full size is drawn smaller.

The marks' boxes are defined here, where the pieces need them, and the map draws the marks
from the same boxes, so the two cannot drift apart.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.fence.view import FenceView, PlacedTile
from render.fence.layout import CityLayout
from render.fence.marks import Box
from render.fence.tile_text import Label, LabelBlock, label_blocks, tile_labels, tile_values

Point = tuple[int, int]
FloatBox = tuple[float, float, float, float]


@dataclass(frozen=True)
class Piece:
    """A piece as drawn: ``kind`` "pawn" (of ``seat``) or "cops" (seat -1), the
    neighbourhood it stands in, the middle of its disc on the image and its diameter."""

    kind: str
    seat: int
    hood: int
    center: Point
    size: int


# -- the marks a piece must leave visible, relative to a tile's top-left corner -------------------


def star_box(cell: int) -> Box:
    """The Ritzy Tile's star, in the top-right corner."""
    radius = CityLayout.scale(cell)(0.14, 12)
    return (cell - 2 * radius - 4, 4, cell - 4, 2 * radius + 4)


def crate_boxes(cell: int, count: int) -> list[Box]:
    """Hot Goods crates with their winner's ring, from the bottom-right corner leftwards."""
    px = CityLayout.scale(cell)
    size, ring = px(0.2, 14), px(0.03, 3)
    boxes = []
    for index in range(count):
        left = cell - 2 * ring - size - index * (size + 2 * ring)
        top = cell - 2 * ring - size
        boxes.append((left - ring, top - ring, left + size + ring, top + size + ring))
    return boxes


def post_box(cell: int, node: Point) -> Box:
    """The Trading Post's tag, up and right of its neighbourhood's node."""
    px = CityLayout.scale(cell)
    width, height, gap = px(0.3, 26), px(0.18, 16), px(0.1)
    x, y = node
    return (x + gap, y - height - gap // 2, x + gap + width, y - gap // 2)


def tunnel_box(cell: int, node: Point) -> Box:
    """A tunnel end's square on its node, outline included."""
    px = CityLayout.scale(cell)
    half = px(0.09, 8) + px(0.06, 5)
    return (node[0] - half, node[1] - half, node[0] + half, node[1] + half)


def tile_marks(
    view: FenceView, tile: PlacedTile, cell: int, nodes: Sequence[Point]
) -> tuple[Box, ...]:
    """Every mark the map draws on ``tile``, as boxes relative to its corner."""
    marks: list[Box] = []
    if view.get("ritzy") is not None and view.get("ritzy") == tile["tile"]:
        marks.append(star_box(cell))
    goods = sum(1 for g in view.get("hot_goods") or [] if g.get("tile") == tile["tile"])
    marks += crate_boxes(cell, goods)
    tunnel = set(view.get("tunnel") or ())
    for hood, node in zip(tile["hoods"], nodes, strict=True):
        if hood["id"] == view.get("post"):
            marks.append(post_box(cell, node))
        if hood["id"] in tunnel:
            marks.append(tunnel_box(cell, node))
    return tuple(marks)


# -- arranging a tile's crowds -----------------------------------------------------------------

_SIZES = (
    (0.3, 1.0), (0.26, 1.0), (0.22, 1.0), (0.19, 1.0), (0.16, 1.0), (0.16, 0.75), (0.12, 0.75)
)  # fmt: skip
"""Piece diameters tried, as fractions of a tile, largest first, each with how far apart
the discs of a crowd stand (1: side by side; less: overlapping, as a stack)."""


def _apart(a: FloatBox, b: FloatBox) -> float:
    """The gap between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


@lru_cache(maxsize=2048)
def _candidates(cell: int, size: tuple[float, float], node: Point) -> array[int]:
    """Where the middle of a ``size`` box may go inside a tile, nearest ``node`` first, as
    x, y, x, y, …: the node itself (moved inside), then a grid over the tile. Cached, as
    the same few crowd sizes and nodes come back on every tile (2.4 KB an entry)."""
    width, height = size
    pad = max(2, cell // 40)
    step = max(2, cell // 25)
    nx, ny = node
    xs = range(math.ceil(pad + width / 2), math.floor(cell - pad - width / 2) + 1)
    ys = range(math.ceil(pad + height / 2), math.floor(cell - pad - height / 2) + 1)
    if not xs or not ys:
        return array("h")
    points = {(min(max(nx, xs[0]), xs[-1]), min(max(ny, ys[0]), ys[-1]))}
    points |= {(x, y) for x in (*xs[::step], xs[-1]) for y in (*ys[::step], ys[-1])}
    ordered = sorted(points, key=lambda p: ((p[0] - nx) ** 2 + (p[1] - ny) ** 2, p))
    return array("h", [v for point in ordered for v in point])


def _free_spot(
    cell: int,
    size: tuple[float, float],
    node: Point,
    names: Sequence[FloatBox],
    own: int,
    taken: Sequence[FloatBox],
) -> tuple[float, float] | None:
    """The middle of the free ``size`` box nearest ``node``: inside the tile, clear of
    ``taken``, and on a tile of two neighbourhoods no nearer the other's name than to its
    own (``names[own]``), so a piece reads as standing where it does."""
    width, height = size
    gap = max(1, cell // 100)
    # A box centred on (x, y) meets an obstacle exactly when (x, y) lies inside the obstacle
    # grown by half the box: one comparison of a point per obstacle and candidate.
    half_w, half_h = width / 2 + gap, height / 2 + gap
    grown = [(a - half_w, b - half_h, c + half_w, d + half_h) for a, b, c, d in taken]
    spots = _candidates(cell, size, node)
    for index in range(0, len(spots), 2):
        x, y = spots[index], spots[index + 1]
        for left, top, right, bottom in grown:
            if left < x < right and top < y < bottom:
                break
        else:
            if own < len(names):
                box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
                mine = _apart(box, names[own])
                if any(_apart(box, n) < mine for i, n in enumerate(names) if i != own):
                    continue
            return (x, y)
    return None


def _room_for(
    cell: int,
    count: int,
    node: Point,
    names: Sequence[FloatBox],
    own: int,
    taken: Sequence[FloatBox],
    sizes: Sequence[tuple[float, float]] = _SIZES,
) -> tuple[tuple[float, float], tuple[float, float], int, int, int] | None:
    """Where a crowd of ``count`` fits (its middle and extent), the diameter and rows it
    fits at and the step between its discs, largest first; None when it fits nowhere."""
    for fraction, spacing in sizes:
        size = max(10, round(cell * fraction))
        step = size + max(1, cell // 100) if spacing >= 1 else max(1, round(size * spacing))
        for rows in range(1, count + 1):
            per_row = -(-count // rows)
            extent = (size + (per_row - 1) * step, size + (rows - 1) * step)
            middle = _free_spot(cell, extent, node, names, own, taken)
            if middle is not None:
                return middle, (float(extent[0]), float(extent[1])), size, rows, step
    return None


def _centres(middle: tuple[float, float], count: int, rows: int, step: int) -> tuple[Point, ...]:
    """``count`` discs ``step`` px apart in ``rows`` rows around ``middle``, the last row
    centred under the others."""
    per_row = -(-count // rows)
    out = []
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        x = middle[0] + (col - (in_row - 1) / 2) * step
        y = middle[1] + (row - (rows - 1) / 2) * step
        out.append((round(x), round(y)))
    return tuple(out)


_ROOM = (0.24, 0.32, 0.4)
"""Widths, as fractions of a tile, kept free beside a name for a crowd that found no room
elsewhere on its tile (the name is narrowed and moved aside for it), narrowest first."""

Spots = tuple[tuple[tuple[Point, ...], int], ...]
"""Per neighbourhood of a tile: its pieces' middles and their diameter."""


def _place_all(
    cell: int,
    blocks: Sequence[LabelBlock],
    marks: tuple[Box, ...],
    nodes: Sequence[Point],
    counts: tuple[int, ...],
    sizes: Sequence[tuple[float, float]],
) -> tuple[Spots, int | None]:
    """Every crowd of a tile where ``_room_for`` finds it room, one after the other; the
    first neighbourhood whose crowd fits nowhere stands on its node (and is returned)."""
    taken: list[FloatBox] = [b.box for b in blocks]
    taken += [(float(m[0]), float(m[1]), float(m[2]), float(m[3])) for m in marks]
    names = [b.box for b in blocks if b.kind == "name"]
    out: list[tuple[tuple[Point, ...], int]] = []
    failed = None
    for index, count in enumerate(counts):
        if not count:
            out.append(((), 0))
            continue
        placed = _room_for(cell, count, nodes[index], names, index, taken, sizes)
        if placed is None:  # no room anywhere: the smallest crowd on its node
            failed = index if failed is None else failed
            size = max(10, round(cell * _SIZES[-1][0]))
            step = max(1, round(size * _SIZES[-1][1]))
            rows = max(1, math.ceil(count * step / (cell * 0.8)))
            per_row = -(-count // rows)
            extent = (size + (per_row - 1) * step, size + (rows - 1) * step)
            placed = ((float(nodes[index][0]), float(nodes[index][1])), extent, size, rows, step)
        (mx, my), (w, h), size, rows, step = placed
        taken.append((mx - w / 2, my - h / 2, mx + w / 2, my + h / 2))
        out.append((_centres((mx, my), count, rows, step), size))
    return tuple(out), failed


@lru_cache(maxsize=4096)
def arrange(
    cell: int,
    coords: tuple[int, ...] | None,
    labels: tuple[Label, ...],
    off_limits: str,
    counts: tuple[int, ...],
    marks: tuple[Box, ...],
) -> tuple[Spots, tuple[int, ...]]:
    """Per neighbourhood of a tile, where its ``counts[i]`` pieces stand (relative to the
    tile's corner) and their diameter; and the room kept beside each name for them
    (``label_blocks``'s ``room``: the names must be drawn with it). Cached: the same crowds
    on the same tiles come back image after image."""
    nodes = [node for _, _, node in labels]
    # Full-sized pieces beside narrowed names before small ones anywhere.
    for sizes in (_SIZES[:4], _SIZES):
        room = [0] * len(labels)
        tries = {index: list(_ROOM) for index in range(len(labels))}
        while True:
            blocks = label_blocks(cell, coords, labels, off_limits, tuple(room))
            spots, failed = _place_all(cell, blocks, marks, nodes, counts, sizes)
            if failed is None:
                return spots, tuple(room)
            if not tries[failed]:
                break
            side = -1 if nodes[failed][0] < cell / 2 else 1
            room[failed] = side * round(cell * tries[failed].pop(0))
    return spots, tuple(room)


def crowds(view: FenceView) -> dict[int, list[tuple[str, int]]]:
    """Pieces per neighbourhood in a fixed order: pawns by seat, then the Cops."""
    found: dict[int, list[tuple[str, int]]] = {}
    for seat, hood in enumerate(view.get("pawns") or []):
        if isinstance(hood, int):
            found.setdefault(hood, []).append(("pawn", seat))
    cops = view.get("cops")
    if isinstance(cops, int):
        found.setdefault(cops, []).append(("cops", -1))
    return found


def place_pieces(
    layout: CityLayout, view: FenceView, off_limits: str
) -> tuple[list[Piece], dict[int, tuple[int, ...]]]:
    """Every piece on the tiles ``layout`` shows, where the map draws it; and, by tile, the
    room its names must keep free for them (tiles without are left out)."""
    crowd = {
        h: p
        for h, p in crowds(view).items()
        if h in layout.hood_tile
        and layout.shows(layout.hood_tile[h]["x"], layout.hood_tile[h]["y"])
    }
    tiles = {id(layout.hood_tile[h]): layout.hood_tile[h] for h in crowd}
    out: list[Piece] = []
    rooms: dict[int, tuple[int, ...]] = {}
    for tile in tiles.values():
        x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
        cell = x1 - x0
        labels = tile_labels(layout, tile)
        nodes = tuple(node for _, _, node in labels)
        coords = tile_values(tile)
        counts = tuple(len(crowd.get(h["id"], ())) for h in tile["hoods"])
        marks = tile_marks(view, tile, cell, nodes)
        spots, room = arrange(cell, coords, labels, off_limits, counts, marks)
        if any(room):
            rooms[tile["tile"]] = room
        for hood, (centres, size) in zip(tile["hoods"], spots, strict=True):
            for (kind, seat), (cx, cy) in zip(crowd.get(hood["id"], ()), centres, strict=True):
                out.append(Piece(kind, seat, hood["id"], (x0 + cx, y0 + cy), size))
    return out, rooms
