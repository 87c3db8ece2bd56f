"""The city map: tiles, roads and water, names and dice values, pieces, Hot Goods, markers,
the last move, candidate spots and neighbourhoods, and the ``x,y`` coordinates."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.fence.view import FenceView, PlacedTile
from render.common import (
    PALETTE,
    RGB,
    Font,
    blend,
    dashed_line,
    disc,
    font,
    paste_centered,
    seat_label,
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
from render.fence.marks import Box, draw_cops, draw_text
from render.fence.one_way import tile_arrows
from render.fence.pieces import Piece, crate_boxes, place_pieces, post_box, star_box
from render.fence.tile_text import Label, label_blocks, size_of, tile_labels, tile_values
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


ONE_WAY = (230, 40, 40)
"""The one-way arrows' red (the legend's key is drawn in it too)."""


def _draw_one_ways(
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
    arrows go where its labels leave room: :func:`_draw_one_ways`)."""
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


def _draw_tile(canvas: Image.Image, layout: CityLayout, tile: PlacedTile) -> None:
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


def _draw_labels(
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
    _draw_empty(draw, layout)
    for tile in shown:
        _draw_tile(canvas, layout, tile)
    _draw_markers(draw, layout, view)
    if status is None:  # Hot Goods of a match that is over are news no more
        _draw_goods(canvas, layout, view)
    _draw_post(canvas, layout, view)
    pieces, rooms = place_pieces(layout, view, off_limits)
    for tile in shown:
        _draw_one_ways(canvas, layout, tile, off_limits, rooms.get(tile["tile"], ()))
    _draw_highlight(canvas, layout, highlight, pieces)
    # Choice rings under the names (a name stays readable across a ring), pieces beside.
    _draw_choices(canvas, layout, choices_of(highlight))
    for tile in shown:
        _draw_labels(canvas, layout, tile, off_limits, rooms.get(tile["tile"], ()))
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


def render(
    view: FenceView,
    *,
    perspective: int | None = None,
    highlight: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
    status: str | None = None,
    focus: list[int] | None = None,
    labels: Labels | None = None,
) -> bytes:
    """The city map of a view (public or a seat's: only public facts are drawn); with
    ``focus``, the close-up of those neighbourhoods instead (``render.fence.detail``: the
    piece being moved first, then the choices).

    ``perspective`` is accepted for the common signature; a city has no "own side", so the
    map is always drawn north up.
    """
    highlight = [h for h in highlight or [] if isinstance(h, dict)]
    off_limits = say(labels, "fence.off_limits")
    plan = detail_plan(view, focus, highlight, off_limits) if focus else None
    if plan is not None:
        return to_png(close_up(view, plan, players, status, highlight, labels))
    bar, layout = map_layout(view, highlight, players, status, labels)
    legend = draw_legend(view, layout.width, highlight, labels, scale=text_scale(layout.width))
    canvas = Image.new("RGB", (layout.width, layout.bottom + legend.height), PALETTE.background)
    draw_city(canvas, view, layout, highlight, status, say(labels, "fence.off_limits"))
    canvas.paste(bar, (0, 0))
    canvas.paste(legend, (0, layout.bottom))
    return to_png(canvas)
