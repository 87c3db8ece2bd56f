"""The Fendo computer: it rebuilds the position from the view, counts who reaches the open
squares first, closes a region it wins, and plays whole games without an illegal move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import games
from ai.fendo import claims, state_from_view, value_for

RULES = games.get("fendo")


def _played(seed: int, plies: int) -> object:
    return RULES.random_playout(RULES.new(), random.Random(seed), max_plies=plies)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_view_rebuilds_the_position(seed: int, plies: int) -> None:
    state = _played(seed, plies)
    if RULES.outcome(state) is not None:
        return  # a decided game is never given to the computer (the view has no side to move)
    seat = RULES.to_move(state)[0]
    assert RULES.dump(state_from_view(RULES.view(state, seat))) == RULES.dump(state)


def test_at_the_start_each_side_reaches_as_many_squares_first() -> None:
    mine, theirs = claims(RULES.new())
    assert mine == theirs and mine > 15  # the board is symmetric: 21 each, the middle row shared


def test_it_closes_the_larger_half_for_itself() -> None:
    position = {
        "size": 7,
        "pieces": {"a1": "W", "g7": "O", "d6": "O"},
        "fences": [f"{f}4/{f}5" for f in "abcdef"],
        "stock": {"W": 0, "O": 0},
        "to_move": "W",
        "passes": 0,
    }
    state = RULES.from_position(__import__("json").dumps(position))
    move = ai.choose("fendo", RULES.view(state, 0), 0, iterations=50)
    after = RULES.apply(state, RULES.parse(state, move))
    assert after.scores()[0] == 28, move  # the bottom four ranks closed for White
    assert value_for(after, 0) > value_for(state, 0)
