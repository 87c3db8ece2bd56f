"""Ordo (Dieter Stein): a race to the far row by a group that must never fall apart.

``RULES`` is what :func:`games.get` hands out; the state and action types are exported for
tests, benchmarks and typed callers.
"""

from __future__ import annotations

from games.ordo.moves import Move
from games.ordo.rules import OrdoRules
from games.ordo.state import START, OrdoState

RULES = OrdoRules()

__all__ = ["RULES", "START", "Move", "OrdoRules", "OrdoState"]
