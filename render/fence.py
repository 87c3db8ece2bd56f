"""FENCE! images: the city map (``render``) and one player's private hand (``render_hand``).

Both are pure functions of a *view*: the map of a public view can only show public facts,
and the hand image is only ever made from that player's own view, for a direct message.

The map is drawn north up with Old Town's column and row labelled 0, so the edge labels are
exactly the ``x,y`` players type in ``place … at x,y``. Tiles are big enough for names and
dice to stay readable when Discord shrinks the picture to a phone's width; the image grows
with the map instead of shrinking the tiles.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    COORD_MARGIN,
    PALETTE,
    RGB,
    Grid,
    blend,
    contrast,
    disc,
    draw_centered_text,
    draw_coordinates,
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
SIDE_VECTOR = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


def _palette(view: dict[str, Any]) -> Any:
    names = tuple(view.get("seat_names") or ())
    return replace(PALETTE, seat_colours=PAWN_COLOURS, seat_names=names or PALETTE.seat_names)


def _tile_size(cols: int, rows: int) -> int:
    """Big tiles for small maps; never below the size where names stay readable."""
    return max(150, min(210, 1500 // max(cols, rows, 1)))


class _Layout:
    """Where each tile and neighbourhood sits on the canvas."""

    def __init__(self, view: dict[str, Any], top: int) -> None:
        tiles = view["map"]
        xs = [t["x"] for t in tiles] or [0]
        ys = [t["y"] for t in tiles] or [0]
        self.min_x, self.max_x = min(xs), max(xs)
        self.min_y, self.max_y = min(ys), max(ys)
        cols = self.max_x - self.min_x + 1
        rows = self.max_y - self.min_y + 1
        self.cell = _tile_size(cols, rows)
        width = cols * self.cell + 2 * COORD_MARGIN
        left = COORD_MARGIN + max(0, (800 - width) // 2)
        self.grid = Grid(cols=cols, rows=rows, cell=self.cell, left=left, top=top + COORD_MARGIN)
        self.tile_at: dict[int, dict[str, Any]] = {}
        self.hood_xy: dict[int, tuple[int, int]] = {}
        self.hood_tile: dict[int, dict[str, Any]] = {}
        for tile in tiles:
            for index, hood in enumerate(tile["hoods"]):
                self.hood_xy[hood["id"]] = self._hood_point(tile, index)
                self.hood_tile[hood["id"]] = tile

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        return self.grid.box(x - self.min_x, self.max_y - y)

    def _hood_point(self, tile: dict[str, Any], index: int) -> tuple[int, int]:
        """A neighbourhood's node: pulled towards its roads, so two hoods on one tile stand
        apart; a straight-through road keeps its node on the axis, shifted sideways."""
        x0, y0, x1, y1 = self.box(tile["x"], tile["y"])
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hood = tile["hoods"][index]
        if len(tile["hoods"]) == 1:
            return round(cx), round(cy)
        vx = sum(SIDE_VECTOR[s][0] for s, _ in hood["links"]) / max(1, len(hood["links"]))
        vy = sum(SIDE_VECTOR[s][1] for s, _ in hood["links"]) / max(1, len(hood["links"]))
        if abs(vx) < 0.01 and abs(vy) < 0.01:
            side = hood["links"][0][0]
            px, py = -SIDE_VECTOR[side][1], SIDE_VECTOR[side][0]
            shift = 0.16 if index == 0 else -0.16
            return round(cx + px * shift * self.cell), round(cy + py * shift * self.cell)
        return round(cx + vx * 0.22 * self.cell), round(cy + vy * 0.22 * self.cell)


# -- the map -------------------------------------------------------------------------------------


def _draw_water(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], water: list[bool]):
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
    road_w = max(8, size // 11)
    # Straight-through hoods last, drawn with a light casing: they read as bridges over the
    # other hood's road, which is what "not connected" means on the tile.
    order = sorted(range(len(tile["hoods"])), key=lambda i: len(tile["hoods"][i]["links"]) != 2)
    for index in order:
        hood = tile["hoods"][index]
        node = layout.hood_xy[hood["id"]]
        colour = ROAD if hood["usable"] else OFF_LIMITS
        if len(tile["hoods"]) > 1:
            for side, _ in hood["links"]:
                draw.line((mid[side], node), fill=(250, 250, 250), width=road_w + 6)
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
            _arrow(draw, point, direction, size * 0.11, (230, 40, 40))
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=(120, 110, 90), width=2)


def _draw_die(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], value: int, colour: RGB):
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        box, radius=(x1 - x0) // 5, fill=colour, outline=(255, 255, 255), width=2
    )
    r = max(2, (x1 - x0) // 10)
    for fx, fy in PIPS[value]:
        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255))


def _draw_labels(draw: ImageDraw.ImageDraw, layout: _Layout, tile: dict[str, Any]) -> None:
    x0, y0, x1, _ = layout.box(tile["x"], tile["y"])
    size = x1 - x0
    if tile["coords"]:
        die = int(size * 0.2)
        pad = 5
        _draw_die(
            draw, (x0 + pad, y0 + pad, x0 + pad + die, y0 + pad + die), tile["coords"][0], RED_CARD
        )
        _draw_die(
            draw,
            (x0 + 2 * pad + die, y0 + pad, x0 + 2 * pad + 2 * die, y0 + pad + die),
            tile["coords"][1],
            BLUE_CARD,
        )
    fnt = font(max(17, size // 9), weight="semibold")
    several = len(tile["hoods"]) > 1
    for index, hood in enumerate(tile["hoods"]):
        nx, ny = layout.hood_xy[hood["id"]]
        name = fit_text(hood["name"], fnt, size - 8)
        if several:
            # One label high and one low on the tile, centred, so two names never collide.
            nx = (x0 + x1) // 2
            ty = y0 + size * (0.36 if index == 0 else 0.84)
        else:
            ty = ny + size * 0.17 if ny < (y0 + size * 0.75) else ny - size * 0.17
        fill = (20, 20, 24) if hood["usable"] else (90, 90, 90)
        draw_centered_text(
            draw, (nx, ty), name, fnt, fill, stroke_width=3, stroke_fill=(255, 255, 255)
        )
        if not hood["usable"]:
            small = font(max(14, size // 12), bold=True)
            draw_centered_text(
                draw,
                (nx, ty + size * 0.12),
                "off limits",
                small,
                (120, 0, 0),
                stroke_width=2,
                stroke_fill=(255, 255, 255),
            )


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
    paste_centered(canvas, disc(size, COPS, (255, 255, 255), 3), center)
    draw = ImageDraw.Draw(canvas)
    draw_centered_text(draw, center, "C", font(int(size * 0.6), bold=True), (255, 220, 60))


def _draw_pieces(canvas: Image.Image, layout: _Layout, view: dict[str, Any]) -> None:
    size = int(layout.cell * 0.26)
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
                paste_centered(canvas, disc(size, colour, (20, 20, 24), 3), center)


def _draw_goods(draw: ImageDraw.ImageDraw, layout: _Layout, view: dict[str, Any]) -> None:
    """Last round's Hot Goods: a gold crate in the tile's corner, ringed in the winner's
    colour (grey when nobody got them)."""
    tiles = {t["tile"]: t for t in view["map"]}
    seen: dict[int, int] = {}
    for goods in view.get("hot_goods") or []:
        tile = tiles.get(goods["tile"])
        if tile is None:
            continue
        _x0, _y0, x1, y1 = layout.box(tile["x"], tile["y"])
        s = int(layout.cell * 0.2)
        offset = seen.get(goods["tile"], 0)
        seen[goods["tile"]] = offset + 1
        bx = x1 - 6 - s - offset * (s + 4)
        by = y1 - 6 - s
        winner = goods.get("winner")
        ring = PAWN_COLOURS[winner % len(PAWN_COLOURS)] if winner is not None else (120, 120, 120)
        draw.rectangle((bx - 4, by - 4, bx + s + 4, by + s + 4), fill=ring)
        draw.rectangle((bx, by, bx + s, by + s), fill=GOODS, outline=(90, 60, 0), width=2)
        draw_centered_text(
            draw, (bx + s // 2, by + s // 2), "$", font(int(s * 0.8), bold=True), (90, 60, 0)
        )


def _draw_markers(draw: ImageDraw.ImageDraw, layout: _Layout, view: dict[str, Any]) -> None:
    tiles = {t["tile"]: t for t in view["map"]}
    ritzy = tiles.get(view.get("ritzy")) if view.get("ritzy") is not None else None
    if ritzy is not None:
        _x0, y0, x1, _ = layout.box(ritzy["x"], ritzy["y"])
        _star(draw, (x1 - 26, y0 + 26), 22)
    ends = [layout.hood_xy[h] for h in view.get("tunnel") or [] if h in layout.hood_xy]
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
                width=9,
            )
    for x, y in ends:
        draw.rectangle((x - 13, y - 13, x + 13, y + 13), outline=TUNNEL, width=6)


def _star(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int) -> None:
    """The Ritzy Tile's star, drawn as a polygon: the shipped font has no star glyph."""
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    draw.polygon(points, fill=GOODS, outline=(80, 50, 0), width=3)


def _draw_highlight(canvas: Image.Image, layout: _Layout, highlight: list[dict[str, Any]]) -> None:
    """The last turn: placed tiles framed, moved pieces ringed with an arrow from where they
    came from, so the change reads at thumbnail size."""
    draw = ImageDraw.Draw(canvas)
    for facts in highlight:
        kind = facts.get("kind")
        if kind == "tile" and facts.get("pos"):
            x0, y0, x1, y1 = layout.box(*facts["pos"])
            draw.rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), outline=PALETTE.highlight_to, width=8)
        elif kind in ("pawn", "cops", "tunnel") and facts.get("to") in layout.hood_xy:
            tx, ty = layout.hood_xy[facts["to"]]
            r = int(layout.cell * 0.2)
            start = facts.get("from")
            if start in layout.hood_xy and start != facts["to"]:
                fx, fy = layout.hood_xy[start]
                draw.line((fx, fy, tx, ty), fill=PALETTE.highlight_to, width=7)
                draw.ellipse(
                    (fx - r * 0.6, fy - r * 0.6, fx + r * 0.6, fy + r * 0.6),
                    outline=PALETTE.highlight_from,
                    width=6,
                )
            draw.ellipse((tx - r, ty - r, tx + r, ty + r), outline=PALETTE.highlight_to, width=7)


# -- legend ----------------------------------------------------------------------------------


def _legend(view: dict[str, Any], width: int, players: list[str] | None) -> Image.Image:
    """Who is where: one line per seat (hand size, Jail, First Player), then the Stash."""
    names = view.get("seat_names") or []
    row = 46
    hot = view.get("hot_goods") or []
    lines = len(names) + 2 + len(hot)
    image = Image.new("RGB", (width, 24 + row * lines), PALETTE.background)
    draw = ImageDraw.Draw(image)
    big = font(28, weight="semibold")
    bold = font(28, bold=True)
    y = 14
    for seat, colour_name in enumerate(names):
        colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)]
        paste_centered(image, disc(32, colour, (20, 20, 24), 3), (36, y + row // 2))
        who = colour_name
        if players and seat < len(players) and players[seat]:
            who = f"{players[seat]} ({colour_name})"
        cards = view["hand_sizes"][seat]
        facts = [f"{cards} card{'s' if cards != 1 else ''}"]
        if view["jailed"][seat]:
            facts.append("IN JAIL")
        if view.get("unreliable", [False] * len(names))[seat]:
            facts.append("unreliable witness")
        if seat == view.get("first"):
            facts.append("First Player")
        if view.get("tiles_in_hand") and view["tiles_in_hand"][seat]:
            facts.append(f"{len(view['tiles_in_hand'][seat])} tiles")
        label = fit_text(who, bold, width // 2 - 70)
        draw.text((62, y + row // 2), label, font=bold, fill=PALETTE.text, anchor="lm")
        detail = " · ".join(facts)
        fill = PALETTE.warning if view["jailed"][seat] else PALETTE.text
        draw.text(
            (width // 2, y + row // 2),
            fit_text(detail, big, width // 2 - 16),
            font=big,
            fill=fill,
            anchor="lm",
        )
        y += row
    stash = view["stash"]
    pile = (
        f"Stash: {stash['mixed']} mixed"
        if stash.get("mixed")
        else f"Stash: {stash['red']} red, {stash['blue']} blue"
    )
    round_text = f"Round {view['round']} of {view['round_limit']}" if view.get("round") else "Setup"
    summary = f"{round_text}  ·  {pile}  ·  Discard pile: {len(view['discard'])}"
    draw.text(
        (20, y + row // 2),
        fit_text(summary, big, width - 40),
        font=big,
        fill=PALETTE.text,
        anchor="lm",
    )
    y += row
    # Cops legend, so the "C" disc never needs explaining in the thread.
    _draw_cops(image, (36, y + row // 2), 32)
    draw.text(
        (62, y + row // 2),
        "the Cops   $ Hot Goods (ring: who got them)",
        font=big,
        fill=PALETTE.text,
        anchor="lm",
    )
    y += row
    small = font(24)
    for goods in hot:
        draw.text(
            (20, y + row // 2),
            fit_text(goods["note"], small, width - 40),
            font=small,
            fill=PALETTE.muted,
            anchor="lm",
        )
        y += row
    return image


def render(
    view: dict[str, Any],
    *,
    perspective: int | None = None,
    highlight: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
    status: str | None = None,
) -> bytes:
    """The city map of a view (public or a seat's: only public facts are drawn).

    ``perspective`` is accepted for the common signature; a city has no "own side", so the
    map is always drawn north up.
    """
    palette = _palette(view)
    layout_probe = _Layout(view, 0)
    width = max(800, layout_probe.grid.cols * layout_probe.cell + 2 * COORD_MARGIN)
    to_move = view.get("to_move") or None
    bar = title_bar(
        width,
        title="FENCE!",
        seats=view["players"],
        players=players,
        to_move=to_move,
        status=status if status is not None else view.get("result") or None,
        subtitle=f"round {view['round']}" if view.get("round") else "setup",
        palette=palette,
        seat_colours=PAWN_COLOURS[: view["players"]],
    )
    layout = _Layout(view, bar.height)
    map_bottom = layout.grid.bottom + COORD_MARGIN
    legend = _legend(view, width, players)
    canvas = new_canvas(width, map_bottom + legend.height)
    canvas.paste(bar, (0, 0))
    draw = ImageDraw.Draw(canvas)
    for tile in view["map"]:
        _draw_tile(draw, layout, tile)
    _draw_markers(draw, layout, view)
    _draw_goods(draw, layout, view)
    _draw_highlight(canvas, layout, highlight or [])
    for tile in view["map"]:
        _draw_labels(draw, layout, tile)
    _draw_pieces(canvas, layout, view)
    files = [str(x) for x in range(layout.min_x, layout.max_x + 1)]
    ranks = [str(y) for y in range(layout.max_y, layout.min_y - 1, -1)]
    draw_coordinates(draw, layout.grid, files, ranks, size=26)
    canvas.paste(legend, (0, map_bottom))
    return to_png(canvas)


# -- the private hand ------------------------------------------------------------------------------


def _card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: str) -> None:
    x0, y0, x1, y1 = box
    colour = RED_CARD if card[0] == "R" else BLUE_CARD
    draw.rounded_rectangle(box, radius=16, fill=(252, 252, 250), outline=colour, width=6)
    w = x1 - x0
    label = "Joker" if card[1] == "J" else card[1]
    draw_centered_text(
        draw,
        ((x0 + x1) / 2, y0 + 44),
        "RED" if card[0] == "R" else "BLUE",
        font(26, bold=True),
        colour,
    )
    if card[1] == "J":
        draw_centered_text(
            draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 10), label, font(36, bold=True), colour
        )
        return
    die = int(w * 0.62)
    dx = x0 + (w - die) // 2
    dy = y0 + 76
    _draw_die(draw, (dx, dy, dx + die, dy + die), int(card[1]), colour)
    draw_centered_text(draw, ((x0 + x1) / 2, y1 - 34), card, font(34, bold=True), colour)


def render_hand(view: dict[str, Any]) -> bytes:
    """One player's cards (and unrevealed starting cards), from that seat's own view: for a
    direct message, never for the match thread."""
    seat = view.get("seat")
    names = view.get("seat_names") or []
    hand = list(view.get("hand") or [])
    start = list(view.get("starting_cards") or [])
    card_w, card_h, gap = 150, 240, 18
    per_row = 5
    rows = max(1, -(-len(hand) // per_row)) + (1 if start else 0)
    width = max(800, per_row * (card_w + gap) + gap + 40)
    height = 90 + rows * (card_h + 70) + 20
    canvas = new_canvas(width, height)
    draw = ImageDraw.Draw(canvas)
    who = names[seat] if seat is not None and seat < len(names) else "?"
    colour = PAWN_COLOURS[seat % len(PAWN_COLOURS)] if seat is not None else (0, 0, 0)
    draw.rectangle((0, 0, width, 74), fill=PALETTE.bar_background)
    paste_centered(canvas, disc(40, colour, contrast(colour), 3), (40, 37))
    title = f"Your hand ({who}): {len(hand)} card{'s' if len(hand) != 1 else ''}"
    draw.text((72, 37), title, font=font(34, bold=True), fill=PALETTE.bar_text, anchor="lm")
    y = 90
    sections = [("Hand", hand)] + ([("Starting tile (secret)", start)] if start else [])
    for heading, cards in sections:
        draw.text(
            (24, y + 20), heading, font=font(28, weight="semibold"), fill=PALETTE.text, anchor="lm"
        )
        y += 44
        if not cards:
            draw.text((24, y + 30), "no cards", font=font(28), fill=PALETTE.muted, anchor="lm")
            y += card_h + 26
            continue
        for i, card in enumerate(cards):
            r, c = divmod(i, per_row)
            x0 = 24 + c * (card_w + gap)
            y0 = y + r * (card_h + gap)
            _card(draw, (x0, y0, x0 + card_w, y0 + card_h), card)
        y += (-(-len(cards) // per_row)) * (card_h + gap) + 8
    return to_png(canvas.crop((0, 0, width, max(y + 10, 300))))


__all__ = ["render", "render_hand", "text_width"]
