"""The FENCE! computer opponent: information-set Monte Carlo search that never peeks.

FENCE! hides cards: other hands, unrevealed starting cards, the order of the Stash — and the
dice are unknown too. The computer is handed only ``view(state, its seat)``. Every iteration
of the search deals a fresh *determinization* — a whole state consistent with that view
(:func:`games.fence.determinize.sample_state`: other hands and piles dealt from the unseen
cards, a fresh seed) — so the statistics of each candidate action are averaged over the
worlds the seat cannot tell apart, never over the real one.

The candidates are the :data:`CANDIDATES` actions that look best right away. Per iteration:
pick a candidate by UCB1 (each is tried once first), play it in the sampled
world, then play on at random for a few rounds and judge the position reached
(:func:`judge`): a win or a loss if the game ended, else how many rivals are in Jail without
a way out, whether the seat itself is, and its share of cards. The candidate with the most
visits is played. Which actions are legal depends only on what the seat can see, so every
sampled world offers the same candidates.

The work counted on the budget is one iteration, so under an iteration cap the same view and
seed always give the same action, on any machine.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai.budget import Budget
from games.fence import RULES
from games.fence.cards import has_pair
from games.fence.determinize import sample_state
from games.fence.state import FenceState

PLAYOUT_PLIES = 12
"""Random steps after a candidate before the position is judged: about one round. FENCE!
steps are slow to simulate (every one rebuilds the road map), so a short look ahead over
many sampled worlds beats a long one over few."""
CANDIDATES = 8
"""Actions kept for the search after a first judgement of where each leads at once."""
JUDGED = 40
"""At most this many actions (a seeded sample) get the first judgement: drafting the map
offers hundreds of placements, each slow to simulate and rarely decisive."""
EXPLORATION = 0.7


def judge(state: FenceState, seat: int) -> float:
    """How good ``state`` looks for ``seat``, in [0, 1]."""
    if state.winners is not None:
        return 1.0 if seat in state.winners else 0.0
    rivals = [s for s in state.active() if s != seat]
    jailed = [s for s in rivals if state.pawns[s] is None]
    locked = sum(1 for s in jailed if not has_pair(state.hands[s]))
    value = 0.5 + (0.3 * locked + 0.1 * len(jailed)) / max(1, len(rivals))
    if state.pawns[seat] is None:
        value -= 0.15 if has_pair(state.hands[seat]) else 0.35
    cards = [len(state.hands[s]) for s in state.active()]
    value += 0.02 * (len(state.hands[seat]) - sum(cards) / max(1, len(cards)))
    return min(1.0, max(0.0, value))


def _playout(state: FenceState, seat: int, rng: random.Random) -> float:
    for _ in range(PLAYOUT_PLIES):
        if state.winners is not None or not RULES.to_move(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return judge(state, seat)


def choose(view: dict[str, Any], seat: int, budget: Budget, rng: random.Random) -> str:
    first = sample_state(view, seat, rng)
    actions = RULES.legal_actions(first)
    if len(actions) == 1:
        return RULES.format(first, actions[0])
    # A first judgement of every action in one sampled world keeps the search on the few
    # that look best (a rival into Jail, the own pawn out of reach), ties kept in seed order.
    order = list(range(len(actions)))
    rng.shuffle(order)
    order = order[:JUDGED]
    order.sort(key=lambda i: judge(RULES.apply(first, actions[i]), seat), reverse=True)
    actions = [actions[i] for i in order[:CANDIDATES]]
    visits = [0] * len(actions)
    totals = [0.0] * len(actions)
    clock = budget.start()
    played = 0
    while not clock.done():
        if played < len(actions):
            index = played
        else:
            log_n = math.log(played)
            index = max(
                range(len(actions)),
                key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
            )
        world = sample_state(view, seat, rng)
        totals[index] += _playout(RULES.apply(world, actions[index]), seat, rng)
        visits[index] += 1
        played += 1
        clock.tick()
    best = max(
        range(len(actions)),
        key=lambda i: (visits[i], totals[i] / visits[i] if visits[i] else 0.0, -i),
    )
    return RULES.format(first, actions[best])
