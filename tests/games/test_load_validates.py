"""Issue 14.7: ``load`` trusts nothing. A corrupted snapshot — wrong types, short lists,
missing keys, absurd numbers — is refused with ``InvalidState`` (or the game's own
``InvalidNotation`` where it checks a field itself), quickly and with bounded memory: never
a stray AttributeError or IndexError, never a hang."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core import InvalidNotation, InvalidState

JUNK = [None, "x", -1, 10**12, 2**60, 1.5, [], {}, [1, 2], {"a": 1}, True, "🂠" * 3]


def sample_dump(game: str, seed: int) -> dict[str, Any]:
    rules = games.get(game)
    players = 3 if game == "fence" else 2
    state = rules.new(players, {"quick_map": True} if game == "fence" else None, seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 30)):
        if rules.outcome(state) is not None or not rules.to_move(state):
            break
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return rules.dump(state)


DUMPS = {game: [sample_dump(game, seed) for seed in range(3)] for game in games.available()}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            found += paths(item, (*prefix, index))
    return found


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    data = copy.deepcopy(data)
    path = rng.choice(paths(data))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    action = rng.randrange(3)
    if action == 0 and isinstance(parent, dict):
        del parent[key]
    elif action == 1 and isinstance(parent[key], list):
        parent[key] = parent[key][: len(parent[key]) // 2]
    else:
        parent[key] = rng.choice(JUNK)
    return data


@pytest.mark.parametrize("game", games.available())
@settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 2), times=st.integers(1, 3))
def test_a_corrupt_snapshot_is_invalid_state_or_loads(
    game: str, seed: int, which: int, times: int
) -> None:
    rng = random.Random(seed)
    data = DUMPS[game][which]
    for _ in range(times):
        data = mutate(data, rng)
    rules = games.get(game)
    try:
        state = rules.load(data)
    except (InvalidState, InvalidNotation):  # the game's own checks keep their own words
        return
    rules.dump(state)  # what loads must be usable: dumped, and played from
    if rules.outcome(state) is None and rules.to_move(state):
        rules.legal_actions(state)


@pytest.mark.parametrize("game", games.available())
def test_the_reported_corruptions(game: str) -> None:
    rules = games.get(game)
    for bad in ({"board": "garbage", "players": 10**9}, {}, {"players": "two"}, {"size": -3}):
        with pytest.raises((InvalidState, InvalidNotation)):
            rules.load(bad)
    good = DUMPS[game][0]
    assert rules.dump(rules.load(good)) == good  # the guard leaves real snapshots alone
