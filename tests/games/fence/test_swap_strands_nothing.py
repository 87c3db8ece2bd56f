"""Issue 14.2 (ruling 13 with 12): a swap may not strand a neighbourhood it never touched."""

from __future__ import annotations

import random

import games
from games.fence.actions import Swap
from games.fence.world import city_map

RULES = games.get("fence")


def test_ruling_13_no_legal_swap_strands_a_neighbourhood() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.new(4, {}, seed)
        while state.stage == "draft":
            actions = RULES.legal_actions(state)
            before = city_map(state).stranded()
            swaps = [a for a in actions if isinstance(a, Swap)]
            for swap in rng.sample(swaps, min(len(swaps), 8)):
                after = RULES.apply(state, swap)
                assert city_map(after).stranded() <= before, (seed, swap)
                checked += 1
            state = RULES.apply(state, rng.choice(actions))
    assert checked > 100  # enough swaps were tried to mean something


def test_ruling_13_the_swap_that_used_to_strand_a_neighbourhood_is_refused() -> None:
    """Seed 0 of a 4-player game, tenth draft step: this swap was offered and stranded a
    neighbourhood of a tile it never touched."""
    rng = random.Random(0)
    state = RULES.new(4, {}, 0)
    for _ in range(9):
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert Swap(tile=27, pos=(-1, 0), rot=3) not in RULES.legal_actions(state)
