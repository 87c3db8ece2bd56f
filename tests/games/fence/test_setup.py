"""Rulings 1–3 and 10–18: players, cards, dice, dealing, drafting the map, pawns, the Cops."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import InvalidOption
from games.fence import RULES, PlaceCops, PlacePawn, Swap
from games.fence.engine import settle
from games.fence.setup import legal_draft, prepare_pawn
from games.fence.state import thaw


def _all_cards(state) -> list[str]:
    cards = [*state.red, *state.blue, *state.mixed, *state.discard]
    cards += [c for hand in state.hands for c in hand]
    cards += [c for start in state.start for c in start]
    return cards


def test_ruling_1_two_to_six_players() -> None:
    for players in (2, 6):
        assert len(RULES.new(players, seed=1).hands) == players
    for players in (1, 7):
        with pytest.raises(InvalidOption):
            RULES.new(players)


def test_ruling_1_drafting_goes_clockwise_in_join_order() -> None:
    state = RULES.new(4, seed=2)
    first = state.actor
    after = RULES.apply(state, RULES.legal_actions(state)[0])
    assert after.actor == (first + 1) % 4


def test_ruling_2_twelve_cards_per_player_in_two_shuffled_piles() -> None:
    state = RULES.new(3, seed=5)
    counts = Counter(_all_cards(state))
    assert sum(counts.values()) == 36
    assert all(counts[f"{c}{v}"] == 3 for c in "RB" for v in range(1, 7))
    assert all(c[0] == "R" for c in state.red) and all(c[0] == "B" for c in state.blue)
    assert RULES.new(3, seed=6).red != state.red  # shuffled by the seed


def test_ruling_3_dice_come_from_the_stored_seeded_generator() -> None:
    one = RULES.new(3, {"quick_map": True}, seed=11)
    again = RULES.new(3, {"quick_map": True}, seed=11)
    other = RULES.new(3, {"quick_map": True}, seed=12)
    assert one == again and one.placed != other.placed
    view = RULES.view(one, None)
    assert "seed" not in view and "draws" not in view


def test_ruling_10_tiles_dealt_evenly_and_starting_cards_are_a_secret_pair() -> None:
    state = RULES.new(3, seed=3)
    dealt = [len(h) for h in state.tile_hands]
    dealt[state.first] += 1  # the holder has already put Old Town down
    assert sum(dealt) == 40 and max(dealt) - min(dealt) <= 1
    for seat in range(3):
        assert sorted(c[0] for c in state.start[seat]) == ["B", "R"]
        assert "starting_cards" not in RULES.view(state, None)
        assert RULES.view(state, seat)["starting_cards"] == list(state.start[seat])


def test_ruling_11_old_town_holder_places_it_and_becomes_first_player() -> None:
    state = RULES.new(4, seed=9)
    assert state.placed[0][0] == (0, 0)
    assert RULES.view(state, None)["map"][0]["name"] == "Old Town"
    assert state.first == state.actor


def test_ruling_12_a_one_way_tile_must_allow_the_round_trip(build) -> None:
    state = build.state(
        stage="draft", tile_hands=((build.tile("tanners-row"),), ()), map_done=False
    )
    rots = {a.rot * 90 for a in legal_draft(state) if a.pos == (1, 0)}
    assert rots == {90, 270}  # at r0 or r180 its west side is one way only


def test_ruling_12_every_connected_hood_of_a_new_tile_must_reach_old_town(build) -> None:
    placed = (("old-town", 0, 0, 0), ("tanners-row", 1, 0, 90), ("sunnyside", 0, -1, 0))
    state = build.state(
        stage="draft",
        placed=placed,
        tile_hands=((build.tile("brewery-lane"),), ()),
        map_done=False,
    )
    rots = {a.rot * 90 for a in legal_draft(state) if a.pos == (1, -1)}
    # r0: Brewery Lane's north road enters Tanner's Row one way only, so Brewery Lane could
    # leave but never be reached. r90: only Hop Garden touches the map, and it is fine.
    assert 0 not in rots and 90 in rots


def test_ruling_12_a_tile_must_touch_the_map(build) -> None:
    state = build.state(stage="draft", tile_hands=((build.tile("sunnyside"),), ()), map_done=False)
    assert {a.pos for a in legal_draft(state)} == {(1, 0), (-1, 0), (0, 1), (0, -1)}


def test_ruling_13_swaps_return_the_tile_and_are_limited_to_two(build) -> None:
    state = build.state(
        stage="draft",
        placed=(("old-town", 0, 0, 0), ("sunnyside", 0, 1, 0)),
        tile_hands=(
            (build.tile("cabbagetown"), build.tile("night-market")),
            (build.tile("the-stix"),),
        ),
        map_done=False,
        swaps=(0, 0),
    )
    swaps = [a for a in legal_draft(state) if isinstance(a, Swap)]
    assert swaps and all(a.pos != (0, 0) for a in swaps)  # never Old Town
    after = RULES.apply(state, swaps[0])
    assert build.tile("sunnyside") in after.tile_hands[0] and after.swaps[0] == 1
    spent = build.state(
        stage="draft",
        placed=(("old-town", 0, 0, 0), ("sunnyside", 0, 1, 0)),
        tile_hands=((build.tile("cabbagetown"),), (build.tile("the-stix"),)),
        map_done=False,
        swaps=(2, 0),
    )
    assert not [a for a in legal_draft(spent) if isinstance(a, Swap)]


def test_ruling_14_passes_discard_leftovers_and_off_limits_hoods(build) -> None:
    # Heron Bay has only one land corner, so it can never sit beside Old Town's land.
    state = build.state(
        stage="draft",
        tile_hands=((build.tile("heron-bay"),), ()),
        map_done=False,
        swaps=(2, 2),
        pawns={0: None, 1: None},
    )
    done = settle(state, [])
    assert done.map_done and build.tile("heron-bay") in done.tiles_out
    assert any("passes" in e for e in map(str, done.events))
    off = build.state(placed=(("old-town", 0, 0, 0), ("tanners-row", 1, 0, 0)))
    hoods = {h["name"]: h["usable"] for t in RULES.view(off, None)["map"] for h in t["hoods"]}
    assert hoods == {"Old Town": True, "Tanner's Row": False}


def test_ruling_15_quick_map_skips_the_draft() -> None:
    state = RULES.new(3, {"quick_map": True}, seed=4)
    assert state.map_done and state.stage == "pawn" and len(state.placed) >= 30
    assert RULES.new(3, seed=4).stage == "draft"


def test_ruling_16_pawn_goes_on_the_revealed_starting_tile() -> None:
    state = RULES.new(2, {"quick_map": True}, seed=8)
    shown = RULES.view(state, None)["revealed"]
    assert len(shown) == 2 and set(shown) <= set(state.discard)
    coords = (int(shown[0][1]), int(shown[1][1]))
    tiles = [t for t in RULES.view(state, None)["map"] if tuple(t["coords"] or ()) == coords]
    legal = {a.hood for a in RULES.legal_actions(state)}
    assert legal and legal <= {h["id"] for t in tiles for h in t["hoods"]}


def test_ruling_16_a_pair_naming_no_tile_is_redrawn(build) -> None:
    state = build.state(
        stage="pawn",
        placed=(("old-town", 0, 0, 0), ("sunnyside", 0, 1, 0)),
        start=(("R6", "B6"), ()),
        red=["R1"],
        blue=["B2", "B1"],
        pawns={0: None, 1: None},
    )
    table = thaw(state)
    prepare_pawn(table)
    assert table.revealed == ["R1", "B1"] and table.discard == ["R6", "B6", "R1", "B1"]
    assert table.pending_tiles == [build.tile("sunnyside")]


def test_ruling_16_a_later_pawn_takes_a_free_hood_of_a_shared_tile(build) -> None:
    venice = build.tile("venice")
    state = build.state(
        stage="pawn",
        actor=1,
        placed=(("old-town", 0, 0, 0), ("venice", 1, 0, 0)),
        pawns={0: "venice", 1: ""},
        pending_tiles=(venice,),
    )
    # The Underpass is off limits here (its roads lead nowhere), so the pawns share Venice.
    assert [a.hood for a in RULES.legal_actions(state)] == [build.hood("venice")]
    both = build.state(
        stage="pawn",
        actor=1,
        placed=(
            ("old-town", 0, 0, 0),
            ("venice", 1, 0, 0),
            ("cabbagetown", 0, -1, 0),
            ("sunnyside", 1, -1, 0),
        ),
        pawns={0: "venice", 1: ""},
        pending_tiles=(venice,),
    )
    assert [a.hood for a in RULES.legal_actions(both)] == [build.hood("venice-underpass")]


def _cops_rolled_sunnyside(build, pawns, **given):
    """Setup on the square city, the pawns placed, and Sunnyside rolled for the Cops."""
    return build.state(
        stage="cops",
        round=0,
        placed=build.SQUARE,
        pawns=pawns,
        pending_tiles=(build.tile("sunnyside"),),
        **given,
    )


def test_ruling_17_cops_on_the_rolled_tile_jail_a_pawn_there(build) -> None:
    state = _cops_rolled_sunnyside(build, {0: "sunnyside", 1: "old-town"})
    assert RULES.legal_actions(state) == [PlaceCops(build.hood("sunnyside"))]
    after = RULES.apply(state, PlaceCops(build.hood("sunnyside")))
    assert after.pawns[0] is None and after.cops == build.hood("sunnyside")


def test_ruling_18_each_player_is_dealt_two_red_and_two_blue(build) -> None:
    state = _cops_rolled_sunnyside(
        build,
        {0: "cabbagetown", 1: "old-town"},
        red=["R1", "R2", "R3", "R4"],
        blue=["B1", "B2", "B3", "B4"],
    )
    after = RULES.apply(state, PlaceCops(build.hood("sunnyside")))
    for hand in after.hands:
        assert sorted(c[0] for c in hand) == ["B", "B", "R", "R"]
    assert RULES.view(after, None)["hand_sizes"] == [4, 4]
    assert after.stage == "turn" and after.round == 1


def test_ruling_16_turn_taking_is_not_the_default(build) -> None:
    state = RULES.new(2, {"quick_map": True}, seed=1)
    assert all(isinstance(a, PlacePawn) for a in RULES.legal_actions(state))
