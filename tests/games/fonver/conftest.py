"""Fixtures for the Fonver tests: positions are written as ruling-12 text, top rank first."""

from __future__ import annotations

from collections.abc import Callable
from textwrap import dedent

import pytest

from games.fonver import RULES, FonverState


@pytest.fixture
def pos() -> Callable[..., FonverState]:
    """Build a state from a board diagram, the side to act and the phase."""

    def build(diagram: str, side: str = "B", phase: str = "place", flags: str = "") -> FonverState:
        text = f"{dedent(diagram).strip()}\n{side}\n{phase}"
        if flags:
            text += f"\n{flags}"
        return RULES.from_position(text)

    return build
