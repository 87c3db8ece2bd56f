"""The close-up: the part of the city a player is choosing in, drawn to read on a phone.

The whole map is drawn for zooming (``render.fence.layout``); the close-up is the picture
that reads at the 400 px a phone shows: every name on it is at least ``PHONE_NAME`` px
there. It is asked for with ``focus``: the piece being moved first (the mover's pawn, a
pushed pawn, the Cops), then the neighbourhoods the player may choose. A guided step's
close-up showed five tiles around the mover's own pawn whatever the step was about, so
pushing another pawn or moving the Cops showed neither them nor a single choice (issue
31.1). Now the window is the one, among those up to ``DETAIL_SPAN`` tiles that still read
on a phone, that holds the most choices and then the piece; what it cannot hold is named
under the picture (``CloseUp.left_out``, ``CloseUp.pieces_out``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.fence.view import FenceView
from render.fence.highlights import Highlights, choices_of
from render.fence.layout import (
    DETAIL_CELL,
    PHONE_NAME,
    PHONE_WIDTH,
    Window,
    bounds,
    extent,
    side_margin,
    window_layout,
)
from render.fence.pieces import place_pieces
from render.fence.tile_text import Label, label_blocks, tile_labels, tile_values

MIN_DETAIL_WIDTH = 600
"""A close-up is never narrower than this, so its title bar keeps every player's name."""

DETAIL_SPAN = (5, 5)
"""The most tiles a close-up shows across and down: five columns are 70 px each on a
phone, where most names still read at ``PHONE_NAME`` px; fewer are tried when not."""

MAX_DETAIL_CELL = 170
"""Three columns fill ``MIN_DETAIL_WIDTH`` at this size; tiles never grow further."""


@dataclass(frozen=True)
class CloseUp:
    """Which window of the city a close-up shows, at what tile size, and what of its focus
    it could not show: choices (``left_out``) and where the piece being moved stands
    (``pieces_out``); the legend names them."""

    window: Window
    cell: int
    left_out: tuple[int, ...] = ()
    pieces_out: tuple[int, ...] = ()

    @property
    def columns(self) -> int:
        return self.window[1] - self.window[0] + 1


def detail_cell(window: Window) -> int:
    """Tiles as big as ``MIN_DETAIL_WIDTH`` allows for the window's columns, at least
    ``DETAIL_CELL``: fewer columns, bigger names."""
    columns = window[1] - window[0] + 1
    room = (MIN_DETAIL_WIDTH - 2 * side_margin([window])) // columns
    cell = min(MAX_DETAIL_CELL, max(DETAIL_CELL, room))
    return cell - cell % 2  # even, as every tile's corner (see ``CityLayout``)


@lru_cache(maxsize=8192)
def smallest_name(
    cell: int,
    coords: tuple[int, ...] | None,
    labels: tuple[Label, ...],
    off_limits: str = "off limits",
    room: tuple[int, ...] = (),
) -> int:
    """The smallest font a tile's names are drawn in at ``cell`` px a tile (0: no name)."""
    blocks = label_blocks(cell, coords, labels, off_limits, room)
    return min((b.size for b in blocks if b.kind == "name"), default=0)


def shown_name_px(
    view: FenceView, window: Window, cell: int, off_limits: str = "off limits"
) -> float:
    """The smallest name of a close-up of ``window``, in px as a phone shows the picture
    (names narrowed beside a crowd of pieces included)."""
    layout = window_layout(view, window, cell, least_width=MIN_DETAIL_WIDTH)
    _, rooms = place_pieces(layout, view, off_limits)
    smallest = min(
        (
            smallest_name(
                cell,
                tile_values(tile),
                tile_labels(layout, tile),
                off_limits,
                rooms.get(tile["tile"], ()),
            )
            for tile in view["map"]
            if layout.shows(tile["x"], tile["y"])
        ),
        default=0,
    )
    return smallest * PHONE_WIDTH / layout.width if smallest else float("inf")


def _runs(size: int, low: int, high: int, first: int, last: int) -> list[tuple[int, int]]:
    """Every run of ``size`` positions within ``[low, high]`` that overlaps the focus's
    ``[first, last]`` (the whole range when it is shorter than ``size``)."""
    if high - low + 1 <= size:
        return [(low, high)]
    starts = range(max(low, first - size + 1), min(last, high - size + 1) + 1)
    return [(start, start + size - 1) for start in starts]


def _inside(window: Window, point: tuple[int, int]) -> bool:
    return window[0] <= point[0] <= window[1] and window[2] <= point[1] <= window[3]


def pieces_outside(view: FenceView, window: Window) -> list[tuple[int | None, int]]:
    """Every piece standing outside ``window``: (seat, hood) for a pawn, (None, hood) for
    the Cops, so the legend can say who is off the picture and where (a close-up of one
    corner of the city must not look as if the others were not on the board)."""
    places = {h["id"]: (t["x"], t["y"]) for t in view["map"] for h in t["hoods"]}
    standing: list[tuple[int | None, int]] = [
        (seat, hood) for seat, hood in enumerate(view.get("pawns") or []) if hood is not None
    ]
    cops = view.get("cops")
    if cops is not None:
        standing.append((None, int(cops)))
    return [
        (who, hood)
        for who, hood in standing
        if hood in places and not _inside(window, places[hood])
    ]


def _best_window(
    points: set[tuple[int, int]],
    first: list[tuple[int, int]],
    then: list[tuple[int, int]],
    columns: int,
    rows: int,
) -> Window:
    """The window of at most ``columns`` × ``rows`` tiles holding the most of ``first``,
    then the most of ``then``; among equals, the one whose shown focus sits most in the
    middle (the most city around it), then the one leftmost and topmost (a fixed choice)."""
    city = bounds(points)
    xs = [p[0] for p in (*first, *then)]
    ys = [p[1] for p in (*first, *then)]
    best: tuple[tuple[int, int, float], Window] | None = None
    for x0, x1 in _runs(columns, city[0], city[1], min(xs), max(xs)):
        for y0, y1 in _runs(rows, city[2], city[3], min(ys), max(ys)):
            window = (x0, x1, y0, y1)
            shown = [p for p in first if _inside(window, p)]
            also = [p for p in then if _inside(window, p)]
            seen = shown + also or [(x0, y0)]
            mid_x = (min(p[0] for p in seen) + max(p[0] for p in seen)) / 2
            mid_y = (min(p[1] for p in seen) + max(p[1] for p in seen)) / 2
            off_centre = abs(mid_x - (x0 + x1) / 2) + abs(mid_y - (y0 + y1) / 2)
            score = (len(shown), len(also), -off_centre)
            if best is None or score > best[0]:
                best = (score, window)
    assert best is not None
    return _trimmed(best[1], points)


def _trimmed(window: Window, points: set[tuple[int, int]]) -> Window:
    """``window`` without the edge columns and rows that would show no tile."""
    x0, x1, y0, y1 = window
    inside = [p for p in points if _inside(window, p)]
    xs = [x for x, _ in inside]
    ys = [y for _, y in inside]
    return (max(x0, min(xs)), min(x1, max(xs)), max(y0, min(ys)), min(y1, max(ys)))


def detail_plan(
    view: FenceView,
    focus: list[int],
    highlight: Highlights = (),
    off_limits: str = "off limits",
) -> CloseUp | None:
    """The close-up for ``focus`` (the piece being moved, and the choices the highlight
    rings), or None when no focused neighbourhood is on the map. The choices come first:
    a picture of the Cops without a single place a tip-off could send them is no help.
    Tried from ``DETAIL_SPAN`` columns down to three: the window kept is the one whose
    names read on a phone that shows the most choices, then the piece, and the widest of
    those."""
    places = {h["id"]: (t["x"], t["y"]) for t in view["map"] for h in t["hoods"]}
    focused = [h for h in dict.fromkeys(focus) if h in places]
    if not focused:
        return None
    ringed = set(choices_of(highlight))
    choices = [h for h in focused if h in ringed]
    pieces = [h for h in focused if h not in ringed]
    points = extent(view, highlight)
    first = [places[h] for h in choices or pieces]
    then = [places[h] for h in pieces] if choices else []
    best: tuple[tuple[bool, int, int, int], CloseUp] | None = None
    for columns in range(DETAIL_SPAN[0], 2, -1):
        window = _best_window(points, first, then, columns, DETAIL_SPAN[1])
        cell = detail_cell(window)
        missed = tuple(h for h in focused if not _inside(window, places[h]))
        left_out = tuple(h for h in missed if h in ringed)
        plan = CloseUp(window, cell, left_out, tuple(h for h in missed if h not in ringed))
        readable = shown_name_px(view, window, cell, off_limits) >= PHONE_NAME
        score = (readable, -len(left_out), -len(plan.pieces_out), plan.columns)
        if best is None or score > best[0]:
            best = (score, plan)
    assert best is not None
    return best[1]
