"""The FENCE! city as a phone shows it (issue 31.6): one panel whose roads can be followed
from tile to tile, pieces beside the names and never over them, and the close-up, the
picture that reads at 400 px as posted, with every name at least 11 px there."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import render
from games.fence import RULES
from render.fence import COPS, PAWN_COLOURS, close_up_layout, detail_plan, map_layout
from render.fence.colours import OFF_LIMITS, ROAD
from render.fence.layout import PHONE_NAME, PHONE_WIDTH
from render.fence.pieces import place_pieces
from render.fence.tile_text import label_blocks, tile_labels, tile_values

GAMES = [(3, 1, True), (4, 2, False), (5, 3, True), (6, 4, False), (3, 5, False), (6, 6, True)]
"""Seats, seed, Quick Map."""


def _positions(seats: int, seed: int, quick: bool, every: int = 25) -> Iterator[Any]:
    """Views of a random game once the city is complete, every ``every`` steps."""
    state = RULES.new(seats, {"quick_map": quick}, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if RULES.outcome(state) is not None:
            return
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        view = RULES.view(state, None)
        if view.get("map_done", True) and state.stage != "draft" and step % every == 0:
            yield view


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 10) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _cities() -> list[dict[str, Any]]:
    return [next(_positions(seats, seed, quick)) for seats, seed, quick in GAMES]


@pytest.mark.parametrize("view", _cities(), ids=[f"{s}p-{q}" for s, _, q in GAMES])
def test_the_whole_city_is_one_panel_whose_roads_run_on(view: dict[str, Any]) -> None:
    """Bands of six columns cut the road from Four Points (−2,−2) to Cabbagetown (−1,−2):
    each tile's right neighbour in the city is its right neighbour in the picture, and a
    road leaving one tile eastwards enters the next one, in the pixels."""
    bare = {**view, "pawns": [None] * len(view["pawns"]), "cops": None, "hot_goods": []}
    image = _image(render.render("fence", bare))
    _, layout = map_layout(bare)
    tiles = {(t["x"], t["y"]): t for t in view["map"]}
    roads = 0
    for (x, y), tile in tiles.items():
        right = tiles.get((x + 1, y))
        below = tiles.get((x, y - 1))
        box = layout.box(x, y)
        if below is not None:
            assert layout.box(x, y - 1)[1] == box[3]  # one grid, rows in order
        if right is None:
            continue
        assert layout.box(x + 1, y)[0] == box[2] and layout.box(x + 1, y)[1] == box[1]
        east = any(side == "E" for h in tile["hoods"] for side, _ in h["links"])
        west = any(side == "W" for h in right["hoods"] for side, _ in h["links"])
        if east and west and len(tile["hoods"]) == len(right["hoods"]) == 1:
            mid = (box[1] + box[3]) // 2
            for px in (box[2] - 6, box[2] + 5):
                assert any(_near(image.getpixel((px, mid)), c) for c in (ROAD, OFF_LIMITS))
            roads += 1
    assert roads >= 3


def test_pieces_stand_beside_the_names_never_over_them() -> None:
    """A pawn hid "Harbour Steps" and the Cops "Tin Can Alley": drawn, no name's box has a
    pixel of a pawn or the Cops in it, on the whole map and on close-ups, in random 3–6
    seat games; and a crowd's names keep clear of one another."""
    checked = 0
    for seats, seed, quick in GAMES:
        for view in _positions(seats, seed, quick, every=9):
            view = {**view, "hot_goods": []}  # a crate is ringed in its winner's colour
            pawn = next((p for p in view["pawns"] if p is not None), None)
            pictures = [(render.render("fence", view), map_layout(view)[1])]
            plan = detail_plan(view, [pawn]) if pawn is not None else None
            if plan is not None:
                layout = close_up_layout(view, plan)[1]
                pictures.append((render.render("fence", view, focus=[pawn]), layout))
            for png, layout in pictures:
                image = _image(png)
                pieces, rooms = place_pieces(layout, view, "off limits")
                colours = {COPS, *(PAWN_COLOURS[p.seat] for p in pieces if p.kind == "pawn")}
                crowded = {layout.hood_tile[p.hood]["tile"] for p in pieces}
                for tile in view["map"]:
                    if tile["tile"] not in crowded or not layout.shows(tile["x"], tile["y"]):
                        continue
                    x0, y0, _, _ = layout.box(tile["x"], tile["y"])
                    room = rooms.get(tile["tile"], ())
                    blocks = label_blocks(
                        layout.cell,
                        tile_values(tile),
                        tile_labels(layout, tile),
                        "off limits",
                        room,
                    )
                    names = [b.box for b in blocks if b.kind == "name"]
                    for i, a in enumerate(names):
                        assert all(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                                   for b in names[i + 1:])  # fmt: skip
                        left, top, right, bottom = (round(v) for v in a)
                        area = image.crop((x0 + left, y0 + top, x0 + right, y0 + bottom))
                        found = [c for _, c in area.getcolors(1 << 16) or []]
                        assert not any(_near(p, c) for p in found for c in colours), tile["name"]
                        checked += 1
    assert checked > 100


def test_close_ups_read_at_phone_width() -> None:
    """The close-up is the picture that reads as posted: every name on it at least 11 px
    at 400 px wide, whatever the choices (rings) around the piece being moved."""
    checked = 0
    for seats, seed, quick in GAMES:
        for view in _positions(seats, seed, quick, every=11):
            hoods = [h["id"] for t in view["map"] for h in t["hoods"]]
            rng = random.Random(seed)
            pawn = next((p for p in view["pawns"] if p is not None), hoods[0])
            choices = rng.sample(hoods, 3)
            highlight = [{"kind": "choices", "hoods": choices}]
            plan = detail_plan(view, [pawn, *choices], highlight)
            assert plan is not None
            image = _image(
                render.render("fence", view, focus=[pawn, *choices], highlight=highlight)
            )
            _, layout = close_up_layout(view, plan)
            assert image.width == layout.width
            _, rooms = place_pieces(layout, view, "off limits")
            for tile in view["map"]:
                if not layout.shows(tile["x"], tile["y"]):
                    continue
                labels = tile_labels(layout, tile)
                room = rooms.get(tile["tile"], ())
                for block in label_blocks(
                    layout.cell, tile_values(tile), labels, "off limits", room
                ):
                    if block.kind == "name":
                        assert block.size * PHONE_WIDTH / image.width >= PHONE_NAME, tile["name"]
                        checked += 1
            assert len(plan.left_out) < len(choices), "a close-up of choices shows one"
    assert checked > 200


def test_the_whole_map_reads_on_a_phone_up_to_six_columns_and_after_a_pinch_beyond() -> None:
    """At 400 px a city of up to six columns shows every name at 11 px or more; a wider one
    (7–14 columns: no tile name of that size fits a tile there) is drawn for Discord's
    viewer, where 2.5× brings every name to 11 px; its title bar and legend grow with it."""
    for seats, seed, quick in GAMES:
        view = next(_positions(seats, seed, quick))
        image = _image(render.render("fence", view))
        _, layout = map_layout(view)
        smallest = min(
            b.size
            for t in view["map"]
            for b in label_blocks(layout.cell, tile_values(t), tile_labels(layout, t))
            if b.kind == "name"
        )
        shown = smallest * PHONE_WIDTH / image.width
        zoom = 1 if layout.grid.cols <= 6 else 2.5
        assert shown * zoom >= PHONE_NAME, (layout.grid.cols, shown)
        assert len(render.render("fence", view)) < 300_000
