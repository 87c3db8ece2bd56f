"""Yardsticks for the benchmark: the uniform random player, the one-ply player, flat Monte
Carlo and plain UCT.

Flat Monte Carlo spends its whole budget on random playouts from each legal move in turn and
plays the move with the best mean result: the strongest player that knows nothing about a
game, so beating it measures what the game knowledge adds.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ai.budget import Budget
from games.core import Rules


def random_action(rules: Rules[Any, Any], state: Any, rng: random.Random) -> Any:
    return rng.choice(rules.legal_actions(state))


def one_ply(rules: Rules[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    """A step that wins at once if there is one, else a random step: the player that only
    wins when it is handed a line, so losing to it means handing one over."""
    actions = list(rules.legal_actions(state))
    rng.shuffle(actions)
    for action in actions:
        outcome = rules.outcome(rules.apply(state, action))
        if outcome is not None and seat in outcome.winners:
            return action
    return actions[0]


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


UCB1 = math.sqrt(2)
"""The textbook exploration constant for results in [0, 1]."""
PLAYOUT_PLIES = 400


@dataclass(eq=False)
class _Node:
    """A node of the plain UCT tree. ``mover`` acted to reach it; ``wins`` are counted for
    that seat (a multi-step turn is simply several nodes with the same mover)."""

    state: Any
    mover: int
    untried: list[Any]
    children: list[tuple[Any, _Node]] = field(default_factory=list)
    visits: int = 0
    wins: float = 0.0


def _expandable(rules: Rules[Any, Any], state: Any, rng: random.Random) -> list[Any]:
    if rules.outcome(state) is not None or not rules.to_move(state):
        return []
    actions = list(rules.legal_actions(state))
    rng.shuffle(actions)
    return actions


def _result(rules: Rules[Any, Any], state: Any, seats: int) -> list[float]:
    """Each seat's score for an ended (or abandoned) playout: 1 to each winner, ½ to all on
    a draw or when the game did not end."""
    outcome = rules.outcome(state)
    if outcome is None or not outcome.winners:
        return [0.5] * seats
    return [1.0 if s in outcome.winners else 0.0 for s in range(seats)]


def uct(
    rules: Rules[Any, Any],
    state: Any,
    seat: int,
    budget: Budget,
    rng: random.Random,
    seats: int = 2,
) -> Any:
    """Plain UCT (Kocsis & Szepesvári): UCB1 selection, one node expanded per iteration,
    a uniformly random playout to the end of the game, and the most visited root action.

    It knows nothing of any game beyond the rules: the yardstick the issue names for the
    computer to hold its own against at equal time. Multi-step turns need nothing special
    (each step is a node, and who acted is recorded per node), and any number of seats fits.
    """
    root = _Node(state, mover=-1, untried=_expandable(rules, state, rng))
    if len(root.untried) == 1:
        return root.untried[0]
    clock = budget.start()
    while not clock.done() or not root.visits:
        node, path = root, [root]
        while not node.untried and node.children:  # selection
            log_n = math.log(node.visits)
            _, node = max(
                node.children,
                key=lambda pair: (
                    pair[1].wins / pair[1].visits + UCB1 * math.sqrt(log_n / pair[1].visits)
                ),
            )
            path.append(node)
        if node.untried:  # expansion
            action = node.untried.pop()
            mover = rules.to_move(node.state)[0]
            after = rules.apply(node.state, action)
            child = _Node(after, mover, _expandable(rules, after, rng))
            node.children.append((action, child))
            node = child
            path.append(child)
        end = rules.random_playout(node.state, rng, max_plies=PLAYOUT_PLIES)
        scores = _result(rules, end, seats)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.wins += scores[visited.mover]
        clock.tick()
    return max(root.children, key=lambda pair: pair[1].visits)[0]
