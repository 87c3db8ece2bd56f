"""The Fonver AI: it rebuilds the state from the view, finds the connecting point,
blocks the opponent's last gap, decides the pie sensibly and plays whole games."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ai.fonver import state_from_view
from ai.fonver_distance import distance, links
from games.fonver.board import BLACK, WHITE

RULES = games.get("fonver")


def _board(rows: list[str], colour: str) -> object:
    """A position from rows written top rank first (ruling 12)."""
    return RULES.from_position("\n".join([*rows, colour, "place"]))


# Black's column e1…e8 lacks only e9; White has a few scattered stones.
THREAT = [
    ".........",
    "....B....",
    "....B..W.",
    "..W.B....",
    "....B....",
    "....B.W..",
    ".W..B....",
    "....B....",
    "....B...W",
]


def _random_states(seed: int, size: int, count: int) -> list[object]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = RULES.new(options={"size": size})
        for _ in range(300):
            found.append(state)
            if RULES.outcome(state) is not None:
                break
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return found


def test_state_from_view_round_trips_random_positions() -> None:
    states = _random_states(seed=3, size=9, count=6) + _random_states(seed=4, size=13, count=2)
    phases = {state.phase for state in states}
    assert {"pie", "capture", "place"} <= phases
    for state in states[::3]:
        for seat in (0, 1):
            assert RULES.dump(state_from_view(RULES.view(state, seat))) == RULES.dump(state)


def test_distance_counts_the_missing_stones() -> None:
    state = _board(THREAT, "B")
    geo = links(9)
    assert distance(state.board, BLACK, geo) == 1
    assert distance(state.board, WHITE, geo) >= 5


def test_connects_in_one_with_a_tiny_budget() -> None:
    state = _board(THREAT, "B")
    assert ai.choose("fonver", RULES.view(state, 0), 0, seed=1, iterations=5) == "e9"


def test_blocks_the_last_gap() -> None:
    state = _board(THREAT, "W")
    assert ai.choose("fonver", RULES.view(state, 1), 1, seed=1, iterations=30) == "e9"


@pytest.mark.parametrize(("point", "decision"), [("j10", "swap"), ("b2", "keep"), ("j2", "keep")])
def test_pie_swaps_a_central_first_stone_only(point: str, decision: str) -> None:
    state = RULES.new()
    state = RULES.apply(state, RULES.parse(state, point))
    assert ai.choose("fonver", RULES.view(state, 1), 1, iterations=5) == decision


def test_same_view_seed_and_cap_give_the_same_move() -> None:
    state = _random_states(seed=8, size=11, count=1)[20]
    seat = RULES.to_move(state)[0]
    view = RULES.view(state, seat)
    picks = {ai.choose("fonver", view, seat, seed=2, iterations=25) for _ in range(3)}
    assert len(picks) == 1


def test_plays_a_whole_game_against_random_and_wins() -> None:
    rng = random.Random(5)
    state = RULES.new(options={"size": 9})
    hero = 1
    for _ in range(400):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_move(state)[0]
        if seat == hero:
            text = ai.choose("fonver", RULES.view(state, seat), seat, seed=3, iterations=8)
            action = RULES.parse(state, text)
        else:
            action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
    assert RULES.outcome(state) is not None
    assert RULES.outcome(state).winners == (hero,)


def test_the_side_ahead_avoids_a_capture_from_beside_its_target() -> None:
    from ai.fonver import _unlooped

    beside, far = (1 * 9 + 4, 1 * 9 + 3), (5 * 9 + 2, 1 * 9 + 3)  # e2>d2, c6>d2
    assert _unlooped([(beside, 90, 0.80), (far, 40, 0.72)], 9) == far
    assert _unlooped([(beside, 90, 0.50), (far, 40, 0.45)], 9) == beside  # behind: trade on
    assert _unlooped([(beside, 90, 0.80), (far, 40, 0.50)], 9) == beside  # far too costly
