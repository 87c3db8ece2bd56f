"""The close-up window of the city around the neighbourhoods a player is choosing from."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.common import PALETTE
from render.fence.highlights import Highlights
from render.fence.layout import CityLayout
from render.fence.legend import draw_legend, map_title

MIN_DETAIL_WIDTH = 600
"""A detail window is never narrower than this, so its title bar keeps every player's name."""


DETAIL_MARGIN = 1
"""Tiles kept around the focused neighbourhoods in a detail view."""


DETAIL_SPAN = (5, 5)
"""The most tiles a detail view shows across and down: about 80 px a tile at phone width."""


def _window(centre: int, span: int, low: int, high: int) -> tuple[int, int]:
    """``span`` consecutive positions around ``centre`` within ``[low, high]``."""
    if high - low + 1 <= span:
        return low, high
    start = min(max(centre - span // 2, low), high - span + 1)
    return start, start + span - 1


def detail_view(
    canvas: Image.Image,
    layout: CityLayout,
    view: dict[str, Any],
    focus: list[int],
    players: list[str] | None,
    status: str | None,
    highlight: Highlights,
) -> Image.Image:
    """The part of the city around ``focus`` at full size, under a title bar of its width.

    A whole city shown 400 px wide (a phone) shrinks names to a few pixels; a window of a
    few tiles around where the player is choosing keeps every name and number readable
    (issue 14.17). The whole map stays in the thread, where a tap zooms it."""
    spots = [layout.hood_tile[h] for h in focus if h in layout.hood_tile]
    if not spots:
        return canvas
    # A window of DETAIL_SPAN tiles centred on the first focus (the player's pawn), slid
    # back inside the city at its edges so it always shows as much as it can.
    x_lo, x_hi = _window(spots[0]["x"], DETAIL_SPAN[0], layout.min_x, layout.max_x)
    y_lo, y_hi = _window(spots[0]["y"], DETAIL_SPAN[1], layout.min_y, layout.max_y)
    if (x_lo, x_hi, y_lo, y_hi) == (layout.min_x, layout.max_x, layout.min_y, layout.max_y):
        return canvas  # the window would be the whole map
    left, top, _, _ = layout.box(x_lo, y_hi)
    _, _, right, bottom = layout.box(x_hi, y_lo)
    pad = layout.px(0.2, 6)
    window = canvas.crop((left - pad, top - pad, right + pad, bottom + pad))
    width = max(window.width, MIN_DETAIL_WIDTH)
    small_bar = map_title(view, width, players, status)
    legend = draw_legend(view, width, highlight)
    height = small_bar.height + window.height + legend.height
    out = Image.new("RGB", (width, height), PALETTE.background)
    out.paste(small_bar, (0, 0))
    out.paste(window, ((width - window.width) // 2, small_bar.height))
    out.paste(legend, (0, small_bar.height + window.height))
    return out
