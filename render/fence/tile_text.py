"""Where a tile's words go: its dice values in the top-left corner and each
neighbourhood's name (and "off limits" note), as boxes that never overlap. The map draws
from these boxes, the pieces are set beside them (``render.fence.pieces``) and the
close-up checks with them that every name reads on a phone (``render.fence.detail``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.fence.view import PlacedTile
from render.common import Font, fit_text, font, text_width
from render.fence.layout import CityLayout


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


def size_of(fnt: Font) -> int:
    return int(getattr(fnt, "size", 14))


Label = tuple[str, bool, tuple[int, int]]
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
    size = size_of(fnt)
    half_w = max(text_width(line, fnt) for line in lines) / 2 + stroke
    half_h = size * 1.02 * len(lines) / 2 + stroke
    box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
    return LabelBlock(kind, lines, size, (cx, cy), box)


def _fit_two(
    names: Sequence[str], base: int, widths: Sequence[int], room: float, stroke: int
) -> list[tuple[Font, tuple[str, ...]]]:
    """The two names of a tile, each at most ``widths[i]`` wide, in fonts small enough that
    both blocks fit ``room`` px of height one above the other: each is wrapped as usual,
    then both shrink together, then the longer one goes onto one line (cut with an ellipsis
    if it must)."""
    for size in range(base, 10, -1):
        wrapped = [_wrap_name(name, size, w) for name, w in zip(names, widths, strict=True)]
        height = sum(size_of(f) * 1.02 * len(lines) + 2 * stroke for f, lines in wrapped)
        if height + _NAME_GAP <= room:
            return wrapped
    small = font(11, weight="semibold")
    return [(small, (fit_text(n, small, w),)) for n, w in zip(names, widths, strict=True)]


_NAME_GAP = 2
"""Pixels kept between two names of one tile."""


def label_blocks(
    size: int,
    coords: tuple[int, ...] | None,
    hoods: Sequence[Label],
    off_limits: str = "off limits",
    room: Sequence[int] = (),
) -> list[LabelBlock]:
    """Where a tile's labels go, so that none overlaps another: the dice values in the
    top-left corner, then each neighbourhood's name (under or over its node on a
    one-neighbourhood tile, one in each half of a two-neighbourhood tile), all inside the
    tile. Drawing and the tests both read this.

    ``room[i]`` keeps that many px of the tile's width free beside name ``i`` (on its
    right when positive, its left when negative): where the pieces standing in a crowded
    neighbourhood go (``render.fence.pieces``)."""
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
    kept = [room[i] if i < len(room) else 0 for i in range(len(hoods))]
    widths = [size - 6 - abs(k) for k in kept]
    if several:
        names = [name for name, _, _ in hoods[:2]]
        fitted = _fit_two(names, base, widths[:2], bottom - top, stroke)
        # The upper half's name is the neighbourhood whose node is higher: a name (and the
        # pieces beside it) reads as its own place, as on the web board.
        order = [0, 1] if hoods[0][2][1] <= hoods[1][2][1] else [1, 0]
        heights = [size_of(fitted[i][0]) * 1.02 * len(fitted[i][1]) + 2 * stroke for i in order]
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
        y_of = {hood: y for hood, y in zip(order, ys, strict=True)}
        for i, ((fnt, lines), k) in enumerate(zip(fitted, kept, strict=False)):
            blocks.append(_block("name", lines, fnt, (size - k) / 2, y_of[i], stroke))
        return blocks
    nx: float
    for (name, usable, (nx, ny)), width, k in zip(hoods, widths, kept, strict=True):
        fnt, lines = _wrap_name(name, base, width)
        block = size_of(fnt) * 1.02 * len(lines) + 2 * stroke
        below = ny < size * 0.7
        ty = ny + size * 0.12 + block / 2 if below else ny - size * 0.12 - block / 2
        ty = max(top + block / 2, min(ty, bottom - block / 2))
        if k:  # away from the room kept for the pieces, still inside the tile
            half = max(text_width(line, fnt) for line in lines) / 2 + stroke
            nx = min(max(nx - k / 2, half + max(0, -k) + 3), size - half - max(0, k) - 3)
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


def tile_values(tile: PlacedTile) -> tuple[int, ...] | None:
    """A tile's dice values, red first (None: a tile without)."""
    coords = tile.get("coords")
    return tuple(int(c) for c in coords) if coords else None


def tile_labels(layout: CityLayout, tile: PlacedTile) -> tuple[Label, ...]:
    """What ``label_blocks`` needs of a tile ``layout`` places: each neighbourhood's name,
    whether it is usable, and its node relative to the tile's top-left corner."""
    x0, y0, _, _ = layout.box(tile["x"], tile["y"])
    return tuple(
        (str(h["name"]), bool(h["usable"]), (layout.hood_xy[h["id"]][0] - x0,
                                             layout.hood_xy[h["id"]][1] - y0))
        for h in tile["hoods"]
    )  # fmt: skip
