"""The Ordo computer: it rebuilds the position from the view, takes a win in one, stops a
win in one, and plays whole games without an illegal move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import games
from ai.ordo import state_from_view, wins_now
from games.ordo.state import parse_position

RULES = games.get("ordo")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_the_view_rebuilds_the_position(seed: int, plies: int) -> None:
    state = RULES.random_playout(RULES.new(), random.Random(seed), max_plies=plies)
    if RULES.outcome(state) is not None:
        return  # a decided game is never given to the computer (the view has no side to move)
    rebuilt = state_from_view(RULES.view(state, 0))
    assert RULES.dump(rebuilt) == RULES.dump(state)


def _position(rows: str, side: str) -> object:
    return parse_position("\n".join([*rows.split(), side]))


WIN_IN_ONE = """
........BB
....WW..BB
....W.....
..........
..........
..........
..........
..........
"""
THREAT = """
......BB..
....WWB...
....W.....
..........
..........
..........
..........
..........
"""


def test_it_steps_onto_the_goal_when_it_can() -> None:
    state = _position(WIN_IN_ONE, "W")
    assert wins_now(state.white, state.black, 0)  # type: ignore[attr-defined]
    move = ai.choose("ordo", RULES.view(state, 0), 0, iterations=200)
    after = RULES.apply(state, RULES.parse(state, move))
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (0,)


def test_it_answers_a_threat_to_reach_its_home_row() -> None:
    """White threatens f7-f8 next move; Black (to move) must capture the runner."""
    state = _position(THREAT, "B")
    assert wins_now(state.white, state.black, 0)  # type: ignore[attr-defined]
    move = ai.choose("ordo", RULES.view(state, 1), 1, iterations=3000)
    after = RULES.apply(state, RULES.parse(state, move))
    assert not wins_now(after.white, after.black, 0)  # type: ignore[attr-defined]
