"""Where the city sits on the canvas: tile size, the window a picture shows and each
neighbourhood's node.

Kept apart from the drawing so tests (through ``map_layout``) and the close-up find tiles by
pixel exactly as the map draws them.

The whole map is one panel, north up, with one set of ``x,y`` coordinates, so every road can
be followed from tile to tile (issue 31.6: a wide city cut into bands of columns broke the
roads that crossed a cut and showed the same rows twice). A city is 7–14 tiles wide, so at
the 400 px a phone shows in the chat its tiles are 26–55 px: no tile name can be 11 px high
there and still fit its tile. The map is therefore drawn for opening and zooming (Discord's
viewer): tiles at least ``MIN_CELL`` px, names 16–18 px, so a name reads at 11 px after a
1.5–2.5× pinch, while the title bar and legend grow with the picture (``text_scale``) and
read without zooming. The close-up (``render.fence.detail``) is the picture that reads at
400 px as it comes: every guided choice and the players' own turn come with one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

from games.fence.view import FenceView, PlacedTile
from render.common import Grid, font, text_width
from render.fence.highlights import Highlights, read_positions, spots_of
from render.fence.marks import Box

MAP_WIDTH = 600
"""The narrowest map or close-up: at 400 px on a phone its text shrinks by a third only."""
MIN_CELL = 94
MAX_CELL = 150
"""Tiles are at least ``MIN_CELL`` px (names 16–18 px, sharp when zoomed; 100 px cost the
widest cities 13 % more pixels, each paid for in the PNG) and at most ``MAX_CELL``: a
three-tile draft would otherwise be mostly empty land."""
DETAIL_CELL = 120
"""Least tile size of the close-up: bigger than the map's, it is where a player reads names
to choose."""
MARGIN = 32
"""Room around the grid for its coordinates."""
COORD_SIZE = 24
PHONE_WIDTH = 400
"""How wide a phone shows a picture (tests check sizes at this width)."""
PHONE_NAME = 11
"""The least a name may show on a phone, in px at ``PHONE_WIDTH`` (the close-up keeps to
it; the whole map keeps to it for cities up to six tiles wide)."""
READ_WIDTH = 840
"""The widest picture whose title bar and legend read at phone width as drawn (their
smallest text, 23 px, shows at 11 px); a wider map draws them larger in proportion."""
MAX_TEXT_SCALE = 1.5
"""The title bar of a 14-column city (1,500–1,800 px wide) at twice its size was a third of
the picture's pixels, and every pixel costs in the PNG; at 1.5× its names still show at
10 px at phone width (9 px for the widest), the post's text says whose turn it is, and the
viewer's zoom reads the rest."""


SIDE_VECTOR = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}

Window = tuple[int, int, int, int]
"""(min_x, max_x, min_y, max_y) of what a picture shows, in city coordinates."""


def extent(view: FenceView, highlight: Highlights = ()) -> set[tuple[int, int]]:
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


PHONE_TILE = 60
"""The least a tile may show on a phone, in pixels at ``PHONE_WIDTH``."""


def side_margin(windows: Iterable[Window]) -> int:
    """Room left and right of the grid for its row numbers ("−11" needs more than "3")."""
    widest = max(
        text_width(coordinate(y), font(COORD_SIZE, bold=True))
        for w in windows
        for y in (w[2], w[3])
    )
    return max(MARGIN, widest + 14)


def cell_for(columns: int, side: int = MARGIN, least: int = MIN_CELL) -> int:
    """Tile size for a grid ``columns`` wide with ``side`` px of margin each side: at least
    ``least``, and for a city of up to six columns big enough that a tile still shows
    ``PHONE_TILE`` px on a phone; bigger, up to ``MAX_CELL``, when few columns leave room in
    ``MAP_WIDTH``."""
    share = PHONE_TILE / PHONE_WIDTH  # of the image's width, per tile
    needed = math.ceil(2 * side * share / (1 - share * columns)) if share * columns < 1 else least
    cell = max(least, needed, min(MAX_CELL, (MAP_WIDTH - 2 * side) // max(columns, 1)))
    return cell - cell % 2  # even, as every tile's corner (see ``CityLayout``)


def coordinate(value: int) -> str:
    """A coordinate as drawn: negatives with a real minus sign, which is as wide as a digit
    and survives being shrunk for a phone where a hyphen blurred away."""
    return f"−{-value}" if value < 0 else str(value)


class Scale(Protocol):
    """A length as a fraction of a tile, in pixels, never below ``least``."""

    def __call__(self, fraction: float, least: int = 1) -> int: ...


class CityLayout:
    """Where each tile, empty spot and neighbourhood of one picture's window sits.

    ``window`` is (min_x, max_x, min_y, max_y); tiles outside it still get a position (off
    the grid), so a move from outside a close-up draws as a line leaving it.
    """

    def __init__(
        self,
        view: FenceView,
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
        # Every tile's corner on an even pixel (cells are even too): a tile's sprites are
        # drawn once per parity of its corner, so a worker keeps one set, not four.
        left = (width - cols * cell) // 2 // 2 * 2
        grid_top = top + MARGIN + (top + MARGIN) % 2
        self.grid = Grid(cols=cols, rows=rows, cell=cell, left=left, top=grid_top)
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
        self.hood_tile: dict[int, PlacedTile] = {}
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
    def scale(cell: int) -> Scale:
        """``px`` for tiles of ``cell`` pixels, for drawings made apart from a layout."""

        def px(fraction: float, least: int = 1) -> int:
            return max(least, round(cell * fraction))

        return px

    def _hood_point(self, tile: PlacedTile, index: int) -> tuple[int, int]:
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


def bounds(points: Iterable[tuple[int, int]]) -> Window:
    """The smallest window holding every point."""
    xs, ys = zip(*points, strict=True)
    return (min(xs), max(xs), min(ys), max(ys))


def _map_frame(view: FenceView, highlight: Highlights) -> tuple[Window, int, int, int]:
    """The whole map's window, tile size, width and side margin."""
    window = bounds(extent(view, highlight))
    side = side_margin([window])
    columns = window[1] - window[0] + 1
    cell = cell_for(columns, side)
    return window, cell, max(MAP_WIDTH, columns * cell + 2 * side), side


def map_width(view: FenceView, highlight: Highlights = ()) -> int:
    """How wide the whole map is drawn (its title bar is drawn that wide before the city is
    placed under it)."""
    return _map_frame(view, highlight)[2]


def plan_map(view: FenceView, highlight: Highlights = (), top: int = 0) -> CityLayout:
    """The whole city as one panel whose grid starts ``top`` px down the image."""
    window, cell, width, side = _map_frame(view, highlight)
    return CityLayout(view, window, cell, width, top, side)


def text_scale(width: int) -> float:
    """How much larger than drawn for ``READ_WIDTH`` the title bar and legend of a picture
    ``width`` px wide are drawn, so they show at about the same size on a phone: in
    quarters, so that a worker meets a few sizes of every name and word, and keeps their
    glyphs; at most ``MAX_TEXT_SCALE``."""
    return min(MAX_TEXT_SCALE, max(1.0, round(width / READ_WIDTH * 4) / 4))


def window_layout(
    view: FenceView, window: Window, cell: int, top: int = 0, least_width: int = MAP_WIDTH
) -> CityLayout:
    """One window of the city (the close-up) at ``cell`` px a tile."""
    cols = window[1] - window[0] + 1
    side = side_margin([window])
    width = max(least_width, cols * cell + 2 * side)
    return CityLayout(view, window, cell, width, top, side)


def positions(view: FenceView) -> Iterable[tuple[int, int]]:
    return ((t["x"], t["y"]) for t in view["map"])


# The four neighbours first (where a tile may be placed), then the diagonals that complete
# the ring around the bounding box.
_RING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
