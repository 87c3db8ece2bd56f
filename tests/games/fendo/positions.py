"""Fendo positions more than one test starts from (the rules' tests and the renderer's)."""

from __future__ import annotations

import json

from games.fendo import RULES
from games.fendo.state import FendoState

EVERY_AREA_CLOSED = json.dumps(
    {
        "size": 7,
        "pieces": {"d1": "W", "d7": "O"},
        "fences": [f"{f}3/{f}4" for f in "abcdefg"],
        "stock": {"W": 6, "O": 6},
        "to_move": "O",
        "passes": 0,
    }
)
"""A fence right across the board between rows 3 and 4, one piece on each side: the game is
over, Orange's four rows against White's three (28–21)."""


def every_area_closed() -> FendoState:
    return RULES.from_position(EVERY_AREA_CLOSED)
