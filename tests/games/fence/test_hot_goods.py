"""Rulings 24–27: Hot Goods, distances, victory and the round limit.

On the ``SQUARE`` map the road from Old Town east to Tanner's Row is One Way (westwards),
so goods in Old Town travel 3 steps round the block to reach Tanner's Row, while the Cops,
ignoring the sign, are 1 step away.
"""

from __future__ import annotations

from games.fence import RULES, CopsRoad, Push
from games.fence.engine import NAMES, settle
from games.fence.goods import closest, start_goods
from games.fence.state import thaw


def _closest(build, square, pawns, cops, where="old-town", players=2):
    state = build.state(players=players, placed=square, pawns=pawns, cops=cops)
    return closest(thaw(state), [build.tile(where)], NAMES)[0]


def test_ruling_24_distance_obeys_one_way_for_goods(build, square):
    # Tanner's Row touches Old Town, but the goods must go round: 3 steps against 2. The
    # Cops wait 3 steps away in Glasshouse, east of Cabbagetown.
    wider = (*square, ("glasshouse", 2, 1, 0))
    pawns = {0: "tanners-row", 1: "cabbagetown"}
    assert _closest(build, wider, pawns, "glasshouse") == 1


def test_ruling_24_the_cops_ignore_one_way(build, square):
    assert _closest(build, square, {0: "sunnyside", 1: "cabbagetown"}, "tanners-row") == 0
    # Cops 1 step away (against the sign) beat Cabbagetown at 2 steps.
    assert _closest(build, square, {0: "night-market", 1: None}, "tanners-row") == 0
    assert _closest(build, square, {0: "cabbagetown", 1: None}, "tanners-row") is None


def test_ruling_24_same_tile_is_distance_zero_and_jailed_players_do_not_count(build, square):
    assert _closest(build, square, {0: None, 1: "old-town"}, "sunnyside") == 1


def test_ruling_24_half_the_players_rounded_up(build, square):
    for players, expected in ((2, 1), (3, 2), (5, 3), (6, 3)):
        pawns = dict.fromkeys(range(players))
        pawns[0] = "night-market"
        state = build.state(
            players=players, placed=square, pawns=pawns, cops="cabbagetown", red=["R1"] * 9, blue=[]
        )
        table = thaw(state)
        start_goods(table, NAMES)
        assert len(table.goods) == expected


def test_ruling_25_a_tie_gives_nobody_anything(build, square):
    assert _closest(build, square, {0: "sunnyside", 1: "night-market"}, "cabbagetown") is None


def test_ruling_25_cops_at_equal_distance_do_not_stop_the_player(build, square):
    assert _closest(build, square, {0: "sunnyside", 1: None}, "night-market") == 0


def test_ruling_25_the_winner_chooses_a_colour_or_takes_the_other_pile(build, square):
    state = build.state(
        placed=square,
        pawns={0: "sunnyside", 1: None},
        cops="cabbagetown",
        hands={1: ["R1", "B1"]},
        turn=1,
        actor=1,
    )
    table = thaw(state)
    start_goods(table, NAMES)
    assert table.stage == "draw" and table.actor == 0
    only_blue = build.state(
        placed=square,
        pawns={0: "sunnyside", 1: None},
        cops="cabbagetown",
        hands={1: ["R1", "B1"]},
        red=[],
        blue=["B4"],
    )
    table = thaw(only_blue)
    start_goods(table, NAMES)
    assert table.hands[0] == ["B4"] and table.stage == "turn"


def test_ruling_25_an_empty_stash_brings_no_hot_goods(build, square):
    state = build.state(
        placed=square,
        pawns={0: "sunnyside", 1: None},
        cops="cabbagetown",
        hands={1: ["R1", "B1"]},
        red=[],
        blue=[],
    )
    table = thaw(state)
    start_goods(table, NAMES)
    assert table.goods == [] and any("Stash is empty" in e for e in map(str, table.events))


def test_ruling_26_everyone_else_jailed_without_a_pair_wins(build, square):
    stuck = build.state(
        placed=square,
        pawns={0: "sunnyside", 1: None},
        cops="cabbagetown",
        hands={1: ["R1", "R2"]},
        settle_now=True,
    )
    assert RULES.outcome(stuck).winners == (0,) and RULES.to_move(stuck) == []
    hopeful = build.state(
        placed=square,
        pawns={0: "sunnyside", 1: None},
        cops="cabbagetown",
        hands={1: ["R1", "B2"]},
        settle_now=True,
    )
    assert RULES.outcome(hopeful) is None


def test_ruling_27_after_the_round_limit_most_cards_among_free_players_wins(build, square):
    state = build.state(
        players=3,
        placed=square,
        pawns={0: "sunnyside", 1: "night-market", 2: None},
        cops="tanners-row",
        hands={0: ["R1"], 1: ["R2", "B2"], 2: ["R3", "B3", "B4"]},
        round_limit=1,
        red=[],
        blue=[],
    )
    assert RULES.view(state, None)["round_limit"] == 1
    while RULES.outcome(state) is None:  # nobody plays a card: hand sizes stay put
        legal = [
            a
            for a in RULES.legal_actions(state)
            if (isinstance(a, CopsRoad) and a.hood not in state.pawns)
            or (isinstance(a, Push) and a.hood != state.cops)
        ]
        state = RULES.apply(state, legal[0])
    outcome = RULES.outcome(state)
    assert outcome.termination == "round_limit" and state.round == 1
    assert outcome.winners == (1,)  # seat 2 holds more, but is in Jail


def test_ruling_27_default_limit_is_sixty():
    assert RULES.new(2, seed=1).round_limit == 60


def test_settle_is_idempotent_on_a_waiting_state(build, square):
    state = build.state(
        placed=square, pawns={0: "sunnyside", 1: "night-market"}, cops="cabbagetown"
    )
    assert settle(state, []) == state
