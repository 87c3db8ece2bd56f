"""The FENCE! computer opponent: information-set Monte Carlo search that never peeks.

FENCE! hides cards: other hands, unrevealed starting cards, the order of the Stash — and the
dice are unknown too. The computer is handed only ``view(state, its seat)``. Every iteration
of the search deals a fresh *determinization* — a whole state consistent with that view
(:class:`games.fence.determinize.Sampler`: other hands and piles dealt from the unseen
cards, a fresh seed) — so the statistics of each candidate action are averaged over the
worlds the seat cannot tell apart, never over the real one.

The candidates are the :data:`CANDIDATES` plans (one action, or both halves of a Move
Others) that look best right away. Per iteration: pick a candidate by UCB1 (each is tried
once first), play it in a freshly dealt world, let the others play on at random until the
seat has to decide again (or :data:`PLAYOUT_PLIES` steps), and judge the position reached
(:func:`judge`). The first action of the candidate with the most visits is played. Which
actions are legal *now* depends only on what the seat can see, so every sampled world offers
the same first actions (a test deals worlds to check it).

A plan's second half is another matter: it was chosen in one world, after a first half
whose effect may hang on what the seat cannot see — a Hunch's die jails a rival in one
world and not in the next, a State's Evidence draw brings different cards. So the second
half is replayed only where that same step is still the seat's to take; elsewhere the seat
decides again in that world as the first judgement did (:func:`_second_half`), just as it
will really decide its second step knowing what the first one brought.

Stopping the playout at the seat's own next decision means the seat never plays at random
in its own search (a random step of its own walks into the Cops as often as not), and the
judgement — who is in Jail, who stands next to the Cops, who holds a pair — is taken exactly
when the seat can act on it.

Every step, the first judgement included, runs on the budget's clock; one playout is one
unit of work, so under an iteration cap the same view and seed always give the same action,
on any machine.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai import fence_trades
from ai.ask import Ask
from ai.budget import Clock
from ai.fence_judge import exposed, judge
from games.fence import RULES
from games.fence import actions as act
from games.fence.cards import colour_of, is_numbered, value_of
from games.fence.determinize import Sampler
from games.fence.state import FenceState
from games.fence.world import tiles_of

PLAYOUT_PLIES = 16
"""Steps at most after a candidate before the position is judged: about one round of the
others in a three-player game (a Move Others is two steps, a Hot Goods draw one more)."""
CANDIDATES = 8
"""Actions kept for the search after a first judgement of where each leads at once."""
JUDGED = 40
"""At most this many actions (a seeded sample) get the first judgement: drafting the map
offers hundreds of placements, each slow to simulate and rarely decisive."""
EXPLORATION = 0.7
DECISIONS = frozenset({"turn", "second", "draw", "offer", "trading"})
"""Stages where a playout stops because the seat itself would choose (the second half of a
Move Others included: a random second half would spoil a good first one)."""


def _apply(state: FenceState, action: Any) -> FenceState:
    """The engine's step, handing the road map on when the city did not change (it is
    rebuilt per state otherwise, the dearest part of a step)."""
    after = RULES.apply(state, action)
    if after.placed == state.placed and after.tunnel == state.tunnel and "map" in state._cache:
        after._cache.setdefault("map", state._cache["map"])
    return after


def _second_half(world: FenceState, planned: Any, seat: int) -> Any | None:
    """The second step of a plan in ``world`` once its first step is played there: the
    planned one where it is legal, else the step the first judgement likes best; ``None``
    when the seat has no second step to take in this world (the first half ended the turn
    or brought a draw first)."""
    if world.winners is not None or world.actor != seat or world.stage != "second":
        return None
    legal = RULES.legal_actions(world)
    if planned in legal:
        return planned
    return max(legal, key=lambda step: judge(_apply(world, step), seat), default=None)


def _play_plan(world: FenceState, plan: Plan, seat: int) -> FenceState:
    world = _apply(world, plan[0])
    if len(plan) > 1:
        second = _second_half(world, plan[1], seat)
        if second is not None:
            world = _apply(world, second)
    return world


def _seat_decides(state: FenceState, seat: int) -> bool:
    return state.actor == seat and state.stage in DECISIONS


def _playout(state: FenceState, seat: int, rng: random.Random) -> float:
    for _ in range(PLAYOUT_PLIES):
        if state.winners is not None or not RULES.to_move(state) or _seat_decides(state, seat):
            break
        state = _apply(state, rng.choice(RULES.legal_actions(state)))
    return judge(state, seat)


Plan = tuple[Any, ...]
"""One or two actions of the seat: a Move Others is searched as a whole (push a rival next
to the Cops, *then* move the Cops onto it), since its first half alone rarely shows what it
is for."""


def _plans(
    first: FenceState, actions: list[Any], seat: int, clock: Clock, rng: random.Random
) -> list[Plan]:
    """The plans worth a search: a first judgement of where each leads at once in one
    sampled world (a rival into Jail, the own pawn out of reach), ties in seed order. The
    judgement stops early only on the clock, never on the iteration cap."""
    order = list(range(len(actions)))
    rng.shuffle(order)
    scored: list[tuple[float, int, int, Plan]] = []
    for rank, i in enumerate(order[:JUDGED]):
        if scored and clock.left() <= 0:
            break
        after = _apply(first, actions[i])
        if after.stage == "second" and after.actor == seat and after.winners is None:
            for j, second in enumerate(RULES.legal_actions(after)):
                value = judge(_apply(after, second), seat)
                scored.append((-value, rank, j, (actions[i], second)))
        else:
            scored.append((-judge(after, seat), rank, 0, (actions[i],)))
    scored.sort(key=lambda entry: entry[:3])
    return [plan for *_, plan in scored[:CANDIDATES]]


def _draft(state: FenceState, actions: list[Any], view: dict[str, Any], rng: random.Random) -> Any:
    """A drafting step without search: no pawn is on the map yet, so nothing the judgement
    weighs can tell two placements apart, and the player is not kept waiting for it. The
    seat places the tile of its own (secret) starting cards when it holds it — its pawn then
    starts there instead of on a new pair drawn blind (ruling 16) — and otherwise a seeded
    random tile; it places rather than swaps, keeping its two swaps for nothing in
    particular (a swap's worth lies in plans this draft does not make)."""
    places = [a for a in actions if isinstance(a, act.Place)] or actions
    start = view.get("starting_cards", [])
    red = [value_of(c) for c in start if colour_of(c) == "red" and is_numbered(c)]
    blue = [value_of(c) for c in start if colour_of(c) == "blue" and is_numbered(c)]
    tiles = tiles_of(state)
    home = [
        a
        for a in places
        if isinstance(a, act.Place) and red and blue and tiles[a.tile].coords == (red[0], blue[0])
    ]
    return rng.choice(home or places)


def choose(ask: Ask) -> str:
    """``ask.tally`` is left alone: with three or more seats no single reply decides the
    game, so the immediate-loss check does not apply."""
    view, seat, rng = dict(ask.view), ask.seat, ask.rng
    clock = ask.budget.start()
    worlds = Sampler(view, seat)
    first = worlds.sample(rng)
    # Trades are weighed apart from the search, the same way when offering and answering
    # (ai.fence_trades says why); the search itself never plays an offer.
    legal = RULES.legal_actions(first)
    if first.stage == "offer":
        return RULES.format(first, fence_trades.answer(view, seat, rng))
    made = fence_trades.offer(view, seat, legal, rng)
    if made is not None:
        return RULES.format(first, made)
    actions = [a for a in legal if not isinstance(a, act.Offer)] or legal
    if len(actions) == 1:
        return RULES.format(first, actions[0])
    if first.stage == "draft":
        return RULES.format(first, _draft(first, actions, view, rng))
    plans = _plans(first, actions, seat, clock, rng)
    visits = [0] * len(plans)
    totals = [0.0] * len(plans)
    played = 0
    while played == 0 or not clock.done():
        if played < len(plans):
            index = played
        else:
            log_n = math.log(played)
            index = max(
                range(len(plans)),
                key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
            )
        world = _play_plan(worlds.sample(rng), plans[index], seat)
        totals[index] += _playout(world, seat, rng)
        visits[index] += 1
        played += 1
        clock.tick()
    best = max(
        range(len(plans)),
        key=lambda i: (visits[i], totals[i] / visits[i] if visits[i] else 0.0, -i),
    )
    return RULES.format(first, plans[best][0])


__all__ = ["choose", "exposed", "judge"]
