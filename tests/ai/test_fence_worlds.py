"""Every action the FENCE! search tries is legal in the sampled world it is applied to.

The search deals a fresh world per iteration, but a plan's second half was chosen in one
world: after a first half whose effect depends on hidden things (a Hunch's die, the card a
State's Evidence draw brings), that second half can be illegal in another world. The search
then raised ``RuleViolation`` and the bot quietly fell back to its first legal step.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ai
import games
from games.fence.determinize import Sampler
from games.fence.info import OPTIONS

RULES = games.get("fence")
DATA = Path(__file__).parent / "data"


def test_a_hunch_that_jails_a_rival_in_one_world_only_does_not_crash_the_search() -> None:
    """A jailed seat's Hunch rolls a die: in the world the plans were made in it jailed
    nobody, so the plan pushes a rival next; in another world the same roll jails that
    rival, and the push was applied all the same (found by playing whole games)."""
    case = json.loads((DATA / "fence_hunch_view.json").read_text())
    text = ai.choose(
        "fence", case["view"], case["seat"], seed=case["seed"], iterations=case["iterations"]
    )
    assert text


def _options(draw: st.DrawFn) -> dict[str, Any]:
    """Any mix of the options; Big Map only with the quick map (its draft is long)."""
    chosen: dict[str, Any] = {}
    for option in OPTIONS:
        if option.kind == "bool":
            chosen[option.name] = draw(st.booleans())
        elif option.kind == "choice":
            chosen[option.name] = draw(st.sampled_from(option.choices))
    chosen["round_limit"] = draw(st.integers(min_value=2, max_value=12))
    chosen["quick_map"] = chosen["quick_map"] or chosen["big_map"] or draw(st.booleans())
    return chosen


@st.composite
def positions(draw: st.DrawFn) -> tuple[Any, int]:
    players = draw(st.integers(min_value=3, max_value=6))
    seed = draw(st.integers(min_value=0, max_value=2**31 - 1))
    state = RULES.new(players=players, options=_options(draw), seed=seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(min_value=0, max_value=400))):
        if RULES.outcome(state) is not None or not RULES.to_move(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return state, seed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_search_never_raises_from_any_seats_view(case: tuple[Any, int]) -> None:
    """From a random point of a random game with any options and 3–6 seats, the seat to
    act searches at each of its next decisions (and the others at theirs): no exception,
    and the answer is legal in the real game."""
    state, seed = case
    rng = random.Random(seed + 1)
    for step in range(12):
        if RULES.outcome(state) is not None or not RULES.to_move(state):
            return
        seat = RULES.to_move(state)[0]
        text = ai.choose("fence", RULES.view(state, seat), seat, seed=seed + step, iterations=6)
        RULES.parse(state, text)  # raises if the answer is not legal here
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_seats_own_choices_are_the_same_in_every_world(case: tuple[Any, int]) -> None:
    """What the search may play at the root is read from one sampled world; that holds only
    because the seat's legal steps depend on nothing it cannot see."""
    state, seed = case
    if RULES.outcome(state) is not None or not RULES.to_move(state):
        return
    seat = RULES.to_move(state)[0]
    real = RULES.legal_actions(state)
    worlds = Sampler(RULES.view(state, seat), seat)
    rng = random.Random(seed)
    for _ in range(5):
        assert RULES.legal_actions(worlds.sample(rng)) == real
