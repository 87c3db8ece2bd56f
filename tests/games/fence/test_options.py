"""Ruling 28: each extended rule is a match option, and each shows its effect here."""

from __future__ import annotations

from collections import Counter

import pytest

from games.fence import RULES, Hunch, Place, PlaceTunnel, Yourself
from games.fence.engine import NAMES
from games.fence.goods import end_round, start_goods
from games.fence.setup import legal_draft
from games.fence.state import thaw
from games.fence.world import build_map, tiles_at


def test_ruling_28_every_option_is_in_the_schema():
    names = {o.name for o in RULES.info.options}
    assert names >= {
        "quick_map",
        "round_limit",
        "ritzy_tile",
        "joker_swap",
        "tunnel",
        "turn_taking_pawns",
        "big_map",
        "missing_tiles",
        "all_hoods_connected",
        "mixed_stash",
        "mixed_blind_stash",
        "hot_goods_by_cards",
        "more_hot_goods",
        "wasted_hot_goods",
        "evidence_hunch",
        "accumulation_victory",
        "dice_round_limit",
    }


def _lonely(build, **fields):
    """Old Town plus Night Market (no coordinates): every roll lands in Old Town."""
    return build.state(placed=(("old-town", 0, 0, 0), ("night-market", -1, 0, 0)), **fields)


def test_ruling_28_ritzy_tile_goods_are_worth_two_cards(build):
    base = dict(
        pawns={0: "old-town", 1: None},
        cops="night-market",
        hands={1: ["R1", "B1"]},
        red=["R4", "R5", "R6"],
        blue=[],
    )
    plain = thaw(_lonely(build, **base))
    start_goods(plain, NAMES)
    ritzy = thaw(_lonely(build, ritzy=build.tile("old-town"), **base))
    start_goods(ritzy, NAMES)
    assert len(plain.hands[0]) == 1 and len(ritzy.hands[0]) == 2
    chosen = RULES.new(2, {"quick_map": True, "ritzy_tile": True}, seed=3)
    while chosen.stage != "turn":
        chosen = RULES.apply(chosen, RULES.legal_actions(chosen)[0])
    assert chosen.ritzy is not None


def test_ruling_28_joker_swaps_the_coordinates(build):
    state = build.state(
        placed=(("old-town", 0, 0, 0), ("little-lisbon", 0, 1, 0)),
        pawns={0: "old-town", 1: None},
        cops="little-lisbon",
        hands={0: ["RJ"], 1: ["R1", "B1"]},
        options={"joker_swap": True},
    )
    assert Yourself(("RJ",), build.hood("little-lisbon")) in RULES.legal_actions(state)
    jokers = Counter(RULES.new(4, {"joker_swap": True}, seed=1).red)["RJ"]
    assert jokers == 2


def test_ruling_28_tunnel_joins_two_chosen_neighbourhoods():
    state = RULES.new(3, {"quick_map": True, "tunnel": True}, seed=2)
    assert state.stage == "tunnel"
    for _ in range(2):
        action = RULES.legal_actions(state)[0]
        assert isinstance(action, PlaceTunnel)
        state = RULES.apply(state, action)
    a, b = state.tunnel
    city = build_map(state)
    assert b in city.succ[a] and a in city.succ[b]
    assert state.stage == "pawn"


def test_ruling_28_turn_taking_pawn_placement_uses_no_starting_cards():
    state = RULES.new(3, {"quick_map": True, "turn_taking_pawns": True}, seed=2)
    assert all(not s for s in state.start) and state.revealed == ()
    first = RULES.legal_actions(state)
    state = RULES.apply(state, first[0])
    assert first[0] not in RULES.legal_actions(state)  # taken locations are refused
    assert len(RULES.legal_actions(state)) == len(first) - 1


def test_ruling_28_big_map_doubles_the_city():
    state = RULES.new(4, {"quick_map": True, "big_map": True}, seed=1)
    names = [t["name"] for t in RULES.view(state, None)["map"]]
    assert len(state.placed) > 40 and any(n.endswith(" II") for n in names)
    assert len(tiles_at(state, (1, 3))) >= 1


def test_ruling_28_missing_tiles_ends_the_draft_when_a_hand_empties(build):
    hands = ((build.tile("sunnyside"),), (build.tile("cabbagetown"), build.tile("the-stix")))
    state = build.state(
        stage="draft", tile_hands=hands, map_done=False, round=0, options={"missing_tiles": True}
    )
    after = RULES.apply(state, Place(build.tile("sunnyside"), (0, 1), 0))
    assert after.map_done and build.tile("the-stix") in after.tiles_out
    normal = build.state(stage="draft", tile_hands=hands, map_done=False, round=0)
    assert not RULES.apply(normal, Place(build.tile("sunnyside"), (0, 1), 0)).map_done


def test_ruling_28_all_hoods_connected(build):
    hands = ((build.tile("brewery-lane"),), ())
    plain = build.state(stage="draft", tile_hands=hands, map_done=False)
    strict = build.state(
        stage="draft", tile_hands=hands, map_done=False, options={"all_hoods_connected": True}
    )
    assert any(a.pos == (1, 0) for a in legal_draft(plain))
    assert not legal_draft(strict)  # one of its two hoods would always be cut off


def test_ruling_28_mixed_stash_merges_the_piles_after_setup():
    state = RULES.new(2, {"quick_map": True, "mixed_stash": True}, seed=1)
    assert state.red and state.blue and not state.mixed
    while state.stage != "turn":
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.mixed and not state.red and not state.blue


def test_ruling_28_mixed_blind_stash_is_one_pile_and_pairs_discard_extras():
    state = RULES.new(3, {"mixed_blind_stash": True}, seed=1)
    assert state.mixed and not state.red and not state.blue
    total = len(state.mixed) + len(state.discard) + sum(len(s) for s in state.start)
    assert total == 48  # two decks for three players: 4 sets of each colour
    assert all(sorted(c[0] for c in s) == ["B", "R"] for s in state.start)


def test_ruling_28_hot_goods_by_cards_draws_the_location(build):
    state = _lonely(
        build,
        pawns={0: "old-town", 1: None},
        cops="night-market",
        hands={1: ["R1", "B1"]},
        red=["R3", "R1"],
        blue=["B6", "B3"],
        options={"hot_goods_by_cards": True},
    )
    table = thaw(state)
    start_goods(table, NAMES)
    assert table.discard[:2] == ["R1", "B3"] and table.goods[0][0] == build.tile("old-town")


@pytest.mark.parametrize(("choice", "expected"), [("half", 2), ("n-1", 3), ("n", 4)])
def test_ruling_28_more_hot_goods(build, choice, expected):
    state = _lonely(
        build,
        players=4,
        pawns={0: "old-town"},
        cops="night-market",
        red=["R1"] * 9,
        blue=[],
        options={"more_hot_goods": choice},
    )
    table = thaw(state)
    start_goods(table, NAMES)
    assert len(table.goods) == expected


def test_ruling_28_wasted_hot_goods_burn_a_stash_card(build):
    # The goods land in Old Town with the Cops, one step closer than the only free pawn.
    fields = dict(
        pawns={0: "night-market", 1: None},
        cops="old-town",
        hands={1: ["R1", "B1"]},
        red=["R2", "R3"],
        blue=["B2"],
    )
    table = thaw(_lonely(build, options={"wasted_hot_goods": True}, **fields))
    start_goods(table, NAMES)
    plain = thaw(_lonely(build, **fields))
    start_goods(plain, NAMES)
    assert len(table.discard) == len(plain.discard) + 1


def test_ruling_28_state_evidence_on_a_hunch(build):
    state = build.state(
        placed=build.SQUARE,
        pawns={0: None, 1: "cabbagetown"},
        cops="sunnyside",
        hands={1: ["R1", "B6"]},
        options={"evidence_hunch": True},
    )
    assert Hunch("red") in RULES.legal_actions(state)
    free = build.state(
        placed=build.SQUARE,
        pawns={0: "old-town", 1: "cabbagetown"},
        cops="sunnyside",
        options={"evidence_hunch": True},
    )
    assert Hunch("red") not in RULES.legal_actions(free)
    after = RULES.apply(state, Hunch("red"))
    # Either the roll found Orange (Jail, and cards for the witness) or nobody (unreliable).
    caught = after.pawns[1] is None
    assert caught != after.unreliable[0]
    assert (len(after.hands[0]) == 2) == caught


def test_ruling_28_unreliable_witness_loses_the_next_turn(build):
    state = build.state(
        placed=build.SQUARE,
        pawns={0: None, 1: "cabbagetown"},
        cops="sunnyside",
        hands={0: ["R6", "B6"], 1: ["R1", "B6"]},
        options={"evidence_hunch": True},
        unreliable=(True, False),
        settle_now=True,
    )
    assert state.actor == 1 and not state.unreliable[0]


def test_ruling_28_victory_by_accumulation(build):
    fields = dict(
        pawns={0: "old-town", 1: "night-market"},
        cops="old-town",
        hands={0: ["R1", "R2", "R3", "B1"], 1: ["B2"]},
        turn=2,
    )
    table = thaw(_lonely(build, options={"accumulation_victory": True}, **fields))
    end_round(table, NAMES)
    assert table.winners == (0,) and table.termination == "accumulation"
    plain = thaw(_lonely(build, **fields))
    end_round(plain, NAMES)
    assert plain.winners is None


def test_ruling_28_round_limit_by_dice():
    limits = {RULES.new(2, {"dice_round_limit": True}, seed=s).round_limit for s in range(30)}
    assert limits <= set(range(2, 13)) and len(limits) > 3
