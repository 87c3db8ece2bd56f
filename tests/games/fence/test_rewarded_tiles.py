"""Rewarded Tile Placement (ruling 28, issue 14.4): a tile joining the city by road on two
or more sides earns its placer a card; swaps and thin placements earn nothing."""

from __future__ import annotations

import random

import games
from games.fence.actions import Place, Swap
from games.fence.setup import REWARD_JOINS
from games.fence.world import city_map

RULES = games.get("fence")


def test_ruling_28_rewarded_tile_placement() -> None:
    rewarded = thin = swaps = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = RULES.new(3, {"rewarded_tiles": True}, seed)
        while state.stage == "draft":
            action = rng.choice(RULES.legal_actions(state))
            seat = state.actor
            before = len(state.hands[seat])
            stash = len(state.red) + len(state.blue)
            after = RULES.apply(state, action)
            gained = len(after.hands[seat]) - before
            if isinstance(action, Place):
                joins = city_map(state).road_joins(action.tile, action.rot, action.pos)
                if joins >= REWARD_JOINS and stash:
                    assert gained == 1 and len(after.red) + len(after.blue) == stash - 1
                    rewarded += 1
                else:
                    assert gained == 0
                    thin += 1
            else:
                assert isinstance(action, Swap) and gained == 0
                swaps += 1
            state = after
    assert rewarded > 5 and thin > 5


def test_without_the_option_nobody_draws_while_drafting() -> None:
    rng = random.Random(1)
    state = RULES.new(3, {}, 1)
    while state.stage == "draft":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        assert not any(state.hands)
