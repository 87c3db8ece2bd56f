"""Trading Cards for the FENCE! computer: which offer to make, and which to accept.

The search cannot weigh an offer itself: the offer is answered inside the same turn, so a
playout after it is judged before any rival moved, and the card to ask for is exactly what
the seat cannot see. Trades are judged here instead, the same way from both sides of the
table:

- :func:`worth` is the search's judgement of a position (:func:`ai.fence_judge.judge`: Jail, a
  red+blue pair, the Cops' reach) plus the safe places the seat's own cards can take its
  pawn — what a trade really changes, since it keeps every hand's size.
- A trade's *gain* for a seat is its worth with the traded hand less its worth now, averaged
  over worlds dealt from the seat's view (:class:`games.fence.determinize.Sampler`, which
  respects the colours everyone knows each hand holds, ruling 29). Where a world's partner
  lacks the asked card it is handed that card in place of one of its own, and the share of
  worlds where it really held it is the chance the offer can be accepted at all.
- :func:`acceptable` is the one rule for both sides: the seat gains at least :data:`MARGIN`,
  the partner gains no more than the seat does, and never anything at all when the partner
  leads the table by what is public (free, then most cards) — a trade is there to catch up
  with the leader, not to feed it.

The offerer asks only where the trade is worth it and the partner may hold the card
(:data:`MIN_HOLD`); the offeree accepts exactly when :func:`acceptable` says so, from its
own side. A human answering the computer sees an ordinary offer.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ai.fence_judge import exposed, judge
from games.fence import actions as act
from games.fence import play
from games.fence.cards import sort_key
from games.fence.determinize import Sampler
from games.fence.state import NOT_PLACED, FenceState
from games.fence.world import city_map

MARGIN = 0.03
"""Least gain worth a trade: more than one extra safe place to go (:data:`ROUTE`), less
than a pair (``PAIR``) or a way out of Jail."""
ROUTE = 0.01
"""Worth of each safe neighbourhood the seat's own cards can take it to …"""
ROUTES = 6
"""… counted up to this many: beyond it, more choice hardly matters."""
WORLDS = 8
"""Worlds dealt per trade weighed."""
SHORTLIST = 4
"""Card swaps (give, ask) weighed against each partner, the best for the seat alone."""
MIN_HOLD = 0.2
"""Least share of worlds in which the partner holds the asked card for an offer to be
worth the partner's time."""


def worth(state: FenceState, seat: int) -> float:
    """:func:`ai.fence_judge.judge` plus the safe places the seat's cards reach (module doc)."""
    value = judge(state, seat)
    pawn = state.pawns[seat]
    if not state.map_done or pawn == NOT_PLACED or state.dropped[seat]:
        return value
    city = city_map(state)
    moves = play.legal_yourself(state, seat, pairs_only=pawn is None)
    safe = {m.hood for m in moves if m.hood != state.cops and not exposed(city, m.hood, state.cops)}
    return value + ROUTE * min(len(safe), ROUTES)


def _with_hands(state: FenceState, hands: dict[int, list[str]]) -> FenceState:
    """``state`` with some hands replaced, keeping its road map (the dear part to rebuild)."""
    changed = [list(h) for h in state.hands]
    for seat, hand in hands.items():
        changed[seat] = hand
    after = dataclasses.replace(state, hands=tuple(tuple(sorted(h, key=sort_key)) for h in changed))
    if "map" in state._cache:
        after._cache["map"] = state._cache["map"]
    return after


def _swap(
    world: FenceState, giver: int, taker: int, give: str, ask: str
) -> tuple[FenceState, bool]:
    """``world`` after ``giver`` hands ``give`` to ``taker`` for ``ask``, and whether
    ``taker`` really held ``ask`` there (else it is handed one in place of a card of
    the same colour, or of any, for the weighing only)."""
    theirs = list(world.hands[taker])
    held = ask in theirs
    if not held and theirs:
        same = [c for c in theirs if c[0] == ask[0]]
        theirs.remove(same[0] if same else theirs[0])
        theirs.append(ask)
    mine = list(world.hands[giver])
    if give not in mine or ask not in theirs:
        return world, False
    mine.remove(give)
    theirs.remove(ask)
    return _with_hands(world, {giver: [*mine, ask], taker: [*theirs, give]}), held


def gains(
    worlds: list[FenceState], giver: int, taker: int, give: str, ask: str
) -> tuple[float, float, float]:
    """(gain of ``giver``, gain of ``taker``, share of worlds where ``taker`` held ``ask``),
    averaged over ``worlds``."""
    mine = theirs = held = 0.0
    for world in worlds:
        after, really = _swap(world, giver, taker, give, ask)
        mine += worth(after, giver) - worth(world, giver)
        theirs += worth(after, taker) - worth(world, taker)
        held += really
    n = max(1, len(worlds))
    return mine / n, theirs / n, held / n


def leads(view: dict[str, Any], seat: int, than: int) -> bool:
    """Whether ``seat`` leads the table by what everyone sees — free rather than in Jail,
    then more cards — and is ahead of ``than``."""

    def standing(s: int) -> tuple[bool, int]:
        return (not view["jailed"][s], int(view["hand_sizes"][s]))

    active = [s for s in range(int(view["players"])) if not view["dropped"][s]]
    top = max(standing(s) for s in active)
    return standing(seat) == top and standing(seat) > standing(than)


def acceptable(mine: float, theirs: float, they_lead: bool) -> bool:
    """The one rule for making and for accepting a trade (module doc)."""
    return mine >= MARGIN and theirs <= mine and not (they_lead and theirs > 0)


def offer(view: dict[str, Any], seat: int, legal: list[Any], rng: random.Random) -> Any | None:
    """The offer worth making now among the ``legal`` ones, or None."""
    offers = [a for a in legal if isinstance(a, act.Offer)]
    if not offers:
        return None
    sampler = Sampler(view, seat)
    worlds = [sampler.sample(rng) for _ in range(WORLDS)]
    if not worlds[0].map_done:
        return None
    base = worlds[0]
    swaps = sorted({(o.give, o.ask) for o in offers})
    alone: list[tuple[float, str, str]] = []
    for give, ask in swaps:
        hand = list(base.hands[seat])
        hand.remove(give)
        gain = worth(_with_hands(base, {seat: [*hand, ask]}), seat) - worth(base, seat)
        if gain >= MARGIN:
            alone.append((gain, give, ask))
    alone.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    best: tuple[float, Any] | None = None
    for _, give, ask in alone[:SHORTLIST]:
        for partner in sorted({o.seat for o in offers if (o.give, o.ask) == (give, ask)}):
            mine, theirs, held = gains(worlds, seat, partner, give, ask)
            if held < MIN_HOLD or not acceptable(mine, theirs, leads(view, partner, seat)):
                continue
            if best is None or held * mine > best[0]:
                best = (held * mine, act.Offer(partner, give, ask))
    return None if best is None else best[1]


def answer(view: dict[str, Any], seat: int, rng: random.Random) -> Any:
    """Accept the offer made to ``seat`` exactly when :func:`acceptable` says so."""
    trade = view["trade_offer"]
    offerer, give, ask = int(trade["from"]), trade["give"], trade["ask"]
    if ask not in view.get("hand", []):
        return act.Refuse()
    sampler = Sampler(view, seat)
    worlds = [sampler.sample(rng) for _ in range(WORLDS)]
    if not worlds[0].map_done:
        return act.Refuse()
    mine, theirs, _ = gains(worlds, seat, offerer, ask, give)
    return act.Accept() if acceptable(mine, theirs, leads(view, offerer, seat)) else act.Refuse()


__all__ = ["acceptable", "answer", "gains", "leads", "offer", "worth"]
