"""A small run of the simulation benchmark: random games end, and every invariant
(cards conserved, pieces on usable neighbourhoods, one tile per spot, a valid map) holds
after every step, with default options, with every option on, and with the trading and
boat options on their own (with separate red and blue piles, so boats reach the hands)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.fence import all_options, check
from games.fence import RULES
from games.fence.state import FenceState

TRADING = {"boats": True, "trading_post": True, "trading_cards": True, "quick_map": True}


def _play(players: int, options: dict[str, Any], seed: int) -> FenceState:
    """The benchmark's game loop with :func:`_check` after every step."""
    rng = random.Random(seed)
    state = RULES.new(players, options, seed)
    while RULES.outcome(state) is None:
        actions = RULES.legal_actions(state)
        state = RULES.apply(state, actions[rng.randrange(len(actions))])
        check(state)
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("options", ["default", "all", "trading"])
def test_random_games_keep_every_invariant(players, options):
    chosen = {"default": {}, "all": all_options(), "trading": TRADING}[options]
    final = _play(players, chosen, seed=players)
    assert RULES.outcome(final) is not None
    check(final)


def test_boats_and_trades_happen_in_random_games():
    played: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.new(4, TRADING, seed)
        while RULES.outcome(state) is None:
            action = rng.choice(RULES.legal_actions(state))
            played.add(type(action).__name__)
            state = RULES.apply(state, action)
    assert {"Boat", "Offer", "Accept", "Refuse", "PostTrade", "PlacePost"} <= played


def test_big_map_games_keep_every_invariant():
    final = _play(3, {"big_map": True, "quick_map": True, "round_limit": 15}, seed=1)
    assert RULES.outcome(final) is not None
