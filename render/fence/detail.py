"""The close-up window of the city around the neighbourhoods a player is choosing from.

A whole city shown on a phone keeps its tiles about 60 px wide; a window of a few tiles
around where the player is choosing shows them bigger still (``DETAIL_CELL``), so the
names a choice is made by read at a glance (issue 14.17). The whole map stays in the
thread."""

from __future__ import annotations

from typing import Any

from render.fence.highlights import Highlights
from render.fence.layout import Window, extent

MIN_DETAIL_WIDTH = 600
"""A close-up is never narrower than this, so its title bar keeps every player's name."""


DETAIL_MARGIN = 1
"""Tiles kept around the focused neighbourhoods in a detail view."""


DETAIL_SPAN = (5, 5)
"""The most tiles a close-up shows across and down."""


def _window(centre: int, span: int, low: int, high: int) -> tuple[int, int]:
    """``span`` consecutive positions around ``centre`` within ``[low, high]``."""
    if high - low + 1 <= span:
        return low, high
    start = min(max(centre - span // 2, low), high - span + 1)
    return start, start + span - 1


def detail_window(view: dict[str, Any], focus: list[int], highlight: Highlights) -> Window | None:
    """``DETAIL_SPAN`` tiles centred on the first focused neighbourhood's tile (the player's
    pawn), slid back inside the city at its edges so it always shows as much as it can;
    None when no focused neighbourhood is on the map."""
    tiles = {hood["id"]: tile for tile in view["map"] for hood in tile["hoods"]}
    spots = [tiles[h] for h in focus if h in tiles]
    if not spots:
        return None
    points = extent(view, highlight)
    min_x, max_x = min(x for x, _ in points), max(x for x, _ in points)
    min_y, max_y = min(y for _, y in points), max(y for _, y in points)
    x_lo, x_hi = _window(spots[0]["x"], DETAIL_SPAN[0], min_x, max_x)
    y_lo, y_hi = _window(spots[0]["y"], DETAIL_SPAN[1], min_y, max_y)
    return (x_lo, x_hi, y_lo, y_hi)
