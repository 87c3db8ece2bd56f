"""Yardsticks for the benchmark: the uniform random player and flat Monte Carlo.

Flat Monte Carlo spends its whole budget on random playouts from each legal move in turn and
plays the move with the best mean result: the strongest player that knows nothing about a
game, so beating it measures what the game knowledge adds.
"""

from __future__ import annotations

import random
from typing import Any

from ai.budget import Budget
from games.core import Rules


def random_action(rules: Rules[Any, Any], state: Any, rng: random.Random) -> Any:
    return rng.choice(rules.legal_actions(state))


def playout_score(rules: Rules[Any, Any], state: Any, seat: int, rng: random.Random) -> float:
    """1 for a win of ``seat``, 0 for a loss, ½ for a draw or an unfinished game."""
    end = rules.random_playout(state, rng, max_plies=400)
    outcome = rules.outcome(end)
    if outcome is None or not outcome.winners:
        return 0.5
    return 1.0 if seat in outcome.winners else 0.0


def flat_monte_carlo(
    rules: Rules[Any, Any], state: Any, seat: int, budget: Budget, rng: random.Random
) -> Any:
    actions = rules.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    rng.shuffle(actions)
    totals = [0.0] * len(actions)
    counts = [0] * len(actions)
    clock = budget.start()
    index = 0
    while not clock.done() or not any(counts):
        i = index % len(actions)
        totals[i] += playout_score(rules, rules.apply(state, actions[i]), seat, rng)
        counts[i] += 1
        clock.tick()
        index += 1
    best = max(range(len(actions)), key=lambda i: totals[i] / counts[i] if counts[i] else -1.0)
    return actions[best]
