"""Ruling 30 and the Rules surface: notation round-trips, names and prefixes, positions."""

from __future__ import annotations

import json
import random

import pytest

from games import get
from games.core import AmbiguousMove, GameOver, InvalidNotation, RuleViolation
from games.fence import RULES, Yourself


def test_registry_finds_fence():
    assert get("fence") is RULES and RULES.info.title == "FENCE!"
    assert RULES.info.seat_names[:2] == ("Green", "Orange")


TRADING = {"boats": True, "trading_post": True, "trading_cards": True}


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"quick_map": True, "joker_swap": True},
        {"quick_map": True, "joker_swap": True, **TRADING},
    ],
    ids=["default", "jokers", "trading"],
)
def test_ruling_30_every_legal_step_round_trips_through_its_notation(options):
    for seed in range(2):
        state = RULES.new(3, options, seed)
        rng = random.Random(seed)
        for _ in range(150):
            if RULES.outcome(state) is not None:
                break
            legal = RULES.legal_actions(state)
            # the first steps of the list and a sample of the rest (offers come last)
            for action in legal[:30] + rng.sample(legal, min(len(legal), 15)):
                assert RULES.parse(state, RULES.format(state, action)) == action
            state = RULES.apply(state, rng.choice(legal))
            assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state


def test_ruling_30_cards_names_case_and_unique_prefixes(build, city):
    state = city({0: "old-town", 1: "night-market"}, hands={0: ["R2", "B1"]})
    wanted = Yourself(("R2", "B1"), build.hood("cabbagetown"))
    assert RULES.parse(state, "yourself R2 B1 cabbagetown") == wanted
    assert RULES.parse(state, "YOURSELF b1 r2 Cabbage") == wanted  # order, case, prefix
    assert RULES.parse(state, "yourself r2 b1") == wanted  # only one place to go
    assert RULES.parse(state, "cops to cabb").hood == build.hood("cabbagetown")


def test_ruling_30_tiles_by_name_or_coordinates(build):
    state = build.state(stage="draft", tile_hands=((build.tile("the-stix"),), ()), map_done=False)
    by_name = RULES.parse(state, "place the-stix at 1,0 r0")
    assert RULES.parse(state, "place 2,2 at 1,0 r0") == by_name
    assert RULES.format(state, by_name) == "place the-stix at 1,0 r0"


def test_errors_are_one_sentence_with_alternatives(build, city):
    state = city({0: "old-town", 1: "night-market"}, hands={0: ["B2", "B1"]})
    with pytest.raises(InvalidNotation, match="cannot read"):
        RULES.parse(state, "fly to the moon")
    with pytest.raises(RuleViolation, match="You don't hold B6 — your hand is B1 B2"):
        RULES.parse(state, "yourself B6")  # issue 14.10: the real reason, not the form
    with pytest.raises(AmbiguousMove, match="several"):
        RULES.parse(state, "cops to")
    with pytest.raises(InvalidNotation, match="pawn colour"):
        RULES.parse(state, "move red to sunnyside")


def test_position_and_dump_round_trip_the_whole_state():
    state = RULES.new(4, {"quick_map": True}, seed=7)
    text = RULES.position(state)
    assert RULES.from_position(text) == state
    # A position stored before the trading and boat options existed still loads.
    old = RULES.dump(state)
    for name in ("boats", "post", "dropped", "offer", "offered", "notes"):
        del old[name]
    for name in ("boats", "trading_post", "trading_cards"):
        del old["options"][name]
    assert RULES.load(old) == state
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state
    with pytest.raises(InvalidNotation):
        RULES.from_position("{not json")


def test_replaying_the_log_reproduces_the_game():
    rng = random.Random(3)
    state = RULES.new(3, {"quick_map": True}, seed=21)
    log = []
    for _ in range(120):
        if RULES.outcome(state) is not None:
            break
        action = rng.choice(RULES.legal_actions(state))
        log.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    again = RULES.new(3, {"quick_map": True}, seed=21)
    for text in log:
        again = RULES.apply(again, RULES.parse(again, text))
    assert again == state


def test_apply_never_mutates_and_over_means_over(build):
    state = build.state(
        placed=build.SQUARE, pawns={0: "sunnyside", 1: None}, cops="cabbagetown", settle_now=True
    )
    assert RULES.to_move(state) == []
    with pytest.raises(GameOver):
        RULES.parse(state, "cops to old-town")
    before = RULES.dump(RULES.new(2, seed=1))
    fresh = RULES.new(2, seed=1)
    RULES.apply(fresh, RULES.legal_actions(fresh)[0])
    assert RULES.dump(fresh) == before


def test_turn_ended_and_parse_many_cover_move_others(build, city):
    state = city({0: "night-market", 1: "sunnyside"})
    steps = RULES.parse_many(state, "move orange to cabbagetown; cops to old-town")
    middle = RULES.apply(state, steps[0])
    assert not RULES.turn_ended(state, middle)
    assert RULES.turn_ended(middle, RULES.apply(middle, steps[1]))
