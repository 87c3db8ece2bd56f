"""FENCE! images: the city map (``render``) and one player's private hand (``render_hand``).

Both are pure functions of a *view*: the map of a public view can only show public facts,
and the hand image is only ever made from that player's own view, for a direct message.

The map is drawn north up, cropped to the placed tiles (plus, while the map is still being
drafted, one ring of empty spots where the next tile may go). Column and row labels on all
four edges are exactly the ``x,y`` players type in ``place … at x,y``. The scale is chosen
for a phone: a typical finished city (about 10 tiles across) comes out about 1,000 px wide
with tile names wrapped onto two lines so they stay legible when Discord shows the picture
400–500 px wide; larger cities keep a minimum tile size rather than shrinking the text.
Dice values are digits (pips blur at that size) and an off-limits neighbourhood's name is
struck through. Per-seat facts (cards, Jail, First Player, boats) sit under each name in the
title bar, so the image needs no second list of players; the Trading Post is a "TP" tag.

Highlight entries (``highlight=[…]``, oldest first) the map understands:

- ``{"kind": "tile", "pos": [x, y]}``: the tile just placed or swapped in (framed).
- ``{"kind": "pawn" | "cops" | "tunnel", "to": hood, "from": hood | None}``: a piece that
  moved (ringed, with a line from where it came from).
- ``{"kind": "spots", "spots": [[x, y], …]}``: the legal spots for the tile a player is
  placing. Each is drawn as a magenta-framed square labelled with its ``x,y`` so the player
  can match it to the bot's select menu; the crop always includes them.
- ``{"kind": "choices", "hoods": [hood_id, …]}``: neighbourhoods a player may choose
  (pawn or Cops destinations), each ringed in the same magenta.

Other kinds (``hunch``, ``draw``) and unknown ones are ignored, so the rules can add facts
without breaking old images.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    MIN_WIDTH,
    PALETTE,
    RGB,
    Font,
    Grid,
    blend,
    contrast,
    disc,
    draw_centered_text,
    fit_text,
    font,
    new_canvas,
    paste_centered,
    text_width,
    title_bar,
    to_png,
)

PAWN_COLOURS: tuple[RGB, ...] = (
    (46, 160, 67),
    (245, 130, 32),
    (140, 80, 200),
    (240, 200, 30),
    (236, 100, 170),
    (20, 160, 165),
)
COPS: RGB = (24, 36, 96)
LAND: RGB = (222, 214, 186)
WATER: RGB = (96, 160, 214)
ROAD: RGB = (70, 70, 76)
OFF_LIMITS: RGB = (150, 150, 150)
GOODS: RGB = (212, 160, 20)
TUNNEL: RGB = (150, 40, 150)
RED_CARD: RGB = (200, 36, 40)
BLUE_CARD: RGB = (36, 84, 190)
OTHER_CARD: RGB = (96, 96, 104)
# "You may pick this": candidate spots and neighbourhoods. Magenta is used by nothing else on
# the map (the pink pawn is much lighter), so it never reads as a piece or the last move.
CHOICE: RGB = (200, 0, 120)
SPOT_FILL: RGB = (255, 232, 244)
STRUCK: RGB = (170, 0, 0)
OFFER: RGB = (255, 226, 130)
POST: RGB = (24, 120, 64)
EMPTY_SPOT: RGB = (168, 158, 136)
SIDE_VECTOR = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}

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

Box = tuple[int, int, int, int]
Highlights = Sequence[dict[str, Any]]


def _palette(view: dict[str, Any]) -> Any:
    names = tuple(view.get("seat_names") or ())
    return replace(PALETTE, seat_colours=PAWN_COLOURS, seat_names=names or PALETTE.seat_names)


@lru_cache(maxsize=2048)
def _text_sprite(
    text: str, size: int, weight: str, fill: RGB, stroke: int
) -> tuple[Image.Image, int, int]:
    """``text`` as an RGBA sprite with a white halo of ``stroke`` px, and the offset from its
    visual middle to its top-left corner.

    Cached because the same names, digits and coordinates recur on every image of a match and
    Pillow's text rendering was half of the render time (a stroked text is rendered twice).
    """
    fnt = font(size, weight=weight)
    left, top, right, bottom = fnt.getbbox(text, anchor="mm", stroke_width=stroke)
    size_px = (max(1, int(right - left)), max(1, int(bottom - top)))
    origin = (-left, -top)
    outer = Image.new("L", size_px, 0)
    ImageDraw.Draw(outer).text(
        origin, text, font=fnt, fill=255, anchor="mm", stroke_width=stroke, stroke_fill=255
    )
    sprite = Image.new("RGB", size_px, (255, 255, 255) if stroke else fill)
    if stroke:
        inner = Image.new("L", size_px, 0)
        ImageDraw.Draw(inner).text(origin, text, font=fnt, fill=255, anchor="mm")
        sprite.paste(fill, (0, 0, *size_px), inner)
    sprite.putalpha(outer)
    return sprite, int(left), int(top)


def _text(
    canvas: Image.Image,
    center: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    weight: str = "bold",
    stroke: int = 0,
) -> None:
    """Text whose visual middle sits on ``center``, drawn from the sprite cache."""
    sprite, left, top = _text_sprite(text, size, weight, fill, stroke)
    canvas.paste(sprite, (round(center[0]) + left, round(center[1]) + top), sprite)


def _tile_size(cols: int, rows: int) -> int:
    return max(MIN_CELL, min(MAX_CELL, MAP_SIDE // max(cols, rows, 1)))


def _positions(values: Any) -> list[tuple[int, int]]:
    """``[[x, y], …]`` from a highlight, skipping anything malformed (highlights come from
    the bot's own code, but an odd entry must not cost the whole image)."""
    out: list[tuple[int, int]] = []
    for value in values or ():
        try:
            x, y = value
            out.append((int(x), int(y)))
        except (TypeError, ValueError):
            continue
    return out


def _spots_of(highlight: Highlights) -> list[tuple[int, int]]:
    spots: list[tuple[int, int]] = []
    for facts in highlight:
        if facts.get("kind") == "spots":
            spots += [p for p in _positions(facts.get("spots")) if p not in spots]
    return spots


def _choices_of(highlight: Highlights) -> list[int]:
    hoods: list[int] = []
    for facts in highlight:
        if facts.get("kind") == "choices":
            hoods += [h for h in facts.get("hoods") or () if isinstance(h, int)]
    return hoods


class _Layout:
    """Where each tile, empty spot and neighbourhood sits on the canvas.

    The drawn area is the bounding box of the placed tiles, grown by one ring while the map
    is being drafted, and always large enough for highlighted spots.
    """

    def __init__(self, view: dict[str, Any], top: int, highlight: Highlights = ()) -> None:
        tiles = view["map"]
        placed = {(t["x"], t["y"]) for t in tiles}
        self.spots = _spots_of(highlight)
        drafting = not view.get("map_done", True)
        points = set(placed) or {(0, 0)}
        if drafting:
            points |= {(x + dx, y + dy) for x, y in placed for dx, dy in _RING}
        points |= set(self.spots)
        for facts in highlight:
            if facts.get("kind") == "tile":
                points |= set(_positions([facts.get("pos")]))
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


# -- the map -------------------------------------------------------------------------------------


def _draw_water(draw: ImageDraw.ImageDraw, box: Box, water: list[bool]) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    r = int(size * 0.42)
    # NE, SE, SW, NW corners with the quarter of a circle that lies inside the tile (Pillow
    # angles run clockwise from east).
    corners = [((x1, y0), 90), ((x1, y1), 180), ((x0, y1), 270), ((x0, y0), 0)]
    for ((cx, cy), start), wet in zip(corners, water, strict=True):
        if wet:
            draw.pieslice((cx - r, cy - r, cx + r, cy + r), start, start + 90, fill=WATER)
    depth = int(size * 0.3)
    bands = {
        (0, 3): (x0, y0, x1, y0 + depth),  # north shore
        (0, 1): (x1 - depth, y0, x1, y1),
        (1, 2): (x0, y1 - depth, x1, y1),
        (2, 3): (x0, y0, x0 + depth, y1),
    }
    for (a, b), rect in bands.items():
        if water[a] and water[b]:
            draw.rectangle(rect, fill=WATER)


def _arrow(
    draw: ImageDraw.ImageDraw,
    tip: tuple[float, float],
    direction: tuple[float, float],
    size: float,
    fill: RGB,
) -> None:
    dx, dy = direction
    px, py = -dy, dx
    tx, ty = tip
    base = (tx - dx * size, ty - dy * size)
    draw.polygon(
        [
            (tx, ty),
            (base[0] + px * size * 0.6, base[1] + py * size * 0.6),
            (base[0] - px * size * 0.6, base[1] - py * size * 0.6),
        ],
        fill=fill,
        outline=(255, 255, 255),
    )


def _draw_tile(draw: ImageDraw.ImageDraw, layout: _Layout, tile: dict[str, Any]) -> None:
    box = layout.box(tile["x"], tile["y"])
    x0, y0, x1, y1 = box
    size = x1 - x0
    usable_any = any(h["usable"] for h in tile["hoods"])
    draw.rectangle(
        (x0, y0, x1 - 1, y1 - 1), fill=LAND if usable_any else blend(LAND, OFF_LIMITS, 0.7)
    )
    _draw_water(draw, box, tile["water"])
    mid = {
        "N": ((x0 + x1) / 2, y0),
        "E": (x1, (y0 + y1) / 2),
        "S": ((x0 + x1) / 2, y1),
        "W": (x0, (y0 + y1) / 2),
    }
    road_w = max(6, size // 11)
    # Straight-through hoods last, drawn with a light casing: they read as bridges over the
    # other hood's road, which is what "not connected" means on the tile.
    order = sorted(range(len(tile["hoods"])), key=lambda i: len(tile["hoods"][i]["links"]) != 2)
    for index in order:
        hood = tile["hoods"][index]
        node = layout.hood_xy[hood["id"]]
        colour = ROAD if hood["usable"] else OFF_LIMITS
        if len(tile["hoods"]) > 1:
            for side, _ in hood["links"]:
                draw.line((mid[side], node), fill=(250, 250, 250), width=road_w + 4)
        for side, _ in hood["links"]:
            draw.line((mid[side], node), fill=colour, width=road_w)
        draw.ellipse(
            (node[0] - road_w, node[1] - road_w, node[0] + road_w, node[1] + road_w), fill=colour
        )
    for hood in tile["hoods"]:
        for side, kind in hood["links"]:
            if kind == "both":
                continue
            vx, vy = SIDE_VECTOR[side]
            sx, sy = mid[side]
            inward = (-vx, -vy)
            point = (sx - vx * size * 0.2, sy - vy * size * 0.2)
            direction = inward if kind == "in" else (vx, vy)
            _arrow(draw, point, direction, size * 0.12, (230, 40, 40))
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=(120, 110, 90), width=2)


def _draw_empty(draw: ImageDraw.ImageDraw, layout: _Layout) -> None:
    """Open spots beside the city as dashed squares: "a tile can go here" at a glance."""
    dash = layout.px(0.08, 6)
    inset = layout.px(0.04, 3)
    for x, y in layout.empty:
        x0, y0, x1, y1 = layout.box(x, y)
        x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset
        for start in range(x0, x1, 2 * dash):
            end = min(start + dash, x1)
            draw.line((start, y0, end, y0), fill=EMPTY_SPOT, width=2)
            draw.line((start, y1, end, y1), fill=EMPTY_SPOT, width=2)
        for start in range(y0, y1, 2 * dash):
            end = min(start + dash, y1)
            draw.line((x0, start, x0, end), fill=EMPTY_SPOT, width=2)
            draw.line((x1, start, x1, end), fill=EMPTY_SPOT, width=2)


def _draw_die(draw: ImageDraw.ImageDraw, box: Box, value: int, colour: RGB) -> None:
    """A die with pips, for the hand's big cards."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        box, radius=(x1 - x0) // 5, fill=colour, outline=(255, 255, 255), width=2
    )
    r = max(2, (x1 - x0) // 10)
    for fx, fy in PIPS[value]:
        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255))


def _draw_value(canvas: Image.Image, box: Box, value: int, colour: RGB) -> None:
    """A die showing its value as a digit: on a phone, pips on a tile-corner die blur into a
    smudge, while a bold digit of the same size still reads."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=max(3, side // 5), fill=colour)
    center = ((x0 + x1) / 2, (y0 + y1) / 2)
    _text(canvas, center, str(value), max(12, round(side * 0.82)), (255, 255, 255))


@lru_cache(maxsize=1024)
def _wrap_name(name: str, size: int, max_width: int) -> tuple[Font, tuple[str, ...]]:
    """``name`` in at most two lines no wider than ``max_width``: one line at full size when
    it fits, else two, shrinking the font a few steps before cutting with an ellipsis.
    Cached: the same forty names come back on every image of a match."""
    words = name.split() or [name]
    for step in range(0, 6):
        fnt = font(max(11, size - step), weight="semibold")
        if text_width(name, fnt) <= max_width:
            return fnt, (name,)
        best: tuple[str, ...] | None = None
        best_width = max_width + 1
        for cut in range(1, len(words)):
            lines = (" ".join(words[:cut]), " ".join(words[cut:]))
            widest = max(text_width(line, fnt) for line in lines)
            if widest < best_width:
                best, best_width = lines, widest
        if best is not None:
            return fnt, best
    fnt = font(max(11, size - 5), weight="semibold")
    if len(words) == 1:
        return fnt, (fit_text(name, fnt, max_width),)
    half = max(1, len(words) // 2)
    return fnt, (
        fit_text(" ".join(words[:half]), fnt, max_width),
        fit_text(" ".join(words[half:]), fnt, max_width),
    )


def _size_of(fnt: Font) -> int:
    return int(getattr(fnt, "size", 14))


def _text_block(
    canvas: Image.Image,
    center: tuple[float, float],
    lines: Sequence[str],
    fnt: Font,
    fill: RGB,
    stroke: int,
    *,
    struck: bool = False,
) -> None:
    """Centred lines with a white halo (names cross roads and water). ``struck`` draws a red
    line through each: an off-limits neighbourhood reads as "not available" without the extra
    line of text a two-neighbourhood tile has no room for."""
    line_height = _size_of(fnt) * 1.02
    cx, cy = center
    first = cy - line_height * (len(lines) - 1) / 2
    draw = ImageDraw.Draw(canvas)
    for i, line in enumerate(lines):
        ly = first + i * line_height
        _text(canvas, (cx, ly), line, _size_of(fnt), fill, weight="semibold", stroke=stroke)
        if struck:
            half = text_width(line, fnt) / 2 + 2
            width = max(2, _size_of(fnt) // 8)
            draw.line((cx - half, ly + 1, cx + half, ly + 1), fill=STRUCK, width=width)


def _draw_labels(canvas: Image.Image, layout: _Layout, tile: dict[str, Any]) -> None:
    """Dice values in the top-left corner, then each neighbourhood's name: under its node on
    a one-neighbourhood tile, or one name in each half of a two-neighbourhood tile."""
    x0, y0, x1, y1 = layout.box(tile["x"], tile["y"])
    size = x1 - x0
    coords = tile.get("coords")
    if coords and len(coords) == 2:
        die = layout.px(0.22, 16)
        pad = layout.px(0.03, 3)
        box = (x0 + pad, y0 + pad, x0 + pad + die, y0 + pad + die)
        _draw_value(canvas, box, coords[0], RED_CARD)
        left = x0 + 2 * pad + die
        _draw_value(canvas, (left, y0 + pad, left + die, y0 + pad + die), coords[1], BLUE_CARD)
    stroke = max(2, size // 40)
    hoods = tile["hoods"]
    several = len(hoods) > 1
    base = layout.px(0.17 if several else 0.19, 14)
    for index, hood in enumerate(hoods):
        nx, ny = layout.hood_xy[hood["id"]]
        fnt, lines = _wrap_name(hood["name"], base, size - 6)
        block = _size_of(fnt) * 1.02 * len(lines)
        if several:
            nx = (x0 + x1) // 2
            ty = y0 + size * (0.42 if index == 0 else 0.78)
        else:
            below = ny < y0 + size * 0.7
            ty = ny + size * 0.12 + block / 2 if below else ny - size * 0.12 - block / 2
        ty = max(y0 + block / 2 + 2, min(ty, y1 - block / 2 - 2))
        usable = hood["usable"]
        fill = (20, 20, 24) if usable else (96, 96, 96)
        _text_block(canvas, (nx, ty), lines, fnt, fill, stroke, struck=not usable)
        if not usable and not several:
            small = layout.px(0.13, 12)
            word_y = ty + block / 2 + small * 0.6
            if word_y > y1 - small * 0.5:
                word_y = ty - block / 2 - small * 0.6
            _text(canvas, (nx, word_y), "off limits", small, STRUCK, stroke=stroke)


def _piece_spots(layout: _Layout, view: dict[str, Any]) -> dict[int, list[tuple[str, int]]]:
    """Pieces per neighbourhood: ("pawn", seat) or ("cops", -1), in a fixed order."""
    spots: dict[int, list[tuple[str, int]]] = {}
    for seat, hood in enumerate(view["pawns"]):
        if hood is not None and hood in layout.hood_xy:
            spots.setdefault(hood, []).append(("pawn", seat))
    if view.get("cops") is not None and view["cops"] in layout.hood_xy:
        spots.setdefault(view["cops"], []).append(("cops", -1))
    return spots


def _draw_cops(canvas: Image.Image, center: tuple[int, int], size: int) -> None:
    paste_centered(canvas, disc(size, COPS, (255, 255, 255), max(2, size // 12)), center)
    _text(canvas, center, "C", int(size * 0.62), (255, 220, 60))


def _draw_pieces(canvas: Image.Image, layout: _Layout, view: dict[str, Any]) -> None:
    size = layout.px(0.3, 24)
    for hood, pieces in _piece_spots(layout, view).items():
        nx, ny = layout.hood_xy[hood]
        step = int(size * 0.8)
        start = nx - step * (len(pieces) - 1) // 2
        for i, (kind, seat) in enumerate(pieces):
            center = (start + i * step, ny)
            if kind == "cops":
                _draw_cops(canvas, center, size)
            else:
                colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)]
                paste_centered(canvas, disc(size, colour, (20, 20, 24), max(2, size // 12)), center)


def _draw_goods(canvas: Image.Image, layout: _Layout, view: dict[str, Any]) -> None:
    """Last round's Hot Goods: a gold crate in the tile's corner, ringed in the winner's
    colour (grey when nobody got them)."""
    draw = ImageDraw.Draw(canvas)
    tiles = {t["tile"]: t for t in view["map"]}
    seen: dict[int, int] = {}
    s = layout.px(0.2, 14)
    ring = layout.px(0.03, 3)
    for goods in view.get("hot_goods") or []:
        tile = tiles.get(goods.get("tile"))
        if tile is None:
            continue
        _x0, _y0, x1, y1 = layout.box(tile["x"], tile["y"])
        offset = seen.get(goods["tile"], 0)
        seen[goods["tile"]] = offset + 1
        bx = x1 - 2 * ring - s - offset * (s + 2 * ring)
        by = y1 - 2 * ring - s
        winner = goods.get("winner")
        colour = (
            PAWN_COLOURS[winner % len(PAWN_COLOURS)] if isinstance(winner, int) else (120, 120, 120)
        )
        draw.rectangle((bx - ring, by - ring, bx + s + ring, by + s + ring), fill=colour)
        draw.rectangle((bx, by, bx + s, by + s), fill=GOODS, outline=(90, 60, 0), width=2)
        _text(canvas, (bx + s / 2, by + s / 2), "$", int(s * 0.8), (90, 60, 0))


def _draw_markers(draw: ImageDraw.ImageDraw, layout: _Layout, view: dict[str, Any]) -> None:
    tiles = {t["tile"]: t for t in view["map"]}
    ritzy = tiles.get(view.get("ritzy")) if view.get("ritzy") is not None else None
    if ritzy is not None:
        _x0, y0, x1, _ = layout.box(ritzy["x"], ritzy["y"])
        radius = layout.px(0.14, 12)
        _star(draw, (x1 - radius - 4, y0 + radius + 4), radius)
    ends = [layout.hood_xy[h] for h in view.get("tunnel") or [] if h in layout.hood_xy]
    width = layout.px(0.06, 5)
    if len(ends) == 2:
        (ax, ay), (bx, by) = ends
        steps = 14
        for i in range(0, steps, 2):
            t0, t1 = i / steps, (i + 1) / steps
            draw.line(
                (
                    ax + (bx - ax) * t0,
                    ay + (by - ay) * t0,
                    ax + (bx - ax) * t1,
                    ay + (by - ay) * t1,
                ),
                fill=TUNNEL,
                width=width,
            )
    half = layout.px(0.09, 8)
    for x, y in ends:
        draw.rectangle((x - half, y - half, x + half, y + half), outline=TUNNEL, width=width)


def _draw_post(canvas: Image.Image, layout: _Layout, view: dict[str, Any]) -> None:
    """The Trading Post: a green "TP" tag beside its neighbourhood's node."""
    hood = view.get("post")
    if hood not in layout.hood_xy:
        return
    x, y = layout.hood_xy[hood]
    w, h = layout.px(0.3, 26), layout.px(0.18, 16)
    gap = layout.px(0.1)
    box = (x + gap, y - h - gap // 2, x + gap + w, y - gap // 2)
    ImageDraw.Draw(canvas).rounded_rectangle(
        box, radius=4, fill=POST, outline=(255, 255, 255), width=2
    )
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    _text(canvas, center, "TP", round(h * 0.75), (255, 255, 255))


def _star(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int) -> None:
    """The Ritzy Tile's star, drawn as a polygon: the shipped font has no star glyph."""
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    draw.polygon(points, fill=GOODS, outline=(80, 50, 0), width=max(2, radius // 7))


def _draw_highlight(canvas: Image.Image, layout: _Layout, highlight: Highlights) -> None:
    """The last turn: placed tiles framed, moved pieces ringed with a line from where they
    came from, so the change reads at thumbnail size."""
    draw = ImageDraw.Draw(canvas)
    frame = layout.px(0.055, 5)
    ring = layout.px(0.045, 4)
    for facts in highlight:
        kind = facts.get("kind")
        if kind == "tile" and facts.get("pos"):
            positions = _positions([facts["pos"]])
            if not positions:
                continue
            x0, y0, x1, y1 = layout.box(*positions[0])
            draw.rectangle(
                (x0 + 2, y0 + 2, x1 - 3, y1 - 3), outline=PALETTE.highlight_to, width=frame
            )
        elif kind in ("pawn", "cops", "tunnel") and facts.get("to") in layout.hood_xy:
            tx, ty = layout.hood_xy[facts["to"]]
            r = layout.px(0.2, 14)
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


def _draw_spots(canvas: Image.Image, layout: _Layout, occupied: set[tuple[int, int]]) -> None:
    """Candidate spots for the tile being placed: a magenta frame and the spot's ``x,y`` in
    big type, the same text the bot's select menu offers."""
    draw = ImageDraw.Draw(canvas)
    frame = layout.px(0.06, 5)
    inset = layout.px(0.03, 2)
    size = layout.px(0.27, 20)
    for x, y in layout.spots:
        x0, y0, x1, y1 = layout.box(x, y)
        inner = (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset)
        if (x, y) not in occupied:
            draw.rectangle(inner, fill=SPOT_FILL)
        draw.rectangle(inner, outline=CHOICE, width=frame)
        label = f"{x},{y}"
        fitted = size
        while fitted > 12 and text_width(label, font(fitted, bold=True)) > layout.cell - 2 * frame:
            fitted -= 1
        _text(canvas, ((x0 + x1) / 2, (y0 + y1) / 2), label, fitted, CHOICE, stroke=3)


def _draw_coordinates(canvas: Image.Image, layout: _Layout) -> None:
    """Column numbers above and below, row numbers left and right: the ``x,y`` players type.
    All four sides, because on a phone a thumb always covers one."""
    grid = layout.grid
    half = MARGIN / 2
    for col, x in enumerate(range(layout.min_x, layout.max_x + 1)):
        cx, _ = grid.center(col, 0)
        for cy in (grid.top - half, grid.bottom + half):
            _text(canvas, (cx, cy), str(x), COORD_SIZE, PALETTE.text)
    for row, y in enumerate(range(layout.max_y, layout.min_y - 1, -1)):
        _, cy = grid.center(0, row)
        for cx in (grid.left - half, grid.right + half):
            _text(canvas, (cx, cy), str(y), COORD_SIZE, PALETTE.text)


def _draw_choices(canvas: Image.Image, layout: _Layout, hoods: Iterable[int]) -> None:
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


# -- legend ----------------------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _seat_details(view: dict[str, Any]) -> list[str]:
    """One short line per seat for the title bar, most important fact first."""
    details = []
    jailed = view.get("jailed") or []
    unreliable = view.get("unreliable") or []
    tiles = view.get("tiles_in_hand") or []
    sizes = view.get("hand_sizes") or []
    boats = view.get("boats") or []
    dropped = view.get("dropped") or []
    for seat in range(view["players"]):
        facts = [_plural(sizes[seat], "card")] if seat < len(sizes) else []
        if seat < len(jailed) and jailed[seat]:
            facts.append("IN JAIL")
        if seat == view.get("first"):
            facts.append("First Player")
        if seat < len(tiles) and tiles[seat]:
            facts.append(_plural(len(tiles[seat]), "tile"))
        if seat < len(unreliable) and unreliable[seat]:
            facts.append("unreliable")
        if seat < len(boats) and boats[seat]:
            facts.append(_plural(len(boats[seat]), "boat"))
        if seat < len(dropped) and dropped[seat]:
            facts = ["left the game"]
        details.append(" · ".join(facts))
    return details


_LEGEND_ROW = 38
_NOTE_ROW = 30


def _public_notes(view: dict[str, Any]) -> list[str]:
    """Lines for options that add public facts: the Trading Post's key and a pending trade.
    Only who trades with whom is read from an offer, never its cards, so a seat's own view
    draws the same map as the public one."""
    names = view.get("seat_names") or []
    notes = []
    if view.get("post") is not None:
        notes.append("TP: the Trading Post")
    offer = view.get("trade_offer")
    if isinstance(offer, dict) and "from" in offer and "to" in offer:
        notes.append(
            f"Trade offer pending: {_seat_name(offer['from'], names)} to "
            f"{_seat_name(offer['to'], names)}"
        )
    return notes


def _legend(view: dict[str, Any], width: int, highlight: Highlights = ()) -> Image.Image:
    """Round, Stash and discard pile, a key for the map's symbols on the same line, then what
    the marks of a guided choice mean and what last round's Hot Goods did."""
    notes = []
    if _choices_of(highlight):
        notes.append("Rings: the neighbourhoods you can choose now.")
    if _spots_of(highlight):
        notes.append("Outlined spots: where this tile can go now.")
    notes += [str(goods.get("note", "")) for goods in view.get("hot_goods") or []]
    notes += _public_notes(view)
    height = 10 + _LEGEND_ROW + _NOTE_ROW * len(notes)
    image = Image.new("RGB", (width, height), PALETTE.background)
    draw = ImageDraw.Draw(image)
    text = font(26, weight="semibold")
    mid = 4 + _LEGEND_ROW // 2
    # The key, right-aligned: so the "C" disc and the crate never need explaining in chat.
    x = width - 20
    x -= text_width("Hot Goods", text)
    draw.text((x, mid), "Hot Goods", font=text, fill=PALETTE.text, anchor="lm")
    crate = 22
    x -= crate + 8
    draw.rectangle(
        (x, mid - crate // 2, x + crate, mid + crate // 2), fill=GOODS, outline=(90, 60, 0), width=2
    )
    _text(image, (x + crate / 2, mid), "$", 18, (90, 60, 0))
    x -= 24 + text_width("Cops", text)
    draw.text((x, mid), "Cops", font=text, fill=PALETTE.text, anchor="lm")
    x -= 22
    _draw_cops(image, (x, mid), 30)
    key_left = x - 15
    stash = view.get("stash") or {}
    pile = (
        f"Stash {stash['mixed']} mixed"
        if stash.get("mixed")
        else f"Stash {stash.get('red', 0)} red, {stash.get('blue', 0)} blue"
    )
    round_text = f"Round {view['round']}/{view['round_limit']}" if view.get("round") else "Setup"
    summary = f"{round_text} · {pile} · Discard {len(view.get('discard') or [])}"
    draw.text(
        (20, mid),
        fit_text(summary, text, key_left - 36),
        font=text,
        fill=PALETTE.text,
        anchor="lm",
    )
    y = 4 + _LEGEND_ROW
    small = font(23)
    for note in notes:
        draw.text(
            (20, y + _NOTE_ROW // 2),
            fit_text(note, small, width - 40),
            font=small,
            fill=PALETTE.muted,
            anchor="lm",
        )
        y += _NOTE_ROW
    return image


def map_layout(
    view: dict[str, Any],
    highlight: Highlights = (),
    players: list[str] | None = None,
    status: str | None = None,
) -> tuple[Image.Image, _Layout]:
    """The title bar and where everything sits below it, exactly as ``render`` draws them
    (tests use it to find tiles and spots by pixel)."""
    highlight = [h for h in highlight if isinstance(h, dict)]
    width = _Layout(view, 0, highlight).width
    bar = _title(view, width, players, status)
    return bar, _Layout(view, bar.height, highlight)


MIN_DETAIL_WIDTH = 600
"""A detail window is never narrower than this, so its title bar keeps every player's name."""


def _window(centre: int, span: int, low: int, high: int) -> tuple[int, int]:
    """``span`` consecutive positions around ``centre`` within ``[low, high]``."""
    if high - low + 1 <= span:
        return low, high
    start = min(max(centre - span // 2, low), high - span + 1)
    return start, start + span - 1


def _title(
    view: dict[str, Any], width: int, players: list[str] | None, status: str | None
) -> Image.Image:
    return title_bar(
        width,
        title="FENCE!",
        seats=view["players"],
        players=players,
        to_move=view.get("to_move") or None,
        status=status if status is not None else view.get("result") or None,
        subtitle=f"round {view['round']}" if view.get("round") else "setup",
        palette=_palette(view),
        seat_colours=PAWN_COLOURS[: view["players"]],
        details=_seat_details(view),
    )


def render(
    view: dict[str, Any],
    *,
    perspective: int | None = None,
    highlight: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
    status: str | None = None,
    focus: list[int] | None = None,
) -> bytes:
    """The city map of a view (public or a seat's: only public facts are drawn).

    ``perspective`` is accepted for the common signature; a city has no "own side", so the
    map is always drawn north up.
    """
    highlight = [h for h in highlight or [] if isinstance(h, dict)]
    bar, layout = map_layout(view, highlight, players, status)
    legend = _legend(view, layout.width, highlight)
    canvas = new_canvas(layout.width, layout.bottom + legend.height)
    canvas.paste(bar, (0, 0))
    draw = ImageDraw.Draw(canvas)
    _draw_empty(draw, layout)
    for tile in view["map"]:
        _draw_tile(draw, layout, tile)
    _draw_markers(draw, layout, view)
    if status is None:  # Hot Goods of a match that is over are news no more
        _draw_goods(canvas, layout, view)
    _draw_post(canvas, layout, view)
    _draw_highlight(canvas, layout, highlight)
    # Choice rings under the names (a name stays readable across a ring), pieces on top.
    _draw_choices(canvas, layout, _choices_of(highlight))
    for tile in view["map"]:
        _draw_labels(canvas, layout, tile)
    _draw_spots(canvas, layout, {(t["x"], t["y"]) for t in view["map"]})
    _draw_pieces(canvas, layout, view)
    _draw_coordinates(canvas, layout)
    canvas.paste(legend, (0, layout.bottom))
    if focus:
        canvas = _detail(canvas, layout, view, focus, players, status, highlight)
    # A city is several times an Ordo board: the faster encode saves ~14 ms per image for
    # ~12 KB more, far inside the size budget.
    return to_png(canvas, compress_level=3)


DETAIL_MARGIN = 1
"""Tiles kept around the focused neighbourhoods in a detail view."""
DETAIL_SPAN = (5, 5)
"""The most tiles a detail view shows across and down: about 80 px a tile at phone width."""


def _detail(
    canvas: Image.Image,
    layout: _Layout,
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
    small_bar = _title(view, width, players, status)
    legend = _legend(view, width, highlight)
    height = small_bar.height + window.height + legend.height
    out = Image.new("RGB", (width, height), PALETTE.background)
    out.paste(small_bar, (0, 0))
    out.paste(window, ((width - window.width) // 2, small_bar.height))
    out.paste(legend, (0, small_bar.height + window.height))
    return out


# -- the private hand ------------------------------------------------------------------------------

_CARD_W, _CARD_H, _CARD_GAP = 150, 240, 18
_PER_ROW = 5
_HAND_WIDTH = 24 + _PER_ROW * (_CARD_W + _CARD_GAP) + 6
_SEAT_KEYS = ("from", "by", "seat", "proposer", "offerer", "to", "with", "target", "partner")
_GIVE_KEYS = ("give", "gives", "offer", "offers", "cards")
_WANT_KEYS = ("get", "gets", "want", "wants", "ask", "asks", "for", "request")


def _card_parts(card: Any) -> tuple[RGB, str, str]:
    """(colour, colour word, rank) of a card code; unknown codes get grey and keep their
    whole text as the rank, so a new kind of card is shown rather than crashing the DM."""
    code = str(card)
    if len(code) >= 2 and code[0].upper() == "R":
        return RED_CARD, "RED", code[1:]
    if len(code) >= 2 and code[0].upper() == "B":
        return BLUE_CARD, "BLUE", code[1:]
    return OTHER_CARD, "CARD", code


def _boat(draw: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    """A sailing boat: hull, mast and sail, for the Boats option's cards."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    hull_top = y0 + h * 0.68
    draw.polygon(
        [(x0, hull_top), (x1, hull_top), (x1 - w * 0.18, y1), (x0 + w * 0.18, y1)], fill=colour
    )
    mast = x0 + w * 0.5
    draw.line((mast, y0, mast, hull_top), fill=colour, width=max(3, w // 22))
    draw.polygon(
        [(mast + 4, y0 + 4), (mast + 4, hull_top - 8), (x1 - w * 0.06, hull_top - 8)], fill=colour
    )
    draw.polygon(
        [(mast - 4, y0 + h * 0.2), (mast - 4, hull_top - 8), (x0 + w * 0.12, hull_top - 8)],
        fill=colour,
    )


def _card(draw: ImageDraw.ImageDraw, box: Box, card: Any) -> None:
    x0, y0, x1, y1 = box
    colour, word, rank = _card_parts(card)
    draw.rounded_rectangle(box, radius=16, fill=(252, 252, 250), outline=colour, width=6)
    w = x1 - x0
    cx = (x0 + x1) / 2
    boat = rank.upper() == "X"
    heading = f"{word} BOAT" if boat else word
    draw_centered_text(
        draw, (cx, y0 + 40), heading, font(26 if not boat else 22, bold=True), colour
    )
    picture = (x0 + (w - int(w * 0.62)) // 2, y0 + 70)
    side = int(w * 0.62)
    if rank.isdigit() and int(rank) in PIPS:
        _draw_die(draw, (*picture, picture[0] + side, picture[1] + side), int(rank), colour)
    elif rank.upper() == "J":
        draw_centered_text(draw, (cx, (y0 + y1) / 2), "Joker", font(36, bold=True), colour)
    elif boat:
        _boat(draw, (*picture, picture[0] + side, picture[1] + side), colour)
    else:
        draw_centered_text(draw, (cx, (y0 + y1) / 2), "?", font(60, bold=True), colour)
    label = font(34, bold=True)
    draw_centered_text(draw, (cx, y1 - 34), fit_text(str(card), label, w - 20), label, colour)


def _seat_name(seat: Any, names: Sequence[str], me: int | None = None) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat == me:
            return "you"
        if 0 <= seat < len(names):
            return names[seat]
    return str(seat)


def _cards_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) or "nothing"
    return str(value)


def describe_trade_offer(offer: Any, names: Sequence[str], me: int | None = None) -> str:
    """A readable line for a trade offer whose exact shape the rules may still change:
    a ready-made text wins; otherwise seats become colour names ("you" for ``me``) and card
    lists become "gives …"/"wants …"; any other key is shown as ``key: value``."""
    if not isinstance(offer, dict):
        return str(offer)
    for key in ("text", "description", "summary", "note"):
        if isinstance(offer.get(key), str) and offer[key].strip():
            return offer[key].strip()
    if set(offer) == {"from", "to", "give", "ask"}:
        giver = _seat_name(offer["from"], names, me)
        taker = _seat_name(offer["to"], names, me)
        verb = "offer" if giver == "you" else "offers"
        deal = f"{_cards_text(offer['give'])} for {_cards_text(offer['ask'])}"
        return f"{giver.capitalize() if giver == 'you' else giver} {verb} {taker} {deal}"
    parts: list[str] = []
    for key, value in offer.items():
        if value is None or value == [] or value == "":
            continue
        if key in _SEAT_KEYS:
            parts.append(f"{key} {_seat_name(value, names, me)}")
        elif key in _GIVE_KEYS:
            parts.append(f"gives {_cards_text(value)}")
        elif key in _WANT_KEYS:
            parts.append(f"wants {_cards_text(value)}")
        else:
            parts.append(f"{key}: {_cards_text(value)}")
    return ", ".join(parts) or "(empty)"


def _starting_tile(view: dict[str, Any], start: list[Any]) -> str:
    """Which tile the secret starting cards point at, so nobody has to look it up."""
    red = next((c for c in start if _card_parts(c)[1] == "RED"), None)
    blue = next((c for c in start if _card_parts(c)[1] == "BLUE"), None)
    cards = " ".join(str(c) for c in start)
    if red is None or blue is None:
        return f"Secret starting cards: {cards}"
    r, b = _card_parts(red)[2], _card_parts(blue)[2]
    for tile in view.get("map") or []:
        if [str(v) for v in tile.get("coords") or []] == [r, b]:
            return f"Secret start {cards}: {tile['name']} at {tile['x']},{tile['y']}"
    return f"Secret start {cards}: tile {r},{b} is not on the map (yet)"


def _pawn_line(view: dict[str, Any], seat: int | None, colour_name: str) -> str:
    if seat is None:
        return ""
    pawns = view.get("pawns") or []
    jailed = view.get("jailed") or []
    if seat < len(jailed) and jailed[seat]:
        return f"Your pawn ({colour_name}) is in Jail"
    hood = pawns[seat] if seat < len(pawns) else None
    if hood is None:
        return f"Your pawn: {colour_name}, not on the map yet"
    for tile in view.get("map") or []:
        for h in tile.get("hoods") or []:
            if h.get("id") == hood:
                return f"Your pawn: {colour_name}, in {h['name']} at {tile['x']},{tile['y']}"
    return f"Your pawn: {colour_name}"


def _info_lines(view: dict[str, Any], seat: int | None, colour_name: str) -> list[tuple[str, bool]]:
    """(text, stands out) lines above the cards; a trade offer stands out because it waits
    for an answer."""
    names = view.get("seat_names") or []
    lines = [(_pawn_line(view, seat, colour_name), False)]
    start = list(view.get("starting_cards") or [])
    if start:
        lines.append((_starting_tile(view, start), False))
    boats = view.get("boats") or []
    if seat is not None and seat < len(boats) and boats[seat]:
        lines.append((f"Your boats in play: {_cards_text(boats[seat])}", False))
    offer = view.get("trade_offer")
    if offer:
        lines.append(("Trade offer: " + describe_trade_offer(offer, names, seat), True))
    return [(text, loud) for text, loud in lines if text]


def render_hand(view: dict[str, Any]) -> bytes:
    """One player's cards (and unrevealed starting cards), from that seat's own view: for a
    direct message, never for the match thread. Above the cards: the pawn's colour and
    place, where the secret starting cards point, and any open trade offer."""
    seat = view.get("seat")
    seat = seat if isinstance(seat, int) else None
    names = view.get("seat_names") or []
    hand = list(view.get("hand") or [])
    start = list(view.get("starting_cards") or [])
    who = names[seat] if seat is not None and seat < len(names) else "?"
    colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)] if seat is not None else (0, 0, 0)
    info_font = font(28, weight="semibold")
    info: list[tuple[str, bool]] = []
    for text, loud in _info_lines(view, seat, who):
        info += [(line, loud) for line in _wrap_lines(text, info_font, _HAND_WIDTH - 56)]
    sections = [("Hand", hand)] + ([("Starting cards (secret)", start)] if start else [])
    height = 90 + len(info) * 38 + 12
    for _, cards in sections:
        height += 44 + max(1, -(-len(cards) // _PER_ROW)) * (_CARD_H + _CARD_GAP) + 8
    canvas = new_canvas(_HAND_WIDTH, height + 10)
    width = canvas.width
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, 74), fill=PALETTE.bar_background)
    paste_centered(canvas, disc(44, colour, contrast(colour), 3), (42, 37))
    title = f"Your hand ({who}): {_plural(len(hand), 'card')}"
    title_font = font(34, bold=True)
    draw.text(
        (76, 37),
        fit_text(title, title_font, width - 96),
        font=title_font,
        fill=PALETTE.bar_text,
        anchor="lm",
    )
    y = 88
    for line, loud in info:
        if loud:
            draw.rectangle((12, y, width - 12, y + 38), fill=OFFER)
        draw.text((24, y + 19), line, font=info_font, fill=PALETTE.text, anchor="lm")
        y += 38
    y += 12
    for heading, cards in sections:
        draw.text(
            (24, y + 20), heading, font=font(28, weight="semibold"), fill=PALETTE.muted, anchor="lm"
        )
        y += 44
        if not cards:
            draw.text((24, y + 24), "no cards", font=font(28), fill=PALETTE.muted, anchor="lm")
            y += 56
            continue
        for i, card in enumerate(cards):
            r, c = divmod(i, _PER_ROW)
            x0 = 24 + c * (_CARD_W + _CARD_GAP)
            y0 = y + r * (_CARD_H + _CARD_GAP)
            _card(draw, (x0, y0, x0 + _CARD_W, y0 + _CARD_H), card)
        y += (-(-len(cards) // _PER_ROW)) * (_CARD_H + _CARD_GAP) + 8
    return to_png(canvas.crop((0, 0, width, y + 10)))


def _wrap_lines(text: str, fnt: Font, max_width: int, max_lines: int = 3) -> list[str]:
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if text_width(trial, fnt) <= max_width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [fit_text(line, fnt, max_width) for line in lines]


__all__ = [
    "CHOICE",
    "describe_trade_offer",
    "map_layout",
    "render",
    "render_hand",
]
