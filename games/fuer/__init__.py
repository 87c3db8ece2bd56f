"""Fuer (Extension) by Mitsuo Yamamoto: tiles extend the board, pieces make lines.

The rulings live in ``docs/rules/fuer.md``; ``RULES`` is what ``games.get("fuer")`` finds.
"""

from __future__ import annotations

from games.fuer.rules import FuerRules
from games.fuer.state import FuerState, Turn

RULES = FuerRules()

__all__ = ["RULES", "FuerRules", "FuerState", "Turn"]
