"""``drop_player``: a seat leaves a FENCE! game that goes on without it (resignation or
timeout), at any stage, and the game still plays to its end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.fence import check
from games.fence import RULES, Accept, Offer, PostTrade

PAWNS = {0: "old-town", 1: "cabbagetown", 2: "sunnyside"}


def _three_on_the_square(build, pawns=PAWNS, **given):
    """Three seats on the square city, the Cops in Tanners Row: where most of these leave."""
    return build.state(players=3, placed=build.SQUARE, pawns=pawns, cops="tanners-row", **given)


def test_the_seat_to_act_leaves_mid_turn(build):
    state = _three_on_the_square(
        build,
        hands={0: ["R1", "B3"], 1: ["B2"], 2: ["R2"]},
        boats=(("RX",), (), ()),
        stage="second",
        others_done="pawn",
        options={"boats": True},
    )
    after = RULES.drop_player(state, 0)
    assert after.dropped == (True, False, False) and after.actor == 1 and after.stage == "turn"
    assert after.pawns[0] is None and after.hands[0] == () and after.boats[0] == ()
    assert {"R1", "B3", "RX"} <= set(after.discard)  # face up: public from now on
    assert RULES.view(after, None)["dropped"] == [True, False, False]
    assert any(
        "Green leaves the game" in e
        for e in [str(n) for n in RULES.presentation.notices(state, after)]
    )


def test_another_seat_leaves_and_play_goes_on(build):
    state = _three_on_the_square(build, hands={0: ["R1"], 1: ["B2"], 2: ["R2"]})
    after = RULES.drop_player(state, 2)
    assert after.actor == 0 and after.stage == "turn" and after.hands[0] == ("R1",)
    assert RULES.drop_player(after, 2) is after  # already gone: nothing changes
    # Seat 2 is skipped from now on, also as the First Player of a later round.
    for _ in range(40):
        if RULES.outcome(after) is not None:
            break
        assert RULES.to_move(after) != [2]
        after = RULES.apply(after, RULES.legal_actions(after)[0])


def test_the_last_seat_left_wins(build):
    state = _three_on_the_square(
        build,
        pawns={0: "old-town", 1: "cabbagetown", 2: None},
        hands={2: ["R1", "B1"]},  # a way out of Jail, so ruling 26 does not end it first
    )
    one = RULES.drop_player(state, 0)
    assert RULES.outcome(one) is None
    two = RULES.drop_player(one, 1)
    outcome = RULES.outcome(two)
    assert outcome.winners == (2,) and outcome.termination == "last_player"
    assert RULES.drop_player(two, 2) is two  # over: nothing left to change


def test_ruling_26_a_player_who_left_counts_as_jailed_with_no_way_out(build):
    state = _three_on_the_square(
        build,
        pawns={0: "old-town", 1: None, 2: "sunnyside"},
        hands={1: ["R1"], 2: ["R2", "B2"]},
    )
    after = RULES.drop_player(state, 2)
    assert RULES.outcome(after).winners == (0,)
    assert RULES.outcome(after).termination == "jail"


def test_leaving_during_the_draft_discards_the_tiles(build):
    hands = ((build.tile("sunnyside"),), (build.tile("cabbagetown"),), (build.tile("the-stix"),))
    state = build.state(players=3, stage="draft", tile_hands=hands, map_done=False, round=0)
    after = RULES.drop_player(state, 0)
    assert after.stage == "draft" and after.actor == 1
    assert build.tile("sunnyside") in after.tiles_out and after.tile_hands[0] == ()


def test_the_first_player_leaving_during_setup_passes_the_marker_on():
    state = RULES.new(3, {"quick_map": True}, seed=2)
    assert state.stage == "pawn" and state.actor == state.first
    first = state.first
    after = RULES.drop_player(state, first)
    assert after.first == (first + 1) % 3 and after.actor == after.first
    assert after.start[first] == ()
    while after.stage == "pawn":
        assert after.actor != first
        after = RULES.apply(after, RULES.legal_actions(after)[0])
    assert after.stage == "cops" and after.actor == after.first
    after = RULES.apply(after, RULES.legal_actions(after)[0])
    assert after.hands[first] == () and all(
        len(after.hands[s]) == 4 for s in range(3) if s != first
    )


def test_a_pending_offer_lapses(build):
    state = _three_on_the_square(
        build,
        hands={0: ["R3"], 1: ["B5"], 2: ["R1"]},
        options={"trading_cards": True},
    )
    asked = RULES.apply(state, Offer(1, "R3", "B5"))
    assert Accept() in RULES.legal_actions(asked)
    offeree_gone = RULES.drop_player(asked, 1)
    assert offeree_gone.actor == 0 and offeree_gone.stage == "turn" and not offeree_gone.offer
    assert offeree_gone.hands[0] == ("R3",)
    offerer_gone = RULES.drop_player(asked, 0)
    assert offerer_gone.actor == 1 and offerer_gone.stage == "turn" and not offerer_gone.offer


def test_leaving_while_choosing_a_hot_goods_colour_forfeits_the_goods(build):
    state = _three_on_the_square(
        build,
        stage="draw",
        actor=2,
        turn=3,
        draws_owed=1,
        draw_for="goods",
        goods_left=0,
    )
    after = RULES.drop_player(state, 2)
    assert after.round == 2 and after.stage == "turn" and after.hands[2] == ()
    assert after.first == 2 - 1  # the marker moved back one seat, as every round


def test_the_trading_post_skips_players_who_left(build):
    state = _three_on_the_square(
        build,
        pawns={0: "sunnyside", 1: "cabbagetown", 2: "old-town"},
        hands={0: ["R1"], 1: ["B2"], 2: ["R2"]},
        post=build.hood("sunnyside"),
        stage="trading",
        options={"trading_post": True},
    )
    after = RULES.drop_player(state, 1)
    assert {a.seat for a in RULES.legal_actions(after) if isinstance(a, PostTrade)} == {2}


@settings(max_examples=12)
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    quick=st.booleans(),
    extras=st.booleans(),
    leave_at=st.lists(st.integers(0, 300), min_size=1, max_size=3),
)
def test_a_random_seat_leaving_at_a_random_moment_never_breaks_a_game(
    players, seed, quick, extras, leave_at
):
    options = {"quick_map": quick, "round_limit": 12}
    if extras:
        options.update(
            boats=True, trading_post=True, trading_cards=True, joker_swap=True, evidence_hunch=True
        )
    rng = random.Random(seed)
    state = RULES.new(players, options, seed)
    left: set[int] = set()
    for step in range(3000):
        if RULES.outcome(state) is not None:
            break
        if step in leave_at:
            seat = rng.randrange(players)
            state = RULES.drop_player(state, seat)
            left.add(seat)
            assert RULES.load(RULES.dump(state)) == state
        else:
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        check(state)
        assert not set(RULES.to_move(state)) & left
        assert all(not state.hands[s] and state.pawns[s] is None for s in left)
    outcome = RULES.outcome(state)
    assert outcome is not None and not set(outcome.winners) & left
