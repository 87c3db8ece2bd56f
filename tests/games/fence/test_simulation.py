"""A small run of the simulation benchmark: random games end, and every invariant
(cards conserved, pieces on usable neighbourhoods, one tile per spot, a valid map) holds
after every step, with default options and with every option on."""

from __future__ import annotations

import pytest

from benchmarks.fence import all_options, check, play
from games.fence import RULES


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("options", [{}, "all"], ids=["default", "all-options"])
def test_random_games_keep_every_invariant(players, options):
    chosen = all_options() if options == "all" else options
    final = play(players, chosen, seed=players, checked=True)
    assert RULES.outcome(final) is not None
    check(final)


def test_big_map_games_keep_every_invariant():
    final = play(3, {"big_map": True, "quick_map": True, "round_limit": 15}, seed=1, checked=True)
    assert RULES.outcome(final) is not None
