"""Ruling 20 as a rules hook: walking yourself onto the Cops is the one FENCE! step the bot
asks to confirm (``Presentation.confirm_before``), so the service never names the Cops."""

from __future__ import annotations

from games.fence import RULES
from games.fence.actions import Yourself


def test_walking_onto_the_cops_asks_for_confirmation_and_nothing_else_does(build, city):
    state = city({0: "old-town", 1: "sunnyside"}, hands={0: ["B1", "B2"]})
    into_cops = Yourself(("B2",), build.hood("tanners-row"))
    assert RULES.presentation.confirm_before(state, into_cops) == "onto_cops"
    assert RULES.presentation.confirm_reasons == ("onto_cops",)
    others = [a for a in RULES.legal_actions(state) if a != into_cops]
    assert others and all(RULES.presentation.confirm_before(state, a) is None for a in others)
