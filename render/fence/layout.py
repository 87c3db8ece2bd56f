"""Where the city sits on the canvas: tile size, crop, and each neighbourhood's node.

Kept apart from the drawing so tests (through ``map_layout``) and the detail window find
tiles by pixel exactly as the map draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from render.common import MIN_WIDTH, Grid
from render.fence.highlights import Highlights, read_positions, spots_of
from render.fence.marks import Box

# The map's longer side aims at this many pixels: with the title bar and the short legend a
# typical city then stays within ~1,400 px, and a phone showing it 450 px wide still shows
# each tile ~45 px across. Tiles never go below MIN_CELL (names would stop fitting) nor above
# MAX_CELL (a three-tile draft would otherwise be mostly empty land). Text and marks scale
# with the tile, so a bigger city only changes how much Discord shrinks it, never the layout.
MAP_SIDE = 960
MIN_CELL = 84
MAX_CELL = 150
MARGIN = 34
COORD_SIZE = 22


SIDE_VECTOR = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


def _tile_size(cols: int, rows: int) -> int:
    return max(MIN_CELL, min(MAX_CELL, MAP_SIDE // max(cols, rows, 1)))


class CityLayout:
    """Where each tile, empty spot and neighbourhood sits on the canvas.

    The drawn area is the bounding box of the placed tiles, grown by one ring while the map
    is being drafted, and always large enough for highlighted spots.
    """

    def __init__(self, view: dict[str, Any], top: int, highlight: Highlights = ()) -> None:
        tiles = view["map"]
        placed = {(t["x"], t["y"]) for t in tiles}
        self.spots = spots_of(highlight)
        drafting = not view.get("map_done", True)
        points = set(placed) or {(0, 0)}
        if drafting:
            points |= {(x + dx, y + dy) for x, y in placed for dx, dy in _RING}
        points |= set(self.spots)
        for facts in highlight:
            if facts.get("kind") == "tile":
                points |= set(read_positions([facts.get("pos")]))
        self.min_x = min(x for x, _ in points)
        self.max_x = max(x for x, _ in points)
        self.min_y = min(y for _, y in points)
        self.max_y = max(y for _, y in points)
        cols = self.max_x - self.min_x + 1
        rows = self.max_y - self.min_y + 1
        self.cell = _tile_size(cols, rows)
        self.width = max(MIN_WIDTH, cols * self.cell + 2 * MARGIN)
        left = (self.width - cols * self.cell) // 2
        self.grid = Grid(cols=cols, rows=rows, cell=self.cell, left=left, top=top + MARGIN)
        self.bottom = self.grid.bottom + MARGIN
        # Where a tile could go next: empty spots beside the city. Only worth drawing while
        # the map grows; afterwards they would just be noise.
        self.empty = (
            sorted(
                {
                    (x + dx, y + dy)
                    for x, y in placed
                    for dx, dy in _RING[:4]
                    if (x + dx, y + dy) not in placed
                }
            )
            if drafting
            else []
        )
        self.hood_xy: dict[int, tuple[int, int]] = {}
        self.hood_tile: dict[int, dict[str, Any]] = {}
        for tile in tiles:
            for index, hood in enumerate(tile["hoods"]):
                self.hood_xy[hood["id"]] = self._hood_point(tile, index)
                self.hood_tile[hood["id"]] = tile

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


# The four neighbours first (where a tile may be placed), then the diagonals that complete
# the ring around the bounding box.
_RING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
