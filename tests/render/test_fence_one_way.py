"""No one-way arrow over a die card, a name or a note, on any tile of any city, at every
cell size the map and the close-up draw, checked by geometry (the boxes the labels and the
arrows are drawn from), and every one-way road keeps its arrow (issue 42: a triangle
covered a blue 3 card)."""

from __future__ import annotations

import itertools

import pytest

from games.fence import RULES
from render.fence.city import map_layout
from render.fence.layout import CityLayout
from render.fence.one_way import MARGIN, Arrow, _candidates, overlaps, place_arrows, tile_arrows
from render.fence.tile_text import label_blocks, tile_labels, tile_values
from render.fence.tiles import _hoods

OFF_LIMITS = "off limits"
CELLS = (94, 100, 110, 120, 136, 150)
"""Tile sizes from the map's least (``MIN_CELL``) to its most (``MAX_CELL``), the
close-up's among them."""


def cities() -> list[dict]:
    """Quick maps and big maps of several seeds: every tile turns up, in several turns."""
    views = []
    for seed, big in itertools.product(range(8), (False, True)):
        state = RULES.new(4, {"quick_map": True, "big_map": big}, seed=seed)
        views.append(RULES.view(state, None))
    return views


def one_ways(links: tuple) -> int:
    return sum(kind != "both" for road in links for _, kind in road)


def test_the_cities_have_one_way_roads_to_check() -> None:
    tiles = [t for v in cities() for t in v["map"]]
    assert sum(one_ways(tuple(h["links"] for h in t["hoods"])) for t in tiles) > 20


def no_clear_place(cell: int, arrow: Arrow, roads: tuple, nodes: list, boxes: list) -> bool:
    """Whether the road ``arrow`` belongs to has no place an arrow of any size is clear of
    every label on (the one case an arrow may lie under a name)."""
    for links, node in zip(roads, nodes, strict=True):
        for side, kind in links:
            options = _candidates(cell, side, kind, node) if kind != "both" else []
            if any(o.direction == arrow.direction and o.tip == arrow.tip for o in options):
                return not any(
                    not any(overlaps(o.box(), b, MARGIN) for b in boxes) for o in options
                )
    return False


@pytest.mark.parametrize("cell", CELLS)
def test_no_arrow_covers_a_card_a_name_or_a_note(cell: int) -> None:
    checked = under = 0
    for view in cities():
        _, layout = map_layout(view)
        for tile in view["map"]:
            # the same tile at this cell size: its nodes scaled as the layout places them
            scale = cell / layout.cell
            hoods = _hoods(layout, tile)
            links = tuple(road for _, road, _ in hoods)
            labels = tuple(
                (name, usable, (round(x * scale), round(y * scale)))
                for name, usable, (x, y) in tile_labels(layout, tile)
            )
            nodes = [node for _, _, node in labels]
            values = tile_values(tile)
            for room in ((), (cell // 3,) * len(labels), (-cell // 3,) * len(labels)):
                arrows = tile_arrows(cell, values, labels, links, OFF_LIMITS, room)
                blocks = label_blocks(cell, values, labels, OFF_LIMITS, room)
                # every one-way road keeps its arrow: it is a rule of the road
                assert len(arrows) == one_ways(links), (tile["name"], cell, room)
                for arrow in arrows:
                    box = arrow.box()
                    assert box[0] >= 0 and box[2] <= cell and box[1] >= 0 and box[3] <= cell
                    cards = [b.box for b in blocks if b.kind == "die" and overlaps(box, b.box)]
                    assert not cards, (tile["name"], cell, room, box, cards)
                    words = [b.box for b in blocks if b.kind != "die" and overlaps(box, b.box)]
                    if words:  # only where the name leaves its road no clear place at all
                        assert no_clear_place(cell, arrow, links, nodes, [b.box for b in blocks])
                        under += 1
                for a, b in itertools.combinations(arrows, 2):
                    assert not overlaps(a.box(), b.box()), (tile["name"], cell)
                checked += len(arrows)
    # the names are drawn after the arrows (render.fence.city.draw_city), halo and all
    assert checked > 0 and under < checked, (under, checked)


def test_an_arrow_moves_along_its_road_rather_than_over_a_die() -> None:
    """The case of the issue: a road in from the north, where the second die sits."""
    cell = 100
    die = label_blocks(cell, (2, 3), (("Gasworks", True, (50, 60)),), OFF_LIMITS)[1].box
    plain = Arrow((50.0, cell * 0.2), (0.0, 1.0), cell * 0.12)  # where it used to be drawn
    assert overlaps(plain.box(), die)
    (arrow,) = place_arrows(cell, [((("N", "in"),), (50, 60))], [die])
    assert not overlaps(arrow.box(), die, 2)
    assert arrow.direction[1] > 0.9  # still on its road, still pointing in
    assert isinstance(CityLayout.scale(cell)(0.1, 1), int)
