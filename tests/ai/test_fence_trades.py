"""The FENCE! computer trades (Trading Cards): it offers a trade that helps it, answers an
offer by the same rule, and keeps away from trades that feed the leader."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import ai
import games
from ai import fence_trades
from games.fence import actions as act
from games.fence.cards import colour_of
from games.fence.state import FenceState

RULES = games.get("fence")


def _table(hands: dict[int, tuple[str, ...]], jailed: set[int], actor: int) -> FenceState:
    """A three-seat main-phase position with Trading Cards, the given hands (their colours
    public, as after the first deal) and pawns, ``actor`` to start a turn."""
    rng = random.Random(2)
    state = RULES.new(players=3, seed=2, options={"quick_map": True, "trading_cards": True})
    while state.stage != "turn":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    every = [tuple(hands[s]) for s in range(3)]
    known = [
        (sum(colour_of(c) == "red" for c in h), sum(colour_of(c) == "blue" for c in h))
        for h in every
    ]
    pawns = [None if s in jailed else state.pawns[s] for s in range(3)]
    cops = state.cops
    return dataclasses.replace(
        state,
        hands=tuple(every),
        known_colours=tuple(known),
        pawns=tuple(pawns),
        cops=cops,
        actor=actor,
        turn=(actor - state.first) % 3,
    )


def _choose(state: FenceState, seat: int) -> Any:
    return RULES.parse(state, ai.choose("fence", RULES.view(state, seat), seat, iterations=8))


def test_a_jailed_seat_without_a_pair_asks_for_the_colour_it_lacks() -> None:
    """In Jail with two red cards the seat can never get out (ruling 22) unless a blue card
    comes: it offers a red for a blue to a rival known to hold blue cards."""
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ("B1", "B5", "B6")}, {0}, 0)
    made = _choose(state, 0)
    assert isinstance(made, act.Offer)
    assert colour_of(made.give) == "red" and colour_of(made.ask) == "blue"


def test_the_computer_accepts_the_card_that_frees_it() -> None:
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ("B1", "B5", "B6")}, {0}, 1)
    state = RULES.apply(state, act.Offer(0, "B3", "R2"))
    assert isinstance(_choose(state, 0), act.Accept)


def test_the_computer_refuses_a_trade_that_frees_the_offerer_for_nothing() -> None:
    """Seat 1, in Jail with two red cards, offers a red for the blue it lacks: it would get
    a way out, the computer nothing it needs."""
    state = _table({0: ("R2", "B2", "B4"), 1: ("R1", "R3"), 2: ("B1", "B5", "B6")}, {1}, 1)
    state = RULES.apply(state, act.Offer(0, "R3", "B2"))
    assert isinstance(_choose(state, 0), act.Refuse)


def test_an_offer_the_computer_cannot_fill_is_refused() -> None:
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ("B1", "B5", "B6")}, {0}, 1)
    state = RULES.apply(state, act.Offer(0, "B3", "R6"))
    assert isinstance(_choose(state, 0), act.Refuse)


def test_one_rule_for_offering_and_accepting() -> None:
    assert fence_trades.acceptable(0.1, 0.05, they_lead=False)
    assert not fence_trades.acceptable(0.1, 0.05, they_lead=True)  # never feed the leader
    assert fence_trades.acceptable(0.1, -0.05, they_lead=True)  # taking from it is fine
    assert not fence_trades.acceptable(0.1, 0.2, they_lead=False)  # they gain more
    assert not fence_trades.acceptable(0.01, -0.2, they_lead=False)  # too little to gain


def test_the_leader_is_who_is_free_with_the_most_cards() -> None:
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ("B1", "B5")}, {0}, 0)
    view = RULES.view(state, 0)
    assert fence_trades.leads(view, 1, than=0)
    assert not fence_trades.leads(view, 2, than=0)


def test_no_offer_to_the_leader_it_would_help(monkeypatch: Any) -> None:
    """Every trade is weighed as helping the partner too (less than the seat): offered to
    the seat that is not ahead, never to the leader."""
    monkeypatch.setattr(fence_trades, "gains", lambda *args: (0.2, 0.1, 1.0))
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ("B1", "B5")}, {0}, 0)
    view = RULES.view(state, 0)
    made = fence_trades.offer(view, 0, RULES.legal_actions(state), random.Random(0))
    assert isinstance(made, act.Offer) and made.seat == 2
    state = _table({0: ("R2", "R5"), 1: ("R1", "B3", "B4"), 2: ()}, {0}, 0)
    view = RULES.view(state, 0)
    assert fence_trades.offer(view, 0, RULES.legal_actions(state), random.Random(0)) is None
