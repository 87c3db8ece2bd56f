"""Where a tile's one-way arrows go: on their road, near the tile's edge, and never over a
die card, a name or a note (issue 42: a triangle covered a blue 3).

Pure geometry, so the map draws from it and the tests check every tile with it: an arrow
slides along its road (and to either side of its middle line, still on it), away from the
edge, until its box is clear of every label (``render.fence.tile_text.label_blocks``) and of
the tile's other arrows; only where no place on the road is clear at its size does it
shrink. A die card is never touched; where a name covers the whole of a short road, the
arrow goes where it shares least with the name and the name is drawn over it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from render.fence.layout import SIDE_VECTOR
from render.fence.tile_text import Label, label_blocks

Box = tuple[float, float, float, float]
Links = tuple[tuple[str, str], ...]
"""A neighbourhood's roads: (side, kind), kind "both", "in" or "out"."""

SIZES = (0.12, 0.1, 0.085, 0.07)
"""An arrow's length, in tile widths: as drawn before, then smaller where room is short."""
EDGE = 0.08
"""How far from the tile's edge, in tile widths, an arrow begins at the nearest."""
MARGIN = 2.0
"""Pixels kept clear between an arrow and a label."""


@dataclass(frozen=True)
class Arrow:
    """One arrow: its tip, the unit direction it points and its length, relative to the
    tile's top-left corner."""

    tip: tuple[float, float]
    direction: tuple[float, float]
    length: float

    def points(self) -> list[tuple[float, float]]:
        """The triangle: the tip and the two corners of its base."""
        (tx, ty), (dx, dy), size = self.tip, self.direction, self.length
        px, py = -dy, dx
        bx, by = tx - dx * size, ty - dy * size
        return [
            (tx, ty),
            (bx + px * size * 0.6, by + py * size * 0.6),
            (bx - px * size * 0.6, by - py * size * 0.6),
        ]

    def box(self) -> Box:
        (ax, ay), (bx, by), (cx, cy) = self.points()
        return (min(ax, bx, cx), min(ay, by, cy), max(ax, bx, cx), max(ay, by, cy))


def overlaps(a: Box, b: Box, margin: float = 0.0) -> bool:
    return (
        a[0] < b[2] + margin
        and b[0] < a[2] + margin
        and a[1] < b[3] + margin
        and (b[1] < a[3] + margin)
    )


def _clear(box: Box, others: Sequence[Box], margin: float) -> bool:
    """Whether ``box`` overlaps none of ``others`` (:func:`overlaps`, written out: a tile
    never drawn before tries hundreds of places against every label)."""
    x0, y0, x1, y1 = box
    for b in others:
        if x0 < b[2] + margin and b[0] < x1 + margin and y0 < b[3] + margin and b[1] < y1 + margin:
            return False
    return True


def _edge(size: int, side: str) -> tuple[float, float]:
    return {
        "N": (size / 2, 0.0),
        "E": (float(size), size / 2),
        "S": (size / 2, float(size)),
        "W": (0.0, size / 2),
    }[side]


def _candidates(size: int, side: str, kind: str, node: tuple[int, int]) -> Iterator[Arrow]:
    """Every place and size an arrow of this road may take, best first: along the road from
    the tile's edge towards its neighbourhood, the nearest to where it was always drawn
    first (its middle a seventh of the tile in). Made one at a time: the first place tried
    is usually clear, and a tile never drawn before makes hundreds of them otherwise."""
    sx, sy = _edge(size, side)
    vx, vy = SIDE_VECTOR[side]
    road = ((node[0] - sx), (node[1] - sy))
    length = max(1.0, (road[0] ** 2 + road[1] ** 2) ** 0.5)
    inward = (road[0] / length, road[1] / length) if length > 1 else (-vx, -vy)
    pointing = inward if kind == "in" else (-inward[0], -inward[1])
    across = (-inward[1], inward[0])
    # Beside the road's middle line, but still on the road (its half width: ``_draw_tile_at``).
    half_road = max(6, size // 11) / 2
    steps = sorted(
        (size * (0.14 + 0.02 * k) for k in range(-3, 24)), key=lambda d: abs(d - size * 0.14)
    )
    for share, aside in itertools.product(SIZES, (0.0, half_road, -half_road)):
        arrow = size * share
        for middle in steps:
            # the road shows leaving the tile, where it meets its neighbour's (EDGE)
            if middle - arrow / 2 < size * EDGE or middle + arrow / 2 > length - 1:
                continue
            cx = sx + inward[0] * middle + across[0] * aside
            cy = sy + inward[1] * middle + across[1] * aside
            tip = (cx + pointing[0] * arrow / 2, cy + pointing[1] * arrow / 2)
            yield Arrow(tip, pointing, arrow)


def _shared(a: Box, b: Box) -> float:
    """The area two boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def place_arrows(
    size: int,
    roads: Sequence[tuple[Links, tuple[int, int]]],
    labels: Sequence[Box],
    cards: Sequence[Box] = (),
) -> tuple[Arrow, ...]:
    """The arrows of a tile ``size`` px wide whose neighbourhoods have ``roads`` (links and
    node), each clear of every box in ``labels`` and ``cards`` and of the arrows placed
    before it. A road the labels leave no clear place on (a two-line name over the whole
    of a short road) still keeps its arrow — a one-way road is a rule — where it shares
    least with a name, clear of every card; the name is drawn over it, halo and all."""
    placed: list[Arrow] = []
    for links, node in roads:
        for side, kind in links:
            if kind == "both":
                continue
            fits = []
            blocking = [*cards, *(a.box() for a in placed)]  # placed grows only after a break
            for arrow in _candidates(size, side, kind, node):
                box = arrow.box()
                inside = box[0] >= 0 and box[1] >= 0 and box[2] <= size and box[3] <= size
                if not inside or not _clear(box, blocking, MARGIN):
                    continue
                fits.append(arrow)
                if _clear(box, labels, MARGIN):
                    placed.append(arrow)
                    break
            else:
                if fits:
                    placed.append(min(fits, key=lambda a: sum(_shared(a.box(), b) for b in labels)))
    return tuple(placed)


@lru_cache(maxsize=1024)
def tile_arrows(
    size: int,
    coords: tuple[int, ...] | None,
    labels: tuple[Label, ...],
    links: tuple[Links, ...],
    off_limits: str,
    room: tuple[int, ...],
) -> tuple[Arrow, ...]:
    """A tile's arrows clear of its labels as ``label_blocks`` places them (the same
    arguments the map draws the labels with). Cached: the same tiles recur on every image."""
    blocks = label_blocks(size, coords, labels, off_limits, room)
    roads = [(road, label[2]) for road, label in zip(links, labels, strict=True)]
    words = [block.box for block in blocks if block.kind != "die"]
    cards = [block.box for block in blocks if block.kind == "die"]
    return place_arrows(size, roads, words, cards)
