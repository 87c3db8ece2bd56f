"""The city map: tiles, roads and water, names and dice values, pieces, Hot Goods, markers,
the last move, candidate spots and neighbourhoods, and the ``x,y`` coordinates."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.fence.view import FenceView
from render.common import (
    PALETTE,
    dashed_line,
    disc,
    font,
    paste_centered,
    seat_label,
    text_width,
    to_png,
)
from render.fence.colours import (
    CHOICE,
    GOODS,
    PAWN_COLOURS,
    POST,
    SPOT_FILL,
    TUNNEL,
    palette_of,
)
from render.fence.detail import MIN_DETAIL_WIDTH, CloseUp, detail_plan, pieces_outside
from render.fence.highlights import Highlights, choices_of, read_positions, spots_of
from render.fence.layout import (
    COORD_SIZE,
    MARGIN,
    CityLayout,
    coordinate,
    map_width,
    plan_map,
    text_scale,
    window_layout,
)
from render.fence.legend import draw_legend, map_title
from render.fence.marks import draw_cops, draw_text
from render.fence.pieces import Piece, crate_boxes, place_pieces, post_box, star_box
from render.fence.tiles import draw_empty, draw_labels, draw_one_ways, draw_tile
from render.frame import Frame
from render.labels import Labels, say


def _draw_pieces(canvas: Image.Image, pieces: Iterable[Piece]) -> None:
    for piece in pieces:
        if piece.kind == "cops":
            draw_cops(canvas, piece.center, piece.size)
        else:
            colour = PAWN_COLOURS[piece.seat % len(PAWN_COLOURS)]
            outline = max(2, piece.size // 12)
            paste_centered(canvas, disc(piece.size, colour, (20, 20, 24), outline), piece.center)


def _draw_goods(canvas: Image.Image, layout: CityLayout, view: FenceView) -> None:
    """Last round's Hot Goods: a gold crate in the tile's corner, ringed in the winner's
    colour (grey when nobody got them)."""
    draw = ImageDraw.Draw(canvas)
    tiles = {t["tile"]: t for t in view["map"]}
    seen: dict[int, int] = {}
    ring = layout.px(0.03, 3)
    for goods in view.get("hot_goods") or []:
        tile = tiles.get(goods.get("tile"))
        if tile is None:
            continue
        x0, y0, _, _ = layout.box(tile["x"], tile["y"])
        offset = seen.get(goods["tile"], 0)
        seen[goods["tile"]] = offset + 1
        left, top, right, bottom = crate_boxes(layout.cell, offset + 1)[offset]
        winner = goods.get("winner")
        colour = (
            PAWN_COLOURS[winner % len(PAWN_COLOURS)] if isinstance(winner, int) else (120, 120, 120)
        )
        draw.rectangle((x0 + left, y0 + top, x0 + right, y0 + bottom), fill=colour)
        bx, by, s = x0 + left + ring, y0 + top + ring, right - left - 2 * ring
        draw.rectangle((bx, by, bx + s, by + s), fill=GOODS, outline=(90, 60, 0), width=2)
        draw_text(canvas, (bx + s / 2, by + s / 2), "$", int(s * 0.8), (90, 60, 0))


_TUNNEL_STEPS = 14
"""The tunnel's dashed line: seven dashes and six gaps of equal length."""


def _draw_markers(draw: ImageDraw.ImageDraw, layout: CityLayout, view: FenceView) -> None:
    tiles = {t["tile"]: t for t in view["map"]}
    ritzy_tile = view.get("ritzy")
    ritzy = tiles.get(ritzy_tile) if ritzy_tile is not None else None
    if ritzy is not None:
        x0, y0, _, _ = layout.box(ritzy["x"], ritzy["y"])
        left, top, right, _ = star_box(layout.cell)
        radius = (right - left) // 2
        _star(draw, (x0 + left + radius, y0 + top + radius), radius)
    ends = [layout.hood_xy[h] for h in view.get("tunnel") or [] if h in layout.hood_xy]
    width = layout.px(0.06, 5)
    if len(ends) == 2:
        dashes = [(i / _TUNNEL_STEPS, (i + 1) / _TUNNEL_STEPS) for i in range(0, _TUNNEL_STEPS, 2)]
        dashed_line(draw, ends[0], ends[1], dashes, TUNNEL, width)
    half = layout.px(0.09, 8)
    for x, y in ends:
        draw.rectangle((x - half, y - half, x + half, y + half), outline=TUNNEL, width=width)


def _draw_post(canvas: Image.Image, layout: CityLayout, view: FenceView) -> None:
    """The Trading Post: a green "TP" tag beside its neighbourhood's node."""
    hood = view.get("post")
    if hood not in layout.hood_xy:
        return
    x, y = layout.hood_xy[hood]
    left, top, right, bottom = post_box(layout.cell, (x, y))
    box, h = (left, top, right, bottom), bottom - top
    ImageDraw.Draw(canvas).rounded_rectangle(
        box, radius=4, fill=POST, outline=(255, 255, 255), width=2
    )
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(canvas, center, "TP", round(h * 0.75), (255, 255, 255))


def _star(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int) -> None:
    """The Ritzy Tile's star, drawn as a polygon: the shipped font has no star glyph."""
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    draw.polygon(points, fill=GOODS, outline=(80, 50, 0), width=max(2, radius // 7))


def _moved(facts: dict[str, Any], pieces: Sequence[Piece]) -> Piece | None:
    """The piece a highlight says moved, where it stands now (None: not on the map)."""
    kind = facts.get("kind")
    seat = facts.get("seat") if kind == "pawn" else -1
    return next(
        (p for p in pieces if p.kind == kind and p.seat == seat and p.hood == facts.get("to")),
        None,
    )


def _draw_highlight(
    canvas: Image.Image, layout: CityLayout, highlight: Highlights, pieces: Sequence[Piece] = ()
) -> None:
    """The last turn: placed tiles framed, moved pieces ringed (where they stand, beside
    their neighbourhood's name) with a line from where they came from, so the change reads
    at thumbnail size."""
    draw = ImageDraw.Draw(canvas)
    frame = layout.px(0.055, 5)
    ring = layout.px(0.045, 4)
    for facts in highlight:
        kind = facts.get("kind")
        if kind == "tile" and facts.get("pos"):
            positions = read_positions([facts["pos"]])
            if not positions:
                continue
            x0, y0, x1, y1 = layout.box(*positions[0])
            draw.rectangle(
                (x0 + 2, y0 + 2, x1 - 3, y1 - 3), outline=PALETTE.highlight_to, width=frame
            )
        elif kind in ("pawn", "cops", "tunnel") and facts.get("to") in layout.hood_xy:
            tx, ty = layout.hood_xy[facts["to"]]
            r: float = layout.px(0.2, 14)
            piece = _moved(facts, pieces)
            if piece is not None:
                (tx, ty), r = piece.center, max(r * 0.6, piece.size * 0.67)
            start = facts.get("from")
            if start in layout.hood_xy and start != facts["to"]:
                fx, fy = layout.hood_xy[start]
                draw.line((fx, fy, tx, ty), fill=PALETTE.highlight_to, width=ring)
                draw.ellipse(
                    (fx - r * 0.6, fy - r * 0.6, fx + r * 0.6, fy + r * 0.6),
                    outline=PALETTE.highlight_from,
                    width=ring,
                )
            draw.ellipse((tx - r, ty - r, tx + r, ty + r), outline=PALETTE.highlight_to, width=ring)


def _draw_spots(
    canvas: Image.Image,
    layout: CityLayout,
    spots: Iterable[tuple[int, int]],
    occupied: set[tuple[int, int]],
) -> None:
    """Candidate spots for the tile being placed: a magenta frame and the spot's ``x,y`` in
    big type, the same text the bot's select menu offers."""
    draw = ImageDraw.Draw(canvas)
    frame = layout.px(0.06, 5)
    inset = layout.px(0.03, 2)
    size = layout.px(0.27, 20)
    for x, y in spots:
        x0, y0, x1, y1 = layout.box(x, y)
        inner = (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset)
        if (x, y) not in occupied:
            draw.rectangle(inner, fill=SPOT_FILL)
        draw.rectangle(inner, outline=CHOICE, width=frame)
        label = f"{x},{y}"
        fitted = size
        while fitted > 12 and text_width(label, font(fitted, bold=True)) > layout.cell - 2 * frame:
            fitted -= 1
        draw_text(canvas, ((x0 + x1) / 2, (y0 + y1) / 2), label, fitted, CHOICE, stroke=3)


def _draw_coordinates(canvas: Image.Image, layout: CityLayout) -> None:
    """Column numbers above and below, row numbers left and right: the ``x,y`` players type.
    All four sides, because on a phone a thumb always covers one."""
    grid = layout.grid
    half = MARGIN / 2
    side = layout.side / 2
    cx: float
    for col, x in enumerate(range(layout.min_x, layout.max_x + 1)):
        cx, _ = grid.center(col, 0)
        for cy in (grid.top - half, grid.bottom + half):
            draw_text(canvas, (cx, cy), coordinate(x), COORD_SIZE, PALETTE.text)
    for row, y in enumerate(range(layout.max_y, layout.min_y - 1, -1)):
        _, cy = grid.center(0, row)
        for cx in (grid.left - side, grid.right + side):
            draw_text(canvas, (cx, cy), coordinate(y), COORD_SIZE, PALETTE.text)


def _clear_margins(canvas: Image.Image, layout: CityLayout) -> None:
    """Background again around the grid, between ``layout.top`` and ``layout.bottom``: a
    move line or a ring from a neighbourhood outside a close-up is drawn up to the grid's
    edge, never over the coordinates."""
    grid = layout.grid
    pad = layout.px(0.06, 4)
    draw = ImageDraw.Draw(canvas)
    background = PALETTE.background
    top, bottom = layout.top, layout.bottom - 1
    draw.rectangle((0, top, canvas.width, grid.top - pad - 1), fill=background)
    draw.rectangle((0, grid.bottom + pad, canvas.width, bottom), fill=background)
    draw.rectangle((0, top, grid.left - pad - 1, bottom), fill=background)
    draw.rectangle((grid.right + pad, top, canvas.width, bottom), fill=background)


def _draw_choices(canvas: Image.Image, layout: CityLayout, hoods: Iterable[int]) -> None:
    """Neighbourhoods the player may pick: a magenta ring on a white casing, wide enough to
    circle a pawn standing there, so it reads on land, water and roads alike."""
    draw = ImageDraw.Draw(canvas)
    r = layout.px(0.26, 18)
    width = layout.px(0.06, 5)
    for hood in hoods:
        if hood not in layout.hood_xy:
            continue
        x, y = layout.hood_xy[hood]
        draw.ellipse(
            (x - r - 2, y - r - 2, x + r + 2, y + r + 2), outline=(255, 255, 255), width=width + 4
        )
        draw.ellipse((x - r, y - r, x + r, y + r), outline=CHOICE, width=width)


def draw_city(
    canvas: Image.Image,
    view: FenceView,
    layout: CityLayout,
    highlight: Highlights,
    status: str | None,
    off_limits: str,
) -> list[Piece]:
    """The tiles ``layout`` shows, with everything on them and the coordinates around them,
    drawn straight onto ``canvas`` between ``layout.top`` and ``layout.bottom`` (a pasted
    band cost a copy of its pixels); returns the pieces as drawn."""
    draw = ImageDraw.Draw(canvas)
    shown = [t for t in view["map"] if layout.shows(t["x"], t["y"])]
    draw_empty(draw, layout)
    for tile in shown:
        draw_tile(canvas, layout, tile)
    _draw_markers(draw, layout, view)
    if status is None:  # Hot Goods of a match that is over are news no more
        _draw_goods(canvas, layout, view)
    _draw_post(canvas, layout, view)
    pieces, rooms = place_pieces(layout, view, off_limits)
    for tile in shown:
        draw_one_ways(canvas, layout, tile, off_limits, rooms.get(tile["tile"], ()))
    _draw_highlight(canvas, layout, highlight, pieces)
    # Choice rings under the names (a name stays readable across a ring), pieces beside.
    _draw_choices(canvas, layout, choices_of(highlight))
    for tile in shown:
        draw_labels(canvas, layout, tile, off_limits, rooms.get(tile["tile"], ()))
    spots = [p for p in spots_of(highlight) if layout.shows(*p)]
    _draw_spots(canvas, layout, spots, {(t["x"], t["y"]) for t in view["map"]})
    _draw_pieces(canvas, pieces)
    _clear_margins(canvas, layout)
    _draw_coordinates(canvas, layout)
    return pieces


def hood_names(view: FenceView, hoods: Iterable[int]) -> list[str]:
    names = {h["id"]: str(h["name"]) for t in view["map"] for h in t["hoods"]}
    return [names[h] for h in hoods if h in names]


def _outside(
    view: FenceView, plan: CloseUp, players: list[str] | None, labels: Labels | None
) -> list[str]:
    """ "carol (Purple) at Gasworks", "Cops at Foundry": the pieces the close-up leaves out
    (the one being moved is named apart, as where it moves from)."""
    palette = palette_of(view)
    said = []
    for seat, hood in pieces_outside(view, plan.window):
        if hood in plan.pieces_out:
            continue
        who = (
            say(labels, "fence.cops")
            if seat is None
            else seat_label(seat, players, palette, labels)
        )
        said.append(say(labels, "fence.piece_at", piece=who, place=hood_names(view, [hood])[0]))
    return said


def close_up_layout(
    view: FenceView,
    plan: CloseUp,
    players: list[str] | None = None,
    status: str | None = None,
    labels: Labels | None = None,
) -> tuple[Image.Image, CityLayout]:
    """The close-up's title bar and where its window sits below it, as ``render`` draws
    them (tests find its tiles by pixel with it)."""
    width = window_layout(view, plan.window, plan.cell, least_width=MIN_DETAIL_WIDTH).width
    bar = map_title(view, width, players, status, labels)
    layout = window_layout(view, plan.window, plan.cell, bar.height, MIN_DETAIL_WIDTH)
    return bar, layout


def close_up(
    view: FenceView,
    plan: CloseUp,
    players: list[str] | None,
    status: str | None,
    highlight: Highlights,
    labels: Labels | None = None,
) -> Image.Image:
    """The close-up: one window of the city under a title bar of its width, with the legend
    (naming what of its focus the window could not hold), so it reads alone."""
    bar, layout = close_up_layout(view, plan, players, status, labels)
    left_out, away = hood_names(view, plan.left_out), hood_names(view, plan.pieces_out)
    outside = _outside(view, plan, players, labels)
    legend = draw_legend(
        view, layout.width, highlight, labels, left_out=left_out, away=away, outside=outside
    )
    canvas = Image.new("RGB", (layout.width, layout.bottom + legend.height), PALETTE.background)
    draw_city(canvas, view, layout, highlight, status, say(labels, "fence.off_limits"))
    # Over the city: a ring or a move line from outside the window stops at its edge.
    canvas.paste(bar, (0, 0))
    canvas.paste(legend, (0, layout.bottom))
    return canvas


def map_layout(
    view: FenceView,
    highlight: Highlights = (),
    players: list[str] | None = None,
    status: str | None = None,
    labels: Labels | None = None,
) -> tuple[Image.Image, CityLayout]:
    """The title bar and where the city sits below it, exactly as ``render`` draws them
    (tests use it to find tiles and spots by pixel)."""
    highlight = [h for h in highlight if isinstance(h, dict)]
    width = map_width(view, highlight)
    bar = map_title(view, width, players, status, labels, scale=text_scale(width))
    return bar, plan_map(view, highlight, bar.height)


def render(view: FenceView, frame: Frame) -> bytes:
    """The city map of a view (public or a seat's: only public facts are drawn); with
    ``focus``, the close-up of those neighbourhoods instead (``render.fence.detail``: the
    piece being moved first, then the choices).

    ``perspective`` is accepted for the common signature; a city has no "own side", so the
    map is always drawn north up.
    """
    highlight, players, status, labels = frame.highlight, frame.players, frame.status, frame.labels
    highlight = [h for h in highlight or [] if isinstance(h, dict)]
    off_limits = say(labels, "fence.off_limits")
    plan = detail_plan(view, frame.focus, highlight, off_limits) if frame.focus else None
    if plan is not None:
        return to_png(close_up(view, plan, players, status, highlight, labels))
    bar, layout = map_layout(view, highlight, players, status, labels)
    legend = draw_legend(view, layout.width, highlight, labels, scale=text_scale(layout.width))
    canvas = Image.new("RGB", (layout.width, layout.bottom + legend.height), PALETTE.background)
    draw_city(canvas, view, layout, highlight, status, say(labels, "fence.off_limits"))
    canvas.paste(bar, (0, 0))
    canvas.paste(legend, (0, layout.bottom))
    return to_png(canvas)
