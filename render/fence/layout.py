"""Where the city sits on the canvas: tile size, the bands a wide city is cut into, and each
neighbourhood's node.

Kept apart from the drawing so tests (through ``map_layout``) and the close-up find tiles by
pixel exactly as the map draws them.

Sizes are chosen for a phone, where Discord shows a picture about 400 px wide: a tile is
never under 60 px there. A map is ``MAP_WIDTH`` px wide (wider only for a band of six
columns) and shows at most ``BAND_COLUMNS`` tile columns side by side; a wider city is cut
into bands of columns stacked top to bottom, each cropped to its own tiles and labelled with
its own ``x,y`` on all four sides, so the picture grows taller rather than its tiles
smaller, and the empty corners of an L-shaped city are left out.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from render.common import Grid, font, text_width
from render.fence.highlights import Highlights, read_positions, spots_of
from render.fence.marks import Box

MAP_WIDTH = 600
"""The narrowest map or close-up: at 400 px on a phone its text shrinks by a third only."""
BAND_COLUMNS = 6
"""Most tile columns side by side: 6 × ``MIN_CELL`` + margins shows 60 px tiles at 400 px."""
MIN_CELL = 100
MAX_CELL = 150
"""Tiles are at least ``MIN_CELL`` px (60 px on a phone at the widest band) and at most
``MAX_CELL``: a three-tile draft would otherwise be mostly empty land."""
DETAIL_CELL = 120
"""Tiles of the close-up: bigger than the map's, it is where a player reads names to choose."""
MARGIN = 32
"""Room around a band for its coordinates."""
COORD_SIZE = 24
BAND_GAP = 14
"""Space between two bands, on top of their margins: a divider is drawn in it."""
PHONE_WIDTH = 400
"""How wide a phone shows a picture (tests check tile sizes at this width)."""


SIDE_VECTOR = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}

Window = tuple[int, int, int, int]
"""(min_x, max_x, min_y, max_y) of a band, in city coordinates."""


def extent(view: dict[str, Any], highlight: Highlights = ()) -> set[tuple[int, int]]:
    """Every position the map must show: placed tiles, one ring of open spots while the map
    is drafted, highlighted spots and the last tile's place."""
    placed = {(t["x"], t["y"]) for t in view["map"]}
    points = set(placed) or {(0, 0)}
    if not view.get("map_done", True):
        points |= {(x + dx, y + dy) for x, y in placed for dx, dy in _RING}
    points |= set(spots_of(highlight))
    for facts in highlight:
        if facts.get("kind") == "tile":
            points |= set(read_positions([facts.get("pos")]))
    return points


def _rows_of(points: set[tuple[int, int]], low: int, high: int) -> tuple[int, int] | None:
    ys = [y for x, y in points if low <= x <= high]
    return (min(ys), max(ys)) if ys else None


def band_windows(points: set[tuple[int, int]], columns: int = BAND_COLUMNS) -> list[Window]:
    """The city cut into as few bands of at most ``columns`` columns as its width needs,
    where the cuts leave the shortest picture (each band only as tall as its own tiles)."""
    min_x = min(x for x, _ in points)
    max_x = max(x for x, _ in points)
    width = max_x - min_x + 1
    count = math.ceil(width / columns)
    best: list[Window] = []
    best_rows = None
    for cuts in itertools.combinations(range(min_x + 1, max_x + 1), count - 1):
        edges = [min_x, *cuts, max_x + 1]
        spans = list(itertools.pairwise(edges))
        if any(b - a > columns for a, b in spans):
            continue
        windows = []
        for a, b in spans:
            rows = _rows_of(points, a, b - 1)
            if rows is not None:
                windows.append((a, b - 1, *rows))
        total = sum(w[3] - w[2] + 1 for w in windows)
        # Shortest first, then the most even split (a band of one column reads oddly).
        key = (total, max(w[1] - w[0] for w in windows))
        if best_rows is None or key < best_rows:
            best, best_rows = windows, key
    return best


PHONE_TILE = 60
"""The least a tile may show on a phone, in pixels at ``PHONE_WIDTH``."""


def side_margin(windows: Iterable[Window]) -> int:
    """Room left and right of a band for its row numbers ("−11" needs more than "3")."""
    widest = max(
        text_width(coordinate(y), font(COORD_SIZE, bold=True))
        for w in windows
        for y in (w[2], w[3])
    )
    return max(MARGIN, widest + 14)


def cell_for(columns: int, side: int = MARGIN, least: int = MIN_CELL) -> int:
    """Tile size for a band ``columns`` wide with ``side`` px of margin each side: at least
    ``least`` and big enough that a tile still shows ``PHONE_TILE`` px on a phone; bigger,
    up to ``MAX_CELL``, when few columns leave room in ``MAP_WIDTH``."""
    share = PHONE_TILE / PHONE_WIDTH  # of the image's width, per tile
    needed = math.ceil(2 * side * share / (1 - share * columns)) if share * columns < 1 else least
    return max(least, needed, min(MAX_CELL, (MAP_WIDTH - 2 * side) // max(columns, 1)))


def coordinate(value: int) -> str:
    """A coordinate as drawn: negatives with a real minus sign, which is as wide as a digit
    and survives being shrunk for a phone where a hyphen blurred away."""
    return f"−{-value}" if value < 0 else str(value)


class CityLayout:
    """Where each tile, empty spot and neighbourhood of one band sits on its own canvas.

    ``window`` is the band's (min_x, max_x, min_y, max_y); tiles outside it still get a
    position (off the band's grid), so a move from another band draws as a line leaving it.
    """

    def __init__(
        self,
        view: dict[str, Any],
        window: Window,
        cell: int,
        width: int,
        top: int = 0,
        side: int = MARGIN,
    ) -> None:
        self.min_x, self.max_x, self.min_y, self.max_y = window
        self.side = side  # room for the row numbers, each side of the grid
        cols = self.max_x - self.min_x + 1
        rows = self.max_y - self.min_y + 1
        self.cell = cell
        self.width = width
        left = (width - cols * cell) // 2
        self.grid = Grid(cols=cols, rows=rows, cell=cell, left=left, top=top + MARGIN)
        self.top = top
        self.bottom = self.grid.bottom + MARGIN
        placed = {(t["x"], t["y"]) for t in view["map"]}
        # Where a tile could go next: empty spots beside the city. Only worth drawing while
        # the map grows; afterwards they would just be noise.
        self.empty = (
            sorted(
                {
                    (x + dx, y + dy)
                    for x, y in placed
                    for dx, dy in _RING[:4]
                    if (x + dx, y + dy) not in placed and self.shows(x + dx, y + dy)
                }
            )
            if not view.get("map_done", True)
            else []
        )
        self.hood_xy: dict[int, tuple[int, int]] = {}
        self.hood_tile: dict[int, dict[str, Any]] = {}
        for tile in view["map"]:
            for index, hood in enumerate(tile["hoods"]):
                self.hood_xy[hood["id"]] = self._hood_point(tile, index)
                self.hood_tile[hood["id"]] = tile

    @property
    def height(self) -> int:
        return self.bottom - self.top

    def shows(self, x: int, y: int) -> bool:
        return self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y

    def box(self, x: int, y: int) -> Box:
        return self.grid.box(x - self.min_x, self.max_y - y)

    def px(self, fraction: float, least: int = 1) -> int:
        """A length as a fraction of a tile, never below ``least`` pixels: every mark scales
        with the tiles so the map looks the same at any size."""
        return max(least, round(self.cell * fraction))

    @staticmethod
    def scale(cell: int) -> Callable[[float, int], int]:
        """``px`` for tiles of ``cell`` pixels, for drawings made apart from a layout."""
        return lambda fraction, least=1: max(least, round(cell * fraction))

    def _hood_point(self, tile: dict[str, Any], index: int) -> tuple[int, int]:
        """A neighbourhood's node: pulled towards its roads, so two hoods on one tile stand
        apart; a straight-through road keeps its node on the axis, shifted sideways."""
        x0, y0, x1, y1 = self.box(tile["x"], tile["y"])
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hood = tile["hoods"][index]
        if len(tile["hoods"]) == 1:
            return round(cx), round(cy)
        links = hood["links"] or [["N", "both"]]
        vx = sum(SIDE_VECTOR[s][0] for s, _ in links) / len(links)
        vy = sum(SIDE_VECTOR[s][1] for s, _ in links) / len(links)
        if abs(vx) < 0.01 and abs(vy) < 0.01:
            side = links[0][0]
            px, py = -SIDE_VECTOR[side][1], SIDE_VECTOR[side][0]
            shift = 0.16 if index == 0 else -0.16
            return round(cx + px * shift * self.cell), round(cy + py * shift * self.cell)
        return round(cx + vx * 0.22 * self.cell), round(cy + vy * 0.22 * self.cell)


@dataclass(frozen=True)
class MapPlan:
    """The whole map: its bands top to bottom, each drawn on its own canvas (``bands``, laid
    out from y = 0) and pasted ``tops[i]`` px down the image, all with one tile size and
    canvas width."""

    bands: tuple[CityLayout, ...]
    tops: tuple[int, ...]
    cell: int
    width: int
    spots: tuple[tuple[int, int], ...]

    @property
    def bottom(self) -> int:
        return self.tops[-1] + self.bands[-1].bottom

    @property
    def min_x(self) -> int:
        return min(b.min_x for b in self.bands)

    @property
    def max_x(self) -> int:
        return max(b.max_x for b in self.bands)

    @property
    def min_y(self) -> int:
        return min(b.min_y for b in self.bands)

    @property
    def max_y(self) -> int:
        return max(b.max_y for b in self.bands)

    @property
    def empty(self) -> list[tuple[int, int]]:
        return [spot for band in self.bands for spot in band.empty]

    def px(self, fraction: float, least: int = 1) -> int:
        return max(least, round(self.cell * fraction))

    def band_of(self, x: int, y: int) -> int | None:
        return next((i for i, b in enumerate(self.bands) if b.shows(x, y)), None)

    def box(self, x: int, y: int) -> Box:
        """A position's box on the whole image (in the band showing it; KeyError if none)."""
        index = self.band_of(x, y)
        if index is None:
            raise KeyError((x, y))
        x0, y0, x1, y1 = self.bands[index].box(x, y)
        top = self.tops[index]
        return (x0, y0 + top, x1, y1 + top)

    def hood_xy(self, hood: int) -> tuple[int, int]:
        """Where a neighbourhood's node is drawn on the whole image."""
        for band, top in zip(self.bands, self.tops, strict=True):
            tile = band.hood_tile.get(hood)
            if tile is not None and band.shows(tile["x"], tile["y"]):
                x, y = band.hood_xy[hood]
                return (x, y + top)
        raise KeyError(hood)


def plan_map(
    view: dict[str, Any], highlight: Highlights = (), top: int = 0, columns: int = BAND_COLUMNS
) -> MapPlan:
    """The bands of a whole map whose first band starts ``top`` px down the image."""
    windows = band_windows(extent(view, highlight), columns)
    widest = max(w[1] - w[0] + 1 for w in windows)
    side = side_margin(windows)
    cell = cell_for(widest, side)
    width = max(MAP_WIDTH, widest * cell + 2 * side)
    bands, tops = [], []
    y = top
    for window in windows:
        band = CityLayout(view, window, cell, width, side=side)
        bands.append(band)
        tops.append(y)
        y += band.bottom + BAND_GAP
    return MapPlan(tuple(bands), tuple(tops), cell, width, tuple(spots_of(highlight)))


def window_layout(
    view: dict[str, Any], window: Window, cell: int, top: int = 0, least_width: int = MAP_WIDTH
) -> CityLayout:
    """One window of the city (the close-up) at ``cell`` px a tile."""
    cols = window[1] - window[0] + 1
    side = side_margin([window])
    width = max(least_width, cols * cell + 2 * side)
    return CityLayout(view, window, cell, width, top, side)


def positions(view: dict[str, Any]) -> Iterable[tuple[int, int]]:
    return ((t["x"], t["y"]) for t in view["map"])


# The four neighbours first (where a tile may be placed), then the diagonals that complete
# the ring around the bounding box.
_RING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
