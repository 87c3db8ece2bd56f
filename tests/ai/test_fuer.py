"""The Fuer AI: it rebuilds the state from the view, wins when it can, never hands the
opponent a line, and plays whole games."""

from __future__ import annotations

import json
import random

import pytest

import ai
import games
from ai.fuer import ranked_turns, state_from_view
from ai.fuer_lines import has_won

RULES = games.get("fuer")
START = ["d2", "d3", "d4", "e2", "e3", "e4", "f2", "f3", "f4"]


def _position(tiles: list[str], dark: list[str], light: list[str], to_move: str) -> object:
    pieces = {**{c: "F" for c in dark}, **{c: "S" for c in light}}
    text = json.dumps(
        {
            "tiles": START + tiles,
            "pieces": pieces,
            "supply": {"F": 20 - len(dark), "S": 20 - len(light)},
            "to_move": to_move,
        }
    )
    return RULES.from_position(text)


def _random_states(seed: int, games_count: int) -> list[object]:
    rng = random.Random(seed)
    found = []
    for _ in range(games_count):
        state = RULES.new()
        while True:
            found.append(state)
            if RULES.outcome(state) is not None:
                break
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return found


def test_state_from_view_round_trips_every_position_of_random_games() -> None:
    for state in _random_states(seed=11, games_count=15):
        for seat in (0, 1):
            assert RULES.dump(state_from_view(RULES.view(state, seat))) == RULES.dump(state)


def test_line_test_agrees_with_the_engine_on_random_games() -> None:
    for state in _random_states(seed=4, games_count=25)[1:]:
        mover = 1 - state.to_move
        won = state.outcome is not None and state.outcome.termination != "no_legal_turn"
        assert has_won(state.own(mover), state.pieces) == won


def test_wins_now_with_a_tiny_budget() -> None:
    # Dark has d2 e2 f2 in a row and a vacant tile on c2: a piece there is a four.
    state = _position(["c2"], ["d2", "e2", "f2"], ["d4", "f4"], "F")
    text = ai.choose("fuer", RULES.view(state, 0), 0, seed=3, iterations=5)
    after = RULES.apply(state, RULES.parse(state, text))
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_blocks_the_only_winning_space_of_the_opponent() -> None:
    state = _position(["c2"], ["d2", "e2", "f2"], ["d4", "f4"], "S")
    text = ai.choose("fuer", RULES.view(state, 1), 1, seed=3, iterations=20)
    after = RULES.apply(state, RULES.parse(state, text))
    assert after.outcome is None
    for turn in RULES.legal_actions(after):
        assert RULES.outcome(RULES.apply(after, turn)) is None, RULES.format(after, turn)


def test_never_leaves_four_pieces_beside_a_vacant_tile() -> None:
    # d3 e3 f3 hold three pieces of mixed colours and c3 is a vacant tile: whoever adds the
    # fourth piece on c3 or g3 without an end piece hands the opponent a five.
    state = _position(["c3", "g3"], ["d3", "f2"], ["e3", "d4"], "F")
    ranked = ranked_turns(state)
    best = RULES.apply(state, ranked[0])
    for turn in RULES.legal_actions(best):
        assert RULES.outcome(RULES.apply(best, turn)) is None, RULES.format(best, turn)


def test_same_view_seed_and_cap_give_the_same_turn() -> None:
    state = _random_states(seed=2, games_count=1)[3]
    seat = RULES.to_move(state)[0]
    view = RULES.view(state, seat)
    picks = {ai.choose("fuer", view, seat, seed=5, iterations=40) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_plays_whole_games_against_random_and_wins(seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.new()
    hero = seed % 2
    while RULES.outcome(state) is None:
        seat = state.to_move
        if seat == hero:
            text = ai.choose("fuer", RULES.view(state, seat), seat, seed=seed, iterations=15)
            action = RULES.parse(state, text)
        else:
            action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
    assert RULES.outcome(state).winners == (hero,)
