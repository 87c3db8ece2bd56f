"""A city's tiles as drawn on the map: land, water and roads, the arrows of a tunnel's way
in and out, empty spots, the dice values and the neighbourhood names; each tile is drawn
once into a sprite and pasted (``city`` draws the rest of the map over them)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.fence.view import PlacedTile
from render.common import (
    RGB,
    Font,
    blend,
    font,
    text_width,
)
from render.fence.colours import (
    BLUE_CARD,
    EMPTY_SPOT,
    LAND,
    OFF_LIMITS,
    RED_CARD,
    ROAD,
    STRUCK,
    WATER,
)
from render.fence.layout import (
    CityLayout,
)
from render.fence.marks import Box, draw_text
from render.fence.one_way import tile_arrows
from render.fence.tile_text import Label, label_blocks, size_of, tile_labels, tile_values
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


ONE_WAY = (230, 40, 40)
"""The one-way arrows' red (the legend's key is drawn in it too)."""


_Hood = tuple[bool, tuple[tuple[str, str], ...], tuple[int, int]]
"""What a tile's drawing needs of a neighbourhood: usable?, its links (side, kind) and its
node relative to the tile's top-left corner."""


def _hoods(layout: CityLayout, tile: PlacedTile) -> tuple[_Hood, ...]:
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
    """Land, water and roads of a tile whose top-left corner is ``box``'s (its one-way
    arrows go where its labels leave room: :func:`draw_one_ways`)."""
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
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=(120, 110, 90), width=2)


def draw_one_ways(
    canvas: Image.Image,
    layout: CityLayout,
    tile: PlacedTile,
    off_limits: str,
    room: tuple[int, ...] = (),
) -> None:
    """A tile's one-way arrows on their roads, clear of its dice, names and notes as the
    labels will be drawn (``render.fence.one_way``)."""
    hoods = _hoods(layout, tile)
    if all(kind == "both" for _, links, _ in hoods for _, kind in links):
        return
    x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
    links = tuple(links for _, links, _ in hoods)
    arrows = tile_arrows(
        x1 - x0, tile_values(tile), tile_labels(layout, tile), links, off_limits, room
    )
    draw = ImageDraw.Draw(canvas)
    for arrow in arrows:
        draw.polygon(
            [(x0 + x, y0 + y) for x, y in arrow.points()], fill=ONE_WAY, outline=(255, 255, 255)
        )


_SPRITE_MARGIN = 6
"""Pixels around a tile in its sprites: water and roads may reach a pixel past the tile's
edge, and the sprite must carry them as drawing the tile in place did."""


def _origin(layout: CityLayout, tile: PlacedTile) -> tuple[int, int]:
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


def draw_tile(canvas: Image.Image, layout: CityLayout, tile: PlacedTile) -> None:
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


def draw_empty(draw: ImageDraw.ImageDraw, layout: CityLayout) -> None:
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
    line_height = size_of(fnt) * 1.02
    cx, cy = center
    first = cy - line_height * (len(lines) - 1) / 2
    draw = ImageDraw.Draw(canvas)
    for i, line in enumerate(lines):
        ly = first + i * line_height
        draw_text(canvas, (cx, ly), line, size_of(fnt), fill, weight="semibold", stroke=stroke)
        if struck:
            half = text_width(line, fnt) / 2 + 2
            width = max(2, size_of(fnt) // 8)
            draw.line((cx - half, ly + 1, cx + half, ly + 1), fill=STRUCK, width=width)


def _draw_labels_at(
    canvas: Image.Image,
    box: Box,
    coords: tuple[int, ...] | None,
    hoods: Sequence[Label],
    off_limits: str = "off limits",
    room: tuple[int, ...] = (),
) -> None:
    """A tile's labels where ``label_blocks`` puts them (``room``: beside the names, for
    a crowd of pieces)."""
    x0, y0, _, _ = box
    size = box[2] - box[0]
    stroke = max(2, size // 40)
    usable = [u for _, u, _ in hoods]
    names = iter(range(len(hoods)))
    dice = iter((RED_CARD, BLUE_CARD))  # the red value first, as on the cards
    for block in label_blocks(size, coords, hoods, off_limits, room):
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
    hoods: tuple[Label, ...],
    off_limits: str,
    room: tuple[int, ...],
) -> tuple[_Piece, ...]:
    """A tile's labels drawn on a transparent sprite (text composited with its anti-aliased
    alpha), so that laid over the map they give what drawing them in place gave."""
    box, sprite_size = _sprite_box(cell, parity)
    canvas = Image.new("RGBA", sprite_size, (255, 255, 255, 0))
    _draw_labels_at(canvas, box, coords, hoods, off_limits, room)
    return _tight_parts(canvas)


def draw_labels(
    canvas: Image.Image,
    layout: CityLayout,
    tile: PlacedTile,
    off_limits: str,
    room: tuple[int, ...] = (),
) -> None:
    """A tile's labels from the per-process cache (names, values and their halos were the
    other third of the map's drawing time)."""
    x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
    cell, values, hoods = x1 - x0, tile_values(tile), tile_labels(layout, tile)
    parity = (x0 % 2, y0 % 2)
    key = ("fence", "labels", cell, parity, values, hoods, off_limits, room)
    parts = STATIC_LAYERS.get(key, _label_sprite, cell, parity, values, hoods, off_limits, room)
    ox, oy = _origin(layout, tile)
    for part, (dx, dy) in parts:
        canvas.paste(part, (ox + dx, oy + dy), part)
