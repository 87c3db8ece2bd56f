"""The city map: tiles, roads and water, names and dice values, pieces, Hot Goods, markers,
the last move, candidate spots and neighbourhoods, and the ``x,y`` coordinates."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    PALETTE,
    RGB,
    Font,
    blend,
    dashed_line,
    disc,
    fit_text,
    font,
    paste_centered,
    text_width,
    to_png,
)
from render.fence.colours import (
    BLUE_CARD,
    CHOICE,
    EMPTY_SPOT,
    GOODS,
    LAND,
    OFF_LIMITS,
    PAWN_COLOURS,
    POST,
    RED_CARD,
    ROAD,
    SPOT_FILL,
    STRUCK,
    TUNNEL,
    WATER,
)
from render.fence.detail import MIN_DETAIL_WIDTH, detail_window
from render.fence.highlights import Highlights, choices_of, read_positions, spots_of
from render.fence.layout import (
    BAND_GAP,
    COORD_SIZE,
    DETAIL_CELL,
    MARGIN,
    SIDE_VECTOR,
    CityLayout,
    MapPlan,
    Window,
    coordinate,
    plan_map,
    window_layout,
)
from render.fence.legend import draw_legend, map_title
from render.fence.marks import Box, draw_cops, draw_text
from render.labels import Labels, say
from render.layers import STATIC_LAYERS


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


_Hood = tuple[bool, tuple[tuple[str, str], ...], tuple[int, int]]
"""What a tile's drawing needs of a neighbourhood: usable?, its links (side, kind) and its
node relative to the tile's top-left corner."""


def _hoods(layout: CityLayout, tile: dict[str, Any]) -> tuple[_Hood, ...]:
    x0, y0, _, _ = layout.box(tile["x"], tile["y"])
    out = []
    for hood in tile["hoods"]:
        nx, ny = layout.hood_xy[hood["id"]]
        links = tuple((str(side), str(kind)) for side, kind in hood["links"])
        out.append((bool(hood["usable"]), links, (nx - x0, ny - y0)))
    return tuple(out)


def _draw_tile_at(
    draw: ImageDraw.ImageDraw, box: Box, water: Sequence[bool], hoods: Sequence[_Hood]
) -> None:
    """Land, water, roads and one-way arrows of a tile whose top-left corner is ``box``'s."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    usable_any = any(usable for usable, _, _ in hoods)
    draw.rectangle(
        (x0, y0, x1 - 1, y1 - 1), fill=LAND if usable_any else blend(LAND, OFF_LIMITS, 0.7)
    )
    _draw_water(draw, box, list(water))
    mid = {
        "N": ((x0 + x1) / 2, y0),
        "E": (x1, (y0 + y1) / 2),
        "S": ((x0 + x1) / 2, y1),
        "W": (x0, (y0 + y1) / 2),
    }
    road_w = max(6, size // 11)
    # Straight-through hoods last, drawn with a light casing: they read as bridges over the
    # other hood's road, which is what "not connected" means on the tile.
    order = sorted(range(len(hoods)), key=lambda i: len(hoods[i][1]) != 2)
    for index in order:
        usable, links, (nx, ny) = hoods[index]
        node = (x0 + nx, y0 + ny)
        colour = ROAD if usable else OFF_LIMITS
        if len(hoods) > 1:
            for side, _ in links:
                draw.line((mid[side], node), fill=(250, 250, 250), width=road_w + 4)
        for side, _ in links:
            draw.line((mid[side], node), fill=colour, width=road_w)
        draw.ellipse(
            (node[0] - road_w, node[1] - road_w, node[0] + road_w, node[1] + road_w), fill=colour
        )
    for _, links, _ in hoods:
        for side, kind in links:
            if kind == "both":
                continue
            vx, vy = SIDE_VECTOR[side]
            sx, sy = mid[side]
            inward = (-vx, -vy)
            point = (sx - vx * size * 0.2, sy - vy * size * 0.2)
            direction = inward if kind == "in" else (vx, vy)
            _arrow(draw, point, direction, size * 0.12, (230, 40, 40))
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=(120, 110, 90), width=2)


_SPRITE_MARGIN = 6
"""Pixels around a tile in its sprites: water and roads may reach a pixel past the tile's
edge, and the sprite must carry them as drawing the tile in place did."""


def _origin(layout: CityLayout, tile: dict[str, Any]) -> tuple[int, int]:
    """Where a tile's sprite goes, its margin being the tile's own column's and row's parity
    more than ``_SPRITE_MARGIN``: Python rounds halves to even, so a centre at x.5 lands on
    the same pixel in the sprite as on the map only when both have the same parity."""
    x0, y0, _, _ = layout.box(tile["x"], tile["y"])
    return x0 - _SPRITE_MARGIN - x0 % 2, y0 - _SPRITE_MARGIN - y0 % 2


def _sprite_box(cell: int, parity: tuple[int, int]) -> tuple[Box, tuple[int, int]]:
    """The tile's box inside its sprite, and the sprite's size."""
    mx, my = _SPRITE_MARGIN + parity[0], _SPRITE_MARGIN + parity[1]
    return (mx, my, mx + cell, my + cell), (cell + 2 * mx, cell + 2 * my)


_Piece = tuple[Image.Image, tuple[int, int]]
"""Part of a sprite and where it goes, relative to the sprite's origin."""


def _tight_parts(sprite: Image.Image) -> tuple[_Piece, ...]:
    """The drawn parts of a transparent sprite, one per band of rows with something in it,
    each cut to what it covers: pasting through an alpha channel costs by the pixel, and a
    tile's labels (dice in a corner, a name or two) leave most of the tile transparent."""
    alpha = sprite.getchannel("A")
    width, data, empty = sprite.width, alpha.tobytes(), bytes(sprite.width)
    rows = [y for y in range(sprite.height) if data[y * width : (y + 1) * width] != empty]
    bands: list[tuple[int, int]] = []
    for y in rows:
        if bands and bands[-1][1] == y:
            bands[-1] = (bands[-1][0], y + 1)
        else:
            bands.append((y, y + 1))
    parts = []
    for top, bottom in bands:
        band = alpha.crop((0, top, sprite.width, bottom)).getbbox()
        if band:
            left, _, right, _ = band
            parts.append((sprite.crop((left, top, right, bottom)), (left, top)))
    return tuple(parts)


def _tile_sprite(
    cell: int, parity: tuple[int, int], water: tuple[bool, ...], hoods: tuple[_Hood, ...]
) -> tuple[Image.Image, tuple[_Piece, ...]]:
    """A tile as an opaque square and the bits its water and roads spill past its edge.

    Drawn on a transparent sprite first: everything on a tile is drawn without
    anti-aliasing, so the sprite's alpha is exactly "drawn here", and pasting the square and
    then the spilt bits through their alpha is the same as drawing the tile in place (an
    opaque paste costs next to nothing, one through an alpha channel 2.5 ns a pixel)."""
    box, size = _sprite_box(cell, parity)
    sprite = Image.new("RGBA", size, (0, 0, 0, 0))
    _draw_tile_at(ImageDraw.Draw(sprite), box, water, hoods)
    x0, y0, x1, y1 = box
    square = sprite.crop(box).convert("RGB")
    around = [
        (0, 0, size[0], y0),
        (0, y1, size[0], size[1]),
        (0, y0, x0, y1),
        (x1, y0, size[0], y1),
    ]
    spilt = []
    for strip in around:
        bbox = sprite.crop(strip).getchannel("A").getbbox()
        if bbox:
            left, top = strip[0] + bbox[0], strip[1] + bbox[1]
            right, bottom = strip[0] + bbox[2], strip[1] + bbox[3]
            spilt.append((sprite.crop((left, top, right, bottom)), (left, top)))
    return square, tuple(spilt)


def _draw_tile(canvas: Image.Image, layout: CityLayout, tile: dict[str, Any]) -> None:
    """A tile from the per-process cache: the same forty tiles come back on every image of a
    match, and drawing their roads and water was a third of the map's drawing time."""
    x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
    water = tuple(bool(w) for w in tile["water"])
    parity = (x0 % 2, y0 % 2)
    hoods = _hoods(layout, tile)
    key = ("fence", "tile", x1 - x0, parity, water, hoods)
    square, spilt = STATIC_LAYERS.get(key, _tile_sprite, x1 - x0, parity, water, hoods)
    canvas.paste(square, (x0, y0))
    ox, oy = _origin(layout, tile)
    for part, (dx, dy) in spilt:
        canvas.paste(part, (ox + dx, oy + dy), part)


def _draw_empty(draw: ImageDraw.ImageDraw, layout: CityLayout) -> None:
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


def _draw_value(canvas: Image.Image, box: Box, value: int, colour: RGB) -> None:
    """A die showing its value as a digit: on a phone, pips on a tile-corner die blur into a
    smudge, while a bold digit of the same size still reads."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=max(3, side // 5), fill=colour)
    center = ((x0 + x1) / 2, (y0 + y1) / 2)
    draw_text(canvas, center, str(value), max(12, round(side * 0.82)), (255, 255, 255))


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
        draw_text(canvas, (cx, ly), line, _size_of(fnt), fill, weight="semibold", stroke=stroke)
        if struck:
            half = text_width(line, fnt) / 2 + 2
            width = max(2, _size_of(fnt) // 8)
            draw.line((cx - half, ly + 1, cx + half, ly + 1), fill=STRUCK, width=width)


_Label = tuple[str, bool, tuple[int, int]]
"""What a tile's labels need of a neighbourhood: its name, usable?, its node relative to
the tile's top-left corner."""


@dataclass(frozen=True)
class LabelBlock:
    """One label of a tile and the box it covers (relative to the tile's top-left corner,
    halo included): ``kind`` "die" (a value), "name" or "word" (the "off limits" note)."""

    kind: str
    lines: tuple[str, ...]
    size: int
    center: tuple[float, float]
    box: tuple[float, float, float, float]


def _block(
    kind: str, lines: tuple[str, ...], fnt: Font, cx: float, cy: float, stroke: int
) -> LabelBlock:
    size = _size_of(fnt)
    half_w = max(text_width(line, fnt) for line in lines) / 2 + stroke
    half_h = size * 1.02 * len(lines) / 2 + stroke
    box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
    return LabelBlock(kind, lines, size, (cx, cy), box)


def _fit_two(
    names: Sequence[str], base: int, max_width: int, room: float, stroke: int
) -> list[tuple[Font, tuple[str, ...]]]:
    """The two names of a tile in fonts small enough that both blocks fit ``room`` px of
    height one above the other: each is wrapped as usual, then both shrink together, then
    the longer one goes onto one line (cut with an ellipsis if it must)."""
    for size in range(base, 10, -1):
        wrapped = [_wrap_name(name, size, max_width) for name in names]
        height = sum(_size_of(f) * 1.02 * len(lines) + 2 * stroke for f, lines in wrapped)
        if height + _NAME_GAP <= room:
            return wrapped
    small = font(11, weight="semibold")
    return [(small, (fit_text(name, small, max_width),)) for name in names]


_NAME_GAP = 2
"""Pixels kept between two names of one tile."""


def label_blocks(
    size: int,
    coords: tuple[int, ...] | None,
    hoods: Sequence[_Label],
    off_limits: str = "off limits",
) -> list[LabelBlock]:
    """Where a tile's labels go, so that none overlaps another: the dice values in the
    top-left corner, then each neighbourhood's name (under or over its node on a
    one-neighbourhood tile, one in each half of a two-neighbourhood tile), all inside the
    tile. Drawing and the tests both read this."""
    px = CityLayout.scale(size)
    blocks: list[LabelBlock] = []
    top = px(0.03, 3)
    if coords and len(coords) == 2:
        die = px(0.22, 16)
        pad = px(0.03, 3)
        for i, value in enumerate(coords):
            left = pad + i * (die + pad)
            box = (left, pad, left + die, pad + die)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            blocks.append(LabelBlock("die", (str(value),), die, centre, box))
        top = pad + die + pad
    bottom = size - px(0.03, 3)
    stroke = max(2, size // 40)
    several = len(hoods) > 1
    base = px(0.17 if several else 0.19, 14)
    if several:
        fitted = _fit_two([name for name, _, _ in hoods[:2]], base, size - 6, bottom - top, stroke)
        heights = [_size_of(f) * 1.02 * len(lines) + 2 * stroke for f, lines in fitted]
        wanted = [size * 0.42, size * 0.78]
        ys = [max(top + heights[0] / 2, wanted[0]), min(bottom - heights[1] / 2, wanted[1])]
        overlap = (ys[0] + heights[0] / 2 + _NAME_GAP) - (ys[1] - heights[1] / 2)
        if overlap > 0:  # push apart, then back inside the tile
            ys = [ys[0] - overlap / 2, ys[1] + overlap / 2]
            if ys[0] - heights[0] / 2 < top:
                shift = top - (ys[0] - heights[0] / 2)
                ys = [ys[0] + shift, ys[1] + shift]
            if ys[1] + heights[1] / 2 > bottom:
                shift = ys[1] + heights[1] / 2 - bottom
                ys = [ys[0] - shift, ys[1] - shift]
        for (fnt, lines), y in zip(fitted, ys, strict=False):
            blocks.append(_block("name", lines, fnt, size / 2, y, stroke))
        return blocks
    for name, usable, (nx, ny) in hoods:
        fnt, lines = _wrap_name(name, base, size - 6)
        block = _size_of(fnt) * 1.02 * len(lines) + 2 * stroke
        below = ny < size * 0.7
        ty = ny + size * 0.12 + block / 2 if below else ny - size * 0.12 - block / 2
        ty = max(top + block / 2, min(ty, bottom - block / 2))
        name_block = _block("name", lines, fnt, nx, ty, stroke)
        blocks.append(name_block)
        if not usable:
            small = font(px(0.13, 12), weight="bold")
            word = _block("word", (off_limits,), small, nx, 0, stroke)
            h = word.box[3] - word.box[1]
            wy = name_block.box[3] + h / 2
            if wy + h / 2 > bottom:
                wy = name_block.box[1] - h / 2
            blocks.append(_block("word", (off_limits,), small, nx, wy, stroke))
    return blocks


def _draw_labels_at(
    canvas: Image.Image,
    box: Box,
    coords: tuple[int, ...] | None,
    hoods: Sequence[_Label],
    off_limits: str = "off limits",
) -> None:
    """A tile's labels where ``label_blocks`` puts them."""
    x0, y0, _, _ = box
    size = box[2] - box[0]
    stroke = max(2, size // 40)
    usable = [u for _, u, _ in hoods]
    names = iter(range(len(hoods)))
    dice = iter((RED_CARD, BLUE_CARD))  # the red value first, as on the cards
    for block in label_blocks(size, coords, hoods, off_limits):
        cx, cy = block.center[0] + x0, block.center[1] + y0
        if block.kind == "die":
            bx0, by0, bx1, by1 = (int(v) for v in block.box)
            value = int(block.lines[0])
            _draw_value(canvas, (x0 + bx0, y0 + by0, x0 + bx1, y0 + by1), value, next(dice))
        elif block.kind == "name":
            index = next(names)
            fill = (20, 20, 24) if usable[index] else (96, 96, 96)
            fnt = font(block.size, weight="semibold")
            struck = not usable[index]
            _text_block(canvas, (cx, cy), block.lines, fnt, fill, stroke, struck=struck)
        else:
            draw_text(canvas, (cx, cy), block.lines[0], block.size, STRUCK, stroke=stroke)


def _label_sprite(
    cell: int,
    parity: tuple[int, int],
    coords: tuple[int, ...] | None,
    hoods: tuple[_Label, ...],
    off_limits: str,
) -> tuple[_Piece, ...]:
    """A tile's labels drawn on a transparent sprite (text composited with its anti-aliased
    alpha), so that laid over the map they give what drawing them in place gave."""
    box, sprite_size = _sprite_box(cell, parity)
    canvas = Image.new("RGBA", sprite_size, (255, 255, 255, 0))
    _draw_labels_at(canvas, box, coords, hoods, off_limits)
    return _tight_parts(canvas)


def _draw_labels(
    canvas: Image.Image, layout: CityLayout, tile: dict[str, Any], off_limits: str
) -> None:
    """A tile's labels from the per-process cache (names, values and their halos were the
    other third of the map's drawing time)."""
    x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
    coords = tile.get("coords")
    values = tuple(int(c) for c in coords) if coords else None
    hoods = tuple(
        (str(hood["name"]), bool(hood["usable"]), node)
        for hood, (_, _, node) in zip(tile["hoods"], _hoods(layout, tile), strict=True)
    )
    parity = (x0 % 2, y0 % 2)
    key = ("fence", "labels", x1 - x0, parity, values, hoods, off_limits)
    parts = STATIC_LAYERS.get(key, _label_sprite, x1 - x0, parity, values, hoods, off_limits)
    ox, oy = _origin(layout, tile)
    for part, (dx, dy) in parts:
        canvas.paste(part, (ox + dx, oy + dy), part)


def _piece_spots(layout: CityLayout, view: dict[str, Any]) -> dict[int, list[tuple[str, int]]]:
    """Pieces per neighbourhood: ("pawn", seat) or ("cops", -1), in a fixed order."""
    spots: dict[int, list[tuple[str, int]]] = {}
    for seat, hood in enumerate(view["pawns"]):
        if hood is not None and hood in layout.hood_xy:
            spots.setdefault(hood, []).append(("pawn", seat))
    if view.get("cops") is not None and view["cops"] in layout.hood_xy:
        spots.setdefault(view["cops"], []).append(("cops", -1))
    return spots


def _draw_pieces(canvas: Image.Image, layout: CityLayout, view: dict[str, Any]) -> None:
    size = layout.px(0.3, 24)
    for hood, pieces in _piece_spots(layout, view).items():
        nx, ny = layout.hood_xy[hood]
        step = int(size * 0.8)
        start = nx - step * (len(pieces) - 1) // 2
        for i, (kind, seat) in enumerate(pieces):
            center = (start + i * step, ny)
            if kind == "cops":
                draw_cops(canvas, center, size)
            else:
                colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)]
                paste_centered(canvas, disc(size, colour, (20, 20, 24), max(2, size // 12)), center)


def _draw_goods(canvas: Image.Image, layout: CityLayout, view: dict[str, Any]) -> None:
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
        draw_text(canvas, (bx + s / 2, by + s / 2), "$", int(s * 0.8), (90, 60, 0))


_TUNNEL_STEPS = 14
"""The tunnel's dashed line: seven dashes and six gaps of equal length."""


def _draw_markers(draw: ImageDraw.ImageDraw, layout: CityLayout, view: dict[str, Any]) -> None:
    tiles = {t["tile"]: t for t in view["map"]}
    ritzy = tiles.get(view.get("ritzy")) if view.get("ritzy") is not None else None
    if ritzy is not None:
        _x0, y0, x1, _ = layout.box(ritzy["x"], ritzy["y"])
        radius = layout.px(0.14, 12)
        _star(draw, (x1 - radius - 4, y0 + radius + 4), radius)
    ends = [layout.hood_xy[h] for h in view.get("tunnel") or [] if h in layout.hood_xy]
    width = layout.px(0.06, 5)
    if len(ends) == 2:
        dashes = [(i / _TUNNEL_STEPS, (i + 1) / _TUNNEL_STEPS) for i in range(0, _TUNNEL_STEPS, 2)]
        dashed_line(draw, ends[0], ends[1], dashes, TUNNEL, width)
    half = layout.px(0.09, 8)
    for x, y in ends:
        draw.rectangle((x - half, y - half, x + half, y + half), outline=TUNNEL, width=width)


def _draw_post(canvas: Image.Image, layout: CityLayout, view: dict[str, Any]) -> None:
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


def _draw_highlight(canvas: Image.Image, layout: CityLayout, highlight: Highlights) -> None:
    """The last turn: placed tiles framed, moved pieces ringed with a line from where they
    came from, so the change reads at thumbnail size."""
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
    for col, x in enumerate(range(layout.min_x, layout.max_x + 1)):
        cx, _ = grid.center(col, 0)
        for cy in (grid.top - half, grid.bottom + half):
            draw_text(canvas, (cx, cy), coordinate(x), COORD_SIZE, PALETTE.text)
    for row, y in enumerate(range(layout.max_y, layout.min_y - 1, -1)):
        _, cy = grid.center(0, row)
        for cx in (grid.left - side, grid.right + side):
            draw_text(canvas, (cx, cy), coordinate(y), COORD_SIZE, PALETTE.text)


def _clear_margins(canvas: Image.Image, layout: CityLayout) -> None:
    """Background again around a band's grid: a move line or a ring from a neighbourhood in
    another band is drawn up to the grid's edge, never over the coordinates."""
    grid = layout.grid
    pad = layout.px(0.06, 4)
    draw = ImageDraw.Draw(canvas)
    background = PALETTE.background
    draw.rectangle((0, 0, canvas.width, grid.top - pad - 1), fill=background)
    draw.rectangle((0, grid.bottom + pad, canvas.width, canvas.height), fill=background)
    draw.rectangle((0, 0, grid.left - pad - 1, canvas.height), fill=background)
    draw.rectangle((grid.right + pad, 0, canvas.width, canvas.height), fill=background)


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


def draw_band(
    view: dict[str, Any],
    layout: CityLayout,
    highlight: Highlights,
    status: str | None,
    off_limits: str,
) -> Image.Image:
    """One band (or the close-up window) of the city with its coordinates, on its own
    canvas: only the tiles it shows, with everything on them."""
    canvas = Image.new("RGB", (layout.width, layout.bottom), PALETTE.background)
    draw = ImageDraw.Draw(canvas)
    shown = [t for t in view["map"] if layout.shows(t["x"], t["y"])]
    _draw_empty(draw, layout)
    for tile in shown:
        _draw_tile(canvas, layout, tile)
    _draw_markers(draw, layout, view)
    if status is None:  # Hot Goods of a match that is over are news no more
        _draw_goods(canvas, layout, view)
    _draw_post(canvas, layout, view)
    _draw_highlight(canvas, layout, highlight)
    # Choice rings under the names (a name stays readable across a ring), pieces on top.
    _draw_choices(canvas, layout, choices_of(highlight))
    for tile in shown:
        _draw_labels(canvas, layout, tile, off_limits)
    spots = [p for p in spots_of(highlight) if layout.shows(*p)]
    _draw_spots(canvas, layout, spots, {(t["x"], t["y"]) for t in view["map"]})
    _draw_pieces(canvas, layout, view)
    _clear_margins(canvas, layout)
    _draw_coordinates(canvas, layout)
    return canvas


def close_up(
    view: dict[str, Any],
    window: Window,
    players: list[str] | None,
    status: str | None,
    highlight: Highlights,
    labels: Labels | None = None,
) -> Image.Image:
    """The close-up: one window of the city at ``DETAIL_CELL`` under a title bar of its
    width, with the legend, so it reads alone."""
    layout = window_layout(view, window, DETAIL_CELL, least_width=MIN_DETAIL_WIDTH)
    band = draw_band(view, layout, highlight, status, say(labels, "fence.off_limits"))
    bar = map_title(view, layout.width, players, status, labels)
    legend = draw_legend(view, layout.width, highlight, labels)
    out = Image.new("RGB", (layout.width, bar.height + band.height + legend.height))
    out.paste(bar, (0, 0))
    out.paste(band, (0, bar.height))
    out.paste(legend, (0, bar.height + band.height))
    return out


def map_layout(
    view: dict[str, Any],
    highlight: Highlights = (),
    players: list[str] | None = None,
    status: str | None = None,
    labels: Labels | None = None,
) -> tuple[Image.Image, MapPlan]:
    """The title bar and where every band sits below it, exactly as ``render`` draws them
    (tests use it to find tiles and spots by pixel)."""
    highlight = [h for h in highlight if isinstance(h, dict)]
    width = plan_map(view, highlight).width
    bar = map_title(view, width, players, status, labels)
    return bar, plan_map(view, highlight, bar.height)


def render(
    view: dict[str, Any],
    *,
    perspective: int | None = None,
    highlight: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
    status: str | None = None,
    focus: list[int] | None = None,
    labels: Labels | None = None,
) -> bytes:
    """The city map of a view (public or a seat's: only public facts are drawn); with
    ``focus``, the close-up around those neighbourhoods instead.

    ``perspective`` is accepted for the common signature; a city has no "own side", so the
    map is always drawn north up.
    """
    highlight = [h for h in highlight or [] if isinstance(h, dict)]
    off_limits = say(labels, "fence.off_limits")
    window = detail_window(view, focus, highlight) if focus else None
    if window is not None:
        return to_png(close_up(view, window, players, status, highlight, labels))
    bar, plan = map_layout(view, highlight, players, status, labels)
    legend = draw_legend(view, plan.width, highlight, labels)
    canvas = Image.new("RGB", (plan.width, plan.bottom + legend.height), PALETTE.background)
    canvas.paste(bar, (0, 0))
    draw = ImageDraw.Draw(canvas)
    for index, (band, top) in enumerate(zip(plan.bands, plan.tops, strict=True)):
        if index:  # a rule between two bands: they are two parts of one city
            y = top - BAND_GAP // 2
            draw.line((16, y, plan.width - 16, y), fill=PALETTE.muted, width=2)
        canvas.paste(draw_band(view, band, highlight, status, off_limits), (0, top))
    canvas.paste(legend, (0, plan.bottom))
    return to_png(canvas)
