"""Issue 14.1 (rulings 23 and 26): no winner while a State's Evidence card is still owed."""

from __future__ import annotations

import random

import games
from games.fence import cards
from games.fence.actions import CopsRoad, Push

RULES = games.get("fence")


def jailed_player_about_to_jail_someone() -> tuple[object, object]:
    """A seeded 3-player game up to a turn where the jailed mover can push a pawn onto the
    Cops (or move the Cops onto a pawn), with nobody else holding a red/blue pair."""
    for seed in range(50):
        rng = random.Random(seed)
        state = RULES.new(3, {"quick_map": True}, seed)
        for _ in range(400):
            if RULES.outcome(state) is not None:
                break
            actions = RULES.legal_actions(state)
            if state.stage in ("turn", "second") and state.pawns[state.actor] is None:
                for action in actions:
                    catches = (isinstance(action, Push) and action.hood == state.cops) or (
                        isinstance(action, CopsRoad) and action.hood in state.pawns
                    )
                    if catches and not any(cards.has_pair(h) for h in state.hands[:2]):
                        return state, action
            state = RULES.apply(state, rng.choice(actions))
    raise AssertionError("no such position in the seeded games")


def test_ruling_23_26_the_evidence_card_comes_before_any_victory() -> None:
    state, catch = jailed_player_about_to_jail_someone()
    mover = state.actor
    after = RULES.apply(state, catch)
    # Everyone but one player is in Jail and nobody jailed holds a pair yet — but the
    # mover is owed a card of their choice, which may give them one.
    assert RULES.outcome(after) is None
    assert RULES.to_move(after) == [mover]
    held = {cards.colour_of(c) for c in after.hands[mover]}
    other = "blue" if "red" in held else "red"
    drawn = RULES.apply(after, RULES.parse(after, f"draw {other}"))
    if cards.has_pair(drawn.hands[mover]):
        assert RULES.outcome(drawn) is None or mover in RULES.outcome(drawn).winners
