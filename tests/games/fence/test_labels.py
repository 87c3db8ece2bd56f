"""FENCE!'s labels and choice paths read the way a player thinks of a turn, and keep the
panel's promises (distinct, prefix-free paths) in every stage."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.fence import RULES
from games.fence import actions as act
from games.fence.cards import has_pair
from games.text import LABEL_LIMIT, SEGMENT_LIMIT


def _square(build, **fields):
    square = (*build.SQUARE, ("night-market", -1, 0, 0))
    base = dict(
        placed=square,
        pawns={0: "old-town", 1: "night-market"},
        cops="tanners-row",
        hands={0: ["R2", "B1", "B2", "RX"], 1: ["B5"]},
        options={"boats": True, "trading_cards": True, "evidence_hunch": True},
    )
    return build.state(**{**base, **fields})


def test_labels_and_paths_of_a_turn(build):
    state = _square(build)
    cabbage, tanners = build.hood("cabbagetown"), build.hood("tanners-row")
    cases = [
        (
            act.Yourself(("R2", "B1"), cabbage),
            "Move yourself with R2 B1 to Cabbagetown",
            ("Move yourself", "R2 B1", "Cabbagetown"),
        ),
        (
            act.Yourself(("B2",), tanners),
            "Move yourself with B2 to Tanner's Row — onto the Cops: Jail",
            ("Move yourself", "B2", "Tanner's Row (the Cops: Jail)"),
        ),
        (
            act.Push(1, build.hood("old-town")),
            "Push Orange to Old Town",
            ("Move others", "Push Orange", "Old Town"),
        ),
        (
            act.CopsRoad(cabbage),
            "Cops by road to Cabbagetown",
            ("Move others", "Cops by road", "Cabbagetown"),
        ),
        (
            act.TipOff(("B1",), build.hood("sunnyside")),
            "Tip off the Cops with B1 to Sunnyside",
            ("Move others", "Tip off with B1", "Sunnyside"),
        ),
        (
            act.Boat("red"),
            "Move others and play your red boat",
            ("Move others", "Play your red boat"),
        ),
        (
            act.Offer(1, "R2", "B5"),
            "Offer Orange your R2 for their B5",
            ("Offer a trade", "to Orange", "give R2", "for B5"),
        ),
    ]
    legal = RULES.legal_actions(state)
    for action, label, path in cases:
        assert action in legal
        assert RULES.presentation.label(state, action) == label
        assert RULES.presentation.choice_path(state, action) == path


def test_the_second_step_of_move_others_drops_the_first_level(build):
    state = _square(build, stage="second", others_done="cops")
    push = act.Push(1, build.hood("old-town"))
    assert push in RULES.legal_actions(state)
    assert RULES.presentation.choice_path(state, push) == ("Push Orange", "Old Town")
    jailed = _square(build, pawns={0: None, 1: "night-market"}, stage="second", others_done="pawn")
    assert act.Hunch("red") in RULES.legal_actions(jailed)
    assert RULES.presentation.choice_path(jailed, act.Hunch("red")) == ("Hunch with the red die",)


def test_labels_of_the_other_stages(build):
    draft = build.state(stage="draft", tile_hands=((build.tile("the-stix"),), ()), map_done=False)
    place = act.Place(build.tile("the-stix"), (1, 0), 1)
    assert RULES.presentation.label(draft, place) == "Place The Stix at 1,0 turned 90°"
    assert RULES.presentation.choice_path(draft, place) == (
        "Place a tile",
        "The Stix",
        "at 1,0",
        "turned 90°",
    )
    swap = act.Swap(build.tile("the-stix"), (0, 1), 0)
    swap_state = build.state(placed=build.SQUARE, stage="draft", tile_hands=draft.tile_hands)
    assert (
        RULES.presentation.label(swap_state, swap)
        == "Swap in The Stix at 0,1 turned 0°, taking Sunnyside"
    )
    assert RULES.presentation.choice_path(draft, act.Draw("red")) == ("Draw a card", "red")
    assert RULES.presentation.label(draft, act.Draw("blue")) == "Draw a blue card"
    offer = _square(build, stage="offer", actor=1, offer=(0, 1, "R2", "B5"), hands={1: ["B5"]})
    accept = RULES.presentation.label(offer, act.Accept())
    assert accept == "Accept the trade from Green: give B5, get R2"
    assert RULES.presentation.label(offer, act.Refuse()) == "Refuse the trade from Green"
    post = _square(build, stage="trading", hands={0: ["R2"], 1: ["B1", "B2"]})
    assert RULES.presentation.choice_path(post, act.PostTrade(1, "R2", 2)) == (
        "Trade",
        "with Orange",
        "give R2",
        "take card 2",
    )
    assert RULES.presentation.choice_path(post, act.NoTrade()) == ("Don't trade",)


def test_many_pawn_places_are_grouped_by_red_coordinate():
    state = RULES.new(4, {"quick_map": True, "turn_taking_pawns": True}, seed=3)
    legal = RULES.legal_actions(state)
    assert len(legal) > 25
    paths = [RULES.presentation.choice_path(state, a) for a in legal]
    assert all(len(p) == 2 for p in paths)
    assert len({p[0] for p in paths}) <= 7  # six red values and the tiles without any
    normal = RULES.new(4, {"quick_map": True}, seed=3)
    assert all(
        len(RULES.presentation.choice_path(normal, a)) == 1 for a in RULES.legal_actions(normal)
    )


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), turn_taking=st.booleans())
# The Cops jailed Green at set-up and Green's first hand (R-Joker, R-act.Boat, B2, B4) has no
# red/blue pair: Orange wins before anyone's first turn (rulings 17, 18, 26).
@example(seed=534, players=2, turn_taking=False)
def test_paths_are_distinct_prefix_free_and_short_in_every_stage(seed, players, turn_taking):
    options = {
        "quick_map": seed % 3 != 0,
        "turn_taking_pawns": turn_taking,
        "boats": True,
        "trading_post": True,
        "trading_cards": True,
        "evidence_hunch": True,
        "joker_swap": True,
        "tunnel": True,
        "round_limit": 8,
    }
    rng = random.Random(seed)
    state = RULES.new(players, options, seed)
    stages = set()
    for _ in range(400):
        if RULES.outcome(state) is not None:
            break
        legal = RULES.legal_actions(state)
        paths = [RULES.presentation.choice_path(state, a) for a in legal]
        assert len(set(paths)) == len(paths)
        whole = set(paths)
        for path in paths:
            assert all(0 < len(seg) <= SEGMENT_LIMIT for seg in path)
            assert not any(path[:cut] in whole for cut in range(1, len(path)))
        for action in rng.sample(legal, min(len(legal), 20)):
            assert 0 < len(RULES.presentation.label(state, action)) <= LABEL_LIMIT
        stages.add(state.stage)
        state = RULES.apply(state, rng.choice(legal))
    if "turn" not in stages:
        # Over before the first turn: everyone but the winner jailed at set-up, without a
        # red/blue pair (ruling 26), is the only way a game ends before the main phase.
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome.termination == "jail", (stages, outcome)
        losers = [seat for seat in range(players) if seat not in outcome.winners]
        assert not any(has_pair(state.hands[seat]) for seat in losers)
