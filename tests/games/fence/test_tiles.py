"""Rulings 4–9: the tile format, rotation, matching, road steps and the City set."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from games.fence.citymap import CityMap, hood_id, random_build
from games.fence.setup import legal_draft
from games.fence.tiles import TileSetError, city, old_town_index, parse_tileset


def _raw() -> dict:
    text = resources.files("games.fence").joinpath("data/city.json").read_text("utf-8")
    return json.loads(text)


def test_ruling_4_tiles_have_sides_corners_and_optional_coordinates() -> None:
    tiles = city().tiles
    assert all(len(t.water) == 4 and len(t.roads(0)) == 4 for t in tiles)
    assert sum(t.coords is None for t in tiles) == 4
    raw = _raw()
    raw["tiles"][0]["coords"] = [7, 1]
    with pytest.raises(TileSetError, match=r"Sunnyside.*1 to 6"):
        parse_tileset(raw)


def test_ruling_5_every_road_side_belongs_to_one_named_hood() -> None:
    raw = _raw()
    venice = next(t for t in raw["tiles"] if t["hoods"][0]["name"] == "Venice")
    venice["hoods"][1]["links"]["W"] = "both"  # the Underpass may not share Venice's side
    with pytest.raises(TileSetError, match="side W belongs to two"):
        parse_tileset(raw)
    raw = _raw()
    raw["tiles"][1]["hoods"][0]["name"] = "Sunnyside"
    with pytest.raises(TileSetError, match="already a name"):
        parse_tileset(raw)


def test_ruling_5_hoods_on_one_tile_are_not_connected(build) -> None:
    state = build.state(
        placed=(("old-town", 0, 0, 0), ("venice", 1, 0, 0)),
    )
    city_ = CityMap(build.tiles, {p: (t, r) for p, t, r in state.placed}, build.hood("old-town"))
    venice, underpass = build.hood("venice"), build.hood("venice-underpass")
    assert underpass not in city_.roads.get(venice, [])
    assert venice in city_.roads[build.hood("old-town")]


def test_ruling_5_a_hood_that_can_only_be_entered_is_refused() -> None:
    raw = _raw()
    raw["tiles"][0]["hoods"][0]["links"] = {"N": "in", "E": "in"}
    with pytest.raises(TileSetError, match="only be entered or only left"):
        parse_tileset(raw)


def test_ruling_6_rotation_turns_sides_corners_and_links_together() -> None:
    tanners = next(t for t in city().tiles if t.slug == "tanners-row")
    assert tanners.side_links(0)[1] == (0, "in")  # E
    assert tanners.side_links(1)[2] == (0, "in")  # E has turned to S
    lily = next(t for t in city().tiles if t.slug == "lily-rivers")
    assert lily.corners(0) == (True, False, False, False)
    assert lily.corners(1) == (False, True, False, False)  # NE water now at SE
    assert lily.roads(1) == (True, False, True, True)  # E, S, W roads now at S, W, N


def test_ruling_7_roads_must_meet_roads(build) -> None:
    state = build.state(stage="draft", tile_hands=((build.tile("the-stix"),), ()), map_done=False)
    spots = {(a.pos, a.rot * 90) for a in legal_draft(state)}
    assert ((1, 0), 0) in spots  # its west road meets Old Town's east road
    assert ((1, 0), 180) not in spots  # no road on its west side there


def test_ruling_7_corner_points_must_agree(build) -> None:
    state = build.state(
        stage="draft", tile_hands=((build.tile("lily-rivers"),), ()), map_done=False
    )
    spots = {(a.pos, a.rot * 90) for a in legal_draft(state)}
    assert ((0, 1), 0) in spots
    # At r90 the road still meets Old Town, but the water corner would touch its land corner.
    assert ((0, 1), 90) not in spots


def test_ruling_8_pawns_obey_one_way_the_cops_do_not(build) -> None:
    state = build.state(placed=build.SQUARE)
    city_ = CityMap(build.tiles, {p: (t, r) for p, t, r in state.placed}, build.hood("old-town"))
    town, tanners = build.hood("old-town"), build.hood("tanners-row")
    assert tanners not in city_.succ[town]
    assert town in city_.succ[tanners]
    assert tanners in city_.roads[town]


def test_ruling_9_the_city_set_has_every_listed_property() -> None:
    tiles = city().tiles
    assert len(tiles) == 40
    coords = [t.coords for t in tiles if t.coords]
    assert sorted(coords) == [(r, b) for r in range(1, 7) for b in range(1, 7)]
    by_name = {h.name: t for t in tiles for h in t.hoods}
    assert by_name["Old Town"].coords == (1, 3)
    assert by_name["Sunnyside"].coords == (1, 1)
    assert by_name["Lily Rivers"].coords == (2, 3)
    assert by_name["The Yards"].coords == (3, 2)
    venice = by_name["Venice"]
    assert venice.coords == (2, 5) and by_name["Venice Underpass"] is venice
    sides = {h.name: {s for s, _ in h.links} for h in venice.hoods}
    assert sides == {"Venice": {1, 3}, "Venice Underpass": {0, 2}}
    down, four = by_name["Downtown"].coords, by_name["Four Points"].coords
    assert down[0] == four[0] and four[1] == 2 and down != four
    assert sum(len(t.hoods) >= 2 for t in tiles) >= 6
    assert sum(any(k != "both" for h in t.hoods for _, k in h.links) for t in tiles) >= 8
    assert sum(any(h.waterfront for h in t.hoods) for t in tiles) >= 10


def test_ruling_9_random_legal_builds_place_at_least_90_percent() -> None:
    tiles = city().tiles
    town = old_town_index(city())
    placed = 0
    for seed in range(200):
        rng = random.Random(seed)
        order = list(range(len(tiles)))
        rng.shuffle(order)
        placed += len(random_build(tiles, order, town, rng))
    assert placed / (200 * len(tiles)) >= 0.9


def test_a_map_grown_tile_by_tile_offers_what_one_built_from_scratch_does() -> None:
    """A Quick Map grows its one map as it places tiles; every replay of a match builds
    its map again, so the growing map must decide exactly as a fresh one would."""
    tiles = city().tiles
    town = old_town_index(city())
    for seed in range(6):
        rng = random.Random(seed)
        order = [t for t in range(len(tiles)) if t != town]
        rng.shuffle(order)
        cells = {(0, 0): (town, 0)}
        grown = CityMap(tiles, dict(cells), hood_id(town, 0))
        for tile in order:
            fresh = CityMap(tiles, dict(cells), hood_id(town, 0))
            for require_all in (False, True):
                offered = grown.placements(tile, require_all)
                assert offered == fresh.placements(tile, require_all), (seed, tile)
            assert grown.usable() == fresh.usable()
            if offered:
                pos, rot = offered[rng.randrange(len(offered))]
                cells[pos] = (tile, rot)
                grown._place(pos, (tile, rot))
        assert grown.cells == cells and len(cells) > len(tiles) // 2


def test_ruling_9_a_broken_set_is_refused_with_the_tile_and_reason() -> None:
    raw = _raw()
    raw["tiles"][3]["hoods"][0]["links"]["Q"] = "both"
    with pytest.raises(
        TileSetError, match=r"Tile #4 \(Chapel Hill\) is broken: .*unknown side 'Q'"
    ):
        parse_tileset(raw)
    raw = _raw()
    raw["tiles"][0]["hoods"][0]["waterfront"] = True
    with pytest.raises(TileSetError, match="waterfront on a tile without water"):
        parse_tileset(raw)
