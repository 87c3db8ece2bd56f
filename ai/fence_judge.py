"""How good a FENCE! position looks for one seat: the judgement the search ends its
playouts with (:mod:`ai.fence`) and trades are weighed by (:mod:`ai.fence_trades`), kept
apart from both so neither imports the other."""

from __future__ import annotations

from games.fence.cards import has_pair
from games.fence.citymap import CityMap
from games.fence.state import FenceState
from games.fence.world import city_map

JAILED = 0.1
"""Worth of each rival in Jail (shared among the rivals) …"""
LOCKED = 0.3
"""… and more again when that rival holds no red+blue pair: out for good unless a Hot Goods
or State's Evidence card comes along — the win condition (ruling 26)."""
SELF_JAILED = 0.15
SELF_LOCKED = 0.35
EXPOSED = 0.12
"""The seat's pawn one road step from the Cops, or the Cops one step from it: any rival's
Move Others jails it (ruling 20)."""
RIVAL_EXPOSED = 0.04
"""A rival standing there: the seat, or another rival, may jail it next."""
CARD = 0.02
"""Each card above the table's average: cards free a pawn from Jail and win at the round
limit (ruling 27)."""
PAIR = 0.05
"""Holding a red+blue pair while free: a way back out of Jail."""


def exposed(city: CityMap, hood: int | None, cops: int | None) -> bool:
    """Whether a pawn on ``hood`` can be jailed by one Move Others: the Cops one road step
    away (they ignore One Way) or a legal road step from the pawn into the Cops."""
    if hood is None or hood < 0 or cops is None or cops < 0:
        return False
    return cops in city.roads.get(hood, ()) or cops in city.succ.get(hood, ())


def judge(state: FenceState, seat: int) -> float:
    """How good ``state`` looks for ``seat``, in [0, 1]."""
    if state.winners is not None:
        return 1.0 if seat in state.winners else 0.0
    rivals = [s for s in state.active() if s != seat]
    city = city_map(state) if state.map_done else None
    value = 0.5
    share = 1 / max(1, len(rivals))
    for rival in rivals:
        if state.pawns[rival] is None:
            value += share * (JAILED + (0 if has_pair(state.hands[rival]) else LOCKED))
        elif city is not None and exposed(city, state.pawns[rival], state.cops):
            value += share * RIVAL_EXPOSED
    own = state.hands[seat]
    if state.pawns[seat] is None:
        value -= SELF_JAILED if has_pair(own) else SELF_LOCKED
    else:
        if city is not None and exposed(city, state.pawns[seat], state.cops):
            value -= EXPOSED
        if has_pair(own):
            value += PAIR
    cards = [len(state.hands[s]) for s in state.active()]
    value += CARD * (len(own) - sum(cards) / max(1, len(cards)))
    return min(1.0, max(0.0, value))
