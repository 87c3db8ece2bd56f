"""Rulings 19–23: rounds, Move Yourself, Move Others, Jail and Turning State's Evidence.

The map is the 2x2 ``SQUARE``: Old Town (1,3), Tanner's Row (1,2) east of it, Sunnyside
(1,1) north, Cabbagetown (2,1) north-east, plus Night Market (no coordinates) to the west.
"""

from __future__ import annotations

import pytest

from games.core import RuleViolation
from games.fence import RULES, CopsRoad, Draw, Push, TipOff, Yourself


def _pass_turn(state):
    """End a turn with the first Cops road move (and a push when one is asked for)."""
    while True:
        actor = state.actor
        state = RULES.apply(state, RULES.legal_actions(state)[-1])
        if state.actor != actor or state.stage != "second":
            return state


def test_ruling_19_rounds_run_from_the_first_player_then_the_marker_moves_back(build, city):
    state = city(
        {0: "old-town", 1: "night-market", 2: "cabbagetown"},
        players=3,
        first=1,
        actor=1,
        red=[],
        blue=[],
    )
    order = []
    while state.round == 1:
        order.append(state.actor)
        state = _pass_turn(state)
    assert order == [1, 2, 0]
    assert state.first == 0 and state.actor == 0 and state.round == 2


def test_ruling_20_one_card_changes_one_coordinate(build, city):
    state = city({0: "old-town", 1: "night-market"}, hands={0: ["B1", "R2"]})
    moves = {(a.cards, a.hood) for a in RULES.legal_actions(state) if isinstance(a, Yourself)}
    assert (("B1",), build.hood("sunnyside")) in moves
    assert (("R2", "B1"), build.hood("cabbagetown")) in moves
    assert not any(c == ("R2",) for c, _ in moves)  # (2,3) is not on this map


def test_ruling_20_no_single_card_from_a_tile_without_coordinates(build, city):
    state = city({0: "night-market", 1: "old-town"}, hands={0: ["B1", "R2"]})
    cards = {a.cards for a in RULES.legal_actions(state) if isinstance(a, Yourself)}
    assert cards == {("R2", "B1")}


def test_ruling_20_no_moving_yourself_onto_a_pawn_but_onto_the_cops_means_jail(build, city):
    state = city({0: "old-town", 1: "sunnyside"}, hands={0: ["B1", "B2"]})
    targets = {a.hood for a in RULES.legal_actions(state) if isinstance(a, Yourself)}
    assert build.hood("sunnyside") not in targets
    into_cops = Yourself(("B2",), build.hood("tanners-row"))
    assert RULES.presentation.highlight(state, into_cops)["onto_cops"] is True
    after = RULES.apply(state, into_cops)
    assert after.pawns[0] is None and "B2" in after.discard


def test_ruling_20_move_others_has_two_parts_in_either_order(build, city):
    state = city({0: "night-market", 1: "sunnyside"})
    pushes = {a.hood for a in RULES.legal_actions(state) if isinstance(a, Push)}
    assert pushes == {build.hood("old-town"), build.hood("cabbagetown")}  # One Way respected
    pawn_first = RULES.apply(state, Push(1, build.hood("cabbagetown")))
    assert pawn_first.stage == "second" and pawn_first.actor == 0
    assert all(isinstance(a, CopsRoad | TipOff) for a in RULES.legal_actions(pawn_first))
    cops_first = RULES.apply(state, CopsRoad(build.hood("old-town")))  # against the One Way
    assert cops_first.stage == "second"
    assert all(isinstance(a, Push) for a in RULES.legal_actions(cops_first))
    done = RULES.apply(cops_first, Push(1, build.hood("cabbagetown")))
    assert done.actor == 1


def test_ruling_20_an_impossible_part_is_skipped(build, city):
    state = city({0: "old-town", 1: None}, hands={1: ["R1", "B5"]})
    after = RULES.apply(state, CopsRoad(build.hood("cabbagetown")))
    assert after.actor == 1 and after.stage == "turn"  # no pawn to push: the turn is over


def test_ruling_21_the_cops_entering_jail_every_pawn_there(build, city):
    state = city({0: "old-town", 1: "cabbagetown", 2: "cabbagetown"}, players=3)
    after = RULES.apply(state, CopsRoad(build.hood("cabbagetown")))
    assert after.pawns[1] is None and after.pawns[2] is None


def test_ruling_21_pushing_a_pawn_onto_the_cops_jails_it(build, city):
    state = city({0: "old-town", 1: "sunnyside"}, cops="cabbagetown")
    after = RULES.apply(state, Push(1, build.hood("cabbagetown")))
    assert after.pawns[1] is None


def test_ruling_22_a_jailed_player_with_a_pair_must_get_out(build, city):
    state = city({0: None, 1: "old-town"}, hands={0: ["R2", "B1", "B3"]})
    legal = RULES.legal_actions(state)
    assert legal == [Yourself(("R2", "B1"), build.hood("cabbagetown"))]
    out = RULES.apply(state, legal[0])
    assert out.pawns[0] == build.hood("cabbagetown")
    with pytest.raises(RuleViolation):
        RULES.apply(state, CopsRoad(build.hood("old-town")))


def test_ruling_23_evidence_by_road_draws_a_card_of_your_choice(build, city):
    state = city({0: None, 1: "sunnyside"}, cops="old-town")
    after = RULES.apply(state, Push(1, build.hood("old-town")))
    assert after.stage == "draw" and after.actor == 0
    drawn = RULES.apply(after, Draw("blue"))
    assert drawn.hands[0] == ("B3",) and drawn.stage == "second"


def test_ruling_23_evidence_by_tip_off_draws_the_fewest_for_a_pair(build, city):
    state = city({0: None, 1: "sunnyside"}, cops="old-town", hands={0: ["B1"]})
    after = RULES.apply(state, TipOff(("B1",), build.hood("sunnyside")))
    assert after.pawns[1] is None
    assert sorted(c[0] for c in after.hands[0]) == ["B", "R"]  # one of each colour


def test_ruling_23_no_evidence_outside_jail(build, city):
    state = city({0: "night-market", 1: "sunnyside", 2: "cabbagetown"}, players=3, cops="old-town")
    after = RULES.apply(state, Push(1, build.hood("old-town")))
    assert after.pawns[1] is None
    assert after.hands[0] == () and after.stage == "second"


def test_ruling_23_evidence_can_happen_twice_in_one_turn(build, square):
    state = build.state(
        players=3,
        placed=square,
        pawns={0: None, 1: "sunnyside", 2: "tanners-row"},
        cops="old-town",
        hands={1: ["R1", "B1"]},  # a jailed player with a pair keeps the game going
        red=["R5", "R6"],
        blue=[],
    )
    once = RULES.apply(state, Push(1, build.hood("old-town")))
    assert once.pawns[1] is None and once.hands[0] == ("R6",)
    twice = RULES.apply(once, CopsRoad(build.hood("tanners-row")))
    assert twice.pawns[2] is None and twice.hands[0] == ("R5", "R6")
