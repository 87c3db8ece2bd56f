"""What every game's AI promises the bot: a legal next action for its seat, from its view
alone, the same for the same seed and work cap, played to the end without a crash."""

from __future__ import annotations

import importlib.util
import random

import pytest

import ai
import games

PLAYERS = {"ordo": 2, "fendo": 2, "fonver": 2, "fuer": 2, "fence": 3}
WRITTEN = [g for g in PLAYERS if importlib.util.find_spec(f"ai.{g}") is not None]
CAP = 30  # iterations: small, so the tests stay quick and machine-independent
OPTIONS = {"fence": {"quick_map": True}}
"""FENCE!'s map drafting is covered by its own whole-game test; here the main phase."""


def _positions(game: str, seed: int, plies: int) -> list[object]:
    rules = games.get(game)
    rng = random.Random(seed)
    state = rules.new(players=PLAYERS[game], seed=seed, options=OPTIONS.get(game))
    found = [state]
    for _ in range(plies):
        if rules.outcome(state) is not None:
            break
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        found.append(state)
    return [s for s in found if rules.outcome(s) is None]


@pytest.mark.parametrize("game", WRITTEN)
def test_choice_is_legal_for_the_seat_to_move(game: str) -> None:
    rules = games.get(game)
    for state in _positions(game, seed=3, plies=40)[::7]:
        seat = rules.to_move(state)[0]
        text = ai.choose(game, rules.view(state, seat), seat, seed=1, iterations=CAP)
        assert rules.parse(state, text) in rules.legal_actions(state)


@pytest.mark.parametrize("game", WRITTEN)
def test_same_view_seed_and_cap_give_the_same_move(game: str) -> None:
    rules = games.get(game)
    state = _positions(game, seed=5, plies=12)[-1]
    seat = rules.to_move(state)[0]
    view = rules.view(state, seat)
    first = ai.choose(game, view, seat, seed=9, iterations=CAP)
    assert all(ai.choose(game, view, seat, seed=9, iterations=CAP) == first for _ in range(2))


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose("ordo", {}, 0, level="grandmaster")


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        ai.Budget()


def test_every_game_has_a_computer_opponent() -> None:
    assert WRITTEN == list(PLAYERS) == games.available()


@pytest.mark.parametrize(
    ("game", "seed", "plies", "iterations"), [("fendo", 4, 300, 40), ("ordo", 3, 400, 300)]
)
def test_a_whole_game_against_random_play(
    game: str, seed: int, plies: int, iterations: int
) -> None:
    """The computer in seat 0 beats a player choosing at random, game over within ``plies``."""
    rules = games.get(game)
    rng = random.Random(seed)
    state = rules.new()
    for ply in range(plies):
        if rules.outcome(state) is not None:
            break
        if rules.to_move(state)[0] == 0:
            text = ai.choose(game, rules.view(state, 0), 0, seed=ply, iterations=iterations)
            action = rules.parse(state, text)
        else:
            action = rng.choice(rules.legal_actions(state))
        state = rules.apply(state, action)
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
